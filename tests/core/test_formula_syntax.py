"""English (Excel-style) formulas to Calc's API syntax and back."""
import pytest

from marginalia.core.calc.formula_syntax import function_names_used, to_api_formula, to_english_formula

SHEETS = ["Sheet1", "Data", "My Sheet"]


@pytest.mark.parametrize("english, api", [
    ("=SUM(A1,B2)", "=SUM(A1;B2)"),
    ("=A1*2", "=A1*2"),
    ('=IF(A1>0,"a,b","c")', '=IF(A1>0;"a,b";"c")'),
    ('=TEXT(A1,"#,##0.00")', '=TEXT(A1;"#,##0.00")'),
    ("={1,2;3,4}", "={1;2|3;4}"),
    ("=SUM({1,2;3,4})", "=SUM({1;2|3;4})"),
    ('="x"&{"a,b","c"}', '="x"&{"a,b";"c"}'),
    ("=Data!A1+Sheet1!B2", "=Data.A1+Sheet1.B2"),
    ("='My Sheet'!A1*2", "='My Sheet'.A1*2"),
    ("=VLOOKUP(A2,Data!A:B,2,FALSE)", "=VLOOKUP(A2;Data.A:B;2;FALSE)"),
    ('=IF(A1="it\'s",1,2)', '=IF(A1="it\'s";1;2)'),
    ('="say ""hi"", ok"', '="say ""hi"", ok"'),
])
def test_english_to_api(english, api):
    assert to_api_formula(english, SHEETS) == api


@pytest.mark.parametrize("formula", [
    "=SUM(1;2)",          # Calc separators are kept
    "={1;2|3;4}",         # a Calc-style array stays as it is
    "=A1:B5!B2:C6",       # Calc's intersection operator, not a sheet
    "=Other!A1",          # not a sheet of this document: left for Calc to judge
    "=SUM(A1",            # unfinished formulas are left for Calc to judge
])
def test_calc_syntax_and_unknown_names_pass_through(formula):
    assert to_api_formula(formula, SHEETS) == formula


@pytest.mark.parametrize("api, english", [
    ("=SUM(A1;B2)", "=SUM(A1,B2)"),
    ('=IF(A1>0;"a;b";"c")', '=IF(A1>0,"a;b","c")'),
    ("={1;2|3;4}", "={1,2;3,4}"),
    ("='My Sheet'.A1", "='My Sheet'.A1"),
])
def test_api_to_english(api, english):
    assert to_english_formula(api) == english


def test_round_trip_of_english_formulas():
    for formula in ['=IF(AND(A1>0,B1<5),"ok, fine",{1,2;3,4})', "=SUMPRODUCT(A1:A3,B1:B3)"]:
        assert to_english_formula(to_api_formula(formula, SHEETS)) == formula


def test_add_in_function_names_are_renamed_for_reading():
    renames = {"COM.SUN.STAR.SHEET.ADDIN.ANALYSIS.GETEOMONTH": "EOMONTH"}
    api = '=COM.SUN.STAR.SHEET.ADDIN.ANALYSIS.GETEOMONTH(A1;1)&"COM.X("'
    assert to_english_formula(api, renames) == '=EOMONTH(A1,1)&"COM.X("'


def test_function_names_used_skips_strings_and_repeats():
    assert function_names_used('=SUMM(A1)+IF("X(",ROUND (1,2),SUMM(1))') == ["SUMM", "IF", "ROUND"]


@pytest.mark.parametrize("value, expression", [
    (5, "5"), (2.5, "2.5"), ("10", "10"), ("North", '"North"'), ('say "hi"', '"say ""hi"""'),
    ("=AVERAGE(A:A)", "AVERAGE(A:A)"), ("=MAX(Data!A1,3)", "MAX(Data.A1;3)"), (True, "TRUE()"),
])
def test_condition_operands(value, expression):
    from marginalia.core.calc.formula_syntax import condition_operand
    assert condition_operand(value, SHEETS) == expression
