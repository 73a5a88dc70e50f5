"""Helpers for the Impress and Draw tool tests: decks built in a real soffice, tools run through the real runner.

``make_deck`` builds the deck most tests change:

    1  Title Slide      title "Quarterly review", subtitle "Sales team"
    2  Title, Content   "Results": Revenue up / (level 1) by 12% in March / Costs down; notes "Mention the office."
    3  Title Only       "Questions"
"""
import json

import uno  # noqa: F401  (installs the com.sun.star import hook)

from marginalia.core.agent.tools import ToolContext, ToolRegistry
from marginalia.core.stream.message import ToolCall
from marginalia.ui.chat.toolset import build_registry
from marginalia.ui.office.open_documents import app_of
from marginalia.ui.office.document_tools import DocumentTools

_REGISTRY = []


def registry() -> ToolRegistry:
    """Every tool of the toolset (built once per test process)."""
    if not _REGISTRY:
        _REGISTRY.append(build_registry())
    return _REGISTRY[0]


class Tools:
    """Runs Impress or Draw tools on one document the way a turn does (validation included)."""

    def __init__(self, office, doc):
        self.office, self.doc = office, doc
        self.app = app_of(doc)
        self.options = {"review_mode": False, "model": "test-model"}

    def run(self, tool_name, /, undo=None, **arguments):
        context = ToolContext(document=self.doc, app=self.app, office=self.office.ctx, options=dict(self.options))
        return DocumentTools(ToolRegistry(registry().for_app(self.app)), context, undo, "test").run(
            ToolCall("c1", tool_name, json.dumps(arguments)))

    def ok(self, tool_name, /, **arguments):
        outcome = self.run(tool_name, **arguments)
        assert outcome.ok, outcome.content
        return outcome

    def fails(self, tool_name, /, **arguments):
        outcome = self.run(tool_name, **arguments)
        assert not outcome.ok, outcome.content
        return outcome


def pages(doc):
    """The document's pages in order."""
    draw_pages = doc.getDrawPages()
    return [draw_pages.getByIndex(i) for i in range(draw_pages.getCount())]


def shapes(page):
    return [page.getByIndex(i) for i in range(page.getCount())]


def kind(shape):
    return shape.getShapeType().rsplit(".", 1)[-1]


def texts(page):
    """``(shape type, text)`` of each shape of ``page`` that holds text."""
    return [(kind(s), s.getString()) for s in shapes(page) if hasattr(s, "getString")]


def title_of(page):
    """The text of the page's title placeholder ("" when it has none)."""
    for shape in shapes(page):
        if kind(shape) == "TitleTextShape":
            return shape.getString()
    return ""


def notes_of(page):
    for shape in shapes(page.getNotesPage()):
        if kind(shape) == "NotesShape":
            return shape.getString()
    return ""


def levels(shape):
    """``(text, level)`` of each paragraph of ``shape``."""
    found = []
    enumeration = shape.createEnumeration()
    while enumeration.hasMoreElements():
        paragraph = enumeration.nextElement()
        found.append((paragraph.getString(), paragraph.NumberingLevel or 0))
    return found


def state(doc):
    """What undo must restore: each page's name, layout (Impress), shapes (type, text, box) and notes."""
    impress = doc.supportsService("com.sun.star.presentation.PresentationDocument")
    result = []
    for page in pages(doc):
        entry = [page.getName(), page.Layout if impress else None, notes_of(page) if impress else ""]
        for shape in shapes(page):
            position, size = shape.getPosition(), shape.getSize()
            text = shape.getString() if hasattr(shape, "getString") else ""
            entry.append((kind(shape), text, position.X, position.Y, size.Width, size.Height))
        result.append(entry)
    return result


def make_deck(doc):
    """Fill an empty presentation with the sample deck (see the module docstring)."""
    draw_pages = doc.getDrawPages()
    while draw_pages.getCount() < 3:
        draw_pages.insertNewByIndex(draw_pages.getCount() - 1)
    first, second, third = pages(doc)
    first.Layout, second.Layout, third.Layout = 0, 1, 19
    title, subtitle = shapes(first)
    title.setString("Quarterly review")
    subtitle.setString("Sales team")
    heading, body = shapes(second)
    heading.setString("Results")
    body.setString("Revenue up\nby 12% in March\nCosts down")
    paragraphs = body.createEnumeration()
    paragraphs.nextElement()
    paragraphs.nextElement().NumberingLevel = 1
    for shape in shapes(second.getNotesPage()):
        if kind(shape) == "NotesShape":
            shape.setString("Mention the office.")
    shapes(third)[0].setString("Questions")
    doc.getUndoManager().clear()
    doc.setModified(False)
    return doc


def add_box(doc, page, name, x=2000, y=12000, width=4000, height=2000):
    """A named rectangle on ``page`` (undo history cleared), as a user's own shape."""
    import uno
    box = doc.createInstance("com.sun.star.drawing.RectangleShape")
    page.add(box)
    box.setSize(uno.createUnoStruct("com.sun.star.awt.Size", width, height))
    box.setPosition(uno.createUnoStruct("com.sun.star.awt.Point", x, y))
    box.setName(name)
    doc.getUndoManager().clear()
    return box
