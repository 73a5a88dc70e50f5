"""CSV text into rows of cell values."""
import pytest

from marginalia.core.calc.csv_text import CsvError, detect_delimiter, parse_csv


@pytest.mark.parametrize("text, delimiter", [
    ("a,b,c\n1,2,3", ","), ("a;b;c\n1,5;2;3", ";"), ("a\tb\n1\t2", "\t"), ("a|b\n1|2", "|"),
    ('"x;y",b\n1,2', ","), ("single\nline", ","),
])
def test_delimiter_detection(text, delimiter):
    assert detect_delimiter(text) == delimiter


def test_quotes_numbers_and_padding():
    rows = parse_csv('name,amount,note\n"Smith, J.",12.5,"said ""hi"""\nLee,007\n')
    assert rows == [["'name", "'amount", "'note"], ["'Smith, J.", 12.5, "'said \"hi\""], ["'Lee", "'007", None]]


def test_formulas_in_csv_stay_text_and_line_breaks_in_quotes_are_kept():
    assert parse_csv('=1+1,"two\nlines"') == [["'=1+1", "'two\nlines"]]


def test_decimal_comma():
    assert parse_csv("a;b\n1,5;-1.234,5", decimal_comma=True) == [["'a", "'b"], [1.5, -1234.5]]
    assert parse_csv("a;b\n1,5;2", decimal_comma=False) == [["'a", "'b"], ["'1,5", 2.0]]


@pytest.mark.parametrize("text, delimiter, words", [
    ("", None, "empty"), ("  \n", None, "empty"), ("a,b", "::", "one character"),
    ('a,"b\n', None, "could not be read"),
])
def test_errors(text, delimiter, words):
    with pytest.raises(CsvError, match=words):
        parse_csv(text, delimiter)
