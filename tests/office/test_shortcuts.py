"""Marginalia's shortcuts take nothing away: every default key binding of LibreOffice stays as it was.

The defaults are read from a plain office (same LibreOffice, fresh profile, no extension), the
bindings with Marginalia from the session's office, both through the office's own accelerator
configuration (global, and each module registry/.../Accelerators.xcu binds in).
"""
import os
import xml.etree.ElementTree as ElementTree

import pytest

from support.office import Office
from support.office_fixtures import ROOT

ACCELERATORS = os.path.join(ROOT, "registry", "org", "openoffice", "Office", "Accelerators.xcu")
OOR = "{http://openoffice.org/2001/registry}"
WRITER = "com.sun.star.text.TextDocument"


def our_modules():
    """module -> {key name: command} bound by our Accelerators.xcu."""
    tree = ElementTree.parse(ACCELERATORS)
    found = {}
    for module in tree.getroot().find("node").find("node"):
        found[module.get(OOR + "name")] = {key.get(OOR + "name"): key.find("prop/value").text for key in module}
    return found


def bindings(office, modules):
    """(scope, key code, modifiers) -> command, for the global keys and each module's."""
    managers = [("Global", office.service("com.sun.star.ui.GlobalAcceleratorConfiguration"))]
    supplier = office.service("com.sun.star.ui.ModuleUIConfigurationManagerSupplier")
    managers += [(module, supplier.getUIConfigurationManager(module).getShortCutManager()) for module in modules]
    found = {}
    for scope, manager in managers:
        for key in manager.getAllKeyEvents():
            found[(scope, key.KeyCode, key.Modifiers)] = manager.getCommandByKeyEvent(key)
    return found


@pytest.fixture(scope="module")
def default_bindings(tmp_path_factory):
    """The key bindings of this LibreOffice without any extension."""
    plain = Office([], workdir=str(tmp_path_factory.mktemp("plain-office"))).start()
    try:
        return bindings(plain, our_modules())
    finally:
        plain.stop()


def test_only_writer_gets_shortcuts():
    assert list(our_modules()) == [WRITER]


def test_no_default_binding_is_overridden(office, default_bindings):
    """Every default binding stays; a key added in a module binds nothing globally either (a module's
    key wins over the global one there: Ctrl+Q in Writer was Quit)."""
    with_marginalia = bindings(office, our_modules())
    changed = {key: (command, with_marginalia.get(key)) for key, command in default_bindings.items()
               if with_marginalia.get(key) != command}
    assert changed == {}, "default bindings replaced: %s" % changed
    added = [key for key in with_marginalia if key not in default_bindings]
    shadowed = {key: default_bindings[("Global",) + key[1:]] for key in added
                if ("Global",) + key[1:] in default_bindings}
    assert shadowed == {}, "global bindings hidden in a module: %s" % shadowed
    assert len(default_bindings) > 100 and len(added) == 2  # the defaults were really read; ours are there


def test_edit_and_extend_selection_shortcuts_in_writer(office, default_bindings):
    from com.sun.star.awt.Key import M, W
    from com.sun.star.awt.KeyModifier import MOD1, MOD2, SHIFT
    with_marginalia = bindings(office, our_modules())
    for code, command in ((W, "org.marginalia:EditSelection"), (M, "org.marginalia:ExtendSelection")):
        key = (WRITER, code, SHIFT | MOD1 | MOD2)
        assert with_marginalia[key] == command
        assert key not in default_bindings and ("Global",) + key[1:] not in default_bindings
