"""Calc without LibreOffice: addresses, cell values, formats, formulas, and sheets as text.

May import: core.
"""
