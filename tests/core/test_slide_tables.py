"""Markdown tables for slides: rows, ragged rows, refusals; a chart's categories, series and numbers."""
import pytest

from marginalia.core.slides.tables import TableError, chart_data, parse_table


def test_rows_header_first_separator_dropped_ragged_rows_padded():
    rows = parse_table("| Region | Sales | Target |\n|---|---:|:---:|\n| North | 120 |\n| South | 80 | 90 |\n")
    assert rows == [["Region", "Sales", "Target"], ["North", "120", ""], ["South", "80", "90"]]
    assert parse_table("a | b\n--|--\n1 | 2") == [["a", "b"], ["1", "2"]]


def test_chart_data_reads_numbers_with_separators_and_percent_signs():
    data = chart_data(parse_table("| | Q1 | Q2 |\n|--|--|--|\n| Tea | 1,200 | 5% |\n| Cake | 3 | |"))
    assert data.categories == ["Tea", "Cake"] and data.series == ["Q1", "Q2"]
    assert data.values == [[1200.0, 5.0], [3.0, 0.0]]


@pytest.mark.parametrize("text, words", [("just words", "Give the table as Markdown rows"),
                                         ("| a |\n" * 500, "At most 400 cells")])
def test_what_is_not_a_table(text, words):
    with pytest.raises(TableError, match=words):
        parse_table(text)


def test_a_chart_needs_numbers():
    with pytest.raises(TableError, match="'lots' \\(row 'Tea'\\) is not a number"):
        chart_data([["", "Q1"], ["Tea", "lots"]])
    with pytest.raises(TableError, match="header row"):
        chart_data([["only"]])
