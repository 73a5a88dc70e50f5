"""What the streaming engine reports when a stream goes wrong, and its one exception.

The decoders and accumulators never raise for malformed *data*: they report what went wrong as
a :class:`~..loop.messages.StreamError` event (its ``code`` one of the ``CODE_*`` values below, or
the provider's own) and in ``StreamResult.error``. The engine raises only when it is used wrongly
(:class:`StreamUsageError`).
"""
from __future__ import annotations

#: ``StreamError.code`` values produced by the engine itself (provider errors carry their own code).
CODE_EMPTY_BODY = "empty_body"
CODE_TRUNCATED = "truncated"
CODE_MALFORMED_CHUNK = "malformed_chunk"
CODE_PROVIDER_ERROR = "provider_error"


class StreamUsageError(TypeError):
    """The engine was called wrongly: data that is not bytes, ``feed`` after ``close``, an unknown API."""
