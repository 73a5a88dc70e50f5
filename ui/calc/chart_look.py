"""How a chart looks: titles, legend, axes, gridlines, data labels, trend lines, colours and markers.

:func:`apply_look` sets what a :class:`Look` gives (None: left as it is) and returns what it
could not honour, plus a :class:`Restorer` that puts back what it changed: LibreOffice does
not record changes made inside a chart for Calc's undo, so ``edit_chart`` records its own
step with it (see :mod:`.chart_edit`). Titles, legend and axes go through the chart API's
diagram (``HasXAxis``, ``getYAxis().Max``…); labels, trend lines, colours and markers
through each chart2 data series.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, List, Literal, Optional, Tuple, Union

import uno

from ...core.agent.declare import Arg
from ...core.agent.tools import ToolError
from ...core.colors import ColorError, parse_color
from .chart_kinds import NO_AXES, XY_KINDS, all_series, set_property

LabelPart = Literal["value", "percent", "category", "series"]
LegendPosition = Literal["right", "left", "top", "bottom"]
Marker = Literal["none", "auto", "square", "diamond", "triangle", "circle", "star", "x", "plus"]
TrendKind = Literal["none", "linear", "exponential", "logarithmic", "power", "polynomial", "moving_average"]
Bound = Union[float, str, None]
"""A number or "auto" (written flat: see tests/office/test_toolset.py)."""

LEGEND_POSITIONS = {"right": "RIGHT", "left": "LEFT", "top": "TOP", "bottom": "BOTTOM"}
MARKERS = {"square": 0, "diamond": 1, "triangle": 3, "circle": 8, "star": 9, "x": 10, "plus": 11}
"""Marker shapes: ``StandardSymbol`` numbers of chart2's Symbol."""
CURVES = {"linear": "LinearRegressionCurve", "exponential": "ExponentialRegressionCurve",
          "logarithmic": "LogarithmicRegressionCurve", "power": "PotentialRegressionCurve",
          "polynomial": "PolynomialRegressionCurve", "moving_average": "MovingAverageRegressionCurve"}
LABEL_FIELDS = {"value": "ShowNumber", "percent": "ShowNumberInPercent", "category": "ShowCategoryName",
                "series": "ShowSeriesName"}
NO_TRENDLINES = ("pie", "donut", "stock", "radar")
WITH_MARKERS = ("line", "scatter", "column_line", "radar")


@dataclass(frozen=True)
class AxisLook:
    """One axis: shown or not, its scale and gridlines (left out: unchanged)."""

    visible: Optional[bool] = Arg("false hides the axis.")
    min: Bound = Arg('Lowest value shown, or "auto".')
    max: Bound = Arg('Highest value shown, or "auto".')
    step: Bound = Arg('Distance between major marks, or "auto".')
    logarithmic: Optional[bool] = Arg("Logarithmic scale.")
    gridlines: Optional[bool] = Arg("Major gridlines.")


@dataclass(frozen=True)
class Trendline:
    """A trend line on the series."""

    kind: TrendKind = Arg("none removes trend lines.")
    show_equation: bool = False
    show_r_squared: bool = False
    degree: int = Arg("Polynomial degree, or the moving average's period.", default=2, minimum=2, maximum=20)
    series: Optional[List[int]] = Arg("Only these series (1 = the first; default: all).")


@dataclass(frozen=True)
class Look:
    """Everything :func:`apply_look` can set; None leaves a part as it is ("" removes a title)."""

    title: Optional[str] = None
    x_axis_title: Optional[str] = None
    y_axis_title: Optional[str] = None
    legend: Optional[bool] = None
    legend_position: Optional[str] = None
    x_axis: Optional[AxisLook] = None
    y_axis: Optional[AxisLook] = None
    data_labels: Optional[List[str]] = None
    trendline: Optional[Trendline] = None
    colors: Optional[List[str]] = None
    markers: Optional[str] = None


@dataclass
class Restorer:
    """Closures that put back what was changed, run newest first."""

    steps: List[Callable[[], None]] = field(default_factory=list)

    def add(self, step: Callable[[], None]) -> None:
        """Remember how to put one change back."""
        self.steps.append(step)

    def restore(self) -> None:
        """Put everything back."""
        for step in reversed(self.steps):
            step()


def check_look(look: Look, kind: str) -> None:
    """Refuse what cannot be set at all (before anything changes)."""
    if look.colors is not None:
        for text in look.colors:
            try:
                parse_color(text)
            except ColorError as error:
                raise ToolError("colors: %s. Nothing was changed." % error) from None
    for name, axis in (("x_axis", look.x_axis), ("y_axis", look.y_axis)):
        for part in ("min", "max", "step"):
            value = getattr(axis, part) if axis is not None else None
            if isinstance(value, str) and value.strip().lower() != "auto":
                raise ToolError('%s.%s must be a number or "auto", not "%s". Nothing was changed.'
                                % (name, part, value))
    if look.trendline is not None and look.trendline.kind != "none" and kind in NO_TRENDLINES:
        raise ToolError("A %s chart cannot have trend lines. Nothing was changed." % kind)


def apply_look(model, look: Look, kind: str, ctx) -> Tuple[List[str], Restorer]:
    """Set ``look`` on ``model`` (a chart of ``kind``); ``(what was ignored, how to undo it)``."""
    ignored: List[str] = []
    undo = Restorer()
    _titles(model, look, kind, ignored, undo)
    if model.getFirstDiagram() is None:
        rest = [name for name, value in vars(look).items() if value is not None and "title" not in name]
        if rest:
            ignored.append("%s (the chart is drawn by an add-in: only its titles can change)" % ", ".join(rest))
        return ignored, undo
    _legend(model, look, undo)
    for letter, axis in (("X", look.x_axis), ("Y", look.y_axis)):
        if axis is not None:
            _axis(model, letter, axis, kind, ignored, undo)
    series = all_series(model)
    if look.data_labels is not None:
        _labels(series, look.data_labels, undo)
    if look.trendline is not None:
        _trendlines(series, look.trendline, ctx, ignored, undo)
    if look.colors is not None:
        _colors(series, [parse_color(text) for text in look.colors], kind, ignored, undo)
    if look.markers is not None:
        if kind in WITH_MARKERS:
            _markers(series, look.markers, undo)
        else:
            ignored.append("markers (only line, scatter, radar and column_line charts have them)")
    return ignored, undo


def _set_keeping(undo: Restorer, target, name: str, value) -> None:
    """Set ``target.name`` to ``value``, remembering the old value."""
    old = getattr(target, name)
    undo.add(lambda: set_property(target, name, old))
    set_property(target, name, value)


def _titles(model, look: Look, kind: str, ignored: List[str], undo: Restorer) -> None:
    if look.title is not None:
        _title(undo, model, "HasMainTitle", model.getTitle, look.title)
    axis_titles = [(letter, text) for letter, text in (("X", look.x_axis_title), ("Y", look.y_axis_title))
                   if text is not None]
    if axis_titles and kind in NO_AXES:
        ignored.append("axis titles (a %s chart has no axes)" % kind)
        return
    diagram = model.getDiagram()
    for letter, text in axis_titles:
        _title(undo, diagram, "Has%sAxisTitle" % letter, getattr(diagram, "get%sAxisTitle" % letter), text)


def _title(undo: Restorer, owner, flag: str, title_of, text: str) -> None:
    """Show ``text`` as the title (``title_of()`` gives the title object), or remove the title when ``text`` is "".

    A removed title is a new object when shown again: its text is put back with the flag.
    """
    shown = getattr(owner, flag)
    old_text = title_of().String if shown else ""

    def put_back():
        setattr(owner, flag, shown)
        if shown:
            title_of().String = old_text
    undo.add(put_back)
    setattr(owner, flag, bool(text))
    if text:
        title_of().String = text


def _legend(model, look: Look, undo: Restorer) -> None:
    shown = look.legend
    if look.legend_position is not None and shown is None:
        shown = True
    if shown is not None:
        _set_keeping(undo, model, "HasLegend", shown)
    if shown and look.legend_position is not None:
        position = uno.Enum("com.sun.star.chart.ChartLegendPosition", LEGEND_POSITIONS[look.legend_position])
        _set_keeping(undo, model.getLegend(), "Alignment", position)


def _axis(model, letter: str, axis: AxisLook, kind: str, ignored: List[str], undo: Restorer) -> None:
    if kind in NO_AXES:
        ignored.append("%s axis settings (a %s chart has no axes)" % (letter.lower(), kind))
        return
    diagram = model.getDiagram()
    if axis.visible is not None:
        _set_keeping(undo, diagram, "Has%sAxis" % letter, axis.visible)
    if axis.gridlines is not None:
        _set_keeping(undo, diagram, "Has%sAxisGrid" % letter, axis.gridlines)
    scale = [(part, getattr(axis, part)) for part in ("min", "max", "step") if getattr(axis, part) is not None]
    if letter == "X" and kind not in XY_KINDS and (scale or axis.logarithmic is not None):
        ignored.append("x axis min, max, step and logarithmic (a %s chart's x axis shows categories; only scatter "
                       "and bubble charts have a numeric x axis)" % kind)
        return
    target = diagram.getXAxis() if letter == "X" else diagram.getYAxis()
    for part, value in scale:
        name = {"min": "Min", "max": "Max", "step": "StepMain"}[part]
        if isinstance(value, str):  # "auto" (checked)
            _set_keeping(undo, target, "Auto" + name, True)
        else:
            _set_keeping(undo, target, "Auto" + name, False)
            _set_keeping(undo, target, name, float(value))
    if axis.logarithmic is not None:
        _set_keeping(undo, target, "Logarithmic", axis.logarithmic)


def _labels(series: list, parts: List[str], undo: Restorer) -> None:
    for item in series:
        label = item.Label
        for part, name in LABEL_FIELDS.items():
            setattr(label, name, part in parts)
        _set_keeping(undo, item, "Label", label)


def _trendlines(series: list, trend: Trendline, ctx, ignored: List[str], undo: Restorer) -> None:
    chosen = [number for number in (trend.series or range(1, len(series) + 1))]
    outside = [number for number in chosen if not 1 <= number <= len(series)]
    if outside:
        ignored.append("trend line on series %s (the chart has %d series)" % (
            ", ".join(str(n) for n in outside), len(series)))
    for number in chosen:
        if 1 <= number <= len(series):
            _replace_curves(series[number - 1], trend, ctx, undo)


def _replace_curves(item, trend: Trendline, ctx, undo: Restorer) -> None:
    old = tuple(item.getRegressionCurves())

    def put_back():
        for curve in item.getRegressionCurves():
            item.removeRegressionCurve(curve)
        for curve in old:
            item.addRegressionCurve(curve)
    undo.add(put_back)
    for curve in old:
        item.removeRegressionCurve(curve)
    if trend.kind == "none":
        return
    curve = ctx.ServiceManager.createInstanceWithContext("com.sun.star.chart2." + CURVES[trend.kind], ctx)
    if trend.kind == "polynomial":
        set_property(curve, "PolynomialDegree", min(trend.degree, 6))
    elif trend.kind == "moving_average":
        set_property(curve, "MovingAveragePeriod", trend.degree)
    item.addRegressionCurve(curve)
    equation = curve.getEquationProperties()
    equation.ShowEquation = trend.show_equation
    equation.ShowCorrelationCoefficient = trend.show_r_squared


def _colors(series: list, colors: List[int], kind: str, ignored: List[str], undo: Restorer) -> None:
    if kind in ("pie", "donut") and len(series) == 1:  # one series: a colour per slice
        item = series[0]
        count = len(item.getDataSequences()[0].getValues().getData()) if item.getDataSequences() else 0
        for index, color in enumerate(colors[:count]):
            _set_keeping(undo, item.getDataPointByIndex(index), "Color", color)
        if len(colors) > count:
            ignored.append("%d colour(s) beyond the %d slices" % (len(colors) - count, count))
        return
    for item, color in zip(series, colors):
        _set_keeping(undo, item, "Color", color)
    if len(colors) > len(series):
        ignored.append("%d colour(s) beyond the %d series" % (len(colors) - len(series), len(series)))


def _markers(series: list, marker: str, undo: Restorer) -> None:
    style = {"none": "NONE", "auto": "AUTO"}.get(marker, "STANDARD")
    for item in series:
        symbol = item.Symbol
        symbol.Style = uno.Enum("com.sun.star.chart2.SymbolStyle", style)
        if style == "STANDARD":
            symbol.StandardSymbol = MARKERS[marker]
        _set_keeping(undo, item, "Symbol", symbol)
