"""Tables in the page header and in a text frame are not blocks of the body: every tool numbers the
paragraphs as an edit addresses them.

LibreOffice 25.2 compares a place in a header or a frame with a body place instead of refusing
(as 7.4 does), which made the body walk count such a table as block 1 and every paragraph after
it one too high (search_text, the comments and tracked-changes lists).
"""
from writer_docs import snapshot, texts


def _table(document):
    table = document.createInstance("com.sun.star.text.TextTable")
    table.initialize(1, 2)
    return table


def _tables_outside_the_body(document):
    """A table in the page header and one in a text frame anchored in the first paragraph."""
    style = document.getStyleFamilies().getByName("PageStyles").getByName("Standard")
    style.setPropertyValue("HeaderIsOn", True)
    header = style.getPropertyValue("HeaderText")
    header.insertTextContent(header.getEnd(), _table(document), False)
    frame = document.createInstance("com.sun.star.text.TextFrame")
    text = document.getText()
    text.insertTextContent(text.createEnumeration().nextElement().getStart(), frame, False)
    frame.getText().insertTextContent(frame.getText().getEnd(), _table(document), False)
    assert document.getTextTables().getCount() == 3  # the sample's table Team, the header's, the frame's


def test_reads_number_the_paragraphs_an_edit_addresses(tools, sample):
    _tables_outside_the_body(sample)
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


def test_a_number_and_a_text_that_disagree_are_refused(tools, sample):
    _tables_outside_the_body(sample)
    before = snapshot(sample)
    refused = tools.fails("replace_text", paragraph=3, old_text="Micheal", new_text="Michael").content
    assert "Paragraph 3 does not contain" in refused and "The text is in paragraph 2, 4" in refused
    assert "do not read" in tools.fails("delete_paragraphs", paragraph=4, old_text="Revenue up").content
    assert snapshot(sample) == before
