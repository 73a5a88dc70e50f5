"""Dispatching LibreOffice's commands (``.uno:…``) to a document's frame, as its menus and keys do."""
from __future__ import annotations

from typing import Optional

import uno
from com.sun.star.beans import PropertyValue


def frame_of(document):
    """The frame of ``document``'s view, or None (a document without a view, or closed)."""
    try:
        controller = document.getCurrentController()
        return controller.getFrame() if controller is not None else None
    except Exception:
        return None


def command_url(command: str):
    """The parsed ``com.sun.star.util.URL`` of ``command`` (for ``queryDispatch``)."""
    ctx = uno.getComponentContext()
    url = uno.createUnoStruct("com.sun.star.util.URL")
    url.Complete = command
    transformer = ctx.ServiceManager.createInstanceWithContext("com.sun.star.util.URLTransformer", ctx)
    return transformer.parseStrict(url)[1]


def dispatch(frame, command: str, arguments: Optional[dict] = None, ctx=None) -> None:
    """Run ``command`` in ``frame`` with the named ``arguments``, as a menu entry would.

    ``ctx``: the office's component context (a tool's ``context.office``); by default this
    process's, which inside the office is the office's.
    """
    ctx = ctx or uno.getComponentContext()
    helper = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.DispatchHelper", ctx)
    values = tuple(_argument(name, value) for name, value in (arguments or {}).items())
    helper.executeDispatch(frame, command, "", 0, values)


def _argument(name, value):
    argument = PropertyValue()
    argument.Name, argument.Value = name, value
    return argument
