"""Marginalia installs into a real LibreOffice and its deck and panel appear in Writer and Calc."""
import json
import subprocess

from support.office import UNOPKG, clean_env
from support.panel import Panel


def test_extension_is_registered(office):
    result = subprocess.run([UNOPKG, "list", "--shared"] + office.env_args, env=clean_env(),
                            capture_output=True, text=True, timeout=60)
    assert "org.marginalia.Marginalia" in result.stdout
    section = result.stdout.split("org.marginalia.Marginalia", 1)[1]
    assert "is registered: yes" in section.split("Identifier:", 1)[0]


def test_panel_exists_in_writer_and_calc(office, writer, calc):
    for doc in (writer, calc):
        panel = Panel(doc).open()
        for name in ("transcript", "input", "send", "stop", "status", "model"):
            assert panel.control(name) is not None, name
        assert panel.enabled("send") and not panel.enabled("stop")


def test_dummy_extension_with_top_level_core_and_ui_does_not_break_marginalia(office, writer):
    probe = office.service("org.example.dummy.clash.Probe")
    assert json.loads(probe.execute(())) == {"core": "dummy", "ui": "dummy"}
    panel = Panel(writer).open()  # Marginalia's panel still loads with the dummy's packages present
    assert panel.status() == "Not configured"  # the first-run check ran: our code, not the dummy's
    assert "not connected to a model yet" in panel.transcript()
