"""list_styles and apply_style: paragraph styles by their API or their localized names.

Writer keeps a programmatic name for every built-in style ("Heading 1") and shows a
localized one ("Überschrift 1" in a German office). The model may use either; the
listing shows both when they differ.
"""
from __future__ import annotations

import difflib
from typing import List, Literal, Optional, Tuple

from ...core.i18n import _, ngettext
from ...core.text.match import normalize, quote
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ..office.enumeration import elements
from . import direct_formatting
from .blocks import block_at, body_blocks
from .locate import selection_span
from .review import editing

FAMILIES = {"paragraph": "ParagraphStyles", "character": "CharacterStyles"}
COMMON = {
    "paragraph": ("Standard", "Text body", "Title", "Subtitle", "Heading 1", "Heading 2", "Heading 3", "Heading 4",
                  "Quotations", "Preformatted Text", "List Bullet", "List Number", "Caption", "Signature"),
    "character": ("Emphasis", "Strong Emphasis", "Source Text", "Quotation", "Internet link"),
}


def style_names(document, family: str) -> List[Tuple[str, str]]:
    """``[(name, localized name)]`` of every style of ``family`` (``paragraph`` or ``character``)."""
    styles = document.getStyleFamilies().getByName(FAMILIES[family])
    result = []
    for name in styles.getElementNames():
        style = styles.getByName(name)
        result.append((name, style.getPropertyValue("DisplayName")))
    return result


def resolve_style(document, family: str, wanted: str) -> str:
    """Return the programmatic name of the style ``wanted`` names (either name, any capitals).

    Raises:
        ToolError: no such style (the message suggests close names).
    """
    names = style_names(document, family)
    for name, shown in names:
        if wanted in (name, shown):
            return name
    folded = wanted.strip().lower()
    for name, shown in names:
        if folded in (name.lower(), shown.lower()):
            return name
    candidates = [n for pair in names for n in pair]
    close = difflib.get_close_matches(wanted, candidates, n=4, cutoff=0.6)
    hint = " Did you mean %s?" % ", ".join(quote(c) for c in close) if close else ""
    raise ToolError("There is no %s style %s.%s Call list_styles to see the styles." % (family, quote(wanted), hint))


@tool(apps=("writer",))
def list_styles(context, family: Literal["paragraph", "character"] = Arg("paragraph (default) or character styles.",
                                                                         default="paragraph"),
                all: bool = Arg("List every style.", default=False)) -> ToolOutcome:
    """List the document's styles: by default those in use (marked *), the common ones and the user's own. Names
    are what apply_style and format_text take; a localized name the user sees is shown too.
    """
    document = context.document
    styles = document.getStyleFamilies().getByName(FAMILIES[family])
    lines = []
    for name, shown in style_names(document, family):
        style = styles.getByName(name)
        in_use = style.isInUse()
        if not (all or in_use or name in COMMON[family] or style.isUserDefined()):
            continue
        label = name if shown == name else "%s (shown to the user as %s)" % (name, quote(shown))
        lines.append(("* " if in_use else "  ") + label)
    head = "%s styles (* = used in this document)%s:" % (
        family.capitalize(), "" if all else "; all=true lists every style")
    summary = (ngettext("Listed %d paragraph style", "Listed %d paragraph styles", len(lines)) if family == "paragraph"
               else ngettext("Listed %d character style", "Listed %d character styles", len(lines)))
    return ToolOutcome.success("\n".join([head] + lines), summary % len(lines))


@tool(apps=("writer",), changes_document=True)
def apply_style(context, style: str = Arg("Style name from list_styles.", min_length=1),
                paragraph: Optional[int] = Arg("The (first) paragraph.", minimum=1),
                to_paragraph: Optional[int] = Arg("The last paragraph of a range.", minimum=1),
                selection: bool = Arg("Style the paragraphs of the selection.", default=False),
                expected_start: Optional[str] = Arg("The first words of paragraph N as you read them; refused if it "
                                                    "now starts differently."),
                clear_direct_formatting: bool = Arg("Also remove fonts, sizes, bold, colours and spacing set directly "
                                                    "on these paragraphs, so the style decides how they look (default "
                                                    "false; the result says when needed).", default=False)
                ) -> ToolOutcome:
    """Apply a paragraph style (e.g. "Heading 2", "Title", "Quotations", or its localized name) to whole
    paragraphs: paragraph N, N through to_paragraph, or the paragraphs of the user's selection.
    """
    document = context.document
    name = resolve_style(document, "paragraph", style)
    blocks = body_blocks(document)
    if selection:
        paragraphs, where = selected_paragraphs(document, blocks)
    else:
        paragraphs, where = _numbered(blocks, paragraph, to_paragraph, expected_start)
    with editing(context):
        for _number, target in paragraphs:
            target.setPropertyValue("ParaStyleName", name)
            if clear_direct_formatting:
                direct_formatting.clear(target)
    text = "Applied the paragraph style %s to %s." % (quote(name), where)
    if clear_direct_formatting:
        text += " Direct formatting was cleared, so the style decides how they look."
    else:
        text += _overridden_note(paragraphs)
    return ToolOutcome.success(text, _("Applied %s to %s") % (quote(name), where))


def _overridden_note(paragraphs) -> str:
    """Say which paragraphs keep direct formatting that hides the style (empty when none do)."""
    overridden = [(where, kinds) for where, kinds in
                  ((where, direct_formatting.overrides(paragraph)) for where, paragraph in paragraphs) if kinds]
    if not overridden:
        return ""
    return (" But direct formatting still overrides the style in %s, so the change may not show there. To let the "
            "style decide, call apply_style again with clear_direct_formatting=true (this removes that formatting)."
            % direct_formatting.describe(overridden[:10]))


def selected_paragraphs(document, blocks):
    """``([(where, paragraph)], where)`` of the paragraphs of the user's selection."""
    span, _number = selection_span(document, blocks)
    cursor = span.xtext.createTextCursorByRange(span.cursor(0, len(span.text)))
    paragraphs = [("selected paragraph %d" % (index + 1), paragraph)
                  for index, paragraph in enumerate(_enumerate(cursor))]
    return paragraphs, "the selected paragraph%s" % ("s" if len(paragraphs) > 1 else "")


def _numbered(blocks, first: Optional[int], last: Optional[int], expected: Optional[str]):
    """``([(where, paragraph)], where)`` of paragraphs ``first``..``last`` (refused when the first starts otherwise
    than ``expected``)."""
    if first is None:
        raise ToolError("Say where: paragraph=N (and to_paragraph=M for a range), or selection=true.")
    last = first if last is None else last
    if last < first:
        raise ToolError("to_paragraph (%d) is before paragraph (%d)." % (last, first))
    block_at(blocks, first)
    block_at(blocks, last)
    if expected:
        check_start(blocks[first - 1], first, expected)
    paragraphs = [("paragraph %d" % b.number, b.obj) for b in blocks[first - 1:last] if b.kind == "paragraph"]
    if not paragraphs:
        raise ToolError("Paragraph %d is a table; styles apply to paragraphs." % first)
    return paragraphs, "paragraph %d" % first if first == last else "paragraphs %d–%d" % (first, last)


def check_start(block, number: int, expected: str) -> None:
    """Refuse (ToolError) when paragraph ``number`` (``block``) no longer starts with ``expected``."""
    current = block.obj.getString() if block.kind == "paragraph" else ""
    if not normalize(current).text.strip().startswith(normalize(expected).text.strip()):
        raise ToolError("Paragraph %d does not start with %s any more; it reads %s. Read the document again."
                        % (number, quote(expected, 80), quote(current, 200)))


def _enumerate(cursor):
    for element in elements(cursor.createEnumeration()):
        if element.supportsService("com.sun.star.text.Paragraph"):
            yield element


TOOLS = [list_styles, apply_style]
