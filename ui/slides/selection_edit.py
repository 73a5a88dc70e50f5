"""Edit Selection on a selected text shape in Impress and Draw: the model's rewrite put in as one undo step.

LibreOffice 7.4 does not record text written into a shape through the API (see :mod:`.recorded`),
so the rewrite is not streamed into the shape: it is collected, and when it is complete it replaces
the shape's text through edit_shape_text (on a copy of the slide, each word keeping the look of the
word it replaces), refused when the shape's text changed meanwhile.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ...core.agent.tools import ToolContext, ToolError, ToolOutcome
from ...core.i18n import _
from ..office.log import get_logger
from ..office.undo import DocumentUndo, revert_turn
from .deck import shapes_of
from .shape_text import paragraphs
from .text_edit import edit_shape_text

log = get_logger("slides.selection_edit")


@dataclass(frozen=True)
class ShapeTarget:
    """The selected shape: its slide (page) and shape numbers (from 1) and its text."""

    slide: int
    shape: int
    text: str


def selected_shape(document) -> Optional[ShapeTarget]:
    """The one text shape selected (or being edited) on the current page; None when there is none."""
    controller = document.getCurrentController()
    selection = controller.getSelection() if controller is not None else None
    if selection is None:
        return None
    chosen = [selection.getByIndex(i) for i in range(selection.getCount())] if hasattr(selection, "getCount") \
        else [selection]
    if len(chosen) != 1 or not hasattr(chosen[0], "getString"):
        return None
    page = controller.getCurrentPage()
    pages = document.getDrawPages()
    slide = next((i + 1 for i in range(pages.getCount()) if pages.getByIndex(i) == page), 0)
    shape = next((k for k, candidate in enumerate(shapes_of(page), 1) if candidate == chosen[0]), 0)
    if not slide or not shape:
        return None
    return ShapeTarget(slide, shape, "\n".join(text for text, _level in paragraphs(chosen[0])))


class ShapeWriter:
    """Collects the streamed text; :meth:`finish` puts it in place of the shape's text (one undo step)."""

    def __init__(self, context: ToolContext, target: ShapeTarget, title: str):
        self._context = context
        self._target = target
        self._title = title
        self._undo = DocumentUndo(context.document)
        self._done = False
        self.written = ""

    @property
    def document(self):
        """The document written into."""
        return self._context.document

    def write(self, text: str) -> None:
        """Keep the next piece."""
        self.written += text

    def finish(self) -> Optional[str]:
        """Replace the shape's text with what was written; a message for the user when that was refused."""
        target = self._target
        arguments = {"slide": target.slide, "shape": target.shape, "new_text": self.written.strip()}
        if target.text.strip():
            arguments["old_text"] = target.text.strip()

        def step() -> ToolOutcome:
            try:
                return edit_shape_text.handler(self._context, arguments)
            except ToolError as refusal:
                return ToolOutcome.failure(refusal.user_message)
        outcome = self._undo.run(self._title, step)
        self._done = outcome.ok
        if outcome.ok:
            return None
        log.info("the rewrite was not put in the shape: %s", outcome.content)
        return _("The new text could not be put in the shape (its text changed meanwhile, or the document is "
                 "read-only); the document was left as it was.")

    def revert(self) -> bool:
        """Undo the change if it was made and is still the newest undo step."""
        return revert_turn(self._context.document, self._undo.step) if self._done else False
