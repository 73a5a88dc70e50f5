"""Marginalia's menu and shortcut commands (``org.marginalia:<Command>`` URLs).

Each command takes the process-wide :class:`~marginalia.ui.app.Marginalia`, the frame
it was dispatched in and the dispatch's arguments.
"""
from __future__ import annotations

from .office import sidebar


def open_chat(app, frame, args):
    """Show the Marginalia deck (never toggles it away when already open)."""
    toolkit = app.ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit", app.ctx)
    sidebar.open_deck(frame, pump=toolkit.processEventsToIdle)


def open_settings(app, frame, args):
    """Open the settings dialog (on the main thread, a moment later)."""
    app.settings.open(frame)


def edit_selection(app, frame, args):
    """Rewrite the selection as the user instructs (Ctrl+Alt+Shift+W in Writer)."""
    from .selection.actions import edit_selection as run
    run(app, frame, args)


def extend_selection(app, frame, args):
    """Continue the selected text (Ctrl+Alt+Shift+M in Writer)."""
    from .selection.actions import extend_selection as run
    run(app, frame, args)


def refresh_prompts(app, frame, args):
    """Ask the selected PROMPT cells again (all of the sheet's when one cell or nothing is selected)."""
    from .prompt.refresh import refresh_prompts as run
    run(app, frame, args)


def about(app, frame, args):
    """Show the About box (version, log file, model server)."""
    from .about import show_about
    show_about(app.ctx, frame)


COMMANDS = {
    "OpenChat": open_chat,
    "Settings": open_settings,
    "EditSelection": edit_selection,
    "ExtendSelection": extend_selection,
    "RefreshPrompts": refresh_prompts,
    "About": about,
}
