"""Helpers for the Writer tool tests: documents built in a real soffice, tools run through the real runner.

``sample`` builds the document most tests edit (numbers are its paragraph numbers):

    1  (Heading 1) Project report
    2  Dear Micheal Smith, this report covers the first quarter.   "Micheal Smith" bold + yellow highlight
    3  (Heading 2) Results
    4  Sales grew by 12% in March; Micheal presented the numbers.   "12%" italic, red
    5  • Revenue up                                                   bullet list
    6  • Costs down
    7  [table Team: Name | Role / Micheal | Lead / Ann | Analyst]
    8  (Heading 2) Next steps
    9  We will hire two engineers.
"""
import importlib
import json
import pkgutil

import uno  # noqa: F401  (installs the com.sun.star import hook; pyuno is on the path via support.office)
from com.sun.star.awt.FontSlant import ITALIC
from com.sun.star.awt.FontWeight import BOLD
from com.sun.star.text.ControlCharacter import PARAGRAPH_BREAK

from marginalia.core.stream.message import ToolCall
from marginalia.core.agent.tools import ToolContext, ToolRegistry
from marginalia.ui.office.document_tools import DocumentTools

YELLOW = 0xFFFF00
RED = 0xFF0000

SAMPLE = [
    ("Heading 1", "Project report"),
    ("Standard", "Dear Micheal Smith, this report covers the first quarter."),
    ("Heading 2", "Results"),
    ("Standard", "Sales grew by 12% in March; Micheal presented the numbers."),
    ("bullet", "Revenue up"),
    ("bullet", "Costs down"),
    ("table", [["Name", "Role"], ["Micheal", "Lead"], ["Ann", "Analyst"]]),
    ("Heading 2", "Next steps"),
    ("Standard", "We will hire two engineers."),
]


def writer_registry() -> ToolRegistry:
    """Every tool of the ui.writer package (the Writer tool set alone)."""
    import marginalia.ui.writer as package
    registry = ToolRegistry()
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        module = importlib.import_module("%s.%s" % (package.__name__, info.name))
        for tool in getattr(module, "TOOLS", ()):
            registry.register(tool)
    return registry


class Tools:
    """Runs Writer tools on one document the way a turn does (validation included)."""

    def __init__(self, office, doc):
        self.office, self.doc = office, doc
        self.registry = writer_registry()
        self.options = {"review_mode": False, "model": "test-model"}

    def run(self, tool_name, /, **arguments):
        context = ToolContext(document=self.doc, app="writer", office=self.office.ctx, options=dict(self.options))
        return DocumentTools(ToolRegistry(self.registry.for_app("writer")), context).run(
            ToolCall("c1", tool_name, json.dumps(arguments)))

    def ok(self, tool_name, /, **arguments):
        outcome = self.run(tool_name, **arguments)
        assert outcome.ok, outcome.content
        return outcome

    def fails(self, tool_name, /, **arguments):
        outcome = self.run(tool_name, **arguments)
        assert not outcome.ok, outcome.content
        return outcome


def build(doc, entries):
    """Fill an empty document with ``entries`` (style, text) / ("bullet", text) / ("table", rows)."""
    text = doc.getText()
    text.setString("")
    cursor = text.createTextCursor()
    first, after_table = True, False
    for kind, content in entries:
        if kind == "table":
            table = doc.createInstance("com.sun.star.text.TextTable")
            table.initialize(len(content), len(content[0]))
            if first:
                text.insertControlCharacter(cursor, PARAGRAPH_BREAK, False)
                cursor.gotoStart(False)
            text.insertTextContent(cursor, table, False)
            table.setName("Team")
            for r, row in enumerate(content):
                for c, value in enumerate(row):
                    table.getCellByName("%s%d" % ("ABCDEFGH"[c], r + 1)).setString(value)
            cursor.gotoEnd(False)  # in the empty paragraph Writer adds after the table
            first, after_table = False, True
            continue
        if not first and not after_table:
            text.insertControlCharacter(cursor, PARAGRAPH_BREAK, False)
        after_table = False
        text.insertString(cursor, content, False)
        paragraph = cursor.getText().createTextCursorByRange(cursor)
        paragraph.gotoStartOfParagraph(True)
        if kind == "bullet":
            paragraph.setPropertyValue("ParaStyleName", "Standard")
            paragraph.setPropertyValue("NumberingStyleName", "List 1")
        else:
            paragraph.setPropertyValue("ParaStyleName", kind)
            paragraph.setPropertyValue("NumberingStyleName", "")
        first = False
    _drop_empty_tail(doc)
    return doc


def _drop_empty_tail(doc):
    blocks = list(doc.getText().createEnumeration())
    if len(blocks) > 1 and not blocks[-1].supportsService("com.sun.star.text.TextTable") \
            and not blocks[-1].getString():
        blocks[-1].dispose()


def select_in(doc, paragraph_number, word, occurrence=0):
    """Return a cursor over ``word`` inside body block ``paragraph_number``."""
    block = blocks(doc)[paragraph_number - 1]
    start = block.getString().index(word)
    for _ in range(occurrence):
        start = block.getString().index(word, start + 1)
    cursor = doc.getText().createTextCursorByRange(block.getStart())
    cursor.goRight(start, False)
    cursor.goRight(len(word), True)
    return cursor


def blocks(doc):
    return list(doc.getText().createEnumeration())


def texts(doc):
    """The body as a list: paragraph strings, and tables as lists of rows."""
    result = []
    for block in blocks(doc):
        if block.supportsService("com.sun.star.text.TextTable"):
            result.append([[c for c in row] for row in table_strings(block)])
        else:
            result.append(block.getString())
    return result


def table_strings(table):
    rows = {}
    for name in table.getCellNames():
        row = int(name[1:])
        rows.setdefault(row, []).append(table.getCellByName(name).getString())
    return [rows[r] for r in sorted(rows)]


def portions(paragraph):
    """``[(text, bold, italic, highlight colour, colour)]`` of a paragraph's text, neighbours with equal looks merged."""
    result = []
    for portion in paragraph.createEnumeration():
        if portion.TextPortionType != "Text":
            continue
        looks = (portion.CharWeight >= BOLD, portion.CharPosture == ITALIC,
                 portion.CharBackColor & 0xFFFFFF if portion.CharBackColor != -1 else None,
                 portion.CharColor & 0xFFFFFF if portion.CharColor != -1 else None)
        if result and result[-1][1:] == looks:
            result[-1] = (result[-1][0] + portion.getString(),) + looks
        else:
            result.append((portion.getString(),) + looks)
    return result


def block_mode_of(doc):
    """True or False as ``doc``'s view is in block selection mode or not; None when unknown."""
    from marginalia.ui.office.block_selection import _block_mode
    from marginalia.ui.office.dispatch import frame_of
    frame = frame_of(doc)
    return None if frame is None else _block_mode(frame)


def snapshot(doc):
    """Text, styles and formatting of the whole body (for "unchanged" and undo checks)."""
    result = []
    for block in blocks(doc):
        if block.supportsService("com.sun.star.text.TextTable"):
            result.append(("table", block.getName(), table_strings(block)))
        else:
            result.append((block.ParaStyleName, block.NumberingStyleName, portions(block)))
    comments = []
    fields = doc.getTextFields().createEnumeration()
    while fields.hasMoreElements():
        field = fields.nextElement()
        if field.supportsService("com.sun.star.text.textfield.Annotation"):
            comments.append((field.Author, field.Content, field.getAnchor().getString()))
    return result, sorted(comments), len(list(doc.getRedlines()))


def format_word(doc, paragraph_number, word, **properties):
    cursor = select_in(doc, paragraph_number, word)
    for name, value in properties.items():
        cursor.setPropertyValue(name, value)


def make_sample(doc):
    """Build the sample document (see the module docstring), formatted, undo history cleared."""
    build(doc, SAMPLE)
    format_word(doc, 2, "Micheal Smith", CharWeight=BOLD, CharBackColor=YELLOW)
    format_word(doc, 4, "12%", CharPosture=ITALIC, CharColor=RED)
    doc.getUndoManager().clear()
    return doc


def config_node(ctx, path):
    """Read-only access to a configuration node."""
    from com.sun.star.beans import PropertyValue
    provider = ctx.ServiceManager.createInstanceWithContext("com.sun.star.configuration.ConfigurationProvider", ctx)
    arg = PropertyValue()
    arg.Name, arg.Value = "nodepath", path
    return provider.createInstanceWithArguments("com.sun.star.configuration.ConfigurationAccess", (arg,))


def eventually(predicate, timeout: float = 10.0, message: str = "condition"):
    """Poll ``predicate`` until it is true; reads racing with the office's own writes count as not yet."""
    from support.panel import wait_until

    def attempt():
        try:
            return predicate()
        except Exception:  # a portion that went away while the office was writing
            return False
    return wait_until(attempt, timeout, message=message)
