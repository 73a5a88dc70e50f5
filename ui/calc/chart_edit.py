"""``edit_chart``: change anything ``create_chart`` sets on an existing chart, move or resize it, or delete it.

The chart is found by name or by number in the whole document. Calc records a chart's
deletion for undo (its undo brings the chart back, under a name of LibreOffice's choosing),
but no change made inside a chart, nor a move: so every change is made by :func:`_apply`,
which returns how to put back what it changed, and an undo action of the turn's step runs
that (its redo makes the same changes again). What is put back: the chart's type, its data
series (the very objects, so their formatting comes back with them), the look's parts that
were set, its place and size.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Union

from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ...core.i18n import _
from .addresses import resolve
from .chart_data import SeriesSource, attach_ranges, attach_series, range_data, resolve_series, series_names
from .chart_kinds import (ChartKind, KindOptions, STACKABLE, check_kind, kind_of, restore_type, save_type, set_kind,
                          stacking_of)
from .chart_look import AxisLook, LabelPart, LegendPosition, Look, Marker, Restorer, Trendline, apply_look, check_look
from .chart_place import ChartRef, all_charts, find_chart, move_shape
from .charts import (AXIS, COLORS, DATA_LABELS, DATA_RANGE, FIRST_COLUMN, FIRST_ROW, IN_ROWS, LEGEND_POSITION,
                     LINE_SERIES, LINES, MARKERS, PERCENT_STACKED, SERIES, TRENDLINE)
from ..office.custom_undo import record
from .guards import ensure_sheet_unprotected

TITLE = Arg('New title ("" removes it).')


@dataclass(frozen=True)
class Edit:
    """What one edit_chart call changes (None: unchanged)."""

    kind: Optional[str]
    options: KindOptions
    data: object
    """The new data (RangeData or a list of ResolvedSeries), or None."""
    look: Look
    place: object
    width_cm: Optional[float]
    height_cm: Optional[float]

    @property
    def retypes(self) -> bool:
        """True when the type or how it is drawn changes."""
        options = self.options
        return self.kind is not None or any(value is not None for value in
                                            (options.stacking, options.lines, options.line_series))


@tool(apps=("calc",), changes_document=True)
def edit_chart(context, chart: Union[str, int, None] = Arg("The chart's name or number (1 = the document's first "
                                                           "chart; default: the only chart)."),
               delete: bool = Arg("Delete the chart.", default=False),
               type: Optional[ChartKind] = Arg("A new chart type."),
               data_range: Optional[str] = DATA_RANGE, series: Optional[List[SeriesSource]] = SERIES,
               first_row_is_header: Optional[bool] = FIRST_ROW, first_column_is_labels: Optional[bool] = FIRST_COLUMN,
               series_in_rows: Optional[bool] = IN_ROWS,
               stacked: Optional[bool] = Arg("Stack the series, or false to unstack."),
               percent_stacked: Optional[bool] = PERCENT_STACKED, lines: Optional[bool] = LINES,
               markers: Optional[Marker] = MARKERS, line_series: Optional[int] = LINE_SERIES,
               title: Optional[str] = TITLE, x_axis_title: Optional[str] = TITLE, y_axis_title: Optional[str] = TITLE,
               legend: Optional[bool] = Arg("Show or hide the legend."),
               legend_position: Optional[LegendPosition] = LEGEND_POSITION,
               x_axis: Optional[AxisLook] = AXIS, y_axis: Optional[AxisLook] = AXIS,
               data_labels: Optional[List[LabelPart]] = DATA_LABELS, trendline: Optional[Trendline] = TRENDLINE,
               colors: Optional[List[str]] = COLORS,
               anchor: Optional[str] = Arg("Move the chart's top-left corner to this cell (on its sheet)."),
               width_cm: Optional[float] = Arg(minimum=2, maximum=50),
               height_cm: Optional[float] = Arg(minimum=2, maximum=50)) -> ToolOutcome:
    """Change an existing chart (found by name or number): type, data, titles, legend, axes, gridlines, data
    labels, trend line, colours, markers, place and size; or delete it. Only what is given changes.
    """
    document = context.document
    ref = _the_chart(document, chart)
    ensure_sheet_unprotected(ref.sheet, "change a chart")
    if delete:
        return _delete(ref)
    model = ref.model()
    current = kind_of(model)
    kind = type or current
    look = Look(title, x_axis_title, y_axis_title, legend, legend_position, x_axis, y_axis, data_labels, trendline,
                colors, markers)
    check_look(look, kind)
    stacking = _stacking(stacked, percent_stacked)
    data = _data(document, kind, data_range, series, first_row_is_header, first_column_is_labels, series_in_rows)
    place = _place(document, ref, anchor)
    options = KindOptions(stacking, lines, line_series)
    check_kind(kind, options)
    edit = Edit(type, options, data, look, place, width_cm, height_cm)
    if model.getFirstDiagram() is None and (edit.retypes or data is not None):
        raise ToolError("The chart %s is drawn by an add-in: its type and data cannot be changed here (its titles, "
                        "legend, place and size can). Nothing was changed." % ref.label)
    if _nothing(edit):
        raise ToolError("Say what to change (type, data_range, title, legend, x_axis, y_axis, data_labels, "
                        "trendline, colors, markers, anchor, width_cm…) or delete=true. Nothing was changed.")
    ignored, undo = _apply(ref, edit, context.office)
    _record(document, ref, edit, context.office, undo)
    changed = _described(edit)
    text = "Changed the %s chart %s: %s.%s Its series: %s." % (
        kind_of(model), ref.label, ", ".join(changed), " Ignored: %s." % "; ".join(ignored) if ignored else "",
        ", ".join(series_names(model)[:8]) or "none")
    return ToolOutcome.success(text, _("Changed chart '%s'") % ref.name)


def _the_chart(document, chart) -> ChartRef:
    if chart is not None:
        return find_chart(document, chart)
    charts = all_charts(document)
    if len(charts) == 1:
        return charts[0]
    if not charts:
        raise ToolError("The document has no chart. Nothing was changed.")
    raise ToolError("The document has %d charts: %s. Say which one (chart=its name or number). Nothing was changed."
                    % (len(charts), "; ".join("%d. %s" % (ref.number, ref.label) for ref in charts[:20])))


def _stacking(stacked: Optional[bool], percent: Optional[bool]) -> Optional[str]:
    if percent:
        return "percent"
    if stacked:
        return "stacked"
    if stacked is False or percent is False:
        return "none"
    return None


def _data(document, kind, data_range, series, first_row_is_header, first_column_is_labels, series_in_rows):
    if data_range and series:
        raise ToolError("Give data_range or series, not both. Nothing was changed.")
    if data_range:
        return range_data(document, data_range, kind, first_row_is_header, first_column_is_labels,
                          bool(series_in_rows))
    if series:
        return resolve_series(document, series, kind)
    if any(flag is not None for flag in (first_row_is_header, first_column_is_labels, series_in_rows)):
        raise ToolError("first_row_is_header, first_column_is_labels and series_in_rows say how to read data_range: "
                        "give data_range with them. Nothing was changed.")
    return None


def _place(document, ref: ChartRef, anchor: Optional[str]):
    if anchor is None:
        return None
    place = resolve(document, anchor)
    if place.sheet_name != ref.sheet_name:
        raise ToolError("anchor %s is on another sheet than the chart (%s): a chart moves within its sheet. To put "
                        "it elsewhere, create it there and delete this one. Nothing was changed."
                        % (place.label, ref.sheet_name))
    return place


def _nothing(edit: Edit) -> bool:
    look_given = any(value is not None for value in vars(edit.look).values())
    return not (edit.retypes or edit.data is not None or look_given or edit.place is not None
                or edit.width_cm is not None or edit.height_cm is not None)


def _apply(ref: ChartRef, edit: Edit, ctx):
    """Make ``edit``'s changes on the chart; ``(what was ignored, a Restorer putting everything back)``."""
    model = ref.model()
    undo = Restorer()
    kind = edit.kind or kind_of(model)
    model.lockControllers()
    try:
        if edit.retypes or edit.data is not None:
            _keep_type_and_series(model, undo)
        if edit.retypes:
            set_kind(model, kind, _options(model, kind, edit.options), _value_series(edit.data))
        if edit.data is not None:
            if isinstance(edit.data, list):
                attach_series(model, ctx, edit.data, kind)
            else:
                attach_ranges(model, edit.data)
        ignored, look_undo = apply_look(model, edit.look, kind, ctx)
        undo.add(look_undo.restore)
    finally:
        model.unlockControllers()
    if edit.place is not None or edit.width_cm is not None or edit.height_cm is not None:
        _move(ref, edit, undo)
    return ignored, undo


def _options(model, kind: str, options: KindOptions) -> KindOptions:
    """The new options, keeping the chart's own for what the call leaves out."""
    diagram = model.getDiagram()
    lines = options.lines
    if lines is None and kind in ("line", "scatter") and diagram.getPropertySetInfo().hasPropertyByName("Lines"):
        lines = diagram.Lines
    line_series = options.line_series
    if line_series is None and diagram.getPropertySetInfo().hasPropertyByName("NumberOfLines"):
        line_series = diagram.NumberOfLines or None
    stacking = options.stacking
    if stacking is None and kind in STACKABLE:
        stacking = stacking_of(model)
    return KindOptions(stacking, lines, line_series)


def _value_series(data) -> int:
    return data.value_series() if data is not None and not isinstance(data, list) else 0


def _keep_type_and_series(model, undo: Restorer) -> None:
    """Remember the type, the series objects and the categories, to put them back."""
    saved = save_type(model)
    system = model.getFirstDiagram().getCoordinateSystems()[0]
    series = [chart_type.getDataSeries() for chart_type in system.getChartTypes()]
    categories = system.getAxisByDimension(0, 0).getScaleData().Categories

    def put_back():
        restore_type(model, saved)
        restored = model.getFirstDiagram().getCoordinateSystems()[0]
        types = restored.getChartTypes()
        for index, items in enumerate(series[:len(types)]):
            types[index].setDataSeries(items)
        axis = restored.getAxisByDimension(0, 0)
        scale = axis.getScaleData()
        scale.Categories = categories
        axis.setScaleData(scale)
    undo.add(put_back)


def _move(ref: ChartRef, edit: Edit, undo: Restorer) -> None:
    shape = ref.shape()
    if shape is None:
        raise ToolError("The chart %s has no shape to move. Nothing was changed." % ref.label)
    position, size = shape.getPosition(), shape.getSize()

    def put_back():
        shape.setPosition(position)
        shape.setSize(size)
    undo.add(put_back)
    move_shape(shape, edit.place, edit.width_cm, edit.height_cm)


def _record(document, ref: ChartRef, edit: Edit, ctx, undo: Restorer) -> None:
    """One undo action of the turn's step: its undo puts everything back, its redo makes the changes again."""
    state = {"undo": undo}

    def undo_edit():
        state["undo"].restore()

    def redo_edit():
        state["undo"] = _apply(ref, edit, ctx)[1]
    record(document, _("Edit chart"), undo_edit, redo_edit)


def _delete(ref: ChartRef) -> ToolOutcome:
    if ref.pivot_table:
        ref.sheet.getPivotCharts().removeByName(ref.name)
    else:
        ref.sheet.getCharts().removeByName(ref.name)
    return ToolOutcome.success("Deleted the chart %s." % ref.label, _("Deleted chart '%s'") % ref.name)


def _described(edit: Edit) -> List[str]:
    parts = []
    if edit.kind is not None:
        parts.append("type %s" % edit.kind)
    options = edit.options
    if options.stacking is not None:
        parts.append("stacking %s" % options.stacking)
    if options.lines is not None:
        parts.append("lines %s" % ("on" if options.lines else "off"))
    if options.line_series is not None:
        parts.append("%d series as lines" % options.line_series)
    if edit.data is not None:
        parts.append("data %s" % (", ".join(item.label for item in edit.data) if isinstance(edit.data, list)
                                  else edit.data.label))
    for name, value in vars(edit.look).items():
        if value is not None:
            parts.append("%s %s" % (name.replace("_", " "), _value_text(value)))
    if edit.place is not None:
        parts.append("moved to %s" % edit.place.label.split(":")[0])
    for name, value in (("width", edit.width_cm), ("height", edit.height_cm)):
        if value is not None:
            parts.append("%s %g cm" % (name, value))
    return parts


def _value_text(value) -> str:
    if isinstance(value, str):
        return '"%s"' % value if value else "removed"
    if isinstance(value, list):
        return ", ".join(str(item) for item in value) or "none"
    if isinstance(value, bool):
        return "on" if value else "off"
    shown = {key: item for key, item in vars(value).items() if item not in (None, False)}
    return "(%s)" % ", ".join("%s %s" % (key.replace("_", " "), item) for key, item in shown.items())


TOOLS = [edit_chart]
