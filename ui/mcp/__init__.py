"""Marginalia as an MCP server in the office: the tools of the sidebar, offered to other agents.

Owns the token in the password store, the open documents as agents see them, the tool
host that runs an agent's call on the main thread (same registry, schemas, refusals and
conflict guard as the sidebar; one undo step per agent burst; a tool line in the
document's transcript), the user's approval of new clients, and starting or stopping
the server with the settings. The protocol itself is :mod:`marginalia.core.mcp`.

May import: core.*, ui.office, ui.settings, ui.chat, ui.research.
"""
