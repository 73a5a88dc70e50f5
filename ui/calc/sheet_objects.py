"""What lies on a sheet besides cell contents: merged areas, charts, conditional formats, AutoFilter."""
from __future__ import annotations

from typing import List, Optional, Tuple

from ...core.calc.cell_address import RangeRef, column_name
from .addresses import range_of_address

MAX_MERGED = 30
MAX_LISTED = 20
MAX_FORMAT_RANGES = 2000

CHART_TYPES = {
    "com.sun.star.chart.BarDiagram": "bar", "com.sun.star.chart.LineDiagram": "line",
    "com.sun.star.chart.AreaDiagram": "area", "com.sun.star.chart.PieDiagram": "pie",
    "com.sun.star.chart.DonutDiagram": "donut", "com.sun.star.chart.XYDiagram": "scatter",
    "com.sun.star.chart.NetDiagram": "radar", "com.sun.star.chart.StockDiagram": "stock",
    "com.sun.star.chart.BubbleDiagram": "bubble",
}


def merged_areas(sheet, area: RangeRef) -> List[str]:
    """The merged areas starting inside ``area`` (at most :data:`MAX_MERGED`), e.g. ``["A1:D1"]``."""
    block = sheet.getCellRangeByPosition(area.start_column, area.start_row, area.end_column, area.end_row)
    if not block.getIsMerged():
        return []
    parts = block.getCellFormatRanges()
    if parts.getCount() > MAX_FORMAT_RANGES:
        return ["(too many formatted areas to check)"]
    found: List[str] = []
    for index in range(parts.getCount()):
        part = parts.getByIndex(index)
        if not part.getIsMerged():
            continue
        address = part.getRangeAddress()
        cursor = sheet.createCursorByRange(sheet.getCellByPosition(address.StartColumn, address.StartRow))
        cursor.collapseToMergedArea()
        area = range_of_address(sheet, cursor.getRangeAddress())
        if not area.is_single_cell and area.a1() not in found:
            found.append(area.a1())
        if len(found) >= MAX_MERGED:
            break
    return found


def chart_type(chart_document) -> str:
    """``bar``, ``column``, ``line``… for an embedded chart document."""
    diagram = chart_document.getDiagram()
    name = CHART_TYPES.get(diagram.getDiagramType(), diagram.getDiagramType().rsplit(".", 1)[-1])
    if name == "bar" and not diagram.getPropertyValue("Vertical"):
        return "column"
    return name


def has_diagram(chart_document) -> bool:
    """True when the chart has a diagram to draw; False for one of an add-in type whose add-in is missing.

    Such a chart (``chart:class="ooo:com.sun.star.comp.Chart.JavaSampleChartAddIn"`` without Java) loads
    without a diagram. Asking it for its data then aborts the whole office on LibreOffice 25.2 and 26.8
    (``getRanges``, ``getDataSequences``; 7.4 answers an empty list), so nothing asks it.
    """
    return chart_document is not None and chart_document.getFirstDiagram() is not None


def chart_lines(sheet) -> List[str]:
    """One line per chart: name, type, title and data ranges."""
    charts = sheet.getCharts()
    lines = []
    names = charts.getElementNames()
    if len(names) > MAX_LISTED:
        lines.append("%d charts; the first %d:" % (len(names), MAX_LISTED))
    pivots = sheet.getPivotCharts()
    for name in names[:MAX_LISTED]:
        chart = charts.getByName(name)
        document = chart.getEmbeddedObject() or _shape_model(sheet, name)
        if document is None:
            lines.append("Chart '%s' (its contents could not be read)." % name)
            continue
        if not has_diagram(document):
            lines.append("Chart '%s': a chart this LibreOffice cannot draw (of an add-in type that is not "
                         "installed); its type and data ranges cannot be read." % name)
            continue
        if pivots.hasByName(name):
            source = "the pivot table '%s'" % pivots.getByName(name).getPivotTableName()
        else:
            source = ", ".join(range_of_address(sheet, a).a1() for a in chart.getRanges())
        title = document.getTitle().getPropertyValue("String") if document.getPropertyValue("HasMainTitle") else ""
        lines.append("Chart '%s': %s chart of %s%s." % (name, chart_type(document), source,
                                                        ", titled \"%s\"" % title if title else ""))
    return lines


def _shape_model(sheet, name: str):
    """The chart document of the chart ``name`` through its shape (a loaded pivot chart gives none otherwise)."""
    page = sheet.getDrawPage()
    for index in range(page.getCount()):
        shape = page.getByIndex(index)
        if shape.supportsService("com.sun.star.drawing.OLE2Shape") and shape.PersistName == name:
            return shape.Model
    return None


def conditional_format_lines(sheet) -> List[str]:
    """One line per conditional format: where, and how many rules."""
    lines = []
    formats = sheet.getPropertyValue("ConditionalFormats").getConditionalFormats()
    if len(formats) > MAX_LISTED:
        lines.append("%d conditional formats; the first %d:" % (len(formats), MAX_LISTED))
    for conditional in formats[:MAX_LISTED]:
        where = conditional.getPropertyValue("Range").getRangeAddressesAsString()
        lines.append("Conditional format on %s: %d rule(s)." % (where, conditional.getCount()))
    return lines


def autofilter_area(document, sheet) -> Optional[Tuple[RangeRef, str]]:
    """``(range, database range name)`` of the AutoFilter on ``sheet`` (name "" when unnamed), or None."""
    index = sheet.getRangeAddress().Sheet
    unnamed = document.getPropertyValue("UnnamedDatabaseRanges")
    if unnamed.hasByTable(index):
        anonymous = unnamed.getByTable(index)
        if anonymous.getPropertyValue("AutoFilter"):
            return range_of_address(sheet, anonymous.getDataArea()), ""
    ranges = document.getPropertyValue("DatabaseRanges")
    for name in ranges.getElementNames():
        database_range = ranges.getByName(name)
        area = database_range.getDataArea()
        if area.Sheet == index and database_range.getPropertyValue("AutoFilter"):
            return range_of_address(sheet, area), name
    return None


def autofilter_text(document, sheet) -> str:
    """``A1:D20``, ``A1:D20 (database range 'Sales')`` or ``none``."""
    found = autofilter_area(document, sheet)
    if found is None:
        return "none"
    ref, name = found
    return ref.a1() + (" (database range '%s')" % name if name else "")


def hidden_lines(sheet, used: RangeRef) -> List[str]:
    """Which rows and columns of the used area are hidden or filtered out (empty when none)."""
    block = sheet.getCellRangeByPosition(used.start_column, used.start_row, used.end_column, used.end_row)
    visible = block.queryVisibleCells().getRangeAddresses()
    rows = _gaps([(a.StartRow, a.EndRow) for a in visible], used.start_row, used.end_row)
    columns = _gaps([(a.StartColumn, a.EndColumn) for a in visible], used.start_column, used.end_column)
    lines = []
    if rows:
        lines.append("Hidden or filtered-out rows: %s." % ", ".join(
            str(first + 1) if first == last else "%d-%d" % (first + 1, last + 1) for first, last in rows[:MAX_LISTED]))
    if columns:
        lines.append("Hidden columns: %s." % ", ".join(
            column_name(first) if first == last else "%s-%s" % (column_name(first), column_name(last))
            for first, last in columns[:MAX_LISTED]))
    return lines


def _gaps(spans: List[Tuple[int, int]], low: int, high: int) -> List[Tuple[int, int]]:
    """The intervals of ``low``..``high`` that no span covers."""
    gaps, position = [], low
    for first, last in sorted(spans):
        if first > position:
            gaps.append((position, first - 1))
        position = max(position, last + 1)
    if position <= high:
        gaps.append((position, high))
    return gaps
