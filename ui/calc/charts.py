"""``create_chart``: a chart of a range, of separate ranges per series, or of a pivot table, finished in one call.

The chart is inserted with ``XTableCharts.addNewByName`` (or ``XTablePivotCharts`` for a
pivot chart): Calc records the insertion for undo, and undoing it removes the chart with
everything set on it afterwards. Then its type (:mod:`.chart_kinds`), its data
(:mod:`.chart_data`) and its look (:mod:`.chart_look`) are set on the embedded chart
document, in that order: the type decides how the data is read. Names are unique in the
whole document (:mod:`.chart_place`).
"""
from __future__ import annotations

from typing import List, Optional

from ...core.calc.cell_address import RangeRef
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ...core.i18n import N_, _
from .addresses import RANGE_HELP, Target, resolve
from .chart_data import (RangeData, SeriesSource, attach_ranges, attach_series, range_data, resolve_series,
                         series_names)
from .chart_kinds import ChartKind, KindOptions, check_kind, set_kind
from .chart_look import AxisLook, LabelPart, LegendPosition, Look, Marker, Trendline, apply_look, check_look
from .chart_place import OWN_SHEET_SIZE_CM, add_sheet, beside, chart_name, check_new_sheet_name, rectangle_at
from .guards import ensure_sheet_unprotected
from .pivot_place import find_pivot

SUMMARIES = {"column": N_("Created a column chart of %s"), "bar": N_("Created a bar chart of %s"),
             "line": N_("Created a line chart of %s"), "area": N_("Created an area chart of %s"),
             "pie": N_("Created a pie chart of %s"), "donut": N_("Created a donut chart of %s"),
             "scatter": N_("Created a scatter chart of %s"), "radar": N_("Created a radar chart of %s"),
             "bubble": N_("Created a bubble chart of %s"), "stock": N_("Created a stock chart of %s"),
             "column_line": N_("Created a column and line chart of %s")}
"""The transcript line per chart type (English; shown through ``_()``)."""
DEFAULT_WIDTH_CM, DEFAULT_HEIGHT_CM = 16.0, 9.0

# Parameters create_chart and edit_chart share (one description each).
DATA_RANGE = Arg("The data, headers included: %s. Several ranges joined by commas (e.g. A1:A13,C1:C13): the first "
                 "holds the categories (or x values)." % RANGE_HELP)
SERIES = Arg("Instead of data_range: each series with its own ranges.")
FIRST_ROW = Arg("The first row holds labels: series names (categories when series_in_rows). Default: detected.")
FIRST_COLUMN = Arg("The first column holds labels: categories (series names when series_in_rows). Default: "
                   "detected; scatter and bubble take it as x values.")
IN_ROWS = Arg("Each row is a series (default: each column).")
PERCENT_STACKED = Arg("Stack the series to 100% (column, bar, line, area).")
LINES = Arg("Join the points with lines (scatter: default false; line: default true).")
MARKERS = Arg("Point markers (line, scatter, radar, column_line).")
LINE_SERIES = Arg("column_line: how many of the last series are lines (default 1).", minimum=1, maximum=20)
LEGEND_POSITION = Arg("Where the legend goes (shows it).")
DATA_LABELS = Arg("What each point's label shows ([] removes labels): value, percent, category, series.")
TRENDLINE = Arg("A trend line on the series (with its equation and R² if asked).")
COLORS = Arg("A colour per series in order (#RRGGBB or a name); a pie's colours go to its slices.")
AXIS = Arg("The axis: visible, min, max, step, logarithmic, gridlines.")


@tool(apps=("calc",), changes_document=True)
def create_chart(context, data_range: Optional[str] = DATA_RANGE,
                 type: ChartKind = Arg("Default column.", default="column"),
                 title: Optional[str] = None, x_axis_title: Optional[str] = None, y_axis_title: Optional[str] = None,
                 anchor: Optional[str] = Arg("Cell for the chart's top-left corner, e.g. E2 or Charts.A1 (default: "
                                             "right of the data)."),
                 width_cm: Optional[float] = Arg("Default 16 (25 on a sheet of its own).", minimum=2, maximum=50),
                 height_cm: Optional[float] = Arg("Default 9 (15 on a sheet of its own).", minimum=2, maximum=50),
                 first_row_is_header: Optional[bool] = FIRST_ROW,
                 first_column_is_labels: Optional[bool] = FIRST_COLUMN,
                 series_in_rows: bool = Arg(IN_ROWS.description, default=False),
                 stacked: bool = Arg("Stack the series (column, bar, line, area).", default=False),
                 legend: bool = Arg("Show the legend (default true).", default=True),
                 name: Optional[str] = Arg("The chart's name, unique in the document (default Chart N)."),
                 series: Optional[List[SeriesSource]] = SERIES,
                 pivot_table: Optional[str] = Arg("Instead of data_range: chart this pivot table's result (a pivot "
                                                  "chart)."),
                 new_sheet: Optional[str] = Arg("Put the chart alone on a new sheet of this name."),
                 percent_stacked: bool = Arg(PERCENT_STACKED.description, default=False),
                 lines: Optional[bool] = LINES, markers: Optional[Marker] = MARKERS,
                 line_series: Optional[int] = LINE_SERIES,
                 legend_position: Optional[LegendPosition] = LEGEND_POSITION,
                 x_axis: Optional[AxisLook] = AXIS, y_axis: Optional[AxisLook] = AXIS,
                 data_labels: Optional[List[LabelPart]] = DATA_LABELS, trendline: Optional[Trendline] = TRENDLINE,
                 colors: Optional[List[str]] = COLORS) -> ToolOutcome:
    """Create a chart from data_range (labels detected), from series given one by one, or from a pivot table.
    Types: column, bar, line, area, pie, donut, scatter, bubble, radar, stock, column_line (columns with the last
    series as lines). Also sets titles, legend, axes (scale, log, gridlines), data labels, trend line, colours,
    markers; at anchor or on a new sheet.
    """
    document, kind = context.document, type
    options = KindOptions("percent" if percent_stacked else "stacked" if stacked else None, lines, line_series)
    look = Look(title, x_axis_title, y_axis_title, legend, legend_position, x_axis, y_axis, data_labels, trendline,
                colors, markers)
    check_look(look, kind)
    check_kind(kind, options)
    source = _source(document, data_range, series, pivot_table, kind, first_row_is_header, first_column_is_labels,
                     series_in_rows)
    if new_sheet:
        check_new_sheet_name(document, new_sheet)
        place = None
        width_cm, height_cm = width_cm or OWN_SHEET_SIZE_CM[0], height_cm or OWN_SHEET_SIZE_CM[1]
    else:
        place = resolve(document, anchor) if anchor else beside(source.first)
        ensure_sheet_unprotected(place.sheet, "insert a chart")
    name = chart_name(document, name)
    if place is None:
        place = add_sheet(document, new_sheet)
    area = rectangle_at(place, width_cm or DEFAULT_WIDTH_CM, height_cm or DEFAULT_HEIGHT_CM)
    model = source.insert(place.sheet, name, area)
    model.lockControllers()
    try:
        set_kind(model, kind, options, source.value_series())
        source.attach(model, context.office, kind)
        ignored = apply_look(model, look, kind, context.office)[0]
    finally:
        model.unlockControllers()
    names = series_names(model)
    text = "Created a %s chart '%s' of %s at %s with %d series (%s)%s.%s" % (
        kind, name, source.label, place.ref.label().split(":")[0], len(names), ", ".join(names[:8]),
        ", titled \"%s\"" % title if title else "", " Ignored: %s." % "; ".join(ignored) if ignored else "")
    return ToolOutcome.success(text, _(SUMMARIES[kind]) % source.label)


class _Source:
    """What a new chart shows, and how it is inserted and given its data."""

    label = ""

    @property
    def first(self) -> Target:
        """Where the data starts (the chart goes to its right by default)."""
        raise NotImplementedError

    def value_series(self) -> int:
        """How many value series (for stock charts); 0 when unknown."""
        return 0

    def insert(self, sheet, name: str, area):
        """Insert the chart; its chart document."""
        charts = sheet.getCharts()
        charts.addNewByName(name, area, self._addresses(), True, False)
        return charts.getByName(name).getEmbeddedObject()

    def _addresses(self):
        raise NotImplementedError

    def attach(self, model, ctx, kind: str) -> None:
        """Give the chart its data (its type is set)."""


class _Ranges(_Source):
    def __init__(self, data: RangeData):
        self.data, self.label = data, data.label

    @property
    def first(self) -> Target:
        first = self.data.targets[0]
        right = max(t.ref.end_column for t in self.data.targets if t.sheet_name == first.sheet_name)
        ref = first.ref
        return first.sub(RangeRef(None, ref.start_column, ref.start_row, right, ref.end_row))

    def value_series(self) -> int:
        return self.data.value_series()

    def _addresses(self):
        return tuple(target.cell_range().getRangeAddress() for target in self.data.targets)

    def attach(self, model, ctx, kind: str) -> None:
        attach_ranges(model, self.data)


class _Series(_Source):
    def __init__(self, series):
        self.series = series
        self.label = ", ".join(item.label for item in series)

    @property
    def first(self) -> Target:
        return self.series[0].values

    def _addresses(self):
        return tuple(item.values.cell_range().getRangeAddress() for item in self.series)

    def attach(self, model, ctx, kind: str) -> None:
        attach_series(model, ctx, self.series, kind)


class _Pivot(_Source):
    def __init__(self, sheet, table_name: str, output: Target):
        self.table_name, self.output = table_name, output
        self.label = "the pivot table '%s' (%s)" % (table_name, output.label)

    @property
    def first(self) -> Target:
        return self.output

    def insert(self, sheet, name: str, area):
        charts = sheet.getPivotCharts()
        charts.addNewByName(name, area, self.table_name)
        return charts.getByName(name).getEmbeddedObject()


def _source(document, data_range, series, pivot_table, kind, first_row_is_header, first_column_is_labels,
            series_in_rows) -> _Source:
    given = [label for label, value in (("data_range", data_range), ("series", series),
                                        ("pivot_table", pivot_table)) if value]
    if len(given) != 1:
        raise ToolError("Give the chart's data one way: data_range (a range such as A1:C10), series (each series' "
                        "ranges) or pivot_table (a pivot table's name)%s. Nothing was changed."
                        % ("; got %s" % " and ".join(given) if given else ""))
    if data_range:
        return _Ranges(range_data(document, data_range, kind, first_row_is_header, first_column_is_labels,
                                  series_in_rows))
    if series:
        return _Series(resolve_series(document, series, kind))
    return _pivot_source(document, pivot_table)


def _pivot_source(document, table_name: str) -> _Pivot:
    pivot = find_pivot(document, table_name)
    return _Pivot(pivot.sheet, pivot.name, pivot.output())


TOOLS = [create_chart]
