"""A spreadsheet's PROMPT cells and the questions they ask, read from their formulas (see core.prompt.formula).

Two readings: :func:`seen_arguments` reads only cells that hold a constant, so it is safe
while Calc calculates (it never makes Calc calculate); :func:`cell_keys` reads formula
results too, so it runs after a calculation.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

from ...core.prompt.formula import (CLOSE, EMPTY_CELL, EXTERNAL, OPEN, OTHER, PUSH, SEPARATOR, UNSEEN,
                                    Argument, CellArgument, Literal, Position, RangeArgument, Seen, Token,
                                    prompt_calls)
from ...core.prompt.inputs import cache_key, question
from ..office.log import get_logger
from .notes import prompt_cells, sheets_of

log = get_logger("prompt")

UNKNOWN = object()
"""The value of an argument that cannot be read (an expression, a cell with an error)."""
FORMULA_RESULT_STRING = 2
"""``com.sun.star.sheet.FormulaResult.STRING``."""
_SPECIAL_KINDS = {0: PUSH, 3: EXTERNAL}
"""``com.sun.star.sheet.FormulaMapGroupSpecialOffset`` PUSH and EXTERNAL."""
_opcode_kinds: Dict[int, str] = {}


@dataclass
class PromptCell:
    """A cell whose formula calls PROMPT, and its calls' arguments."""

    cell: object
    position: Position
    calls: List[tuple]


def read_prompt_cells(document) -> List[PromptCell]:
    """Every PROMPT cell of ``document`` with the arguments of its calls (never makes Calc calculate)."""
    kinds = _kinds(document)
    found = []
    for cell in prompt_cells(sheets_of(document)):
        address = cell.getCellAddress()
        origin = Position(address.Sheet, address.Column, address.Row)
        tokens = [Token(kinds.get(token.OpCode, OTHER), token.Data) for token in cell.getTokens()]
        found.append(PromptCell(cell, origin, prompt_calls(tokens, origin)))
    return found


def _kinds(document) -> Dict[int, str]:
    """Calc's opcodes for the tokens PROMPT's arguments are made of (asked once per process)."""
    if not _opcode_kinds:
        from com.sun.star.sheet.FormulaLanguage import ODFF
        from com.sun.star.sheet.FormulaMapGroup import SPECIAL
        mapper = document.createInstance("com.sun.star.sheet.FormulaOpCodeMapper")
        special = mapper.getAvailableMappings(ODFF, SPECIAL)
        kinds = {special[offset].Token.OpCode: kind for offset, kind in _SPECIAL_KINDS.items()}
        separators = mapper.getMappings(("(", ")", ";"), ODFF)
        kinds.update(zip((token.OpCode for token in separators), (OPEN, CLOSE, SEPARATOR)))
        _opcode_kinds.update(kinds)
    return _opcode_kinds


def seen_arguments(document, arguments: Sequence[Argument]) -> List[Seen]:
    """What each argument is seen to give, reading only constant cells (safe while Calc calculates)."""
    return [_seen(document, argument) for argument in arguments]


def _seen(document, argument: Argument) -> Seen:
    if isinstance(argument, Literal):
        return Seen(True, argument.value) if argument.value is not None else UNSEEN
    if not isinstance(argument, CellArgument):
        return UNSEEN
    try:
        cell = _cell(document, argument.cell)
        kind = cell.getType().value
    except Exception:
        log.debug("a PROMPT argument's cell could not be read", exc_info=True)
        return UNSEEN
    if kind == "EMPTY":
        return EMPTY_CELL
    if kind == "VALUE":
        return Seen(True, cell.getValue())
    if kind == "TEXT":
        return Seen(True, cell.getString())
    return UNSEEN


def cell_keys(document, prompt_cell: PromptCell) -> Optional[List[str]]:
    """The cache keys the cell's PROMPT calls ask, or None when one of them cannot be read.

    A cell given alone that is empty counts twice: as empty (what PROMPT sends) and as 0
    (what Calc passes when the formulas cannot tell it apart from a cell holding 0).
    """
    keys: List[str] = []
    for arguments in prompt_cell.calls:
        values = [_value(document, argument) for argument in arguments]
        if any(value is UNKNOWN for value in values):
            return None
        empty = [isinstance(argument, CellArgument) and value is None for argument, value in zip(arguments, values)]
        for variant in (values, [0.0 if blank else value for blank, value in zip(empty, values)]):
            asked = question(variant[0], variant[1:])
            key = cache_key(*asked) if asked is not None else None
            if key is not None and key not in keys:
                keys.append(key)
    return keys


def asked_by_cells(document) -> List[Tuple[PromptCell, Optional[List[str]]]]:
    """Every PROMPT cell of ``document`` with the keys it asks (None when they cannot be read)."""
    return [(prompt_cell, cell_keys(document, prompt_cell)) for prompt_cell in read_prompt_cells(document)]


def _value(document, argument: Argument):
    try:
        if isinstance(argument, Literal):
            return argument.value
        if isinstance(argument, CellArgument):
            return _cell_value(_cell(document, argument.cell))
        if isinstance(argument, RangeArgument):
            first, last = argument.first, argument.last
            sheet = document.getSheets().getByIndex(first.sheet)
            return sheet.getCellRangeByPosition(first.column, first.row, last.column, last.row).getDataArray()
    except Exception:
        log.debug("a PROMPT argument could not be read", exc_info=True)
    return UNKNOWN


def _cell_value(cell):
    kind = cell.getType().value
    if kind == "EMPTY":
        return None
    if kind == "TEXT":
        return cell.getString()
    if kind == "FORMULA":
        if cell.getError():
            return UNKNOWN
        return cell.getString() if cell.getPropertyValue("FormulaResultType2") == FORMULA_RESULT_STRING \
            else cell.getValue()
    return cell.getValue()


def _cell(document, position: Position):
    return document.getSheets().getByIndex(position.sheet).getCellByPosition(position.column, position.row)
