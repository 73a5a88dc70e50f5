"""Open a server-sent-event stream for a chat request, and check it really is one.

:func:`open_event_stream` returns only once the first bytes of the stream arrived, so
the two ways a server can fail without an error status are caught here, before any
parsing:

* an empty 200 body (llama-cpp-python answers an over-long prompt this way) raises
  :class:`~..errors.EmptyBodyError`;
* a 200 body that is not an event stream (a server that ignores ``"stream": true``
  and answers with a whole JSON completion, or a JSON error) raises
  :class:`~..errors.NotAStreamError` carrying the body, so the caller can still parse a
  non-streamed completion from ``error.body`` (or :class:`~..errors.ContextOverflowError`
  when that body reports an over-long prompt).
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Mapping, Optional

from .cancel import CancelToken
from .error_body import decode_json, extract_error_message, find_context_overflow
from ..errors import ContextOverflowError, EmptyBodyError, NotAStreamError
from .response import HttpResponse
from .tls import TlsOptions

if TYPE_CHECKING:  # pragma: no cover
    from .transport import HttpClient

EVENT_STREAM = "text/event-stream"
_SSE_LINE_STARTS = (b"data:", b":", b"event:", b"id:", b"retry:")


def open_event_stream(client: "HttpClient", url: str, json_body: Any,
                      headers: Optional[Mapping[str, str]] = None,
                      cancel: Optional[CancelToken] = None,
                      tls: Optional[TlsOptions] = None) -> HttpResponse:
    """POST ``json_body`` asking for an event stream; return the checked response.

    Args:
        client: The HTTP client.
        url: The chat URL (``…/v1/chat/completions``).
        json_body: The request as a JSON-serialisable object (or ready bytes/str).
        headers: Extra headers (authorization, attribution).
        cancel: Stop token, used for the whole stream.
        tls: The endpoint's TLS options.

    Returns:
        The response, positioned at the start of the body (nothing consumed).

    Raises:
        EmptyBodyError: The server answered 200 with nothing.
        NotAStreamError: The server answered 200 with something else (``body`` kept).
        ContextOverflowError: That something else says the prompt is too long.
        MarginaliaError: Every other failure, as raised by ``client.request``.
    """
    all_headers = {"Accept": EVENT_STREAM, "Content-Type": "application/json",
                   "Cache-Control": "no-store"}
    all_headers.update(headers or {})
    if isinstance(json_body, (bytes, str)):
        body = json_body
    else:
        body = json.dumps(json_body, ensure_ascii=False)
    response = client.request("POST", url, all_headers, body, cancel=cancel, tls=tls)
    try:
        return _checked(response)
    except BaseException:
        response.close()
        raise


def _checked(response: HttpResponse) -> HttpResponse:
    first = response.peek_first()
    if not first:
        raise EmptyBodyError()
    if response.content_type == EVENT_STREAM or first.lstrip().startswith(_SSE_LINE_STARTS):
        return response
    body = response.read_all()
    if not body.strip():
        raise EmptyBodyError()
    data = decode_json(body)
    message = ""
    if isinstance(data, dict) and "error" in data:
        message = extract_error_message(body, response.content_type)
        overflow = find_context_overflow(response.status, body, message)
        if overflow is not None:
            raise ContextOverflowError(response.status, message, response.url, *overflow)
    raise NotAStreamError(response.content_type, body, message)
