"""The settings dialog's agents part, in a real office window (Xvfb): turning the server on, the token, renewing it."""
import http.client
import json

import pytest

from officectl import read_settings, write_settings
from support.mcp_kit import read_token, wait_for_port
from support.office import free_port
from support.settings_driver import SettingsDialogDriver


@pytest.fixture
def agents_off(gui_office):
    port = free_port()
    write_settings(gui_office.ctx, "Agents", ServerEnabled=False, ReadOnly=False, Port=port, AskApproval=False)
    yield port
    write_settings(gui_office.ctx, "Agents", ServerEnabled=False, ReadOnly=False, AskApproval=True)


def ping(port, token):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("POST", "/mcp", json.dumps({"jsonrpc": "2.0", "id": 1, "method": "ping"}),
                       {"Content-Type": "application/json", "Authorization": "Bearer " + token})
    return connection.getresponse().status


def test_ticking_the_box_starts_the_server_with_the_token_shown(gui_office, gui_writer, agents_off):
    port = agents_off
    driver = SettingsDialogDriver.open(gui_office.ctx, gui_writer, gui_office.display)
    try:
        assert not driver.enabled("agents_renew") and driver.text("agents_token") == ""
        driver.press("agents_enabled")
        token = driver.wait_text("agents_token", lambda text: len(text) > 30)
        assert driver.enabled("agents_renew") and driver.enabled("agents_read_only")
        assert driver.text("agents_info") == "Endpoint: http://127.0.0.1:%d/mcp" % port
        assert token == read_token(gui_office.ctx)
        driver.press("ok")
        driver.wait_closed()
    finally:
        driver.close()
    assert read_settings(gui_office.ctx, "Agents")["ServerEnabled"] is True
    wait_for_port(port)
    assert ping(port, token) == 200


def test_new_token_replaces_the_old_one_at_once(gui_office, gui_writer, agents_off):
    port = agents_off
    write_settings(gui_office.ctx, "Agents", ServerEnabled=True)
    wait_for_port(port)
    old = read_token(gui_office.ctx)
    driver = SettingsDialogDriver.open(gui_office.ctx, gui_writer, gui_office.display)
    try:
        assert driver.text("agents_token") == old
        driver.press("agents_renew")
        new = driver.wait_text("agents_token", lambda text: text and text != old)
        assert "new token" in driver.text("agents_info").lower()
    finally:
        driver.close()
    assert read_token(gui_office.ctx) == new
    assert ping(port, old) == 401
    assert ping(port, new) == 200


def test_the_port_and_the_prompt_settings_are_set_in_the_dialog(gui_office, gui_writer, agents_off):
    """The MCP port and PROMPT()'s two settings, once reachable only in the Expert Configuration: shown,
    checked, saved; the server moves to the new port at once."""
    write_settings(gui_office.ctx, "Calc", PromptConcurrency=4, PromptConfirmAbove=50)
    write_settings(gui_office.ctx, "Agents", ServerEnabled=True)
    wait_for_port(agents_off)
    token, new_port = read_token(gui_office.ctx), free_port()
    driver = SettingsDialogDriver.open(gui_office.ctx, gui_writer, gui_office.display)
    try:
        assert (driver.text("agents_port"), driver.text("prompt_concurrency"), driver.text("prompt_confirm")) == \
            (str(agents_off), "4", "50")
        assert driver.text("prompt_concurrency_label") == "PROMPT() at once:"
        driver.set_text("agents_port", "80")
        driver.set_text("prompt_concurrency", "0")
        driver.press("ok")
        driver.wait_text("agents_port_error", lambda text: text == "Must be from 1,024 to 65,535.")
        assert driver.text("prompt_concurrency_error") == "Must be from 1 to 16." and driver.is_open
        driver.set_text("agents_port", str(new_port))
        driver.set_text("prompt_concurrency", "2")
        driver.set_text("prompt_confirm", "0")
        driver.press("ok")
        driver.wait_closed()
    finally:
        driver.close()
    try:
        assert read_settings(gui_office.ctx, "Calc") == {"PromptConcurrency": 2, "PromptConfirmAbove": 0}
        assert read_settings(gui_office.ctx, "Agents")["Port"] == new_port
        wait_for_port(new_port)
        assert ping(new_port, token) == 200
    finally:
        write_settings(gui_office.ctx, "Calc", PromptConcurrency=4, PromptConfirmAbove=50)
