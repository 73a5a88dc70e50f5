"""Marginalia's engine: pure Python, standard library only, importable without ``uno``.

Inside LibreOffice this package lives at ``marginalia.core``; modules import each
other relatively so the package works under any parent name. The top level holds what
every subsystem uses (colors, errors, i18n, redact, threads, version); the rest is one package
per subsystem, each naming in its docstring what it may import (a test enforces it)::

    loop      the main-thread message loop: message kinds, the pump, the task protocol
    net       HTTP client, connections, TLS, proxies, retries, HTTP errors
    stream    SSE, delta accumulation, think tags, the assembled message
    llm       requests, endpoints, context window and budget, Ollama, one model round
    settings  typed settings, the settings form, the endpoint check
    calc      addresses, cell values, formats, formulas, sheets as text
    text      Markdown, HTML, text matching, keeping formatting
    agent     the turn, tools, strategies, text-written calls, prompts
    research  web access, fetching, reading and searching pages
    chat      the session, its history, the transcript and what a turn shows
    mcp       the MCP server's engine: JSON-RPC, protocol, sessions, request guard, loopback HTTP server
    prompt    Calc's PROMPT() without the office: the request, cache keys, the bare value, the queue
    slides    presentations without the office: Markdown outlines as slides, layout checks, diagram layout
    vendor    third-party code kept verbatim: markdown-it-py and mdurl

May import: core.
"""
