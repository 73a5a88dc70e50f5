"""CSV text pasted by a model or a user, parsed into rows of cell values.

The delimiter is detected among ``,``, ``;``, tab and ``|`` unless given. Quoted
fields follow RFC 4180 (doubled quotes inside quotes, line breaks inside quotes). Short rows are
padded with empty cells so the result is a rectangle. Field values become numbers
when they are plainly numbers (see :mod:`.cell_values`); with ``decimal_comma`` a
field such as ``1,5`` or ``-1.234,5`` is read as a number the European way.
"""
from __future__ import annotations

import csv
import io
import re
from typing import List, Optional

from .cell_values import looks_like_number

DELIMITERS = (",", ";", "\t", "|")
MAX_CSV_CELLS = 200000

_EUROPEAN_NUMBER = re.compile(r"^[+-]?(?:[1-9][0-9]{0,2}(?:\.[0-9]{3})+|0|[1-9][0-9]*)(?:,[0-9]+)?$")


class CsvError(ValueError):
    """CSV text that cannot be imported."""


def detect_delimiter(text: str) -> str:
    """Return the delimiter that splits the first lines most consistently (``,`` by default)."""
    lines = [line for line in text.splitlines()[:20] if line.strip()]
    best, best_score = ",", 0
    for delimiter in DELIMITERS:
        counts = [_count_outside_quotes(line, delimiter) for line in lines]
        if not counts or min(counts) == 0:
            continue
        score = min(counts) * 10 + (5 if len(set(counts)) == 1 else 0)
        if score > best_score:
            best, best_score = delimiter, score
    return best


def _count_outside_quotes(line: str, delimiter: str) -> int:
    count, quoted = 0, False
    for char in line:
        if char == '"':
            quoted = not quoted
        elif char == delimiter and not quoted:
            count += 1
    return count


def parse_csv(text: str, delimiter: Optional[str] = None, decimal_comma: bool = False) -> List[List[object]]:
    """Parse CSV text into a rectangle of values for :func:`.cell_values.grid_from_rows`.

    Numbers become floats, empty fields None, and every other field text marked with
    a leading ``'`` (so ``=1+1`` or ``'x`` in a CSV file stay literal text).

    Args:
        text: the CSV text.
        delimiter: one character; detected when None.
        decimal_comma: read ``1,5`` as 1.5 (only sensible when the delimiter is not ``,``).

    Raises:
        CsvError: the text is empty, malformed, or too large.
    """
    if not text or not text.strip():
        raise CsvError("the CSV text is empty")
    if delimiter is not None and len(delimiter) != 1:
        raise CsvError("the delimiter must be one character, got %r" % delimiter)
    delimiter = delimiter or detect_delimiter(text)
    try:
        rows = list(csv.reader(io.StringIO(text.strip("\r\n")), delimiter=delimiter, strict=True))
    except csv.Error as error:
        raise CsvError("the CSV text could not be read: %s" % error) from None
    rows = [row for row in rows if row] or [[]]
    width = max(len(row) for row in rows)
    if width == 0:
        raise CsvError("the CSV text has no fields")
    if width * len(rows) > MAX_CSV_CELLS:
        raise CsvError("the CSV text has %d rows × %d columns, more than %d cells; import it in parts"
                       % (len(rows), width, MAX_CSV_CELLS))
    return [[_field_value(field, decimal_comma) for field in row] + [None] * (width - len(row)) for row in rows]


def _field_value(field: str, decimal_comma: bool):
    if field == "":
        return None
    if decimal_comma and _EUROPEAN_NUMBER.match(field.strip()):
        return float(field.strip().replace(".", "").replace(",", "."))
    if looks_like_number(field):
        return float(field.strip())
    return "'" + field  # text stays text, formulas included: CSV data is never run
