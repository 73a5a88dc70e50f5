"""API keys in LibreOffice's password container, one per endpoint, never in settings files.

A key is stored with ``com.sun.star.task.PasswordContainer.addPersistent`` under the
endpoint's normalized base URL and the user name ``marginalia``. LibreOffice keeps it
encrypted in the profile: with the user's master password when one is set (LibreOffice
then asks for it once per session, through the interaction handler), otherwise with
LibreOffice's built-in default master password. The raw key never appears in any file
of the profile, and Marginalia never logs it.

To store anything persistently, the container's "save passwords" mode must be on; it is
off in a fresh profile. Storing a key turns it on, and when the user has no master
password, selects LibreOffice's default one, exactly as unticking "Protected by a
master password" in Tools ▸ Options ▸ LibreOffice ▸ Security does. The user can set a
real master password there at any time; stored keys are re-encrypted with it.

Reading never deletes and storing never removes first: when the master password is not
entered (nobody is there, or the dialog was cancelled), :func:`find_key` and
:func:`store_key` raise :class:`StoreLocked` and the stored key stays as it was.

Call these from the office's main thread: asking for the master password shows a dialog.
"""
from __future__ import annotations

import uno  # noqa: F401  (installs the com.sun.star import hook)
from com.sun.star.beans import PropertyValue
from com.sun.star.task import NoMasterException

from ...core.errors import InvalidUrlError
from ...core.i18n import _
from ...core.llm.url_normalize import normalize_base_url
from ..office.log import get_logger

USER_NAME = "marginalia"
CONTAINER = "com.sun.star.task.PasswordContainer"
HANDLER = "com.sun.star.task.InteractionHandler"

log = get_logger("keys")


class StoreLocked(Exception):
    """A key is stored but cannot be read or replaced now: LibreOffice's master password was not entered."""


def key_url(base_url: str) -> str:
    """The URL a key is filed under: the normalized base URL (any pasted form works)."""
    try:
        return normalize_base_url(base_url).base_url
    except InvalidUrlError:
        return (base_url or "").strip()


def _container(ctx):
    return ctx.ServiceManager.createInstanceWithContext(CONTAINER, ctx)


def _handler(ctx, parent=None):
    if parent is None:
        return ctx.ServiceManager.createInstanceWithContext(HANDLER, ctx)
    arg = PropertyValue()
    arg.Name, arg.Value = "Parent", parent
    return ctx.ServiceManager.createInstanceWithArgumentsAndContext(HANDLER, (arg,), ctx)


def _enable_persistent_storage(container, handler) -> None:
    """Turn on persistent storing; use the default master password if there is none."""
    if not container.isPersistentStoringAllowed():
        container.allowPersistentStoring(True)
        log.info("turned on persistent password storing to keep an API key")
    if not container.hasMasterPassword():
        container.useDefaultMasterPassword(handler)


def store_key(ctx, base_url: str, key: str, parent=None) -> None:
    """Keep ``key`` for the endpoint ``base_url``; an empty key deletes the stored one.

    The new key replaces the old one in one step: when it cannot be stored, the old one stays.

    Args:
        ctx: The office's component context.
        base_url: The endpoint URL, in any form a user may type.
        key: The API key ("" removes it).
        parent: A window to parent the master-password dialog to, if one is needed.

    Raises:
        StoreLocked: The master password was not entered (the old key is kept).
    """
    key = (key or "").strip()
    if not key:
        delete_key(ctx, base_url)
        return
    container, handler = _container(ctx), _handler(ctx, parent)
    _enable_persistent_storage(container, handler)
    url = key_url(base_url)
    try:
        container.addPersistent(url, USER_NAME, (key,), handler)  # replaces this user's entry for the URL
    except NoMasterException as error:
        log.warning("the key for %s was not stored: the master password was not entered", url)
        raise StoreLocked(url) from error
    log.info("stored the API key for %s", url)


def find_key(ctx, base_url: str, parent=None, ask: bool = True) -> str:
    """The key stored for exactly this endpoint, or "" when none is stored.

    Args:
        ctx: The office's component context.
        base_url: The endpoint URL, in any form.
        parent: Window to parent the master-password dialog to.
        ask: False never shows the master-password dialog.

    Raises:
        StoreLocked: A key is stored but the master password was not entered (with ``ask``
            False: not entered earlier in this session).
    """
    url = key_url(base_url)
    if not url:
        return ""
    quiet = not ask and protection(ctx) == "master"
    try:
        record = _container(ctx).findForName(url, USER_NAME, None if quiet else _handler(ctx, parent))
    except NoMasterException as error:
        raise StoreLocked(url) from error
    if record is None or record.Url != url:  # the container also matches parent/child URLs
        return ""
    users = [user for user in record.UserList if user.UserName == USER_NAME]
    for user in users:
        if user.Passwords:
            return user.Passwords[0]
    if users:  # the entry is there, but the store could not decrypt it (the container says so no other way)
        raise StoreLocked(url)
    return ""


def read_key(ctx, base_url: str, parent=None, ask: bool = True) -> str:
    """The key to send to this endpoint: as :func:`find_key`, but "" when the store is locked.

    For using a key only, never for deciding whether one is stored (that is :func:`find_key`).
    """
    try:
        return find_key(ctx, base_url, parent, ask)
    except Exception as error:  # StoreLocked, or the store's own failure: no key to send this time
        log.warning("the API key for %s could not be read: %s", key_url(base_url), type(error).__name__)
        return ""


def delete_key(ctx, base_url: str) -> None:
    """Forget the key stored for the endpoint (nothing happens when there is none)."""
    url = key_url(base_url)
    if url:
        _container(ctx).removePersistent(url, USER_NAME)


def protection(ctx) -> str:
    """How stored keys are protected: ``master`` (the user's master password), ``default``
    (LibreOffice's built-in one) or ``off`` (no key has been stored yet)."""
    container = _container(ctx)
    if not container.isPersistentStoringAllowed() or not container.hasMasterPassword():
        return "off"
    return "default" if container.isDefaultMasterPasswordUsed() else "master"


def protection_note(kind: str) -> str:
    """The settings dialog's note on how the key is kept, for a :func:`protection` answer."""
    if kind == "master":
        return _("Kept in LibreOffice's password store, encrypted with your master password.")
    return _("Kept encrypted in LibreOffice's password store, not in settings files. A master "
             "password (Options ▸ LibreOffice ▸ Security) protects it.")
