"""A whole assistant turn from the real sidebar: several Writer tools, one exact result, one Ctrl+Z back."""


from support.panel import Panel
from support.scripted_server import text_stream_reply
from support.scripted_turns import CHAT, tool_round
from writer_docs import RED, YELLOW, blocks, make_sample, portions, snapshot, table_strings, texts

SECTION = ("## Budget\n\nThe budget **grows** by ten percent.\n\n"
           "| Item | Cost |\n|------|-----:|\n| Laptops | 4000 |\n| Desks | 900 |\n")





def comments_of(doc):
    found = []
    fields = doc.getTextFields().createEnumeration()
    while fields.hasMoreElements():
        field = fields.nextElement()
        if field.supportsService("com.sun.star.text.textfield.Annotation"):
            found.append((field.Author, field.Content, field.getAnchor().getString()))
    return found


def test_turn_corrects_name_adds_section_with_table_and_comment_then_one_undo(endpoint, writer):
    make_sample(writer)
    original = snapshot(writer)
    endpoint.enqueue(tool_round(
        ("get_document", {}),
        ("replace_text", {"old_text": "Micheal", "new_text": "Michael", "all": True}),
        ("insert_content", {"content": SECTION, "position": "after", "paragraph": 9}),
        ("comments", {"action": "add", "text": "first quarter", "content": "Which year?", "paragraph": 2}),
    ), path=CHAT)
    endpoint.enqueue(text_stream_reply(["Fixed the name in 3 places, added the budget section and a comment."]),
                     path=CHAT)
    panel = Panel(writer).open()
    panel.send("Fix Micheal's name, add a budget section with a table, and ask which year in a comment")
    panel.wait_idle(timeout=30)

    assert texts(writer) == [
        "Project report",
        "Dear Michael Smith, this report covers the first quarter.",
        "Results",
        "Sales grew by 12% in March; Michael presented the numbers.",
        "Revenue up",
        "Costs down",
        [["Name", "Role"], ["Michael", "Lead"], ["Ann", "Analyst"]],
        "Next steps",
        "We will hire two engineers.",
        "Budget",
        "The budget grows by ten percent.",
        [["Item", "Cost"], ["Laptops", "4000"], ["Desks", "900"]],
    ]
    body = blocks(writer)
    assert [b.ParaStyleName for b in body if not b.supportsService("com.sun.star.text.TextTable")] == [
        "Heading 1", "Standard", "Heading 2", "Standard", "Standard", "Standard", "Heading 2", "Standard",
        "Heading 2", "Standard"]
    assert portions(body[1]) == [("Dear ", False, False, None, None), ("Michael Smith", True, False, YELLOW, None),
                                 (", this report covers the first quarter.", False, False, None, None)]
    assert ("12%", False, True, None, RED) in portions(body[3])
    assert ("grows", True, False, None, None) in portions(body[10])
    assert body[4].NumberingIsNumber and body[5].NumberingIsNumber
    assert table_strings(body[11])[0] == ["Item", "Cost"]
    assert comments_of(writer) == [("Marginalia (m)", "Which year?", "first quarter")]
    assert len(list(writer.getRedlines())) == 0

    second = endpoint.chat_requests()[1].json()["messages"]
    results = [m["content"] for m in second if m["role"] == "tool"]
    assert len(results) == 4 and not any(r.startswith("Error") for r in results), results
    assert "[2] Dear Micheal Smith" in results[0]
    transcript = panel.transcript()
    assert "Replaced 3 occurrences of \u201cMicheal\u201d with \u201cMichael\u201d" in transcript
    assert "Commented on \u201cfirst quarter\u201d" in transcript

    undo = writer.getUndoManager()
    assert len(undo.getAllUndoActionTitles()) == 1
    undo.undo()
    assert snapshot(writer) == original


def test_a_refused_edit_in_a_turn_changes_nothing_and_the_model_is_told(endpoint, writer):
    make_sample(writer)
    original = snapshot(writer)
    endpoint.enqueue(tool_round(
        ("replace_text", {"old_text": "Dear Micheal Smyth", "new_text": "Dear Michael Smith", "paragraph": 2}),
        ("insert_content", {"content": "x", "position": "after"}),
    ), path=CHAT)
    endpoint.enqueue(text_stream_reply(["I will read the document again."]), path=CHAT)
    panel = Panel(writer).open()
    panel.send("Fix the name")
    panel.wait_idle(timeout=30)
    results = [m["content"] for m in endpoint.chat_requests()[1].json()["messages"] if m["role"] == "tool"]
    assert results[0].startswith("Error: Paragraph 2 does not contain") and "now reads" in results[0]
    assert "needs paragraph=N" in results[1]
    assert snapshot(writer) == original
    assert list(writer.getUndoManager().getAllUndoActionTitles()) == []


def test_blocks_inserted_mid_paragraph_undo_and_redo_soundly(endpoint, writer):
    """The paragraph is split at the cursor first, so the HTML import never lands mid-paragraph."""
    from writer_docs import select_in
    make_sample(writer)
    original = snapshot(writer)
    sentence = texts(writer)[3]
    cursor = select_in(writer, 4, "in March")  # "Sales grew by 12% in March; …": the cursor before "in March"
    cursor.collapseToStart()
    writer.getCurrentController().select(cursor)
    endpoint.enqueue(tool_round(("insert_content", {"content": SECTION, "position": "cursor"})), path=CHAT)
    endpoint.enqueue(text_stream_reply(["Added the budget."]), path=CHAT)
    panel = Panel(writer).open()
    panel.send("Add the budget here")
    panel.wait_idle(timeout=30)
    inserted = texts(writer)
    split = sentence.index("in March")
    assert inserted[3:8] == [sentence[:split], "Budget", "The budget grows by ten percent.",
                             [["Item", "Cost"], ["Laptops", "4000"], ["Desks", "900"]], sentence[split:]]
    undo = writer.getUndoManager()
    assert len(undo.getAllUndoActionTitles()) == 1
    undo.undo()
    assert snapshot(writer) == original
    undo.redo()
    assert texts(writer) == inserted
    undo.undo()
    assert snapshot(writer) == original
