"""``create_chart``: a chart from a range, with its type, title, axis titles, legend and place.

The chart is inserted with ``XTableCharts.addNewByName`` (Calc records the insertion
for undo; undoing it removes the chart with everything set on it afterwards), then
its type and titles are set on the embedded chart document.
"""
from __future__ import annotations

import uno
from com.sun.star.awt import Rectangle

from ...core.calc.cell_address import RangeRef
from ...core.calc.cell_format import FormatError, size_hundredths_mm
from ...core.i18n import N_, _
from ...core.agent.tools import Tool, ToolError, ToolOutcome
from .addresses import RANGE_HELP, resolve, sheet_size
from .guards import ensure_sheet_unprotected
from .table_header import detect_header

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


def create_chart(context, args) -> ToolOutcome:
    """Insert a chart of a range."""
    document = context.document
    data = resolve(document, args["data_range"])
    kind = args.get("type", "column")
    if data.ref.is_single_cell:
        raise ToolError("A chart needs a range of several cells, e.g. A1:C10, not %s." % data.label)
    if not data.cell_range().queryContentCells(1 | 16).getCount():
        raise ToolError("%s holds no numbers (or formulas) to chart. Nothing was changed." % data.label)
    anchor = resolve(document, args["anchor"]) if args.get("anchor") else data.sub(_beside(data))
    ensure_sheet_unprotected(anchor.sheet, "insert a chart")
    charts = anchor.sheet.getCharts()
    name = args.get("name") or _free_name(charts)
    if charts.hasByName(name):
        raise ToolError("There is already a chart named '%s' on '%s'. Nothing was changed." % (name, anchor.sheet_name))
    try:
        area = _rectangle(anchor, args)
    except FormatError as error:
        raise ToolError("Nothing was changed: %s." % error) from None
    header = args["first_row_is_header"] if "first_row_is_header" in args else detect_header(document, data)
    labels = args["first_column_is_labels"] if "first_column_is_labels" in args else _text_first_column(data, header)
    if kind == "scatter" and "first_column_is_labels" not in args:
        labels = False  # the first column holds the x values
    charts.addNewByName(name, area, (data.cell_range().getRangeAddress(),), header, labels)
    chart = charts.getByName(name).getEmbeddedObject()
    _style_chart(chart, kind, args)
    series = _series_names(chart, args.get("series_in_rows", False))
    text = "Created a %s chart '%s' of %s at %s with %d series (%s)%s." % (
        kind, name, data.label, anchor.ref.label().split(":")[0], len(series), ", ".join(series[:8]),
        ", titled \"%s\"" % args["title"] if args.get("title") else "")
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


def _rectangle(anchor, args) -> Rectangle:
    cell = anchor.sheet.getCellByPosition(anchor.ref.start_column, anchor.ref.start_row)
    position = cell.getPropertyValue("Position")
    width = size_hundredths_mm(args.get("width_cm", DEFAULT_WIDTH_CM), "width_cm")
    height = size_hundredths_mm(args.get("height_cm", DEFAULT_HEIGHT_CM), "height_cm")
    return Rectangle(position.X, position.Y, width, height)


def _text_first_column(data, header: bool) -> bool:
    """True when the first column (below the header) holds text: category labels."""
    ref = data.ref
    first = ref.start_row + (1 if header else 0)
    column = data.sheet.getCellRangeByPosition(ref.start_column, first, ref.start_column, ref.end_row)
    numbers = column.queryContentCells(1 | 2 | 16).getCount()
    return bool(column.queryContentCells(4).getCount()) and not numbers


def _style_chart(chart, kind: str, args) -> None:
    service, vertical = CHART_TYPES[kind]
    chart.setDiagram(chart.createInstance(service))
    diagram = chart.getDiagram()
    if vertical is not None:
        diagram.setPropertyValue("Vertical", vertical)
    if args.get("stacked") and kind in ("column", "bar", "line", "area"):
        diagram.setPropertyValue("Stacked", True)
    if args.get("series_in_rows"):
        diagram.setPropertyValue("DataRowSource", uno.Enum("com.sun.star.chart.ChartDataRowSource", "ROWS"))
    if args.get("title"):
        chart.setPropertyValue("HasMainTitle", True)
        chart.getTitle().setPropertyValue("String", args["title"])
    if kind not in NO_AXES:
        for axis, key in (("X", "x_axis_title"), ("Y", "y_axis_title")):
            if args.get(key):
                diagram.setPropertyValue("Has%sAxisTitle" % axis, True)
                title = diagram.getXAxisTitle() if axis == "X" else diagram.getYAxisTitle()
                title.setPropertyValue("String", args[key])
    chart.setPropertyValue("HasLegend", args.get("legend", True))


def _series_names(chart, in_rows: bool):
    data = chart.getData()
    names = data.getRowDescriptions() if in_rows else data.getColumnDescriptions()
    return [name or "unnamed" for name in names]


TOOLS = [
    Tool(
        name="create_chart",
        description=("Create a chart from a range (first row: series names, first column: category labels, "
                     "detected when not given). Types: column, bar, line, area, pie, donut, scatter, radar."),
        parameters={"type": "object", "properties": {
            "data_range": {"type": "string", "description": "The data, headers included: %s." % RANGE_HELP},
            "type": {"type": "string", "enum": list(CHART_TYPES), "description": "Default column."},
            "title": {"type": "string"},
            "x_axis_title": {"type": "string"},
            "y_axis_title": {"type": "string"},
            "anchor": {"type": "string", "description": "Cell for the chart's top-left corner, e.g. E2 or "
                                                        "Charts.A1 (default: right of the data)."},
            "width_cm": {"type": "number", "minimum": 2, "maximum": 50},
            "height_cm": {"type": "number", "minimum": 2, "maximum": 50},
            "first_row_is_header": {"type": "boolean", "description": "First row holds the series names."},
            "first_column_is_labels": {"type": "boolean", "description": "First column holds category labels."},
            "series_in_rows": {"type": "boolean", "description": "Each row is a series (default: each column)."},
            "stacked": {"type": "boolean", "description": "Stack the series (column, bar, line, area)."},
            "legend": {"type": "boolean", "description": "Show the legend (default true)."},
            "name": {"type": "string", "description": "The chart's name (default Chart N)."},
        }, "required": ["data_range"], "additionalProperties": False},
        handler=create_chart, apps=("calc",), changes_document=True),
]
