"""``conditional_format``: highlight cells by value, by formula, duplicates, top/bottom N or the average; list
or clear the rules.

Rules go through the ``ConditionalFormat`` property, which Calc records for undo,
part by part so the rules cells already have are kept (:mod:`.conditional_parts`).
A highlight is a cell style: one of Calc's own (good, bad, neutral…) or, for custom
colours, a style this tool creates (its creation is recorded as an undo step of its
own, see :mod:`..office.custom_undo`). Condition formulas are compiled in a scratch
document first (:mod:`.formula_check`), because Calc accepts any text as a condition.

Top/bottom N (or percent) and above/below average are condition formulas over the whole
range (``AND(ISNUMBER(B2), B2>=LARGE($B$2:$B$50, 3))``): the ``ConditionalFormat``
property offers no such operators. Data bars, colour scales and icon sets: :mod:`.conditional_bars`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Literal, Optional, Union

from com.sun.star.beans import PropertyValue

from ...core.calc.cell_format import FormatError
from ...core.colors import ColorError, color_hex, parse_color
from ...core.calc.cell_address import cell_name, column_name
from ...core.calc.cell_values import looks_like_number, number_text
from ...core.i18n import _
from ...core.calc.formula_errors import describe_error
from ...core.calc.formula_syntax import condition_operand, to_api_formula
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from .addresses import RANGE_HELP, resolve, sheet_names
from .conditional_bars import (DATA_BAR, UNAVAILABLE, add_data_bar, bar_words, refuse_unavailable,
                               remove_data_bars)
from .conditional_parts import rule_groups
from ..office.custom_undo import record
from .formula_check import syntax_problems
from .guards import ensure_sheet_unprotected

OPERATORS = {  # com.sun.star.sheet.ConditionOperator2
    "equal": 1, "not_equal": 2, "greater": 3, "greater_equal": 4, "less": 5, "less_equal": 6,
    "between": 7, "not_between": 8, "formula": 9, "duplicate": 10, "unique": 11,
}
Operand = Union[float, str, None]
"""A value a rule compares with: a number, a text or an expression (None: not given). Written flat, not as
``Optional[Union[...]]``: typing caches that as equal to the same union in another order, written elsewhere,
and the schema would then list the types in that order."""
TWO_VALUES = ("between", "not_between")
NO_VALUE = ("duplicate", "unique", "above_average", "below_average")
RANKED = {"top_n": ">=LARGE", "bottom_n": "<=SMALL", "top_percent": ">=LARGE", "bottom_percent": "<=SMALL"}
AVERAGE = {"above_average": ">", "below_average": "<"}
ENTRY_KINDS = {1: "colour scale", 2: "data bar", 3: "icon set", 4: "date rule"}  # ConditionEntryType
OPERATOR_WORDS = {  # com.sun.star.sheet.ConditionFormatOperator, as XConditionalFormats reads the rules
    0: "equal to", 1: "less than", 2: "greater than", 3: "at most", 4: "at least", 5: "not equal to", 6: "between",
    7: "not between", 8: "duplicate", 9: "unique", 10: "top N", 11: "bottom N", 12: "top percent",
    13: "bottom percent", 14: "above average", 15: "below average", 16: "at least the average",
    17: "at most the average", 18: "error", 19: "no error", 20: "begins with", 21: "ends with", 22: "contains",
    23: "does not contain", 24: "formula"}
BOUNDS, EXPRESSION, NO_OPERAND = (6, 7), 24, (8, 9, 14, 15, 16, 17, 18, 19)
STYLES = {"good": "Good", "bad": "Bad", "neutral": "Neutral", "warning": "Warning", "error": "Error",
          "accent": "Accent", "note": "Note"}
STYLE_WORDS = {"good": "green", "bad": "light red fill, dark red text", "neutral": "yellow", "warning": "red text",
               "error": "white bold text on red", "accent": "bold", "note": "yellow note"}


def _property(name, value):
    prop = PropertyValue()
    prop.Name, prop.Value = name, value
    return prop


@dataclass(frozen=True)
class Highlight:
    """How matching cells look: a built-in style, or custom colours (None: not given)."""

    style: str = "bad"
    background_color: Optional[str] = None
    font_color: Optional[str] = None
    bold: Optional[bool] = None

    @property
    def is_custom(self) -> bool:
        """True when any custom colour or the bold switch was given (then ``style`` is not used)."""
        return self.background_color is not None or self.font_color is not None or self.bold is not None


@tool(apps=("calc",), changes_document=True)
def conditional_format(context, range: str = Arg("Cells to format: %s." % RANGE_HELP),
                       rule: Literal["equal", "not_equal", "greater", "greater_equal", "less", "less_equal", "between",
                                     "not_between", "formula", "duplicate", "unique", "top_n", "bottom_n",
                                     "top_percent", "bottom_percent", "above_average", "below_average", "list",
                                     "clear", "data_bar", "color_scale", "icon_set"] = Arg(),
                       value: Operand = Arg(
                           "What to compare with: a number, a text, or an expression such as =AVERAGE($B$2:$B$50). "
                           "For rule=formula, a condition written for the top-left cell, e.g. =$C2>100 (relative "
                           "references adjust). For top_n/bottom_n: how many (default 10); for top_percent/"
                           "bottom_percent: the percentage (default 10)."),
                       value2: Operand = Arg("Upper bound for between / not_between."),
                       style: Literal["good", "bad", "neutral", "warning", "error", "accent", "note"] = Arg(
                           "Built-in look (default bad: light red fill, dark red text).", default="bad"),
                       background_color: Optional[str] = Arg(
                           "Custom fill, #RRGGBB or a colour name; for data_bar, the bar's colour."),
                       font_color: Optional[str] = Arg("Custom text colour."),
                       bold: Optional[bool] = None) -> ToolOutcome:
    """Highlight cells of a range that meet a condition (compare with a value, between two values, a formula,
    duplicates or unique values, the top or bottom N or percent, above or below the average), show data bars
    (rule=data_bar), list the rules that apply to a range (rule=list), or remove them (rule=clear). Use a
    built-in style or exact colours of your own. Colour scales and icon sets are refused: LibreOffice's API
    cannot make them in this version.
    """
    document = context.document
    target = resolve(document, range)
    if rule == "list":
        return _list(document, target)
    ensure_sheet_unprotected(target.sheet, "change conditional formatting")
    cell_range = target.cell_range()
    if rule == "clear":
        bars = remove_data_bars(document, target, _overlaps)
        entries = cell_range.getPropertyValue("ConditionalFormat")
        entries.clear()
        cell_range.setPropertyValue("ConditionalFormat", entries)
        whole = [where.replace("$", "") for where in bars if where.replace("$", "") != target.label]
        text = "Removed the conditional formatting of %s." % target.label
        if whole:
            text += " Data bars are removed whole: also gone from %s." % ", ".join(whole)
        return ToolOutcome.success(text,
                                   _("Cleared conditional formats of %s") % target.label)
    if rule in UNAVAILABLE:
        refuse_unavailable(rule)
    if rule == "data_bar":
        ignored = [name for name, given in (("value", value), ("value2", value2), ("font_color", font_color),
                                            ("bold", bold)) if given is not None]
        return add_data_bar(document, target, background_color, ignored)
    if rule in RANKED or rule in AVERAGE:
        formulas = [_ranked_formula(target, rule, value)]
        operator = "formula"
    else:
        formulas = _formulas(document, rule, [value, value2])
        operator = rule
    _check_formulas(context, target, formulas)
    groups = rule_groups(document, target)
    style_name, style_words = _style(document, Highlight(style, background_color, font_color, bold))
    top_left = target.sheet.getCellByPosition(target.ref.start_column, target.ref.start_row).getCellAddress()
    rule_properties = (_property("Operator", OPERATORS[operator]),
                       _property("Formula1", formulas[0] if formulas else ""),
                       _property("Formula2", formulas[1] if len(formulas) > 1 else ""),
                       _property("StyleName", style_name), _property("SourcePosition", top_left))
    for group in groups:
        entries = group.getPropertyValue("ConditionalFormat")
        entries.addNew(rule_properties)
        group.setPropertyValue("ConditionalFormat", entries)
    text = "Cells of %s where %s now show %s." % (target.label, _condition_words(rule, value, value2), style_words)
    return ToolOutcome.success(text, _("Added a conditional format to %s") % target.label)


def _formulas(document, rule: str, operands: List[Operand]) -> List[str]:
    """The rule's operands (``value``, ``value2``) in Calc's API syntax (without ``=``)."""
    if rule in NO_VALUE:
        return []
    needed = 2 if rule in TWO_VALUES else 1
    values = operands[:needed]
    if any(value is None for value in values):
        raise ToolError("The rule '%s' needs %s. Nothing was changed." % (
            rule, "'value' and 'value2'" if needed == 2 else "'value'"))
    names = sheet_names(document)
    if rule == "formula":
        text = str(values[0])
        return [to_api_formula(text if text.startswith("=") else "=" + text, names)[1:]]
    return [condition_operand(value, names) for value in values]


def _ranked_formula(target, rule: str, value: Operand) -> str:
    """The condition (API syntax, no ``=``) for top/bottom N or percent and above/below average."""
    ref = target.ref
    cell = cell_name(ref.start_column, ref.start_row)
    whole = "$%s$%d:$%s$%d" % (column_name(ref.start_column), ref.start_row + 1, column_name(ref.end_column),
                               ref.end_row + 1)
    if rule in AVERAGE:
        return "AND(ISNUMBER(%s);%s%sAVERAGE(%s))" % (cell, cell, AVERAGE[rule], whole)
    count = 10.0 if value is None else value
    try:
        count = float(count)
    except (TypeError, ValueError):
        raise ToolError("For %s, 'value' is a number (how many%s). Nothing was changed." % (
            rule, " percent" if "percent" in rule else "")) from None
    if count <= 0 or ("percent" in rule and count > 100):
        raise ToolError("For %s, 'value' must be above 0%s. Nothing was changed." % (
            rule, " and at most 100" if "percent" in rule else ""))
    if "percent" in rule:
        rank = "MAX(1;INT(COUNT(%s)*%s/100))" % (whole, number_text(count))
    else:
        rank = "MIN(%d;COUNT(%s))" % (int(count), whole)
    return "AND(ISNUMBER(%s);%s%s(%s;%s))" % (cell, cell, RANKED[rule], whole, rank)


def _list(document, target) -> ToolOutcome:
    """Describe the conditional formats touching the target (read only)."""
    lines = []
    for conditional in target.sheet.getPropertyValue("ConditionalFormats").getConditionalFormats():
        ranges = conditional.getPropertyValue("Range")
        addresses = ranges.getRangeAddresses()
        if not any(_overlaps(a, target.ref) for a in addresses):
            continue
        where = ranges.getRangeAddressesAsString().replace("$", "")
        for index in range(conditional.getCount()):
            lines.append("- %s: %s" % (where, _entry_words(document, conditional.getByIndex(index))))
    if not lines:
        return ToolOutcome.success("No conditional formatting applies to %s." % target.label,
                                   _("Listed conditional formats of %s") % target.label)
    return ToolOutcome.success("Conditional formatting that applies to %s (in order of priority):\n%s"
                               % (target.label, "\n".join(lines)),
                               _("Listed conditional formats of %s") % target.label)


def _overlaps(address, ref) -> bool:
    return not (address.EndColumn < ref.start_column or address.StartColumn > ref.end_column
                or address.EndRow < ref.start_row or address.StartRow > ref.end_row)


def _entry_words(document, entry) -> str:
    kind = entry.getType()
    if kind == DATA_BAR:
        return bar_words(entry)
    if kind in ENTRY_KINDS:
        return ENTRY_KINDS[kind]
    operator = entry.getPropertyValue("Operator")
    formula1, formula2 = entry.getPropertyValue("Formula1"), entry.getPropertyValue("Formula2")
    style = entry.getPropertyValue("StyleName")
    words = OPERATOR_WORDS.get(operator, "rule %d" % operator)
    if operator in BOUNDS:
        words += " %s and %s" % (formula1, formula2)
    elif operator == EXPRESSION:
        words = "formula =%s" % formula1
    elif operator not in NO_OPERAND:
        words += " %s" % formula1
    return "%s → style '%s'%s" % (words, style, _style_colours(document, style))


def _style_colours(document, name: str) -> str:
    family = document.getStyleFamilies().getByName("CellStyles")
    if not family.hasByName(name):
        return ""
    style = family.getByName(name)
    parts = []
    if not style.getPropertyValue("IsCellBackgroundTransparent"):
        parts.append("fill %s" % color_hex(style.getPropertyValue("CellBackColor")))
    if style.getPropertyValue("CharColor") != -1:
        parts.append("text %s" % color_hex(style.getPropertyValue("CharColor")))
    return " (%s)" % ", ".join(parts) if parts else ""


def _check_formulas(context, target, formulas) -> None:
    expressions = [f for f in formulas if not f.startswith('"') and not looks_like_number(f)]
    if not expressions:
        return
    problems = syntax_problems(context.office, context.document, target.sheet_name, target.ref.start_column,
                               target.ref.start_row, ["=" + f for f in expressions])
    if problems:
        shown = "; ".join("%s gives %s" % (formula, describe_error(code)) for formula, code in problems)
        raise ToolError("Nothing was changed: the condition does not work in Calc: %s. Write it with English "
                        "function names and commas, for the range's top-left cell (%s), e.g. =$C2>100."
                        % (shown, target.ref.a1().split(":")[0]))


def _style(document, look: Highlight):
    """``(style name, words for the result)``: a built-in style or one made for custom colours."""
    if not look.is_custom:
        return STYLES[look.style], "the '%s' style (%s)" % (STYLES[look.style], STYLE_WORDS[look.style])
    try:
        background = parse_color(look.background_color) if look.background_color is not None else None
        font = parse_color(look.font_color) if look.font_color is not None else None
    except (FormatError, ColorError) as error:
        raise ToolError("Nothing was changed: %s." % error) from None
    return _custom_style(document, background, font, bool(look.bold))


def _custom_style(document, background, font, bold):
    parts = [("fill " + color_hex(background)) if background is not None else "",
             ("text " + color_hex(font)) if font is not None else "", "bold" if bold else ""]
    words = ", ".join(p for p in parts if p)
    name = "Marginalia highlight " + words
    family = document.getStyleFamilies().getByName("CellStyles")
    if not family.hasByName(name):
        def create():
            style = document.createInstance("com.sun.star.style.CellStyle")
            family.insertByName(name, style)
            if background is not None:
                style.setPropertyValue("CellBackColor", background)
            if font is not None:
                style.setPropertyValue("CharColor", font)
            style.setPropertyValue("CharWeight", 150.0 if bold else 100.0)

        def remove():
            if family.hasByName(name):
                family.removeByName(name)
        create()
        record(document, "New cell style " + name, remove, create)
    return name, words


def _condition_words(rule: str, value: Operand, value2: Operand) -> str:
    if rule in RANKED:
        how_many = "%g" % (10.0 if value is None else float(value))
        return "the value is among the %s %s%s of the range" % (
            "highest" if rule.startswith("top") else "lowest", how_many, "%" if "percent" in rule else "")
    if rule in AVERAGE:
        return "the value is %s the range's average" % ("above" if rule == "above_average" else "below")
    if rule in NO_VALUE:
        return "the value is %s in the range" % ("repeated" if rule == "duplicate" else "not repeated")
    if rule == "formula":
        return "%s is true" % value
    if rule in TWO_VALUES:
        return "the value is %s %s and %s" % (rule.replace("_", " "), value, value2)
    return "the value is %s %s" % (rule.replace("_", " "), value)


TOOLS = [conditional_format]
