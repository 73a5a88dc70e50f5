"""The vendored markdown-it-py and mdurl: pinned, private to our package, shipped in the .oxt."""
import ast
import os
import shutil
import subprocess
import sys
import zipfile

import check
import vendor_update

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VENDOR = os.path.join(ROOT, "core", "vendor")

ONLY_UNDER_OUR_PACKAGE = r"""
import sys
sys.path.insert(0, %r)
import devpath; devpath.install()
from marginalia.core.vendor.markdown_it import MarkdownIt
html = MarkdownIt("commonmark").enable(["table", "strikethrough"]).render("[a](http://x.org/(b)) ~~c~~")
leaked = sorted(name for name in sys.modules if name.split(".")[0] in ("markdown_it", "mdurl"))
print(repr((html, leaked)))
"""


def test_vendored_files_match_their_pinned_hashes():
    assert vendor_update.mismatches() == []
    assert check.check_vendored() == 0
    assert len(vendor_update.vendored_files()) >= 70


def test_a_changed_missing_or_extra_file_is_reported(tmp_path):
    copy = str(tmp_path / "vendor")
    shutil.copytree(VENDOR, copy)
    with open(os.path.join(copy, "mdurl", "_url.py"), "a", encoding="utf-8") as handle:
        handle.write("# edited\n")
    os.remove(os.path.join(copy, "markdown_it", "token.py"))
    open(os.path.join(copy, "markdown_it", "extra.py"), "w").close()
    assert vendor_update.mismatches(copy) == ["changed: mdurl/_url.py", "missing: markdown_it/token.py",
                                              "not pinned: markdown_it/extra.py"]


def test_vendored_code_imports_neither_library_by_its_global_name():
    offenders = []
    for relative in vendor_update.vendored_files():
        if not relative.endswith(".py"):
            continue
        with open(os.path.join(VENDOR, relative), encoding="utf-8") as handle:
            tree = ast.parse(handle.read())
        for node in ast.walk(tree):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0 else []
            offenders += ["%s: %s" % (relative, name) for name in names
                          if name.split(".")[0] in ("markdown_it", "mdurl")]
    assert offenders == []


def test_the_parser_runs_without_entering_sys_modules_under_a_global_name():
    script = ONLY_UNDER_OUR_PACKAGE % os.path.join(ROOT, "scripts")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    html, leaked = ast.literal_eval(result.stdout.strip())
    assert html == '<p><a href="http://x.org/(b)">a</a> <s>c</s></p>\n'
    assert leaked == []


def test_the_oxt_ships_the_vendored_modules_and_their_licences(tmp_path):
    import build_oxt
    path = build_oxt.build(str(tmp_path / "m.oxt"))
    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
    prefix = "pythonpath/marginalia/core/vendor/"
    for relative in vendor_update.vendored_files():
        assert prefix + relative in names
    for relative in ("markdown_it/LICENSE", "markdown_it/LICENSE.markdown-it", "mdurl/LICENSE", "VENDORED.md",
                     "SHA256SUMS", "__init__.py"):
        assert prefix + relative in names
