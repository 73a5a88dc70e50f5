"""PROMPT's calls read from Calc's formula tokens, and telling an empty cell from a 0 (Calc passes both as 0)."""
from types import SimpleNamespace

from marginalia.core.prompt.formula import (CLOSE, EMPTY_CELL, EXTERNAL, OPEN, OTHER, PUSH, SEPARATOR, UNSEEN,
                                            CellArgument, Expression, Literal, Position, RangeArgument, Seen, Token,
                                            empty_positions, passes_zero, prompt_calls)

NAME = "org.marginalia.calc.PromptAddIn.prompt"
ORIGIN = Position(0, 1, 4)  # B5


def reference(column=0, row=0, sheet=0, flags=0):
    """A SingleReference: relative parts (flags) count from the formula's cell."""
    return SimpleNamespace(Column=column, RelativeColumn=column, Row=row, RelativeRow=row, Sheet=sheet,
                           RelativeSheet=sheet, Flags=flags)


def call(*arguments):
    tokens = [Token(EXTERNAL, NAME), Token(OPEN)]
    for index, argument in enumerate(arguments):
        if index:
            tokens.append(Token(SEPARATOR))
        tokens.extend(argument)
    return tokens + [Token(CLOSE)]


def test_literals_cells_and_ranges_become_arguments_relative_ones_from_the_formulas_cell():
    absolute_column = reference(column=0, row=0, flags=4 | 16)  # $A5 from B5
    relative = 1 | 4 | 16
    whole = SimpleNamespace(Reference1=reference(-1, -4, flags=relative), Reference2=reference(-1, -3, flags=relative))
    tokens = call([Token(PUSH, "Translate")], [Token(PUSH, absolute_column)], [Token(PUSH, whole)], [Token(PUSH, 3)])
    assert prompt_calls(tokens, ORIGIN) == [(Literal("Translate"), CellArgument(Position(0, 0, 4)),
                                             RangeArgument(Position(0, 0, 0), Position(0, 0, 1)), Literal(3.0))]


def test_expressions_deleted_references_and_nested_calls():
    deleted = reference(flags=2)
    inner = call([Token(PUSH, "inner")])
    tokens = [Token(OTHER, "IF"), Token(OPEN), Token(PUSH, 1.0), Token(SEPARATOR)] + call(
        [Token(PUSH, "x"), Token(OTHER, "&"), Token(PUSH, "y")], [Token(PUSH, deleted)], inner, []) + [Token(CLOSE)]
    calls = prompt_calls(tokens, ORIGIN)
    assert calls == [(Expression(), Expression(), Expression(), Literal(None)), (Literal("inner"),)]


def test_another_add_in_or_a_formula_cut_short_is_no_call():
    assert prompt_calls([Token(EXTERNAL, "other.addin.f"), Token(OPEN), Token(PUSH, "x"), Token(CLOSE)], ORIGIN) == []
    assert prompt_calls([Token(EXTERNAL, NAME), Token(OPEN), Token(PUSH, "x")], ORIGIN) == []
    assert prompt_calls(call(), ORIGIN) == [()]


def test_a_zero_is_an_empty_cell_only_where_every_call_that_fits_has_one():
    translate_empty = [Seen(True, "Translate"), EMPTY_CELL]
    translate_zero = [Seen(True, "Translate"), Seen(True, 0.0)]
    translate_text = [Seen(True, "Translate"), Seen(True, "tea")]
    assert empty_positions(["Translate", 0.0], [translate_empty, translate_text]) == {1}
    assert empty_positions(["Translate", 0.0], [translate_empty, translate_zero]) == set()  # cannot be told apart
    assert empty_positions(["Translate", 0.0], [translate_zero]) == set()
    assert empty_positions(["Sum", 0.0], [translate_empty]) == set()  # no call fits: the 0 stays
    assert empty_positions([0.0, "a"], [[EMPTY_CELL, UNSEEN], [Seen(True, "x"), UNSEEN]]) == {0}
    assert empty_positions(["Translate", "tea"], [translate_empty]) == set()
    assert passes_zero(["x", 0.0]) and not passes_zero(["x", 1.0, None, "0", ((0.0,),)])
