"""Each chat session's research state: hosts allowed, open questions, the panels that show them.

A session's :class:`SessionResearch` lives as long as the session (the document):
the hosts the user allowed stay allowed for the rest of it. Its
:class:`~marginalia.core.research.approval.ApprovalBroker` is asked by the research tools on
their worker threads; every change of the open question is handed to the office's
main thread (``AsyncCallback``), which shows it in every panel of the document, or
hides it once answered or stopped.
"""
from __future__ import annotations

import functools
import weakref
from typing import List

from ...core.research.approval import ApprovalBroker, shown_question
from ...core.research.web_access import HostApprovals
from ..office.log import get_logger, logged

log = get_logger("research.approvals")


class SessionResearch:
    """Approvals and the open question of one chat session."""

    def __init__(self, pump):
        self.approvals = HostApprovals()
        self.broker = ApprovalBroker(on_change=self._changed)
        self._pump = pump
        self._bars: List = []

    def attach(self, bar) -> None:
        """Show this session's questions in ``bar`` (an :class:`~marginalia.ui.research.approval_bar.ApprovalBar`)."""
        if bar not in self._bars:
            self._bars.append(bar)
        self._refresh()

    def detach(self, bar) -> None:
        """Stop showing questions in ``bar`` (its panel went away)."""
        if bar in self._bars:
            self._bars.remove(bar)

    def _changed(self) -> None:
        """Called on any thread when the open question changes."""
        self._pump.call_soon(self._refresh)

    @logged
    def _refresh(self) -> None:
        request = self.broker.pending()
        waiting = self.broker.count() - 1
        for bar in list(self._bars):
            if request is None:
                bar.hide()
            else:
                bar.show(shown_question(request, waiting), functools.partial(self._answer, request.request_id),
                         request.purpose)

    def _answer(self, request_id: int, choice: str) -> None:
        log.info("approval %d answered: %s", request_id, choice)
        self.broker.answer(request_id, choice)


class Approvals:
    """The research state of every session (one owner per process; a session's goes with it)."""

    def __init__(self, pump):
        self._pump = pump
        self._states: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()

    def state_for(self, session) -> SessionResearch:
        """The research state of ``session`` (created on first use)."""
        state = self._states.get(session)
        if state is None:
            state = SessionResearch(self._pump)
            self._states[session] = state
        return state

    def attach_bar(self, ctx, session, window, covers=None):
        """Create the approval bar in a panel ``window`` and show ``session``'s questions in it.

        Args:
            ctx: The component context.
            session: The document's chat session.
            window: The panel window (an ``XControlContainer``).
            covers: The control the bar takes the place of while a question is open (the input).

        Returns:
            The :class:`~marginalia.ui.research.approval_bar.ApprovalBar`; call its ``dispose()`` with the panel's.
        """
        from .approval_bar import ApprovalBar
        try:
            bar = ApprovalBar(ctx, window, covers)
            state = self.state_for(session)
            bar.on_dispose = lambda: state.detach(bar)
            state.attach(bar)
            return bar
        except Exception:  # the panel must work even so; research questions then go unanswered (Stop denies)
            log.exception("the approval bar could not be created")
            return _NoBar()


class _NoBar:
    """Stands in for a bar that could not be created."""

    is_open = False

    def place(self, *rect) -> None:
        pass

    def show(self, question, on_choice, purpose="read") -> None:
        pass

    def hide(self) -> None:
        pass

    def focusables(self):
        return []

    def dispose(self) -> None:
        pass
