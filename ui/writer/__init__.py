"""Writer tools and what they stand on: reading, searching, editing, inserting, formatting, review.

Tools: reading (get_document, get_selection, get_statistics), search (search_text),
editing (replace_text, delete_paragraphs), inserting (insert_content), formatting
(format_text), styles (list_styles, apply_style), comments, track_changes, tables.
Helpers: blocks (paragraph numbering), body_walk (numbers found by walking the body with a
cursor), plain_strings (paragraph strings a stretch at a time), spans (text offsets to positions), locate (the
edit-conflict guard), text_ops and rich_import (writing), format_runs (formatting kept
word by word), replace_all and format_all (every match in one LibreOffice call), review (read-only,
review mode, authorship). Every tool runs with the views locked (ui/office/document_tools.py). The modules with tools are
listed in :mod:`marginalia.ui.chat.toolset`.

May import: core.*, ui.office, ui.settings.
"""
