"""The settings dialog in a real office window (Xvfb): opening, fields, checks, saving.

How the modal dialog is driven without blocking the test is described in
tests/support/settings_driver.py.
"""
import pytest

from marginalia.ui import keys
from officectl import read_settings, write_settings
from support.personalities import OllamaLike, OpenAILike, PersonalityServer
from support.settings_driver import SettingsDialogDriver

DEFAULT_ENDPOINT = dict(URL="", Model="", Preset="", CaFile="", PinnedCertificate="", RequestTimeout=120)
DEFAULT_CHAT = dict(Temperature=-1.0, MaxTokens=0, MaxToolRounds=15, ExtraInstructions="")


@pytest.fixture
def gui_writer(gui_office):
    doc = gui_office.new_document("swriter")
    yield doc
    gui_office.close_document(doc)


@pytest.fixture
def fresh_settings(gui_office):
    write_settings(gui_office.ctx, "Endpoint", **DEFAULT_ENDPOINT)
    write_settings(gui_office.ctx, "Chat", **DEFAULT_CHAT)
    yield gui_office
    write_settings(gui_office.ctx, "Endpoint", **DEFAULT_ENDPOINT)
    write_settings(gui_office.ctx, "Chat", **DEFAULT_CHAT)


@pytest.fixture
def dialog(gui_office, gui_writer, fresh_settings):
    opened = []

    def open_dialog():
        driver = SettingsDialogDriver.open(gui_office.ctx, gui_writer)
        opened.append(driver)
        return driver

    yield open_dialog
    for driver in opened:
        driver.close()


def test_opens_with_the_stored_settings_and_reads_the_model_list(gui_office, dialog):
    with PersonalityServer(OpenAILike()) as server:
        write_settings(gui_office.ctx, "Endpoint", URL=server.base_url, Model="gpt-test-mini")
        write_settings(gui_office.ctx, "Chat", Temperature=0.25, MaxToolRounds=7)
        driver = dialog()
        assert driver.text("url") == server.base_url
        assert driver.text("url_info") == "Requests go to %s/chat/completions" % server.base_url
        assert driver.text("model") == "gpt-test-mini"
        assert (driver.text("temperature"), driver.text("max_tokens"), driver.text("max_rounds")) == ("0.25", "", "7")
        assert driver.selected("preset") == "Other OpenAI-compatible server"
        driver.wait_text("model_info", lambda t: t == "2 models on the server.")
        assert driver.items("model") == ["gpt-test", "gpt-test-mini"]
        assert driver.text("model") == "gpt-test-mini"  # the choice is kept
