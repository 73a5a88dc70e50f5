"""Formatted runs: pieces of text with one set of character formats, inside one paragraph.

Inline Markdown (:mod:`.markdown`) and inline HTML (:mod:`.html_inline`) both become
runs; the Writer side inserts them directly inside a paragraph. A run is text, a hard
line break (:data:`LINE_BREAK`) or a picture (``picture`` set; its text is
:data:`PICTURE_MARK`).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import List, Optional, Tuple

from .pictures import Picture, RemotePicture, load

LINE_BREAK = "\n"
"""A run whose text is exactly this is a hard line break inside the paragraph."""
PICTURE_MARK = "\ufffc"
"""The text of a picture run (the object replacement character)."""


@dataclass(frozen=True)
class Run:
    """A piece of text with one set of character formats (None or False: as the text around it)."""

    text: str
    bold: bool = False
    italic: bool = False
    strike: bool = False
    code: bool = False
    underline: bool = False
    link: Optional[str] = None
    subscript: bool = False
    superscript: bool = False
    color: Optional[int] = None
    """Font colour, ``0xRRGGBB``."""
    background: Optional[int] = None
    """Highlight (character background) colour, ``0xRRGGBB``."""
    size_pt: Optional[float] = None
    font: Optional[str] = None
    case_map: Optional[int] = None
    """Capitals, lower case, title case or small capitals: a com.sun.star.style.CaseMap constant."""
    spacing_pt: Optional[float] = None
    """Letter spacing in points (negative: narrower)."""
    picture: Optional[Picture] = None

    def same_format(self, other: "Run") -> bool:
        """True when ``other`` has exactly the same formats."""
        return replace(self, text="") == replace(other, text="")

    @property
    def is_break(self) -> bool:
        """True for a hard line break."""
        return self.text == LINE_BREAK and self.picture is None


def picture_run(picture: Picture) -> Run:
    """The run of a picture placed in the text."""
    return Run(PICTURE_MARK, picture=picture)


def merge_runs(runs: List[Run]) -> List[Run]:
    """Merge neighbouring text runs that have the same formats; drop empty runs."""
    merged: List[Run] = []
    for run in runs:
        if not run.text:
            continue
        previous = merged[-1] if merged else None
        if previous is not None and previous.same_format(run) and run.picture is None \
                and LINE_BREAK not in (run.text, previous.text):
            merged[-1] = replace(previous, text=previous.text + run.text)
        else:
            merged.append(run)
    return merged


def plain_text(runs: List[Run]) -> str:
    """Return the text of ``runs`` without formats (line breaks as ``\\n``, pictures left out)."""
    return "".join(run.text for run in runs if run.picture is None)


def pictures(runs: List[Run]) -> List[Picture]:
    """The pictures among ``runs``."""
    return [run.picture for run in runs if run.picture is not None]


def load_pictures(runs: List[Run]) -> Tuple[List[Run], List[str]]:
    """``runs`` with their pictures' bytes read, and the web addresses not fetched.

    A picture on the web is not fetched: its run becomes a link showing its alt text (or the
    address).

    Raises:
        PictureError: a picture that is neither a readable image file nor a ``data:`` URL.
    """
    result: List[Run] = []
    not_fetched: List[str] = []
    for run in runs:
        if run.picture is None:
            result.append(run)
            continue
        try:
            result.append(replace(run, picture=load(run.picture)))
        except RemotePicture:
            not_fetched.append(run.picture.source)
            result.append(Run(run.picture.alt or run.picture.source, link=run.picture.source))
    return result, not_fetched


CASE_WORDS = {1: "capitals", 2: "lower case", 3: "capitalised words", 4: "small capitals"}
_FLAG_WORDS = (("bold", "bold"), ("italic", "italic"), ("underline", "underlined"), ("strike", "struck through"),
               ("code", "code"), ("subscript", "subscript"), ("superscript", "superscript"))


def described(runs: List[Run], limit: int = 6) -> List[str]:
    """The formats ``runs`` set, in words, one entry per formatted piece (“2” subscript, “Note” bold, red)."""
    result = []
    for run in runs:
        if run.picture is not None:
            result.append("a picture%s" % (" (alt text %s)" % _quoted(run.picture.alt) if run.picture.alt else ""))
            continue
        words = [word for name, word in _FLAG_WORDS if getattr(run, name)]
        words += ["colour #%06X" % run.color] if run.color is not None else []
        words += ["highlight #%06X" % run.background] if run.background is not None else []
        words += ["%s pt" % ("%g" % run.size_pt)] if run.size_pt is not None else []
        words += ["font %s" % run.font] if run.font else []
        words += [CASE_WORDS[run.case_map]] if run.case_map in CASE_WORDS else []
        words += ["letter spacing %g pt" % run.spacing_pt] if run.spacing_pt is not None else []
        words += ["link to %s" % run.link] if run.link else []
        if words and not run.is_break:
            result.append("%s %s" % (_quoted(run.text), ", ".join(words)))
    return result[:limit] + (["…"] if len(result) > limit else [])


def _quoted(text: str) -> str:
    return "\u201c%s\u201d" % (text if len(text) <= 40 else text[:39] + "\u2026")
