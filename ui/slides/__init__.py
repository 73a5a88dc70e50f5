"""Impress and Draw tools: reading a deck or drawing, adding and changing slides, layout checks, diagrams.

Tools: reading (get_presentation), adding (add_slides). Helpers: deck (pages, numbers, shapes and
units), recorded (changes LibreOffice's undo takes back exactly: new slides by its own commands,
changes made on a duplicate of the slide), editing (read-only refusal, review mode), shape_text
(a shape's text with its list levels, written from outline lines). The modules with tools are
listed in :mod:`marginalia.ui.chat.toolset`.

May import: core.*, ui.office, ui.settings, ui.writer.
"""
