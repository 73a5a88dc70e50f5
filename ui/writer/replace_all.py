"""replace_text on every match through LibreOffice's own Replace All, as careful as the per-match way.

Replacing thousands of matches one by one from Python costs several UNO calls and two
undo actions per match: 35 times LibreOffice's own Replace All on a 30-page report, and
a Revert that undoes thousands of actions. When a replacement changes every match of
the text in the document, the same result is reached with Replace All itself:

* **Only what changes is replaced.** The word-level edits that keep formatting (see
  :mod:`marginalia.core.text.format_keep`) become regular expressions that match the
  changed words only where the whole old text stands around them (a look-behind for
  the words before, a look-ahead for those after), so unchanged words keep their
  formatting and changed ones take the formatting of the words they replace, exactly
  as the per-match way does.
* **Exactly the guard's matches.** It is used only when LibreOffice finds the very
  same number of places as the edit-conflict guard did (which reads only the body and
  its tables, leaves out tracked deletions and fields): a copy of the text in a header,
  a footnote, a frame, inside a deletion or typed with other quotes or spaces makes the
  numbers differ, and the caller then goes match by match. Every expression is counted
  before anything changes.
* **Formatted replacements** (one Markdown run: ``**Michael Smith**``) use Replace All
  with the run's formats as replacement attributes; the new text takes the other formats
  of the text it replaces.

Returns False, having changed nothing, whenever a condition does not hold.
"""
from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

from com.sun.star.awt.FontSlant import ITALIC
from com.sun.star.awt.FontStrikeout import SINGLE as STRIKE_SINGLE
from com.sun.star.awt.FontUnderline import SINGLE as UNDERLINE_SINGLE
from com.sun.star.awt.FontWeight import BOLD
from com.sun.star.beans import PropertyValue

from ...core.text.format_keep import plan_edits
from ...core.text.runs import LINE_BREAK
from .content import Content
from .locate import Match
from .text_ops import clean

REGEX_SPECIAL = frozenset("\\^$.|?*+()[]{}")
REPLACE_SPECIAL = frozenset("&$\\")
"""Characters a regular-expression Replace All would read as references in the new text."""
MIN_MATCHES = 2
"""Below this, the per-match way is as fast."""


class ReplaceAllMismatch(RuntimeError):
    """LibreOffice replaced another number of places than it had counted (the tool is rolled back)."""


def replace_everywhere(document, matches: List[Match], old_text: str, content: Content) -> bool:
    """Replace every one of ``matches`` with Replace All; False (nothing changed) when it cannot be exact.

    Args:
        document: the Writer document.
        matches: every match of ``old_text`` the guard found in the document.
        old_text: the text the call names.
        content: the prepared replacement (plain, or one formatted run).
    """
    if len(matches) < MIN_MATCHES or any(m.text != old_text for m in matches) or "\n" in old_text:
        return False
    if content.kind == "plain":
        steps = _plain_steps(document, old_text, clean(content.text))
    else:
        steps = _formatted_step(old_text, content)
    if steps is None or count_found(document, steps[0][0]) != len(matches):
        return False  # the first step's pattern stands exactly where the whole old text does
    for pattern, replacement, attributes in steps:
        done = _replace(document, pattern, replacement, attributes)
        if done != len(matches):
            raise ReplaceAllMismatch("Replace All changed %d places, %d were expected" % (done, len(matches)))
    return True


def _plain_steps(document, old: str, new: str) -> Optional[List[Tuple[str, str, tuple]]]:
    """One Replace All per changed word group, the last first; None when that cannot be exact."""
    edits = plan_edits(old, new)
    if not edits or "\n" in new or any(e.start == e.end or REPLACE_SPECIAL.intersection(e.text) for e in edits):
        return None
    steps, current = [], old
    for edit in reversed(edits):
        if current != old and count_found(document, literal(current)) != 0:
            return None  # the half-replaced text already stands somewhere: that place would be changed too
        steps.append((_around(current[:edit.start], old[edit.start:edit.end], current[edit.end:]), edit.text, ()))
        current = current[:edit.start] + edit.text + current[edit.end:]
    return steps


def _formatted_step(old: str, content: Content) -> Optional[List[Tuple[str, str, tuple]]]:
    runs = content.runs
    if content.kind != "inline" or len(runs) != 1:
        return None
    run = runs[0]
    if run.link or run.code or run.text == LINE_BREAK or "\n" in run.text or REPLACE_SPECIAL.intersection(run.text):
        return None
    attributes = tuple(_property(name, value) for name, value in (
        ("CharWeight", BOLD if run.bold else None), ("CharPosture", ITALIC if run.italic else None),
        ("CharStrikeout", STRIKE_SINGLE if run.strike else None),
        ("CharUnderline", UNDERLINE_SINGLE if run.underline else None)) if value is not None)
    return [(literal(old), clean(run.text), attributes)]


def _around(before: str, middle: str, after: str) -> str:
    """A pattern matching ``middle`` only between ``before`` and ``after``."""
    pattern = literal(middle)
    if before:
        pattern = "(?<=%s)%s" % (literal(before), pattern)
    if after:
        pattern = "%s(?=%s)" % (pattern, literal(after))
    return pattern


def literal(text: str) -> str:
    """A regular expression that matches ``text`` as it is."""
    return "".join("\\" + char if char in REGEX_SPECIAL else char for char in text)


def search_descriptor(document, pattern: str):
    """A case-sensitive search for the regular expression ``pattern`` (a replace descriptor)."""
    search = document.createReplaceDescriptor()
    search.SearchString = pattern
    search.SearchRegularExpression = True
    search.SearchCaseSensitive = True
    return search


def count_found(document, pattern: str) -> int:
    """How many places LibreOffice's Find All finds for ``pattern`` (see :func:`search_descriptor`)."""
    return document.findAll(search_descriptor(document, pattern)).getCount()


def _replace(document, pattern: str, replacement: str, attributes: Sequence[PropertyValue]) -> int:
    search = search_descriptor(document, pattern)
    search.ReplaceString = replacement
    if attributes:
        search.setReplaceAttributes(tuple(attributes))
    return document.replaceAll(search)


def _property(name: str, value) -> PropertyValue:
    prop = PropertyValue()
    prop.Name, prop.Value = name, value
    return prop

