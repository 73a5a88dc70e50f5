"""Asking for Settings again: one dialog at a time, and no request lost while one closes.

The office tests dispatch the real command to a real office with windows (Xvfb). The
last three drive the opener through the real main-thread pump with a stand-in dialog: the
moments they cover (a request handled inside the dialog's own modal loop as it shows or
closes, or while it is being made) cannot be timed from outside the office.
"""
import time
from types import SimpleNamespace

from marginalia.core.loop.pump import MessagePump
from marginalia.ui.settings.command import SettingsOpener
from support.office_fixtures import marginalia_log
from support.panel import wait_until
from support.settings_driver import TITLE, SettingsDialogDriver, dispatch, find_top_window
from support.top_windows import title_of, toolkit


def settings_windows(ctx):
    kit = toolkit(ctx)
    windows = [kit.getTopWindow(i) for i in range(kit.getTopWindowCount())]
    return [w for w in windows if title_of(w) == TITLE and w.isVisible()]


def test_asking_again_while_the_dialog_shows_keeps_one_dialog(gui_office, gui_writer):
    frame = gui_writer.getCurrentController().getFrame()
    log_before = len(marginalia_log(gui_office))
    driver = SettingsDialogDriver.open(gui_office.ctx, gui_writer, gui_office.display)
    try:
        dispatch(gui_office.ctx, frame, "org.marginalia:Settings")
        dispatch(gui_office.ctx, frame, "org.marginalia:Settings")
        wait_until(lambda: marginalia_log(gui_office)[log_before:].count("already open: brought to the front") == 2,
                   10, message="both requests to reach the open dialog")
        assert len(settings_windows(gui_office.ctx)) == 1
    finally:
        driver.close()
    time.sleep(1.0)
    assert find_top_window(gui_office.ctx) is None  # nothing was kept to open again later


def test_asking_right_as_the_dialog_closes_opens_it_again(gui_office, gui_writer):
    frame = gui_writer.getCurrentController().getFrame()
    for _ in range(5):
        driver = SettingsDialogDriver.open(gui_office.ctx, gui_writer, gui_office.display)
        driver.press("cancel")
        wait_until(lambda: not driver.window.isVisible(), 10, message="the dialog to start closing")
        dispatch(gui_office.ctx, frame, "org.marginalia:Settings")  # before the first has gone
        time.sleep(0.5)
        again = wait_until(lambda: (lambda w: w if w is not None and w != driver.window else None)(
            find_top_window(gui_office.ctx)), 10, message="the dialog to open again")
        SettingsDialogDriver(gui_office.ctx, again, gui_office.display).close()
        time.sleep(0.5)
        assert find_top_window(gui_office.ctx) is None


class StandInDialog:
    """Runs like the settings dialog; its modal loop handles one more Settings request."""

    def __init__(self, opener, ask_again_when):
        self.opener, self.ask_again_when = opener, ask_again_when
        self.hidden = False
        self.raised = 0

    def run(self) -> int:
        if self.ask_again_when == "closing":
            self.hidden = True  # OK or Cancel was pressed: the window went away
        if self.ask_again_when in ("closing", "showing"):
            self.opener.open(None)  # the pump's wake runs it here, inside the modal loop
        return 0

    def closing(self) -> bool:
        return self.hidden

    def to_front(self) -> None:
        self.raised += 1


def opener_with_stand_ins(ask_again_when):
    pump = MessagePump(pump_ui=lambda: None, wake=lambda: pump.drain())  # every wake runs at once
    built = []

    def make_dialog(app, parent):
        if ask_again_when == "building" and not built:
            opener.open(None)  # a request handled while the dialog is being made
        built.append(StandInDialog(opener, ask_again_when if not built else None))
        return built[-1]

    opener = SettingsOpener(SimpleNamespace(pump=pump), make_dialog)
    return opener, built


def test_a_request_inside_the_closing_dialogs_loop_opens_the_dialog_once_more():
    opener, built = opener_with_stand_ins("closing")
    opener.open(None)
    assert len(built) == 2 and built[0].raised == 0


def test_a_request_inside_the_showing_dialogs_loop_raises_it():
    opener, built = opener_with_stand_ins("showing")
    opener.open(None)
    assert len(built) == 1 and built[0].raised == 1


def test_a_request_while_the_dialog_is_being_made_opens_nothing_more():
    opener, built = opener_with_stand_ins("building")
    opener.open(None)
    assert len(built) == 1 and built[0].raised == 0
