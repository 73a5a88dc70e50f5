"""Calc's PROMPT() add-in function inside the office: the Function Wizard texts, the cells' live results, the answers a document keeps.

May import: core.*, ui.office, ui.settings.
"""
