"""``protect_sheet``: protect a sheet against changes (optionally with a password), or remove the protection.

Calc's ``XProtectable.protect`` / ``unprotect``, recorded by Calc for undo. The password comes
from the model's call; it is never written into an answer or a log line (the conversation's
stored copy of the call is redacted: core/redact.py hides ``"password": "…"``).
"""
from __future__ import annotations

from typing import Literal, Optional

from com.sun.star.lang import IllegalArgumentException

from ...core.i18n import _
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from .addresses import sheet_by_name


@tool(apps=("calc",), changes_document=True)
def protect_sheet(context, action: Literal["protect", "unprotect"],
                  sheet: Optional[str] = Arg("The sheet (default: the active one)."),
                  password: Optional[str] = Arg("Optional for protect; needed to unprotect a sheet protected with "
                                                "one. Only give one the user asked for.")) -> ToolOutcome:
    """Protect a sheet so its locked cells (all cells unless unlocked) cannot be changed, or unprotect it. With a
    password, only someone who knows it can unprotect the sheet.
    """
    target = sheet_by_name(context.document, sheet)
    name = target.getName()
    if action == "protect":
        if target.isProtected():
            raise ToolError("The sheet '%s' is already protected. Nothing was changed." % name)
        target.protect(password or "")
        text = "Protected the sheet '%s'%s." % (name, " with the password given" if password else
                                               " (no password: anyone can unprotect it)")
        return ToolOutcome.success(text, _("Protected the sheet '%s'") % name)
    if not target.isProtected():
        raise ToolError("The sheet '%s' is not protected. Nothing was changed." % name)
    try:
        target.unprotect(password or "")
    except IllegalArgumentException:
        raise ToolError("The sheet '%s' is protected with a password and %s; ask the user for it. Nothing was "
                        "changed." % (name, "the one given is wrong" if password else "none was given")) from None
    return ToolOutcome.success("Removed the protection of the sheet '%s'." % name,
                               _("Unprotected the sheet '%s'") % name)


TOOLS = [protect_sheet]
