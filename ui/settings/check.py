"""The settings dialog's Test button: run the endpoint check, show each step as it goes.

The check runs on a worker thread (:func:`~marginalia.core.settings.check.start_check`);
its steps and result come back through the dialog's :class:`~marginalia.core.loop.pump.Channel`
and are written into the report field. While it runs, the button reads "Stop".
"""
from __future__ import annotations

from typing import Callable, List, Optional

from ...core.settings import check_report
from ...core.net.cancel import CancelToken
from ...core.settings.check import CheckResult, CheckStep, CheckTarget, start_check
from ...core.i18n import _
from ..office.log import get_logger
from .request_settings import CONNECT_TIMEOUT, proxy_settings
from .texts import stop_label, test_label

log = get_logger("settings_check")


class CheckRunner:
    """Starts and stops checks for one dialog."""

    def __init__(self, ctx, main, report, button, status, on_result: Callable[[CheckResult], None], facts):
        self._ctx, self._main, self._facts = ctx, main, facts
        self._report, self._button, self._status = report, button, status
        self._on_result = on_result
        self._cancel: Optional[CancelToken] = None
        self._steps: List[CheckStep] = []
        self._client = None

    @property
    def running(self) -> bool:
        """True while a check runs."""
        return self._cancel is not None

    def toggle(self, target: CheckTarget, timeout: float) -> None:
        """Start a check of ``target``, or stop the one running."""
        if self.running:
            self._cancel.cancel()
            return
        from ...core.net.transport import HttpClient
        if self._client is not None:
            self._client.close()
        self._client = HttpClient(proxy_settings=proxy_settings(self._ctx),
                                  connect_timeout=CONNECT_TIMEOUT, read_timeout=timeout)
        self._cancel = cancel = CancelToken()
        self._steps = []
        self._report.setText(_("Testing %s …") % (target.url or _("(no address)")))
        self._status.setText(_("Testing…"))
        self._button.getModel().Label = stop_label()
        start_check(self._client, target,
                    lambda step: self._main.call_soon(self._show_step, step, cancel),
                    lambda result: self._main.call_soon(self._finish, result, cancel), cancel, facts=self._facts)

    def _show_step(self, step: CheckStep, cancel: CancelToken) -> None:
        if cancel is not self._cancel:
            return
        copy = CheckStep(step.key, step.state, step.message)
        if self._steps and self._steps[-1].key == copy.key:
            self._steps[-1] = copy
        else:
            self._steps.append(copy)
        lines = check_report.step_lines(self._steps)
        running = "\n… " + copy.message if copy.state == "running" else ""
        self._report.setText((lines + running).strip())

    def _finish(self, result: CheckResult, cancel: CancelToken) -> None:
        if cancel is not self._cancel:
            return
        self._cancel = None
        self._button.getModel().Label = test_label()
        self._report.setText(result.report)
        self._status.setText(_status_for(result))
        log.info("endpoint check finished: ok=%s %s", result.ok, result.summary)
        self._on_result(result)

    def close(self) -> None:
        """Stop a running check; its result is dropped."""
        if self._client is not None:
            self._client.close()
        if self._cancel is not None:
            self._cancel.cancel()
            self._cancel = None


def _status_for(result: CheckResult) -> str:
    """The short verdict shown beside the Test button."""
    if result.ok:
        return _("✓ Works, with notes below.") if result.data.get("problems") else _("✓ Works.")
    from ...core.errors import Cancelled
    return _("Stopped.") if isinstance(result.error, Cancelled) else _("✗ Not working: see below.")
