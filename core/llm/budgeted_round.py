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
from .endpoint_facts import EndpointFacts
from ..errors import MarginaliaError
from ..loop.messages import Message, Notice, UsageReport
from .round_end import RoundFailed
from .round import stream_round

log = logging.getLogger("marginalia.budget")

Post = Callable[[Message], None]


def stream_budgeted_round(client, calibration: TokenCalibration, request: ChatRequest, post: Post, cancel,
                          facts: EndpointFacts, window_for: Optional[Callable] = None) -> None:
    """Fit ``request`` into the model's context, then stream it (never raises).

    Args:
        client: the HTTP client.
        calibration: the session's estimate calibration (updated from reported usage).
        request: the round's endpoint and full request body.
        post: ``post(message)`` into the pump; a :class:`Notice` is posted when older
            exchanges were left out, :class:`RoundFailed` when even the current exchange
            cannot fit.
        cancel: the round's cancel token.
        facts: what is known about endpoints; gives the model's context window.
        window_for: returns the context window of ``request.endpoint`` instead (injected in tests).
    """
    window = _window(client, request, cancel, window_for or facts.context_window)
    try:
        body, _dropped, note, estimate = fit_chat_body(request.body, window, scale=calibration.scale)
    except ContextTooSmall as error:
        post(RoundFailed(error))
        return
    if note:
        post(Notice(note))

    def relay(message: Message) -> None:
        if type(message) is UsageReport and message.prompt_tokens:
            calibration.observe(estimate, message.prompt_tokens)
        post(message)

    stream_round(client, ChatRequest(request.endpoint, body), relay, cancel, facts)


def _window(client, request: ChatRequest, cancel, window_for: Callable) -> Optional[int]:
    try:
        return window_for(client, request.endpoint, cancel)
    except MarginaliaError as error:
        log.info("context window unknown (%s); sending the conversation whole", error)
        return None
