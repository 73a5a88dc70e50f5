"""``create_chart``: a chart from a range, with its type, title, axis titles, legend and place.

The chart is inserted with ``XTableCharts.addNewByName`` (Calc records the insertion
for undo; undoing it removes the chart with everything set on it afterwards), then
its type and titles are set on the embedded chart document.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional

import uno
from com.sun.star.awt import Rectangle

from ...core.calc.cell_address import RangeRef
from ...core.calc.cell_format import FormatError, size_hundredths_mm
from ...core.i18n import N_, _
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from .addresses import RANGE_HELP, resolve, sheet_size
from .guards import ensure_sheet_unprotected
from .table_header import detect_header

ChartType = Literal["column", "bar", "line", "area", "pie", "donut", "scatter", "radar"]
CHART_TYPES = {  # name → (old chart API diagram service, Vertical for bars)
    "column": ("com.sun.star.chart.BarDiagram", False), "bar": ("com.sun.star.chart.BarDiagram", True),
    "line": ("com.sun.star.chart.LineDiagram", None), "area": ("com.sun.star.chart.AreaDiagram", None),
    "pie": ("com.sun.star.chart.PieDiagram", None), "donut": ("com.sun.star.chart.DonutDiagram", None),
    "scatter": ("com.sun.star.chart.XYDiagram", None), "radar": ("com.sun.star.chart.NetDiagram", None),
}
NO_AXES = ("pie", "donut")
SUMMARIES = {"column": N_("Created a column chart of %s"), "bar": N_("Created a bar chart of %s"),
             "line": N_("Created a line chart of %s"), "area": N_("Created an area chart of %s"),
             "pie": N_("Created a pie chart of %s"), "donut": N_("Created a donut chart of %s"),
             "scatter": N_("Created a scatter chart of %s"), "radar": N_("Created a radar chart of %s")}
"""The transcript line per chart type (English; shown through ``_()``)."""
DEFAULT_WIDTH_CM, DEFAULT_HEIGHT_CM = 16.0, 9.0


@dataclass(frozen=True)
class ChartLook:
    """What a create_chart call sets on the chart besides its type."""

    title: Optional[str] = None
    x_axis_title: Optional[str] = None
    y_axis_title: Optional[str] = None
    stacked: bool = False
    series_in_rows: bool = False
    legend: bool = True


@tool(apps=("calc",), changes_document=True)
def create_chart(context, data_range: str = Arg("The data, headers included: %s." % RANGE_HELP),
                 type: ChartType = Arg("Default column.", default="column"),
                 title: Optional[str] = None, x_axis_title: Optional[str] = None, y_axis_title: Optional[str] = None,
                 anchor: Optional[str] = Arg("Cell for the chart's top-left corner, e.g. E2 or Charts.A1 (default: "
                                             "right of the data)."),
                 width_cm: float = Arg(default=DEFAULT_WIDTH_CM, minimum=2, maximum=50),
                 height_cm: float = Arg(default=DEFAULT_HEIGHT_CM, minimum=2, maximum=50),
                 first_row_is_header: Optional[bool] = Arg("First row holds the series names."),
                 first_column_is_labels: Optional[bool] = Arg("First column holds category labels."),
                 series_in_rows: bool = Arg("Each row is a series (default: each column).", default=False),
                 stacked: bool = Arg("Stack the series (column, bar, line, area).", default=False),
                 legend: bool = Arg("Show the legend (default true).", default=True),
                 name: Optional[str] = Arg("The chart's name (default Chart N).")) -> ToolOutcome:
    """Create a chart from a range (first row: series names, first column: category labels, detected when not
    given). Types: column, bar, line, area, pie, donut, scatter, radar.
    """
    document, kind = context.document, type
    data = resolve(document, data_range)
    if data.ref.is_single_cell:
        raise ToolError("A chart needs a range of several cells, e.g. A1:C10, not %s." % data.label)
    if not data.cell_range().queryContentCells(1 | 16).getCount():
        raise ToolError("%s holds no numbers (or formulas) to chart. Nothing was changed." % data.label)
    place = resolve(document, anchor) if anchor else data.sub(_beside(data))
    ensure_sheet_unprotected(place.sheet, "insert a chart")
    charts = place.sheet.getCharts()
    name = name or _free_name(charts)
    if charts.hasByName(name):
        raise ToolError("There is already a chart named '%s' on '%s'. Nothing was changed." % (name, place.sheet_name))
    try:
        area = _rectangle(place, width_cm, height_cm)
    except FormatError as error:
        raise ToolError("Nothing was changed: %s." % error) from None
    header = detect_header(document, data) if first_row_is_header is None else first_row_is_header
    labels = first_column_is_labels
    if labels is None:  # in a scatter chart the first column holds the x values
        labels = False if kind == "scatter" else _text_first_column(data, header)
    charts.addNewByName(name, area, (data.cell_range().getRangeAddress(),), header, labels)
    chart = charts.getByName(name).getEmbeddedObject()
    _style_chart(chart, kind, ChartLook(title, x_axis_title, y_axis_title, stacked, series_in_rows, legend))
    series = _series_names(chart, series_in_rows)
    text = "Created a %s chart '%s' of %s at %s with %d series (%s)%s." % (
        kind, name, data.label, place.ref.label().split(":")[0], len(series), ", ".join(series[:8]),
        ", titled \"%s\"" % title if title else "")
    return ToolOutcome.success(text, _(SUMMARIES[kind]) % data.label)


def _beside(data) -> RangeRef:
    """The cell one column to the right of the data, on its first row (within the sheet)."""
    ref = data.ref
    column = min(ref.end_column + 2, sheet_size(data.sheet)[0] - 1)
    return RangeRef(ref.sheet, column, ref.start_row, column, ref.start_row)


def _free_name(charts) -> str:
    number = charts.getCount() + 1
    while charts.hasByName("Chart %d" % number):
        number += 1
    return "Chart %d" % number


def _rectangle(anchor, width_cm: float, height_cm: float) -> Rectangle:
    cell = anchor.sheet.getCellByPosition(anchor.ref.start_column, anchor.ref.start_row)
    position = cell.getPropertyValue("Position")
    width = size_hundredths_mm(width_cm, "width_cm")
    height = size_hundredths_mm(height_cm, "height_cm")
    return Rectangle(position.X, position.Y, width, height)


def _text_first_column(data, header: bool) -> bool:
    """True when the first column (below the header) holds text: category labels."""
    ref = data.ref
    first = ref.start_row + (1 if header else 0)
    column = data.sheet.getCellRangeByPosition(ref.start_column, first, ref.start_column, ref.end_row)
    numbers = column.queryContentCells(1 | 2 | 16).getCount()
    return bool(column.queryContentCells(4).getCount()) and not numbers


def _style_chart(chart, kind: str, look: ChartLook) -> None:
    service, vertical = CHART_TYPES[kind]
    chart.setDiagram(chart.createInstance(service))
    diagram = chart.getDiagram()
    if vertical is not None:
        diagram.setPropertyValue("Vertical", vertical)
    if look.stacked and kind in ("column", "bar", "line", "area"):
        diagram.setPropertyValue("Stacked", True)
    if look.series_in_rows:
        diagram.setPropertyValue("DataRowSource", uno.Enum("com.sun.star.chart.ChartDataRowSource", "ROWS"))
    if look.title:
        chart.setPropertyValue("HasMainTitle", True)
        chart.getTitle().setPropertyValue("String", look.title)
    if kind not in NO_AXES:
        for axis, text in (("X", look.x_axis_title), ("Y", look.y_axis_title)):
            if text:
                diagram.setPropertyValue("Has%sAxisTitle" % axis, True)
                title = diagram.getXAxisTitle() if axis == "X" else diagram.getYAxisTitle()
                title.setPropertyValue("String", text)
    chart.setPropertyValue("HasLegend", look.legend)


def _series_names(chart, in_rows: bool):
    data = chart.getData()
    names = data.getRowDescriptions() if in_rows else data.getColumnDescriptions()
    return [name or "unnamed" for name in names]


TOOLS = [create_chart]
