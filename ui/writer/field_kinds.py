"""The fields the page tools insert: page number, page count, date, time, title, author, file name.

A field is one object in the text that shows a value Writer keeps up to date (a fixed date or
time keeps the value it had when inserted). :func:`make_field` makes one ready to insert, and
:func:`pieces` splits a text with placeholders (``Page {page} of {pages}``) into plain strings
and field kinds.
"""
from __future__ import annotations

import re
from typing import List, Optional, Tuple, Union

import uno

from ...core.agent.tools import ToolError
from ...core.i18n import N_
from ...core.text.match import quote
from ..office.enumeration import elements

KINDS = ("page", "pages", "date", "time", "title", "author", "file_name")
KIND_WORDS = {"page": "page number", "pages": "page count", "date": "date", "time": "time", "title": "title",
              "author": "author", "file_name": "file name"}
KIND_TITLES = {"page": N_("Inserted a page number"), "pages": N_("Inserted a page count"),
               "date": N_("Inserted a date"), "time": N_("Inserted a time"), "title": N_("Inserted the title"),
               "author": N_("Inserted the author"), "file_name": N_("Inserted the file name")}
"""The transcript line of an inserted field, by kind (translated when shown)."""
SERVICES = {"page": "PageNumber", "pages": "PageCount", "date": "DateTime", "time": "DateTime",
            "title": "docinfo.Title", "author": "docinfo.CreateAuthor", "file_name": "FileName"}
ARABIC = 4  # com.sun.star.style.NumberingType.ARABIC
NAME_AND_EXTENSION = 3  # com.sun.star.text.FilenameDisplayFormat.NAME_AND_EXT
PLACEHOLDER = re.compile(r"\{([A-Za-z_]+)\}")


def make_field(document, kind: str, fixed: bool = False, number_format: Optional[str] = None):
    """A new field of ``kind`` (one of :data:`KINDS`); ``fixed`` dates and times keep today's value.

    ``number_format``: a date or time format code such as ``DD.MM.YYYY`` or ``HH:MM`` (default: the
    document language's standard one).
    """
    field = document.createInstance("com.sun.star.text.textfield." + SERVICES[kind])
    if kind in ("page", "pages"):
        field.setPropertyValue("NumberingType", ARABIC)
    if kind == "page":
        field.setPropertyValue("SubType", uno.Enum("com.sun.star.text.PageNumberType", "CURRENT"))
    if kind in ("date", "time"):
        field.setPropertyValue("IsDate", kind == "date")
        field.setPropertyValue("IsFixed", fixed)
        if number_format:
            field.setPropertyValue("NumberFormat", format_key(document, number_format))
    if kind == "file_name":
        field.setPropertyValue("FileFormat", NAME_AND_EXTENSION)
    return field


REFERENCE_PARTS = {"page": "PAGE", "text": "TEXT", "above_below": "UP_DOWN", "number": "NUMBER_FULL_CONTEXT"}
"""What a cross-reference shows (``com.sun.star.text.ReferenceFieldPart``), by the fields tool's word."""


def make_reference(document, bookmark: str, shows: str):
    """A new cross-reference to the bookmark ``bookmark`` showing its page, its text, above/below or its paragraph's
    number in full (2.1)."""
    field = document.createInstance("com.sun.star.text.textfield.GetReference")
    field.setPropertyValue("ReferenceFieldSource",
                           uno.getConstantByName("com.sun.star.text.ReferenceFieldSource.BOOKMARK"))
    field.setPropertyValue("SourceName", bookmark)
    field.setPropertyValue("ReferenceFieldPart",
                           uno.getConstantByName("com.sun.star.text.ReferenceFieldPart." + REFERENCE_PARTS[shows]))
    return field


def format_key(document, code: str) -> int:
    """The number format key of a date or time format ``code`` in the document's language (added when new)."""
    formats = document.getNumberFormats()
    locale = document.getPropertyValue("CharLocale")
    key = formats.queryKey(code, locale, False)
    if key == -1:
        try:
            key = formats.addNew(code, locale)
        except Exception:  # LibreOffice refuses a code it cannot read
            raise ToolError("%s is not a date or time format LibreOffice reads; use codes such as DD.MM.YYYY, "
                            "MMMM D, YYYY or HH:MM." % quote(code)) from None
    return key


def pieces(content: str) -> List[Union[str, Tuple[str]]]:
    """``content`` as plain strings and ``(kind,)`` tuples for its placeholders.

    Raises:
        ToolError: a placeholder names no known field.
    """
    result: List[Union[str, Tuple[str]]] = []
    position = 0
    for match in PLACEHOLDER.finditer(content):
        name = match.group(1).lower()
        if name not in KINDS:
            raise ToolError("%s is not a field; the fields are %s." % (quote(match.group(0)),
                                                                      ", ".join("{%s}" % k for k in KINDS)))
        if match.start() > position:
            result.append(content[position:match.start()])
        result.append((name,))
        position = match.end()
    if position < len(content):
        result.append(content[position:])
    return result


def read_with_placeholders(xtext) -> str:
    """The text of ``xtext`` with its fields as placeholders (``Page {page} of {pages}``), lines joined by " / ".

    A page number field reads 0 until Writer lays the page out again (the views stay locked
    while a tool runs), so the field's kind is shown rather than its value.
    """
    lines = []
    for paragraph in elements(xtext.createEnumeration()):
        if not paragraph.supportsService("com.sun.star.text.Paragraph"):
            lines.append("[table]")
            continue
        line = []
        for portion in elements(paragraph.createEnumeration()):
            kind = portion.getPropertyValue("TextPortionType")
            if kind == "TextField":
                line.append(_placeholder(portion.getPropertyValue("TextField"), portion.getString()))
            elif kind == "Text":
                line.append(portion.getString())
            elif kind == "Frame":
                line.append("[object]")
        lines.append("".join(line))
    return " / ".join(lines)


def _placeholder(field, shown: str) -> str:
    names = field.getSupportedServiceNames()
    for kind, service in SERVICES.items():
        if "com.sun.star.text.textfield." + service in names and (kind not in ("date", "time") or
                                                                  field.getPropertyValue("IsDate") == (kind == "date")):
            return "{%s}" % kind
    return shown


EMPTY = {
    "title": "The document has no title yet, so the title field shows nothing until one is set (File ▸ Properties "
             "▸ Description ▸ Title).",
    "author": "The document records no author, so the author field shows nothing (File ▸ Properties ▸ General; new "
              "documents take the name under Tools ▸ Options ▸ User Data).",
    "file_name": "The document has not been saved yet, so the file name field shows nothing until it is.",
}
"""Why a field of these kinds shows nothing, for the answer (a tool never lets an empty field pass for done)."""


def shows_nothing(document, kinds) -> str:
    """Sentences (each after a space) naming the fields of ``kinds`` that show nothing in ``document`` and why."""
    properties = document.getDocumentProperties()
    empty = {"title": not properties.Title.strip(), "author": not properties.Author.strip(),
             "file_name": not document.hasLocation()}
    return "".join(" " + EMPTY[kind] for kind in dict.fromkeys(kinds) if empty.get(kind))


def with_article(words: str) -> str:
    """``a page number``, ``an author``."""
    return ("an " if words[:1] in "aeiou" else "a ") + words


def described_pieces(parts: List[Union[str, Tuple[str]]]) -> str:
    """The pieces in words: ``“Page ” + page number + “ of ” + page count``."""
    return " + ".join(KIND_WORDS[part[0]] if isinstance(part, tuple) else quote(part, 80) for part in parts) or "nothing"
