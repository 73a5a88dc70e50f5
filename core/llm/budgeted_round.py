"""A model round that first fits the request into the model's context window.

Runs on the worker thread, before :func:`~marginalia.core.llm.round.stream_round`:
it learns the context window of the endpoint's model (probed once, then cached), leaves
out the oldest exchanges when the conversation no longer fits (telling the user with a
note), and calibrates later estimates with the server's own ``usage.prompt_tokens``.
The session's history itself is never cut: only what is sent.
"""
from __future__ import annotations

import logging
from typing import Callable, Optional

from .request import ChatRequest
from .context_budget import ContextTooSmall, TokenCalibration, fit_chat_body
from .endpoint_facts import context_window_for
from ..errors import MarginaliaError
from .round import stream_round

log = logging.getLogger("marginalia.budget")

Post = Callable[[str, object], None]


def stream_budgeted_round(client, calibration: TokenCalibration, request: ChatRequest, post: Post, cancel,
                          window_for: Callable = context_window_for) -> None:
    """Fit ``request`` into the model's context, then stream it (never raises).

    Args:
        client: the HTTP client.
        calibration: the session's estimate calibration (updated from reported usage).
        request: the round's endpoint and full request body.
        post: ``post(kind, payload)`` into the loop's queue; a ``notice`` is posted when
            older exchanges were left out, ``stream_error`` when even the current
            exchange cannot fit.
        cancel: the round's cancel token.
        window_for: returns the context window of ``request.endpoint`` (injected in tests).
    """
    window = _window(client, request, cancel, window_for)
    try:
        body, _dropped, note, estimate = fit_chat_body(request.body, window, scale=calibration.scale)
    except ContextTooSmall as error:
        post("stream_error", error)
        return
    if note:
        post("notice", note)

    def relay(kind: str, payload=None) -> None:
        if kind == "usage" and getattr(payload, "prompt_tokens", None):
            calibration.observe(estimate, payload.prompt_tokens)
        post(kind, payload)

    stream_round(client, ChatRequest(request.endpoint, body), relay, cancel)


def _window(client, request: ChatRequest, cancel, window_for: Callable) -> Optional[int]:
    try:
        return window_for(client, request.endpoint, cancel)
    except MarginaliaError as error:
        log.info("context window unknown (%s); sending the conversation whole", error)
        return None
