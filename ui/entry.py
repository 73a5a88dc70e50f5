"""What the entry module (extension/marginalia_entry.py) calls, once per use."""
from __future__ import annotations

from .office import log as logsetup
from .office.language import choose_language
from .office.log import get_logger, logged


@logged(reraise=True)
def create_panel_element(ctx, url, args):
    """Create the sidebar's chat panel element (XUIElementFactory.createUIElement)."""
    logsetup.configure(ctx)
    choose_language(ctx)
    from .panel.element import ChatPanelElement
    props = {arg.Name: arg.Value for arg in args}
    frame, parent = props.get("Frame"), props.get("ParentWindow")
    if frame is None or parent is None:
        raise ValueError("the sidebar gave no Frame or ParentWindow for %s" % url)
    return ChatPanelElement(ctx, frame, parent, url)


@logged
def dispatch_command(ctx, frame, command, args):
    """Run a Marginalia menu or shortcut command (``org.marginalia:<command>``)."""
    logsetup.configure(ctx)
    choose_language(ctx)
    from . import commands
    handler = commands.COMMANDS.get(command)
    if handler is None:
        get_logger().warning("unknown command %r", command)
        return
    handler(ctx, frame, args)
