"""The worker-thread side of one model round: HTTP stream in, its end out.

:func:`collect_round` is the one reader of a model round: it opens the stream, reads it to
its end and returns exactly one of :class:`RoundDone` (a
:class:`~marginalia.core.stream.assembler.StreamResult`: content, reasoning, tool calls,
usage, finish reason, the stream's errors) or :class:`RoundFailed` (a
:class:`~marginalia.core.errors.MarginaliaError`). It never touches the office and never
raises: every failure becomes the round's end. The chat streams with it
(:func:`stream_round` posts each piece as it arrives, then the end); =PROMPT() and the
endpoint check read only the end.
"""
from __future__ import annotations

import logging
from typing import Callable, Optional, Union

from ..stream.assembler import StreamAssembler
from .endpoint_facts import EndpointFacts
from .request import OPENAI_CHAT, OPENAI_RESPONSES, ChatRequest
from .responses_round import open_responses_stream
from .url_normalize import normalize_base_url
from ..errors import (AuthError, BadRequestError, Cancelled, ContextOverflowError, HttpStatusError, MarginaliaError,
                      NotFoundError)
from ..i18n import _
from ..loop.messages import Message
from .round_end import RoundDone, RoundFailed

log = logging.getLogger("marginalia.stream")

END_GRACE = 0.5
"""Seconds the body's end may take once the stream said it is complete."""

Post = Callable[[Message], None]
RoundEnd = Union[RoundDone, RoundFailed]
"""How a round ends: its result, or the failure that stopped it."""


class InternalError(MarginaliaError):
    """A bug on our side while streaming (details in the log)."""

    def __init__(self, detail: str):
        super().__init__(_("Marginalia hit an internal problem while reading the reply: %s") % detail,
                         _("Details are in the Marginalia log file."))


def stream_round(client, request: ChatRequest, post: Post, cancel, facts: EndpointFacts) -> None:
    """Stream one round into the pump: each piece as it arrives, then the round's end (never raises).

    Args:
        client: the :class:`~marginalia.core.net.transport.HttpClient` to use.
        request: endpoint and JSON body.
        post: ``post(message)`` into the pump.
        cancel: the round's :class:`~marginalia.core.net.cancel.CancelToken`.
        facts: what is known about endpoints (whether it is Ollama, the model's context).
    """
    post(collect_round(client, request, cancel, facts, on_event=post))


def _ignore(event: Message) -> None:
    """The default ``on_event``: a caller that reads only the round's end."""


def collect_round(client, request: ChatRequest, cancel, facts: EndpointFacts, on_event: Post = _ignore,
                  on_bytes: Optional[Callable[[bytes], None]] = None) -> RoundEnd:
    """Read one model round to its end (see the module docstring); never raises.

    Args:
        client: the :class:`~marginalia.core.net.transport.HttpClient` to use.
        request: endpoint and JSON body.
        cancel: the round's :class:`~marginalia.core.net.cancel.CancelToken`.
        facts: what is known about endpoints (whether it is Ollama, the model's context).
        on_event: called with each stream event (text and thinking pieces, tool calls as they
            form, usage, the finish reason) as it arrives.
        on_bytes: called with each piece of the response body as received.

    Returns:
        :class:`RoundDone` with the assembled result, or :class:`RoundFailed` with the failure.
    """
    response = assembler = None
    try:
        response, assembler = open_round_stream(client, request, cancel, facts)
        _read_body(response, assembler, on_event, on_bytes)
        _pass_on(assembler.close(), on_event)
        return RoundDone(assembler.result())
    except Cancelled as error:
        return RoundFailed(error)
    except MarginaliaError as error:
        return _broken_end(assembler, error, on_event)
    except Exception as error:  # a bug: report it plainly, keep the details in the log
        log.exception("streaming failed")
        return RoundFailed(InternalError("%s: %s" % (type(error).__name__, error)))
    finally:
        if response is not None:
            try:
                response.close()
            except Exception:
                log.debug("closing the response failed", exc_info=True)


def _read_body(response, assembler, on_event: Post, on_bytes: Optional[Callable[[bytes], None]]) -> None:
    """Feed the body to the assembler until it ends, or until the stream's end marker came.

    After the end marker nothing more is needed: the rest of the body (normally just the
    end of the HTTP framing) is read only if it comes within :data:`END_GRACE` seconds.
    """
    for chunk in response.iter_chunks():
        if on_bytes is not None:
            on_bytes(chunk)
        _pass_on(assembler.feed(chunk), on_event)
        if assembler.done_seen:
            response.finish_within(END_GRACE)
            return


def _broken_end(assembler, error: MarginaliaError, on_event: Post) -> RoundEnd:
    """The connection failed mid-body: keep every piece of text that came, and end normally
    if the stream had in fact finished (its end marker arrived just before the break)."""
    if assembler is None:
        return RoundFailed(error)
    try:
        _pass_on(assembler.close(), on_event)
        result = assembler.result()
    except Exception:  # never let the flush hide the real error
        log.exception("flushing a broken stream failed")
        return RoundFailed(error)
    return RoundDone(result) if result.done_seen else RoundFailed(error)


def open_round_stream(client, request: ChatRequest, cancel, facts: EndpointFacts):
    """Open the round's stream; return ``(response, assembler)``.

    Ollama's native chat when ``request.endpoint.api`` is ``ollama`` (or ``auto`` and the
    server is Ollama), unless the endpoint is set to the Responses API; else
    ``/chat/completions`` or ``/responses`` as the endpoint's ``openai_api`` says. With
    ``auto``, an endpoint that has no Chat Completions (404 for the address, 405, 501, or a
    message naming the Responses API) is asked with the Responses API, and the API that
    answered is remembered (:meth:`.EndpointFacts.openai_api_for`).

    Raises:
        MarginaliaError: Network, HTTP and protocol failures.
    """
    endpoint = request.endpoint
    headers = endpoint.request_headers()
    openai_api = facts.openai_api_for(endpoint)
    if endpoint.api != "openai" and openai_api != OPENAI_RESPONSES:
        from .ollama_chat import open_ollama_stream
        opened = open_ollama_stream(client, request, headers, cancel, facts)
        if opened is not None:
            return opened
    if openai_api == OPENAI_RESPONSES:
        return open_responses_stream(client, request, headers, cancel, facts)
    if openai_api == OPENAI_CHAT:
        return _open_chat(client, request, headers, cancel, facts)
    return _open_either(client, request, headers, cancel, facts)


def _open_chat(client, request: ChatRequest, headers, cancel, facts: EndpointFacts):
    from ..net.event_stream import open_event_stream
    endpoint = request.endpoint
    response = open_event_stream(client, endpoint.chat_url, request.body, headers, cancel, tls=endpoint.tls)
    return response, StreamAssembler(api="chat")


def _open_either(client, request: ChatRequest, headers, cancel, facts: EndpointFacts):
    """``auto``: the API the endpoint answers, Chat Completions first (Responses first for OpenAI's own)."""
    endpoint = request.endpoint
    apis = [(OPENAI_CHAT, _open_chat), (OPENAI_RESPONSES, open_responses_stream)]
    if _prefers_responses(endpoint.base_url):
        apis.reverse()
    (first_api, first), (second_api, second) = apis
    try:
        opened = first(client, request, headers, cancel, facts)
    except MarginaliaError as error:
        if not _other_api_may_answer(error, strict=first_api == OPENAI_CHAT):
            raise
        try:
            opened = second(client, request, headers, cancel, facts)
        except MarginaliaError as second_error:
            if _other_api_may_answer(second_error, strict=True):
                raise error  # neither API is there: the first failure says it best
            facts.remember_openai_api(endpoint, second_api)  # it is there, and says what is wrong
            raise
        log.info("%s answered where %s did not (%s)", second_api, first_api, error)
        facts.remember_openai_api(endpoint, second_api)
        return opened
    facts.remember_openai_api(endpoint, first_api)
    return opened


def _prefers_responses(base_url: str) -> bool:
    """OpenAI's own endpoint streams reasoning summaries only through the Responses API."""
    try:
        return normalize_base_url(base_url).kind_hint == "openai"
    except MarginaliaError:
        return False


def _other_api_may_answer(error: MarginaliaError, strict: bool) -> bool:
    """Whether the failure says the API is missing rather than something else went wrong.

    Args:
        error: The failure of the first API.
        strict: Only a missing address counts (Chat Completions tried first); else a
            rejected request counts too (the Responses API tried first).
    """
    if not isinstance(error, HttpStatusError) or isinstance(error, (AuthError, ContextOverflowError)):
        return False
    text = error.body_excerpt.lower()
    if error.status in (405, 501) or "/responses" in text or "chat/completions" in text:
        return True
    if isinstance(error, NotFoundError):
        return error.what == "url"
    return not strict and isinstance(error, BadRequestError)


def _pass_on(events, on_event: Post) -> None:
    """Hand on the stream's events as they are (its errors are in the round's end)."""
    for event in events:
        on_event(event)
