"""Random but valid assistant turns for crash_hunt.py, made from what a document holds.

A turn is a list of ``(tool name, arguments)``. Arguments quote the document's current text the
way a model that read it would, so most calls change something (some are refused by the tools'
own checks, which is part of what is hunted).
"""
from __future__ import annotations

import base64
import os
import random
import re
import struct
import tempfile
import zlib
from typing import List, Tuple

Call = Tuple[str, dict]
WORD = re.compile(r"[A-Za-z]{3,}")
STYLES = ("Heading 1", "Heading 2", "Quotations", "Title", "List Bullet", "Text Body", "Default Paragraph Style")
COLORS = ("red", "#0000FF", "dark blue", "green", "#C9211E")


def writer_turn(rng: random.Random, outline: dict) -> List[Call]:
    """1-3 calls of the Writer tools for a document whose paragraphs are ``outline["paragraphs"]``."""
    makers = (_replace, _replace, _replace_all, _format, _format_all, _insert, _insert, _insert_appendix,
              _delete, _style, _comment, _table, _add_rows, _track, _read, _image_insert, _image_change,
              _image_delete, _rich_insert)
    return [rng.choice(makers)(rng, outline) for _ in range(rng.choice((1, 1, 2, 3)))]


def _paragraph(rng, outline):
    """``(number, text)`` of a body paragraph with a word in it, or of the first paragraph."""
    paragraphs = outline["paragraphs"]
    candidates = [n for n, text in enumerate(paragraphs, start=1) if text and WORD.search(text)]
    if not candidates:
        return 1, paragraphs[0] if paragraphs and paragraphs[0] else ""
    number = rng.choice(candidates)
    return number, paragraphs[number - 1]


def _word(rng, text: str) -> str:
    words = WORD.findall(text)
    return rng.choice(words) if words else "the"


def _replace(rng, outline) -> Call:
    number, text = _paragraph(rng, outline)
    word = _word(rng, text)
    new, form = rng.choice([(word.upper(), "plain"), ("**%s**" % word, "markdown"), ("other words", "plain"),
                            ("", "plain"), ("<sub>%s</sub>" % word, "html")])
    return "replace_text", {"old_text": word, "new_text": new, "format": form, "paragraph": number,
                            "occurrence": 1}


def _replace_all(rng, outline) -> Call:
    _, text = _paragraph(rng, outline)
    word = _word(rng, text)
    new = rng.choice([word + "s", "*%s*" % word, word.capitalize()])
    return "replace_text", {"old_text": word, "new_text": new, "all": True,
                            "format": "markdown" if new.startswith("*") else "plain"}


def _format(rng, outline) -> Call:
    number, text = _paragraph(rng, outline)
    looks = rng.choice([{"bold": True}, {"italic": True, "color": rng.choice(COLORS)}, {"highlight": "yellow"},
                        {"font_size": 14}, {"underline": True, "strikethrough": True}])
    return "format_text", dict(looks, text=_word(rng, text), paragraph=number, occurrence=1)


def _format_all(rng, outline) -> Call:
    _, text = _paragraph(rng, outline)
    return "format_text", {"text": _word(rng, text), "all": True, "bold": rng.choice((True, False))}


def _markdown(rng) -> str:
    parts = []
    for k in range(rng.randint(1, 4)):
        parts.append(rng.choice(["## Section %d\n" % k, "Plain words of paragraph %d with **bold**.\n" % k,
                                 "- item one\n- item *two*\n", "1. first\n2. second\n",
                                 "| A | B |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n", "> a quotation\n"]))
    return "\n".join(parts)


def _position(rng, outline):
    position = rng.choice(("start", "end", "before", "after", "cursor"))
    arguments = {"position": position}
    if position in ("before", "after"):
        arguments["paragraph"] = rng.randint(1, max(1, len(outline["paragraphs"])))
    return arguments


def _insert(rng, outline) -> Call:
    return "insert_content", dict(_position(rng, outline), content=_markdown(rng))


def _insert_appendix(rng, outline) -> Call:
    sections = rng.choice((5, 20, 40))
    body = "\n".join("## Appendix %d\n\nThis has **bold text**.\n\n- first\n- second\n" % k
                     for k in range(1, sections + 1))
    table = "\n| Item | Count |\n|---|---|\n" + "".join("| r%d | %d |\n" % (k, k) for k in range(30))
    return "insert_content", dict(_position(rng, outline), content=body + table)


def _delete(rng, outline) -> Call:
    paragraphs = outline["paragraphs"]
    first = rng.randint(1, max(1, len(paragraphs)))
    last = min(len(paragraphs), first + rng.choice((0, 0, 1, 3)))
    text = "\n".join(p for p in paragraphs[first - 1:last] if p is not None)
    return "delete_paragraphs", {"paragraph": first, "to_paragraph": max(first, last), "old_text": text}


def _style(rng, outline) -> Call:
    number, text = _paragraph(rng, outline)
    return "apply_style", {"style": rng.choice(STYLES), "paragraph": number, "expected_start": text[:20],
                           "clear_direct_formatting": rng.choice((True, False))}


def _comment(rng, outline) -> Call:
    if rng.random() < 0.3:
        return "comments", {"action": rng.choice(("resolve", "remove")), "all": True}
    number, text = _paragraph(rng, outline)
    return "comments", {"action": "add", "text": _word(rng, text), "content": "Check this.", "paragraph": number}


def _table(rng, outline) -> Call:
    rows = [["Name", "Value"]] + [["row %d" % k, str(k)] for k in range(rng.randint(1, 6))]
    arguments = dict(_position(rng, outline), action="create", rows=rows)
    if arguments["position"] == "cursor":
        arguments["position"] = "end"
    return "tables", arguments


def _add_rows(rng, outline) -> Call:
    if not outline["tables"]:
        return _table(rng, outline)
    return "tables", {"action": "add_rows", "table": rng.choice(outline["tables"]), "rows": [["new", "1"]],
                      "after_row": rng.choice((0, 1))}


def _track(rng, outline) -> Call:
    return "track_changes", rng.choice([{"action": "start"}, {"action": "stop"}, {"action": "accept", "all": True},
                                        {"action": "reject", "all": True}])


def _read(rng, outline) -> Call:
    return rng.choice([("get_document", {}), ("search_text", {"text": "the"}), ("get_selection", {}),
                       ("other_text", {"action": "list"})])


def _png(width: int, height: int) -> bytes:
    """A one-colour PNG (the standard library only)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + b"\xc8\x1e\x1e" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def _picture_source(rng) -> str:
    """A picture as a model names one: a file path, a file: URL or a data: URL (a wide one now and then)."""
    width, height = rng.choice(((40, 20), (400, 200), (3000, 300)))
    kind = rng.choice(("path", "url", "data"))
    if kind == "data":
        return "data:image/png;base64," + base64.b64encode(_png(width, height)).decode("ascii")
    path = os.path.join(tempfile.gettempdir(), "marginalia-hunt-%dx%d.png" % (width, height))
    if not os.path.exists(path):
        with open(path, "wb") as stream:
            stream.write(_png(width, height))
    return "file://" + path if kind == "url" else path


def _picture_looks(rng, floating: bool) -> dict:
    looks = rng.choice([{}, {"width_cm": rng.choice((2, 8.5, 30))}, {"height_cm": 3}, {"alt_text": "A chart"},
                        {"caption": "Sales by region"}, {"align": rng.choice(("left", "center", "right"))}])
    if floating and rng.random() < 0.5:
        looks["wrap"] = rng.choice(("none", "around", "optimal", "left", "right", "through"))
    return looks


def _image_insert(rng, outline) -> Call:
    position = rng.choice(("before", "after", "start", "end", "in", "cursor"))
    arguments = dict(_picture_looks(rng, position == "in"), action="insert", source=_picture_source(rng),
                     position=position)
    if position in ("before", "after", "in"):
        arguments["paragraph"] = rng.randint(1, max(1, len(outline["paragraphs"])))
    return "images", arguments


def _image_change(rng, outline) -> Call:
    if not outline.get("images"):
        return _image_insert(rng, outline)
    arguments = {"action": "change", "image": rng.choice(outline["images"])}
    move = rng.random() < 0.4
    if move:
        arguments["position"] = rng.choice(("before", "after", "start", "end", "in"))
        if arguments["position"] in ("before", "after", "in"):
            arguments["paragraph"] = rng.randint(1, max(1, len(outline["paragraphs"])))
    looks = _picture_looks(rng, move and arguments["position"] == "in")
    return "images", dict(looks, **arguments) if looks or move else dict(arguments, width_cm=4)


def _image_delete(rng, outline) -> Call:
    names = outline.get("images", []) + outline.get("objects", [])
    if not names:
        return "images", {"action": "list"}
    return "images", {"action": "delete", "image": rng.choice(names)}


def _rich_insert(rng, outline) -> Call:
    """HTML or Markdown with paragraph looks, sub/superscripts, styled spans, page breaks and pictures."""
    picture = _picture_source(rng)
    content, form = rng.choice([
        ('<p style="text-align: center; line-height: 200%">Centred <b>title</b></p>', "html"),
        ('<h2 style="text-align: right">Outlook</h2><p style="page-break-before: always">Appendix</p>', "html"),
        ('<p style="page-break-before: always">&nbsp;</p>', "html"),
        ('H<sub>2</sub>O and x<sup>2</sup> <span style="color: blue; font-size: 14pt">blue</span>', "html"),
        ('<p><img src="%s" alt="chart" width="120"></p><p>After the picture</p>' % picture, "html"),
        ("See ![chart](%s) here" % picture, "markdown"),
        ("## Figures\n\n![chart](%s)\n\nCO<sub>2</sub> fell." % picture, "markdown")])
    return "insert_content", dict(_position(rng, outline), content=content, format=form)


# --- Calc ---------------------------------------------------------------------------------------

def calc_turn(rng: random.Random, outline: dict) -> List[Call]:
    """1-3 calls of the Calc tools for a document whose sheets are ``outline["sheets"]``."""
    makers = (_write, _write, _fill, _format_range, _sort, _filter, _rows, _sheet, _chart, _cell_comment,
              _csv, _clear, _conditional, _calc_read)
    return [rng.choice(makers)(rng, outline) for _ in range(rng.choice((1, 1, 2, 3)))]


def _sheet_name(rng, outline) -> str:
    names = [s["name"] for s in outline["sheets"] if not s["protected"]] or [outline["sheets"][0]["name"]]
    return rng.choice(names)


def _quoted(name: str) -> str:
    return "'%s'" % name.replace("'", "''") if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) else name


def _area(rng, outline, columns=3, rows=8) -> str:
    column = rng.randrange(4)
    row = rng.randrange(1, 20)
    return "%s.%s%d:%s%d" % (_quoted(_sheet_name(rng, outline)), "ABCDEFGH"[column], row,
                             "ABCDEFGH"[column + columns - 1], row + rows - 1)


def _write(rng, outline) -> Call:
    values = [["Item", "Price", "Total"]] + [["item %d" % k, rng.randint(1, 99), "=B%d*2" % (k + 2)]
                                             for k in range(rng.randint(1, 8))]
    return "write_range", {"range": _area(rng, outline).split(":")[0], "values": values}


def _fill(rng, outline) -> Call:
    return "write_range", {"range": _area(rng, outline, 1), "fill": rng.choice(("=ROW()*2", 7, "text", None))}


def _format_range(rng, outline) -> Call:
    looks = rng.choice([{"bold": True, "background_color": "yellow"}, {"number_format": "0.00"},
                        {"borders": "all", "border_color": "red"}, {"merge": True}, {"column_width": "optimal"},
                        {"horizontal_align": "center", "wrap_text": True}])
    return "format_range", dict(looks, range=_area(rng, outline, 2, 3))


def _sort(rng, outline) -> Call:
    return "sort_range", {"range": _area(rng, outline), "keys": [{"column": "B", "descending": rng.random() < 0.5}]}


def _filter(rng, outline) -> Call:
    conditions = rng.choice([[], [{"column": "B", "operator": "greater", "value": 10}]])
    return "filter_range", {"range": _area(rng, outline), "conditions": conditions,
                            "autofilter": rng.choice((True, False))}


def _rows(rng, outline) -> Call:
    action = rng.choice(("insert_rows", "delete_rows", "insert_columns", "delete_columns"))
    at = rng.randint(1, 30) if action.endswith("rows") else rng.choice("ABCDE")
    return "edit_rows_columns", {"action": action, "at": at, "count": rng.choice((1, 2, 5)),
                                 "sheet": _sheet_name(rng, outline)}


def _sheet(rng, outline) -> Call:
    names = [s["name"] for s in outline["sheets"]]
    action = rng.choice(("create", "create", "rename", "delete", "activate"))
    if action == "create":
        return "manage_sheet", {"action": "create", "name": "Hunt %d" % rng.randrange(1000)}
    if action == "delete" and len(names) < 2:
        action = "activate"
    arguments = {"action": action, "name": rng.choice(names)}
    if action == "rename":
        arguments["new_name"] = "Renamed %d" % rng.randrange(1000)
    return "manage_sheet", arguments


def _chart(rng, outline) -> Call:
    return "create_chart", {"data_range": _area(rng, outline, 2, 5),
                            "type": rng.choice(("column", "line", "pie", "bar", "scatter"))}


def _cell_comment(rng, outline) -> Call:
    cell = _area(rng, outline, 1, 1).split(":")[0]
    if rng.random() < 0.3:
        return "cell_comments", {"action": "remove", "range": _area(rng, outline)}
    return "cell_comments", {"action": "add", "range": cell, "text": "A note."}


def _csv(rng, outline) -> Call:
    lines = ["name,amount"] + ["n%d,%d" % (k, k * 3) for k in range(rng.randint(1, 10))]
    return "import_csv", {"csv": "\n".join(lines), "cell": _area(rng, outline).split(":")[0]}


def _clear(rng, outline) -> Call:
    return "clear_range", {"range": _area(rng, outline), "what": rng.choice(("contents", "formats", "all"))}


def _conditional(rng, outline) -> Call:
    return "conditional_format", {"range": _area(rng, outline, 1), "rule": "greater", "value": 5,
                                  "background_color": "red"}


def _calc_read(rng, outline) -> Call:
    return rng.choice([("get_sheet_summary", {}), ("read_range", {"range": _area(rng, outline)}),
                       ("list_sheets", {}), ("find_formula_errors", {"all_sheets": True})])
