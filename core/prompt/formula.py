"""The PROMPT calls in a cell's formula, read from Calc's formula tokens, and what their arguments are.

Calc does not tell an add-in which cell calls it, and it passes an empty cell given alone
as ``0``, like a cell holding 0. Reading the formulas tells which cell asks which question
(for its comment, and for the answers a file keeps) and which ``0`` is an empty cell.
The office side maps Calc's opcodes to :class:`Token` kinds and reads the cells; this
module only reasons about them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Sequence, Set, Tuple, Union

FUNCTION = "org.marginalia.calc.promptaddin.prompt"
"""The add-in function's name in formula tokens (compared in lower case)."""

PUSH, OPEN, CLOSE, SEPARATOR, EXTERNAL, OTHER = "push", "open", "close", "separator", "external", "other"
"""Token kinds: a value or reference, ``(``, ``)``, ``;``, an add-in function, anything else."""

COLUMN_RELATIVE, COLUMN_DELETED, ROW_RELATIVE, ROW_DELETED, SHEET_RELATIVE, SHEET_DELETED = 1, 2, 4, 8, 16, 32
"""``com.sun.star.sheet.ReferenceFlags``."""
_DELETED = COLUMN_DELETED | ROW_DELETED | SHEET_DELETED


@dataclass(frozen=True)
class Token:
    """One formula token: its kind and its data (a value, or a reference struct for PUSH)."""

    kind: str
    data: object = None


@dataclass(frozen=True)
class Position:
    """A cell: sheet index, column and row (from 0)."""

    sheet: int
    column: int
    row: int


@dataclass(frozen=True)
class Literal:
    """A text or number written in the formula (None for an omitted argument)."""

    value: object


@dataclass(frozen=True)
class CellArgument:
    """One cell given alone (Calc passes its value; an empty cell as 0)."""

    cell: Position


@dataclass(frozen=True)
class RangeArgument:
    """A range on one sheet (Calc passes its rows; empty cells as empty)."""

    first: Position
    last: Position


@dataclass(frozen=True)
class Expression:
    """Anything else (a function, an operator, a name): only Calc knows its value."""


Argument = Union[Literal, CellArgument, RangeArgument, Expression]


def prompt_calls(tokens: Sequence[Token], origin: Position) -> List[Tuple[Argument, ...]]:
    """Each PROMPT call of a formula, as its arguments (the instruction first).

    Args:
        tokens: The formula's tokens.
        origin: The formula's cell (relative references count from it).
    """
    calls = []
    for index, token in enumerate(tokens[:-1]):
        if token.kind == EXTERNAL and str(token.data).lower() == FUNCTION and tokens[index + 1].kind == OPEN:
            pieces = _argument_tokens(tokens, index + 2)
            if pieces is not None:
                calls.append(tuple(argument(piece, origin) for piece in pieces))
    return calls


def _argument_tokens(tokens: Sequence[Token], start: int) -> Optional[List[List[Token]]]:
    """The tokens of each argument up to the call's closing parenthesis (None when it is missing)."""
    pieces: List[List[Token]] = [[]]
    depth = 0
    for token in tokens[start:]:
        if token.kind == CLOSE and depth == 0:
            return pieces if pieces != [[]] else []
        if token.kind == SEPARATOR and depth == 0:
            pieces.append([])
            continue
        depth += {OPEN: 1, CLOSE: -1}.get(token.kind, 0)
        pieces[-1].append(token)
    return None


def argument(tokens: Sequence[Token], origin: Position) -> Argument:
    """What one argument's tokens are."""
    if not tokens:
        return Literal(None)
    if len(tokens) != 1 or tokens[0].kind != PUSH:
        return Expression()
    data = tokens[0].data
    if isinstance(data, str):
        return Literal(data)
    if isinstance(data, (int, float)) and not isinstance(data, bool):
        return Literal(float(data))
    if hasattr(data, "Reference1"):
        return _range(data, origin)
    if hasattr(data, "Flags"):
        cell = resolve(data, origin)
        return CellArgument(cell) if cell is not None else Expression()
    return Expression()


def _range(reference, origin: Position) -> Argument:
    first, last = resolve(reference.Reference1, origin), resolve(reference.Reference2, origin)
    if first is None or last is None or first.sheet != last.sheet:
        return Expression()
    return RangeArgument(first, last)


def resolve(reference, origin: Position) -> Optional[Position]:
    """The cell a ``com.sun.star.sheet.SingleReference`` points at from ``origin`` (None if deleted)."""
    flags = reference.Flags
    if flags & _DELETED:
        return None
    column = origin.column + reference.RelativeColumn if flags & COLUMN_RELATIVE else reference.Column
    row = origin.row + reference.RelativeRow if flags & ROW_RELATIVE else reference.Row
    sheet = origin.sheet + reference.RelativeSheet if flags & SHEET_RELATIVE else reference.Sheet
    return Position(sheet, column, row)


@dataclass(frozen=True)
class Seen:
    """What an argument is seen to give without calculating anything."""

    known: bool
    value: object = None
    """The value when ``known``; None for an empty cell."""


UNSEEN = Seen(False)
EMPTY_CELL = Seen(True, None)


def empty_positions(passed: Sequence, candidates: Sequence[Sequence[Seen]]) -> Set[int]:
    """The positions of a call (instruction first) where the ``0`` Calc passed is an empty cell.

    Args:
        passed: The values Calc passed.
        candidates: The PROMPT calls of the document, each as what its arguments are seen to give.

    Returns:
        The positions where every candidate that could have made this call has an empty
        cell. When two such calls differ only there (one cell empty, one holding 0), Calc
        passes the same values for both and nothing tells them apart: the 0 stays.
    """
    zeros = [index for index, value in enumerate(passed) if _is_zero(value)]
    if not zeros:
        return set()
    matching = [seen for seen in candidates
                if len(seen) == len(passed) and all(_agrees(one, value) for one, value in zip(seen, passed))]
    if not matching:
        return set()
    return {index for index in zeros if all(seen[index] == EMPTY_CELL for seen in matching)}


def passes_zero(values: Sequence) -> bool:
    """Whether one of the values Calc passed is a 0 (perhaps an empty cell)."""
    return any(_is_zero(value) for value in values)


def _agrees(seen: Seen, value) -> bool:
    if not seen.known:
        return True
    if seen.value is None:
        return _is_zero(value)
    return seen.value == value


def _is_zero(value) -> bool:
    return isinstance(value, float) and value == 0.0
