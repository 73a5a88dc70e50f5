"""Web research: the tools (web_tools.py defines TOOLS, collected by marginalia.ui.toolset),
what a turn prepares for them on the main thread (turn_setup.py), and each session's
approvals shown in the panel (approvals.py). The logic lives in marginalia.core."""
