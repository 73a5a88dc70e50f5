"""Layering rules: the engine imports without LibreOffice; the .oxt ships what it should."""
import glob
import os
import subprocess
import sys
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

BLOCK_UNO = r"""
import importlib, pkgutil, sys
class Blocker:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("uno", "unohelper", "com", "pyuno"):
            raise ImportError("blocked: " + name)
sys.meta_path.insert(0, Blocker())
sys.path.insert(0, %r)
import devpath; devpath.install()
import marginalia.core as core
names = [m.name for m in pkgutil.iter_modules(core.__path__)]
for name in names:
    importlib.import_module("marginalia.core." + name)
print(len(names))
"""


def test_every_core_module_imports_without_uno():
    script = BLOCK_UNO % os.path.join(ROOT, "scripts")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert int(result.stdout) == len(glob.glob(os.path.join(ROOT, "core", "*.py"))) - 1  # minus __init__


def test_no_core_module_mentions_uno_imports():
    for path in glob.glob(os.path.join(ROOT, "core", "*.py")):
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                stripped = line.strip()
                assert not stripped.startswith(("import uno", "import unohelper", "from com.sun.star")), path


def test_oxt_ships_every_runtime_module_and_nothing_else(tmp_path):
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    import build_oxt
    path = build_oxt.build(str(tmp_path / "m.oxt"))
    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
        description = archive.read("description.xml").decode()
    for package in ("core", "ui"):
        for module in glob.glob(os.path.join(ROOT, package, "*.py")):
            assert "pythonpath/marginalia/%s/%s" % (package, os.path.basename(module)) in names
    assert "pythonpath/marginalia/__init__.py" in names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc") or n.startswith("tests/")]
    from marginalia.core.version import __version__
    assert '<version value="%s"/>' % __version__ in description
    assert "LibreOffice-minimal-version" not in description  # 24.8 there makes 7.4 refuse the install


def test_build_is_deterministic(tmp_path):
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    import build_oxt
    first = build_oxt.build(str(tmp_path / "a.oxt"))
    second = build_oxt.build(str(tmp_path / "b.oxt"))
    with open(first, "rb") as a, open(second, "rb") as b:
        assert a.read() == b.read()


def test_office_side_code_never_waits_for_a_thread_to_start():
    """Thread.start() blocks until the thread runs; under the office's lock that can deadlock.

    The office-side code (ui/) and the engine start workers with core.threads.start_worker.
    """
    offenders = []
    for package in ("ui", "core"):
        for path in glob.glob(os.path.join(ROOT, package, "**", "*.py"), recursive=True):
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
            if "threading.Thread(" in text or "Thread(target" in text:
                offenders.append(os.path.relpath(path, ROOT))
    allowed = {os.path.join("core", "connection.py"), os.path.join("core", "local_discovery.py")}
    assert sorted(set(offenders) - allowed) == []
