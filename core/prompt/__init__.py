"""Calc's PROMPT() cell function without LibreOffice: cache keys, the request, the bare value, the queue.

Owns what one PROMPT call asks the model (the instruction and its inputs as one user
message under a short system prompt), what makes two calls the same (the cache key),
how an answer becomes one cell value or a short error text, the cache of answers (in
memory and as the text a document stores), and the worker queue that asks at most a
few at a time, in the order the cells asked.

May import: core, core.llm, core.net, core.loop, core.stream.
"""
