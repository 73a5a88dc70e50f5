"""The worker-thread side of one model round: HTTP stream in, loop messages out.

:func:`stream_round` runs on a worker thread. It posts ``thinking`` and ``content``
text as it arrives, ``usage`` when reported, and ends with exactly one of
``stream_done`` (a :class:`~marginalia.core.stream.assembler.StreamResult`) or
``stream_error`` (a :class:`~marginalia.core.errors.MarginaliaError`). It never
touches the office and never raises: every failure becomes a message.
"""
from __future__ import annotations

import logging
from typing import Callable

from ..stream.assembler import StreamAssembler
from .request import ChatRequest
from ..errors import Cancelled, MarginaliaError
from ..i18n import _
from ..loop.messages import ContentDelta, ReasoningDelta, UsageReport

log = logging.getLogger("marginalia.stream")

END_GRACE = 0.5
"""Seconds the body's end may take once the stream said it is complete."""

Post = Callable[[str, object], None]


class InternalError(MarginaliaError):
    """A bug on our side while streaming (details in the log)."""

    def __init__(self, detail: str):
        super().__init__(_("Marginalia hit an internal problem while reading the reply: %s") % detail,
                         _("Details are in the Marginalia log file."))


def stream_round(client, request: ChatRequest, post: Post, cancel) -> None:
    """Stream one chat completion and post what arrives (see the module docstring).

    Args:
        client: the :class:`~marginalia.core.net.transport.HttpClient` to use.
        request: endpoint and JSON body.
        post: ``post(kind, payload)`` into the loop's queue.
        cancel: the round's :class:`~marginalia.core.net.cancel.CancelToken`.
    """
    response = assembler = None
    try:
        response, assembler = open_round_stream(client, request, cancel)
        _read_body(response, assembler, post)
        _post_events(assembler.close(), post)
        post("stream_done", assembler.result())
    except Cancelled as error:
        post("stream_error", error)
    except MarginaliaError as error:
        _post_broken(assembler, error, post)
    except Exception as error:  # a bug: report it plainly, keep the details in the log
        log.exception("streaming failed")
        post("stream_error", InternalError("%s: %s" % (type(error).__name__, error)))
    finally:
        if response is not None:
            try:
                response.close()
            except Exception:
                log.debug("closing the response failed", exc_info=True)


def _read_body(response, assembler, post: Post) -> None:
    """Feed the body to the assembler until it ends, or until the stream's end marker came.

    After the end marker nothing more is needed: the rest of the body (normally just the
    end of the HTTP framing) is read only if it comes within :data:`END_GRACE` seconds.
    """
    for chunk in response.iter_chunks():
        _post_events(assembler.feed(chunk), post)
        if assembler.done_seen:
            response.finish_within(END_GRACE)
            return


def _post_broken(assembler, error: MarginaliaError, post: Post) -> None:
    """The connection failed mid-body: keep every piece of text that came, and end normally
    if the stream had in fact finished (its end marker arrived just before the break)."""
    if assembler is None:
        post("stream_error", error)
        return
    try:
        _post_events(assembler.close(), post)
        result = assembler.result()
    except Exception:  # never let the flush hide the real error
        log.exception("flushing a broken stream failed")
        post("stream_error", error)
        return
    post("stream_done" if result.done_seen else "stream_error", result if result.done_seen else error)


def open_round_stream(client, request: ChatRequest, cancel):
    """Open the round's stream; return ``(response, assembler)``.

    Ollama's native chat when ``request.endpoint.api`` is ``ollama`` (or ``auto`` and the
    server is Ollama), else the OpenAI-compatible ``/chat/completions``. Also used by the
    endpoint check, so it tests exactly what the chat sends.

    Raises:
        MarginaliaError: Network, HTTP and protocol failures.
    """
    endpoint = request.endpoint
    headers = endpoint.request_headers()
    if endpoint.api != "openai":
        from .ollama_chat import open_ollama_stream
        opened = open_ollama_stream(client, request, headers, cancel)
        if opened is not None:
            return opened
    from ..net.event_stream import open_event_stream
    response = open_event_stream(client, endpoint.chat_url, request.body, headers, cancel,
                                 tls=endpoint.tls)
    return response, StreamAssembler(api="chat")


def _post_events(events, post: Post) -> None:
    for event in events:
        kind = type(event)
        if kind is ContentDelta:
            post("content", event.text)
        elif kind is ReasoningDelta:
            post("thinking", event.text)
        elif kind is UsageReport:
            post("usage", event)
