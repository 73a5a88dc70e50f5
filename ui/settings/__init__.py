"""Reading and editing the settings: the configuration store, API keys, the settings dialog and its Test.

May import: core.*, ui.office.
"""
