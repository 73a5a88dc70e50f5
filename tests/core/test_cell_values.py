"""JSON cell values into what setDataArray / setFormulaArray take."""
import pytest

from marginalia.core.calc.cell_values import (EMPTY, FORMULA, INPUT, NUMBER, TEXT, CellInput, CellValueError,
    cell_input, count_kinds, data_array, formula_array, grid_from_rows, has_formulas, looks_like_number,
    may_be_number, needs_text_mark, number_text, shape_mismatch, snapshot_array)


@pytest.mark.parametrize("value, expected", [
    (None, CellInput(EMPTY)), ("", CellInput(EMPTY)), ("'", CellInput(EMPTY)),
    (3, CellInput(NUMBER, 3.0)), (2.5, CellInput(NUMBER, 2.5)),
    ("42", CellInput(NUMBER, 42.0)), (" -3.5 ", CellInput(NUMBER, -3.5)), ("1e3", CellInput(INPUT, "1e3")),
    (".5", CellInput(NUMBER, 0.5)), ("0.25", CellInput(NUMBER, 0.25)),
    ("007", CellInput(TEXT, "007")), ("1,000", CellInput(INPUT, "1,000")), ("12%", CellInput(INPUT, "12%")),
    ("2024-01-15", CellInput(INPUT, "2024-01-15")), ("'42", CellInput(TEXT, "42")), ("TRUE", CellInput(INPUT, "TRUE")),
    ("Tea", CellInput(TEXT, "Tea")), ("'2024-01-15", CellInput(TEXT, "2024-01-15")),
    ("=A1*2", CellInput(FORMULA, "=A1*2")), ("=", CellInput(TEXT, "=")),
    (True, CellInput(FORMULA, "=TRUE()")), (False, CellInput(FORMULA, "=FALSE()")),
])
def test_cell_input_classifies_values(value, expected):
    assert cell_input(value) == expected


def test_csv_import_keeps_what_is_not_a_plain_number_as_text():
    assert cell_input("12%", typed=False) == CellInput(TEXT, "12%")
    assert cell_input("1e3", typed=False) == CellInput(NUMBER, 1000.0)
    assert [c.kind for c in grid_from_rows([["2024-01-15", "7"]], typed=False)[0]] == [TEXT, NUMBER]


@pytest.mark.parametrize("text, read", [
    ("2011-05-25", True), ("45%", True), ("$1,200.50", True), ("1.5E3", True), ("10:30 PM", True),
    ("May 25, 2011", True), ("false", True), ("WAHR", True), ("007", False), ("Tea", False),
    ("a long sentence with 3 numbers in it", False), ("x" * 39 + "1", True), ("x" * 40 + "1", False),
])
def test_which_strings_calc_is_asked_to_read(text, read):
    assert may_be_number(text) is read


@pytest.mark.parametrize("text, marked", [
    ("2003", True), ("2011-05-25", True), ("45%", True), ("$1,200.50", True), ("1.5E3", True), ("007", True),
    ("TRUE", True), ("=A1", True), ("'quoted", True), ("10:30 PM", True),
    ("Tea", False), ("A1", False), ("Item 12", False), ("May 25, 2011", False),
])
def test_text_that_reads_back_with_the_text_mark(text, marked):
    assert needs_text_mark(text) is marked


@pytest.mark.parametrize("value", [float("nan"), float("inf"), {"a": 1}, [1]])
def test_cell_input_rejects_what_a_cell_cannot_hold(value):
    with pytest.raises(CellValueError):
        cell_input(value)


def test_grid_shape_errors_name_the_row():
    with pytest.raises(CellValueError, match="row 2 of 'values' has 1 value"):
        grid_from_rows([[1, 2], [3]])
    with pytest.raises(CellValueError, match="empty"):
        grid_from_rows([])
    with pytest.raises(CellValueError, match="row 2 of 'values' is not a list"):
        grid_from_rows([[1], 2])
    with pytest.raises(CellValueError, match="row 1, value 2"):
        grid_from_rows([[1, float("nan")]])


def test_arrays_for_the_bulk_calls():
    grid = grid_from_rows([["a", 1, None, "'=x"], [0.1, "=SUM(A1,B1)", True, 1e-05]])
    assert has_formulas(grid)
    assert count_kinds(grid) == {TEXT: 2, NUMBER: 3, EMPTY: 1, FORMULA: 2}
    assert formula_array(grid, lambda f: f.replace(",", ";")) == (
        ("'a", "1", "", "'=x"), ("0.1", "=SUM(A1;B1)", "=TRUE()", "1e-05"))
    plain = grid_from_rows([["a", 1, None]])
    assert data_array(plain) == (("a", 1.0, ""),)
    with pytest.raises(ValueError):
        data_array(grid)


def test_number_text_is_exact():
    for number in (3.0, 0.1 + 0.2, 1e-05, 123456789012345678.0, -2.5):
        assert float(number_text(number)) == number
    assert number_text(3.0) == "3"


def test_snapshot_array_restores_types_exactly():
    values = ((1.0, "007", "", None), (0.1 + 0.2, "=abc", "x", 2.0))
    formulas = (("1", "'007", "", "=1/0"), ("0.3", "=abc", "x", "=A1+1"))
    is_formula = {(0, 3), (1, 3)}
    assert snapshot_array(values, formulas, lambda r, c: (r, c) in is_formula) == (
        ("1", "'007", "", "=1/0"), ("0.30000000000000004", "'=abc", "'x", "=A1+1"))


def test_shape_mismatch():
    assert shape_mismatch(2, 2, 2, 2, "Sheet1.A1:B2") is None
    message = shape_mismatch(3, 2, 2, 2, "Sheet1.A1:B2")
    assert "is 2 row(s) × 2 column(s)" in message and "has 3 row(s) × 2 column(s)" in message
    assert "(e.g. Sheet1.A1)" in message
    assert looks_like_number("1E+5") and not looks_like_number("1.2.3")


def test_empty_runs():
    from marginalia.core.calc.cell_values import empty_runs
    grid = grid_from_rows([[1, None, None, 2], [None, 3, "", None], [1, 2, 3, 4]])
    assert empty_runs(grid) == [(0, 1, 2), (1, 0, 0), (1, 2, 3)]
    assert empty_runs((("a", ""), ("", "")), is_empty=lambda text: text == "") == [(0, 1, 1), (1, 0, 1)]
