"""Marginalia speaks LibreOffice's UI language: a dedicated office whose ooLocale is de-DE before any panel opens.

The language is chosen once per office process (when the first panel or command
starts), so this module starts its own soffice rather than using the shared one.
"""
import os
import xml.etree.ElementTree as ElementTree

import pytest

from support.office import Office, office_available
from support.office_fixtures import ROOT, function_description, marginalia_log
from support.panel import Panel, wait_until

DLG = "{http://openoffice.org/2000/dialog}"


def _set_ui_locale(ctx, locale: str) -> None:
    import uno  # noqa: F401  (installs the com.sun.star import hook)
    from com.sun.star.beans import PropertyValue
    provider = ctx.ServiceManager.createInstanceWithContext("com.sun.star.configuration.ConfigurationProvider", ctx)
    arg = PropertyValue()
    arg.Name, arg.Value = "nodepath", "/org.openoffice.Setup/L10N"
    access = provider.createInstanceWithArguments("com.sun.star.configuration.ConfigurationUpdateAccess", (arg,))
    access.replaceByName("ooLocale", locale)
    access.commitChanges()


@pytest.fixture(scope="module")
def german_office(built_oxt, tmp_path_factory):
    if not office_available():
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("LibreOffice is required in CI", pytrace=False)
        pytest.skip("LibreOffice (soffice, unopkg, python3-uno) is not installed")
    workdir = str(tmp_path_factory.mktemp("office-de"))
    office = Office([built_oxt], workdir=workdir)
    office.start()
    _set_ui_locale(office.ctx, "de-DE")  # before Marginalia's first panel or command
    yield office
    office.stop()


@pytest.fixture
def german_panel(german_office):
    doc = german_office.new_document("swriter")
    yield Panel(doc).open()
    german_office.close_document(doc)


def test_the_panel_speaks_german(german_office, german_panel):
    control = german_panel.control
    assert control("send").getModel().Label == "Senden"
    assert control("stop").getModel().Label == "Stopp"
    assert control("settings").getModel().Label == "Einstellungen…"
    assert control("show_thinking").getModel().Label == "Nachdenken"
    assert control("send").getModel().HelpText == "Nachricht senden (Eingabe)"
    assert german_panel.status() == "Nicht eingerichtet"  # a fresh profile has no endpoint
    transcript = wait_until(german_panel.transcript, message="the first-run note")
    assert transcript.startswith("Hinweis\nMarginalia ist noch mit keinem Modell verbunden")
    assert "UI locale 'de-DE': Marginalia speaks de" in marginalia_log(german_office)


def test_the_german_panel_fits_250_px(german_panel):
    """German labels are longer: at the narrowest width every label still fits its control."""
    german_panel.dialog.setPosSize(0, 0, 250, 700, 12)  # SIZE
    wait_until(lambda: german_panel.control("transcript").getPosSize().Width == 250 - 12, message="relayout")
    for name in ("send", "stop", "clear", "revert", "settings", "show_thinking"):
        control = german_panel.control(name)
        box, preferred = control.getPosSize(), control.getPreferredSize()
        assert preferred.Width <= box.Width and box.X + box.Width <= 250, (name, control.getModel().Label,
                                                                            preferred.Width, box.Width)


def test_a_send_without_a_model_is_answered_in_german(german_office, german_panel):
    from support.panel import set_settings
    set_settings(german_office.ctx, "Endpoint", URL="http://127.0.0.1:9/v1", Model="")
    try:
        german_panel.send("Hallo", expect_turn=False)
        wait_until(lambda: german_panel.status() == "Kein Modell", message="the German status")
        assert "Es ist kein Modell gewählt" in german_panel.transcript()
    finally:
        set_settings(german_office.ctx, "Endpoint", URL="", Model="")


def test_dialog_texts_name_existing_controls(german_office):
    """Every text the code puts on a dialog has its control in the XDL (checked in German)."""
    from marginalia.core.i18n import set_language
    from marginalia.ui.settings import texts as settings_texts
    from marginalia.ui.selection import instruction_dialog
    tree = ElementTree.parse(os.path.join(ROOT, "extension", "dialogs", "Settings.xdl"))
    ids = {element.get(DLG + "id") for element in tree.iter()}
    assert set(settings_texts.control_texts()) <= ids
    set_language("de")
    try:
        dialog = instruction_dialog.create(german_office.ctx)
        try:
            assert dialog.getModel().Title == "Marginalia: Auswahl bearbeiten"
            assert dialog.getControl("prompt").getModel().Label == "Was soll Marginalia mit dem ausgewählten Text tun?"
            assert dialog.getControl("cancel").getModel().Label == "Abbrechen"
            instruction_dialog.fill(dialog, "")
            assert dialog.getControl("selected").getText().startswith("Nichts ist ausgewählt")
        finally:
            dialog.dispose()
        assert settings_texts.control_texts()["preset_label"] == ("~Server:", None)
        assert settings_texts.title() == "Marginalia-Einstellungen"
    finally:
        set_language("en")


def test_the_environment_decides_when_the_office_names_no_language():
    from marginalia.ui.office.language import environment_locale
    assert environment_locale({"LANG": "fr_FR.UTF-8"}) == "fr_FR"
    assert environment_locale({"LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"}) == "de_DE"
    assert environment_locale({"LC_MESSAGES": "de_AT@euro", "LANG": "C"}) == "de_AT"
    assert environment_locale({"LANG": "C.UTF-8"}) == ""
    assert environment_locale({}) == ""


def test_the_function_wizard_describes_prompt_in_german(german_office):
    descriptions = german_office.ctx.ServiceManager.createInstanceWithContext(
        "com.sun.star.sheet.FunctionDescriptions", german_office.ctx)
    found = function_description(descriptions, "PROMPT")
    assert found is not None, "PROMPT is not in the function list"
    assert found["Description"].startswith("Marginalia: fragt das KI-Modell"), found["Description"]
    assert [argument.Name for argument in found["Arguments"]] == ["Anweisung", "Eingabe"]
