"""The settings dialog in a real office window (Xvfb): opening, fields, checks, saving.

How the modal dialog is driven without blocking the test is described in
tests/support/settings_driver.py.
"""
import os

import pytest

from marginalia.ui.settings import keys
from officectl import read_settings, write_settings
from support.personalities import OllamaLike, OpenAILike, PersonalityServer
from support.settings_driver import SettingsDialogDriver

SCREENSHOTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "artifacts", "screenshots")
DEFAULT_ENDPOINT = dict(URL="", Model="", Preset="", CaFile="", PinnedCertificate="", RequestTimeout=120, Api="auto")
DEFAULT_CHAT = dict(Temperature=-1.0, MaxTokens=0, MaxToolRounds=15, ExtraInstructions="", Pictures="auto")
NOT_READABLE = None
"""What the driver reads from a drop-down list whose control has no accessible context (LibreOffice 26.8):
nothing else shows a test a list's entries or choice there (docs/libreoffice-versions.md)."""
PRESET_LABELS = ["Ollama", "LM Studio", "llama.cpp server", "vLLM", "OpenRouter", "OpenAI",
                 "Other OpenAI-compatible server"]
PICTURE_LABELS = ["Automatic: when Ollama says the model sees images", "Send them: the model takes images",
                  "Never: the layout check in words only"]


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
        driver = SettingsDialogDriver.open(gui_office.ctx, gui_writer, gui_office.display)
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
        assert driver.selected("preset") in ("Other OpenAI-compatible server", NOT_READABLE)
        driver.wait_text("model_info", lambda t: t == "2 models on the server.")
        assert driver.items("model") in (["gpt-test", "gpt-test-mini"], NOT_READABLE)
        assert driver.text("model") == "gpt-test-mini"  # the choice is kept


def test_slide_pictures_are_automatic_by_default_and_the_choice_is_saved(gui_office, dialog):
    driver = dialog()
    assert driver.selected("pictures") in (PICTURE_LABELS[0], NOT_READABLE)
    assert driver.items("pictures") in (PICTURE_LABELS, NOT_READABLE)
    driver.select("pictures", PICTURE_LABELS[1])
    driver.press("ok")
    driver.wait_closed()
    assert read_settings(gui_office.ctx, "Chat")["Pictures"] == "on"
    again = dialog()
    assert again.selected("pictures") in (PICTURE_LABELS[1], NOT_READABLE)
    again.press("cancel")
    again.wait_closed()


def test_choosing_a_preset_fills_the_address(dialog):
    driver = dialog()
    driver.select("preset", "LM Studio")
    driver.wait_text("url", lambda t: t == "http://127.0.0.1:1234/v1")
    assert driver.text("url_info") == "Requests go to http://127.0.0.1:1234/v1/chat/completions"
    assert driver.items("preset") in (PRESET_LABELS, NOT_READABLE)


def test_a_pasted_address_is_normalized_shown_and_picks_its_preset(dialog):
    driver = dialog()
    driver.set_text("url", "localhost:11434/api/chat")
    assert driver.text("url_info") == "Requests go to http://localhost:11434/api/chat (Ollama's native API)"
    assert driver.selected("preset") in ("Ollama", NOT_READABLE)
    driver.set_text("url", "192.168.1.20:8000")
    assert driver.text("url_info") == ("Requests go to http://192.168.1.20:8000/v1/chat/completions. Added http:// "
                                       "in front of the address. Added /v1, where OpenAI-compatible servers answer.")
    assert driver.selected("preset") in ("vLLM", NOT_READABLE)
    driver.set_text("url", "http://localhost:99999/v1")
    assert driver.text("url_error") == 'The port in "http://localhost:99999/v1" is not a number from 1 to 65535.'
    assert driver.text("url_info") == ""


def test_wrong_values_get_a_message_next_to_their_field_and_nothing_is_saved(gui_office, dialog):
    driver = dialog()
    driver.set_text("url", "http://127.0.0.1:8080/v1")
    driver.set_text("temperature", "hot")
    driver.set_text("max_rounds", "0")
    driver.set_text("timeout", "2")
    driver.press("ok")
    driver.wait_text("temperature_error", lambda t: t == "Enter a number from 0 to 2.")
    assert driver.text("max_rounds_error") == "Must be from 1 to 100."
    assert driver.text("timeout_error") == "Must be from 5 to 3,600."
    assert driver.text("max_tokens_error") == ""
    assert driver.is_open
    assert read_settings(gui_office.ctx, "Endpoint")["URL"] == ""
    assert read_settings(gui_office.ctx, "Chat")["MaxToolRounds"] == 15
    driver.set_text("temperature", "0,4")
    driver.set_text("max_rounds", "3")
    driver.set_text("timeout", "")
    driver.press("ok")
    driver.wait_closed()
    chat = read_settings(gui_office.ctx, "Chat")
    assert abs(chat["Temperature"] - 0.4) < 1e-9 and chat["MaxToolRounds"] == 3
    endpoint = read_settings(gui_office.ctx, "Endpoint")
    assert endpoint["URL"] == "http://127.0.0.1:8080/v1" and endpoint["RequestTimeout"] == 120
    assert endpoint["Preset"] == "llamacpp"


def test_ok_saves_settings_and_the_key_and_the_chat_uses_them(gui_office, gui_writer, dialog):
    from support.panel import Panel
    key = "sk-dialog-0123456789abcdefXYZ"
    personality = OpenAILike()
    personality.api_key, personality.call_tools = key, False
    with PersonalityServer(personality) as server:
        driver = dialog()
        driver.set_text("url", server.base_url + "/chat/completions")
        driver.set_text("key", key)
        driver.set_text("model", "gpt-test-mini")
        driver.set_text("max_tokens", "321")
        driver.set_text("extra", "Always answer in French.")
        driver.press("ok")
        driver.wait_closed()
        try:
            assert keys.read_key(gui_office.ctx, server.base_url) == key
            endpoint = read_settings(gui_office.ctx, "Endpoint")
            assert endpoint["URL"] == server.base_url and endpoint["Model"] == "gpt-test-mini"
            assert key not in str(endpoint) and key not in str(read_settings(gui_office.ctx, "Chat"))
            panel = Panel(gui_writer).open()
            panel.send("Bonjour")
            panel.wait_idle()
            request = server.chat_requests()[-1]
            assert request.headers["Authorization"] == "Bearer " + key
            assert request.json()["max_tokens"] == 321
            assert "Always answer in French." in request.json()["messages"][0]["content"]
            assert os.path.exists(gui_office.profile_path("user", "marginalia", "marginalia.log"))
            found = [path for path in profile_files(gui_office.profile_path()) if key_in(path, key)]
            assert found == []  # neither settings, nor log, nor password store hold it in plain text
        finally:
            keys.delete_key(gui_office.ctx, server.base_url)


def test_cancel_saves_nothing(gui_office, dialog):
    driver = dialog()
    driver.set_text("url", "http://127.0.0.1:8000/v1")
    driver.set_text("key", "sk-cancelled-key-000000000")
    driver.press("cancel")
    driver.wait_closed()
    assert read_settings(gui_office.ctx, "Endpoint")["URL"] == ""
    assert keys.read_key(gui_office.ctx, "http://127.0.0.1:8000/v1") == ""


def test_test_button_reports_in_plain_words_and_recognises_ollama(gui_office, dialog):
    with PersonalityServer(OllamaLike()) as server:
        driver = dialog()
        driver.set_text("url", "127.0.0.1:%d" % server.port)
        driver.press("test")
        driver.wait_text("test_status", lambda t: t == "✓ Works.", timeout=20)
        report = driver.text("report")
        assert report.startswith("Connected to Ollama 0.5.7 at http://127.0.0.1:%d/v1: model qwen3:8b, "
                                 "40,960-token context, streaming: yes, structured tool calls: yes" % server.port)
        assert "✓ Tool calls come back as structured tool_calls." in report
        assert driver.selected("preset") in ("Ollama", NOT_READABLE)
        assert driver.text("model") == "qwen3:8b"  # the check's choice fills the empty model
        assert driver.text("test") == "Test"
        driver.press("ok")
        driver.wait_closed()
    assert read_settings(gui_office.ctx, "Endpoint")["Preset"] == "ollama"  # the list's choice, also where unreadable


def test_test_finds_an_endpoint_that_speaks_only_the_responses_api_and_ok_saves_it(gui_office, dialog):
    from support.responses_server import ResponsesServer
    with ResponsesServer() as server:
        driver = dialog()
        driver.set_text("url", server.base_url)
        driver.set_text("model", "resp-model")
        driver.press("test")
        driver.wait_text("test_status", lambda t: t == "✓ Works, with notes below.", timeout=20)
        report = driver.text("report")
        assert report.startswith("Connected to an OpenAI-compatible server at %s: model resp-model, context size "
                                 "unknown, streaming: yes, API: Responses" % server.base_url), report
        assert "Chats go to %s/responses (the Responses API)." % server.base_url in report
        driver.press("ok")
        driver.wait_closed()
    assert read_settings(gui_office.ctx, "Endpoint")["Api"] == "responses"


def test_a_new_address_saved_without_test_goes_back_to_automatic(gui_office, dialog):
    write_settings(gui_office.ctx, "Endpoint", URL="http://127.0.0.1:8000/v1", Model="m", Api="responses")
    driver = dialog()
    driver.set_text("url", "http://127.0.0.1:8001/v1")
    driver.press("ok")
    driver.wait_closed()
    assert read_settings(gui_office.ctx, "Endpoint")["Api"] == "auto"


def test_test_button_reports_a_dead_port(dialog):
    from support.office import free_port
    port = free_port()
    driver = dialog()
    driver.set_text("url", "http://127.0.0.1:%d/v1" % port)
    driver.set_text("model", "m")
    driver.press("test")
    driver.wait_text("test_status", lambda t: t == "✗ Not working: see below.", timeout=20)
    report = driver.text("report")
    assert report.startswith("Could not connect to 127.0.0.1:%d: nothing is listening there." % port)
    assert not driver.enabled("trust")


def test_the_model_list_loads_in_the_background_and_the_office_stays_responsive(gui_office, gui_writer, dialog):
    import time
    from support.scripted_server import json_reply
    with PersonalityServer(OpenAILike()) as server:
        slow = json_reply({"data": [{"id": "slow-model"}]})
        slow.delay = 3.0
        server.enqueue(slow, slow, path="/v1/models")  # the panel's model picker may ask first
        write_settings(gui_office.ctx, "Endpoint", URL=server.base_url, Model="")
        started = time.monotonic()
        driver = dialog()
        assert driver.shown_after < 2.0  # the dialog did not wait for the list
        assert driver.text("model_info") == "Reading the model list…"
        latencies = []
        while driver.text("model_info") == "Reading the model list…" and time.monotonic() - started < 10:
            before = time.monotonic()
            gui_writer.getText().getString()  # any call into the office while the dialog runs
            latencies.append(time.monotonic() - before)
            time.sleep(0.05)
        assert driver.text("model_info") == "1 model on the server."
        assert driver.text("model") == "slow-model"  # no model was set: the first one is proposed
        assert len(latencies) >= 10 and max(latencies) < 1.0, latencies  # never waited for the 2 s list


def test_a_self_signed_certificate_can_be_trusted_from_the_dialog(gui_office, dialog, tmp_path):
    from support.certs import make_certificates, openssl_available
    from support.tls_server import TlsServer
    if not openssl_available():
        pytest.skip("openssl is not installed")
    certs = make_certificates(str(tmp_path))
    with TlsServer(*certs.pair("self_signed")) as server:
        driver = dialog()
        driver.set_text("url", server.url + "/v1")
        driver.set_text("model", "tls-model")
        driver.press("test")
        driver.wait_text("test_status", lambda t: t == "✗ Not working: see below.", timeout=20)
        report = driver.text("report")
        assert report.startswith("127.0.0.1 uses a self-signed certificate that this computer does not trust.")
        assert driver.enabled("trust")
        driver.press("trust")
        driver.wait_text("report", lambda t: t.startswith("This certificate will be trusted"))
        driver.press("test")
        driver.wait_text("test_status", lambda t: t.startswith("✓ Works"), timeout=20)
        assert driver.text("report").startswith("Connected to an OpenAI-compatible server at https://127.0.0.1")
        driver.press("ok")
        driver.wait_closed()
    pinned = read_settings(gui_office.ctx, "Endpoint")["PinnedCertificate"]
    assert pinned.replace(":", "").lower() == certs.fingerprints["self_signed"]


def test_screenshot_of_the_dialog_after_a_test(gui_office, gui_writer, dialog):
    from officectl import screenshot
    with PersonalityServer(OllamaLike()) as server:
        write_settings(gui_office.ctx, "Endpoint", URL="http://127.0.0.1:%d/v1" % server.port,
                       Model="qwen3:8b", Preset="ollama")
        driver = dialog()
        driver.wait_text("model_info", lambda t: t == "2 models on the server.")
        driver.press("test")
        driver.wait_text("test_status", lambda t: t == "✓ Works.", timeout=20)
        driver.move_pointer_away()  # no tooltip in the picture
        path = os.path.join(SCREENSHOTS, "settings-dialog.png")  # for the README
        screenshot(gui_office.display, path)
    assert os.path.getsize(path) > 20000


def test_first_run_proposes_a_server_running_on_this_computer(gui_office, dialog):
    from support.port_forward import PortForwarder, port_is_free
    if not port_is_free(1234):
        pytest.skip("port 1234 (LM Studio's) is in use on this machine")
    for port in (11434, 8080, 8000):  # a server on an earlier candidate's port would be proposed first
        if not port_is_free(port):
            pytest.skip("port %d is in use on this machine" % port)
    with PersonalityServer(OpenAILike()) as server, PortForwarder(1234, server.port):
        driver = dialog()  # no address stored: a first run
        driver.wait_text("url", lambda t: t == "http://127.0.0.1:1234/v1")
        assert driver.selected("preset") in ("LM Studio", NOT_READABLE)
        driver.wait_text("model_info", lambda t: t == "2 models on the server.")
        assert driver.text("report") == "Found LM Studio running on this computer (2 models). Press Test to check it, then OK."
        driver.press("ok")
        driver.wait_closed()
    endpoint = read_settings(gui_office.ctx, "Endpoint")
    assert (endpoint["URL"], endpoint["Preset"], endpoint["Model"]) == ("http://127.0.0.1:1234/v1", "lmstudio", "gpt-test")


def test_the_marginalia_menu_has_settings(gui_office):
    import uno  # noqa: F401
    from com.sun.star.beans import PropertyValue
    provider = gui_office.service("com.sun.star.configuration.ConfigurationProvider")
    arg = PropertyValue()
    arg.Name, arg.Value = "nodepath", "/org.openoffice.Office.Addons/AddonUI/OfficeMenuBar/org.marginalia.menubar/Submenu"
    submenu = provider.createInstanceWithArguments("com.sun.star.configuration.ConfigurationAccess", (arg,))
    entries = {submenu.getByName(n).getByName("URL"): submenu.getByName(n).getByName("Title")
               for n in submenu.getElementNames()}
    assert entries["org.marginalia:Settings"] == "~Settings…"


def test_the_panels_settings_button_opens_the_dialog(gui_office, gui_writer, fresh_settings):
    from support.panel import Panel
    panel = Panel(gui_writer).open()
    assert panel.press("settings")
    driver = SettingsDialogDriver(gui_office.ctx, wait_until_open(gui_office.ctx), gui_office.display)
    try:
        assert driver.text("ok") == "OK"
    finally:
        driver.close()


def wait_until_open(ctx):
    from support.panel import wait_until
    from support.settings_driver import find_top_window
    return wait_until(lambda: find_top_window(ctx), 15, message="the settings dialog")


def profile_files(folder):
    for directory, _, files in os.walk(folder):
        for name in files:
            yield os.path.join(directory, name)


def key_in(path, key):
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return False
    return key.encode() in data or key.encode("utf-16-le") in data


def test_a_running_test_can_be_stopped(dialog):
    from support.scripted_server import text_stream_reply
    with PersonalityServer(OpenAILike()) as server:
        server.enqueue(text_stream_reply(["slow "] * 100, delay=0.1), path="/v1/chat/completions")
        driver = dialog()
        driver.set_text("url", server.base_url)
        driver.set_text("model", "gpt-test")
        driver.press("test")
        driver.wait_text("test", lambda t: t == "Stop")
        assert driver.text("test_status") == "Testing…"
        driver.press("test")
        driver.wait_text("test_status", lambda t: t == "Stopped.", timeout=5)
        assert driver.text("test") == "Test"
        assert driver.text("report").startswith("The test was stopped.")
