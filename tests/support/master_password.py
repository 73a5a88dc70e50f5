"""A real LibreOffice master password on the office's password store, set and entered through the API.

The office's own master-password dialog turns what the user types into a 32-digit hex
key (PBKDF2 of the typed text) and hands that key to the password store; the store
encrypts with the key and never checks how it was made. :class:`MasterPasswordHandler`
is the interaction handler a test passes instead: it answers the store's master-password
request with :data:`MASTER_KEY` (made the same way from a phrase), or cancels it, as a
user who closes the dialog does. In a headless office the office's own handler cancels
every such dialog at once, which is what "nobody is there to enter it" looks like.
"""
import hashlib

import unohelper
from com.sun.star.task import XInteractionHandler

CONTAINER = "com.sun.star.task.PasswordContainer"
MASTER_KEY = hashlib.pbkdf2_hmac("sha1", b"correct horse", b"3B5509ABA6BC42D9A3A1F3DAD49E56A51", 1000, 16).hex()


class MasterPasswordHandler(unohelper.Base, XInteractionHandler):
    """Answers the master-password request with ``key`` (None: cancels it); counts the requests."""

    def __init__(self, key=MASTER_KEY):
        self.key = key
        self.requests = 0

    def handle(self, request):
        self.requests += 1
        continuations = request.getContinuations()
        for continuation in continuations:
            if self.key is not None and hasattr(continuation, "setPassword"):
                continuation.setPassword(self.key)
                continuation.select()
                return
        for continuation in continuations:
            names = [kind.typeName for kind in continuation.getTypes()]
            if "com.sun.star.task.XInteractionAbort" in names:
                continuation.select()
                return


def container(ctx):
    """The office's password store (one per office process)."""
    return ctx.ServiceManager.createInstanceWithContext(CONTAINER, ctx)


def set_master_password(ctx) -> None:
    """Protect the office's password store with a master password of our own (entered for this session)."""
    store = container(ctx)
    store.allowPersistentStoring(True)
    assert store.changeMasterPassword(MasterPasswordHandler())
    assert store.hasMasterPassword() and not store.isDefaultMasterPasswordUsed()


def enter_master_password(ctx) -> None:
    """Enter the master password, as the user does when LibreOffice asks for it: the store opens."""
    assert container(ctx).authorizateWithMasterPassword(MasterPasswordHandler())
