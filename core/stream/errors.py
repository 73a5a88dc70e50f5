"""Errors of the streaming engine (SSE decoding, delta accumulation, stream assembly).

The decoders and accumulators never raise for malformed *data*: they record what went wrong as
a :class:`StreamError` in ``StreamResult.errors`` (the first in ``StreamResult.error``). The exceptions below
exist for callers that prefer raising (``StreamResult.raise_for_error()``) and for misuse of the
API (feeding after ``close()``, feeding something that is not bytes).

Hierarchy::

    Exception
     └── StreamFormatError                 base of everything the stream engine raises
          ├── EmptyStreamError              HTTP 200 with an empty body, or no event at all
          ├── TruncatedStreamError          body ended before the stream said it was finished
          ├── MalformedChunkError           an event whose payload is not a usable JSON object
          ├── ProviderStreamError           the server reported an error inside the stream
          └── StreamUsageError              the engine was used wrongly (also a TypeError)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

#: ``StreamError.code`` values produced by the engine itself (provider errors carry their own code).
CODE_EMPTY_BODY = "empty_body"
CODE_TRUNCATED = "truncated"
CODE_MALFORMED_CHUNK = "malformed_chunk"
CODE_PROVIDER_ERROR = "provider_error"


@dataclass(frozen=True)
class StreamError:
    """A problem inside one stream, kept with the text around it: ``message`` in plain words, ``code`` short."""

    message: str
    code: Optional[str] = None


class StreamFormatError(Exception):
    """Base class of the errors raised by the streaming engine.

    Args:
        message: Plain-words description, suitable for the chat panel.
        code: Short machine-readable code (one of the ``CODE_*`` constants or the provider's).
    """

    default_code = "stream_error"

    def __init__(self, message: str, code: Optional[str] = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code or self.default_code


class EmptyStreamError(StreamFormatError):
    """The server answered but sent no event at all (e.g. HTTP 200 with an empty body)."""

    default_code = CODE_EMPTY_BODY


class TruncatedStreamError(StreamFormatError):
    """The body ended before ``[DONE]``, a ``finish_reason`` or a terminal Responses event."""

    default_code = CODE_TRUNCATED


class MalformedChunkError(StreamFormatError):
    """An event's payload is not JSON, or not a JSON object of the expected shape."""

    default_code = CODE_MALFORMED_CHUNK


class ProviderStreamError(StreamFormatError):
    """The provider reported an error inside a (usually HTTP 200) stream."""

    default_code = CODE_PROVIDER_ERROR


class StreamUsageError(StreamFormatError, TypeError):
    """The engine was called wrongly: data that is not bytes, or ``feed`` after ``close``."""

    default_code = "usage"


_BY_CODE = {
    CODE_EMPTY_BODY: EmptyStreamError,
    CODE_TRUNCATED: TruncatedStreamError,
    CODE_MALFORMED_CHUNK: MalformedChunkError,
}


def error_for_code(message: str, code: Optional[str]) -> StreamFormatError:
    """Build the most specific exception for a reported stream error.

    Args:
        message: The plain-words message of the error.
        code: Its code; codes not produced by the engine are provider error codes.

    Returns:
        An instance of the matching :class:`StreamFormatError` subclass.
    """
    cls = _BY_CODE.get(code or "", ProviderStreamError)
    return cls(message, code)
