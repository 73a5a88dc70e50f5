"""Writer tools: each module here that defines TOOLS is collected by marginalia.ui.toolset.

Reading: reading (get_document, get_selection, get_statistics), search (search_text).
Editing: editing (replace_text, delete_paragraphs), inserting (insert_content),
formatting (format_text), styles (list_styles, apply_style), comments, track_changes,
tables. Helpers: blocks (paragraph numbering), spans (text offsets to positions), locate
(the edit-conflict guard), text_ops and rich_import (writing), review (read-only,
review mode, authorship). Selection actions (Edit/Extend Selection): selection_actions,
stream_into, task_driver, instruction_dialog, format_runs.
"""
