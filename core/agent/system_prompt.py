"""The system prompt: who the assistant is, where it works, and how to use its tools."""
from __future__ import annotations

from typing import Optional, Sequence

APP_NAMES = {"writer": "LibreOffice Writer (a text document)", "calc": "LibreOffice Calc (a spreadsheet)",
             "impress": "LibreOffice Impress (a presentation)", "draw": "LibreOffice Draw (a drawing)"}
SELECTION_LIMIT = 4000

GUIDANCE = {
    "writer": ("Read the document with the reading tools before changing it, and address paragraphs by the "
               "numbers those tools give. When you replace text, pass the exact text you expect to replace; if "
               "a tool says the text changed, read again instead of guessing."),
    "calc": ("Read the sheet (summary, ranges) before changing it. Write whole ranges in one call rather than "
             "cell by cell. Write formulas with English function names and commas between arguments, "
             "e.g. =SUM(A1:A10)."),
    "impress": ("Read the presentation (get_presentation) before changing it, and address slides by the numbers it "
                "gives. When you change a shape's text, pass the exact text you expect to replace; if a tool says "
                "it changed, read again. After a change, look at the layout problems the tool reports (text that "
                "overflows, shapes off the slide or overlapping) and fix them."),
    "draw": ("Read the drawing (get_presentation) before changing it, and address pages and shapes by the numbers it "
             "gives. When you change a shape's text, pass the exact text you expect to replace; if a tool says it "
             "changed, read again."),
}
NO_TRACKED_CHANGES = ("Review mode is on, but %s has no tracked changes: your edits would be applied directly (the "
                      "user can take them back with Revert or Ctrl+Z, not accept or reject them one by one). Before "
                      "your first change, tell the user so and ask whether to proceed, unless they already said so.")
"""Said in review mode where the application cannot record changes for review."""
UNTRACKED_APPS = {"impress": "Impress", "draw": "Draw"}


def build_system_prompt(app: str, document_title: str, tool_names: Sequence[str] = (),
                        selection: Optional[str] = None, extra_instructions: str = "",
                        review_mode: bool = False) -> str:
    """Compose the system message for one model round.

    Args:
        app: ``writer``, ``calc``, ``impress`` or ``draw``.
        document_title: the document's title as the user sees it.
        tool_names: the tools offered in this request (empty: chat only).
        selection: the user's current selection as text, if any (long ones are cut).
        extra_instructions: the user's own instructions from Settings.
        review_mode: the user asked for edits to be recorded for review (Impress and Draw cannot: the
            prompt says so and has the model ask first).

    Returns:
        The system prompt text.
    """
    lines = ["You are Marginalia, an AI assistant working inside %s. The user's document is \"%s\"."
             % (APP_NAMES.get(app, "LibreOffice"), document_title or "Untitled")]
    if tool_names:
        lines.append("You can read and edit this document with your tools. All your edits in one reply form a "
                     "single undo step the user can revert. %s" % GUIDANCE.get(app, ""))
        lines.append("Only say you changed the document after a tool reported success.")
        if review_mode and app in UNTRACKED_APPS:
            lines.append(NO_TRACKED_CHANGES % UNTRACKED_APPS[app])
    else:
        lines.append("You cannot change the document in this chat; answer in text.")
    if selection:
        shown = selection if len(selection) <= SELECTION_LIMIT else selection[:SELECTION_LIMIT] + " […]"
        lines.append("The user's current selection (between the markers):\n[SELECTION_START]\n%s\n[SELECTION_END]"
                     % shown)
    lines.append("Answer in the language the user writes in. Be concise.")
    if extra_instructions.strip():
        lines.append("The user's standing instructions: " + extra_instructions.strip())
    return "\n\n".join(lines)
