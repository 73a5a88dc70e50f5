"""A whole turn on each real document, in the real sidebar: read, edit, and one Revert back."""
import re

import pytest

from real_docs import SHEET_EXTENSIONS, TEXT_EXTENSIONS, documents
from support.panel import Panel, wait_until
from support.scripted_server import text_stream_reply
from support.scripted_turns import CHAT, tool_round

WORD = re.compile(r"[^\W\d_]{3,}")





def text_snapshot(doc):
    """Every body paragraph's text and every table cell's text, in order."""
    found = []
    enumeration = doc.getText().createEnumeration()
    while enumeration.hasMoreElements():
        element = enumeration.nextElement()
        if element.supportsService("com.sun.star.text.TextTable"):
            found.append([(name, element.getCellByName(name).getString()) for name in element.getCellNames()])
        else:
            found.append((element.getString(), element.getPropertyValue("ParaStyleName")))
    return found


def sheet_snapshot(doc):
    """Every sheet's used area: its formulas (values for plain cells)."""
    found = []
    sheets = doc.getSheets()
    for index in range(sheets.getCount()):
        sheet = sheets.getByIndex(index)
        cursor = sheet.createCursor()
        cursor.gotoEndOfUsedArea(False)
        end = cursor.getRangeAddress()
        found.append((sheet.getName(), sheet.getCellRangeByPosition(0, 0, end.EndColumn, end.EndRow).getFormulaArray()))
    return found


def plain_text(paragraph) -> str:
    """The paragraph's own text, without what fields and note anchors show."""
    portions = paragraph.createEnumeration()
    parts = []
    while portions.hasMoreElements():
        portion = portions.nextElement()
        parts.append(portion.getString() if portion.getPropertyValue("TextPortionType") == "Text" else " ")
    return "".join(parts)


def cell_paragraphs(table):
    for name in table.getCellNames():
        enumeration = table.getCellByName(name).createEnumeration()
        while enumeration.hasMoreElements():
            element = enumeration.nextElement()
            if not element.supportsService("com.sun.star.text.TextTable"):
                yield element


def word_to_edit(doc):
    """``(paragraph number, word)``: the first body paragraph or table with a word of three letters or more."""
    enumeration = doc.getText().createEnumeration()
    number = 0
    while enumeration.hasMoreElements():
        element = enumeration.nextElement()
        number += 1
        is_table = element.supportsService("com.sun.star.text.TextTable")
        texts = [plain_text(p) for p in (cell_paragraphs(element) if is_table else [element])]
        words = [word for text in texts for word in WORD.findall(text)]
        if words:
            return number, words[0]
    return None


def cell_to_edit(doc):
    """``(address, sheet, column, row)`` of the first text cell of a visible sheet."""
    sheets = doc.getSheets()
    for index in range(sheets.getCount()):
        sheet = sheets.getByIndex(index)
        if not sheet.getPropertyValue("IsVisible"):
            continue
        cursor = sheet.createCursor()
        cursor.gotoEndOfUsedArea(False)
        end = cursor.getRangeAddress()
        rows = sheet.getCellRangeByPosition(0, 0, end.EndColumn, end.EndRow).getDataArray()
        for row_index, row in enumerate(rows):
            for column_index, value in enumerate(row):
                if isinstance(value, str) and value.strip():
                    column = chr(ord("A") + column_index) if column_index < 26 else None
                    if column:
                        return "'%s'!%s%d" % (sheet.getName(), column, row_index + 1), sheet, column_index, row_index
    return None


def run_turn(endpoint, doc, reading, edit, text):
    endpoint.enqueue(tool_round(reading, edit), path=CHAT)
    endpoint.enqueue(text_stream_reply(["Done."]), path=CHAT)
    panel = Panel(doc).open()
    panel.send(text)
    panel.wait_idle(timeout=30)
    results = [m["content"] for m in endpoint.chat_requests()[1].json()["messages"] if m["role"] == "tool"]
    assert len(results) == 2 and not any(result.startswith("Error") for result in results), results
    return panel, results


def revert(panel, doc, snapshot, original):
    wait_until(lambda: panel.enabled("revert"), message="Revert enabled after the turn")
    panel.press("revert")
    wait_until(lambda: snapshot(doc) == original, message="one Revert restores the document")


@pytest.mark.parametrize("name", [n for n in documents(TEXT_EXTENSIONS)])
def test_a_turn_reads_edits_and_reverts_a_text_document(name, endpoint, open_copy):
    doc = open_copy(name, hidden=False)
    target = word_to_edit(doc)
    original = text_snapshot(doc)
    if target is None:  # nothing but empty paragraphs, empty cells or text boxes: add a paragraph instead
        edit = ("insert_content", {"content": "Added by the assistant.", "position": "end"})
    else:
        number, word = target
        edit = ("replace_text", {"old_text": word, "new_text": "\u00ab%s\u00bb" % word, "paragraph": number,
                                 "occurrence": 1})
    panel, results = run_turn(endpoint, doc, ("get_document", {}), edit, "Mark one word")
    after = text_snapshot(doc)
    assert after != original
    if target is None:
        assert any(isinstance(item, tuple) and item[0] == "Added by the assistant." for item in after)
    else:
        assert word in results[0]
        assert "\u00ab%s\u00bb" % word in str(after[number - 1])
    revert(panel, doc, text_snapshot, original)


@pytest.mark.parametrize("name", [n for n in documents(SHEET_EXTENSIONS)])
def test_a_turn_reads_edits_and_reverts_a_spreadsheet(name, endpoint, open_copy):
    doc = open_copy(name, hidden=False)
    target = cell_to_edit(doc)
    if target is None:
        pytest.fail("%s has no text cell on a visible sheet" % name)
    address, sheet, column, row = target
    original = sheet_snapshot(doc)
    panel, results = run_turn(endpoint, doc, ("get_sheet_summary", {"sheet": sheet.getName()}),
                              ("write_range", {"range": address, "values": [["EDITED"]]}),
                              "Mark the first label as edited")
    assert results[0].startswith("Sheet '%s'" % sheet.getName())
    assert sheet.getCellByPosition(column, row).getString() == "EDITED"
    revert(panel, doc, sheet_snapshot, original)


def test_part_of_a_placeholder_field_is_refused_and_nothing_changes(endpoint, open_copy):
    doc = open_copy("lo-template-business-letter.ott", hidden=False)
    original = text_snapshot(doc)
    endpoint.enqueue(tool_round(("replace_text", {"old_text": "Sender", "new_text": "Author", "paragraph": 1})),
                     path=CHAT)
    endpoint.enqueue(text_stream_reply(["I could not change it."]), path=CHAT)
    panel = Panel(doc).open()
    panel.send("Call the sender the author")
    panel.wait_idle(timeout=30)
    result = [m["content"] for m in endpoint.chat_requests()[1].json()["messages"] if m["role"] == "tool"][0]
    assert result.startswith("Error") and "part of a field that shows \u201c<Sender's name>\u201d" in result
    assert text_snapshot(doc) == original
