"""Where charts are: every chart of the document by name or number, free names, the place of a new one.

A chart's name is the name of its embedded object, and LibreOffice keeps one container of
embedded objects per document: a name used by a chart (or any other object) on one sheet
cannot be given to a chart on another (``addNewByName`` then fails deep inside Calc), so
names are checked and made up across the whole document.

A chart is found through its sheet's draw page (its shape gives its place and size) and its
chart document; for a pivot chart in a loaded file ``XTableChart.getEmbeddedObject()`` is
empty, so the model is taken from the pivot chart or the shape.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Union

from com.sun.star.awt import Point, Rectangle, Size

from ...core.calc.cell_address import RangeRef, sheet_name_problem
from ...core.calc.cell_format import FormatError, size_hundredths_mm
from ...core.agent.tools import ToolError
from .addresses import Target, sheet_size
from .guards import ensure_structure_unprotected

CHART_CLASS_ID = "12dcae26-281f-416f-a234-c3086127382e"
OWN_SHEET_SIZE_CM = (25.0, 15.0)
"""The size of a chart placed on a sheet of its own: about a screen at 100 %."""


@dataclass
class ChartRef:
    """One chart of the document."""

    sheet: object
    name: str
    number: int
    """Its place among all the document's charts (1 = the first chart of the first sheet)."""
    pivot_table: str = ""
    """The pivot table a pivot chart shows ("" for an ordinary chart)."""

    @property
    def sheet_name(self) -> str:
        """The name of the sheet the chart is on."""
        return self.sheet.getName()

    @property
    def label(self) -> str:
        """``'Chart 1' on Sheet1``."""
        return "'%s' on %s" % (self.name, self.sheet_name)

    def model(self):
        """The chart document (both the chart2 and the old chart API)."""
        if self.pivot_table:
            model = self.sheet.getPivotCharts().getByName(self.name).getEmbeddedObject()
        else:
            model = self.sheet.getCharts().getByName(self.name).getEmbeddedObject()
        if model is None:
            shape = self.shape()
            model = shape.Model if shape is not None else None
        if model is None:
            raise ToolError("The chart %s could not be opened. Nothing was changed." % self.label)
        return model

    def shape(self):
        """The chart's shape on its sheet's draw page (None when it is not found)."""
        page = self.sheet.getDrawPage()
        for index in range(page.getCount()):
            shape = page.getByIndex(index)
            if _is_object(shape) and shape.PersistName == self.name:
                return shape
        return None


def all_charts(document) -> List[ChartRef]:
    """Every chart of the document, sheet by sheet, in each sheet's order."""
    found = []
    sheets = document.getSheets()
    for index in range(sheets.getCount()):
        sheet = sheets.getByIndex(index)
        pivots = sheet.getPivotCharts()
        for name in sheet.getCharts().getElementNames():
            pivot = pivots.getByName(name).getPivotTableName() if pivots.hasByName(name) else ""
            found.append(ChartRef(sheet, name, len(found) + 1, pivot))
    return found


def find_chart(document, chart: Union[str, int]) -> ChartRef:
    """The chart named ``chart`` (any case) or numbered ``chart`` (from 1) in the whole document.

    Raises:
        ToolError: no such chart; the message lists the charts there are.
    """
    charts = all_charts(document)
    if not charts:
        raise ToolError("The document has no chart. Nothing was changed.")
    if isinstance(chart, int):
        if 1 <= chart <= len(charts):
            return charts[chart - 1]
    else:
        for wanted in (chart, chart.strip().lower()):
            for ref in charts:
                if ref.name == wanted or ref.name.lower() == wanted:
                    return ref
    raise ToolError("There is no chart %s. The charts are: %s. Nothing was changed." % (
        "number %d" % chart if isinstance(chart, int) else "named '%s'" % chart,
        "; ".join("%d. %s" % (ref.number, ref.label) for ref in charts[:20])))


def used_object_names(document) -> set:
    """The names of every chart and embedded object of the document (one namespace for all)."""
    names = set()
    sheets = document.getSheets()
    for index in range(sheets.getCount()):
        sheet = sheets.getByIndex(index)
        names.update(sheet.getCharts().getElementNames())
        page = sheet.getDrawPage()
        for position in range(page.getCount()):
            shape = page.getByIndex(position)
            if _is_object(shape):
                names.add(shape.PersistName)
    return names


def chart_name(document, wanted: Optional[str]) -> str:
    """``wanted`` when no object of the document bears it yet, or the first free ``Chart N``.

    Raises:
        ToolError: ``wanted`` is taken (on any sheet).
    """
    used = used_object_names(document)
    lowered = {name.lower() for name in used}
    if wanted:
        if wanted.lower() in lowered:
            raise ToolError("The document already has a chart or object named '%s' (a name is used once in the whole "
                            "document). Choose another name. Nothing was changed." % wanted)
        return wanted
    number = 1
    while "chart %d" % number in lowered:
        number += 1
    return "Chart %d" % number


def rectangle_at(place: Target, width_cm: float, height_cm: float) -> Rectangle:
    """The chart's area: its top-left corner at ``place``'s first cell, its size in cm."""
    width, height = hundredths(width_cm, "width_cm"), hundredths(height_cm, "height_cm")
    position = place.sheet.getCellByPosition(place.ref.start_column, place.ref.start_row).Position
    return Rectangle(position.X, position.Y, width, height)


def beside(data: Target) -> Target:
    """The cell one column to the right of ``data``, on its first row (within the sheet)."""
    ref = data.ref
    column = min(ref.end_column + 2, sheet_size(data.sheet)[0] - 1)
    return data.sub(RangeRef(ref.sheet, column, ref.start_row, column, ref.start_row))


def check_new_sheet_name(document, name: str) -> None:
    """Refuse a new sheet's name that is taken or not allowed (before anything changes)."""
    ensure_structure_unprotected(document, "add a sheet")
    problem = sheet_name_problem(name)
    if problem:
        raise ToolError("'%s' cannot be a sheet name: %s. Nothing was changed." % (name, problem))
    for existing in document.getSheets().getElementNames():
        if existing.lower() == name.lower():
            raise ToolError("There is already a sheet named '%s'; give another name for the new sheet, or place the "
                            "chart there with anchor='%s.A1'. Nothing was changed." % (existing, existing))


def add_sheet(document, name: str) -> Target:
    """Append the sheet ``name`` (checked with :func:`check_new_sheet_name`); its cell A1."""
    sheets = document.getSheets()
    sheets.insertNewByName(name, sheets.getCount())
    sheet = sheets.getByName(name)
    return Target(sheet, RangeRef(name, 0, 0, 0, 0))


def move_shape(shape, place: Optional[Target], width_cm: Optional[float], height_cm: Optional[float]) -> None:
    """Move ``shape``'s top-left corner to ``place`` and/or give it a new size (None: unchanged)."""
    size = shape.getSize()
    width = size.Width if width_cm is None else hundredths(width_cm, "width_cm")
    height = size.Height if height_cm is None else hundredths(height_cm, "height_cm")
    if place is not None:
        position = place.sheet.getCellByPosition(place.ref.start_column, place.ref.start_row).Position
        shape.setPosition(Point(position.X, position.Y))
    if (width, height) != (size.Width, size.Height):
        shape.setSize(Size(width, height))


def hundredths(centimetres: float, what: str) -> int:
    """A size in cm as 1/100 mm, or a ToolError."""
    try:
        return size_hundredths_mm(centimetres, what)
    except FormatError as error:
        raise ToolError("Nothing was changed: %s." % error) from None


def _is_object(shape) -> bool:
    return shape.supportsService("com.sun.star.drawing.OLE2Shape")
