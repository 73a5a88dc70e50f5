"""format_text: direct character formatting on named text, whole paragraphs, the selection, the whole document,
or the text already formatted a certain way.

What it sets is :mod:`.char_properties`' (bold, italic, underline and strikethrough styles, subscript and
superscript, caps, colour, highlight, size, font, character style, language, clearing); where it sets
it is :mod:`.char_targets`' (scopes, matches, formatted runs). A text is found as replace_text finds
it (the edit-conflict guard of :mod:`.locate`), widened over the spaces the call quotes at its edges;
a text of spaces alone finds every run of spaces.
"""
from __future__ import annotations

from typing import Iterator, List, Literal, Optional, Union

from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ...core.i18n import _, ngettext
from ...core.text.match import quote
from ...core.text.spaces import is_spaces, widen
from .blocks import body_blocks
from .char_properties import CharChanges, CharProperties, apply_all, char_properties
from .char_targets import (FormattedRuns, Scope, formatted_places, listed, scope_regions, seen_words, text_matches,
                           whole_ranges)
from .default_style import set_default_style
from .format_all import format_everywhere
from .locate import ALL, MATCH_CASE, OCCURRENCE, PARAGRAPH, SELECTION, Where, choose, find_targets, fresh_groups, \
    plain_matches
from .review import editing
from .run_looks import Formatted

UNDERLINE = Arg("true, false, or a style: single, double, bold, dotted, dashed, wave, double wave.")
STRIKETHROUGH = Arg("true, false, or a style: single, double, bold, slash, x.")


@tool(apps=("writer",), changes_document=True)
def format_text(context, text: Optional[str] = Arg(
                    "The text to format, as it reads now (spaces at its edges are formatted too; a text of spaces "
                    "alone means every run of spaces). Leave it out to format the whole of what the other "
                    "parameters name.", min_length=1),
                bold: Optional[bool] = None, italic: Optional[bool] = None,
                underline: Union[bool, str, None] = UNDERLINE, strikethrough: Union[bool, str, None] = STRIKETHROUGH,
                position: Optional[Literal["subscript", "superscript", "normal"]] = Arg(
                    "subscript (the 2 in H2O), superscript (x², 1st) or normal."),
                caps: Optional[Literal["small caps", "all caps", "lowercase", "title case", "none"]] = Arg(
                    "Show the letters as small caps, all caps…; none shows them as typed."),
                color: Optional[str] = Arg("Text colour: #RRGGBB or a CSS name (red, blue, navy…); automatic for the "
                                           "default."),
                highlight: Optional[str] = Arg("Highlight colour (#RRGGBB or a name like yellow), or none to remove "
                                               "it."),
                font_size: Optional[float] = Arg("Size in points.", minimum=2, maximum=400),
                font: Optional[str] = Arg("Font family, e.g. Liberation Serif.", min_length=1),
                char_style: Optional[str] = Arg("A character style, e.g. Emphasis.", min_length=1),
                language: Optional[str] = Arg("Language for spelling and hyphenation: a tag such as en-GB, de-DE, "
                                              "fr-FR; none = not checked.", min_length=2),
                clear_formatting: bool = Arg("First remove the direct character formatting (as Format ▸ Clear "
                                             "Direct Formatting), then set what else is given.", default=False),
                paragraph: Optional[int] = Arg("The paragraph (a number from get_document): the text is looked for "
                                               "there; without text, the whole paragraph.", minimum=1),
                to_paragraph: Optional[int] = Arg("The last paragraph of a range starting at paragraph.", minimum=1),
                expected_start: Optional[str] = Arg("The first words of paragraph N as you read them; refused if it "
                                                    "now starts differently."),
                paragraph_style: Optional[str] = Arg("Every paragraph of this paragraph style, e.g. Heading 1.",
                                                     min_length=1),
                outline_level: Optional[int] = Arg("Every heading of this outline level (1 = Heading 1).", minimum=1,
                                                   maximum=10),
                selection: bool = Arg("The user's selection (with text: the text must be exactly the selected "
                                      "text).", default=False),
                occurrence: Optional[int] = OCCURRENCE,
                all: bool = Arg("With text: every match. Without text: the whole document (body text, empty "
                                "paragraphs and tables).", default=False),
                match_case: bool = MATCH_CASE,
                where_formatted: Optional[Formatted] = Arg(
                    "Only text already formatted so, e.g. {\"italic\": true}, {\"color\": \"blue\"}, "
                    "{\"font\": \"Arial\"}: every such run of the document, or of the paragraphs or selection "
                    "named.")) -> ToolOutcome:
    """Change how existing text looks, without changing the words: bold, italic, underline (or a style: double,
    wave…), strikethrough, subscript or superscript (position), small or all caps, colour, highlight, size, font,
    a character style, the language, or clear_formatting. What to format: text (found as replace_text finds
    old_text, in paragraph=N, the selection or the document; occurrence=K or all=true when it occurs several
    times); without text, the whole of paragraph=N (to_paragraph=M), every paragraph of paragraph_style or of
    outline_level, the selection, or all=true for the whole document (e.g. a font throughout, empty paragraphs
    and spaces included; a font, size or language also becomes the document's default, for new text);
    where_formatted={"italic": true} formats only the text already formatted so (e.g.
    every italic word). The answer names the values used (blue = #0000FF).
    """
    document = context.document
    changes = CharChanges(bold, italic, underline, strikethrough, position, caps, color, highlight, font_size, font,
                          char_style, language, clear_formatting)
    properties = char_properties(context, changes)
    scope = Scope(paragraph, to_paragraph, expected_start, paragraph_style, outline_level, selection)
    scope.check()
    wanted = where_formatted.criteria(document) if where_formatted is not None else None
    blocks = body_blocks(document)
    if text is not None:
        return _format_matches(context, blocks, scope, text, Where(paragraph, selection, occurrence, all, match_case),
                               wanted, properties)
    if occurrence is not None:
        raise ToolError("occurrence goes with text: say which text to format.")
    if wanted is not None:
        return _format_formatted(context, blocks, scope, wanted, properties)
    if scope.is_whole_document and not all:
        raise ToolError("Say what to format: text=\"…\", or without text paragraph=N (to_paragraph=M), "
                        "paragraph_style, outline_level, selection=true, all=true (the whole document) or "
                        "where_formatted.")
    return _format_whole(context, blocks, scope, properties)


def _format_whole(context, blocks, scope: Scope, properties: CharProperties) -> ToolOutcome:
    whole = whole_ranges(context.document, blocks, scope)
    default = ""
    with editing(context) as edit:
        apply_all(whole.ranges, properties)
        if scope.is_whole_document:
            default = set_default_style(context.document, properties.values, properties.words, edit.recording)
    changes = ", ".join(properties.words)
    return ToolOutcome.success("Formatted %s: %s.%s%s" % (whole.where, changes, _notes(properties, edit.recording),
                                                          default),
                               whole.summary + ": " + changes, in_place=True)


def _format_formatted(context, blocks, scope: Scope, wanted, properties: CharProperties) -> ToolOutcome:
    regions, where = scope_regions(context.document, blocks, scope)
    done = FormattedRuns()
    with editing(context) as edit:
        apply_all(formatted_places(regions, wanted, done), properties)
    if not done.count:
        instead = " What the text there has instead: %s." % seen_words(done.seen) if done.seen else ""
        raise ToolError("No text in %s is formatted so (%s); nothing was changed.%s" % (where, wanted.words(),
                                                                                          instead))
    changes = ", ".join(properties.words)
    return ToolOutcome.success(
        "Formatted %d stretch%s of text that is %s (in %s: %s): %s.%s" % (
            done.count, "" if done.count == 1 else "es", wanted.words(), where, listed(done.places), changes,
            _notes(properties, edit.recording)),
        ngettext("Formatted %d stretch of text", "Formatted %d stretches of text", done.count) % done.count + ": "
        + changes, in_place=True)


def _format_matches(context, blocks, scope: Scope, text: str, where: Where, wanted,
                    properties: CharProperties) -> ToolOutcome:
    document = context.document
    quick = None
    if _guarded(scope, text, wanted):  # as replace_text finds old_text
        everywhere = where.everywhere and where.match_case and text == text.strip() and not properties.clear
        quick = plain_matches(document, blocks, text, where.match_case) if everywhere else None
        matches = quick or find_targets(document, blocks, where, text)
    else:
        regions, words = scope_regions(document, blocks, scope)
        found = text_matches(regions, text, where.match_case, wanted)
        matches = choose(found, text if wanted is None else "%s formatted %s" % (text, wanted.words()),
                         where.occurrence, where.all, words)
    with editing(context) as edit:
        if not (quick and format_everywhere(document, quick, text, properties.values)):
            apply_all(_places(matches, text), properties)
    changes = ", ".join(properties.words)
    places = len(matches)
    return ToolOutcome.success("Formatted %s (%s) in %d place%s: %s. The text itself is unchanged.%s" % (
        quote(text, 80), changes, places, "" if places == 1 else "s", listed([m.where for m in matches]),
        _notes(properties, edit.recording)), _("Formatted %s: %s") % (quote(text, 40), changes), in_place=True)


def _guarded(scope: Scope, text: str, wanted) -> bool:
    """True when the text is looked for as replace_text looks for old_text: in one paragraph, the selection or
    the document, with no formatting asked for (the other scopes are read region by region)."""
    return (wanted is None and not is_spaces(text) and scope.to_paragraph is None and not scope.expected_start
            and set(scope.named()) <= {"paragraph", "selection"})


def _places(matches, text: str) -> Iterator:
    """A cursor over each match, widened over the spaces ``text`` has at its edges (paragraph by paragraph, see
    :func:`~.locate.fresh_groups`)."""
    for span, group in fresh_groups(matches):
        for match in group:
            start, end = widen(span.text, match.start, match.end, text)
            yield span.cursor(start, end)


def _notes(properties: CharProperties, recording: bool) -> str:
    notes: List[str] = list(properties.notes)
    if recording and properties.values:
        notes.append("The changes are recorded as tracked format changes.")
    if recording and properties.clear:
        notes.append("Writer does not record clearing direct formatting as a tracked change, so it was cleared "
                     "directly (Revert or Ctrl+Z takes it back).")
    return "".join(" " + note for note in notes)


TOOLS = [format_text]
