"""How paragraphs, headings, lists and tables are shown to the model, and how reading pages."""
from marginalia.core.text.writer_listing import (BlockInfo, block_line, count_words, most_common_style,
    outline_lines, page, page_of)


def test_lines_mark_styles_lists_and_empty_paragraphs():
    assert block_line(BlockInfo(3, text="Intro", style="Heading 1", outline_level=1)) == "[3] (Heading 1) Intro"
    assert block_line(BlockInfo(4, text="Body", style="Standard"), ("Standard",)) == "[4] Body"
    assert block_line(BlockInfo(5, text="sub", style="Standard", list_label="2.", list_level=1),
                      ("Standard",)) == "[5]   2. sub"
    assert block_line(BlockInfo(6, style="Standard"), ("Standard",)) == "[6] (empty)"


def test_table_line_previews_rows_and_cuts_long_cells():
    line = block_line(BlockInfo(7, "table", table_name="T", rows=[["a|b", "x" * 100], ["1", "2"]]))
    assert line.startswith("[7] [table T: 2 rows \u00d7 2 columns] | a\\|b | " + "x" * 39 + "\u2026 |")
    assert "| 1 | 2 |" in line and line.endswith("(read or edit its cells with the tables tool)")


def test_long_paragraph_is_cut_with_a_note():
    line = block_line(BlockInfo(1, text="w " * 5000))
    assert "more characters" in line and len(line) < 4200


def test_paging_respects_the_budget_and_always_shows_one():
    blocks = [BlockInfo(i, text="x" * 100) for i in range(1, 51)]
    lines, last = page(blocks, 1, None, budget=1000)
    assert 5 <= len(lines) <= 10 and last == len(lines)
    lines, last = page([BlockInfo(1, text="y" * 3000)], 1, None, budget=100)
    assert len(lines) == 1 and last == 1


def test_a_page_describes_only_the_blocks_it_reaches():
    blocks = [BlockInfo(i, text="x" * 100) for i in range(1, 5001)]
    described = []

    def describe(number):
        described.append(number)
        return blocks[number - 1]

    assert page_of(describe, 1, 5000, budget=1000) == page(blocks, 1, None, budget=1000)
    assert described == list(range(1, page(blocks, 1, None, budget=1000)[1] + 2))  # the shown ones and the next
    lines, last = page(blocks, 10, 12)
    assert [line[:4] for line in lines] == ["[10]", "[11]", "[12]"] and last == 12


def test_outline_and_body_style():
    blocks = [BlockInfo(1, text="Top", outline_level=1, style="Heading 1"),
              BlockInfo(2, text="a", style="Body"), BlockInfo(3, text="Sub", outline_level=2, style="Heading 2"),
              BlockInfo(4, text="b", style="Body"), BlockInfo(5, text="c", style="Other")]
    assert outline_lines(blocks) == ["[1] Top", "  [3] Sub"]
    assert most_common_style(blocks) == "Body"


def test_word_count_ignores_punctuation_only_tokens():
    assert count_words("Hello, world - 12% done!") == 4


def test_an_irregular_table_says_its_rows_have_different_cell_counts():
    block = BlockInfo(4, "table", table_name="Calendar", rows=[["May", "1", "Opening"], ["2", "Talk"], ["3"]],
                      irregular=True)
    line = block_line(block)
    assert line.startswith("[4] [table Calendar: 3 rows × 3 columns, merged or split cells: the rows hold 3, 2, 1 "
                           "cells]")
    assert "| May | 1 | Opening | | 2 | Talk | | 3 |" in line


def test_notes_comments_and_fields_are_listed_under_their_paragraph():
    block = BlockInfo(3, text="Il dormeur[^1] de la montagne[^2]. Nom:\ufffc", notes=[("[^1]", "Rimbaud, 1870."),
                                                                                    ("[^2]", "The Ardennes.")],
                      comments=[("Ann", "Which edition?", "dormeur")], fields=[("", "user field"), ("3", "page number")])
    assert block_line(block).splitlines() == [
        "[3] Il dormeur[^1] de la montagne[^2]. Nom:",
        "    [^1]: Rimbaud, 1870.",
        "    [^2]: The Ardennes.",
        "    [comment by Ann on \u201cdormeur\u201d: Which edition?]",
        "    fields: an empty user field, \u201c3\u201d (page number)",
    ]


def test_writer_table_columns_go_a_to_z_then_lowercase_then_double_letters():
    from marginalia.core.text.writer_listing import table_column_name
    assert [table_column_name(i) for i in (0, 25, 26, 51, 52, 53)] == ["A", "Z", "a", "z", "AA", "AB"]
