"""bookmarks, and cross-references to them (fields kind "reference"), on the sample and on corpus documents:
what they mark and show, the answers, every refusal (nothing changed), one undo step, review mode."""
import pytest
from writer_docs import Tools, blocks

from marginalia.ui.office.enumeration import elements
from marginalia.ui.office.undo import DocumentUndo


def _marks(doc):
    """``{name: the words it marks}`` of every bookmark."""
    marks = doc.getBookmarks()
    return {name: marks.getByName(name).getAnchor().getString() for name in marks.getElementNames()}


def _references(doc):
    return [f for f in elements(doc.getTextFields().createEnumeration())
            if f.supportsService("com.sun.star.text.textfield.GetReference")]


def test_a_heading_and_words_marked_then_listed(tools, sample):
    outcome = tools.ok("bookmarks", action="insert", name="Results", paragraph=3)
    assert outcome.content == ("Inserted the bookmark “Results” on paragraph 3 (“Results”). A cross-reference to it: "
                               "fields with kind \"reference\" and bookmark “Results”.")
    tools.ok("bookmarks", action="insert", name="quarter", text="first quarter", paragraph=2)
    assert _marks(sample) == {"Results": "Results", "quarter": "first quarter"}
    listed = tools.ok("bookmarks", action="list").content
    assert listed == "2 bookmarks:\n- “quarter” (paragraph 2): “first quarter”\n- “Results” (paragraph 3): “Results”"


def test_cross_references_show_the_page_the_text_and_above(tools, sample):
    tools.ok("bookmarks", action="insert", name="Results", paragraph=3)
    outcome = tools.ok("fields", action="insert", kind="reference", bookmark="Results", text="two engineers")
    assert outcome.content == ("Inserted a cross-reference to the page number of the bookmark “Results” after “two "
                               "engineers” in paragraph 9; it shows “1”.")
    tools.ok("fields", action="insert", kind="reference", bookmark="Results", shows="text", paragraph=9)
    outcome = tools.ok("fields", action="insert", kind="reference", bookmark="Results", shows="above_below",
                       paragraph=1)
    assert outcome.content.endswith("it shows “below”.")
    assert blocks(sample)[8].getString() == "We will hire two engineers1.Results"
    assert [f.SourceName for f in _references(sample)] == ["Results"] * 3


@pytest.mark.parametrize("tool, arguments, refusal", [
    ("bookmarks", {"action": "insert", "name": "Intro", "paragraph": 2}, "There is a bookmark “Intro” already (in "
                                                                          "paragraph 1)"),
    ("bookmarks", {"action": "insert", "name": "Next"}, "Say what the bookmark marks"),
    ("bookmarks", {"action": "insert", "name": "Team", "paragraph": 7}, "is a table"),
    ("bookmarks", {"action": "insert", "name": "Gone", "text": "nowhere to be found"}, "was not found"),
    ("bookmarks", {"action": "delete", "name": "intro"}, "There is no bookmark “intro”. Did you mean “Intro”?"),
    ("bookmarks", {"action": "insert"}, "Give name"),
    ("fields", {"action": "insert", "kind": "reference", "paragraph": 9}, "needs bookmark"),
    ("fields", {"action": "insert", "kind": "reference", "bookmark": "Outro", "paragraph": 9},
     "There is no bookmark “Outro”. Did you mean “Intro”?"),
    ("fields", {"action": "insert", "kind": "page", "bookmark": "Intro", "paragraph": 9}, "apply to kind "
                                                                                          "\"reference\" only"),
])
def test_refusals_change_nothing(tools, sample, tool, arguments, refusal):
    tools.ok("bookmarks", action="insert", name="Intro", paragraph=1)
    before = (sample.getText().getString(), _marks(sample))
    outcome = tools.fails(tool, **arguments)
    assert refusal in outcome.content
    assert (sample.getText().getString(), _marks(sample)) == before and _references(sample) == []


def test_delete_keeps_the_text(tools, sample):
    tools.ok("bookmarks", action="insert", name="quarter", text="first quarter")
    outcome = tools.ok("bookmarks", action="delete", name="quarter")
    assert outcome.content.startswith("Deleted the bookmark “quarter” (in paragraph 2, on “first quarter”); the text "
                                      "stays.")
    assert _marks(sample) == {} and "first quarter" in blocks(sample)[1].getString()


def test_one_undo_step_takes_bookmark_and_reference_back(office, tools, sample):
    before = sample.getText().getString()
    undo = DocumentUndo(sample)
    assert undo.run("see", lambda: tools.ok("bookmarks", action="insert", name="Next", paragraph=8)).ok
    assert undo.run("see", lambda: tools.ok("fields", action="insert", kind="reference", bookmark="Next",
                                            paragraph=2)).ok
    assert not undo.step.in_place
    manager = sample.getUndoManager()
    manager.undo()
    assert _marks(sample) == {} and _references(sample) == [] and sample.getText().getString() == before
    manager.redo()
    assert _marks(sample) == {"Next": "Next steps"} and len(_references(sample)) == 1
    manager.undo()
    assert _marks(sample) == {} and sample.getText().getString() == before


def test_in_review_mode_the_answer_says_bookmarks_are_not_tracked(tools, sample):
    tools.options["review_mode"] = True
    outcome = tools.ok("bookmarks", action="insert", name="Results", paragraph=3)
    assert outcome.content.endswith("Writer does not record bookmarks as tracked changes, so it was done directly "
                                    "(Ctrl+Z takes it back).")
    outcome = tools.ok("fields", action="insert", kind="reference", bookmark="Results", paragraph=9)
    assert outcome.content.endswith("It is recorded as a tracked change.") and sample.getRedlines().getCount() == 1


def test_a_bookmark_of_an_sdk_template_and_word_s_hidden_one(open_corpus, office):
    doc = open_corpus("lo-sdk-user-fields-template.odt")
    tools = Tools(office, doc)
    listed = tools.ok("bookmarks", action="list").content
    assert listed.startswith("1 bookmark:\n- “Subscription” (paragraph ") and listed.endswith("a place, no words")
    outcome = tools.ok("fields", action="insert", kind="reference", bookmark="Subscription", paragraph=1)
    assert outcome.content.endswith("it shows “1”.")
    word = open_corpus("mammoth-tables.docx")
    assert "_GoBack" in word.getBookmarks().getElementNames()
    assert Tools(office, word).ok("bookmarks", action="list").content == "The document has no bookmarks."
