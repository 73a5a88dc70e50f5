"""Marginalia's menu and shortcut commands (``org.marginalia:<Command>`` URLs)."""
from __future__ import annotations

from . import sidebar


def open_chat(ctx, frame, args):
    """Show the Marginalia deck (never toggles it away when already open)."""
    sidebar.open_deck(frame)


COMMANDS = {
    "OpenChat": open_chat,
}
