"""What the streaming engine reports when a stream goes wrong, and its one exception.

The decoders and accumulators never raise for malformed *data*: they record what went wrong as
a :class:`StreamError` in ``StreamResult.errors`` (the first in ``StreamResult.error``), its
``code`` one of the ``CODE_*`` values below or the provider's own. The engine raises only when it
is used wrongly (:class:`StreamUsageError`).
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


class StreamUsageError(TypeError):
    """The engine was called wrongly: data that is not bytes, ``feed`` after ``close``, an unknown API."""
