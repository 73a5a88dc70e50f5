"""Marginalia's UNO-facing layer: the sidebar panel, dialogs and menu handlers.

Only modules in this package (and the entry modules in ``extension/``) import ``uno``.
"""
