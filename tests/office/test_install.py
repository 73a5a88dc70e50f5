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


def test_about_names_the_version_the_log_file_and_the_server(office):
    from support.panel import set_settings
    from marginalia.core.version import __version__
    from marginalia.ui.about import about_text
    set_settings(office.ctx, "Endpoint", URL="http://127.0.0.1:11434/v1", Model="qwen3:8b")
    try:
        text = about_text(office.ctx)
    finally:
        set_settings(office.ctx, "Endpoint", URL="", Model="")
    assert "Marginalia %s" % __version__ in text
    assert "http://127.0.0.1:11434/v1 (qwen3:8b)" in text
    assert office.profile_path("user", "marginalia", "marginalia.log") in text


def test_menu_has_every_command(office):
    import uno  # noqa: F401
    from com.sun.star.beans import PropertyValue
    provider = office.service("com.sun.star.configuration.ConfigurationProvider")
    arg = PropertyValue()
    arg.Name, arg.Value = "nodepath", "/org.openoffice.Office.Addons/AddonUI/OfficeMenuBar/org.marginalia.menubar/Submenu"
    submenu = provider.createInstanceWithArguments("com.sun.star.configuration.ConfigurationAccess", (arg,))
    urls = sorted(submenu.getByName(name).getByName("URL") for name in submenu.getElementNames())
    assert urls == ["org.marginalia:About", "org.marginalia:EditSelection", "org.marginalia:ExtendSelection",
                    "org.marginalia:OpenChat", "org.marginalia:RefreshPrompts", "org.marginalia:Settings"]


def test_open_chat_shows_the_deck_and_never_toggles_it_away(office, writer):
    frame = writer.getCurrentController().getFrame()
    sidebar = writer.getCurrentController().getSidebar()
    sidebar.setVisible(False)
    dispatcher = office.service("com.sun.star.frame.DispatchHelper")
    for _ in range(2):  # the second time the deck is already open: it must stay open
        dispatcher.executeDispatch(frame, "org.marginalia:OpenChat", "", 0, ())
        assert sidebar.isVisible()
        assert sidebar.getDecks().getByName("MarginaliaDeck").isActive()
