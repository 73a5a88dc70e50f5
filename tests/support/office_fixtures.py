"""Fixtures for tests that drive a real LibreOffice with Marginalia installed (a pytest plugin).

One soffice per test session (fresh profile, free port, headless), with the freshly
built .oxt and a dummy extension that ships its own top-level ``core`` and ``ui``
packages installed side by side. In CI (``CI=true``) a missing office fails the run;
elsewhere the office tests are skipped with the reason.
"""
import os
import zipfile

import pytest

from support.office import Office, office_available

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/support/ -> repo
DUMMY_SOURCE = os.path.join(ROOT, "tests", "support", "dummy_extension")


def _require_office():
    if office_available():
        return
    reason = "LibreOffice (soffice, unopkg, python3-uno) is not installed"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(reason + " (required in CI)", pytrace=False)
    pytest.skip(reason)


def build_dummy_extension(target_dir: str) -> str:
    """Zip the dummy clash extension and return the .oxt path."""
    path = os.path.join(target_dir, "dummy-clash.oxt")
    with zipfile.ZipFile(path, "w") as archive:
        for folder, _, files in os.walk(DUMMY_SOURCE):
            for name in files:
                if name.endswith(".pyc"):
                    continue
                full = os.path.join(folder, name)
                archive.write(full, os.path.relpath(full, DUMMY_SOURCE))
    return path


@pytest.fixture(scope="session")
def built_oxt(tmp_path_factory):
    import build_oxt
    return build_oxt.build(str(tmp_path_factory.mktemp("oxt") / "marginalia.oxt"))


SHARED_OFFICE = "MARGINALIA_TEST_OFFICE"
"""``PORT:WORKDIR`` of a running office to use instead of starting one (set by scripts/mutate.py)."""


@pytest.fixture(scope="session")
def office(request, tmp_path_factory):
    """A running headless soffice with Marginalia (and the dummy clash extension) installed."""
    _require_office()
    shared = os.environ.get(SHARED_OFFICE)
    if shared:
        port, workdir = shared.split(":", 1)
        yield Office.attach(int(port), workdir)
        return
    built_oxt = request.getfixturevalue("built_oxt")
    workdir = str(tmp_path_factory.mktemp("office"))
    dummy = build_dummy_extension(workdir)
    instance = Office([dummy, built_oxt], workdir=workdir)
    instance.start()
    yield instance
    instance.stop()


OFFICE_FIXTURES = ("office", "gui_office")


@pytest.fixture(autouse=True)
def _office_restarted_after_a_crash(request):
    """A shared office that died (a crash in an earlier test) is started again before the next test.

    So one crash fails the test that caused it (and the tests of its module that hold its
    documents), not every later test of the session.
    """
    for name in OFFICE_FIXTURES:
        if name in request.fixturenames:
            ensure_alive(request.getfixturevalue(name))
    yield


def ensure_alive(instance: Office) -> None:
    """Start ``instance`` again when it no longer answers."""
    if not instance.alive():
        instance.restart()


@pytest.fixture
def writer(office):
    doc = office.new_document("swriter")
    yield doc
    office.close_document(doc)


@pytest.fixture
def calc(office):
    doc = office.new_document("scalc")
    yield doc
    office.close_document(doc)


CORPUS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fixtures", "documents")
"""The documents written by others (tests/fixtures/documents/, INDEX.md)."""


@pytest.fixture
def open_corpus(office, tmp_path):
    """Opens a copy of a document of the corpus; closed after the test."""
    import shutil
    opened = []

    def open_(name):
        copy = tmp_path / name
        shutil.copy(os.path.join(CORPUS, name), copy)
        doc = office.open_document(str(copy))
        opened.append(doc)
        return doc
    yield open_
    for doc in opened:
        office.close_document(doc)


def stored_as(doc, path, filter_name: str):
    """``doc`` saved at ``path`` (a file path) with LibreOffice's filter ``filter_name`` (``writer8``, ``impress8``…);
    returns ``doc``."""
    import uno
    from com.sun.star.beans import PropertyValue
    prop = PropertyValue()
    prop.Name, prop.Value = "FilterName", filter_name
    doc.storeAsURL(uno.systemPathToFileUrl(str(path)), (prop,))
    return doc


def function_description(descriptions, name: str):
    """The properties (Name, Description, Arguments…) of Calc function ``name`` in a
    ``com.sun.star.sheet.FunctionDescriptions`` service, or None when it is not listed."""
    found = None
    for index in range(descriptions.getCount()):
        properties = {p.Name: p.Value for p in descriptions.getByIndex(index)}
        if properties["Name"] == name:
            found = properties
    return found


def marginalia_log(office) -> str:
    """Return the content of Marginalia's log file in the test profile (or "")."""
    path = office.profile_path("user", "marginalia", "marginalia.log")
    if not os.path.exists(path):
        return ""
    with open(path, encoding="utf-8", errors="replace") as handle:
        return handle.read()


@pytest.fixture(scope="session")
def xvfb():
    """A virtual X display for tests that need real windows (screenshots, real key input)."""
    _require_office()
    import subprocess
    import sys
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    import run
    process, display = run.start_virtual_display()
    if process is None:
        reason = "Xvfb is not installed"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(reason + " (required in CI)", pytrace=False)
        pytest.skip(reason)
    yield display
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()


@pytest.fixture(scope="session")
def gui_office(built_oxt, xvfb, tmp_path_factory):
    """A soffice with real windows on the virtual display, Marginalia installed."""
    instance = Office([built_oxt], workdir=str(tmp_path_factory.mktemp("gui-office")), headless=False, display=xvfb)
    instance.start()
    yield instance
    instance.stop()


@pytest.fixture
def gui_writer(gui_office):
    """A Writer document with a real window in ``gui_office``."""
    doc = gui_office.new_document("swriter")
    yield doc
    gui_office.close_document(doc)


ARTIFACTS = os.path.join(ROOT, "artifacts")


LOG_LINES_ON_FAILURE = 60


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test that used an office shows the end of that office's Marginalia log.

    The office profiles live in temporary folders that are gone once the run ends (in CI,
    with the clone), so the report is the only place where the log can still be read.
    """
    outcome = yield
    report = outcome.get_result()
    if not report.failed:
        return
    for name, value in getattr(item, "funcargs", {}).items():
        if isinstance(value, Office):
            tail = marginalia_log(value).splitlines()[-LOG_LINES_ON_FAILURE:]
            report.sections.append(("Marginalia's log in %s (last %d lines)" % (name, len(tail)), "\n".join(tail)))
