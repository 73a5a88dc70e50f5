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
              _delete, _style, _comment, _table, _add_rows, _track, _read,
              _page_setup, _header_footer, _field, _note, _contents, _save, _bookmark, _other_document,
              _image_insert, _image_change, _image_delete, _rich_insert, _heading_reference, _default_font,
              _object_change)
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


def _page_setup(rng, outline) -> Call:
    count = max(1, len(outline["paragraphs"]))
    if rng.random() < 0.1:
        return "page_setup", {"action": "remove_break", "paragraph": rng.randint(2, max(2, count))}
    changes = rng.choice([{"orientation": rng.choice(("landscape", "portrait"))}, {"margin_cm": rng.choice((1.5, 2, 3))},
                          {"columns": rng.choice((1, 2, 3))}, {"paper": rng.choice(("A4", "Letter", "A5"))},
                          {"header": True, "different_first_page": True},
                          {"footer": True}])
    if rng.random() < 0.3:
        first = rng.randint(1, count)
        changes.update(paragraph=first, to_paragraph=min(count, first + rng.choice((0, 2))))
    return "page_setup", dict(changes, action="set")


def _header_footer(rng, outline) -> Call:
    return "header_footer", {"kind": rng.choice(("header", "footer")),
                             "content": rng.choice(("Page {page} of {pages}", "{date}", "Draft\n{title}", "")),
                             "pages": rng.choice(("all", "all", "first", "left")),
                             "position": rng.choice(("replace", "start", "end")),
                             "alignment": rng.choice(("left", "center", "right"))}


def _field(rng, outline) -> Call:
    number, text = _paragraph(rng, outline)
    kind = rng.choice(("page", "pages", "date", "time", "title", "file_name"))
    call = {"action": "insert", "kind": kind, "text": _word(rng, text), "paragraph": number, "occurrence": 1,
            "placement": rng.choice(("after", "before", "replace"))}
    if kind == "time":
        call["fixed"] = True  # a running clock shows another time after an undo: the text compared would differ
    return "fields", call


def _note(rng, outline) -> Call:
    if rng.random() < 0.3:
        return "notes", {"action": rng.choice(("edit", "delete")), "note": "footnote 1", "content": "Changed note."}
    number, text = _paragraph(rng, outline)
    return "notes", {"action": "insert", "kind": rng.choice(("footnote", "endnote")), "text": _word(rng, text),
                     "paragraph": number, "occurrence": 1, "content": "A note."}


def _contents(rng, outline) -> Call:
    action = rng.choice(("insert", "insert", "update", "remove"))
    if action != "insert":
        return "table_of_contents", {"action": action}
    arguments = _position(rng, outline)
    if arguments["position"] == "cursor":
        arguments["position"] = "end"
    return "table_of_contents", dict(arguments, action="insert", levels=rng.choice((1, 3)))


def _save(rng, outline) -> Call:
    if rng.random() < 0.2:
        return "save_document", {"action": "save"}
    return "save_document", {"action": "export", "format": rng.choice(("pdf", "docx", "odt", "html", "txt")),
                             "overwrite": True}


def _bookmark(rng, outline) -> Call:
    name = rng.choice(("Start", "Results", "Mark"))
    action = rng.choice(("insert", "insert", "reference", "delete"))
    number, text = _paragraph(rng, outline)
    if action == "delete":
        return "bookmarks", {"action": "delete", "name": name}
    if action == "reference":
        return "fields", {"action": "insert", "kind": "reference", "bookmark": name, "paragraph": number,
                          "shows": rng.choice(("page", "text", "above_below"))}
    if rng.random() < 0.5:
        return "bookmarks", {"action": "insert", "name": name, "paragraph": number}
    return "bookmarks", {"action": "insert", "name": name, "text": _word(rng, text), "paragraph": number,
                         "occurrence": 1}


def _heading_reference(rng, outline) -> Call:
    """A cross-reference to a heading by its text or paragraph number (refused when that is not a heading)."""
    number, text = _paragraph(rng, outline)
    heading = rng.choice((rng.randint(1, max(1, len(outline["paragraphs"]))), text.strip() or "Results"))
    return "fields", {"action": "insert", "kind": "reference", "heading": heading, "paragraph": number,
                      "shows": rng.choice(("page", "text", "above_below", "number"))}


def _default_font(rng, outline) -> Call:
    """A font or size for the whole document (it also goes to the default paragraph style)."""
    return "format_text", rng.choice(({"all": True, "font": "DejaVu Sans"}, {"all": True, "font_size": 11},
                                      {"all": True, "font": "Liberation Serif", "font_size": 12.5}))


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


def _object_change(rng, outline) -> Call:
    """A drawing shape's or embedded object's size, alignment, wrap or alt text (an undo action of our own), or a
    move the tool refuses."""
    names = outline.get("objects", [])
    if not names:
        return "images", {"action": "list"}
    looks = rng.choice([{"width_cm": rng.choice((1, 4.5, 20))}, {"height_cm": 2, "align": "center"},
                        {"align": rng.choice(("left", "center", "right"))},
                        {"wrap": rng.choice(("none", "through", "optimal"))}, {"alt_text": "A drawn shape"},
                        {"position": "after", "paragraph": 1}])
    return "images", dict(looks, action="change", image=rng.choice(names))


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
              _csv, _clear, _conditional, _calc_read, _typed, _sheet_view, _copy, _fill_series, _validation,
              _names, _protect, _ranked, _other_document, _bars)
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


def _typed(rng, outline) -> Call:
    row = [rng.choice(("2024-05-25", "45%", "$1,200.50", "1.5E3", "10:30", "TRUE", "'2003", "12 apples"))
           for _ in range(3)]
    return "write_range", {"range": _area(rng, outline).split(":")[0], "values": [row, row]}


def _sheet_view(rng, outline) -> Call:
    action = rng.choice(("freeze", "unfreeze", "hide", "show", "group", "ungroup", "optimal_width",
                         "optimal_height"))
    if action in ("freeze", "unfreeze"):
        return "sheet_view", {"action": action, "range": _area(rng, outline, 1, 1).split(":")[0].replace("A", "B")}
    return "sheet_view", {"action": action, "range": _area(rng, outline, 2, 4), "lines": rng.choice(("rows",
                                                                                                    "columns"))}


def _copy(rng, outline) -> Call:
    return "copy_range", {"source": _area(rng, outline, 2, 4), "destination": _area(rng, outline, 1, 1).split(":")[0],
                          "mode": rng.choice(("copy", "move")), "overwrite": rng.random() < 0.5}


def _fill_series(rng, outline) -> Call:
    kind = rng.choice(("auto", "linear", "date", "growth"))
    return "fill_series", {"range": _area(rng, outline, 1, 6), "kind": kind, "overwrite": rng.random() < 0.7,
                           "direction": rng.choice(("down", "right"))}


def _validation(rng, outline) -> Call:
    allow = rng.choice(("list", "whole", "date", "none"))
    arguments = {"range": _area(rng, outline, 1, 5), "allow": allow, "input_message": "Pick one"}
    if allow == "list":
        arguments["items"] = ["Open", "Done"]
    elif allow == "whole":
        arguments.update(value=0, value2=100)
    elif allow == "date":
        arguments.update(operator="greater", value="2024-01-01")
    return "data_validation", arguments


def _names(rng, outline) -> Call:
    action = rng.choice(("create", "create", "delete", "list"))
    arguments = {"action": action, "name": "Hunt%d" % rng.randrange(5)}
    if action == "create":
        arguments["range"] = _area(rng, outline)
    return "named_ranges", arguments


def _protect(rng, outline) -> Call:
    return "protect_sheet", {"action": rng.choice(("protect", "unprotect")), "sheet": _sheet_name(rng, outline)}


def _ranked(rng, outline) -> Call:
    rule = rng.choice(("top_n", "bottom_n", "top_percent", "above_average", "below_average", "duplicate", "list"))
    return "conditional_format", {"range": _area(rng, outline, 1), "rule": rule, "value": 3,
                                  "background_color": "#C6EFCE"}


def _bars(rng, outline) -> Call:
    """conditional_format: a data bar, a clear that removes one, or a refused colour scale or icon set."""
    rule = rng.choice(("data_bar", "data_bar", "clear", "color_scale", "icon_set", "list"))
    return "conditional_format", {"range": _area(rng, outline, rng.choice((1, 2))), "rule": rule,
                                  "background_color": rng.choice(("#63BE7B", "red", "#638EC6"))}


def _other_document(rng, outline) -> Call:
    """read_other_document: the list, an untitled document, a range or table of one, an unknown title."""
    return "read_other_document", rng.choice([
        {}, {"title": "Untitled 1"}, {"title": "Untitled 2", "range": "A1:C5"}, {"title": "Untitled 1", "table": 1},
        {"title": "Untitled 1", "from_paragraph": 3}, {"title": "no such"}])


def slides_turn(rng: random.Random, outline: dict) -> List[Call]:
    """1-3 calls of the Impress and Draw tools for a document whose pages are ``outline["pages"]``."""
    makers = [_edit_words, _edit_words, _whole_text, _arrange, _arrange, _insert_object, _slide_action,
              _diagram, _edit_diagram, _slides_read, _look]
    if outline["app"] == "impress":
        makers += [_add_slides, _add_slides]
    return [rng.choice(makers)(rng, outline) for _ in range(rng.choice((1, 1, 2, 3)))]


def _page_number(rng, outline) -> int:
    return rng.randint(1, len(outline["pages"]))


def _text_shape(rng, outline):
    """``(page number, shape number, text)`` of a shape with a word in it, or of a page's first shape."""
    found = [(page, shape, item["text"]) for page, entry in enumerate(outline["pages"], 1)
             for shape, item in enumerate(entry["shapes"], 1) if item["text"] and WORD.search(item["text"])]
    if found:
        return rng.choice(found)
    page = _page_number(rng, outline)
    return page, 1, ""


def _edit_words(rng, outline) -> Call:
    page, shape, text = _text_shape(rng, outline)
    word = _word(rng, text)
    return "edit_shape_text", {"slide": page, "shape": shape, "old_text": word,
                               "new_text": rng.choice([word.upper(), "other words", ""]), "all": rng.random() < 0.3}


def _whole_text(rng, outline) -> Call:
    page, shape, _ = _text_shape(rng, outline)
    target = rng.choice([shape, shape, "notes", "title"])
    return "edit_shape_text", {"slide": page, "shape": target,
                               "new_text": rng.choice(["A new text", "- first\n- second\n  - deeper", ""])}


def _arrange(rng, outline) -> Call:
    page = _page_number(rng, outline)
    count = len(outline["pages"][page - 1]["shapes"])
    looks = rng.choice([{"x_cm": 2, "y_cm": 3}, {"width_cm": 8, "height_cm": 2}, {"text_fit": "shrink"},
                        {"text_fit": "grow"}, {"delete": True}, {"x_cm": 40}])
    return "arrange_shape", dict(looks, slide=page, shape=rng.randint(1, max(count, 1)))


def _insert_object(rng, outline) -> Call:
    kind, source = rng.choice([("table", "| A | B |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |"),
                               ("chart", "| Month | Sales |\n|---|---|\n| Jan | 3 |\n| Feb | 5 |"),
                               ("image", "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlE"
                                         "QVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")])
    arguments = {"slide": _page_number(rng, outline), "kind": kind, "source": source}
    if rng.random() < 0.3:
        arguments["into"] = "body"
    elif rng.random() < 0.5:
        arguments.update(x_cm=2, y_cm=4, width_cm=10, height_cm=6)
    return "insert_object", arguments


def _slide_action(rng, outline) -> Call:
    count = len(outline["pages"])
    actions = ["duplicate", "move", "delete"] + (["layout", "hide", "show", "transition"]
                                                 if outline["app"] == "impress" else [])
    action = rng.choice(actions)
    slides = sorted(rng.sample(range(1, count + 1), min(count, rng.choice((1, 1, 2)))))
    arguments = {"action": action, "slides": slides}
    if action == "move":
        arguments["to"] = rng.randint(1, count)
    if action == "layout":
        arguments["layout"] = rng.choice(("title_content", "title_only", "blank", "title"))
    if action == "transition":
        arguments["transition"] = rng.choice(("fade", "push", "none"))
    return "manage_slides", arguments


def _diagram(rng, outline) -> Call:
    count = rng.randint(1, 7)
    nodes = [{"id": "n%d" % k, "text": "Step %d" % k, "shape": rng.choice(("box", "rounded", "ellipse"))}
             for k in range(count)]
    edges = [{"source": "n%d" % rng.randrange(k), "target": "n%d" % k} for k in range(1, count)]
    return "make_diagram", {"slide": _page_number(rng, outline), "nodes": nodes, "edges": edges,
                            "direction": rng.choice(("down", "right"))}


def _edit_diagram(rng, outline) -> Call:
    with_diagram = [n for n, page in enumerate(outline["pages"], 1) if any(s["diagram"] for s in page["shapes"])]
    page = rng.choice(with_diagram) if with_diagram else _page_number(rng, outline)
    change = rng.choice([{"direction": rng.choice(("down", "right"))},
                         {"add_nodes": [{"id": "x%d" % rng.randrange(100), "text": "Added"}]},
                         {"remove_nodes": ["n1"]}])
    return "edit_diagram", dict(change, slide=page)


def _add_slides(rng, outline) -> Call:
    slides = ["# Slide %d\n- point one\n  - detail\n- point two\nNotes: say it." % k for k in range(rng.randint(1, 3))]
    arguments = {"outline": "\n\n".join(slides)}
    if rng.random() < 0.5:
        arguments["after_slide"] = rng.randint(0, len(outline["pages"]))
    return "add_slides", arguments


def _slides_read(rng, outline) -> Call:
    return "get_presentation", {"from_slide": _page_number(rng, outline)}


def _look(rng, outline) -> Call:
    return "look_at_slide", {"slide": rng.randint(1, len(outline["pages"]) + 1), "width_px": rng.choice((200, 1024))}
