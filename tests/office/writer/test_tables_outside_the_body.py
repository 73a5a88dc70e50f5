"""Tables in the page header and in a text frame are not blocks of the body: every tool numbers the
paragraphs as an edit addresses them.

LibreOffice 25.2 compares a place in a header or a frame with a body place instead of refusing
(as 7.4 does), which made the body walk count such a table as block 1 and every paragraph after
it one too high (search_text, the comments and tracked-changes lists).
"""
import pytest
from writer_docs import snapshot, texts


def _table(document):
    table = document.createInstance("com.sun.star.text.TextTable")
    table.initialize(1, 2)
    return table


def _table_outside_the_body(document, where: str):
    """A table in the page header, or in a text frame anchored in the first paragraph.

    One only: the body walk gives up (and reads the body, numbering right) where two tables
    lie between the same two paragraphs; a single one was counted as block 1.
    """
    if where == "header":
        style = document.getStyleFamilies().getByName("PageStyles").getByName("Standard")
        style.setPropertyValue("HeaderIsOn", True)
        header = style.getPropertyValue("HeaderText")
        header.insertTextContent(header.getEnd(), _table(document), False)
    else:
        frame = document.createInstance("com.sun.star.text.TextFrame")
        text = document.getText()
        text.insertTextContent(text.createEnumeration().nextElement().getStart(), frame, False)
        frame.getText().insertTextContent(frame.getText().getEnd(), _table(document), False)
    assert document.getTextTables().getCount() == 2  # the sample's table Team and this one


@pytest.mark.parametrize("where", ["header", "frame"])
def test_reads_number_the_paragraphs_an_edit_addresses(tools, sample, where):
    _table_outside_the_body(sample, where)
    lines = tools.ok("search_text", text="micheal").content.splitlines()
    assert lines[1:4] == ["1. paragraph 2: Dear [[Micheal]] Smith, this report covers the first quarter.",
                          "2. paragraph 4: Sales grew by 12% in March; [[Micheal]] presented the numbers.",
                          "3. table Team, cell A2 (paragraph 7): [[Micheal]]"]
    tools.ok("comments", action="add", text="first quarter", content="Which year?", paragraph=2)
    assert "#1 paragraph 2, by" in tools.ok("comments", action="list").content
    tools.ok("track_changes", action="start")
    tools.ok("replace_text", paragraph=9, old_text="two", new_text="three")
    tools.ok("track_changes", action="stop")
    changes = tools.ok("track_changes", action="list").content.splitlines()[1:]
    assert changes and all("paragraph 9" in line for line in changes), changes
    tools.ok("replace_text", paragraph=4, old_text="Micheal", new_text="Michael")  # the number search_text gave
    assert texts(sample)[3] == "Sales grew by 12% in March; Michael presented the numbers."


@pytest.mark.parametrize("where", ["header", "frame"])
def test_a_number_and_a_text_that_disagree_are_refused(tools, sample, where):
    _table_outside_the_body(sample, where)
    before = snapshot(sample)
    refused = tools.fails("replace_text", paragraph=3, old_text="Micheal", new_text="Michael").content
    assert "Paragraph 3 does not contain" in refused and "The text is in paragraph 2, 4" in refused
    assert "do not read" in tools.fails("delete_paragraphs", paragraph=4, old_text="Revenue up").content
    assert snapshot(sample) == before
