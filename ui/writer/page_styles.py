"""Page styles: finding them by name, the ones the document uses, and how each one reads in words.

In Writer every page belongs to a page style, which holds the paper size, orientation, margins,
columns and the header and footer. A paragraph may start a new page with another page style
(its ``PageDescName``); each style names the style of the page after it (``FollowStyle``, e.g.
"First Page" is followed by "Default Page Style"). Lengths are kept in 1/100 mm and said in cm.
"""
from __future__ import annotations

import difflib
from typing import List, Optional, Tuple

from ...core.agent.tools import ToolError
from ...core.text.match import quote

CENTIMETRE = 1000  # 1/100 mm
PAPERS = {"A3": (29700, 42000), "A4": (21000, 29700), "A5": (14800, 21000), "Letter": (21590, 27940),
          "Legal": (21590, 35560)}
"""Paper sizes (portrait width, height) in 1/100 mm."""
SIZE_TOLERANCE = 60  # Writer keeps twips: 21 cm reads 20999


def page_style_family(document):
    """The document's page styles (a name container)."""
    return document.getStyleFamilies().getByName("PageStyles")


def resolve_page_style(document, wanted: str) -> Tuple[str, object]:
    """``(programmatic name, style)`` of the page style ``wanted`` names (either name, any capitals).

    Raises:
        ToolError: no such page style (the message lists the close names).
    """
    family = page_style_family(document)
    names = [(name, family.getByName(name).getPropertyValue("DisplayName")) for name in family.getElementNames()]
    folded = " ".join(wanted.split()).lower()
    for name, shown in names:
        if folded in (name.lower(), shown.lower()):
            return name, family.getByName(name)
    close = difflib.get_close_matches(wanted, [shown for _name, shown in names], n=4, cutoff=0.5)
    hint = " Did you mean %s?" % ", ".join(quote(c) for c in close) if close else ""
    raise ToolError("There is no page style %s.%s Call page_setup with action \"list\" to see them."
                    % (quote(wanted), hint))


def styles_in_use(document) -> List[Tuple[str, object]]:
    """``[(name, style)]`` of every page style the document's pages use, and of the styles that follow them."""
    family = page_style_family(document)
    chosen: List[str] = [name for name in family.getElementNames() if family.getByName(name).isInUse()]
    for name in list(chosen):
        follow = family.getByName(name).getPropertyValue("FollowStyle")
        while follow and follow not in chosen and family.hasByName(follow):
            chosen.append(follow)
            follow = family.getByName(follow).getPropertyValue("FollowStyle")
    return [(name, family.getByName(name)) for name in chosen] or [("Standard", family.getByName("Standard"))]


def display_name(style) -> str:
    """The name Writer shows for ``style`` (localized for its built-in styles)."""
    return style.getPropertyValue("DisplayName")


def cm(value: int) -> str:
    """1/100 mm as centimetres in words: ``2``, ``2.5``, ``1.27``."""
    return ("%.2f" % (value / CENTIMETRE)).rstrip("0").rstrip(".")


def paper_name(width: int, height: int) -> Optional[str]:
    """The paper's name (A4, Letter…) for a page of ``width`` × ``height`` either way round, or None."""
    short, long_ = sorted((width, height))
    for name, (w, h) in PAPERS.items():
        if abs(short - w) <= SIZE_TOLERANCE and abs(long_ - h) <= SIZE_TOLERANCE:
            return name
    return None


def describe(style) -> str:
    """One style's page set-up in words: size, orientation, margins, columns, header and footer."""
    get = style.getPropertyValue
    width, height = get("Width"), get("Height")
    paper = paper_name(width, height)
    size = "%s %s (%s × %s cm)" % (paper or "custom", "landscape" if get("IsLandscape") else "portrait", cm(width),
                                  cm(height))
    margins = "margins top %s, bottom %s, left %s, right %s cm" % (cm(get("TopMargin")), cm(get("BottomMargin")),
                                                                  cm(get("LeftMargin")), cm(get("RightMargin")))
    columns = get("TextColumns")
    count = columns.getColumnCount() or 1
    column_words = "1 column" if count == 1 else "%d columns %s cm apart" % (count, cm(columns.AutomaticDistance))
    return "; ".join([size, margins, column_words, _part_words(style, "Header"), _part_words(style, "Footer")])


def _part_words(style, kind: str) -> str:
    get = style.getPropertyValue
    if not get(kind + "IsOn"):
        return "%s off" % kind.lower()
    differences = []
    if not get("FirstIsShared"):
        differences.append("a different first page")
    if not get(kind + "IsShared"):
        differences.append("different left and right pages")
    text = get(kind + "Text").getString().strip()
    shown = quote(" / ".join(text.splitlines()), 80) if text else "empty"
    return "%s on (%s)%s" % (kind.lower(), shown, ": " + " and ".join(differences) if differences else "")
