"""Marginalia's menu and shortcut commands (``org.marginalia:<Command>`` URLs)."""
from __future__ import annotations

from . import sidebar


def open_chat(ctx, frame, args):
    """Show the Marginalia deck (never toggles it away when already open)."""
    toolkit = ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit", ctx)
    sidebar.open_deck(frame, pump=toolkit.processEventsToIdle)


COMMANDS = {
    "OpenChat": open_chat,
}
