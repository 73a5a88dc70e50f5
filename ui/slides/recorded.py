"""Changes to slides that LibreOffice's own undo takes back exactly, so one turn is one exact undo step.

LibreOffice records only part of what the API does to a presentation or a drawing, and not all of
that correctly (measured on 7.4, each inside one undo context):

* a new page (``insertNewByIndex``, ``duplicate``), text set in a shape, a shape's property, a new
  shape: not recorded, so undo leaves them;
* a shape moved: recorded, but its undo leaves the shape where it is;
* a slide's layout: recorded, but its undo brings the old placeholders back and not the layout;
* a page or a shape removed: recorded, and undone exactly;
* the undo manager locked inside an open context while a layout changed: LibreOffice aborted.

So every change is made in a way LibreOffice records exactly, the ways its own menus use:

* new slides come from the view's Insert Slide and Duplicate Slide commands, recorded as new pages
  (their undo takes the page out and keeps it; their redo puts the same page back);
* a change to an existing slide is made on a duplicate of it, with the undo manager locked (nothing
  recorded half), and then the original is removed (recorded exactly): undo puts the untouched
  original back and takes the changed copy out, redo the reverse. Both are the very pages, so the
  user's own steps before and after the turn still find their shapes. Duplicate Slide gives each
  named shape of the copy a new name (``Logo`` became ``Logo 1``, measured): the copy's shapes get
  their names back once the original is out;
* pages are removed through the API (recorded exactly), moved with the Move commands, and a slide's
  layout is set with its Layout command.

The commands act on the view's current page, or, where the slide pane shows, on the slides
selected in it: so the view is switched to Normal first (from Notes, Handout, Outline, Slide Sorter
or the master view), and before each command the slide pane's selection is made exactly the page to
act on (after a page's removal LibreOffice 7.4 kept the next page selected, and the current page
set afterwards joined it: Duplicate Slide then copied both, measured). The page the user was
looking at is shown again afterwards (its copy, when it was the one changed).
"""
from __future__ import annotations

import time

from com.sun.star.drawing.framework.AnchorBindingMode import INDIRECT

from ...core.agent.tools import ToolError
from ..office.dispatch import dispatch
from ..office.log import get_logger
from .deck import is_presentation

log = get_logger("slides.recorded")

NORMAL_VIEW = ".uno:NormalMultiPaneGUI"
DRAW_MODE = "DRAW"
SLIDE_PANE = "private:resource/view/SlideSorter"
COMMAND_ATTEMPTS, NEW_PAGE_SECONDS, NEW_PAGE_PAUSE = 3, 1.0, 0.02
"""A slide command is given at most three times; after each, the new page is waited for this long, the page count read
this often (see SlideCommands._grown_from)."""


class quiet:  # noqa: N801  (used as ``with quiet(document):``)
    """Hold the document's undo manager locked: changes made meanwhile are not recorded at all.

    Only for changes to a page made in this call (a new slide, a copy): their undo is the page's own.
    Never around a change of a slide's layout (LibreOffice 7.4 aborted) or a removal.
    """

    def __init__(self, document):
        self._manager = document.getUndoManager()

    def __enter__(self):
        self._manager.lock()
        return self

    def __exit__(self, *exception) -> bool:
        self._manager.unlock()
        return False


class SlideCommands:
    """The view's own commands on one document's pages (recorded by LibreOffice as from its menus).

    Pages are addressed by index (from 0). Each command is checked to have done what it should:
    a command that did nothing (a view that cannot do it) is refused, never reported done.
    """

    def __init__(self, context):
        self.document = context.document
        self._ctx = context.office
        self.pages = self.document.getDrawPages()
        self.controller = _normal_view(self.document, self._ctx)
        self.frame = self.controller.getFrame()
        self._shown = self.controller.getCurrentPage()
        self._pane = _slide_pane(self.controller)

    def count(self) -> int:
        """How many pages the document has now."""
        return self.pages.getCount()

    def page(self, index: int):
        """The page at ``index``."""
        return self.pages.getByIndex(index)

    def insert_after(self, index: int, layout=None):
        """A new page right after page ``index`` (with the AutoLayout ``layout`` in Impress); returns it."""
        arguments = {"WhatLayout": layout} if layout is not None and is_presentation(self.document) else None
        return self._new_page(index, ".uno:InsertPage", arguments)

    def duplicate(self, index: int):
        """A copy of page ``index`` right after it; returns the copy."""
        return self._new_page(index, ".uno:DuplicatePage", None)

    def remove(self, index: int) -> None:
        """Remove page ``index`` (recorded exactly by LibreOffice)."""
        before = self.count()
        if before < 2:
            raise ToolError("A %s keeps at least one %s." % (
                "presentation" if is_presentation(self.document) else "drawing",
                "slide" if is_presentation(self.document) else "page"))
        self.pages.remove(self.page(index))
        if self.count() != before - 1:
            raise ToolError("LibreOffice did not remove the page.")

    def move(self, index: int, to_index: int) -> None:
        """Take page ``index`` out and put it back at ``to_index`` (an index in the order after the move).

        One Move command per step: straight up or down, or via the first or the last place, whichever
        takes fewer (see :func:`marginalia.core.slides.reorder.commands`).
        """
        if index == to_index:
            return
        page = self.page(index)
        count = self.count()
        self._act_on(page)
        straight, via_first, via_last = abs(to_index - index), to_index + 1, count - to_index
        if via_first < straight and via_first <= via_last:
            self._command(".uno:MovePageFirst")
            steps, command = to_index, ".uno:MovePageDown"
        elif via_last < straight:
            self._command(".uno:MovePageLast")
            steps, command = count - 1 - to_index, ".uno:MovePageUp"
        else:
            steps, command = straight, ".uno:MovePageDown" if to_index > index else ".uno:MovePageUp"
        for _ in range(steps):
            self._act_on(page)  # inside the office the pane's selection does not follow a move before the next
            self._command(command)
        if not self.page(to_index) == page:
            raise ToolError("LibreOffice did not move the page.")

    def assign_layout_to(self, page, layout: int) -> None:
        """Give ``page`` the AutoLayout ``layout`` with the view's Layout command (recorded as from its panel)."""
        self._act_on(page)
        self._command(".uno:AssignLayout", {"WhatLayout": layout})
        if page.getPropertyValue("Layout") != layout:
            raise ToolError("LibreOffice did not change the layout.")

    def show(self, page) -> None:
        """Show ``page`` in the view."""
        self.controller.setCurrentPage(page)
        self._shown = page

    def show_again(self) -> None:
        """Show the page the user was looking at before (the first page if it is gone)."""
        try:
            if self._shown is not None and any(self.page(i) == self._shown for i in range(self.count())):
                self.controller.setCurrentPage(self._shown)
        except Exception:  # the view keeps whichever page it shows: nothing is lost
            log.warning("the page shown before could not be shown again", exc_info=True)

    def was_shown(self, page) -> bool:
        """True when ``page`` is the one the user was looking at."""
        return self._shown is not None and self._shown == page

    def _new_page(self, index: int, command: str, arguments):
        before = self.count()
        original = [self.page(i) for i in range(before)]
        for _attempt in range(COMMAND_ATTEMPTS):
            self._act_on(original[index])
            self._command(command, arguments)
            if self._grown_from(before):
                made = self._only_new_page(original, index, command == ".uno:DuplicatePage")
                if made is not None:
                    return made
            self.settle()
        raise ToolError("LibreOffice did not add the page (%s did nothing); nothing was changed." % command)

    def _only_new_page(self, original: list, index: int, a_copy: bool):
        """The new page right after ``original[index]`` (a copy of it when ``a_copy``), or None; every other page
        the command made is removed again (recorded, so the turn's undo stays exact).

        LibreOffice 26.8 sometimes ignores a slide command given right after a page the view showed was removed,
        then carries it out with the next command, or copies the page the view showed a moment before (all
        measured in tests that edit slide 1, then at once slide 2).
        """
        candidate = self.page(index + 1)
        if self.count() == len(original) + 1 and self.page(index) == original[index] and (
                index + 1 == len(original) or self.page(index + 2) == original[index + 1]):
            made = [candidate]  # the one new page stands right after the page: no search of the whole deck
        else:
            made = [page for page in (self.page(i) for i in range(self.count()))
                    if not any(page == old for old in original)]
        placed = self.page(index) == original[index] and any(candidate == page for page in made)
        keep = candidate if placed and (not a_copy or _same_content(candidate, original[index])) else None
        for page in made:
            if keep is None or not page == keep:
                self.pages.remove(page)
        return keep

    def settle(self) -> None:
        """Let the office handle the events a change of pages left pending (the view and slide pane catch up).

        Only when a command did not do its work: handling events in the middle of a tool lets other work run
        (the user's clicks and keys) while the tool is not finished.
        """
        toolkit = self._ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit", self._ctx)
        toolkit.processEventsToIdle()

    def _grown_from(self, before: int) -> bool:
        """True once the document has a page more than ``before``, waited for a moment.

        LibreOffice 26.8 sometimes ignores a slide command given right after a page shown in the view was removed,
        and sometimes carries one out only after the dispatch returned (both measured, the first alone, in a
        test that edits slide 1, then at once slide 2): so the new page is waited for while the office handles
        its events, and the command is given once more when none came.
        """
        toolkit = self._ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit", self._ctx)
        deadline = time.monotonic() + NEW_PAGE_SECONDS
        while self.count() == before and time.monotonic() < deadline:
            toolkit.processEventsToIdle()
            if self.count() == before:
                time.sleep(NEW_PAGE_PAUSE)
        return self.count() > before

    def _command(self, command: str, arguments=None) -> None:
        dispatch(self.frame, command, arguments, self._ctx)

    def _act_on(self, page) -> None:
        """Make ``page`` the current page and the only one selected in the slide pane."""
        self.controller.setCurrentPage(page)
        if self._pane is None or _selected_in(self._pane) == [page]:
            return
        self._pane.select(())  # clears the pane's selection
        other = next((self.page(i) for i in range(self.count()) if not self.page(i) == page), None)
        if other is not None:
            self.controller.setCurrentPage(other)
        self.controller.setCurrentPage(page)
        if _selected_in(self._pane) != [page]:
            # LibreOffice 25.2 keeps the slides' old numbers after a move until the turn's undo step ends, and
            # its view then shows the slide after the one asked for (measured: a move, then a layout change)
            raise ToolError("The slide could not be selected in the slide pane; nothing was changed. After a move, "
                            "LibreOffice 25.2 shows slides by their old numbers until the turn ends: make this "
                            "change in the next turn.")


class rewritten:  # noqa: N801  (used as ``with rewritten(commands, index) as page:``)
    """Change slide ``index`` on a copy of it (see the module docstring); the block gets the copy.

    The block's changes are not recorded (the undo manager is locked) unless ``quiet_changes`` is
    False: a change of layout must be made unlocked, with the Layout command.

    When the block ends, the original is removed and the copy takes its place (and its name); when
    the block raises, the copy is removed instead, recorded, so the turn's undo step stays exact.
    """

    def __init__(self, commands: SlideCommands, index: int, quiet_changes: bool = True):
        self._commands, self._index = commands, index
        self._copy = None
        self._quiet = quiet(commands.document) if quiet_changes else None

    def __enter__(self):
        commands = self._commands
        original = commands.page(self._index)
        self._name = _own_name(original, self._index)
        self._shown = commands.was_shown(original)
        self._copy = commands.duplicate(self._index)
        self._renamed = _renamed(original, self._copy)
        if self._quiet is not None:
            self._quiet.__enter__()
        return self._copy

    def remove(self, shape) -> None:
        """Take ``shape`` off the copy, recorded: a shape the copy's Duplicate Slide renamed must not be
        freed while that renaming's undo still points at it (LibreOffice 7.4 crashed on the undo, measured).
        """
        if self._quiet is not None:
            self._quiet.__exit__()
        try:
            self._copy.remove(shape)
        finally:
            if self._quiet is not None:
                self._quiet.__enter__()

    def __exit__(self, kind, value, traceback) -> bool:
        if self._quiet is not None:
            self._quiet.__exit__()
        commands = self._commands
        if kind is not None:
            commands.remove(self._index + 1)
            commands.show_again()
            return False
        commands.remove(self._index)
        with quiet(commands.document):
            if self._name:
                self._copy.setName(self._name)
            _restore_names(self._copy, self._renamed)
        if self._shown:
            commands.show(self._copy)
        else:
            commands.show_again()
        return False


def _same_content(copy, page) -> bool:
    """True when ``copy`` has ``page``'s layout and shapes, their kinds and texts in the same order."""
    def content(of):
        layout = of.getPropertyValue("Layout") if of.getPropertySetInfo().hasPropertyByName("Layout") else None
        shapes = [of.getByIndex(i) for i in range(of.getCount())]
        return layout, [(shape.getShapeType(), shape.getString() if hasattr(shape, "getString") else None)
                        for shape in shapes]
    return content(copy) == content(page)


def _own_name(page, index: int) -> str:
    """The page's name when someone gave it one ("" for LibreOffice's own ``pageN``)."""
    name = page.getName()
    return "" if name == "page%d" % (index + 1) else name


def _renamed(original, copy) -> dict:
    """``{name in the copy: name in the original}`` for the shapes Duplicate Slide renamed."""
    if original.getCount() != copy.getCount():
        return {}
    names = {}
    for index in range(copy.getCount()):
        old, new = original.getByIndex(index).getName(), copy.getByIndex(index).getName()
        if old and new != old:
            names[new] = old
    return names


def _restore_names(page, renamed: dict) -> None:
    """Give the shapes of ``page`` still carrying a name of ``renamed`` their original names back."""
    if not renamed:
        return
    for index in range(page.getCount()):
        shape = page.getByIndex(index)
        name = renamed.get(shape.getName())
        if name is not None:
            shape.setName(name)


def _slide_pane(controller):
    """The slide pane's view (its selection is what slide commands act on), or None when it does not show."""
    try:
        configuration = controller.getConfigurationController()
        for resource in configuration.getCurrentConfiguration().getResources(None, "", INDIRECT):
            if resource.getResourceURL() == SLIDE_PANE:
                return configuration.getResource(resource)
    except Exception:  # a view without the drawing framework: commands act on the current page
        log.info("no slide pane found", exc_info=True)
    return None


def _selected_in(pane) -> list:
    selection = pane.getSelection()
    return list(selection) if isinstance(selection, tuple) else ([selection] if selection is not None else [])


def _normal_view(document, ctx):
    """The document's controller in the Normal view (switched to it when another view shows)."""
    controller = document.getCurrentController()
    if controller is None:
        raise ToolError("The document has no window to work in.")
    if not _in_normal_view(controller):
        dispatch(controller.getFrame(), NORMAL_VIEW, None, ctx)
        controller = document.getCurrentController()
        if not _in_normal_view(controller):
            raise ToolError("The document's view could not be switched to Normal; switch it with View > Normal "
                            "and ask again.")
    return controller


def _in_normal_view(controller) -> bool:
    try:
        info = controller.getPropertySetInfo()
        if not info.hasPropertyByName("DrawViewMode"):
            return False  # the slide sorter's controller
        return controller.getPropertyValue("DrawViewMode").value == DRAW_MODE \
            and not controller.getPropertyValue("IsMasterPageMode")
    except Exception:
        return False
