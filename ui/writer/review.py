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

from com.sun.star.beans import PropertyValue

from ...core.agent.tools import ToolError
from ..office.log import get_logger

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
    """A per-turn option the turn read from the settings when it started (``model``, ``review_mode``)."""
    return (context.options or {}).get(name)


def require_writable(document) -> None:
    """Raise a ToolError when ``document`` is read-only."""
    if document.isReadonly():
        raise ToolError("The document is open read-only, so it cannot be changed. Tell the user: they can use "
                        "Edit > Edit Mode (or save a copy) and ask again.")


class editing:  # noqa: N801 (used like a function: ``with editing(context):``)
    """Run one tool's changes: refuse read-only documents, record in review mode, author as Marginalia.

    A class, not a generator: contextlib would try to set ``__traceback__`` on UNO
    exceptions, which pyuno does not allow, and hide the real error.
    """

    def __init__(self, context):
        self._context = context
        self._document = context.document
        self._recording_before = False
        self._author = None
        self.recording = False
        """True while the changes are recorded as tracked changes."""

    def __enter__(self):
        document = self._document
        require_writable(document)
        self._recording_before = bool(document.getPropertyValue("RecordChanges"))
        if review_mode(self._context) and not self._recording_before:
            document.setPropertyValue("RecordChanges", True)
        self.recording = bool(document.getPropertyValue("RecordChanges"))
        if self.recording:
            self._author = AuthorSwap(self._context.office, author_name(self._context))
            self._author.start()
        document.lockControllers()  # no view updates between the single edits of a call
        return self

    def __exit__(self, kind, value, traceback):
        try:
            self._document.unlockControllers()
            if self._author is not None:
                self._author.stop()
        finally:
            if bool(self._document.getPropertyValue("RecordChanges")) != self._recording_before:
                self._document.setPropertyValue("RecordChanges", self._recording_before)
        return False


class AuthorSwap:
    """Make ``author`` the author of changes recorded meanwhile (the user profile name, swapped then restored)."""

    def __init__(self, ctx, author: str):
        self._access = _profile(ctx) if ctx is not None else None
        self._author = author
        self._saved = None

    def start(self) -> None:
        """Put the author's name into the user profile."""
        if self._access is None:
            return
        self._saved = {name: self._access.getByName(name) for name in ("givenname", "sn")}
        self._access.replaceByName("givenname", self._author)
        self._access.replaceByName("sn", "")
        self._access.commitChanges()

    def stop(self) -> None:
        """Restore the user's own name."""
        if self._access is None or self._saved is None:
            return
        for name, value in self._saved.items():
            self._access.replaceByName(name, value)
        self._access.commitChanges()
        self._saved = None


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
