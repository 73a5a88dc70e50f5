"""Drive Marginalia's sidebar panel from a test, the way a user would."""
from __future__ import annotations

import time
from contextlib import contextmanager

import officectl

DECK_ID = "MarginaliaDeck"
PANEL_ID = "MarginaliaChatPanel"


def wait_until(predicate, timeout: float = 10.0, interval: float = 0.02, message: str = "condition"):
    """Poll ``predicate`` until it returns a truthy value; return it or fail."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("timed out after %.1f s waiting for %s" % (timeout, message))
        time.sleep(interval)


class Panel:
    """The chat panel of one document's sidebar."""

    def __init__(self, doc):
        self.doc = doc
        self.frame = doc.getCurrentController().getFrame()
        self.dialog = None

    def open(self) -> "Panel":
        sidebar = self.doc.getCurrentController().getSidebar()
        sidebar.setVisible(True)
        # after being hidden, the sidebar lists its decks again only a moment later (over 10 s once on a loaded
        # machine: test_panel_layout's reopening failed so in a random-order run, and passed in the same order again)
        wait_until(lambda: DECK_ID in sidebar.getDecks().getElementNames(), timeout=30.0, message="the deck list")
        deck = sidebar.getDecks().getByName(DECK_ID)
        if not deck.isActive():
            deck.activate(True)
        self.dialog = deck.getPanels().getByName(PANEL_ID).getDialog()
        return self

    def control(self, name: str):
        return self.dialog.getControl(name)

    def type(self, text: str) -> None:
        self.control("input").setText(text)

    def press(self, name: str) -> bool:
        return self.control(name).getAccessibleContext().doAccessibleAction(0)

    def send(self, text: str, timeout: float = 10.0, expect_turn: bool = True) -> None:
        """Type ``text`` and press Send; return once the panel has taken the message.

        The button's action runs asynchronously (as after a real click), so this waits
        until the input is empty and, when a turn is expected, until the message shows
        in the transcript as the user's.
        """
        # the panel sends the text without outer whitespace; the transcript breaks very long lines
        marker = ("You\n" + text.strip()).replace("\n", "")
        shown = lambda: self.transcript().replace("\n", "").count(marker)  # noqa: E731
        before = shown()
        self.type(text)
        assert self.press("send")
        wait_until(lambda: self.control("input").getText() == "", timeout, message="Send to take the message")
        if expect_turn:
            wait_until(lambda: shown() > before, timeout, message="the turn to start")

    def transcript(self) -> str:
        return self.control("transcript").getText()

    def status(self) -> str:
        return self.control("status").getText()

    def enabled(self, name: str) -> bool:
        return bool(self.control(name).isEnabled())

    def wait_idle(self, timeout: float = 15.0) -> None:
        """Wait until the turn has ended (Send enabled, Stop disabled)."""
        wait_until(lambda: self.enabled("send") and not self.enabled("stop"), timeout, message="the turn to end")

    def wait_busy(self, timeout: float = 10.0) -> None:
        wait_until(lambda: self.enabled("stop"), timeout, message="the turn to start")


def set_settings(ctx, group: str, **values) -> None:
    """Write Marginalia settings through LibreOffice's configuration API."""
    officectl.write_settings(ctx, group, **values)


@contextmanager
def endpoint_at(ctx, url: str, model: str = "m"):
    """Point Marginalia at the server ``url`` (model ``model``) until the block ends, then unset it."""
    set_settings(ctx, "Endpoint", URL=url, Model=model)
    try:
        yield
    finally:
        set_settings(ctx, "Endpoint", URL="", Model="")
