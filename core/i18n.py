"""Translations of user-visible text through gettext-style catalogs.

Every string a user can see is written in English in the code and wrapped in
:func:`_` (or :func:`ngettext` for counts; :func:`N_` marks a constant that is
translated where it is used); the catalogs ``core/locale/<lang>.po``
hold the translations. The office side calls :func:`set_language` with LibreOffice's
UI language once; unknown languages fall back to English.

The ``.po`` files are read directly (a small parser below), so no compiled ``.mo``
files and no build step are needed. A test checks that every wrapped string has a
translation in every catalog, with the same placeholders.
"""
from __future__ import annotations

import ast
import os
from typing import Dict, Optional, Tuple

LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")

_catalog: Dict[str, str] = {}
_plurals: Dict[str, Tuple[str, ...]] = {}
_language = "en"


def _(message: str) -> str:
    """Return ``message`` translated into the current language (or as is)."""
    return _catalog.get(message) or message


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it (translate at use with :func:`_`).

    For texts kept in constants or class attributes, which exist before the language is set.
    """
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """Return the singular or plural form of a counted message, translated.

    The catalogs in use (English, German, French) have two forms: ``n == 1`` for German
    and English, ``n <= 1`` for French.
    """
    forms = _plurals.get(singular)
    if forms and len(forms) >= 2 and all(forms):
        one = count <= 1 if _language == "fr" else count == 1
        return forms[0] if one else forms[1]
    return singular if count == 1 else plural


_GROUPING = {"de": ".", "fr": "\u202f"}
"""Thousands separators differing from English's comma (French: a narrow no-break space)."""


def format_count(number: int) -> str:
    """``number`` with its thousands grouped the way the current language writes them (``40,960``,
    ``40.960``, ``40 960``)."""
    return "{:,}".format(number).replace(",", _GROUPING.get(_language, ","))


def set_language(locale: Optional[str]) -> str:
    """Load the catalog for ``locale`` (``de``, ``de-DE``, ``fr_FR``…); return the language used."""
    global _catalog, _plurals, _language
    language = (locale or "en").replace("_", "-").split("-")[0].lower()
    path = os.path.join(LOCALE_DIR, language + ".po")
    if language == "en" or not os.path.exists(path):
        _catalog, _plurals, _language = {}, {}, "en"
        return "en"
    _catalog, _plurals = load_po(path)
    _language = language
    return language


def load_po(path: str) -> Tuple[Dict[str, str], Dict[str, Tuple[str, ...]]]:
    """Parse a ``.po`` file into ``(translations, plural_forms)`` keyed by msgid."""
    with open(path, encoding="utf-8") as handle:
        return parse_po(handle.read())


def parse_po(text: str) -> Tuple[Dict[str, str], Dict[str, Tuple[str, ...]]]:
    """Parse the text of a ``.po`` catalog (comments, multi-line strings, plurals)."""
    translations: Dict[str, str] = {}
    plurals: Dict[str, Tuple[str, ...]] = {}
    for entry in _entries(text):
        msgid = entry.get("msgid", "")
        if not msgid:
            continue  # the header
        if "msgid_plural" in entry:
            forms = tuple(entry[k] for k in sorted(entry) if k.startswith("msgstr["))
            plurals[msgid] = forms
            translations[msgid] = forms[0] if forms else ""
        else:
            translations[msgid] = entry.get("msgstr", "")
    return translations, plurals


def _entries(text: str):
    entry: Dict[str, str] = {}
    key = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            if not line and entry:
                yield entry
                entry, key = {}, None
            continue
        if line.startswith('"'):
            if key is not None:
                entry[key] += _unquote(line)
            continue
        keyword, _sep, rest = line.partition(" ")
        if keyword == "msgid" and "msgid" in entry and key != "msgctxt":
            yield entry
            entry = {}
        key = keyword
        entry[key] = _unquote(rest.strip())
    if entry:
        yield entry


def _unquote(token: str) -> str:
    return ast.literal_eval(token) if token.startswith('"') else ""
