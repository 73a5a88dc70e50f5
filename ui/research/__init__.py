"""Web research in the office: the tools, what a turn prepares for them, and the approval bar.

The logic lives in :mod:`marginalia.core.research`; here are the tools (web_tools), what a
turn prepares on the main thread (turn_setup), and each session's approvals shown in the
panel in place of the message box (approvals, approval_bar).

May import: core.*, ui.office, ui.settings.
"""
