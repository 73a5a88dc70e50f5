"""The panel's Insert button puts the last answer into the document at the cursor, formatted, in one undo step."""
import pytest

from support.panel import Panel, endpoint_at, wait_until
from support.scripted_server import text_stream_reply

ANSWER = "## Steps\n\n1. Run **make**\n2. Check the [log](https://e.org/log_(1))\n\nDone."


@pytest.fixture
def endpoint(office, scripted_server):
    with endpoint_at(office.ctx, scripted_server.base_url, "scripted-model"):
        yield scripted_server


def _paragraphs(doc):
    return [p for p in doc.getText().createEnumeration() if p.supportsService("com.sun.star.text.Paragraph")]


def test_insert_puts_the_last_answer_at_the_cursor_in_one_undo_step(endpoint, writer):
    text = writer.getText()
    text.setString("First line.")
    text.insertControlCharacter(text.getEnd(), 0, False)  # ControlCharacter.PARAGRAPH_BREAK
    text.insertString(text.getEnd(), "Second line.", False)
    manager = writer.getUndoManager()
    manager.clear()
    first = _paragraphs(writer)[0]
    cursor = writer.getText().createTextCursorByRange(first.getEnd())
    writer.getCurrentController().select(cursor)
    endpoint.enqueue(text_stream_reply(["An old answer."]), text_stream_reply([ANSWER[i:i + 7]
                                                                               for i in range(0, len(ANSWER), 7)]))
    panel = Panel(writer).open()
    assert not panel.enabled("insert")  # nothing to insert yet
    panel.send("first")
    panel.wait_idle()
    panel.send("How do I build it?")
    panel.wait_idle()
    assert panel.enabled("insert")
    assert panel.press("insert")
    wait_until(lambda: len(_paragraphs(writer)) > 2, message="the answer to arrive")
    paragraphs = _paragraphs(writer)
    texts = [p.getString() for p in paragraphs]
    assert texts == ["First line.", "Steps", "Run make", "Check the log", "Done.", "Second line."], texts
    assert paragraphs[1].ParaStyleName.startswith("Heading")
    assert [p.ListLabelString for p in paragraphs[2:4]] == ["1.", "2."]
    portions = {r.getString(): r for r in paragraphs[2].createEnumeration()}
    assert portions["make"].CharWeight == 150.0
    links = [r.HyperLinkURL for r in paragraphs[3].createEnumeration() if r.getString() == "log"]
    assert links == ["https://e.org/log_(1)"]
    assert manager.getCurrentUndoActionTitle() == "Insert answer"
    manager.undo()  # one step takes it all back
    assert [p.getString() for p in _paragraphs(writer)] == ["First line.", "Second line."]
    assert "Problem" not in panel.transcript()


def test_insert_is_not_offered_in_calc(endpoint, calc):
    endpoint.enqueue(text_stream_reply(["**Sum** with =SUM(A1:A3)."]))
    panel = Panel(calc).open()
    panel.send("How do I sum?")
    panel.wait_idle()
    assert not panel.enabled("insert")
