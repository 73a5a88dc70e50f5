"""fields on the sample and on corpus documents: insert next to words, at a paragraph's end or in a footer;
list; refusals; one undo step; review mode."""
import pytest
from writer_docs import Tools, blocks

from marginalia.ui.office.enumeration import elements
from marginalia.ui.office.undo import DocumentUndo


def _fields(doc):
    """The service names (after ``textfield.``) of every field of ``doc`` but comments, sorted."""
    found = []
    for field in elements(doc.getTextFields().createEnumeration()):
        services = [s for s in field.getSupportedServiceNames() if ".textfield." in s and "TextField" not in s]
        if not field.supportsService("com.sun.star.text.textfield.Annotation"):
            found.append(services[0].split(".textfield.")[1])
    return sorted(found)


def _portion_kinds(paragraph):
    return [(p.TextPortionType, p.getString()) for p in elements(paragraph.createEnumeration())]


def test_a_date_after_words_in_a_paragraph(tools, sample):
    outcome = tools.ok("fields", action="insert", kind="date", text="first quarter", paragraph=2,
                       date_format="DD.MM.YYYY")
    assert outcome.content == "Inserted a date field after “first quarter” in paragraph 2."
    kinds = _portion_kinds(blocks(sample)[1])
    at = [k for k, _t in kinds].index("TextField")
    assert kinds[at - 1][1].endswith("first quarter") and kinds[at + 1][1] == "."
    field = [p for p in elements(blocks(sample)[1].createEnumeration()) if p.TextPortionType == "TextField"][0]
    assert field.getString().count(".") == 2 and len(field.getString()) == 10  # DD.MM.YYYY


def test_a_fixed_time_replacing_words_and_a_title_at_a_paragraph_end(tools, sample):
    tools.ok("fields", action="insert", kind="time", fixed=True, text="two engineers", placement="replace")
    assert "two engineers" not in blocks(sample)[8].getString()
    outcome = tools.ok("fields", action="insert", kind="title", paragraph=1)
    assert outcome.content == ("Inserted a title field at the end of paragraph 1. The document has no title yet, so "
                               "the title field shows nothing until one is set (File ▸ Properties ▸ Description ▸ "
                               "Title).")
    assert _fields(sample) == ["DateTime", "docinfo.Title"]


def test_fields_that_show_something_are_not_said_to_show_nothing(tools, sample):
    """A title, author or file name field in a document without them shows nothing: the answer says so, and
    only then (the answer was "Inserted a author field" either way)."""
    outcome = tools.ok("fields", action="insert", kind="author", paragraph=2)
    assert outcome.content.startswith("Inserted an author field at the end of paragraph 2. The document records no "
                                      "author, so the author field shows nothing")
    properties = sample.getDocumentProperties()
    properties.Title, properties.Author = "Quarterly report", "Ann Analyst"
    for kind in ("title", "author"):
        outcome = tools.ok("fields", action="insert", kind=kind, paragraph=2)
        assert outcome.content == "Inserted %s field at the end of paragraph 2." % ("a title" if kind == "title"
                                                                                    else "an author")
    outcome = tools.ok("fields", action="insert", kind="file_name", paragraph=9)
    assert outcome.content.endswith("The document has not been saved yet, so the file name field shows nothing until "
                                    "it is.")


def test_a_page_number_after_words_in_the_footer_then_listed(tools, sample):
    tools.ok("header_footer", kind="footer", content="Page  — confidential")
    outcome = tools.ok("fields", action="insert", kind="page", part="footer of Default Page Style", text="Page ")
    assert outcome.content == "Inserted a page number field after “Page ” in the footer of Default Page Style."
    listed = tools.ok("fields", action="list").content
    assert listed.startswith("1 field:\n- footer of Default Page Style: page number, shows “")


@pytest.mark.parametrize("arguments, refusal", [
    ({"action": "insert"}, "Say which field"),
    ({"action": "insert", "kind": "page", "fixed": True, "paragraph": 1}, "apply to date and time fields only"),
    ({"action": "insert", "kind": "date", "text": "nowhere to be found"}, "was not found"),
    ({"action": "insert", "kind": "date", "text": "Micheal", "paragraph": 2, "occurrence": 3}, "does not exist"),
    ({"action": "insert", "kind": "date", "placement": "replace", "paragraph": 2}, "needs text"),
    ({"action": "insert", "kind": "date", "part": "footer of Nowhere"}, "There is no “footer of Nowhere”"),
    ({"action": "insert", "kind": "date", "paragraph": 7}, "is a table"),
    ({"action": "insert", "kind": "chapter", "paragraph": 1}, "must be one of"),
])
def test_refusals_change_nothing(tools, sample, arguments, refusal):
    before = sample.getText().getString()
    outcome = tools.fails("fields", **arguments)
    assert refusal in outcome.content and sample.getText().getString() == before and _fields(sample) == []


def test_one_undo_step_takes_it_back(office, tools, sample):
    before = sample.getText().getString()
    undo = DocumentUndo(sample)
    assert undo.run("fields", lambda: tools.ok("fields", action="insert", kind="author", text="Dear")).ok
    assert undo.run("fields", lambda: tools.ok("fields", action="insert", kind="pages", paragraph=9)).ok
    assert not undo.step.in_place and len(_fields(sample)) == 2
    sample.getUndoManager().undo()
    assert _fields(sample) == [] and sample.getText().getString() == before


def test_in_review_mode_the_field_is_a_tracked_insertion(tools, sample):
    tools.options["review_mode"] = True
    outcome = tools.ok("fields", action="insert", kind="file_name", paragraph=9)
    assert "It is recorded as a tracked change." in outcome.content
    assert sample.getRedlines().getCount() == 1 and not sample.RecordChanges


def test_the_fields_of_an_odf_header_written_by_others(open_corpus, office):
    doc = open_corpus("odfpy-header-footer.odt")
    tools = Tools(office, doc)
    listed = tools.ok("fields", action="list").content
    assert "header of Default Page Style: page number" in listed and "footer of Default Page Style: page count" \
        in listed
    tools.ok("fields", action="insert", kind="date", part="header of Default Page Style", text="Test",
             placement="before")
    assert "DateTime" in _fields(doc)


def test_a_letter_template_full_of_fields(open_corpus, office):
    doc = open_corpus("lo-template-business-letter.ott")
    tools = Tools(office, doc)
    listed = tools.ok("fields", action="list").content
    assert int(listed.split(" ", 1)[0]) >= 10
    assert "placeholder" in listed or "document" in listed
