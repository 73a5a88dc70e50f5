"""Column profiles and header detection for the sheet summary."""
from marginalia.core.calc.column_types import describe_profile, looks_like_header, profile_column, type_label


def cells(*kinds_values):
    return [(kind, value, False, str(value)) for kind, value in kinds_values]


def test_number_column_with_formulas_and_range():
    profile = profile_column("Total", [("number", 3.0, True, "3"), ("number", 1200.0, True, "1200"),
                                       (None, None, False, "")])
    assert type_label(profile) == "number"
    assert describe_profile(profile) == "number (2 values, 2 formulas, 1 empty), from 3 to 1200, e.g. 3"


def test_mixed_column_names_both_kinds_but_ignores_rare_strays():
    mixed = profile_column("", cells(*([("text", "a")] * 8 + [("number", 1.0)] * 2)))
    assert type_label(mixed) == "mixed: 8 text, 2 number"
    mostly = profile_column("", cells(*([("number", 1.0)] * 30 + [("text", "n/a")])))
    assert type_label(mostly) == "number"


def test_empty_and_date_columns():
    assert describe_profile(profile_column("", [(None, None, False, "")])) == "empty (0 values, 1 empty)"
    dates = profile_column("When", [("date", 45306.0, False, "2024-01-15")])
    assert describe_profile(dates) == "date (1 value), e.g. 2024-01-15"


def test_header_detection():
    assert looks_like_header(["text", "text"], [["text", "number"], ["text", "number"]])
    assert not looks_like_header(["text", "number"], [["text", "number"]])
    assert not looks_like_header([None, None], [["text", "number"]])
    assert looks_like_header(["text", "text"], [["text", "text"], ["text", "text"]])
    assert not looks_like_header(["text"], [["text"]])
    assert not looks_like_header(["text", "text"], [])


def test_header_row_skips_a_title_above_the_table():
    from marginalia.core.calc.column_types import header_row_index
    title = ["text", None, None, None]
    assert header_row_index([title, [None] * 4, ["text"] * 4, ["text", "number", "number", None]]) == 2
    assert header_row_index([["text"] * 3, ["number"] * 3]) == 0
    assert header_row_index([[None], ["number"]]) == 1
    assert header_row_index([]) == 0
