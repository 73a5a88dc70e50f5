"""The small plausible bugs of ``make mutate``: each one a single change to a module's source, found over ``ast``.

Operators (each mutant changes one place):

* comparisons: ``==``/``!=``, ``<``/``<=``, ``>``/``>=``, ``in``/``not in``, ``is``/``is not`` swapped;
* ``and``/``or`` swapped, ``not x`` made ``x``, an ``if``/``while``/``x if c else y`` condition negated;
* arithmetic: ``+``/``-``, ``*``/``/``, ``//`` to ``/``, ``%`` to ``//``, ``|``/``&`` swapped (also in ``+=``…);
* numbers ``n`` made ``n + 1``, ``True``/``False`` swapped, short strings (2 characters at most: separators,
  markers) made empty or, when empty, ``"X"``; ``min``/``max`` and ``any``/``all`` swapped;
* ``return x`` made ``return None``; ``break``/``continue`` swapped;
* a statement dropped (made ``pass``): a call made for its effect, an assignment to an attribute or an item,
  an augmented assignment, a guard (an ``if`` without ``else`` whose body ends in ``return``, ``raise``,
  ``continue`` or ``break``).

Left alone: docstrings, annotations, f-strings, longer strings (messages), calls of a logger (what is logged
is checked by reading the log, not by the data's being right), and lines marked ``# pragma: no mutate``.
"""
from __future__ import annotations

import ast
import copy
from dataclasses import dataclass
from typing import Iterator, List, Optional, Tuple

COMPARE_SWAPS = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE,
                 ast.GtE: ast.Gt, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is}
ARITHMETIC_SWAPS = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.Div, ast.Div: ast.Mult, ast.FloorDiv: ast.Div,
                    ast.Mod: ast.FloorDiv, ast.BitOr: ast.BitAnd, ast.BitAnd: ast.BitOr}
NAME_SWAPS = {"min": "max", "max": "min", "any": "all", "all": "any"}
LOGGERS = frozenset(("log", "logger", "logging", "_log", "LOG"))
SHORT_STRING = 2
NO_MUTATE = "pragma: no mutate"


@dataclass(frozen=True)
class Mutant:
    """One change: the source from (line, col) to (end_line, end_col) becomes ``replacement``."""

    line: int
    col: int
    end_line: int
    end_col: int
    original: str
    replacement: str
    operator: str
    statement: Tuple[int, int] = (0, 0)
    """The lines of the statement it is in (a compound statement's first line only): where coverage looks."""

    @property
    def description(self) -> str:
        """``L12: a < b -> a <= b`` (the changed segment, on one line)."""
        return "L%d: %s -> %s" % (self.line, _one_line(self.original), _one_line(self.replacement))


def _one_line(text: str) -> str:
    return " ".join(text.split())


def mutants_of(source: str) -> List[Mutant]:
    """Every mutant of ``source`` that compiles and differs from it, in source order."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    skipped = _skipped_nodes(tree)
    statements = _statement_lines(tree)
    found, seen = [], set()
    original_dump = ast.dump(tree)
    for node, replacement, operator in _candidates(tree, skipped):
        segment = ast.get_source_segment(source, node)
        if segment is None or NO_MUTATE in lines[node.lineno - 1]:
            continue
        mutant = Mutant(node.lineno, node.col_offset, node.end_lineno, node.end_col_offset, segment, replacement,
                        operator, statements.get(id(node), (node.lineno, node.lineno)))
        key = (mutant.line, mutant.col, mutant.end_line, mutant.end_col, replacement)
        if key in seen:
            continue
        seen.add(key)
        try:
            mutated = ast.dump(ast.parse(apply(source, mutant)))
        except SyntaxError:
            continue
        if mutated != original_dump:
            found.append(mutant)
    found.sort(key=lambda m: (m.line, m.col, m.operator, m.replacement))
    return found


def _statement_lines(tree: ast.AST) -> dict:
    """Node id to the lines of the innermost statement holding it (compound statements: their first line)."""
    lines = {}

    def visit(node: ast.AST, current: Tuple[int, int]) -> None:
        if isinstance(node, ast.stmt):
            compound = any(isinstance(getattr(node, name, None), list) and getattr(node, name)
                           and isinstance(getattr(node, name)[0], ast.stmt) for name in ("body", "orelse"))
            current = (node.lineno, node.lineno if compound else node.end_lineno)
        lines[id(node)] = current
        for child in ast.iter_child_nodes(node):
            visit(child, current)

    visit(tree, (0, 0))
    return lines


def apply(source: str, mutant: Mutant) -> str:
    """``source`` with ``mutant``'s change made."""
    lines = source.splitlines(keepends=True)
    start = _offset(lines, mutant.line, mutant.col)
    end = _offset(lines, mutant.end_line, mutant.end_col)
    return source[:start] + mutant.replacement + source[end:]


def _offset(lines: List[str], line: int, col: int) -> int:
    """The character offset of (line, UTF-8 byte column) in the joined ``lines``."""
    before = sum(len(text) for text in lines[:line - 1])
    return before + len(lines[line - 1].encode("utf-8")[:col].decode("utf-8"))


def _skipped_nodes(tree: ast.AST) -> set:
    """Ids of nodes never mutated: docstrings, annotations, f-strings and everything inside them."""
    skipped = set()

    def skip(node: Optional[ast.AST]) -> None:
        if node is not None:
            skipped.update(id(child) for child in ast.walk(node))

    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            skip(body[0])
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            skip(node.returns)
            for argument in node.args.args + node.args.kwonlyargs + node.args.posonlyargs:
                skip(argument.annotation)
        elif isinstance(node, ast.AnnAssign):
            skip(node.annotation)
        elif isinstance(node, ast.JoinedStr):
            skip(node)
        elif isinstance(node, ast.Expr) and _is_log_call(node.value):
            skip(node)
    return skipped


def _is_log_call(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    target = node.func
    while isinstance(target, ast.Attribute):
        target = target.value
    return isinstance(target, ast.Name) and target.id in LOGGERS


def _candidates(tree: ast.AST, skipped: set) -> Iterator[Tuple[ast.AST, str, str]]:
    """(node, the source that replaces it, operator name) for every change of the module docstring."""
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        for replacement, operator in _changes(node):
            yield node, replacement, operator
        if isinstance(node, (ast.If, ast.While)) and id(node.test) not in skipped and not _negation_known(node.test):
            yield node.test, _expression(ast.UnaryOp(ast.Not(), node.test)), "negate"


def _negation_known(test: ast.AST) -> bool:
    """True when another operator already makes the negated condition (``==``/``!=``, ``in``, ``not x``)."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return True
    return isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(
        test.ops[0], (ast.Eq, ast.NotEq, ast.In, ast.NotIn, ast.Is, ast.IsNot))


def _changes(node: ast.AST) -> Iterator[Tuple[str, str]]:
    if isinstance(node, ast.Compare):
        for index, op in enumerate(node.ops):
            if type(op) in COMPARE_SWAPS:
                changed = copy.deepcopy(node)
                changed.ops[index] = COMPARE_SWAPS[type(op)]()
                yield _expression(changed), "compare"
    elif isinstance(node, ast.BoolOp):
        changed = copy.deepcopy(node)
        changed.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        yield _expression(changed), "boolean"
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        yield _expression(node.operand), "not"
    elif isinstance(node, (ast.BinOp, ast.AugAssign)) and type(node.op) in ARITHMETIC_SWAPS \
            and not _is_formatting(node):
        changed = copy.deepcopy(node)
        changed.op = ARITHMETIC_SWAPS[type(node.op)]()
        yield (_expression(changed) if isinstance(node, ast.BinOp) else ast.unparse(changed)), "arithmetic"
    elif isinstance(node, ast.Constant):
        yield from _constant_changes(node)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in NAME_SWAPS:
        changed = copy.deepcopy(node)
        changed.func.id = NAME_SWAPS[node.func.id]
        yield _expression(changed), "name"
    elif isinstance(node, ast.IfExp):
        changed = copy.deepcopy(node)
        changed.test = ast.UnaryOp(ast.Not(), node.test)
        yield _expression(changed), "negate"
    elif isinstance(node, ast.Return) and node.value is not None and not _is_none(node.value) \
            and not _is_bool(node.value):  # True/False are swapped as constants
        yield "return None", "return"
    elif isinstance(node, ast.Break):
        yield "continue", "loop"
    elif isinstance(node, ast.Continue):
        yield "break", "loop"
    if isinstance(node, ast.stmt) and _droppable(node):
        yield "pass", "drop"


def _constant_changes(node: ast.Constant) -> Iterator[Tuple[str, str]]:
    value = node.value
    if isinstance(value, bool):
        yield repr(not value), "constant"
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        yield repr(value + 1), "constant"
    elif isinstance(value, str) and len(value) <= SHORT_STRING:
        yield (repr("") if value else repr("X")), "constant"


def _droppable(node: ast.stmt) -> bool:
    if isinstance(node, ast.Expr):
        return isinstance(node.value, ast.Call)
    if isinstance(node, ast.Assign):
        return all(isinstance(target, (ast.Attribute, ast.Subscript)) for target in node.targets)
    if isinstance(node, ast.AugAssign):
        return True
    if isinstance(node, ast.If):
        last = node.body[-1]
        return not node.orelse and isinstance(last, (ast.Return, ast.Raise, ast.Continue, ast.Break))
    return False


def _is_formatting(node: ast.AST) -> bool:
    """``"..." % values``: string formatting, not arithmetic."""
    return isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and isinstance(node.left, ast.Constant) \
        and isinstance(node.left.value, str)


def _is_bool(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, bool)


def _is_none(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _expression(node: ast.AST) -> str:
    """An expression's source, in parentheses so it reads the same wherever it stood."""
    return "(%s)" % ast.unparse(node)
