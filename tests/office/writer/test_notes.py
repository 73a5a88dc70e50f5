"""notes on the sample and on corpus documents: insert after words, edit, delete, list; refusals; one undo
step; review mode."""
import pytest
from writer_docs import Tools, blocks

from marginalia.ui.office.undo import DocumentUndo


def _notes(doc):
    """``[(kind, mark, text)]`` of every footnote and endnote."""
    found = []
    for kind, notes in (("footnote", doc.getFootnotes()), ("endnote", doc.getEndnotes())):
        for index in range(notes.getCount()):
            note = notes.getByIndex(index)
            found.append((kind, note.getAnchor().getString(), note.getString()))
    return found


def test_a_footnote_after_words_then_edited_and_deleted(tools, sample):
    outcome = tools.ok("notes", action="insert", text="12%", content="Compared with March last year.")
    assert outcome.content == ("Inserted footnote 1 after “12%” in paragraph 4: “Compared with March last year.”. "
                               "Notes after it are numbered again.")
    assert _notes(sample) == [("footnote", "1", "Compared with March last year.")]
    paragraph = blocks(sample)[3]
    kinds = [p.TextPortionType for p in paragraph.createEnumeration()]
    assert kinds[kinds.index("Footnote") - 1] == "Text" and paragraph.getString().startswith("Sales grew by 12%1 in")
    tools.ok("notes", action="insert", kind="endnote", paragraph=2, content="Sent in April.")
    listed = tools.ok("notes", action="list").content
    assert listed == ("2 notes:\n- footnote 1 (paragraph 4): “Compared with March last year.”\n"
                      "- endnote i (paragraph 2): “Sent in April.”")
    edited = tools.ok("notes", action="edit", note="footnote 1", content="Against March last year.")
    assert edited.content == ("Rewrote footnote 1: it said “Compared with March last year.”, it says “Against March "
                              "last year.” now.")
    tools.ok("notes", action="delete", note="endnote i")
    assert _notes(sample) == [("footnote", "1", "Against March last year.")]


def test_a_second_footnote_before_the_first_numbers_them_again(tools, sample):
    tools.ok("notes", action="insert", text="two engineers", content="Later.")
    outcome = tools.ok("notes", action="insert", text="Micheal Smith", content="Our director.")
    assert outcome.content.startswith("Inserted footnote 1 after “Micheal Smith” in paragraph 2")
    assert [text for _k, _m, text in _notes(sample)] == ["Our director.", "Later."]


@pytest.mark.parametrize("arguments, refusal", [
    ({"action": "insert", "text": "12%"}, "Give content"),
    ({"action": "insert", "content": "x"}, "Say where the note's mark goes"),
    ({"action": "insert", "text": "Micheal", "content": "x"}, "occurs 3 times"),
    ({"action": "insert", "text": "no such words", "content": "x"}, "was not found"),
    ({"action": "insert", "paragraph": 7, "content": "x"}, "is a table"),
    ({"action": "edit", "note": "footnote 9", "content": "x"}, "There is no “footnote 9”"),
    ({"action": "delete"}, "Say which note"),
    ({"action": "insert", "kind": "sidenote", "text": "12%", "content": "x"}, "must be one of"),
])
def test_refusals_change_nothing(tools, sample, arguments, refusal):
    before = sample.getText().getString()
    outcome = tools.fails("notes", **arguments)
    assert refusal in outcome.content and sample.getText().getString() == before and _notes(sample) == []


def test_one_undo_step_takes_it_back(office, tools, sample):
    before = sample.getText().getString()
    undo = DocumentUndo(sample)
    assert undo.run("notes", lambda: tools.ok("notes", action="insert", text="12%", content="A note.")).ok
    assert undo.run("notes", lambda: tools.ok("notes", action="edit", note="footnote 1", content="Better.")).ok
    assert not undo.step.in_place
    sample.getUndoManager().undo()
    assert _notes(sample) == [] and sample.getText().getString() == before
    sample.getUndoManager().redo()
    assert _notes(sample) == [("footnote", "1", "Better.")]


def test_in_review_mode_insertion_and_deletion_are_tracked(tools, sample):
    tools.ok("notes", action="insert", text="12%", content="A note of the user's.")
    tools.options["review_mode"] = True
    outcome = tools.ok("notes", action="insert", text="two engineers", content="Tracked note.")
    inserted = sample.getRedlines().getCount()
    assert outcome.content.endswith("It is recorded as a tracked change.") and inserted >= 1
    deleted = tools.ok("notes", action="delete", note="footnote 1")
    assert deleted.content.endswith("The deletion is recorded as a tracked change.")
    assert sample.getRedlines().getCount() > inserted and len(_notes(sample)) == 2  # kept until accepted


def test_word_footnotes_written_by_others(open_corpus, office):
    doc = open_corpus("mammoth-footnotes.docx")
    tools = Tools(office, doc)
    listed = tools.ok("notes", action="list").content
    assert listed.startswith("2 notes:\n- footnote 1 (paragraph 1): ")
    tools.ok("notes", action="edit", note="footnote 2", content="Rewritten by the assistant.")
    assert _notes(doc)[1][2] == "Rewritten by the assistant."
    tools.ok("notes", action="delete", note="footnote 1")
    assert len(_notes(doc)) == 1


def test_word_endnotes_written_by_others(open_corpus, office):
    doc = open_corpus("mammoth-endnotes.docx")
    tools = Tools(office, doc)
    listed = tools.ok("notes", action="list").content
    assert listed.count("- endnote ") == 2
    name = listed.splitlines()[1].split(" (")[0][2:]
    tools.ok("notes", action="insert", kind="endnote", paragraph=1, content="One more.")
    assert len(_notes(doc)) == 3 and name.startswith("endnote ")
