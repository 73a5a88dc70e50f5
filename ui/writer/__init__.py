"""Writer tools: each module here defines TOOLS, collected by marginalia.ui.toolset."""
