"""make mutate's mutants (scripts/mutation_ops.py): one change each, always valid Python, never in docstrings."""
import ast

from mutation_ops import apply, mutants_of

SOURCE = '''"""Module docstring < 3."""
import logging

log = logging.getLogger("x")


def clip(values, limit: int = 3) -> list:
    """Docstring: a == b."""
    if not values:
        return []
    kept = [v for v in values if v < limit and v != 0]
    log.info("clipped %d", len(values) - len(kept))
    total = 0
    for value in kept:
        if value > 9:
            break
        total += value * 2
    return kept[:total] if total else kept  # pragma: no mutate
'''


def changes():
    return {(m.original, m.replacement) for m in mutants_of(SOURCE)}


def test_each_operator_makes_its_change():
    found = changes()
    for expected in [("v < limit", "(v <= limit)"), ("v != 0", "(v == 0)"), ("v < limit and v != 0", "(v < limit or v != 0)"),
                     ("not values", "(values)"), ("value > 9", "(not value > 9)"), ("total += value * 2", "total -= value * 2"),
                     ("value * 2", "(value / 2)"), ("2", "3"), ("break", "continue"), ("return []", "return None"),
                     ("total += value * 2", "pass"), ("if not values:\n        return []", "pass")]:
        assert expected in found, expected


def test_docstrings_annotations_log_calls_and_marked_lines_are_left_alone():
    for mutant in mutants_of(SOURCE):
        line = SOURCE.splitlines()[mutant.line - 1]
        assert '"""' not in line and "log.info" not in line and "no mutate" not in line, mutant.description
        assert mutant.original not in ("int", "list"), mutant.description  # annotations


def test_every_mutant_is_valid_python_that_differs_only_at_its_place():
    original = ast.dump(ast.parse(SOURCE))
    for mutant in mutants_of(SOURCE):
        mutated = apply(SOURCE, mutant)
        assert ast.dump(ast.parse(mutated)) != original, mutant.description
        start = sum(len(line) for line in SOURCE.splitlines(keepends=True)[:mutant.line - 1]) + mutant.col
        assert mutated[:start] == SOURCE[:start]
        assert mutated.endswith(SOURCE[start + len(mutant.original):])


def test_columns_count_bytes_as_ast_does():
    source = 'name = "é" + "x"\nok = name == "éx"\n'
    [compare] = [m for m in mutants_of(source) if m.operator == "compare"]
    assert apply(source, compare) == 'name = "é" + "x"\nok = (name != \'éx\')\n'


def test_a_mutant_runs_the_fastest_tests_of_its_line_within_the_time_budget_and_at_least_one():
    from mutate import TEST_BUDGET_SECONDS, within_budget
    half = TEST_BUDGET_SECONDS / 2
    assert within_budget(["a", "b", "c"], {"a": half, "b": half, "c": 0.1}) == ["a", "b"]
    assert within_budget(["slow", "other"], {"slow": 2 * TEST_BUDGET_SECONDS, "other": 0.1}) == ["slow"]
    assert within_budget(["t%d" % n for n in range(900)], {}) == ["t%d" % n for n in range(int(TEST_BUDGET_SECONDS))]


def test_a_mutant_key_names_which_of_several_identical_lines_it_is_on(tmp_path):
    from mutate import mutant_key, read_equivalents
    source = "def f(run):\n    flush(run)\n    x = 1\n    flush(run)\n"
    keys = [mutant_key("m.py", source.splitlines(), mutant) for mutant in mutants_of(source)
            if mutant.replacement == "pass"]
    assert keys == ["m.py | flush(run) #1 | flush(run) -> pass", "m.py | flush(run) #2 | flush(run) -> pass"]
    assert mutant_key("m.py", source.splitlines(), next(m for m in mutants_of(source) if m.line == 3)) == \
        "m.py | x = 1 | 1 -> 2"
    listing = tmp_path / "equivalents.txt"
    listing.write_text("# comment\n\nm.py | flush(run) #2 | flush(run) -> pass\n  Why it cannot be told\n  apart.\n")
    assert read_equivalents(str(listing)) == {keys[1]: "Why it cannot be told apart."}
