"""Formatting words into Calc property values."""
import pytest

from marginalia.core.calc.cell_format import FormatError, alignment, HORIZONTAL, number_format_code, size_hundredths_mm
from marginalia.core.calc.formula_errors import describe_error, error_label, is_syntax_error


def test_number_formats_alignment_and_sizes():
    assert number_format_code("percent") == "0.00%"
    assert number_format_code("Date") == "YYYY-MM-DD"
    assert number_format_code("#,##0.0") == "#,##0.0"
    assert alignment("Center", HORIZONTAL, "horizontal") == "CENTER"
    with pytest.raises(FormatError, match="left, center"):
        alignment("middle", HORIZONTAL, "horizontal")
    assert size_hundredths_mm(2.5, "width") == 2500
    with pytest.raises(FormatError):
        size_hundredths_mm(100, "width")


def test_error_codes():
    assert error_label(532) == "#DIV/0!" and error_label(508) == "Err:508" and error_label(999) == "Err:999"
    assert error_label(32767) == "#N/A"
    assert "division by zero" in describe_error(532)
    assert is_syntax_error(525) and is_syntax_error(508) and not is_syntax_error(532)
