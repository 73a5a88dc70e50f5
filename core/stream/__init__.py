"""A model's streamed answer: SSE decoding, delta accumulation, think tags, the assembled message.

Bytes in any chunking become stream events and one final assistant message, for the
Chat Completions, Responses and Ollama formats, with every provider quirk handled here.
No I/O: the network side is in :mod:`marginalia.core.net` and :mod:`marginalia.core.llm`.

May import: core, core.loop.
"""
