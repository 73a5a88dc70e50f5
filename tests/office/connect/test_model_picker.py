"""The panel's model list (ui/model_picker.py) on the real panel's combobox in soffice.

The picker is built here, in the test process, on the real panel control over the UNO
bridge; its callbacks then run in this process, delivered by the office's AsyncCallback
to a pump of this process's own (as the panel's are to the office's pump).
"""
import time

import pytest

from marginalia.core.loop.pump import MessagePump
from marginalia.ui.office.main_thread import AsyncWake
from marginalia.ui.panel.model_picker import ModelPicker
from officectl import read_settings, write_settings
from support.panel import Panel, wait_until
from support.personalities import OllamaLike, OpenAILike, PersonalityServer
from support.scripted_server import json_reply


@pytest.fixture
def picker_for(office, writer):
    pickers = []

    wake = AsyncWake(office.ctx)
    pump = MessagePump(pump_ui=lambda: None, wake=wake.request)
    wake.connect(pump.drain)

    def make():
        combobox = Panel(writer).open().control("model")
        picker = ModelPicker(office.ctx, combobox, pump.channel())
        pickers.append(picker)
        return picker

    yield make
    for picker in pickers:
        picker.dispose()
    write_settings(office.ctx, "Endpoint", URL="", Model="")


def items(picker):
    return list(picker.combobox.getItems())


def test_fills_the_list_in_the_background_and_keeps_the_configured_model(office, picker_for):
    with PersonalityServer(OpenAILike()) as server:
        slow = json_reply({"data": [{"id": "gpt-test"}, {"id": "gpt-test-mini"}]})
        slow.delay = 5.0
        server.enqueue(slow, path="/v1/models")
        write_settings(office.ctx, "Endpoint", URL=server.base_url, Model="gpt-test-mini")
        started = time.monotonic()
        picker = picker_for()
        # did not wait for the slow list (a generous bound: 0.8 s failed at 0.83 s on a loaded machine)
        assert time.monotonic() - started < 4.0
        assert picker.combobox.getText() == "gpt-test-mini" and items(picker) == []
        wait_until(lambda: items(picker) == ["gpt-test", "gpt-test-mini"], timeout=20.0, message="the model list")
        assert picker.combobox.getText() == "gpt-test-mini"


def test_a_chosen_model_becomes_the_setting(office, picker_for):
    with PersonalityServer(OllamaLike()) as server:
        write_settings(office.ctx, "Endpoint", URL=server.origin, Model="qwen3:8b")
        picker = picker_for()
        wait_until(lambda: len(items(picker)) == 2, message="the model list")
        picker.combobox.setText("llama3.2:latest")
        picker.save_choice()  # what selecting, Enter or leaving the field does
        assert read_settings(office.ctx, "Endpoint")["Model"] == "llama3.2:latest"


def test_without_a_model_the_first_one_offered_is_chosen(office, picker_for):
    with PersonalityServer(OpenAILike()) as server:
        write_settings(office.ctx, "Endpoint", URL=server.base_url, Model="")
        picker = picker_for()
        wait_until(lambda: read_settings(office.ctx, "Endpoint")["Model"] == "gpt-test", message="a model")
        assert picker.combobox.getText() == "gpt-test"


def test_follows_a_change_of_endpoint_in_the_settings(office, picker_for):
    with PersonalityServer(OpenAILike()) as first, PersonalityServer(OllamaLike()) as second:
        write_settings(office.ctx, "Endpoint", URL=first.base_url, Model="gpt-test")
        picker = picker_for()
        wait_until(lambda: items(picker) == ["gpt-test", "gpt-test-mini"], message="the first list")
        write_settings(office.ctx, "Endpoint", URL=second.base_url, Model="qwen3:8b")
        wait_until(lambda: items(picker) == ["qwen3:8b", "llama3.2:latest"], message="the second list")
        assert picker.combobox.getText() == "qwen3:8b"


def test_an_unreachable_endpoint_leaves_the_list_empty_without_errors(office, picker_for):
    from support.office import free_port
    write_settings(office.ctx, "Endpoint", URL="http://127.0.0.1:%d/v1" % free_port(), Model="m")
    picker = picker_for()
    time.sleep(0.5)
    assert items(picker) == [] and picker.combobox.getText() == "m"
