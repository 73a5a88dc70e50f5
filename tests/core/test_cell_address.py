"""A1 addresses: every accepted form, and precise messages for the rest."""
import pytest

from marginalia.core.calc.cell_address import (AddressError, RangeRef, cell_name, column_index, column_name,
    parse_range, quote_sheet_name)


@pytest.mark.parametrize("letters, index", [("A", 0), ("Z", 25), ("AA", 26), ("AB", 27), ("AMJ", 1023),
                                            ("XFD", 16383), ("a", 0)])
def test_column_names_and_indexes_round_trip(letters, index):
    assert column_index(letters) == index
    assert column_name(index) == letters.upper()


def test_every_column_round_trips():
    assert all(column_index(column_name(i)) == i for i in range(20000))


@pytest.mark.parametrize("text, expected", [
    ("B3", RangeRef(None, 1, 2, 1, 2)),
    ("a1:c10", RangeRef(None, 0, 0, 2, 9)),
    ("$A$1:$B$2", RangeRef(None, 0, 0, 1, 1)),
    ("C10:A1", RangeRef(None, 0, 0, 2, 9)),
    ("A:C", RangeRef(None, 0, None, 2, None)),
    ("C", RangeRef(None, 2, None, 2, None)),
    ("2:5", RangeRef(None, None, 1, None, 4)),
    ("7", RangeRef(None, None, 6, None, 6)),
    ("Sheet2.A1:C10", RangeRef("Sheet2", 0, 0, 2, 9)),
    ("$Sheet1.A5:B6", RangeRef("Sheet1", 0, 4, 1, 5)),
    ("Sheet2!A1:C10", RangeRef("Sheet2", 0, 0, 2, 9)),
    ("'My Sheet'.B2", RangeRef("My Sheet", 1, 1, 1, 1)),
    ("'It''s'!A1", RangeRef("It's", 0, 0, 0, 0)),
    ("Sheet1.A1:Sheet1.B2", RangeRef("Sheet1", 0, 0, 1, 1)),
    ("Sheet1!A1:Sheet1!B2", RangeRef("Sheet1", 0, 0, 1, 1)),
    ("Q1.2024.A1", RangeRef("Q1.2024", 0, 0, 0, 0)),
    ("  Data.B:B ", RangeRef("Data", 1, None, 1, None)),
])
def test_accepted_forms(text, expected):
    assert parse_range(text) == expected


@pytest.mark.parametrize("text, words", [
    ("", "empty"),
    ("A0", "row numbers start at 1"),
    ("A1:B2:C3", "one colon"),
    ("foo bar", "neither a cell"),
    ("A1:3", "same kind"),
    ("'x.A1", "unclosed quote"),
    ("Sheet1.A1:Sheet2.B2", "names two sheets"),
    ("'My Sheet'A1", "followed by . or !"),
    ("!A1", "empty sheet name"),
])
def test_rejected_forms_say_why(text, words):
    with pytest.raises(AddressError) as raised:
        parse_range(text)
    assert words in str(raised.value)


def test_bounded_closes_open_ends_and_checks_the_sheet_size():
    assert parse_range("B:C").bounded(100, 50) == RangeRef(None, 1, 0, 2, 49)
    assert parse_range("3").bounded(100, 50) == RangeRef(None, 0, 2, 99, 2)
    with pytest.raises(AddressError, match=r"column CW is beyond the last column of the sheet \(CV\)"):
        parse_range("CW1").bounded(100, 50)
    with pytest.raises(AddressError, match="row 51 is beyond the last row"):
        parse_range("A51").bounded(100, 50)


def test_labels_quote_sheet_names_when_needed():
    assert parse_range("A1:C3").with_sheet("Sheet1").label() == "Sheet1.A1:C3"
    assert parse_range("B2").with_sheet("My Sheet").label() == "'My Sheet'.B2"
    assert quote_sheet_name("It's") == "'It''s'"
    assert quote_sheet_name("A1") == "'A1'"  # a name that reads as a cell must be quoted
    assert cell_name(27, 9) == "AB10"


def test_resized_and_contains():
    ref = parse_range("B2")
    assert ref.resized(3, 2) == RangeRef(None, 1, 1, 2, 3)
    assert ref.resized(3, 2).rows == 3 and ref.resized(3, 2).columns == 2
    assert parse_range("A1:D10").contains(parse_range("B2:C3"))
    assert not parse_range("A1:D10").contains(parse_range("C9:E9"))


def test_sheet_names_and_line_positions():
    from marginalia.core.calc.cell_address import parse_line_position, sheet_name_problem
    assert sheet_name_problem("Q1 2024") is None
    assert "cannot contain / :" in sheet_name_problem("a:b/c")
    assert "empty" in sheet_name_problem("  ")
    assert "apostrophe" in sheet_name_problem("'x")
    assert parse_line_position("5", rows=True) == 4
    assert parse_line_position(7, rows=True) == 6
    assert parse_line_position("c", rows=False) == 2
    with pytest.raises(AddressError, match="not a row number"):
        parse_line_position("C", rows=True)
    with pytest.raises(AddressError, match="not a column name"):
        parse_line_position("5", rows=False)
    with pytest.raises(AddressError, match="not a row number"):
        parse_line_position("0", rows=True)
