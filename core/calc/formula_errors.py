"""Calc's formula error codes: what a cell shows, what it means, and whether it is a syntax error.

``XCell.getError()`` returns a code (0 when fine); the cell shows a label such as
``#DIV/0!`` or ``Err:508``. Codes in :data:`SYNTAX_ERRORS` come from a formula that
does not parse (a missing bracket, an unknown function name) rather than from the
values it computes with; a tool that writes such a formula refuses it.
"""
from __future__ import annotations

from typing import Dict, Tuple

NOT_AVAILABLE = 32767
"""``#N/A``: a lookup found nothing, or NA() was used."""

_ERRORS: Dict[int, Tuple[str, str]] = {
    501: ("Err:501", "invalid character in the formula"),
    502: ("Err:502", "invalid argument: a function got a value outside its domain (e.g. SQRT of a negative number)"),
    503: ("#NUM!", "invalid numeric result (overflow or an impossible calculation)"),
    504: ("Err:504", "error in the parameter list: an argument has the wrong type"),
    507: ("Err:507", "a bracket or quote has no partner"),
    508: ("Err:508", "missing bracket, or arguments separated wrongly (use commas, as in =IF(A1>0, 1, 2))"),
    509: ("Err:509", "missing operator between two values (e.g. =A1 B1)"),
    510: ("Err:510", "missing value: an operator or separator has nothing after it (e.g. =A1**2 or =1+)"),
    511: ("Err:511", "missing argument: the function needs more arguments"),
    512: ("Err:512", "the formula is too long"),
    513: ("Err:513", "a text is too long"),
    514: ("Err:514", "internal overflow"),
    516: ("Err:516", "internal syntax error: a matrix was expected"),
    517: ("Err:517", "unknown code in the formula"),
    518: ("Err:518", "internal syntax error: a variable is not available"),
    519: ("#VALUE!", "wrong type of value: e.g. text used in arithmetic"),
    520: ("Err:520", "the formula does not parse (e.g. it ends with an operator)"),
    521: ("#NULL!", "no result: e.g. an intersection of ranges that do not meet"),
    522: ("Err:522", "circular reference: the formula refers to its own cell, directly or indirectly"),
    523: ("Err:523", "the calculation does not converge"),
    524: ("#REF!", "invalid reference: a referenced cell, row, column or sheet was deleted or is out of range"),
    525: ("#NAME?", "unknown name: a function or range name that does not exist (use English function names)"),
    526: ("Err:526", "internal syntax error"),
    527: ("Err:527", "nesting too deep"),
    532: ("#DIV/0!", "division by zero (the divisor is 0 or an empty cell)"),
    533: ("Err:533", "nested arrays are not supported"),
    538: ("Err:538", "array or matrix of the wrong size"),
    539: ("Err:539", "unsupported content in an inline array"),
    540: ("Err:540", "external content is disabled"),
    NOT_AVAILABLE: ("#N/A", "value not available: a lookup found no match, or a referenced cell is #N/A"),
}

SYNTAX_ERRORS = frozenset({501, 507, 508, 509, 510, 511, 512, 513, 516, 517, 518, 520, 525, 526, 533, 539})
"""Codes from a formula that does not parse or names an unknown function or range."""


def error_label(code: int) -> str:
    """The text a cell with error ``code`` shows (``#DIV/0!``, ``Err:508``)."""
    known = _ERRORS.get(code)
    return known[0] if known else "Err:%d" % code


def error_meaning(code: int) -> str:
    """One line saying what error ``code`` means."""
    known = _ERRORS.get(code)
    return known[1] if known else "formula error %d" % code


def describe_error(code: int) -> str:
    """``"#DIV/0! (division by zero …)"``."""
    return "%s (%s)" % (error_label(code), error_meaning(code))


def is_syntax_error(code: int) -> bool:
    """True when ``code`` means the formula itself is wrong, not the values it uses."""
    return code in SYNTAX_ERRORS
