"""Chart types as people name them, set and read through the chart API's diagram services.

``setDiagram`` with one of the ``com.sun.star.chart.*Diagram`` services turns a chart into
another type while keeping its series and their formatting (colours, labels, trend lines);
bars and columns differ by ``Vertical``, a column chart with lines is a bar diagram whose
last ``NumberOfLines`` series are lines, a stock chart shows opening prices when it has four
value columns (``UpDown``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Literal, Optional

import uno

from ...core.agent.tools import ToolError

ChartKind = Literal["column", "bar", "line", "area", "pie", "donut", "scatter", "bubble", "radar", "stock",
                    "column_line"]
Stacking = Literal["none", "stacked", "percent"]

SERVICES = {"column": "BarDiagram", "bar": "BarDiagram", "line": "LineDiagram", "area": "AreaDiagram",
            "pie": "PieDiagram", "donut": "DonutDiagram", "scatter": "XYDiagram", "bubble": "BubbleDiagram",
            "radar": "NetDiagram", "stock": "StockDiagram", "column_line": "BarDiagram"}
STACKABLE = ("column", "bar", "line", "area", "column_line")
WITH_LINES = ("line", "scatter")
XY_KINDS = ("scatter", "bubble")
"""Types whose first column holds x values, not category labels."""
NO_AXES = ("pie", "donut")
TYPE_PROPERTIES = ("Vertical", "Stacked", "Percent", "Lines", "NumberOfLines", "UpDown", "Volume", "SymbolType",
                   "Dim3D")
"""The diagram properties that make up a type (saved and restored with it)."""


@dataclass(frozen=True)
class KindOptions:
    """How a type is drawn: stacking, lines between points, how many series are lines (column_line)."""

    stacking: Optional[str] = None
    lines: Optional[bool] = None
    line_series: Optional[int] = None


@dataclass(frozen=True)
class SavedType:
    """A chart's type as LibreOffice holds it, to put back exactly (see :func:`restore_type`)."""

    service: str
    properties: Dict[str, object]


def check_kind(kind: str, options: KindOptions) -> None:
    """Refuse options ``kind`` cannot have (before anything changes)."""
    if options.stacking and options.stacking != "none" and kind not in STACKABLE:
        raise ToolError("A %s chart cannot be stacked (only column, bar, line, area and column_line). Nothing was "
                        "changed." % kind)
    if options.lines is not None and kind not in WITH_LINES:
        raise ToolError("lines applies to line and scatter charts, not to a %s chart. Nothing was changed." % kind)


def set_kind(model, kind: str, options: KindOptions, value_columns: int = 0) -> None:
    """Make ``model`` a chart of ``kind`` (``value_columns``: its number of value series, for stock charts)."""
    model.setDiagram(model.createInstance("com.sun.star.chart." + SERVICES[kind]))
    diagram = model.getDiagram()
    if kind in ("column", "bar", "column_line"):
        diagram.Vertical = kind == "bar"
    if kind == "column_line":
        set_property(diagram, "NumberOfLines", options.line_series or 1)
    if kind == "scatter":
        diagram.Lines = bool(options.lines)
    elif kind == "line" and options.lines is not None:
        diagram.Lines = options.lines
    if kind == "stock":
        diagram.UpDown = value_columns >= 4
    if options.stacking and options.stacking != "none":
        diagram.Stacked = True
        diagram.Percent = options.stacking == "percent"


def kind_of(model) -> str:
    """The type of ``model`` in the words of :data:`ChartKind` (or the service's own name)."""
    diagram = model.getDiagram()
    service = diagram.getDiagramType().rsplit(".", 1)[-1]
    if service == "BarDiagram":
        if _property(diagram, "NumberOfLines"):
            return "column_line"
        return "bar" if diagram.Vertical else "column"
    for kind, name in SERVICES.items():
        if name == service:
            return kind
    return service


def stacking_of(model) -> str:
    """``none``, ``stacked`` or ``percent``."""
    diagram = model.getDiagram()
    if _property(diagram, "Percent"):
        return "percent"
    return "stacked" if _property(diagram, "Stacked") else "none"


def save_type(model) -> SavedType:
    """The chart's type with the properties that make it (see :func:`restore_type`)."""
    diagram = model.getDiagram()
    info = diagram.getPropertySetInfo()
    properties = {name: diagram.getPropertyValue(name) for name in TYPE_PROPERTIES if info.hasPropertyByName(name)}
    return SavedType(diagram.getDiagramType(), properties)


def restore_type(model, saved: SavedType) -> None:
    """Give ``model`` the type :func:`save_type` read."""
    model.setDiagram(model.createInstance(saved.service))
    diagram = model.getDiagram()
    info = diagram.getPropertySetInfo()
    for name, value in saved.properties.items():
        if info.hasPropertyByName(name):
            set_property(diagram, name, value)


def data_row_source(in_rows: bool):
    """The ``ChartDataRowSource`` value for series in rows or in columns."""
    return uno.Enum("com.sun.star.chart.ChartDataRowSource", "ROWS" if in_rows else "COLUMNS")


def set_property(target, name: str, value) -> None:
    """Set a property; integers go as UNO ``long``.

    pyuno sends a small Python int as a smaller UNO type, and chart2's property sets keep the
    type of the value first set: a series' ``Color`` once set to black (0) then drops the red
    byte of every later colour (0xFF420E reads back 0x420E; measured).
    """
    setattr(target, name, uno.Any("long", value) if isinstance(value, int) and not isinstance(value, bool) else value)


def all_series(model) -> list:
    """Every chart2 data series of the chart, in order."""
    found = []
    diagram = model.getFirstDiagram()
    if diagram is None:  # a chart drawn by an add-in
        return found
    for system in diagram.getCoordinateSystems():
        for chart_type in system.getChartTypes():
            found.extend(chart_type.getDataSeries())
    return found


def _property(diagram, name: str):
    info = diagram.getPropertySetInfo()
    return diagram.getPropertyValue(name) if info.hasPropertyByName(name) else None
