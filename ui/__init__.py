"""Marginalia's UNO-facing layer: the sidebar panel, dialogs, menu commands and the tools.

Only modules in this package (and the entry module in ``extension/``) import ``uno``.
The top level holds what the entry module calls (entry, app, commands, about); the rest is
one room per subsystem, each naming in its docstring what it may import::

    office     log, listeners, undo, the main thread, dialogs, the sidebar deck
    settings   the configuration store, API keys, the settings dialog and its Test
    writer     Writer tools
    calc       Calc tools
    research   web research tools and their approvals
    chat       sessions per document, starting a turn, its tools and request
    selection  Edit Selection and Extend Selection
    panel      the sidebar panel
    mcp        the MCP server in the office: its token, the documents, the tool host, approvals
    prompt     Calc's PROMPT() add-in: Function Wizard texts, live cell results, kept answers
    slides     Impress and Draw tools, their changes made the ways LibreOffice's undo records

May import: core.*, ui.*.
"""
