"""Layering rules: the engine imports without LibreOffice, packages import one way, no cycles; the .oxt ships what it should."""
import glob
import os
import subprocess
import sys
import zipfile

from support import import_graph

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MOST_TOP_LEVEL_CORE_MODULES = 6

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
names = [m.name for m in pkgutil.walk_packages(core.__path__, "marginalia.core.")]
for name in names:
    importlib.import_module(name)
print(len(names))
"""


def _core_files():
    return glob.glob(os.path.join(ROOT, "core", "**", "*.py"), recursive=True)


def test_every_core_module_imports_without_uno():
    script = BLOCK_UNO % os.path.join(ROOT, "scripts")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert int(result.stdout) == len(_core_files()) - 1  # every module and package but core itself


def test_no_core_module_mentions_uno_imports():
    for path in _core_files():
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                stripped = line.strip()
                assert not stripped.startswith(("import uno", "import unohelper", "from com.sun.star")), path


def test_core_keeps_only_a_handful_of_modules_at_its_top_level():
    top = [p for p in glob.glob(os.path.join(ROOT, "core", "*.py")) if not p.endswith("__init__.py")]
    assert len(top) <= MOST_TOP_LEVEL_CORE_MODULES, sorted(os.path.basename(p) for p in top)


def test_every_package_says_what_it_may_import():
    rules = import_graph.allowed_imports(ROOT)
    assert [name for name, patterns in rules.items() if not patterns] == []


def test_packages_import_only_what_their_docstring_allows():
    """Counting imports inside functions: no package reaches one above it (core never reaches ui)."""
    modules = import_graph.modules(ROOT)
    rules = import_graph.allowed_imports(ROOT)
    offences = []
    for source, targets in import_graph.imports(ROOT).items():
        source_package = import_graph.package_of(source, modules[source])
        for target in targets:
            target_package = import_graph.package_of(target, modules[target])
            if target_package != source_package and not import_graph.permitted(rules[source_package], target_package):
                offences.append("%s -> %s" % (source, target))
    assert offences == []


def test_no_import_cycles_between_modules():
    assert import_graph.cycles(import_graph.imports(ROOT)) == []


def test_the_cycle_finder_finds_a_cycle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert import_graph.cycles(graph) == [["a", "b", "c"]]


def test_oxt_ships_every_runtime_module_and_nothing_else(tmp_path):
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    import build_oxt
    path = build_oxt.build(str(tmp_path / "m.oxt"))
    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
        description = archive.read("description.xml").decode()
    for package in ("core", "ui"):
        for module in glob.glob(os.path.join(ROOT, package, "**", "*.py"), recursive=True):
            relative = os.path.relpath(module, ROOT).replace(os.sep, "/")
            assert "pythonpath/marginalia/%s" % relative in names
    assert "pythonpath/marginalia/__init__.py" in names
    assert "types/marginalia.rdb" in names  # the Calc add-in's interface, compiled from extension/idl/
    with zipfile.ZipFile(path) as archive:
        manifest = archive.read("META-INF/manifest.xml").decode()
    assert manifest.index("uno-typelibrary;type=RDB") < manifest.index("uno-component;type=Python")
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
    allowed = {os.path.join("core", "net", "connection.py"), os.path.join("core", "llm", "local_discovery.py")}
    assert sorted(set(offenders) - allowed) == []
