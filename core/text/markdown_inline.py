"""Inline Markdown (emphasis, code, links, line breaks) to formatted runs.

A simplified CommonMark inline parser: backslash escapes, code spans, links and
images (the alt text is kept), autolinks, ``*``/``_`` emphasis with the delimiter
rules of CommonMark (``_`` never inside a word), ``~~strike~~``, and hard line
breaks (two trailing spaces, a backslash, or ``<br>``). Anything it cannot pair stays
literal text, so broken Markdown never fails: it just shows its asterisks.

The result is a list of :class:`Run`; :func:`runs_to_html` renders runs for the
HTML import, and the Writer side also inserts runs directly inside a paragraph.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, replace
from typing import List, Optional

LINE_BREAK = "\n"
"""A run whose text is exactly this is a hard line break inside the paragraph."""


@dataclass(frozen=True)
class Run:
    """A piece of text with one set of character formats."""

    text: str
    bold: bool = False
    italic: bool = False
    strike: bool = False
    code: bool = False
    underline: bool = False
    link: Optional[str] = None

    def same_format(self, other: "Run") -> bool:
        """True when ``other`` has exactly the same formats."""
        return replace(self, text="") == replace(other, text="")


_ESCAPABLE = set("\\`*_{}[]()#+-.!|~<>\"'")
_AUTOLINK = re.compile(r"<((?:https?|mailto|ftp):[^\s<>]+)>")
_BR_TAG = re.compile(r"<br\s*/?>", re.IGNORECASE)
_LINK_TAIL = re.compile(r"\(\s*<?([^\s()<>]*(?:\([^\s()]*\)[^\s()<>]*)*)>?(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)")


def parse_inline(text: str) -> List[Run]:
    """Parse inline Markdown into runs (see the module docstring).

    Args:
        text: the content of one paragraph; single line breaks become spaces.

    Returns:
        Runs in order, adjacent runs with equal formats merged.
    """
    items = _scan(text)
    _process_emphasis(items)
    runs = []
    for item in items:
        if item["kind"] == "text":
            runs.append(item["run"])
        elif item["count"] > 0:
            runs.append(Run(item["char"] * item["count"]))
    return merge_runs(runs)


def merge_runs(runs: List[Run]) -> List[Run]:
    """Merge neighbouring runs that have the same formats; drop empty runs."""
    merged: List[Run] = []
    for run in runs:
        if not run.text:
            continue
        if merged and merged[-1].same_format(run) and LINE_BREAK not in (run.text, merged[-1].text):
            merged[-1] = replace(merged[-1], text=merged[-1].text + run.text)
        else:
            merged.append(run)
    return merged


def plain_text(runs: List[Run]) -> str:
    """Return the text of ``runs`` without formats (line breaks as ``\\n``)."""
    return "".join(run.text for run in runs)


def runs_to_html(runs: List[Run]) -> str:
    """Render runs as inline HTML for LibreOffice's HTML import."""
    parts = []
    for run in runs:
        if run.text == LINE_BREAK:
            parts.append("<br>")
            continue
        piece = html.escape(run.text, quote=False)
        for flag, tag in (("code", "code"), ("strike", "s"), ("underline", "u"), ("italic", "i"), ("bold", "b")):
            if getattr(run, flag):
                piece = "<%s>%s</%s>" % (tag, piece, tag)
        if run.link:
            piece = '<a href="%s">%s</a>' % (html.escape(run.link, quote=True), piece)
        parts.append(piece)
    return "".join(parts)


# scanning ---------------------------------------------------------------------------
def _text(value: str, **formats) -> dict:
    return {"kind": "text", "run": Run(value, **formats)}


def _scan(text: str) -> List[dict]:
    """Split ``text`` into text items and delimiter runs; code, links and breaks are resolved here."""
    items: List[dict] = []
    buffer: List[str] = []
    index, length = 0, len(text)

    def flush():
        if buffer:
            items.append(_text("".join(buffer)))
            buffer.clear()

    while index < length:
        char = text[index]
        if char == "\\" and index + 1 < length and text[index + 1] in _ESCAPABLE:
            buffer.append(text[index + 1])
            index += 2
        elif char == "\\" and index + 1 < length and text[index + 1] == "\n":
            flush()
            items.append(_text(LINE_BREAK))
            index += 2
        elif char == "\n":
            hard = len(buffer) >= 2 and buffer[-1] == " " and buffer[-2] == " "
            while buffer and buffer[-1] == " ":
                buffer.pop()
            flush()
            items.append(_text(LINE_BREAK if hard else " "))
            index += 1
            while index < length and text[index] == " ":
                index += 1
        elif char == "`":
            end, code = _code_span(text, index)
            if code is None:
                buffer.append(text[index:end])
            else:
                flush()
                items.append(_text(code, code=True))
            index = end
        elif char == "<":
            index = _angle(text, index, items, buffer, flush)
        elif char == "!" and text.startswith("[", index + 1):
            found = _link(text, index + 1)
            if found is None:
                buffer.append(char)
                index += 1
            else:
                label, _url, end = found
                buffer.append(label)
                index = end
        elif char == "[":
            found = _link(text, index)
            if found is None:
                buffer.append(char)
                index += 1
            else:
                label, url, end = found
                flush()
                for run in parse_inline(label):
                    items.append({"kind": "text", "run": replace(run, link=url)})
                index = end
        elif char in "*_~":
            end = index
            while end < length and text[end] == char:
                end += 1
            if char == "~" and end - index < 2:
                buffer.append(text[index:end])
            else:
                flush()
                items.append(_delimiter(text, index, end))
            index = end
        else:
            buffer.append(char)
            index += 1
    flush()
    return items


def _code_span(text: str, start: int):
    """Return ``(end, code)`` for a code span at ``start``, or ``(end_of_ticks, None)``."""
    ticks = start
    while ticks < len(text) and text[ticks] == "`":
        ticks += 1
    fence = text[start:ticks]
    close = text.find(fence, ticks)
    while close != -1 and close + len(fence) < len(text) and text[close + len(fence)] == "`":
        close = text.find(fence, close + len(fence) + 1)
    if close == -1:
        return ticks, None
    code = text[ticks:close].replace("\n", " ")
    if len(code) > 2 and code[0] == " " and code[-1] == " " and code.strip():
        code = code[1:-1]
    return close + len(fence), code


def _angle(text: str, index: int, items: List[dict], buffer: List[str], flush) -> int:
    autolink = _AUTOLINK.match(text, index)
    if autolink:
        flush()
        items.append(_text(autolink.group(1), link=autolink.group(1)))
        return autolink.end()
    br_tag = _BR_TAG.match(text, index)
    if br_tag:
        flush()
        items.append(_text(LINE_BREAK))
        return br_tag.end()
    buffer.append("<")
    return index + 1


def _link(text: str, start: int):
    """Return ``(label, url, end)`` for ``[label](url)`` at ``start``, or None."""
    depth, index = 0, start
    while index < len(text):
        char = text[index]
        if char == "\\":
            index += 2
            continue
        if char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
            if depth == 0:
                break
        index += 1
    else:
        return None
    tail = _LINK_TAIL.match(text, index + 1)
    if not tail:
        return None
    return text[start + 1:index], tail.group(1), tail.end()


def _delimiter(text: str, start: int, end: int) -> dict:
    char = text[start]
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    left = not after.isspace() and (not _punct(after) or before.isspace() or _punct(before))
    right = not before.isspace() and (not _punct(before) or after.isspace() or _punct(after))
    if char == "_":
        can_open = left and (not right or _punct(before))
        can_close = right and (not left or _punct(after))
    else:
        can_open, can_close = left, right
    return {"kind": "delim", "char": char, "count": end - start, "open": can_open, "close": can_close}


def _punct(char: str) -> bool:
    return not char.isalnum() and not char.isspace()


# emphasis ---------------------------------------------------------------------------
def _process_emphasis(items: List[dict]) -> None:
    """Pair delimiter runs (CommonMark's algorithm, simplified) and apply their formats."""
    closer = 0
    while closer < len(items):
        item = items[closer]
        if item["kind"] != "delim" or not item["close"] or item["count"] == 0:
            closer += 1
            continue
        opener = _find_opener(items, closer)
        if opener is None:
            closer += 1
            continue
        opening = items[opener]
        if item["char"] == "~":
            used, flag = 2, "strike"
        else:
            used = 2 if item["count"] >= 2 and opening["count"] >= 2 else 1
            flag = "bold" if used == 2 else "italic"
        for index in range(opener + 1, closer):
            inner = items[index]
            if inner["kind"] != "text":  # unmatched delimiters inside become literal text
                inner = items[index] = _text(inner["char"] * inner["count"])
            inner["run"] = replace(inner["run"], **{flag: True})
        opening["count"] -= used
        item["count"] -= used
        if item["count"] == 0:
            closer += 1


def _find_opener(items: List[dict], closer: int) -> Optional[int]:
    item = items[closer]
    for index in range(closer - 1, -1, -1):
        candidate = items[index]
        if candidate["kind"] != "delim" or candidate["char"] != item["char"] or not candidate["open"]:
            continue
        if candidate["count"] == 0:
            continue
        if item["char"] == "~" and (candidate["count"] < 2 or item["count"] < 2):
            continue
        both = (candidate["open"] and candidate["close"]) or (item["open"] and item["close"])
        if both and (candidate["count"] + item["count"]) % 3 == 0 and not (
                candidate["count"] % 3 == 0 and item["count"] % 3 == 0):
            continue
        return index
    return None

