"""New paragraphs at a numbered place, and removal of whole blocks.

A new paragraph never inherits what made its neighbour special: it gets the body
text style used around it (not the heading's, not the title's), no list membership
and no direct character formatting, so inserted content looks like the document's
own body text.
"""
from __future__ import annotations

from typing import List, Optional

from com.sun.star.beans.PropertyState import DIRECT_VALUE
from com.sun.star.text.ControlCharacter import PARAGRAPH_BREAK

from ...core.agent.tools import ToolError
from .blocks import Block, block_at, body_blocks, has_block, is_heading, list_label, reread_around

NOT_BODY_STYLES = frozenset(("Title", "Subtitle", "Table Contents", "Table Heading", "Caption", "Header", "Footer",
                             "Contents Heading", "Quotations", "Preformatted Text"))
CHAR_PROPERTIES = ("CharWeight", "CharPosture", "CharUnderline", "CharStrikeout", "CharBackColor",
                   "CharBackTransparent", "CharColor", "CharHeight", "CharFontName", "CharStyleName",
                   "HyperLinkURL", "CharHighlight")
DEFAULT_BODY_STYLE = "Standard"
LOOK_PROPERTIES = ("BottomBorder", "BreakType", "LeftBorder", "ParaAdjust", "ParaBackColor", "ParaBottomMargin",
                   "ParaFirstLineIndent", "ParaKeepTogether", "ParaLeftMargin", "ParaLineSpacing", "ParaOrphans",
                   "ParaRightMargin", "ParaSplit", "ParaTopMargin", "ParaWidows", "RightBorder", "TopBorder")
"""A paragraph's own look (what CSS on an imported ``<p>`` sets), sorted by name."""


def body_style(blocks: List[Block], near: int) -> str:
    """The paragraph style of the body text nearest to block ``near`` (searching both ways)."""
    distance = 0
    while near - distance >= 1 or has_block(blocks, near + distance):
        for number in (near - distance, near + distance):
            if number >= 1 and has_block(blocks, number):
                block = blocks[number - 1]
                if block.kind == "paragraph" and _is_body(block.obj):
                    return block.obj.getPropertyValue("ParaStyleName")
        distance += 1
    return DEFAULT_BODY_STYLE


def _is_body(paragraph) -> bool:
    style = paragraph.getPropertyValue("ParaStyleName")
    return not is_heading(paragraph) and not list_label(paragraph) and style not in NOT_BODY_STYLES \
        and not style.startswith(("Heading", "List", "Numbering", "Table"))


def resolve_position(blocks: List[Block], position: str, number: Optional[int]):
    """Turn ``start``/``end``/``before N``/``after N`` into ``(before: bool, anchor block)``.

    Raises:
        ToolError: ``before``/``after`` without a paragraph number, or a number out of range.
    """
    if position == "start":
        return True, block_at(blocks, 1)
    if position == "end":
        return False, block_at(blocks, len(blocks))
    if number is None:
        raise ToolError("position '%s' needs paragraph=N (the paragraph to insert %s)." % (position, position))
    return position == "before", block_at(blocks, number)


def open_paragraph(document, before: bool, anchor: Block, style: str):
    """Insert an empty paragraph before or after ``anchor``; return ``(paragraph, its number)``."""
    paragraph, number, _blocks = open_paragraph_in(document, body_blocks(document), before, anchor, style)
    return paragraph, number


def open_paragraph_in(document, blocks: List[Block], before: bool, anchor: Block, style: str):
    """:func:`open_paragraph` given the body's current ``blocks``; also return the blocks after it.

    Returns:
        ``(paragraph, its number, the body's blocks now)``.
    """
    neighbour = _neighbour(blocks, anchor, before)
    has_block(blocks, anchor.number + 2)  # read past the stretch reread_around reads again, before the change
    if anchor.kind == "paragraph":
        _split(document, anchor.obj.getStart() if before else anchor.obj.getEnd())
    elif neighbour is not None and neighbour.kind == "paragraph":  # a table: split the paragraph beside it
        _split(document, neighbour.obj.getEnd() if before else neighbour.obj.getStart())
    else:
        _paragraph_beside_table(document, anchor.obj, before)
    number = anchor.number if before else anchor.number + 1
    blocks, _added = reread_around(document, blocks, anchor.number)  # the split touched the anchor or a neighbour
    paragraph = blocks[number - 1].obj
    reset_paragraph(paragraph, style)
    return paragraph, number, blocks


def _neighbour(blocks: List[Block], anchor: Block, before: bool) -> Optional[Block]:
    number = anchor.number - 1 if before else anchor.number + 1
    return blocks[number - 1] if has_block(blocks, number) else None


def _split(document, position) -> None:
    xtext = document.getText()
    xtext.insertControlCharacter(xtext.createTextCursorByRange(position), PARAGRAPH_BREAK, False)


def _paragraph_beside_table(document, table, before: bool) -> None:
    """Insert a paragraph before or after a table with no paragraph on that side.

    The created paragraph object is unusable once inserted (a LibreOffice quirk), so
    it is dropped here and the caller reads the new paragraph from the body again.
    """
    paragraph = document.createInstance("com.sun.star.text.Paragraph")
    if before:
        document.getText().insertTextContentBefore(paragraph, table)
    else:
        document.getText().insertTextContentAfter(paragraph, table)


def restyle(paragraph, style: str) -> None:
    """Give ``paragraph`` the style ``style``, keeping the look set on the paragraph itself.

    Setting a paragraph style through the API drops the paragraph's direct alignment,
    spacing, margins and breaks; those an import set (from CSS) are put back.
    """
    look = own_look(paragraph)
    paragraph.setPropertyValue("ParaStyleName", style)
    if look:
        paragraph.setPropertyValues(tuple(look), tuple(look.values()))


def own_look(paragraph) -> dict:
    """The properties of :data:`LOOK_PROPERTIES` set on ``paragraph`` itself, by name (sorted), with their values."""
    states = paragraph.getPropertyStates(LOOK_PROPERTIES)
    own = tuple(name for name, state in zip(LOOK_PROPERTIES, states) if state == DIRECT_VALUE)
    return dict(zip(own, paragraph.getPropertyValues(own))) if own else {}


def reset_paragraph(paragraph, style: str) -> None:
    """Give ``paragraph`` the style ``style``, no list, and no direct character formatting."""
    paragraph.setPropertyValue("ParaStyleName", style)
    for name in ("NumberingRules", "NumberingStyleName", "ListId", "NumberingLevel", "ParaIsNumberingRestart"):
        _to_default(paragraph, name)
    if paragraph.getPropertyValue("NumberingIsNumber"):
        paragraph.setPropertyValue("NumberingStyleName", "")
    for name in CHAR_PROPERTIES:
        _to_default(paragraph, name)


def _to_default(target, name: str) -> None:
    try:
        target.setPropertyToDefault(name)
    except Exception:  # not every property exists in every version, or has a default state
        pass


def delete_blocks(document, first: int, last: int, blocks: Optional[List[Block]] = None) -> None:
    """Remove blocks ``first``..``last``: paragraphs with their breaks, tables whole.

    Runs of paragraphs are deleted as text (so change tracking records the
    deletion); tables are removed as objects. The document keeps at least one
    paragraph: when everything would go, the first paragraph is emptied instead.
    ``blocks`` are the body's blocks as they are now, when the caller has them (else
    they are read: a whole enumeration of the body).
    """
    blocks = body_blocks(document) if blocks is None else blocks
    xtext = document.getText()
    for kind, run in reversed(_runs(blocks[first - 1:last])):
        if kind == "table":
            for block in reversed(run):
                block.obj.dispose()
            continue
        _delete_paragraphs(xtext, blocks, run[0].number, run[-1].number, last)


def _runs(blocks: List[Block]):
    runs = []
    for block in blocks:
        if runs and runs[-1][0] == block.kind:
            runs[-1][1].append(block)
        else:
            runs.append((block.kind, [block]))
    return runs


def _delete_paragraphs(xtext, blocks: List[Block], first: int, last: int, stretch_end: int) -> None:
    """Delete paragraphs ``first``..``last``, the last run of a stretch ending at block ``stretch_end`` still
    standing (the runs are deleted from the end: what stood between this run and the stretch's end is gone)."""
    following = blocks[stretch_end] if has_block(blocks, stretch_end + 1) else None
    previous = blocks[first - 2] if first > 1 else None
    if following is not None and following.kind == "paragraph":
        cursor = xtext.createTextCursorByRange(blocks[first - 1].obj.getStart())
        cursor.gotoRange(following.obj.getStart(), True)
    elif previous is not None and previous.kind == "paragraph":
        cursor = xtext.createTextCursorByRange(previous.obj.getEnd())
        cursor.gotoRange(blocks[last - 1].obj.getEnd(), True)
    else:  # between tables or alone: Writer needs the paragraph; empty it
        cursor = xtext.createTextCursorByRange(blocks[first - 1].obj.getStart())
        cursor.gotoRange(blocks[last - 1].obj.getEnd(), True)
    cursor.setString("")
