"""Chat turns in a document: sessions per document, starting a turn, its tools and request, saving it.

May import: core.*, ui.office, ui.settings, ui.writer, ui.calc, ui.slides, ui.research.
"""
