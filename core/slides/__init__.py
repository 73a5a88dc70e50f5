"""Presentations and drawings without LibreOffice: Markdown outlines to slides, layout checks, diagram layout.

May import: core.
"""
