"""Web research: which hosts may be contacted, fetching pages, reading them, searching.

May import: core, core.net, core.text, core.agent, core.settings.
"""
