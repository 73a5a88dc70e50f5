"""page_setup: paper size, orientation, margins, columns, header and footer of the page styles.

What a page looks like is a property of its page style (see :mod:`.page_styles`). "list" says
which page styles the document uses, where each starts and how it is set up; "set" changes the
named style, or every style the document uses; "set" with a paragraph makes those pages a style
of their own (:mod:`.page_sections`), and "remove_break" takes a page break out. Every change
is one undoable action (:mod:`.page_undo`). Writer does not record page set-up as a tracked
change, which the answer says in review mode.
"""
from __future__ import annotations

from typing import List, Literal, Optional, Tuple

from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ...core.i18n import _, ngettext
from ...core.text.match import quote
from .blocks import body_blocks
from .page_changes import NOT_TRACKED, PageChanges, described, style_changes
from .page_sections import own_page_style, remove_break
from .page_styles import describe, display_name, resolve_page_style, styles_in_use
from .page_undo import change_page_style
from .review import require_writable, review_mode


@tool(apps=("writer",), changes_document=True)
def page_setup(context, action: Literal["list", "set", "remove_break"] = Arg(
                   "list: the page styles in use; set: change page set-up; remove_break: remove the page break "
                   "before paragraph N."),
               page_style: Optional[str] = Arg("set: the page style to change, as listed (default: every page "
                                               "style the document uses). With paragraph: the style those pages "
                                               "get (made if it does not exist)."),
               paragraph: Optional[int] = Arg("set: give the pages from this paragraph on a page style of their own, "
                                              "starting on a new page. remove_break: the paragraph after the break.",
                                              minimum=1),
               to_paragraph: Optional[int] = Arg("set: the last paragraph of those pages; after it the previous page "
                                                 "style resumes on a new page.", minimum=1),
               paper: Optional[Literal["A3", "A4", "A5", "Letter", "Legal"]] = Arg("Paper size."),
               width_cm: Optional[float] = Arg("Page width in cm (instead of paper).", minimum=5, maximum=300),
               height_cm: Optional[float] = Arg("Page height in cm (instead of paper).", minimum=5, maximum=300),
               orientation: Optional[Literal["portrait", "landscape"]] = Arg("Page orientation."),
               margin_cm: Optional[float] = Arg("All four margins in cm.", minimum=0, maximum=20),
               margin_top_cm: Optional[float] = Arg("Top margin in cm.", minimum=0, maximum=20),
               margin_bottom_cm: Optional[float] = Arg("Bottom margin in cm.", minimum=0, maximum=20),
               margin_left_cm: Optional[float] = Arg("Left (inner) margin in cm.", minimum=0, maximum=20),
               margin_right_cm: Optional[float] = Arg("Right (outer) margin in cm.", minimum=0, maximum=20),
               columns: Optional[int] = Arg("Number of text columns (1 for none).", minimum=1, maximum=10),
               column_gap_cm: Optional[float] = Arg("Space between columns in cm (default 1).", minimum=0,
                                                    maximum=10),
               header: Optional[bool] = Arg("true switches the header on (write it with header_footer)."),
               footer: Optional[bool] = Arg("true switches the footer on."),
               different_first_page: Optional[bool] = Arg("true: the first page gets its own header and footer "
                                                          "(e.g. none on a title page).")) -> ToolOutcome:
    """Page set-up, kept in page styles: paper size, orientation, margins, text columns, header and footer on,
    a different first page. action "list": the page styles in use, where each
    starts and how it is set up. "set": change them (every style in use unless page_style is given); with
    paragraph (and to_paragraph) those pages get a page style of their own on new pages, e.g. a landscape
    table. "remove_break": remove the page break before paragraph N (also one that starts a page style).
    Plain page breaks before or after a paragraph are set with format_paragraphs; header and footer text
    and fields with header_footer.
    """
    if action == "list":
        return _list(context.document)
    if action == "remove_break":
        return remove_break(context, paragraph)
    changes = PageChanges(paper, width_cm, height_cm, orientation, margin_cm, margin_top_cm, margin_bottom_cm,
                          margin_left_cm, margin_right_cm, columns, column_gap_cm, header, footer,
                          different_first_page)
    if paragraph is not None:
        return own_page_style(context, paragraph, to_paragraph, page_style, changes)
    if to_paragraph is not None:
        raise ToolError("to_paragraph needs paragraph (the first paragraph of those pages).")
    if not changes.any():
        raise ToolError("Say what to change: paper (or width_cm, height_cm), orientation, margin_cm (or one margin), "
                        "columns, column_gap_cm, header, footer or different_first_page.")
    document = context.document
    targets = [resolve_page_style(document, page_style)] if page_style else styles_in_use(document)
    planned = [(name, style, style_changes(style.getPropertyValue, changes)) for name, style in targets]
    require_writable(document)
    for name, style, properties in planned:
        change_page_style(document, style, properties, "Page style %s" % display_name(style))
    names = ", ".join(quote(display_name(style)) for _name, style, _p in planned)
    words = "; ".join(described(changes))
    note = NOT_TRACKED if review_mode(context) or document.getPropertyValue("RecordChanges") else ""
    return ToolOutcome.success(
        "Changed the page style%s %s: %s.%s" % ("" if len(planned) == 1 else "s", names, words, note),
        ngettext("Changed %d page style", "Changed %d page styles", len(planned)) % len(planned) + ": " + words)


def _list(document) -> ToolOutcome:
    starts = _starts(document)
    lines = []
    for name, style in styles_in_use(document):
        where = ", ".join("paragraph %d" % number for number, used in starts if used == name)
        follow = style.getPropertyValue("FollowStyle")
        after = "" if follow in ("", name) else "; the next page uses %s" % quote(_shown(document, follow))
        lines.append("- %s%s: %s%s" % (quote(display_name(style)), " (starts at %s)" % where if where else "",
                                        describe(style), after))
    return ToolOutcome.success("Page styles in use:\n" + "\n".join(lines), _("Read the page set-up"))


def _shown(document, name: str) -> str:
    try:
        return display_name(resolve_page_style(document, name)[1])
    except ToolError:
        return name


def _starts(document) -> List[Tuple[int, str]]:
    """``(paragraph number, page style)`` of every block that starts a page style."""
    found = []
    for block in body_blocks(document):
        name = block.obj.getPropertyValue("PageDescName")
        if name:
            found.append((block.number, name))
    return found


TOOLS = [page_setup]
