"""What the entry module (extension/marginalia_entry.py) calls, once per use."""
from __future__ import annotations

from .office.log import get_logger, logged


@logged(reraise=True)
def create_application(ctx):
    """Make the process-wide :class:`~marginalia.ui.app.Marginalia` (the entry module keeps it)."""
    from .app import Marginalia
    return Marginalia(ctx)


@logged(reraise=True)
def create_panel_element(app, url, args):
    """Create the sidebar's chat panel element (XUIElementFactory.createUIElement)."""
    app.speak_office_language()
    from .panel.element import ChatPanelElement
    props = {arg.Name: arg.Value for arg in args}
    frame, parent = props.get("Frame"), props.get("ParentWindow")
    if frame is None or parent is None:
        raise ValueError("the sidebar gave no Frame or ParentWindow for %s" % url)
    return ChatPanelElement(app, frame, parent, url)


@logged
def dispatch_command(app, frame, command, args):
    """Run a Marginalia menu or shortcut command (``org.marginalia:<command>``)."""
    app.speak_office_language()
    from . import commands
    handler = commands.COMMANDS.get(command)
    if handler is None:
        get_logger().warning("unknown command %r", command)
        return
    get_logger().info("command %s", command)
    handler(app, frame, args)


@logged
def start_office(app):
    """At office start (the startup job): start what runs in the background, if turned on."""
    app.agents.start()


@logged(default="#AI! failed")
def prompt_call(app, document, instruction, inputs):
    """Calc's ``PROMPT(instruction; inputs…)``: a value now, or a live result (never waits)."""
    app.speak_office_language()
    from .prompt.service import service_of
    return service_of(app).call(document, instruction, inputs)


@logged(default="")
def prompt_text(app, what, *args):
    """A Function Wizard text of PROMPT (``what`` names the function of :mod:`.prompt.descriptions`).

    ``app`` is taken so the user's language is chosen before the text is translated.
    """
    app.speak_office_language()
    from .prompt import descriptions
    return getattr(descriptions, what)(*args)
