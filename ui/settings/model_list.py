"""Read an endpoint's model list in the background; deliver it on the main thread.

Used by the settings dialog and the panel's model picker. A new :meth:`ModelListLoader.load`
cancels the one before it, and a late answer to an old request is dropped, so the list
shown always belongs to the address shown.
"""
from __future__ import annotations

import threading
from typing import Callable, List, Optional

from ...core.threads import start_worker
from ...core.net.cancel import CancelToken
from ...core.llm.endpoints import list_models
from ...core.errors import MarginaliaError
from ...core.i18n import _
from ...core.net.tls import TlsOptions
from ..office.log import get_logger
from ...core.loop.pump import Channel
from .request_settings import proxy_settings

LIST_CONNECT_TIMEOUT = 5.0
LIST_READ_TIMEOUT = 20.0

log = get_logger("model_list")

Done = Callable[[List[str], Optional[MarginaliaError]], None]


class ModelListLoader:
    """Fetches ``/v1/models`` (Ollama's ``/api/tags`` as fallback) on worker threads."""

    def __init__(self, ctx, main: Channel):
        from ...core.net.transport import HttpClient
        self._main = main
        self._client = HttpClient(proxy_settings=proxy_settings(ctx),
                                  connect_timeout=LIST_CONNECT_TIMEOUT,
                                  read_timeout=LIST_READ_TIMEOUT)
        self._cancel: Optional[CancelToken] = None
        self._generation = 0
        self._lock = threading.Lock()

    def load(self, url: str, api_key: str, tls: Optional[TlsOptions], on_done: Done) -> None:
        """Start reading the list of ``url``; ``on_done(names, error)`` runs on the main thread."""
        with self._lock:
            if self._cancel is not None:
                self._cancel.cancel()
            self._cancel = cancel = CancelToken()
            self._generation += 1
            generation = self._generation
        # never Thread.start() here: a panel being created holds the office's lock (core/threads.py)
        start_worker(self._work, url, api_key, tls, on_done, cancel, generation, name="marginalia-models")

    def _work(self, url, api_key, tls, on_done: Done, cancel: CancelToken, generation: int) -> None:
        names: List[str] = []
        error: Optional[MarginaliaError] = None
        try:
            names = list_models(self._client, url, api_key or None, cancel, tls)
        except MarginaliaError as failure:
            error = failure
        except Exception as failure:  # a bug: keep the details in the log
            log.exception("reading the model list failed")
            error = MarginaliaError(_("The model list could not be read: %s") % failure)
        if not cancel.cancelled:
            self._main.call_soon(self._deliver, on_done, names, error, generation)

    def _deliver(self, on_done: Done, names: List[str], error, generation: int) -> None:
        if generation == self._generation:
            on_done(names, error)

    def cancel(self) -> None:
        """Stop the running request; nothing more is delivered."""
        with self._lock:
            self._generation += 1
            if self._cancel is not None:
                self._cancel.cancel()

    def close(self) -> None:
        """Cancel and close the connections."""
        self.cancel()
        self._client.close()
