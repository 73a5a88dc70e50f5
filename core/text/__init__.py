"""Document text without LibreOffice: Markdown and HTML to content, matching text, keeping formatting.

May import: core.
"""
