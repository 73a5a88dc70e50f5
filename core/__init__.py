"""Marginalia's engine: pure Python, standard library only, importable without ``uno``.

Inside LibreOffice this package lives at ``marginalia.core``; modules import each
other relatively so the package works under any parent name.
"""
