"""Vendor markdown-it-py and mdurl from their PyPI wheels into core/vendor/ (see core/vendor/VENDORED.md).

Usage: python3 scripts/vendor_update.py MARKDOWN_IT_WHEEL MDURL_WHEEL

Copies every module of both wheels (markdown-it-py's ``cli`` excepted) and their
licence files, makes the absolute imports of ``markdown_it``/``mdurl`` relative (the
only edits; they keep both libraries out of ``sys.modules`` under their global names),
then writes the pinned hash list ``core/vendor/SHA256SUMS`` that ``make check`` verifies.
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import sys
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENDOR = os.path.join(ROOT, "core", "vendor")
HASHES = os.path.join(VENDOR, "SHA256SUMS")
LIBRARIES = ("markdown_it", "mdurl")
SKIPPED = ("markdown_it/cli/",)
LICENCES = {"markdown_it": ("LICENSE", "LICENSE.markdown-it"), "mdurl": ("LICENSE",)}
OURS = ("__init__.py", "VENDORED.md", "SHA256SUMS")


def relative_imports(path: str, text: str) -> str:
    """Rewrite ``from markdown_it… import`` / ``import mdurl`` / ``from mdurl… import`` relative to ``path``.

    ``path`` is the file's name inside the vendor folder (``markdown_it/rules_block/list.py``).
    """
    depth = path.count("/")  # markdown_it/x.py -> 1: "." is markdown_it, ".." is vendor

    def from_library(match: "re.Match[str]") -> str:
        library, rest = match.group(2), match.group(3) or ""
        own = path.split("/")[0]
        dots = "." * depth if library == own else "." * (depth + 1) + library
        if library != own and rest:
            return "%sfrom %s%s import" % (match.group(1), dots, rest)
        if library != own:
            return "%sfrom %s import" % (match.group(1), dots)
        return "%sfrom %s%s import" % (match.group(1), dots, rest[1:] if rest else "")

    text = re.sub(r"(?m)^(\s*)from (markdown_it|mdurl)((?:\.\w+)*) import", from_library, text)
    return re.sub(r"(?m)^(\s*)import mdurl$", lambda m: "%sfrom %s import mdurl" % (m.group(1), "." * (depth + 1)),
                  text)


def sha256(path: str) -> str:
    """The hex SHA-256 of a file."""
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def vendored_files(vendor: str = VENDOR) -> list:
    """The vendored files (relative to ``vendor``, ``/``-separated), sorted; our own files excluded."""
    found = []
    for folder, directories, files in os.walk(vendor):
        directories[:] = [d for d in directories if d != "__pycache__"]
        for name in files:
            relative = os.path.relpath(os.path.join(folder, name), vendor).replace(os.sep, "/")
            if relative not in OURS:
                found.append(relative)
    return sorted(found)


def extract(wheel: str) -> None:
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            library = name.split("/")[0]
            if library in LIBRARIES and name.endswith(".py") and not name.startswith(SKIPPED):
                target = os.path.join(VENDOR, *name.split("/"))
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with open(target, "w", encoding="utf-8", newline="") as handle:
                    handle.write(relative_imports(name, archive.read(name).decode("utf-8")))
            elif "dist-info/" in name and name.rsplit("/", 1)[1] in sum(LICENCES.values(), ()):
                library = "markdown_it" if name.startswith("markdown_it") else "mdurl"
                with open(os.path.join(VENDOR, library, name.rsplit("/", 1)[1]), "wb") as handle:
                    handle.write(archive.read(name))


def mismatches(vendor: str = VENDOR) -> list:
    """What differs between ``vendor`` and its SHA256SUMS: ``changed: f``, ``missing: f``, ``not pinned: f``."""
    with open(os.path.join(vendor, "SHA256SUMS"), encoding="utf-8") as handle:
        pinned = dict(reversed(line.split("  ", 1)) for line in handle.read().splitlines() if line.strip())
    present = vendored_files(vendor)
    problems = ["changed: %s" % name for name in present
                if name in pinned and sha256(os.path.join(vendor, name)) != pinned[name]]
    problems += ["missing: %s" % name for name in sorted(set(pinned) - set(present))]
    return problems + ["not pinned: %s" % name for name in present if name not in pinned]


def write_hashes() -> None:
    with open(HASHES, "w", encoding="utf-8") as handle:
        for relative in vendored_files():
            handle.write("%s  %s\n" % (sha256(os.path.join(VENDOR, relative)), relative))


def main(argv) -> int:
    if len(argv) != 2:
        print(__doc__)
        return 2
    for library in LIBRARIES:
        shutil.rmtree(os.path.join(VENDOR, library), ignore_errors=True)
    for wheel in argv:
        extract(wheel)
    write_hashes()
    print("vendored %d files; hashes in %s" % (len(vendored_files()), os.path.relpath(HASHES, ROOT)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
