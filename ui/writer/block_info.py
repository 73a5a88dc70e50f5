"""Read the body's blocks into :class:`~marginalia.core.text.writer_listing.BlockInfo` records."""
from __future__ import annotations

from typing import Callable, List, Optional, Sequence, Set, Tuple

from com.sun.star.text.TextContentAnchorType import AS_CHARACTER

from ...core.text.writer_listing import BlockInfo
from ..office.enumeration import elements, indexed
from .blocks import Block, block_finder, list_label, list_level
from .spans import TextSpan


def has_tracked_changes(document) -> bool:
    """True when the document holds tracked changes (their deleted text is then left out)."""
    try:
        return bool(document.getRedlines().hasElements())
    except Exception:
        return False


def change_count(document) -> int:
    """How many tracked changes the document holds (without placing them: no paragraph numbers)."""
    return sum(1 for _ in elements(document.getRedlines().createEnumeration()))


def has_notes(document) -> bool:
    """True when the document has footnotes or endnotes (their anchors then read ``[^1]``)."""
    try:
        return bool(document.getFootnotes().getCount() or document.getEndnotes().getCount())
    except Exception:
        return False


def has_fields(document) -> bool:
    """True when the document has fields or comments (a read then says where they are)."""
    try:
        return bool(document.getTextFields().createEnumeration().hasMoreElements())
    except Exception:
        return False


def reads_by_portion(document) -> bool:
    """True when a paragraph's text differs from its plain string: tracked changes or notes.

    Such text is read through :class:`~.spans.TextSpan`, the same way the editing tools
    read it, so what a read shows can be quoted back to them.
    """
    return has_tracked_changes(document) or has_notes(document)


def portion_blocks(document, blocks: Sequence[Block]) -> Set[int]:
    """The numbers of the body paragraphs whose text must be read portion by portion.

    Those are the paragraphs where a tracked change that leaves text out starts or ends
    (a deletion: an insertion or a change of format reads the same either way), or that
    hold a footnote or endnote anchor or an object anchored as a character: only there does
    the text the tools read (deletions left out, ``[^1]`` markers, a placeholder for
    the object) differ from the paragraph's plain string. Tables are not listed (their
    cells are read on their own). Costs a few calls per change, note and object
    (about 15 for each, to place it), not per paragraph. ``blocks`` may be a stretch of
    the body (a slice): only its paragraphs are named then.
    """
    blocks = list(blocks)
    paragraphs = [block for block in blocks if block.kind == "paragraph"]
    if not paragraphs:
        return set()
    find = block_finder(document, blocks)
    inside = _stretch_test(document.getText(), paragraphs[0].obj.getStart(), paragraphs[-1].obj.getEnd())
    numbers = set()
    for text_range in _marked_places(document):
        block = find(text_range) if text_range is not None and inside(text_range) else None
        if block is not None and block.kind == "paragraph":
            numbers.add(block.number)
    return numbers


def portion_paragraphs(document, walk) -> Set[int]:
    """:func:`portion_blocks` for the whole body through a :class:`~.body_walk.BodyWalk`: the indexes of the
    body paragraphs (from 1, tables not counted) whose text must be read portion by portion."""
    body = document.getText()
    places = [place for place in _marked_places(document) if place is not None and place.getText() == body]
    return set(walk.paragraph_indexes(places))


def _stretch_test(body, start, end):
    """A test of whether a place lies in the body between ``start`` and ``end`` (two comparisons).

    Places elsewhere (before or after, in a cell, a frame or a note) are passed over before
    the costlier search for their paragraph.
    """
    def inside(text_range) -> bool:
        try:
            return body.compareRegionStarts(start, text_range) >= 0 and body.compareRegionStarts(text_range, end) >= 0
        except Exception:  # not in the body's own text
            return False
    return inside


TEXT_KEEPING_CHANGES = frozenset(("Insert", "Format", "ParagraphFormat", "Style"))
"""Kinds of tracked change whose paragraphs read the same portion by portion as their plain string (only a
deletion's text is left out)."""


def _marked_places(document) -> list:
    """Where tracked changes that leave text out start and end, notes are anchored and objects stand as
    characters."""
    ranges = []
    for change in elements(document.getRedlines().createEnumeration()):
        if change.getPropertyValue("RedlineType") not in TEXT_KEEPING_CHANGES:
            ranges.extend(change.getPropertyValue(name) for name in ("RedlineStart", "RedlineEnd"))
    for notes in (document.getFootnotes(), document.getEndnotes()):
        ranges.extend(note.getAnchor() for note in indexed(notes))
    ranges.extend(_character_objects(document))
    return ranges


def _character_objects(document) -> list:
    """Where the frames, images and shapes anchored as characters are."""
    anchors = []
    shapes = document.getDrawPage()
    for index in range(shapes.getCount()):
        shape = shapes.getByIndex(index)
        try:
            if shape.getPropertyValue("AnchorType") == AS_CHARACTER:
                anchors.append(shape.getAnchor())
        except Exception:  # a shape without an anchor type: not in the text
            continue
    return anchors


def paragraph_text(paragraph, by_portion: bool) -> str:
    """The paragraph's text as the tools read it (after tracked changes, with note markers)."""
    return TextSpan.of_range(paragraph).text if by_portion else paragraph.getString()


def describe(block: Block, full: bool, by_portion: bool, marks: bool = False) -> BlockInfo:
    """Describe ``block``; without ``full`` only what the outline needs (heading level and text).

    Args:
        block: the block.
        full: read everything the listing shows (else only a heading's level and text).
        by_portion: read the text portion by portion (see :func:`reads_by_portion`).
        marks: the document has notes, comments or fields: list those of the paragraph.
    """
    if block.kind == "table":
        info = BlockInfo(block.number, "table", table_name=block.obj.getName())
        if full:
            info.rows, info.irregular = table_cells(block.obj)
        return info
    paragraph = block.obj
    level = int(paragraph.getPropertyValue("OutlineLevel") or 0)
    info = BlockInfo(block.number, outline_level=level)
    if full and marks:
        span = TextSpan.of_range(paragraph)
        info.text = span.text
        info.notes, info.comments, info.fields = span.marks.notes, span.marks.comments, span.marks.fields
    elif full or level:
        info.text = paragraph_text(paragraph, by_portion)
    if full:
        info.style = paragraph.getPropertyValue("ParaStyleName")
        info.list_label = list_label(paragraph)
        info.list_level = list_level(paragraph) if info.list_label else 0
    return info


SHAPE_PROPERTIES = ("OutlineLevel", "ParaStyleName", "NumberingIsNumber")
LIST_ITEM = "\u2022"
"""The label a brief description gives every list item (its real label is not read)."""


def describe_brief(block: Block, heading_text: Optional[Callable] = None) -> BlockInfo:
    """Describe ``block`` without reading its text: outline level, style, whether it is a list item.

    This is what the outline and the body style need from the blocks a page does not
    show; it costs one call per paragraph, where :func:`describe` reads every portion.

    Args:
        block: the block.
        heading_text: reads a heading's text (paragraph → str); None leaves the text out.
    """
    if block.kind == "table":
        return BlockInfo(block.number, "table")
    paragraph = block.obj
    try:
        level, style, numbered = paragraph.getPropertyValues(SHAPE_PROPERTIES)
        level, numbered = int(level or 0), bool(numbered)
    except Exception:  # a property this paragraph lacks: read them one by one, as describe does
        level = int(paragraph.getPropertyValue("OutlineLevel") or 0)
        style, numbered = paragraph.getPropertyValue("ParaStyleName"), bool(list_label(paragraph))
    info = BlockInfo(block.number, style=style, outline_level=level, list_label=LIST_ITEM if numbered else "")
    if level and heading_text is not None:
        info.text = heading_text(paragraph)
    return info


def outline_brief(block: Block, heading_text: Callable) -> BlockInfo:
    """Only what the outline needs of a block: a heading's level and text (plain paragraphs: their number).

    One property read a paragraph, through pyuno's attribute access, which costs half a
    ``getPropertyValue`` call (7 against 13 ms for 3,000 paragraphs, measured), where
    :func:`describe_brief` reads three.

    Args:
        block: the block.
        heading_text: reads a heading's text (paragraph → str).
    """
    if block.kind == "table":
        return BlockInfo(block.number, "table")
    paragraph = block.obj
    try:
        level = int(paragraph.OutlineLevel or 0)
    except AttributeError:  # pyuno could not map the name: ask through the property set
        level = int(paragraph.getPropertyValue("OutlineLevel") or 0)
    if not level:
        return BlockInfo(block.number)
    return BlockInfo(block.number, outline_level=level, text=heading_text(paragraph))


def table_rows(table) -> List[List[str]]:
    """The cell texts of ``table`` as rows (merged or split cells read by name)."""
    return table_cells(table)[0]


def table_cells(table) -> Tuple[List[List[str]], bool]:
    """``(rows of cell texts, irregular)``: every cell, whatever the table's shape.

    A table whose rows have different numbers of cells (merged or split cells, common in
    Word files) may still answer ``getDataArray()``, with one column only and no error;
    it is read cell by cell through its cell names instead, and called irregular.
    """
    names = table.getCellNames()
    rows, columns = table.getRows().getCount(), table.getColumns().getCount()
    if len(names) == rows * columns and not any("." in name for name in names):
        try:
            data = table.getDataArray()
            if len(data) == rows and all(len(row) == columns for row in data):
                return [[_cell_text(value) for value in row] for row in data], False
        except Exception:  # no data array: read the cells by name
            pass
    return _rows_by_name(table), True


def _cell_text(value) -> str:
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    return str(value)


def _rows_by_name(table) -> List[List[str]]:
    rows: List[List[str]] = []
    current_row, current = None, []
    for name in table.getCellNames():
        row = _row_of(name)
        if row != current_row and current_row is not None:
            rows.append(current)
            current = []
        current_row = row
        current.append(table.getCellByName(name).getString())
    if current_row is not None:
        rows.append(current)
    return rows


def _row_of(cell_name: str) -> str:
    return cell_name.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz").split(".")[0]
