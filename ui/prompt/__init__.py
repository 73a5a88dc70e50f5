"""Calc's PROMPT() add-in inside the office: Function Wizard texts, live cell results, the answers a document keeps.

May import: core.*, ui.office, ui.settings.
"""
