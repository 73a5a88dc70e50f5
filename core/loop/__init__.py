"""The main-thread message loop: every message kind, the pump that delivers them, the task protocol.

Workers (the model stream, network tools) post typed messages; the pump hands each to
its task on the office's main thread, coalescing text deltas, and pumps the UI between
batches. Nothing here knows about models, tools or LibreOffice.

May import: core.
"""
