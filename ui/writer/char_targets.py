"""Where format_text formats: whole paragraphs, the selection, the whole document, or places found in them.

A call names a scope: paragraph N (to_paragraph M for a range), every paragraph of a paragraph
style or of an outline level, the user's selection, or the whole document. Formatting a scope
whole costs one call on a text cursor per stretch of consecutive paragraphs (tables: one per
cell), as Select All then a format does in LibreOffice: the whole document is a cursor over the
body, which reaches empty paragraphs and whitespace (tables that open the document stand
before its start and are formatted cell by cell). Headers, footers, frames and notes are outside
the body, as they are outside LibreOffice's Select All in the body.

Within a scope, a call may also look for places: the matches of a text (:func:`text_matches`),
or the runs already formatted a certain way (:func:`format_formatted_runs`).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterator, List, Optional, Sequence, Tuple

from ...core.agent.tools import ToolError
from ...core.i18n import _, ngettext
from ...core.colors import color_words
from ...core.text.char_looks import Criteria, Look, number_words
from ...core.text.match import find_all
from ...core.text.spaces import is_spaces, space_runs, widen
from ..office.enumeration import indexed
from .blocks import Block, block_at, containing_block
from .char_properties import CharProperties
from .locate import Match
from .run_looks import PROPERTIES, runs_of
from .spans import SpanTableError, TextSpan
from .styles import check_start, resolve_style

WHOLE_DOCUMENT = "the whole document (body text and tables; headers, footers, frames and notes are outside it)"
MAX_PLACES = 8


@dataclass(frozen=True)
class Scope:
    """The part of the document a call names (nothing named: the whole document)."""

    paragraph: Optional[int] = None
    to_paragraph: Optional[int] = None
    expected_start: Optional[str] = None
    paragraph_style: Optional[str] = None
    outline_level: Optional[int] = None
    selection: bool = False

    def named(self) -> List[str]:
        """The ways of naming a scope the call used."""
        given = [("paragraph", self.paragraph is not None), ("paragraph_style", self.paragraph_style is not None),
                 ("outline_level", self.outline_level is not None), ("selection", self.selection)]
        return [name for name, used in given if used]

    def check(self) -> None:
        """Refuse a scope named twice over, or parameters that need paragraph without it."""
        if len(self.named()) > 1:
            raise ToolError("Name one scope: paragraph=N (to_paragraph=M), paragraph_style, outline_level or "
                            "selection=true, not %s." % " and ".join(self.named()))
        if self.paragraph is None and (self.to_paragraph is not None or self.expected_start):
            raise ToolError("to_paragraph and expected_start go with paragraph=N.")
        if self.to_paragraph is not None and self.to_paragraph < self.paragraph:
            raise ToolError("to_paragraph (%d) is before paragraph (%d)." % (self.to_paragraph, self.paragraph))

    @property
    def is_whole_document(self) -> bool:
        """True when no part is named."""
        return not self.named()


@dataclass
class Region:
    """A paragraph, a table cell or a selected range: text read as one span."""

    where: str
    block: int
    cell: str
    obj: Any
    """The paragraph or selected range (read with ``TextSpan.of_range``), or the cell (``of_text``)."""

    def span(self, formats: Sequence[str] = ()) -> TextSpan:
        """The region's text as the tools read it (with the ``formats`` of each run)."""
        return TextSpan.of_text(self.obj, formats) if self.cell else TextSpan.of_range(self.obj, formats)


# --- the blocks of a scope ---------------------------------------------------------------------------

def scope_blocks(document, blocks, scope: Scope) -> Tuple[List[Block], str]:
    """``(blocks, where in words)`` of a scope named by paragraph number, paragraph style or outline level."""
    if scope.paragraph is not None:
        last = scope.paragraph if scope.to_paragraph is None else scope.to_paragraph
        block_at(blocks, scope.paragraph)
        block_at(blocks, last)
        if scope.expected_start:
            check_start(blocks[scope.paragraph - 1], scope.paragraph, scope.expected_start)
        words = "paragraph %d" % scope.paragraph if last == scope.paragraph else "paragraphs %d–%d" % (
            scope.paragraph, last)
        return list(blocks[scope.paragraph - 1:last]), words
    if scope.paragraph_style is not None:
        name = resolve_style(document, "paragraph", scope.paragraph_style)
        chosen = [b for b in blocks if b.kind == "paragraph" and b.obj.getPropertyValue("ParaStyleName") == name]
        if not chosen:
            raise ToolError("No paragraph of the body has the style %s." % name)
        return chosen, "every paragraph of the style %s (%d)" % (name, len(chosen))
    level = scope.outline_level
    chosen = [b for b in blocks if b.kind == "paragraph" and int(b.obj.getPropertyValue("OutlineLevel") or 0) == level]
    if not chosen:
        raise ToolError("No paragraph of the body is at outline level %d (a level-%d heading)." % (level, level))
    return chosen, "every heading of outline level %d (%d)" % (level, len(chosen))


def _cells(table) -> Iterator[Tuple[str, Any]]:
    for name in table.getCellNames():
        yield name, table.getCellByName(name)


# --- a scope formatted whole -------------------------------------------------------------------------

@dataclass
class Whole:
    """A scope formatted whole: the ranges that cover it (each formatted in one call), and what to call it."""

    ranges: List[Any]
    where: str
    """For the model: ``paragraphs 3–5``."""
    summary: str
    """For the panel's line, translated."""


def whole_ranges(document, blocks, scope: Scope) -> Whole:
    """The ranges that cover the scope."""
    if scope.selection:
        return Whole(_selected_ranges(document), "the selection", _("Formatted the selection"))
    if scope.is_whole_document:
        return Whole(_document_ranges(document, blocks), WHOLE_DOCUMENT, _("Formatted the whole document"))
    chosen, words = scope_blocks(document, blocks, scope)
    return Whole(_block_ranges(chosen), words, _summary(chosen))


def _summary(chosen: List[Block]) -> str:
    tables = sum(1 for block in chosen if block.kind == "table")
    if not tables:
        return ngettext("Formatted %d paragraph", "Formatted %d paragraphs", len(chosen)) % len(chosen)
    if tables == len(chosen):
        return ngettext("Formatted %d table", "Formatted %d tables", tables) % tables
    return _("Formatted %d paragraphs and tables") % len(chosen)


def _document_ranges(document, blocks) -> List[Any]:
    """A cursor from the body's start to its end, and the cells of the tables before that start."""
    ranges = []
    for block in blocks:
        if block.kind != "table":
            break
        ranges.extend(_cell_cursor(cell) for _name, cell in _cells(block.obj))
    cursor = document.getText().createTextCursor()
    cursor.gotoStart(False)
    cursor.gotoEnd(True)
    return ranges + [cursor]


def _block_ranges(chosen: List[Block]) -> List[Any]:
    """One cursor per stretch of consecutive paragraphs, one per table cell."""
    ranges, stretch = [], []
    for block in chosen + [None]:
        if block is not None and block.kind == "paragraph" and (not stretch or block.number == stretch[-1].number + 1):
            stretch.append(block)
            continue
        if stretch:
            cursor = stretch[0].obj.getText().createTextCursorByRange(stretch[0].obj.getStart())
            cursor.gotoRange(stretch[-1].obj.getEnd(), True)
            ranges.append(cursor)
        stretch = [block] if block is not None and block.kind == "paragraph" else []
        if block is not None and block.kind == "table":
            ranges.extend(_cell_cursor(cell) for _name, cell in _cells(block.obj))
    return ranges


def _cell_cursor(cell):
    cursor = cell.getText().createTextCursor()
    cursor.gotoStart(False)
    cursor.gotoEnd(True)
    return cursor


def _selected_ranges(document) -> List[Any]:
    """The selected passages (or the selected table cells, as one range)."""
    selection = document.getCurrentController().getSelection()
    if selection is not None and selection.supportsService("com.sun.star.text.TextTableCursor"):
        return [selection]
    if selection is None or not selection.supportsService("com.sun.star.text.TextRanges"):
        raise ToolError("The user has not selected text (an object may be selected). Ask the user to select the "
                        "text, or name it by paragraph number.")
    ranges = [r for r in indexed(selection) if r.getString()]
    if not ranges:
        raise ToolError("Nothing is selected (the cursor only). Name the text, or a paragraph by number.")
    return [r.getText().createTextCursorByRange(r) for r in ranges]


# --- the regions of a scope, to look for places in -----------------------------------------------------

def scope_regions(document, blocks, scope: Scope) -> Tuple[List[Region], str]:
    """``(regions, where in words)``: the paragraphs, cells or selected ranges of the scope, in order."""
    if scope.selection:
        return _selected_regions(document, blocks), "the selection"
    if scope.is_whole_document:
        return _block_regions(blocks), "the document"
    chosen, words = scope_blocks(document, blocks, scope)
    return _block_regions(chosen), words


def _block_regions(chosen) -> List[Region]:
    regions = []
    for block in chosen:
        if block.kind == "paragraph":
            regions.append(Region("paragraph %d" % block.number, block.number, "", block.obj))
            continue
        name = block.obj.getName()
        regions.extend(Region("table %s, cell %s (paragraph %d)" % (name, cell_name, block.number), block.number,
                              cell_name, cell) for cell_name, cell in _cells(block.obj))
    return regions


def _selected_regions(document, blocks) -> List[Region]:
    selection = document.getCurrentController().getSelection()
    if selection is None or not selection.supportsService("com.sun.star.text.TextRanges"):
        raise ToolError("The user has not selected text (table cells or an object may be selected). Name the "
                        "text by paragraph number instead.")
    regions = []
    for text_range in [r for r in indexed(selection) if r.getString()]:
        block = containing_block(document, blocks, text_range)
        number = block.number if block is not None else 0
        regions.append(Region("the selection" + (" (paragraph %d)" % number if number else ""), number, "",
                              text_range))
    if not regions:
        raise ToolError("Nothing is selected (the cursor only). Name the text, or a paragraph by number.")
    return regions


def _read(region: Region, formats: Sequence[str] = ()) -> Optional[TextSpan]:
    try:
        return region.span(formats)
    except SpanTableError:
        raise ToolError("The selection contains a table; select text only, or name the table's paragraph "
                        "number.") from None


# --- places in the regions ---------------------------------------------------------------------------

def places_of(source: str, text: str, match_case: bool, whole_words: bool = False) -> List[Tuple[int, int]]:
    """Where ``text`` stands in ``source``: its matches widened over the spaces at its edges, or, for a text of
    spaces alone, every run of whitespace."""
    if is_spaces(text):
        return space_runs(source)
    return [widen(source, start, end, text) for start, end in find_all(source, text, match_case, whole_words)]


def text_matches(regions: List[Region], text: str, match_case: bool, wanted: Optional[Criteria] = None,
                 whole_words: bool = False) -> List[Match]:
    """Every place of ``text`` in ``regions`` (formatted as ``wanted`` asks, if given), without positions."""
    matches = []
    for region in regions:
        span = _read(region, PROPERTIES if wanted is not None else ())
        places = places_of(span.text, text, match_case, whole_words)
        if wanted is not None and places:
            fitting = _fitting(runs_of(span), wanted)
            places = [(s, e) for s, e in places if _covered(fitting, s, e)]
        matches.extend(Match(span.text, s, e, region.block, region.where, region.cell, None, region.obj)
                       for s, e in places)
    return matches


def formatted_stretches(regions: List[Region], wanted: Criteria) -> List[Match]:
    """Every stretch of ``regions`` formatted as ``wanted`` asks (neighbouring runs joined), without positions."""
    matches = []
    for region in regions:
        span = _read(region, PROPERTIES)
        matches.extend(Match(span.text, s, e, region.block, region.where, region.cell, None, region.obj)
                       for s, e in _fitting(runs_of(span), wanted) if span.text[s:e].strip())
    return matches


def _fitting(runs: List[Tuple[int, int, Look]], wanted: Criteria) -> List[Tuple[int, int]]:
    """The stretches of ``runs`` that have the formats ``wanted`` asks for, neighbours joined."""
    stretches: List[Tuple[int, int]] = []
    for start, end, look in runs:
        if not wanted.match(look):
            continue
        if stretches and stretches[-1][1] == start:
            stretches[-1] = (stretches[-1][0], end)
        else:
            stretches.append((start, end))
    return stretches


def _covered(stretches: List[Tuple[int, int]], start: int, end: int) -> bool:
    return any(s <= start and end <= e for s, e in stretches)


@dataclass
class FormattedRuns:
    """What :func:`formatted_places` found: how many stretches, where, and the looks it passed over."""

    count: int = 0
    places: List[str] = field(default_factory=list)
    seen: Counter = field(default_factory=Counter)
    """The values the asked-for formats have instead, by characters, where nothing fitted."""


def formatted_places(regions: List[Region], wanted: Criteria, found: FormattedRuns) -> Iterator[Any]:
    """A cursor over every stretch of ``regions`` formatted as ``wanted`` asks, counted into ``found``.

    Regions are read one at a time, as the cursors are taken: a caller that formats each cursor
    before taking the next keeps only one region's positions alive at a time.
    """
    for region in regions:
        span = _read(region, PROPERTIES)
        runs = runs_of(span)
        stretches = _fitting(runs, wanted)
        if not stretches:
            _tally(found.seen, span.text, runs, wanted)
            continue
        found.count += len(stretches)
        if region.where not in found.places:
            found.places.append(region.where)
        for start, end in stretches:
            yield span.cursor(start, end)


def _tally(seen: Counter, source: str, runs: List[Tuple[int, int, Look]], wanted: Criteria) -> None:
    """Count, by characters, the values the asked-for formats have instead (for a refusal that shows them)."""
    for start, end, look in runs:
        text = source[start:end]
        if text.strip():
            seen[_shown(look, wanted)] += len(text)


def _shown(look: Look, wanted: Criteria) -> str:
    parts = []
    if wanted.color is not None:
        parts.append("color " + (color_words(look.color) if look.color is not None else "automatic"))
    if wanted.highlight is not None:
        parts.append("highlight " + color_words(look.highlight) if look.highlight is not None else "no highlight")
    if wanted.font is not None:
        parts.append("font " + look.font)
    if wanted.font_size is not None:
        parts.append("%s pt" % number_words(look.size))
    return ", ".join(parts) or "other formatting"


def seen_words(seen: Counter) -> str:
    """``color #2A6099 (a blue) (120 characters), color automatic (3,400 characters)``: the most common first."""
    return ", ".join("%s (%d characters)" % (shown, count) for shown, count in seen.most_common(6))


def listed(places: List[str]) -> str:
    """``paragraph 2 (3 times), paragraph 5, …``: the first places, each once."""
    counts = Counter(places)
    unique = list(dict.fromkeys(places))
    shown = ["%s (%d times)" % (place, counts[place]) if counts[place] > 1 else place for place in unique[:MAX_PLACES]]
    return ", ".join(shown) + (", …" if len(unique) > MAX_PLACES else "")
