"""Marginalia's menu and shortcut commands (``org.marginalia:<Command>`` URLs)."""
from __future__ import annotations

from .office import sidebar


def open_chat(ctx, frame, args):
    """Show the Marginalia deck (never toggles it away when already open)."""
    toolkit = ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit", ctx)
    sidebar.open_deck(frame, pump=toolkit.processEventsToIdle)


def open_settings(ctx, frame, args):
    """Open the settings dialog (on the main thread, a moment later)."""
    from .settings.command import open_settings as open_dialog
    open_dialog(ctx, frame, args)


def edit_selection(ctx, frame, args):
    """Rewrite the selection as the user instructs (Ctrl+E in Writer)."""
    from .selection.actions import edit_selection as run
    run(ctx, frame, args)


def extend_selection(ctx, frame, args):
    """Continue the selected text (Ctrl+Q in Writer)."""
    from .selection.actions import extend_selection as run
    run(ctx, frame, args)


def about(ctx, frame, args):
    """Show the About box (version, log file, model server)."""
    from .about import show_about
    show_about(ctx, frame, args)


COMMANDS = {
    "OpenChat": open_chat,
    "Settings": open_settings,
    "EditSelection": edit_selection,
    "ExtendSelection": extend_selection,
    "About": about,
}
