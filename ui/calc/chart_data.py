"""What a chart shows: one range or several, read by columns or by rows, or series given one by one.

**Ranges** reach the chart as the chart API's data arguments (``XDataReceiver.setArguments``),
set after the chart's type so the type's own reading applies (x values first for scatter and
bubble charts, low/high/close for stock charts). The header flags are physical, whatever the
series' direction: ``first_row_is_header`` says the first row holds labels, which are the
series' names when series are columns and the categories when series are rows; likewise
``first_column_is_labels``. (Setting the direction after inserting the chart, as the old chart
API does, keeps the flags' roles and so swaps them onto the wrong axis.)

**Series one by one** become chart2 data series with a labelled sequence per role
(``values-y``, ``values-x``, ``values-size``), the categories taken from the first series'
``x`` range on types that have categories.

Labels are told from numbers by what cells show: a formula that returns text (``="W"&ROW()``)
is a label, not a number.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional

from com.sun.star.beans import PropertyValue

from ...core.agent.declare import Arg
from ...core.agent.tools import ToolError
from .addresses import Target, resolve
from .chart_kinds import XY_KINDS, all_series, data_row_source
from .table_header import detect_header

VALUE, DATETIME, STRING, FORMULA = 1, 2, 4, 16  # com.sun.star.sheet.CellFlags
RESULT_VALUE, RESULT_STRING = 1, 2  # com.sun.star.sheet.FormulaResult


@dataclass(frozen=True)
class SeriesSource:
    """One series given by its own ranges."""

    values: str = Arg("Its values (y), e.g. C2:C13 or Data.C2:C13.")
    name: Optional[str] = Arg("The cell holding its name, e.g. C1.")
    x: Optional[str] = Arg("Its x values (scatter, bubble), or the category labels (other types; the first "
                           "series' are used).")
    sizes: Optional[str] = Arg("Bubble sizes (bubble charts).")


@dataclass(frozen=True)
class RangeData:
    """Ranges read into series: the ranges, which row and column hold labels, the series' direction."""

    targets: List[Target]
    first_row_is_header: bool
    first_column_is_labels: bool
    series_in_rows: bool

    @property
    def label(self) -> str:
        """``Sheet1.A1:C10`` or ``Sheet1.A1:A10, Sheet1.C1:C10``."""
        return ", ".join(target.label for target in self.targets)

    def arguments(self):
        """The chart API's data arguments for these ranges."""
        names = (self.first_column_is_labels, self.first_row_is_header) if self.series_in_rows else \
            (self.first_row_is_header, self.first_column_is_labels)
        return (_property("CellRangeRepresentation", ",".join(t.cell_range().AbsoluteName for t in self.targets)),
                _property("DataRowSource", data_row_source(self.series_in_rows)),
                _property("FirstCellAsLabel", names[0]), _property("HasCategories", names[1]))

    def value_series(self) -> int:
        """How many series the ranges give (stock charts need to know)."""
        lines = sum(t.ref.rows if self.series_in_rows else t.ref.columns for t in self.targets)
        labels = self.first_row_is_header if self.series_in_rows else self.first_column_is_labels
        return lines - (1 if labels else 0)


def split_ranges(text: str) -> List[str]:
    """``"A1:A9, C1:C9"`` → ``["A1:A9", "C1:C9"]`` (commas or semicolons; quoted sheet names kept whole)."""
    parts, current, quoted = [], "", False
    for char in text:
        if char == "'":
            quoted = not quoted
        if char in ",;" and not quoted:
            parts.append(current.strip())
            current = ""
        else:
            current += char
    parts.append(current.strip())
    return [part for part in parts if part]


def range_data(document, text: str, kind: str, first_row_is_header: Optional[bool],
               first_column_is_labels: Optional[bool], series_in_rows: bool) -> RangeData:
    """Resolve ``text`` (one range or several) and decide its labels (detected when not given).

    Raises:
        ToolError: a bad address, a single cell, or nothing to chart.
    """
    targets = [resolve(document, part) for part in split_ranges(text)]
    if not targets:
        raise ToolError("Give the data as a range such as A1:C10. Nothing was changed.")
    if len(targets) == 1 and targets[0].ref.is_single_cell:
        raise ToolError("A chart needs a range of several cells, e.g. A1:C10, not %s." % targets[0].label)
    if not any(t.cell_range().queryContentCells(VALUE | FORMULA).getCount() for t in targets):
        raise ToolError("%s holds no numbers (or formulas) to chart. Nothing was changed."
                        % ", ".join(t.label for t in targets))
    header = first_row_is_header
    if header is None:
        header = any(detect_header(document, target) for target in targets)
    labels = first_column_is_labels
    if labels is None:
        labels = False if kind in XY_KINDS else text_first_column(targets[0], header)
    return RangeData(targets, header, labels, series_in_rows)


def text_first_column(data: Target, header: bool) -> bool:
    """True when the first column (below the header) shows text and no numbers: category labels."""
    ref = data.ref
    first = ref.start_row + (1 if header else 0)
    if first > ref.end_row:
        return False
    column = data.sheet.getCellRangeByPosition(ref.start_column, first, ref.start_column, ref.end_row)
    texts = column.queryContentCells(STRING).getCount() + column.queryFormulaCells(RESULT_STRING).getCount()
    numbers = column.queryContentCells(VALUE | DATETIME).getCount() + \
        column.queryFormulaCells(RESULT_VALUE).getCount()
    return bool(texts) and not numbers


def attach_ranges(model, data: RangeData) -> None:
    """Make the chart show ``data`` (its type set first)."""
    model.setArguments(data.arguments())


@dataclass(frozen=True)
class ResolvedSeries:
    """A :class:`SeriesSource` with every range checked."""

    values: Target
    name: Optional[Target]
    x: Optional[Target]
    sizes: Optional[Target]

    @property
    def label(self) -> str:
        """``Sheet1.C2:C13`` (its values)."""
        return self.values.label


def resolve_series(document, sources: List[SeriesSource], kind: str) -> List[ResolvedSeries]:
    """Check every range of ``sources`` before anything changes."""
    if not sources:
        raise ToolError("series is empty: give at least one series with its values. Nothing was changed.")
    if kind == "stock":
        raise ToolError("A stock chart takes its data as one range (dates, then open, low, high and close "
                        "columns): use data_range. Nothing was changed.")
    resolved = []
    for number, source in enumerate(sources, start=1):
        name = resolve(document, source.name) if source.name else None
        if name is not None and not name.ref.is_single_cell:
            raise ToolError("Series %d: name must be one cell (e.g. C1), not %s. Nothing was changed."
                            % (number, name.label))
        if kind == "bubble" and not source.sizes:
            raise ToolError("Series %d: a bubble chart needs sizes (a range of bubble sizes). Nothing was changed."
                            % number)
        resolved.append(ResolvedSeries(resolve(document, source.values), name,
                                       resolve(document, source.x) if source.x else None,
                                       resolve(document, source.sizes) if source.sizes else None))
    return resolved


def attach_series(model, ctx, series: List[ResolvedSeries], kind: str) -> None:
    """Make the chart show ``series`` (its type set first): one chart2 data series each."""
    provider = model.getDataProvider()
    made = [_data_series(ctx, provider, item, kind) for item in series]
    system = model.getFirstDiagram().getCoordinateSystems()[0]
    types = system.getChartTypes()
    lines = model.getDiagram().NumberOfLines if kind == "column_line" and len(types) > 1 else 0
    split = max(len(made) - lines, 0)
    types[0].setDataSeries(tuple(made[:split] if lines else made))
    if lines:
        types[1].setDataSeries(tuple(made[split:]))
    if kind not in XY_KINDS:
        categories = series[0].x
        axis = system.getAxisByDimension(0, 0)
        scale = axis.getScaleData()
        scale.Categories = _labeled(ctx, provider, categories, "categories") if categories else None
        axis.setScaleData(scale)


def _data_series(ctx, provider, item: ResolvedSeries, kind: str):
    sequences = []
    if kind in XY_KINDS and item.x is not None:
        sequences.append(_labeled(ctx, provider, item.x, "values-x"))
    sequences.append(_labeled(ctx, provider, item.values, "values-y", item.name))
    if kind == "bubble":
        sequences.append(_labeled(ctx, provider, item.sizes, "values-size"))
    series = ctx.ServiceManager.createInstanceWithContext("com.sun.star.chart2.DataSeries", ctx)
    series.setData(tuple(sequences))
    return series


def _labeled(ctx, provider, values: Target, role: str, label: Optional[Target] = None):
    sequence = provider.createDataSequenceByRangeRepresentation(values.cell_range().AbsoluteName)
    sequence.Role = role
    labeled = ctx.ServiceManager.createInstanceWithContext("com.sun.star.chart2.data.LabeledDataSequence", ctx)
    labeled.setValues(sequence)
    if label is not None:
        labeled.setLabel(provider.createDataSequenceByRangeRepresentation(label.cell_range().AbsoluteName))
    return labeled


def series_names(model) -> List[str]:
    """The names of the chart's series in order ("unnamed" for a series without a name)."""
    return [_series_name(series) for series in all_series(model)]


def _series_name(series) -> str:
    for sequence in series.getDataSequences():
        label = sequence.getLabel()
        role = sequence.getValues().Role if sequence.getValues() is not None else ""
        if label is not None and role in ("values-y", "values-last", ""):
            texts = [str(item) for item in label.getData() if item not in (None, "")]
            if texts:
                return " ".join(texts)
    return "unnamed"


def _property(name: str, value) -> PropertyValue:
    prop = PropertyValue()
    prop.Name, prop.Value = name, value
    return prop
