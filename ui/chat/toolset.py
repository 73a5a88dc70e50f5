"""The tools of each application, collected from the tool modules listed here.

Each module in :data:`TOOL_MODULES` defines ``TOOLS`` (a list of
:class:`~marginalia.core.agent.tools.Tool`); a new tool module is added to the list.
"""
from __future__ import annotations

import importlib

from ...core.agent.tools import ToolRegistry
from ..office.log import get_logger

log = get_logger("toolset")

TOOL_MODULES = (
    "writer.comments", "writer.editing", "writer.formatting", "writer.paragraph_format", "writer.inserting", "writer.other_text",
    "writer.reading", "writer.search", "writer.styles", "writer.tables", "writer.track_changes",
    "writer.page_setup", "writer.header_footer", "writer.fields", "writer.notes", "writer.table_of_contents",
    "writer.document_files", "writer.bookmarks", "writer.images",
    "calc.charts", "calc.conditional", "calc.formatting", "calc.formula_errors", "calc.reading",
    "calc.sheet_notes", "calc.sheet_summary", "calc.sorting_filters", "calc.structure", "calc.writing",
    "calc.chart_edit", "calc.pivot_tables",
    "calc.sheet_view", "calc.copy_range", "calc.fill_series", "calc.validation_rules", "calc.named_range_tool",
    "calc.protection",
    "research.web_tools",
    "chat.other_documents",
    "slides.reading", "slides.adding", "slides.text_edit", "slides.slide_ops", "slides.arrange", "slides.objects",
    "slides.export", "slides.diagrams", "slides.look",
)
"""Modules under ``marginalia.ui`` that define ``TOOLS``, in the order the model sees the tools."""


class Toolset:
    """The registry of every tool, built once per process on first use."""

    def __init__(self):
        self._registry = None

    def registry(self) -> ToolRegistry:
        """Return the registry (importing the tool modules the first time)."""
        if self._registry is None:
            self._registry = build_registry()
        return self._registry


def build_registry() -> ToolRegistry:
    """Import every tool module and register its ``TOOLS``."""
    result = ToolRegistry()
    ui_package = __package__.rpartition(".")[0]
    for module_name in TOOL_MODULES:
        name = "%s.%s" % (ui_package, module_name)
        try:
            module = importlib.import_module(name)
            for tool in module.TOOLS:
                result.register(tool)
        except Exception:  # one broken tool module must not take the assistant down
            log.exception("tool module %s could not be loaded; its tools are unavailable", name)
    log.info("tools: %s", ", ".join(result.names()))
    return result
