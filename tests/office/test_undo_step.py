"""ui/office/undo_step.py: one step undone (or redone) by what it holds, the user's selection put back, views unlocked."""
import uno  # noqa: F401  (pyuno first: it makes the com.sun.star modules importable)
from com.sun.star.awt.FontWeight import BOLD, NORMAL

from marginalia.ui.office.undo_step import undo_step


def paragraphs(doc):
    found, enumeration = [], doc.getText().createEnumeration()
    while enumeration.hasMoreElements():
        found.append(enumeration.nextElement().getString())
    return found


def word(doc, text):
    """A range over the first ``text`` of the document."""
    search = doc.createSearchDescriptor()
    search.SearchString = text
    return doc.findFirst(search)


def recorded(doc, title, change):
    """Run ``change`` as one undo step titled ``title``."""
    manager = doc.getUndoManager()
    manager.enterUndoContext(title)
    try:
        change()
    finally:
        manager.leaveUndoContext()


def selected_text(doc):
    return doc.getCurrentController().getViewCursor().getString()


def fill(doc, first, *more):
    doc.getText().setString(first)
    for text in more:
        add_paragraph(doc, text)
    doc.getUndoManager().clear()


def add_paragraph(doc, text):
    body = doc.getText()
    body.insertControlCharacter(body.getEnd(), 0, False)  # PARAGRAPH_BREAK
    body.insertString(body.getEnd(), text, False)


def test_a_spreadsheet_step_is_undone_and_redone_as_libreoffice_does(calc):
    cell = calc.getSheets().getByIndex(0).getCellByPosition(0, 0)
    manager = calc.getUndoManager()
    recorded(calc, "value", lambda: cell.setValue(42))
    undo_step(calc, manager)
    assert cell.getValue() == 0
    undo_step(calc, manager, redo=True)
    assert cell.getValue() == 42


def test_several_steps_that_add_paragraphs_are_undone_together_and_the_selection_is_put_back(writer):
    fill(writer, "Alpha beta", "Gamma")
    writer.getCurrentController().select(word(writer, "beta"))
    manager = writer.getUndoManager()
    recorded(writer, "one", lambda: add_paragraph(writer, "Delta"))
    recorded(writer, "two", lambda: add_paragraph(writer, "Epsilon"))
    undo_step(writer, manager, steps=2)
    assert paragraphs(writer) == ["Alpha beta", "Gamma"]
    assert selected_text(writer) == "beta" and not writer.hasControllersLocked()
    undo_step(writer, manager, redo=True, steps=2)
    assert paragraphs(writer) == ["Alpha beta", "Gamma", "Delta", "Epsilon"]


def test_when_the_undo_removes_the_users_place_the_cursor_stays_where_that_text_stood(writer):
    fill(writer, "Alpha")
    manager = writer.getUndoManager()
    recorded(writer, "add", lambda: add_paragraph(writer, "Removed soon"))
    writer.getCurrentController().select(word(writer, "soon"))
    undo_step(writer, manager)
    assert paragraphs(writer) == ["Alpha"]
    view = writer.getCurrentController().getViewCursor()
    assert view.isCollapsed() and writer.getText().compareRegionStarts(view, writer.getText().getEnd()) == 0


def test_a_format_undone_in_place_keeps_the_users_selection_and_unlocks_the_views(writer):
    fill(writer, "Alpha beta gamma")
    manager = writer.getUndoManager()
    recorded(writer, "bold", lambda: setattr(word(writer, "gamma"), "CharWeight", BOLD))
    writer.getCurrentController().select(word(writer, "Alpha"))
    undo_step(writer, manager, in_place=True)
    assert word(writer, "gamma").CharWeight == NORMAL
    # unlocked, LibreOffice's undo would select the place it changed ("gamma")
    assert selected_text(writer) == "Alpha" and not writer.hasControllersLocked()


def test_a_format_on_many_places_undone_keeps_the_users_selection(writer):
    fill(writer, "one x two x three x four")
    manager = writer.getUndoManager()

    def bold_every_x():
        search = writer.createSearchDescriptor()
        search.SearchString = "x"
        found = writer.findAll(search)
        for index in range(found.getCount()):
            found.getByIndex(index).CharWeight = BOLD
    recorded(writer, "bold x", bold_every_x)
    writer.getCurrentController().select(word(writer, "two"))
    undo_step(writer, manager, in_place=True, many_places=True)
    search = writer.createSearchDescriptor()
    search.SearchString = "x"
    found = writer.findAll(search)
    assert found.getCount() == 3 and all(found.getByIndex(i).CharWeight == NORMAL for i in range(3))
    assert selected_text(writer) == "two" and not writer.hasControllersLocked()
