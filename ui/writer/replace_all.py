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
  as the per-match way does. Where no unchanged words stand around a change, the text is
  searched as it is (LibreOffice's plain search, faster than a regular expression).
* **Exactly the guard's matches.** It is used only when LibreOffice finds the very
  same number of places as the edit-conflict guard did (which reads only the body and
  its tables, leaves out tracked deletions and fields): a copy of the text in a header,
  a footnote, a frame, inside a deletion or typed with other quotes or spaces makes the
  numbers differ, and the caller then goes match by match. Every search is counted
  before anything changes.
* **Formatted replacements** (one Markdown run: ``**Michael Smith**``) use Replace All
  with the run's formats as replacement attributes; the new text takes the other formats
  of the text it replaces. Never while changes are recorded: LibreOffice 7.4's Replace All
  with replacement attributes then finds its own tracked changes again and replaces without
  end (120,002 places for 2 matches when only the format changes, 60,003 for 3 when the text
  changes too, measured; the document is ruined and its undo does not restore it).

Returns False, having changed nothing, whenever a condition does not hold.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Tuple

from com.sun.star.awt.FontSlant import ITALIC
from com.sun.star.awt.FontStrikeout import SINGLE as STRIKE_SINGLE
from com.sun.star.awt.FontUnderline import SINGLE as UNDERLINE_SINGLE
from com.sun.star.awt.FontWeight import BOLD
from com.sun.star.beans import PropertyValue

from ...core.text.format_keep import plan_edits
from ...core.text.runs import LINE_BREAK, Run
from .content import Content
from .locate import Match
from .text_ops import clean

REGEX_SPECIAL = frozenset("\\^$.|?*+()[]{}")
REPLACE_SPECIAL = frozenset("&$\\")
"""Characters a regular-expression Replace All would read as references in the new text."""
MIN_MATCHES = 2
"""Below this, the per-match way is as fast."""


@dataclass(frozen=True)
class Search:
    """What LibreOffice searches for: ``text`` as it is, or a regular expression.

    Text as it is is searched ~1.5× faster (LibreOffice's plain search), so a regular
    expression is used only where look-around is needed.
    """

    text: str
    regex: bool = False


@dataclass(frozen=True)
class Step:
    """One Replace All: every place of ``search`` becomes ``replacement`` (with ``attributes`` set)."""

    search: Search
    replacement: str
    attributes: Tuple[PropertyValue, ...] = ()


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
        steps = _formatted_step(old_text, content, recording=bool(document.RecordChanges))
    if steps is None or count_found(document, steps[0].search) != len(matches):
        return False  # the first step's search stands exactly where the whole old text does
    for step in steps:
        done = _replace(document, step)
        if done != len(matches):
            raise ReplaceAllMismatch("Replace All changed %d places, %d were expected" % (done, len(matches)))
    return True


def _plain_steps(document, old: str, new: str) -> Optional[List[Step]]:
    """One Replace All per changed word group, the last first; None when that cannot be exact."""
    edits = plan_edits(old, new)
    if not edits or "\n" in new or any(e.start == e.end or REPLACE_SPECIAL.intersection(e.text) for e in edits):
        return None
    steps, current = [], old
    for edit in reversed(edits):
        if current != old and count_found(document, Search(current)) != 0:
            return None  # the half-replaced text already stands somewhere: that place would be changed too
        steps.append(Step(_around(current[:edit.start], old[edit.start:edit.end], current[edit.end:]), edit.text))
        current = current[:edit.start] + edit.text + current[edit.end:]
    return steps


def _formatted_step(old: str, content: Content, recording: bool) -> Optional[List[Step]]:
    runs = content.runs
    if content.kind != "inline" or len(runs) != 1:
        return None
    run = runs[0]
    if run.link or run.code or run.picture or _has_looks(run) or run.text == LINE_BREAK or "\n" in run.text \
            or REPLACE_SPECIAL.intersection(run.text):
        return None
    if recording:
        return None  # Replace All with attributes would loop (module docstring)
    attributes = tuple(_property(name, value) for name, value in (
        ("CharWeight", BOLD if run.bold else None), ("CharPosture", ITALIC if run.italic else None),
        ("CharStrikeout", STRIKE_SINGLE if run.strike else None),
        ("CharUnderline", UNDERLINE_SINGLE if run.underline else None)) if value is not None)
    return [Step(Search(old), clean(run.text), attributes)]


def _has_looks(run: Run) -> bool:
    """The run sets more than bold, italic, strikethrough and underline (the replacement attributes used here)."""
    return run.subscript or run.superscript or any(value is not None for value in (
        run.color, run.background, run.size_pt, run.font, run.case_map, run.spacing_pt))


def _around(before: str, middle: str, after: str) -> Search:
    """A search for ``middle`` only between ``before`` and ``after`` (plain text when both are empty)."""
    if not before and not after:
        return Search(middle)
    pattern = _escaped(middle)
    if before:
        pattern = "(?<=%s)%s" % (_escaped(before), pattern)
    if after:
        pattern = "%s(?=%s)" % (pattern, _escaped(after))
    return Search(pattern, regex=True)


def _escaped(text: str) -> str:
    """A regular expression that matches ``text`` as it is."""
    return "".join("\\" + char if char in REGEX_SPECIAL else char for char in text)


def search_descriptor(document, search: Search):
    """A case-sensitive replace descriptor for ``search``."""
    descriptor = document.createReplaceDescriptor()
    descriptor.SearchString = search.text
    descriptor.SearchRegularExpression = search.regex
    descriptor.SearchCaseSensitive = True
    return descriptor


def count_found(document, search: Search) -> int:
    """How many places LibreOffice's Find All finds for ``search``."""
    return document.findAll(search_descriptor(document, search)).getCount()


def _replace(document, step: Step) -> int:
    descriptor = search_descriptor(document, step.search)
    descriptor.ReplaceString = step.replacement
    if step.attributes:
        descriptor.setReplaceAttributes(step.attributes)
    return document.replaceAll(descriptor)


def _property(name: str, value) -> PropertyValue:
    prop = PropertyValue()
    prop.Name, prop.Value = name, value
    return prop

