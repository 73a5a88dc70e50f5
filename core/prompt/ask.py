"""One PROMPT request on a worker thread: the model's reply as a :class:`~.answer.PromptAnswer`, never an exception."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Tuple

from ..errors import (AuthError, ConnectFailed, ContextOverflowError, DnsFailed, HttpStatusError, MarginaliaError,
                      NetworkError, NetworkTimeout, NotFoundError, RateLimited)
from ..i18n import _
from ..llm.endpoint_facts import EndpointFacts
from ..llm.request import ChatOptions, ChatRequest, EndpointConfig, build_chat_body
from ..llm.round import collect_round
from ..llm.round_end import RoundFailed
from ..net.cancel import CancelToken
from .answer import AnswerSource, NotOneValue, PromptAnswer, cell_value, chat_messages, error_answer

log = logging.getLogger("marginalia.prompt")


@dataclass(frozen=True)
class PromptJob:
    """One question for the model: what a PROMPT cell asks, and where to send it."""

    key: str
    instruction: str
    inputs: Tuple[str, ...]
    endpoint: EndpointConfig
    options: ChatOptions
    client: object = field(default=None, compare=False, repr=False)
    """The HTTP client to send it with."""


def ask_model(client, job: PromptJob, facts: EndpointFacts) -> PromptAnswer:
    """Send ``job`` and return the cell's value, or a short error with its reason.

    Args:
        client: The :class:`~marginalia.core.net.transport.HttpClient` to use.
        job: The question.
        facts: What is known about endpoints (shared with the chat).
    """
    messages = chat_messages(job.instruction, job.inputs)
    body = build_chat_body(messages[1:], job.endpoint.model, messages[0]["content"], options=job.options)
    end = collect_round(client, ChatRequest(job.endpoint, body), CancelToken(), facts)
    if isinstance(end, RoundFailed):
        return failure_answer(end.error)
    result = end.result
    if result.error and not (result.message.content or "").strip():
        return error_answer(_("failed"), result.error)
    try:
        return PromptAnswer(cell_value(result.message.content or ""), source=AnswerSource.now(job.endpoint.model))
    except NotOneValue as problem:
        return error_answer(_("not one value"), str(problem))


def failure_answer(error: BaseException) -> PromptAnswer:
    """A failed request as a short error text (what formulas see) and its reason."""
    reason = str(error)
    if isinstance(error, MarginaliaError) and error.hint:
        reason = "%s %s" % (error.user_message, error.hint)
    return error_answer(_short(error), reason)


def _short(error: BaseException) -> str:
    if isinstance(error, AuthError):
        return _("key refused")
    if isinstance(error, ContextOverflowError):
        return _("too long")
    if isinstance(error, RateLimited):
        return _("rate limited")
    if isinstance(error, NotFoundError):
        return _("not found")
    if isinstance(error, (ConnectFailed, DnsFailed)):
        return _("server down")
    if isinstance(error, NetworkTimeout):
        return _("no answer")
    if isinstance(error, (HttpStatusError, NetworkError)):
        return _("server error")
    return _("failed")
