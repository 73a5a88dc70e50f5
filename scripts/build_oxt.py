"""Build dist/marginalia.oxt from an explicit list of files.

Usage: python3 scripts/build_oxt.py [--output PATH]

The .oxt layout differs from the repository's: the entry module sits at the root,
``core/`` and ``ui/`` become the package ``pythonpath/marginalia/`` (one unique name
inside the office's shared ``sys.modules``), and ``description.xml`` gets the version
from ``core/version.py``, the only place it is kept. The Calc add-in's IDL
(``extension/idl/``) is compiled into ``types/marginalia.rdb`` with the SDK's ``unoidl-write``. The archive is deterministic
(fixed timestamps, sorted entries), so two builds of the same tree are identical.
"""
from __future__ import annotations

import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "marginalia"

# (source relative to the repository, destination inside the .oxt)
STATIC_FILES = [
    ("META-INF/manifest.xml", "META-INF/manifest.xml"),
    ("extension/marginalia_entry.py", "marginalia_entry.py"),
    ("extension/dialogs/ChatPanel.xdl", "dialogs/ChatPanel.xdl"),
    ("extension/dialogs/Settings.xdl", "dialogs/Settings.xdl"),
    ("extension/icons/deck.png", "icons/deck.png"),
    ("extension/description/description-en.txt", "description/description-en.txt"),
    ("extension/description/description-de.txt", "description/description-de.txt"),
    ("extension/description/description-fr.txt", "description/description-fr.txt"),
    ("registry/org/marginalia/Settings.xcs", "registry/org/marginalia/Settings.xcs"),
    ("registry/org/openoffice/Office/UI/Sidebar.xcu", "registry/org/openoffice/Office/UI/Sidebar.xcu"),
    ("registry/org/openoffice/Office/UI/Factories.xcu", "registry/org/openoffice/Office/UI/Factories.xcu"),
    ("registry/org/openoffice/Office/ProtocolHandler.xcu", "registry/org/openoffice/Office/ProtocolHandler.xcu"),
    ("registry/org/openoffice/Office/Addons.xcu", "registry/org/openoffice/Office/Addons.xcu"),
    ("registry/org/openoffice/Office/Accelerators.xcu", "registry/org/openoffice/Office/Accelerators.xcu"),
    ("registry/org/openoffice/Office/Jobs.xcu", "registry/org/openoffice/Office/Jobs.xcu"),
    ("extension/dialogs/EditSelection.xdl", "dialogs/EditSelection.xdl"),
    ("extension/bridge/marginalia_mcp_bridge.py", "bridge/marginalia_mcp_bridge.py"),
]

# Python packages shipped under pythonpath/marginalia/ (every module, nothing else).
PYTHON_PACKAGES = ["core", "ui"]

# Extra data files shipped with the package (patterns relative to the repository).
PACKAGE_DATA = ["ui/locale/*/LC_MESSAGES/*.mo", "core/locale/*.po",
                "core/vendor/*/LICENSE*", "core/vendor/VENDORED.md", "core/vendor/SHA256SUMS"]

FIXED_DATE = (2020, 1, 1, 0, 0, 0)

# The Calc add-in's interface (PROMPT), compiled into a type library with the LibreOffice SDK.
IDL_ROOT = os.path.join(ROOT, "extension", "idl")
TYPE_LIBRARY = "types/marginalia.rdb"
OFFICE_PROGRAM = "/usr/lib/libreoffice/program"
UNOIDL_WRITE_PLACES = ("/usr/lib/libreoffice/sdk/bin/unoidl-write", OFFICE_PROGRAM + "/unoidl-write")
BASE_TYPES = (OFFICE_PROGRAM + "/types.rdb", OFFICE_PROGRAM + "/types/offapi.rdb")


def read_version() -> str:
    """Return ``__version__`` from core/version.py."""
    with open(os.path.join(ROOT, "core", "version.py"), encoding="utf-8") as handle:
        match = re.search(r'__version__\s*=\s*"([^"]+)"', handle.read())
    if not match:
        raise SystemExit("core/version.py has no __version__")
    return match.group(1)


def python_entries():
    """Yield (source, destination) for every module of the shipped packages."""
    for package in PYTHON_PACKAGES:
        pattern = os.path.join(ROOT, package, "**", "*.py")
        for source in sorted(glob.glob(pattern, recursive=True)):
            relative = os.path.relpath(source, ROOT).replace(os.sep, "/")
            yield relative, "pythonpath/%s/%s" % (PACKAGE, relative)
    for pattern in PACKAGE_DATA:
        for source in sorted(glob.glob(os.path.join(ROOT, pattern))):
            relative = os.path.relpath(source, ROOT).replace(os.sep, "/")
            yield relative, "pythonpath/%s/%s" % (PACKAGE, relative)


def unoidl_write() -> str:
    """The SDK's ``unoidl-write`` (``make deps`` installs it with libreoffice-dev)."""
    for place in UNOIDL_WRITE_PLACES:
        if os.path.exists(place):
            return place
    found = shutil.which("unoidl-write")
    if not found:
        raise SystemExit("unoidl-write (LibreOffice SDK) is missing: run `make deps` (apt: libreoffice-dev)")
    return found


def type_library() -> bytes:
    """Compile extension/idl/ into the .rdb type library the .oxt registers."""
    with tempfile.TemporaryDirectory() as folder:
        output = os.path.join(folder, "marginalia.rdb")
        bases = [path for path in BASE_TYPES if os.path.exists(path)]
        result = subprocess.run([unoidl_write()] + bases + [IDL_ROOT, output], capture_output=True, text=True)
        if result.returncode != 0:
            raise SystemExit("unoidl-write failed: %s%s" % (result.stdout, result.stderr))
        with open(output, "rb") as handle:
            return handle.read()


def generated_entries(version: str):
    """Yield (destination, bytes) for the files the build writes itself."""
    with open(os.path.join(ROOT, "description.xml"), encoding="utf-8") as handle:
        description = handle.read().replace("@VERSION@", version)
    yield "description.xml", description.encode("utf-8")
    init = '"""Marginalia, an AI assistant for LibreOffice (built package)."""\n__version__ = "%s"\n' % version
    yield "pythonpath/%s/__init__.py" % PACKAGE, init.encode("utf-8")
    yield TYPE_LIBRARY, type_library()


def all_entries(version: str):
    """Return a sorted list of (destination, bytes) making up the .oxt."""
    entries = {}
    for source, destination in STATIC_FILES + list(python_entries()):
        with open(os.path.join(ROOT, source), "rb") as handle:
            entries[destination] = handle.read()
    for destination, data in generated_entries(version):
        entries[destination] = data
    return sorted(entries.items())


def build(output: str) -> str:
    """Write the .oxt to ``output`` and return its path."""
    version = read_version()
    os.makedirs(os.path.dirname(os.path.abspath(output)), exist_ok=True)
    temporary = output + ".tmp"
    with zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as archive:
        for destination, data in all_entries(version):
            info = zipfile.ZipInfo(destination, FIXED_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    os.replace(temporary, output)
    return output


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", default=os.path.join(ROOT, "dist", "marginalia.oxt"))
    args = parser.parse_args(argv)
    path = build(args.output)
    print("built %s (version %s)" % (os.path.relpath(path), read_version()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
