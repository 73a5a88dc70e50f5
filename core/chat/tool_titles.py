"""The names of the tools as the transcript shows them, in the user's language.

The model calls a tool by its identifier (``replace_text``); the transcript's tool line
shows a title ("replace text…", "Text ersetzen…"). Unknown tools show their identifier
with spaces.
"""
from __future__ import annotations

from ..i18n import N_, _

TITLES = {
    "apply_style": N_("apply style"), "cell_comments": N_("cell comments"), "clear_range": N_("clear range"),
    "comments": N_("comments"),
    "conditional_format": N_("conditional format"), "create_chart": N_("create chart"),
    "create_pivot_table": N_("create pivot table"), "delete_paragraphs": N_("delete paragraphs"),
    "edit_chart": N_("edit chart"), "edit_pivot_table": N_("edit pivot table"),
    "edit_rows_columns": N_("edit rows columns"),
    "fetch_page": N_("fetch page"), "filter_range": N_("filter range"),
    "find_formula_errors": N_("find formula errors"), "format_range": N_("format range"),
    "format_paragraphs": N_("format paragraphs"), "format_text": N_("format text"), "get_document": N_("get document"),
    "get_selection": N_("get selection"),
    "get_sheet_summary": N_("get sheet summary"), "get_statistics": N_("get statistics"), "images": N_("images"),
    "import_csv": N_("import csv"), "insert_content": N_("insert content"), "list_sheets": N_("list sheets"),
    "list_styles": N_("list styles"), "other_text": N_("headers, footers and frames"), "manage_sheet": N_("manage sheet"), "read_range": N_("read range"),
    "replace_text": N_("replace text"), "research_web": N_("research web"), "search_text": N_("search text"),
    "sort_range": N_("sort range"), "tables": N_("tables"), "track_changes": N_("track changes"),
    "web_search": N_("web search"), "write_range": N_("write range"),
    "sheet_view": N_("sheet view"), "copy_range": N_("copy range"), "fill_series": N_("fill series"),
    "data_validation": N_("data validation"), "named_ranges": N_("named ranges"), "protect_sheet": N_("protect sheet"),
    "page_setup": N_("page setup"), "header_footer": N_("header and footer"), "fields": N_("fields"),
    "notes": N_("footnotes and endnotes"), "table_of_contents": N_("table of contents"),
    "save_document": N_("save and export"), "bookmarks": N_("bookmarks"),
    "read_other_document": N_("read other document"),
    "get_presentation": N_("read presentation"), "add_slides": N_("add slides"),
    "edit_shape_text": N_("edit shape text"), "manage_slides": N_("manage slides"),
    "arrange_shape": N_("arrange shape"), "insert_object": N_("insert object"),
    "export_presentation": N_("export presentation"),
    "make_diagram": N_("make diagram"), "edit_diagram": N_("edit diagram"),
    "look_at_slide": N_("look at slide"),
}
"""Tool identifier to its English title (each ``name`` with spaces for underscores)."""


def tool_title(name: str) -> str:
    """The title of the tool ``name`` in the current language."""
    title = TITLES.get(name)
    return _(title) if title else name.replace("_", " ")
