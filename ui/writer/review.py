"""The frame around every Writer edit: read-only refusal, review mode, honest authorship.

* A read-only document is never changed: editing tools refuse before touching it.
* Review mode (setting ``Writer/ReviewMode``, or the ``review_mode`` option the chat
  passes per turn) records the assistant's edits as tracked changes, so the user
  accepts or rejects each one.
* Whenever changes are recorded (review mode, or the user's own change tracking),
  they are authored "Marginalia (<model>)", not under the user's name. Writer takes
  the author of new changes from the user profile, so the profile name is swapped for
  the duration of the edit and restored right after, on the same thread.

Options read from ``ToolContext.options``: ``review_mode`` (bool) and ``model`` (str).
When the chat does not pass them, they are read from the settings.
"""
from __future__ import annotations

from contextlib import contextmanager

from com.sun.star.beans import PropertyValue

from ...core.tools import ToolError
from ..log import get_logger

log = get_logger("writer.review")

AUTHOR = "Marginalia"
PROFILE = "/org.openoffice.UserProfile/Data"


def author_name(context) -> str:
    """``Marginalia (<model>)``, or ``Marginalia`` when the model is unknown."""
    model = _option(context, "model")
    return "%s (%s)" % (AUTHOR, model) if model else AUTHOR


def review_mode(context) -> bool:
    """True when the assistant's edits must be recorded as tracked changes."""
    return bool(_option(context, "review_mode"))


def _option(context, name: str):
    options = context.options or {}
    if name in options:
        return options[name]
    if context.office is None:
        return None
    try:
        from .. import settings_store
        if name == "review_mode":
            return settings_store.read_group(context.office, "Writer").get("ReviewMode", False)
        return settings_store.read_endpoint(context.office).get("Model", "")
    except Exception:
        log.debug("setting %s not readable", name, exc_info=True)
        return None


def require_writable(document) -> None:
    """Raise a ToolError when ``document`` is read-only."""
    if document.isReadonly():
        raise ToolError("The document is open read-only, so it cannot be changed. Tell the user: they can use "
                        "Edit > Edit Mode (or save a copy) and ask again.")


@contextmanager
def editing(context):
    """Run one tool's changes: refuse read-only documents, record in review mode, author as Marginalia."""
    document = context.document
    require_writable(document)
    recording_before = bool(document.getPropertyValue("RecordChanges"))
    if review_mode(context) and not recording_before:
        document.setPropertyValue("RecordChanges", True)
    try:
        if document.getPropertyValue("RecordChanges"):
            with authored_as(context.office, author_name(context)):
                yield
        else:
            yield
    finally:
        if bool(document.getPropertyValue("RecordChanges")) != recording_before:
            document.setPropertyValue("RecordChanges", recording_before)


@contextmanager
def authored_as(ctx, author: str):
    """Make ``author`` the author of changes recorded inside the block (user profile swapped, then restored)."""
    access = _profile(ctx) if ctx is not None else None
    if access is None:
        yield
        return
    saved = {name: access.getByName(name) for name in ("givenname", "sn")}
    access.replaceByName("givenname", author)
    access.replaceByName("sn", "")
    access.commitChanges()
    try:
        yield
    finally:
        for name, value in saved.items():
            access.replaceByName(name, value)
        access.commitChanges()


def _profile(ctx):
    try:
        provider = ctx.ServiceManager.createInstanceWithContext(
            "com.sun.star.configuration.ConfigurationProvider", ctx)
        arg = PropertyValue()
        arg.Name, arg.Value = "nodepath", PROFILE
        return provider.createInstanceWithArguments("com.sun.star.configuration.ConfigurationUpdateAccess", (arg,))
    except Exception:
        log.warning("the user profile is not writable; changes keep the user's name", exc_info=True)
        return None
