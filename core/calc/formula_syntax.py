"""Formulas in the English syntax models write, converted to and from Calc's API syntax.

Calc's API (``setFormula``, ``setFormulaArray``, ``getFormula``) reads and writes
formulas with English function names in every locale, but with Calc's own
separators: ``;`` between arguments, and in inline arrays ``;`` between columns and
``|`` between rows. Models (and most people) write Excel-style English:
``=IF(A1>0, "yes", "no")``, ``{1,2;3,4}``, ``Sheet2!A1``. This module converts
between the two, leaving string literals and quoted sheet names untouched:

* argument separators ``,`` become ``;`` (``;`` already there are kept);
* in ``{…}`` arrays written the English way, ``,`` becomes ``;`` and ``;`` becomes
  ``|`` (an array already using ``|`` is Calc syntax and stays as it is);
* ``Name!A1`` becomes ``Name.A1`` when ``Name`` is quoted or one of the document's
  sheets (Calc's ``!`` alone is its intersection operator, so it is never touched
  otherwise).
"""
from __future__ import annotations

import re
from typing import Iterable, List, Mapping, Optional

_NAME_BEFORE_BANG = re.compile(r"([A-Za-z_][A-Za-z0-9_.]*)$")
_FUNCTION_CALL = re.compile(r"([A-Za-z_][A-Za-z0-9_.]*)(\s*\()")


def to_api_formula(formula: str, sheet_names: Iterable[str] = ()) -> str:
    """Convert an English (Excel-style) formula to the syntax Calc's API expects.

    Args:
        formula: the formula as written, starting with ``=``.
        sheet_names: the document's sheet names, so ``Sheet2!A1`` can be recognised.

    Returns:
        The formula for ``setFormula``/``setFormulaArray``.
    """
    if not any(c in formula for c in ",{!"):
        return formula
    known = {name.lower() for name in sheet_names}
    out: List[str] = []
    for kind, text in _segments(formula):
        if kind == "plain":
            out.append(_plain_to_api(text, known, out))
        elif kind == "array":
            out.append(_array_to_api(text))
        else:
            out.append(text)
    return "".join(out)


def to_english_formula(formula: str, renames: Optional[Mapping[str, str]] = None) -> str:
    """Convert a formula read from Calc's API to the English syntax (commas between arguments).

    Args:
        formula: as ``getFormula`` returns it.
        renames: upper-case API function names to the names people know (Calc's API spells
            add-in functions such as EOMONTH as ``COM.SUN.STAR.SHEET.ADDIN.ANALYSIS.GETEOMONTH``).
    """
    needs_renames = bool(renames) and "COM." in formula.upper()
    if not needs_renames and not any(c in formula for c in ";{"):
        return formula
    out: List[str] = []
    for kind, text in _segments(formula):
        if kind == "plain":
            if needs_renames:
                text = _FUNCTION_CALL.sub(lambda m: renames.get(m.group(1).upper(), m.group(1)) + m.group(2), text)
            out.append(text.replace(";", ","))
        elif kind == "array":
            out.append(_array_to_english(text))
        else:
            out.append(text)
    return "".join(out)


def function_names_used(formula: str) -> List[str]:
    """The names called as functions in ``formula`` (outside strings), in order, without repeats."""
    names: List[str] = []
    for kind, text in _segments(formula):
        if kind in ("plain", "array"):
            for match in _FUNCTION_CALL.finditer(text):
                if match.group(1) not in names:
                    names.append(match.group(1))
    return names


def _segments(formula: str):
    """Yield ``(kind, text)`` pieces: ``plain``, ``string`` ("…"), ``name`` ('…') and ``array`` ({…})."""
    index, start, length = 0, 0, len(formula)
    while index < length:
        char = formula[index]
        if char in "\"'{":
            if index > start:
                yield "plain", formula[start:index]
            end = _segment_end(formula, index)
            kind = {"\"": "string", "'": "name", "{": "array"}[char]
            yield kind, formula[index:end]
            index = start = end
        else:
            index += 1
    if start < length:
        yield "plain", formula[start:]


def _segment_end(formula: str, index: int) -> int:
    """Return the index just after the string, quoted name or array starting at ``index``."""
    opener = formula[index]
    if opener == "{":
        position = index + 1
        while position < len(formula) and formula[position] != "}":
            if formula[position] == "\"":
                position = _segment_end(formula, position)
                continue
            position += 1
        return min(position + 1, len(formula))
    position = index + 1
    while position < len(formula):
        if formula[position] == opener:
            if position + 1 < len(formula) and formula[position + 1] == opener:
                position += 2
                continue
            return position + 1
        position += 1
    return len(formula)


def _plain_to_api(text: str, known_sheets, previous: List[str]) -> str:
    text = text.replace(",", ";")
    if "!" not in text:
        return text
    pieces = text.split("!")
    result = pieces[0]
    for piece in pieces[1:]:
        result = _join_bang(result, piece, known_sheets, previous)
    return result


def _join_bang(before: str, after: str, known_sheets, previous: List[str]) -> str:
    """Join two pieces split at ``!``: a sheet separator (→ ``.``) or Calc's intersection."""
    if not before and previous and previous[-1].startswith("'"):
        return "." + after  # 'My Sheet'!A1: the quoted name was the previous segment
    match = _NAME_BEFORE_BANG.search(before)
    if match and match.group(1).lower() in known_sheets:
        return before + "." + after
    return before + "!" + after


def _array_to_api(text: str) -> str:
    inner = text[1:-1] if text.endswith("}") else text[1:]
    closing = "}" if text.endswith("}") else ""
    parts = list(_array_parts(inner))
    if any(kind == "plain" and "|" in piece for kind, piece in parts):
        return text  # already Calc syntax
    converted = "".join(piece.replace(";", "|").replace(",", ";") if kind == "plain" else piece
                        for kind, piece in parts)
    return "{" + converted + closing


def _array_to_english(text: str) -> str:
    inner = text[1:-1] if text.endswith("}") else text[1:]
    closing = "}" if text.endswith("}") else ""
    converted = "".join(piece.replace(";", ",").replace("|", ";") if kind == "plain" else piece
                        for kind, piece in _array_parts(inner))
    return "{" + converted + closing


def _array_parts(inner: str):
    for kind, piece in _segments(inner):
        yield ("plain" if kind != "string" else "string"), piece


def condition_operand(value, sheet_names: Iterable[str] = ()) -> str:
    """The API-syntax expression for a value compared against in a condition.

    Numbers (and strings that are plainly numbers) stay numbers; a string starting with
    ``=`` is an expression (converted like a formula, without the ``=``); any other
    string is a text literal, quoted for Calc (``North`` → ``"North"``).
    """
    from .cell_values import looks_like_number, number_text
    if isinstance(value, bool):
        return "TRUE()" if value else "FALSE()"
    if isinstance(value, (int, float)):
        return number_text(float(value))
    text = str(value)
    if text.startswith("=") and len(text) > 1:
        return to_api_formula(text, sheet_names)[1:]
    if looks_like_number(text):
        return number_text(float(text.strip()))
    return '"%s"' % text.replace('"', '""')
