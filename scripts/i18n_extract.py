"""Extract Marginalia's translatable strings and check the catalogs against them.

Usage: python3 scripts/i18n_extract.py [--check] [--update]

Reads every module of ``core/`` and ``ui/`` with ``ast`` and collects the literal first
argument of ``_()`` and ``N_()`` and the two literals of ``ngettext()``; writes them to
``core/locale/marginalia.pot`` (with the modules as references, no line numbers, so the
file changes only when the strings do) and reports, for each
catalog ``core/locale/<lang>.po``, the msgids it lacks (or leaves untranslated) and the
obsolete ones it still has.

--check   write nothing; exit 1 when a catalog lacks a translation or has an obsolete entry
--update  also add the missing msgids to every catalog with an empty translation and drop the
          obsolete ones, so a translator only fills in the blanks
"""
from __future__ import annotations

import argparse
import ast
import os
import re
import sys
from collections import OrderedDict
from typing import Dict, List, Optional, Tuple

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import devpath  # noqa: E402

devpath.install()

from marginalia.core.i18n import LOCALE_DIR, parse_po  # noqa: E402

SOURCE_DIRS = ("core", "ui")
POT_PATH = os.path.join(LOCALE_DIR, "marginalia.pot")
MARKERS = {"_": 1, "N_": 1, "ngettext": 2}

Message = Tuple[str, Optional[str]]
"""(msgid, msgid_plural or None)."""


class Catalog:
    """The msgids found in the code, in order of first appearance, with their references."""

    def __init__(self) -> None:
        self.messages: "OrderedDict[str, Optional[str]]" = OrderedDict()
        self.references: Dict[str, List[str]] = {}

    def add(self, msgid: str, plural: Optional[str], reference: str) -> None:
        """Record one use of ``msgid`` in the module ``reference``."""
        if msgid not in self.messages or (plural and self.messages[msgid] is None):
            self.messages[msgid] = plural
        references = self.references.setdefault(msgid, [])
        if reference not in references:
            references.append(reference)


def source_files(root: str = ROOT) -> List[str]:
    """Every module of the shipped packages, relative to ``root``, sorted."""
    found = []
    for top in SOURCE_DIRS:
        for folder, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__pycache__")))
            found += [os.path.relpath(os.path.join(folder, f), root).replace(os.sep, "/")
                      for f in files if f.endswith(".py")]
    return sorted(found)


def marker_name(call: ast.Call) -> str:
    """``_``, ``N_`` or ``ngettext`` when ``call`` calls one of them, else ``""``."""
    func = call.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    return name if name in MARKERS else ""


def literal(node: ast.AST) -> Optional[str]:
    """The value of a string literal (implicitly joined pieces included), else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def messages_in(source: str) -> List[Tuple[str, Optional[str], int]]:
    """``(msgid, msgid_plural, line)`` for every marked literal in a module's source."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = marker_name(node)
        if not name or len(node.args) < MARKERS[name]:
            continue
        texts = [literal(arg) for arg in node.args[:MARKERS[name]]]
        if any(text is None for text in texts) or not texts[0]:
            continue
        found.append((texts[0], texts[1] if name == "ngettext" else None, node.lineno))
    return sorted(found, key=lambda item: item[2])


def extract(root: str = ROOT) -> Catalog:
    """Collect every marked string of ``core/`` and ``ui/``."""
    catalog = Catalog()
    for path in source_files(root):
        with open(os.path.join(root, path), encoding="utf-8") as handle:
            for msgid, plural, line in messages_in(handle.read()):
                catalog.add(msgid, plural, path)
    return catalog


# --- writing .pot / .po -------------------------------------------------------------

def quote(text: str) -> str:
    """``text`` as one PO string literal."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\n", "\\n")
    return '"%s"' % escaped


def po_string(keyword: str, text: str, width: int = 79) -> List[str]:
    """The lines of ``keyword "text"``, split after line breaks and at spaces when long."""
    if "\n" not in text[:-1] and len(keyword) + len(quote(text)) + 1 <= width:
        return ["%s %s" % (keyword, quote(text))]
    pieces: List[str] = []
    for line in re.findall(r"[^\n]*\n|[^\n]+", text):
        pieces += _wrap(line, width - 2)
    return ["%s \"\"" % keyword] + [quote(piece) for piece in pieces]


def _wrap(text: str, width: int) -> List[str]:
    words = re.findall(r"\S*\s*", text)
    lines, current = [], ""
    for word in words:
        if current and len(quote(current + word)) > width:
            lines.append(current)
            current = ""
        current += word
    if current:
        lines.append(current)
    return lines


def is_python_format(*texts: str) -> bool:
    """True when one of ``texts`` holds a ``%`` placeholder."""
    return any(re.search(r"%(\(\w+\))?[-#0 +]*\d*(\.\d+)?[sdigfr%]", text) for text in texts if text)


def entry_lines(msgid: str, plural: Optional[str], translation, references: List[str]) -> List[str]:
    """One PO entry; ``translation`` is a string, or a tuple of plural forms."""
    lines = ["#: %s" % ref for ref in references]
    if is_python_format(msgid, plural or ""):
        lines.append("#, python-format")
    lines += po_string("msgid", msgid)
    if plural is not None:
        lines += po_string("msgid_plural", plural)
        forms = translation if isinstance(translation, tuple) else ("", "")
        for number, form in enumerate(forms):
            lines += po_string("msgstr[%d]" % number, form)
    else:
        lines += po_string("msgstr", translation or "")
    return lines


POT_HEADER = """# Marginalia's translatable strings (written by scripts/i18n_extract.py; do not edit).
msgid ""
msgstr ""
"Project-Id-Version: Marginalia\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
"""


def pot_text(catalog: Catalog) -> str:
    """The text of ``marginalia.pot`` for ``catalog``."""
    blocks = [POT_HEADER]
    for msgid, plural in catalog.messages.items():
        empty = ("", "") if plural is not None else ""
        blocks.append("\n".join(entry_lines(msgid, plural, empty, catalog.references[msgid])) + "\n")
    return "\n".join(blocks)


# --- comparing catalogs -------------------------------------------------------------

def catalog_paths() -> List[str]:
    """The ``.po`` catalogs, sorted by language."""
    if not os.path.isdir(LOCALE_DIR):
        return []
    return sorted(os.path.join(LOCALE_DIR, name) for name in os.listdir(LOCALE_DIR) if name.endswith(".po"))


def compare(catalog: Catalog, path: str) -> Tuple[List[str], List[str]]:
    """``(missing, obsolete)`` msgids of the catalog at ``path``."""
    with open(path, encoding="utf-8") as handle:
        translations, plurals = parse_po(handle.read())
    missing = []
    for msgid, plural in catalog.messages.items():
        if plural is not None:
            forms = plurals.get(msgid, ())
            if len(forms) < 2 or not all(forms):
                missing.append(msgid)
        elif not translations.get(msgid):
            missing.append(msgid)
    obsolete = [msgid for msgid in translations if msgid not in catalog.messages]
    return missing, obsolete


def duplicates(path: str) -> List[str]:
    """The msgids the catalog at ``path`` defines more than once (gettext's msgfmt refuses such a catalog)."""
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    seen, twice = set(), []
    for match in re.finditer(r'^msgid ((?:"[^\n]*"\n)+)', text, re.M):
        msgid = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', match.group(1)))
        if msgid and msgid in seen:
            twice.append(msgid)
        seen.add(msgid)
    return twice


def header_of(text: str) -> str:
    """The header entry (and the comments above it) of a catalog's text."""
    match = re.search(r'^[\s\S]*?msgid ""\nmsgstr ""\n(?:"[^\n]*"\n)*', text)
    return match.group(0) if match else POT_HEADER


def updated_po(catalog: Catalog, path: str) -> str:
    """The catalog at ``path`` in code order, with missing msgids added and obsolete ones dropped."""
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    translations, plurals = parse_po(text)
    blocks = [header_of(text)]
    for msgid, plural in catalog.messages.items():
        translation = plurals.get(msgid) if plural is not None else translations.get(msgid, "")
        blocks.append("\n".join(entry_lines(msgid, plural, translation, catalog.references[msgid])) + "\n")
    return "\n".join(blocks)


def report(catalog: Catalog) -> bool:
    """Print what each catalog lacks; return True when every catalog is complete and current."""
    complete = True
    print("%d msgids in core/ and ui/" % len(catalog.messages))
    for path in catalog_paths():
        missing, obsolete = compare(catalog, path)
        twice = duplicates(path)
        name = os.path.basename(path)
        print("%s: %d missing, %d obsolete%s" % (name, len(missing), len(obsolete),
                                                 ", %d defined twice" % len(twice) if twice else ""))
        for msgid in twice:
            print("  defined twice: %r" % msgid)
        for msgid in missing:
            print("  missing: %r (%s)" % (msgid, catalog.references[msgid][0]))
        for msgid in obsolete:
            print("  obsolete: %r" % msgid)
        complete = complete and not missing and not obsolete and not twice
    return complete


def main(argv=None) -> int:
    """Write the .pot (unless --check) and report on the catalogs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when anything is missing")
    parser.add_argument("--update", action="store_true", help="add missing msgids to the catalogs, drop obsolete")
    options = parser.parse_args(argv)
    catalog = extract()
    pot = pot_text(catalog)
    current = open(POT_PATH, encoding="utf-8").read() if os.path.exists(POT_PATH) else ""
    if options.check:
        ok = report(catalog)
        if current != pot:
            print("note: core/locale/marginalia.pot is out of date (run python3 scripts/i18n_extract.py)")
        return 0 if ok else 1
    os.makedirs(LOCALE_DIR, exist_ok=True)
    if current != pot:
        with open(POT_PATH, "w", encoding="utf-8") as handle:
            handle.write(pot)
        print("wrote core/locale/marginalia.pot")
    if options.update:
        for path in catalog_paths():
            text = updated_po(catalog, path)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
    report(catalog)
    return 0


if __name__ == "__main__":
    sys.exit(main())
