"""bookmarks, and cross-references to them (fields kind "reference"), on the sample and on corpus documents:
what they mark and show, the answers, every refusal (nothing changed), one undo step, review mode."""
import pytest
import uno
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


def _heading_marks(doc):
    """The hidden marks LibreOffice puts on headings it refers to (never among the document's bookmarks)."""
    return [p.Bookmark.getName() for b in blocks(doc) if b.supportsService("com.sun.star.text.Paragraph")
            for p in b.createEnumeration() if p.TextPortionType == "Bookmark"
            and p.Bookmark.getName().startswith("__RefHeading__")]


def _number_headings(doc):
    """Number the outline as Tools ▸ Heading Numbering would: 1 for Heading 1, 1.1 for Heading 2."""
    rules = doc.getChapterNumberingRules()
    for level, parents in ((0, 1), (1, 2)):
        values = {p.Name: p for p in rules.getByIndex(level)}
        values["NumberingType"].Value = 4  # ARABIC
        values["ParentNumbering"].Value = parents
        values["Suffix"].Value = ""
        uno.invoke(rules, "replaceByIndex", (level, uno.Any("[]com.sun.star.beans.PropertyValue",
                                                            tuple(values.values()))))
    for block in blocks(doc):
        if block.supportsService("com.sun.star.text.Paragraph") and block.OutlineLevel:
            block.setPropertyToDefault("NumberingStyleName")  # the sample's builder set "no list" on each
    doc.getUndoManager().clear()


def test_a_cross_reference_to_a_heading_by_its_text_without_a_bookmark(tools, sample):
    outcome = tools.ok("fields", action="insert", kind="reference", heading="Results", text="two engineers")
    assert outcome.content == ("Inserted a cross-reference to the page number of the heading “Results” (paragraph 3) "
                               "after “two engineers” in paragraph 9; it shows “1”.")
    outcome = tools.ok("fields", action="insert", kind="reference", heading="results", shows="text", paragraph=2)
    assert outcome.content.endswith("it shows “Results”.")
    names = [f.SourceName for f in _references(sample)]
    assert names[0] == names[1] and names[0].startswith("__RefHeading__")  # one hidden mark, as LibreOffice's own
    assert tools.ok("bookmarks", action="list").content == "The document has no bookmarks."
    assert blocks(sample)[2].getString() == "Results"


def test_a_heading_by_its_number_or_paragraph_and_its_number_shown(tools, sample):
    _number_headings(sample)
    outcome = tools.ok("fields", action="insert", kind="reference", heading="1.2", shows="number", paragraph=2)
    assert outcome.content == ("Inserted a cross-reference to the number of the heading “Next steps” (paragraph 8) "
                               "at the end of paragraph 2; it shows “1.2”.")
    outcome = tools.ok("fields", action="insert", kind="reference", heading=3, shows="text", paragraph=9)
    assert outcome.content.endswith("it shows “Results”.")


def test_a_heading_with_libreoffice_s_hidden_mark_keeps_it(tools, sample):
    tools.ok("fields", action="insert", kind="reference", heading="Next steps", paragraph=2)
    first = _references(sample)[0].SourceName
    tools.ok("fields", action="insert", kind="reference", heading="Next steps", shows="above_below", paragraph=9)
    assert {f.SourceName for f in _references(sample)} == {first}


@pytest.mark.parametrize("arguments, refusal", [
    ({"heading": "Resluts"}, "No heading reads “Resluts”. Did you mean “Results” (paragraph 3)?"),
    ({"heading": 2}, "Paragraph 2 is not a heading"),
    ({"heading": 40}, "There is no paragraph 40"),
    ({"heading": "Results", "bookmark": "Intro"}, "Give bookmark or heading, not both"),
    ({"heading": "Results", "shows": "number"}, "The heading “Results” (paragraph 3) has no number"),
    ({"bookmark": "Intro", "shows": "number"}, "The paragraph of the bookmark “Intro” has no number"),
    ({"heading": "1.4"}, "No heading reads “1.4”"),
])
def test_heading_refusals_change_nothing(tools, sample, arguments, refusal):
    tools.ok("bookmarks", action="insert", name="Intro", paragraph=1)
    before = (sample.getText().getString(), _marks(sample))
    outcome = tools.fails("fields", action="insert", kind="reference", paragraph=9, **arguments)
    assert refusal in outcome.content
    assert (sample.getText().getString(), _marks(sample)) == before and _references(sample) == []
    assert _heading_marks(sample) == []


def test_two_headings_of_the_same_text_are_told_apart_by_paragraph(tools, sample):
    blocks(sample)[7].setString("Results")
    outcome = tools.fails("fields", action="insert", kind="reference", heading="Results", paragraph=9)
    assert "2 headings read “Results”: paragraphs 3 and 8; give heading=N (its paragraph number)" in outcome.content
    assert tools.ok("fields", action="insert", kind="reference", heading=8, shows="above_below",
                    paragraph=2).content.endswith("it shows “below”.")


def test_one_undo_step_takes_the_heading_reference_and_its_mark_back(tools, sample):
    before = sample.getText().getString()
    undo = DocumentUndo(sample)
    assert undo.run("see", lambda: tools.ok("fields", action="insert", kind="reference", heading="Results",
                                            paragraph=2)).ok
    manager = sample.getUndoManager()
    manager.undo()
    assert _references(sample) == [] and sample.getText().getString() == before
    assert _heading_marks(sample) == []


def test_a_heading_reference_in_review_mode_and_in_a_document_written_by_others(tools, sample, open_corpus, office):
    tools.options["review_mode"] = True
    outcome = tools.ok("fields", action="insert", kind="reference", heading="Results", paragraph=9)
    assert outcome.content.endswith("It is recorded as a tracked change.") and sample.getRedlines().getCount() == 1
    doc = open_corpus("lo-sdk-index.odt")  # four headings of outline level 4
    outcome = Tools(office, doc).ok("fields", action="insert", kind="reference", heading="About Sun Microsystems, "
                                    "Inc.", shows="text", paragraph=1)
    assert outcome.content.startswith("Inserted a cross-reference to the text of the heading “About Sun Microsystems, "
                                      "Inc.” (paragraph 14) at the end of paragraph 1; it shows “About Sun")
