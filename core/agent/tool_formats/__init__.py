"""The ways models write tool calls as text: one small module per format, one registry.

Each format module declares a :class:`~.base.ToolFormat`: the markers that open one of
its blocks (with what ends the block while it streams in, and, for markers that also
occur in prose, a check of the text that follows), a reader that turns a block into
call drafts, and where the format is documented. :mod:`.registry` composes them for the
finished-message parser and the streaming filter in :mod:`..text_tool_calls`. Nothing
here decides whether a name is a registered tool, except the checks of markers common
in prose (``[``, ``{``), which look at the names offered.

May import: core.
"""
