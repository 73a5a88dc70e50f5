"""list_styles and apply_style: paragraph styles by their API or their localized names.

Writer keeps a programmatic name for every built-in style ("Heading 1") and shows a
localized one ("Überschrift 1" in a German office). The model may use either; the
listing shows both when they differ.
"""
from __future__ import annotations

import difflib
from typing import List, Tuple

from ...core.i18n import _, ngettext
from ...core.text.match import normalize, quote
from ...core.agent.tools import Tool, ToolError, ToolOutcome
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


def list_styles(context, args) -> ToolOutcome:
    """List styles: those in use, the common ones and the user's own (or all)."""
    family = args.get("family", "paragraph")
    document = context.document
    styles = document.getStyleFamilies().getByName(FAMILIES[family])
    lines, used = [], 0
    for name, shown in style_names(document, family):
        style = styles.getByName(name)
        in_use = style.isInUse()
        if not (args.get("all") or in_use or name in COMMON[family] or style.isUserDefined()):
            continue
        used += 1 if in_use else 0
        label = name if shown == name else "%s (shown to the user as %s)" % (name, quote(shown))
        lines.append(("* " if in_use else "  ") + label)
    head = "%s styles (* = used in this document)%s:" % (
        family.capitalize(), "" if args.get("all") else "; all=true lists every style")
    summary = (ngettext("Listed %d paragraph style", "Listed %d paragraph styles", len(lines)) if family == "paragraph"
               else ngettext("Listed %d character style", "Listed %d character styles", len(lines)))
    return ToolOutcome.success("\n".join([head] + lines), summary % len(lines))


def apply_style(context, args) -> ToolOutcome:
    """Apply a paragraph style to paragraphs N..M or to the paragraphs of the selection."""
    document = context.document
    style = resolve_style(document, "paragraph", args["style"])
    blocks = body_blocks(document)
    paragraphs, where = _targets(document, blocks, args)
    clearing = bool(args.get("clear_direct_formatting"))
    with editing(context):
        for _number, paragraph in paragraphs:
            paragraph.setPropertyValue("ParaStyleName", style)
            if clearing:
                direct_formatting.clear(paragraph)
    text = "Applied the paragraph style %s to %s." % (quote(style), where)
    if clearing:
        text += " Direct formatting was cleared, so the style decides how they look."
    else:
        text += _overridden_note(paragraphs)
    return ToolOutcome.success(text, _("Applied %s to %s") % (quote(style), where))


def _overridden_note(paragraphs) -> str:
    """Say which paragraphs keep direct formatting that hides the style (empty when none do)."""
    overridden = [(where, kinds) for where, kinds in
                  ((where, direct_formatting.overrides(paragraph)) for where, paragraph in paragraphs) if kinds]
    if not overridden:
        return ""
    return (" But direct formatting still overrides the style in %s, so the change may not show there. To let the "
            "style decide, call apply_style again with clear_direct_formatting=true (this removes that formatting)."
            % direct_formatting.describe(overridden[:10]))


def _targets(document, blocks, args):
    if args.get("selection"):
        span, number = selection_span(document, blocks)
        cursor = span.xtext.createTextCursorByRange(span.cursor(0, len(span.text)))
        paragraphs = [("selected paragraph %d" % (index + 1), paragraph)
                      for index, paragraph in enumerate(_enumerate(cursor))]
        return paragraphs, "the selected paragraph%s" % ("s" if len(paragraphs) > 1 else "")
    if args.get("paragraph") is None:
        raise ToolError("Say where: paragraph=N (and to_paragraph=M for a range), or selection=true.")
    first = args["paragraph"]
    last = args.get("to_paragraph", first)
    if last < first:
        raise ToolError("to_paragraph (%d) is before paragraph (%d)." % (last, first))
    block_at(blocks, first)
    block_at(blocks, last)
    expected = args.get("expected_start")
    if expected:
        _check_start(blocks[first - 1], first, expected)
    paragraphs = [("paragraph %d" % b.number, b.obj) for b in blocks[first - 1:last] if b.kind == "paragraph"]
    if not paragraphs:
        raise ToolError("Paragraph %d is a table; styles apply to paragraphs." % first)
    return paragraphs, "paragraph %d" % first if first == last else "paragraphs %d–%d" % (first, last)


def _check_start(block, number: int, expected: str) -> None:
    current = block.obj.getString() if block.kind == "paragraph" else ""
    if not normalize(current).text.strip().startswith(normalize(expected).text.strip()):
        raise ToolError("Paragraph %d does not start with %s any more; it reads %s. Read the document again."
                        % (number, quote(expected, 80), quote(current, 200)))


def _enumerate(cursor):
    for element in elements(cursor.createEnumeration()):
        if element.supportsService("com.sun.star.text.Paragraph"):
            yield element


TOOLS = [
    Tool(
        name="list_styles",
        description=(
            "List the document's styles: by default those in use (marked *), the common ones and the user's own. "
            "Names are what apply_style and format_text take; a localized name the user sees is shown too."),
        parameters={"type": "object", "properties": {
            "family": {"type": "string", "enum": list(FAMILIES), "description": "paragraph (default) or character "
                       "styles."},
            "all": {"type": "boolean", "description": "List every style."},
        }, "additionalProperties": False},
        handler=list_styles, apps=("writer",)),
    Tool(
        name="apply_style",
        description=(
            "Apply a paragraph style (e.g. \"Heading 2\", \"Title\", \"Quotations\", or its localized name) to "
            "whole paragraphs: paragraph N, N through to_paragraph, or the paragraphs of the user's selection."),
        parameters={"type": "object", "properties": {
            "style": {"type": "string", "minLength": 1, "description": "Style name from list_styles."},
            "paragraph": {"type": "integer", "minimum": 1, "description": "The (first) paragraph."},
            "to_paragraph": {"type": "integer", "minimum": 1, "description": "The last paragraph of a range."},
            "selection": {"type": "boolean", "description": "Style the paragraphs of the selection."},
            "expected_start": {"type": "string", "description": "The first words of paragraph N as you read them; "
                               "refused if it now starts differently."},
            "clear_direct_formatting": {"type": "boolean", "description": "Also remove fonts, sizes, bold, "
                                        "colours and spacing set directly on these paragraphs, so the style "
                                        "decides how they look (default false; the result says when needed)."},
        }, "required": ["style"], "additionalProperties": False},
        handler=apply_style, apps=("writer",), changes_document=True),
]
