"""Reading tools on real documents: numbered paragraphs, outline, paging, selection, statistics."""
from writer_docs import build, select_in


def test_document_lists_numbered_paragraphs_outline_lists_and_tables(tools, sample):
    content = tools.ok("get_document").content
    assert "[1] (Heading 1) Project report" in content
    assert "[2] Dear Micheal Smith, this report covers the first quarter." in content
    assert "[5] \u2022 Revenue up" in content
    assert "[7] [table Team: 3 rows \u00d7 2 columns] | Name | Role | | Micheal | Lead |" in content
    assert "[9] We will hire two engineers." in content
    outline = content.split("Outline (headings):\n", 1)[1].split("Paragraphs", 1)[0]
    assert outline.splitlines() == ["[1] Project report", "  [3] Results", "  [8] Next steps"]


def test_long_document_is_paged_with_a_continuation_hint(tools, writer):
    build(writer, [("Standard", "Paragraph %03d " % i + "word " * 60) for i in range(1, 121)])
    first = tools.ok("get_document").content
    assert "[1] Paragraph 001" in first and "Continue with get_document from_paragraph=" in first
    next_start = int(first.rsplit("from_paragraph=", 1)[1].split(".")[0])
    assert 20 < next_start < 120
    assert len(first) < 14000
    second = tools.ok("get_document", from_paragraph=next_start).content
    assert "[%d] Paragraph %03d" % (next_start, next_start) in second
    assert "[%d]" % (next_start - 1) not in second.split("Paragraphs", 1)[1]


def test_range_and_bad_ranges(tools, sample):
    content = tools.ok("get_document", from_paragraph=3, to_paragraph=4).content
    assert "[3] (Heading 2) Results" in content and "[4] Sales grew" in content and "[5]" not in content
    assert "has paragraphs 1 to 9" in tools.fails("get_document", from_paragraph=10).content
    assert "before from_paragraph" in tools.fails("get_document", from_paragraph=4, to_paragraph=2).content
    assert "must be at least 1" in tools.fails("get_document", from_paragraph=0).content


def test_outline_only(tools, sample):
    content = tools.ok("get_document", outline_only=True).content
    assert "[8] Next steps" in content and "Dear Micheal" not in content


def test_empty_document(tools, writer):
    content = tools.ok("get_document").content
    assert "The document is empty" in content
    assert "words: 0" in tools.ok("get_statistics").content


def test_selection_text_with_paragraph_numbers(tools, sample):
    cursor = select_in(sample, 2, "Dear")
    cursor.gotoRange(select_in(sample, 4, "Sales").getEnd(), True)
    sample.getCurrentController().select(cursor)
    content = tools.ok("get_selection").content
    assert "paragraphs 2\u20134" in content
    assert content.endswith("Dear Micheal Smith, this report covers the first quarter.\nResults\nSales")


def test_cursor_without_selection(tools, sample):
    cursor = select_in(sample, 9, "two")
    cursor.collapseToStart()
    sample.getCurrentController().select(cursor)
    content = tools.ok("get_selection").content
    assert "cursor is in paragraph 9" in content and "\u201cWe will hire \u201d" in content


def test_statistics(tools, sample):
    content = tools.ok("get_statistics").content
    assert "paragraphs (numbered blocks): 9" in content
    assert "headings: 3" in content and "tables: 1" in content and "pages: 1" in content
    assert "words: 39" in content
    assert "read-only: no" in content
