"""Edit Selection and Extend Selection: the model's text streamed straight into Writer.

May import: core.*, ui.office, ui.settings, ui.writer, ui.chat.
"""
