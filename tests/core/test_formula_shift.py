"""Filling a formula over a range: relative references move, absolute parts stay."""
import pytest

from marginalia.core.calc.formula_shift import FormulaTemplate, ShiftError


@pytest.mark.parametrize("formula, rows, columns, expected", [
    ("=B2*C2", 3, 0, "=B5*C5"),
    ("=A1+$B$1", 0, 1, "=B1+$B$1"),
    ("=$A1+A$1", 2, 2, "=$A3+C$1"),
    ("=SUM(A1:B2)", 1, 1, "=SUM(B2:C3)"),
    ("=SUM(A:A)", 5, 1, "=SUM(B:B)"),
    ("=SUM($A:B)", 0, 1, "=SUM($A:C)"),
    ("=SUM(2:3)", 2, 4, "=SUM(4:5)"),
    ("=Sheet2.A1*2", 1, 0, "=Sheet2.A2*2"),
    ("=$Sheet2.$A$1+'My Sheet'.B2", 1, 1, "=$Sheet2.$A$1+'My Sheet'.C3"),
    ('=IF(A1>0;"A1 stays";B1)', 1, 0, '=IF(A2>0;"A1 stays";B2)'),
    ("=LOG10(A1)+ATAN2(B1;C1)", 1, 0, "=LOG10(A2)+ATAN2(B2;C2)"),
    ("=Q1.A1+Rate", 1, 0, "=Q1.A2+Rate"),
    ("=a1*2", 1, 0, "=A2*2"),
    ("=1.5*2", 3, 3, "=1.5*2"),
    ("=XFC1", 0, 1, "=XFD1"),
])
def test_shift(formula, rows, columns, expected):
    assert FormulaTemplate(formula).at(rows, columns) == expected


def test_leaving_the_sheet_is_an_error():
    with pytest.raises(ShiftError):
        FormulaTemplate("=XFD1").at(0, 1)
    with pytest.raises(ShiftError):
        FormulaTemplate("=A1", max_rows=10).at(10, 0)


def test_template_renders_many_offsets_and_knows_when_nothing_moves():
    template = FormulaTemplate("=B2*C2")
    assert [template.at(r, 0) for r in range(3)] == ["=B2*C2", "=B3*C3", "=B4*C4"]
    assert template.has_references and not FormulaTemplate('=TODAY()&"A1"').has_references
