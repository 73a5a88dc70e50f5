"""Thin helpers over LibreOffice used by every room: the log, listeners, undo, commands, the main thread, dialogs.

May import: core.*, ui.office.
"""
