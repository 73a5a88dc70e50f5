"""Dispatching LibreOffice's commands (``.uno:…``) to a frame, as its menus and keys do."""
from __future__ import annotations

import uno
from com.sun.star.beans import PropertyValue


def command_url(command: str):
    """The parsed ``com.sun.star.util.URL`` of ``command`` (for ``queryDispatch``)."""
    ctx = uno.getComponentContext()
    url = uno.createUnoStruct("com.sun.star.util.URL")
    url.Complete = command
    transformer = ctx.ServiceManager.createInstanceWithContext("com.sun.star.util.URLTransformer", ctx)
    return transformer.parseStrict(url)[1]


def dispatch(frame, command: str, **arguments) -> None:
    """Run ``command`` in ``frame`` with the named ``arguments``, as a menu entry would."""
    ctx = uno.getComponentContext()
    helper = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.DispatchHelper", ctx)
    helper.executeDispatch(frame, command, "", 0, tuple(_argument(n, v) for n, v in arguments.items()))


def _argument(name, value):
    argument = PropertyValue()
    argument.Name, argument.Value = name, value
    return argument
