"""``data_validation``: which values cells accept (a list, whole numbers, decimals, dates, times, text length, a
formula), with the input help and error message Calc shows; or remove it.

The rule is set through the range's ``Validation`` property, which Calc records for undo as
an attribute change. Bounds are written in English (numbers with a point, ``2024-12-31`` for
dates, formulas with English names); a list is given as items or as a range holding them.
"""
from __future__ import annotations

from typing import List, Literal, Optional, Union

import uno

from ...core.calc.cell_address import column_name
from ...core.calc.formula_syntax import condition_operand
from ...core.i18n import _
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from .addresses import RANGE_HELP, parse, resolve, sheet_names
from .guards import ensure_sheet_unprotected

TYPES = {"list": "LIST", "whole": "WHOLE", "decimal": "DECIMAL", "date": "DATE", "time": "TIME",
         "text_length": "TEXT_LEN", "custom": "CUSTOM", "any": "ANY"}
OPERATORS = {"between": "BETWEEN", "not_between": "NOT_BETWEEN", "equal": "EQUAL", "not_equal": "NOT_EQUAL",
             "greater": "GREATER", "greater_equal": "GREATER_EQUAL", "less": "LESS", "less_equal": "LESS_EQUAL"}
STYLES = {"stop": "STOP", "warning": "WARNING", "info": "INFO"}
Bound = Union[float, str, None]
"""A bound: a number, a date/time as text (2024-12-31, 18:00) or an expression (=B1); written flat."""


@tool(apps=("calc",), changes_document=True)
def data_validation(context, range: str = Arg("The cells to validate: %s." % RANGE_HELP),
                    allow: Literal["list", "whole", "decimal", "date", "time", "text_length", "custom", "none"] = Arg(
                        "What the cells accept; none removes the validation."),
                    items: Optional[List[str]] = Arg("For list: the allowed values, e.g. [\"Open\", \"Done\"]."),
                    source: Optional[str] = Arg("For list: a range holding the allowed values, e.g. Lists.A1:A10."),
                    operator: Literal["between", "not_between", "equal", "not_equal", "greater", "greater_equal",
                                      "less", "less_equal"] = Arg("How 'value' (and 'value2') bound the input "
                                                                  "(default between).", default="between"),
                    value: Bound = Arg("The bound (lower one for between), e.g. 1, 2024-01-01, 09:00 or =B1. For "
                                       "custom: a condition for the top-left cell, e.g. =A2<>\"\"."),
                    value2: Bound = Arg("The upper bound for between / not_between."),
                    input_title: Optional[str] = None,
                    input_message: Optional[str] = Arg("Help shown when a cell is selected."),
                    error_title: Optional[str] = None,
                    error_message: Optional[str] = Arg("Shown when a wrong value is typed."),
                    error_style: Literal["stop", "warning", "info"] = Arg(
                        "stop (default) rejects a wrong value; warning and info let the user keep it.",
                        default="stop"),
                    allow_empty: bool = Arg("Empty cells are fine (default true).", default=True),
                    dropdown: bool = Arg("For list: show the list's drop-down button (default true).",
                                         default=True)) -> ToolOutcome:
    """Restrict what cells accept, with Calc's data validation: a drop-down list (items or a source range), whole
    numbers, decimals, dates, times or text length within bounds, or a custom condition; with an input help
    message and an error message. allow=none removes it.
    """
    document = context.document
    target = resolve(document, range)
    ensure_sheet_unprotected(target.sheet, "change data validation")
    cell_range = target.cell_range()
    rule = cell_range.getPropertyValue("Validation")
    kind = "any" if allow == "none" else allow
    formulas = _formulas(document, kind, items, source, operator, value, value2)
    rule.setPropertyValue("Type", uno.Enum("com.sun.star.sheet.ValidationType", TYPES[kind]))
    if kind not in ("list", "custom", "any"):
        rule.setOperator(uno.Enum("com.sun.star.sheet.ConditionOperator", OPERATORS[operator]))
    elif kind == "custom":
        rule.setOperator(uno.Enum("com.sun.star.sheet.ConditionOperator", "FORMULA"))
    rule.setFormula1(formulas[0] if formulas else "")
    rule.setFormula2(formulas[1] if len(formulas) > 1 else "")
    rule.setSourcePosition(target.sheet.getCellByPosition(target.ref.start_column,
                                                          target.ref.start_row).getCellAddress())
    messages = [("ShowInputMessage", bool(input_message or input_title)), ("InputTitle", input_title or ""),
                ("InputMessage", input_message or ""), ("ShowErrorMessage", kind != "any"),
                ("ErrorTitle", error_title or ""), ("ErrorMessage", error_message or ""),
                ("ErrorAlertStyle", uno.Enum("com.sun.star.sheet.ValidationAlertStyle", STYLES[error_style])),
                ("IgnoreBlankCells", allow_empty), ("ShowList", 1 if dropdown else 0)]
    for name, setting in messages:
        rule.setPropertyValue(name, setting)
    cell_range.setPropertyValue("Validation", rule)
    if kind == "any":
        return ToolOutcome.success("Removed the data validation of %s." % target.label,
                                   _("Removed data validation from %s") % target.label)
    text = "Cells of %s now accept %s%s." % (target.label, _words(kind, items, source, operator, value, value2),
                                             _message_words(input_message, error_message, error_style))
    return ToolOutcome.success(text, _("Set data validation on %s") % target.label)


def _formulas(document, kind: str, items, source, operator: str, value: Bound, value2: Bound) -> List[str]:
    names = sheet_names(document)
    if kind == "any":
        return []
    if kind == "list":
        if bool(items) == bool(source):
            raise ToolError("For allow=list give either 'items' (the values) or 'source' (a range holding them). "
                            "Nothing was changed.")
        if items:
            return [";".join('"%s"' % str(item).replace('"', '""') for item in items)]
        parse(source)  # checked: a ToolError names a malformed range
        return [_absolute(resolve(document, source))]
    if value is None:
        raise ToolError("allow=%s needs 'value'%s. Nothing was changed." % (
            kind, " (the condition)" if kind == "custom" else ""))
    if kind == "custom":
        text = str(value)
        return [condition_operand(text if text.startswith("=") else "=" + text, names)]
    if operator in ("between", "not_between"):
        if value2 is None:
            raise ToolError("operator=%s needs 'value2' (the upper bound). Nothing was changed." % operator)
        return [_bound(kind, value, names), _bound(kind, value2, names)]
    return [_bound(kind, value, names)]


def _bound(kind: str, value: Bound, names) -> str:
    """A bound as Calc's condition formula: dates and times through DATEVALUE/TIMEVALUE of ISO text."""
    if isinstance(value, str) and not value.startswith("="):
        text = value.strip()
        if kind == "date":
            return 'DATEVALUE("%s")' % text
        if kind == "time":
            return 'TIMEVALUE("%s")' % text
        try:
            float(text)
        except ValueError:
            raise ToolError("'%s' is not a number; give a number or an expression such as =B1. Nothing was "
                            "changed." % value) from None
    return condition_operand(value, names)


def _absolute(target) -> str:
    ref = target.ref
    return "$%s.$%s$%d:$%s$%d" % (_quoted(target.sheet_name), column_name(ref.start_column), ref.start_row + 1,
                                  column_name(ref.end_column), ref.end_row + 1)


def _quoted(name: str) -> str:
    return name if name.replace("_", "").isalnum() else "'%s'" % name.replace("'", "''")


def _words(kind, items, source, operator, value, value2) -> str:
    if kind == "list":
        return "only one of %s (drop-down list)" % (", ".join(items) if items else "the values in %s" % source)
    if kind == "custom":
        return "only values where %s is true" % value
    what = {"whole": "whole numbers", "decimal": "numbers", "date": "dates", "time": "times",
            "text_length": "text whose length is"}[kind]
    if operator in ("between", "not_between"):
        return "%s %s %s and %s" % (what, operator.replace("_", " "), value, value2)
    return "%s %s %s" % (what, operator.replace("_", " "), value)


def _message_words(input_message, error_message, style: str) -> str:
    parts = []
    if input_message:
        parts.append("an input help")
    parts.append("%s on a wrong value%s" % ({"stop": "a refusal", "warning": "a warning", "info": "a note"}[style],
                                            " with your message" if error_message else ""))
    return " (%s)" % ", ".join(parts)


TOOLS = [data_validation]
