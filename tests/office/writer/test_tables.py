"""tables on real documents: list, read, write (guarded, formatting kept), add rows, create."""
from com.sun.star.awt.FontWeight import BOLD

from writer_docs import blocks, snapshot, table_strings, texts


def team(doc):
    return doc.getTextTables().getByName("Team")


def test_list_and_read(tools, sample):
    assert "Team: paragraph 7, 3 rows \u00d7 2 columns; first row: Name | Role" in tools.ok("tables",
                                                                                           action="list").content
    grid = tools.ok("tables", action="read", table="Team").content
    assert "| row | A | B |\n| 1 | Name | Role |\n| 2 | Micheal | Lead |\n| 3 | Ann | Analyst |" in grid
    assert tools.ok("tables", action="read", table=7).content == grid


def test_write_cells_keeps_formatting_and_is_guarded(tools, sample):
    cell = team(sample).getCellByName("B2")
    cursor = cell.createTextCursor()
    cursor.gotoEnd(True)
    cursor.CharWeight = BOLD
    before = snapshot(sample)
    outcome = tools.fails("tables", action="write", table="Team", cells=[
        {"cell": "A2", "old_text": "Micheal", "new_text": "Michael"},
        {"cell": "B2", "old_text": "Boss", "new_text": "Head"}])
    assert "Cell B2 now reads \u201cLead\u201d" in outcome.content
    assert snapshot(sample) == before  # the valid first cell was not written either
    tools.ok("tables", action="write", table="Team", cells=[
        {"cell": "A2", "old_text": "Micheal", "new_text": "Michael"},
        {"cell": "b2", "old_text": "Lead", "new_text": "Team lead"}])
    assert table_strings(team(sample))[1] == ["Michael", "Team lead"]
    portion = list(list(cell.getText().createEnumeration())[0].createEnumeration())[0]
    assert portion.getString() == "Team lead" and portion.CharWeight == BOLD
    assert "has no cell C9" in tools.fails("tables", action="write", table="Team", cells=[
        {"cell": "C9", "old_text": "", "new_text": "x"}]).content


def test_add_rows_at_the_end_and_in_between(tools, sample):
    tools.ok("tables", action="add_rows", table="Team", rows=[["Bob", "Intern"]])
    tools.ok("tables", action="add_rows", table="Team", rows=[["Cleo", "Designer"]], after_row=1)
    assert table_strings(team(sample)) == [["Name", "Role"], ["Cleo", "Designer"], ["Micheal", "Lead"],
                                           ["Ann", "Analyst"], ["Bob", "Intern"]]
    before = snapshot(sample)
    assert "has 2 columns" in tools.fails("tables", action="add_rows", table="Team", rows=[["a", "b", "c"]]).content
    assert "past the last row" in tools.fails("tables", action="add_rows", table="Team", rows=[["a"]],
                                              after_row=9).content
    assert snapshot(sample) == before


def test_create_a_table_after_a_paragraph(tools, sample):
    outcome = tools.ok("tables", action="create", rows=[["Quarter", "Sales"], ["Q1", "10"], ["Q2", "12"]],
                       position="after", paragraph=4, name="Sales")
    assert "as paragraph 5" in outcome.content
    block = blocks(sample)[4]
    assert block.supportsService("com.sun.star.text.TextTable") and block.getName() == "Sales"
    assert table_strings(block) == [["Quarter", "Sales"], ["Q1", "10"], ["Q2", "12"]]
    assert texts(sample)[3].startswith("Sales grew") and texts(sample)[5] == "Revenue up"
    header = list(block.getCellByName("A1").getText().createEnumeration())[0]
    assert header.ParaStyleName == "Table Heading"


def test_create_at_the_end_and_refusals(tools, sample):
    tools.ok("tables", action="create", rows=[["x"]], position="end")
    assert blocks(sample)[9].supportsService("com.sun.star.text.TextTable")
    before = snapshot(sample)
    assert "exists already" in tools.fails("tables", action="create", rows=[["a"]], name="Team").content
    assert "There is no table \u201cNope\u201d" in tools.fails("tables", action="read", table="Nope").content
    assert "Say which table" in tools.fails("tables", action="read").content
    assert snapshot(sample) == before


def test_a_table_wider_than_26_columns_is_read_and_written_by_writer_s_own_cell_names(tools, writer):
    """Writer names the 27th column "a", not "AA" (measured in LibreOffice 7.4)."""
    table = writer.createInstance("com.sun.star.text.TextTable")
    table.initialize(2, 30)
    writer.getText().insertTextContent(writer.getText().getEnd(), table, False)
    assert table.getCellNames()[26] == "a1"
    tools.ok("tables", action="write", table=table.getName(),
             cells=[{"cell": "a2", "old_text": "", "new_text": "twenty-seven"}])
    assert table.getCellByName("a2").getString() == "twenty-seven"
    content = tools.ok("tables", action="read", table=table.getName()).content
    assert "| Y | Z | a | b | c | d |" in content and "twenty-seven" in content
