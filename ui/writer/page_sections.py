"""Pages with a page style of their own (Writer's "section break"), and removing page breaks.

In Writer a paragraph starts a new page with another page style when it names that style
(``PageDescName``); the pages follow that style until a paragraph names another one. So giving
paragraphs 5–7 a landscape page means: a page style for them (made as a copy of the one their
pages use now, when it does not exist), named by paragraph 5, and the previous style named again
by paragraph 8. A copy takes the page set-up and the header and footer switches, not their text
(LibreOffice 7.4 offers no way to copy that text through its API).
"""
from __future__ import annotations

from typing import Optional

from com.sun.star.style.BreakType import NONE as NO_BREAK, PAGE_AFTER, PAGE_BEFORE, PAGE_BOTH

from ...core.agent.tools import ToolError, ToolOutcome
from ...core.i18n import _
from ...core.text.match import quote
from ..office.enumeration import elements
from .blocks import Block, block_at, body_blocks, has_block
from .page_changes import NOT_TRACKED, PageChanges, described, style_changes
from .page_styles import display_name, page_style_family, resolve_page_style
from .page_undo import change_page_style, start_page_style
from .review import require_writable, review_mode

COPIED = ("Width", "Height", "IsLandscape", "TopMargin", "BottomMargin", "LeftMargin", "RightMargin", "GutterMargin",
          "TextColumns", "NumberingType", "PageStyleLayout", "WritingMode", "HeaderIsOn", "FooterIsOn",
          "FirstIsShared")
"""What a new page style takes from the one it copies, in the order to set it. Not whether left and right
pages have headers of their own: LibreOffice keeps a left header's text when it is shared again, so an
undo of that split leaves the document's positions shifted (the undo of a footnote inserted before it then
left the footnote in place, measured)."""
PART_COPIED = ("BodyDistance", "Height", "IsDynamicHeight")
"""What it takes of a header or footer that is on (``Header…``, ``Footer…``)."""


def own_page_style(context, first: int, last: Optional[int], wanted: Optional[str], changes: PageChanges) -> ToolOutcome:
    """Give paragraphs ``first``..``last`` (to the end without ``last``) pages of their own page style."""
    document = context.document
    blocks = body_blocks(document)
    start = block_at(blocks, first)
    if last is not None:
        if last < first:
            raise ToolError("to_paragraph (%d) is before paragraph (%d)." % (last, first))
        block_at(blocks, last)
    resume = blocks[last] if last is not None and has_block(blocks, last + 1) else None
    current = _page_style_at(start)
    family = page_style_family(document)
    source = family.getByName(current)
    name, existing = _target(document, family, wanted, source)
    if existing is not None:
        if not changes.any() and name == current:
            raise ToolError("Paragraph %d already uses the page style %s; say what to change, or name another page "
                            "style." % (first, quote(display_name(existing))))
        properties = style_changes(existing.getPropertyValue, changes)
    else:
        copied = _copied(source, changes)
        properties = dict(copied)
        properties.update(style_changes(lambda prop: copied.get(prop, source.getPropertyValue(prop)), changes))
    require_writable(document)
    style = existing if existing is not None else _made(document, family, name)
    if properties:
        change_page_style(document, style, properties, "Page style %s" % name)
    start_page_style(document, start, name, "Page style %s from paragraph %d" % (name, first))
    resumed = resume is not None and not resume.obj.getPropertyValue("PageDescName")
    if resumed:
        start_page_style(document, resume, current, "Page style %s from paragraph %d" % (current, resume.number))
    return _answer(context, first, last, style, source, existing is None, changes, current if resumed else None)


def _page_style_at(block: Block) -> str:
    """The page style of the page where ``block`` stands (a table's: the one of its first cell's text)."""
    if block.kind == "paragraph":
        return block.obj.getPropertyValue("PageStyleName")
    cell = block.obj.getCellByName(block.obj.getCellNames()[0])
    return next(elements(cell.getText().createEnumeration())).getPropertyValue("PageStyleName")


def _target(document, family, wanted: Optional[str], source):
    """``(name, the existing style or None)`` of the style the pages get."""
    if wanted:
        try:
            name, style = resolve_page_style(document, wanted)
            return name, style
        except ToolError:
            return " ".join(wanted.split()), None
    base, number = display_name(source), 2
    while family.hasByName("%s %d" % (base, number)):
        number += 1
    return "%s %d" % (base, number), None


def _copied(source, changes: PageChanges) -> dict:
    """The properties a new style copies from ``source`` (a header or footer the call switches off stays off).

    Writer reads a sharing flag as void while no header or footer is on; setting void is refused, so it is left out.
    """
    get = source.getPropertyValue
    values = ((name, get(name)) for name in COPIED)
    result = {name: value for name, value in values if value is not None}  # void: FirstIsShared with no header
    for kind, wanted in (("Header", changes.header), ("Footer", changes.footer)):
        if wanted is False:
            result[kind + "IsOn"] = False
        if result[kind + "IsOn"]:
            result.update({kind + name: get(kind + name) for name in PART_COPIED})
    return result


def _made(document, family, name: str):
    style = document.createInstance("com.sun.star.style.PageStyle")
    family.insertByName(name, style)
    return family.getByName(name)


def _answer(context, first: int, last: Optional[int], style, source, made: bool, changes: PageChanges,
            resumed: Optional[str]) -> ToolOutcome:
    name = display_name(style)
    where = "Paragraph %d" % first if last == first else (
        "Paragraphs %d–%d" % (first, last) if last is not None else "Paragraph %d and everything after it" % first)
    parts = ["%s now start%s a new page with the page style %s" % (where, "s" if last == first or last is None else "",
                                                                    quote(name))]
    if made:
        parts[0] += " (made for them from %s)" % quote(display_name(source))
    words = described(changes)
    if words:
        parts[0] += ": " + "; ".join(words)
    if resumed:
        parts.append("After paragraph %d the pages go back to %s on a new page" % (last, quote(_display(context.document, resumed))))
    on = [kind.lower() for kind in ("Header", "Footer") if style.getPropertyValue(kind + "IsOn")]
    if made and on:
        parts.append("Its %s %s on but empty: write %s with header_footer (page_style %s)"
                     % (" and ".join(on), "are" if len(on) > 1 else "is", "them" if len(on) > 1 else "it",
                        quote(name)))
    document = context.document
    note = NOT_TRACKED if review_mode(context) or document.getPropertyValue("RecordChanges") else ""
    return ToolOutcome.success(". ".join(parts) + "." + note, _("Gave pages a page style of their own: %s") % name)


def remove_break(context, number: Optional[int]) -> ToolOutcome:
    """Remove every page break before paragraph ``number``: its own, the one after the paragraph before it, and a
    page style it starts."""
    if number is None:
        raise ToolError("Say which page break: paragraph=N, the paragraph that starts the new page.")
    document = context.document
    blocks = body_blocks(document)
    block = block_at(blocks, number)
    if number == 1:
        raise ToolError("Paragraph 1 starts the document; there is no page break before it.")
    previous = blocks[number - 2]
    removed = []
    style = block.obj.getPropertyValue("PageDescName")
    kind = block.obj.getPropertyValue("BreakType")
    after = previous.obj.getPropertyValue("BreakType")
    if not style and kind not in (PAGE_BEFORE, PAGE_BOTH) and after not in (PAGE_AFTER, PAGE_BOTH):
        raise ToolError("There is no page break before paragraph %d (nor after paragraph %d). A page may also begin "
                        "there because the one before is full." % (number, number - 1))
    require_writable(document)
    if style:
        start_page_style(document, block, "", "No page style from paragraph %d" % number)
        removed.append("the start of the page style %s" % quote(_display(document, style)))
    if kind in (PAGE_BEFORE, PAGE_BOTH):
        block.obj.setPropertyValue("BreakType", PAGE_AFTER if kind == PAGE_BOTH else NO_BREAK)
        removed.append("a page break before it")
    if after in (PAGE_AFTER, PAGE_BOTH):
        previous.obj.setPropertyValue("BreakType", PAGE_BEFORE if after == PAGE_BOTH else NO_BREAK)
        removed.append("a page break after paragraph %d" % (number - 1))
    resumed = " Its pages now continue with the page style of the pages before." if style else ""
    return ToolOutcome.success("Removed %s at paragraph %d.%s" % (" and ".join(removed), number, resumed),
                               _("Removed the page break before paragraph %d") % number)


def _display(document, name: str) -> str:
    try:
        return display_name(resolve_page_style(document, name)[1])
    except ToolError:
        return name
