"""table_of_contents on the sample and on a corpus document: insert, update, remove, list; refusals; one undo
step; review mode."""
import pytest
from writer_docs import Tools, blocks

from marginalia.ui.office.undo import DocumentUndo


def _texts(doc):
    return ["[table]" if b.supportsService("com.sun.star.text.TextTable") else b.getString() for b in blocks(doc)]


def test_a_table_of_contents_after_the_title(tools, sample):
    outcome = tools.ok("table_of_contents", action="insert", position="after", paragraph=1, title="Contents")
    assert outcome.content == ("Inserted a table of contents titled “Contents” as paragraphs 2–5, with 3 entries "
                               "(headings of levels 1–3); the paragraphs after it moved down by 4.")
    texts = _texts(sample)
    assert texts[:6] == ["Project report", "Contents", "Project report\t1", "Results\t1", "Next steps\t1",
                         "Dear Micheal Smith, this report covers the first quarter."]
    assert sample.getDocumentIndexes().getCount() == 1


def test_update_after_a_new_heading_and_remove(tools, sample):
    tools.ok("table_of_contents", action="insert", position="start", levels=1)
    assert _texts(sample)[:3] == ["Table of Contents", "Project report\t1", "Project report"]
    tools.ok("apply_style", style="Heading 1", paragraph=10, expected_start="Next steps")
    outcome = tools.ok("table_of_contents", action="update")
    assert outcome.content.startswith("Updated the table of contents from the headings and pages as they are now.")
    assert _texts(sample)[:3] == ["Table of Contents", "Project report\t1", "Next steps\t1"]
    listed = tools.ok("table_of_contents", action="list").content
    assert listed == "1. table of contents “Table of Contents”: paragraphs 1–3, 2 entries"
    removed = tools.ok("table_of_contents", action="remove")
    assert removed.content == ("Removed the table of contents “Table of Contents” (paragraphs 1–3); the paragraphs "
                               "after it moved up by 3.")
    assert _texts(sample)[0] == "Project report" and sample.getDocumentIndexes().getCount() == 0


@pytest.mark.parametrize("arguments, refusal", [
    ({"action": "insert", "position": "after"}, "needs paragraph=N"),
    ({"action": "insert", "position": "before", "paragraph": 7}, "is a table"),
    ({"action": "insert", "position": "before", "paragraph": 40}, "There is no paragraph 40"),
    ({"action": "insert", "position": "end", "levels": 11}, "must be"),
    ({"action": "update"}, "no table of contents or index to update"),
    ({"action": "remove"}, "no table of contents or index"),
])
def test_refusals_change_nothing(tools, sample, arguments, refusal):
    before = _texts(sample)
    outcome = tools.fails("table_of_contents", **arguments)
    assert refusal in outcome.content and _texts(sample) == before


def test_two_of_them_and_remove_needs_to_know_which(tools, sample):
    tools.ok("table_of_contents", action="insert", position="start")
    tools.ok("table_of_contents", action="insert", position="end", title="Again")
    outcome = tools.fails("table_of_contents", action="remove")
    assert "say which with index=N" in outcome.content and "2. table of contents “Again”" in outcome.content
    tools.ok("table_of_contents", action="remove", index=2)
    assert sample.getDocumentIndexes().getCount() == 1


def test_one_undo_step_takes_insert_and_update_back(office, tools, sample):
    before = _texts(sample)
    undo = DocumentUndo(sample)
    assert undo.run("contents", lambda: tools.ok("table_of_contents", action="insert", position="after",
                                                 paragraph=1)).ok
    assert undo.run("contents", lambda: tools.ok("table_of_contents", action="update")).ok
    assert not undo.step.in_place
    manager = sample.getUndoManager()
    manager.undo()
    assert _texts(sample) == before and sample.getDocumentIndexes().getCount() == 0
    manager.redo()
    assert _texts(sample)[1] == "Table of Contents"
    manager.undo()
    assert _texts(sample) == before


def test_in_review_mode_the_answer_says_writer_does_not_track_it(tools, sample):
    tools.options["review_mode"] = True
    outcome = tools.ok("table_of_contents", action="insert", position="start")
    assert outcome.content.endswith("Writer does not record an index as a tracked change, so it was applied "
                                    "directly (Ctrl+Z takes it back).")
    assert sample.getRedlines().getCount() == 0


def test_an_sdk_document_with_level_four_headings(open_corpus, office):
    doc = open_corpus("lo-sdk-index.odt")
    tools = Tools(office, doc)
    outcome = tools.ok("table_of_contents", action="insert", position="start")
    assert "with 0 entries" in outcome.content
    assert "No heading is at levels 1–3 (the document's headings are at level 4): insert it again with levels=4" \
        in outcome.content
    tools.ok("table_of_contents", action="remove")
    outcome = tools.ok("table_of_contents", action="insert", position="start", levels=4)
    assert "with 4 entries" in outcome.content
    assert [text.split("\t")[0] for text in _texts(doc)[1:5]] == [
        "Sun in Education", "Solaris 7 Operating Environment", "Sun Developer Connection[sm] Program",
        "About Sun Microsystems, Inc."]
