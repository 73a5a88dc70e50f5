"""Cells printed for a model: values, formulas, dates, escaping, and the character budget."""
import datetime

from marginalia.core.calc.sheet_text import CellView, format_cell, format_number, format_value, render_table


def test_numbers_are_short_and_exact_enough():
    assert format_number(3.0) == "3"
    assert format_number(0.1 + 0.2) == "0.3"
    assert format_number(-2.5) == "-2.5"
    assert format_number(1.5e-07) == "1.5e-07"


def test_formatted_numbers():
    assert format_value(CellView(45306.0, kind="date")) == "2024-01-15"
    assert format_value(CellView(45306.5, kind="datetime")) == "2024-01-15 12:00"
    assert format_value(CellView(0.75, kind="time")) == "18:00:00"
    assert format_value(CellView(0.125, kind="percent")) == "12.5%"
    assert format_value(CellView(1.0, kind="logical")) == "TRUE"
    assert format_value(CellView(0.0, kind="date"), datetime.date(1904, 1, 1)) == "1904-01-01"


def test_text_is_escaped_and_ambiguous_text_quoted():
    assert format_value(CellView("a|b\nc")) == "a\\|b\\nc"
    assert format_value(CellView("=not a formula")) == "'=not a formula"
    assert format_value(CellView(" padded")) == '" padded"'
    assert format_value(CellView("x" * 400)).endswith("…(+100 characters)")


def test_text_that_looks_like_a_number_reads_as_write_range_takes_it():
    # before: "2003" was shown in double quotes, which a model wrote back as the text "2003" with its quotes
    assert format_value(CellView("2003")) == "'2003"
    assert format_value(CellView("2011-05-25")) == "'2011-05-25"
    assert format_value(CellView("'x")) == "''x"
    assert format_value(CellView("Item 12")) == "Item 12"


def test_formulas_and_errors():
    assert format_cell(CellView(6.0, "=B2*2")) == "=B2*2 → 6"
    assert format_cell(CellView(None, "=B2/C2", "#DIV/0!")) == "=B2/C2 → #DIV/0!"
    assert format_cell(CellView("", '=""')) == '="" → ""'
    assert format_cell(CellView(None)) == ""


def test_table_layout():
    views = [[CellView("Name"), CellView("Q1")], [CellView("Ann"), CellView(3.0, "=1+2")]]
    text, shown = render_table(1, 4, views, 1000)
    assert text == "row | B | C\n5 | Name | Q1\n6 | Ann | =1+2 → 3"
    assert shown == 2


def test_budget_cuts_at_a_row_boundary_but_shows_at_least_one_row():
    views = [[CellView("x" * 50)] for _ in range(10)]
    text, shown = render_table(0, 0, views, 200)
    assert shown == 3 and len(text) <= 200 and text.count("\n") == 3
    text, shown = render_table(0, 0, views, 10)
    assert shown == 1
