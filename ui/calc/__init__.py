"""Calc tools and what they stand on: reading, writing, structure, formatting, sorting, charts, errors.

The modules with tools are listed in :mod:`marginalia.ui.chat.toolset`.

May import: core.*, ui.office, ui.settings.
"""
