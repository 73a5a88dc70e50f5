"""Read a chart back through LibreOffice's chart2 API, for the chart and pivot tests."""
import os
import shutil

DOCUMENTS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                         "fixtures", "documents")


def chart_model(sheet, name):
    """The chart document of the chart ``name`` on ``sheet`` (through its shape: works for pivot charts too)."""
    page = sheet.getDrawPage()
    for index in range(page.getCount()):
        shape = page.getByIndex(index)
        if shape.supportsService("com.sun.star.drawing.OLE2Shape") and shape.PersistName == name:
            return shape.Model
    raise AssertionError("no chart %r on %s" % (name, sheet.getName()))


def chart_shape(sheet, name):
    """The chart's shape on its sheet."""
    page = sheet.getDrawPage()
    for index in range(page.getCount()):
        shape = page.getByIndex(index)
        if shape.supportsService("com.sun.star.drawing.OLE2Shape") and shape.PersistName == name:
            return shape
    raise AssertionError("no chart %r" % name)


def series(model):
    """Every data series, in order."""
    found = []
    for chart_type in model.getFirstDiagram().getCoordinateSystems()[0].getChartTypes():
        found.extend(chart_type.getDataSeries())
    return found


def series_ranges(model):
    """Per series: ``[(role, values range, label range), …]``."""
    result = []
    for item in series(model):
        parts = []
        for sequence in item.getDataSequences():
            label = sequence.getLabel()
            parts.append((sequence.getValues().Role, unquoted(sequence.getValues().getSourceRangeRepresentation()),
                          unquoted(label.getSourceRangeRepresentation()) if label is not None else ""))
        result.append(parts)
    return result


def categories(model):
    """The range of the category labels ("" when there are none)."""
    scale = model.getFirstDiagram().getCoordinateSystems()[0].getAxisByDimension(0, 0).getScaleData()
    return unquoted(scale.Categories.getValues().getSourceRangeRepresentation()) if scale.Categories is not None else ""


def unquoted(representation: str) -> str:
    """A range as written, a sheet name without its quotes: 26.8 quotes a sheet named like a cell ($'S2'.$E$1),
    7.4 and 25.2 do not ($S2.$E$1); both are the same range."""
    return representation.replace("'", "")


def chart_types(model):
    """The chart2 chart types of the diagram, e.g. ``["ColumnChartType", "LineChartType"]``."""
    return [chart_type.getChartType().rsplit(".", 1)[-1]
            for chart_type in model.getFirstDiagram().getCoordinateSystems()[0].getChartTypes()]


def open_corpus_copy(office, name, folder):
    """Open a copy of the corpus file ``name`` (tests/fixtures/documents/)."""
    copy = os.path.join(str(folder), name)
    shutil.copy(os.path.join(DOCUMENTS, name), copy)
    return office.open_document(copy, hidden=True)
