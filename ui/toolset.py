"""The tools of each application, collected from the tool modules.

Every module in the packages ``marginalia.ui.writer``, ``marginalia.ui.calc`` and
``marginalia.ui.research`` that defines ``TOOLS`` (a list of
:class:`~marginalia.core.tools.Tool`) contributes them; adding a module is enough.
"""
from __future__ import annotations

import importlib
import pkgutil

from ..core.tools import ToolRegistry
from .log import get_logger

log = get_logger("toolset")

TOOL_PACKAGES = ("writer", "calc", "research")
_registry = None


def registry() -> ToolRegistry:
    """Return the registry of every tool (built once per process)."""
    global _registry
    if _registry is None:
        _registry = build_registry()
    return _registry


def build_registry() -> ToolRegistry:
    """Import every tool module and register its ``TOOLS``."""
    result = ToolRegistry()
    for package_name in TOOL_PACKAGES:
        try:
            package = importlib.import_module("%s.%s" % (__package__, package_name))
        except ImportError:
            continue
        for module_info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
            name = "%s.%s" % (package.__name__, module_info.name)
            try:
                module = importlib.import_module(name)
                for tool in getattr(module, "TOOLS", ()):
                    result.register(tool)
            except Exception:  # one broken tool module must not take the assistant down
                log.exception("tool module %s could not be loaded; its tools are unavailable", name)
    log.info("tools: %s", ", ".join(result.names()))
    return result


def app_of(document) -> str:
    """Return ``writer``, ``calc`` or ``""`` for a document model."""
    if document.supportsService("com.sun.star.text.TextDocument"):
        return "writer"
    if document.supportsService("com.sun.star.sheet.SpreadsheetDocument"):
        return "calc"
    return ""
