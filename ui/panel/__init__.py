"""The sidebar panel: its element, view, buttons, model picker, transcript control and Escape key.

May import: core.*, ui.office, ui.settings, ui.research, ui.chat, ui.selection.
"""
