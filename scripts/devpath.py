"""Make the repository importable as the ``marginalia`` package, as it is inside the office.

The .oxt ships ``core/`` and ``ui/`` under ``pythonpath/marginalia/``. In a checkout they
sit at the top level, so tests and scripts call :func:`install` to alias the repository
root as ``marginalia`` (``marginalia.core.stream.sse`` is then ``<repo>/core/sse.py``).
"""
import os
import sys
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def install():
    """Register the repository root as the ``marginalia`` package (idempotent)."""
    existing = sys.modules.get("marginalia")
    if existing is not None:
        return existing
    package = types.ModuleType("marginalia")
    package.__path__ = [ROOT]
    package.__file__ = os.path.join(ROOT, "__init__.py")
    sys.modules["marginalia"] = package
    return package
