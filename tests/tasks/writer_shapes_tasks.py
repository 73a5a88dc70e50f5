"""Writer tasks on what is not a picture: a drawn shape and a chart object resized and aligned (issue 33, point 6).

The report with objects (documents.py) has a drawn rectangle "Stamp" (2 × 1 cm) floating at the right of the
title and a chart object "Sales chart" (6 × 4 cm) in a paragraph of its own at the end.
"""
from __future__ import annotations

from .checks import expect
from .model import Task

OBJECTS = "report_with_objects"
CENTRED = 2  # HoriOrient; ParaAdjust centred is 3
PARAGRAPH_CENTRED = 3


def _near(value: int, wanted: int) -> bool:
    return abs(value - wanted) <= 5


def the_shape(doc, name: str):
    """The drawing shape called ``name``, failing when there is none."""
    page = doc.getDrawPage()
    shapes = [page.getByIndex(i) for i in range(page.getCount()) if page.getByIndex(i).getName() == name]
    expect(shapes, "the drawing shape %s is gone" % name)
    return shapes[0]


def stamp_bigger_and_centred(doc) -> None:
    stamp = the_shape(doc, "Stamp")
    size = stamp.Size
    expect(_near(size.Width, 4000) and _near(size.Height, 2000),
           "the stamp is %d × %d (1/100 mm), not 4 × 2 cm" % (size.Width, size.Height))
    expect(stamp.HoriOrient == CENTRED, "the stamp is not centred (HoriOrient %d)" % stamp.HoriOrient)
    expect(stamp.AnchorType.value == "AT_PARAGRAPH", "the stamp's anchor changed")


def chart_wider_and_centred(doc) -> None:
    objects = doc.getEmbeddedObjects()
    expect(objects.hasByName("Sales chart"), "the chart object is gone")
    chart = objects.getByName("Sales chart")
    size = chart.Size
    expect(_near(size.Width, 12000) and _near(size.Height, 8000),
           "the chart is %d × %d (1/100 mm), not 12 × 8 cm" % (size.Width, size.Height))
    anchor = chart.getAnchor()
    cursor = anchor.getText().createTextCursorByRange(anchor.getStart())
    expect(cursor.ParaAdjust == PARAGRAPH_CENTRED, "the chart's paragraph is not centred")


TASKS = [
    Task("writer.stamp-twice-as-big-centred", "pictures",
         "The little rectangle next to the title: make it twice as big (4 by 2 cm) and centre it on the page.",
         OBJECTS, stamp_bigger_and_centred,
         plan=[("images", {"action": "list"}),
               ("images", {"action": "change", "image": "Stamp", "width_cm": 4, "align": "center"})],
         wrong=[("images", {"action": "list"}),
                ("images", {"action": "change", "image": "Stamp", "width_cm": 4})]),
    Task("writer.chart-object-12-cm-centred", "pictures",
         "Make the chart at the end 12 cm wide, keeping its proportions, and centre it.", OBJECTS,
         chart_wider_and_centred,
         plan=[("images", {"action": "change", "image": "Sales chart", "width_cm": 12, "align": "center"})],
         wrong=[("images", {"action": "change", "image": "Sales chart", "height_cm": 12, "align": "center"})]),
]
