"""Edit Selection and Extend Selection: the model's text streamed straight into Writer (Edit Selection
also rewrites a selected text shape in Impress and Draw).

May import: core.*, ui.office, ui.settings, ui.writer, ui.slides, ui.chat.
"""
