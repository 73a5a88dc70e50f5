"""The system prompt: who the assistant is, where it works, and how to use its tools."""
from __future__ import annotations

from typing import Optional, Sequence

APP_NAMES = {"writer": "LibreOffice Writer (a text document)", "calc": "LibreOffice Calc (a spreadsheet)"}
SELECTION_LIMIT = 4000

GUIDANCE = {
    "writer": ("Read the document with the reading tools before changing it, and address paragraphs by the "
               "numbers those tools give. When you replace text, pass the exact text you expect to replace; if "
               "a tool says the text changed, read again instead of guessing."),
    "calc": ("Read the sheet (summary, ranges) before changing it. Write whole ranges in one call rather than "
             "cell by cell. Write formulas with English function names and commas between arguments, "
             "e.g. =SUM(A1:A10)."),
}


def build_system_prompt(app: str, document_title: str, tool_names: Sequence[str] = (),
                        selection: Optional[str] = None, extra_instructions: str = "") -> str:
    """Compose the system message for one model round.

    Args:
        app: ``writer`` or ``calc``.
        document_title: the document's title as the user sees it.
        tool_names: the tools offered in this request (empty: chat only).
        selection: the user's current selection as text, if any (long ones are cut).
        extra_instructions: the user's own instructions from Settings.

    Returns:
        The system prompt text.
    """
    lines = ["You are Marginalia, an AI assistant working inside %s. The user's document is \"%s\"."
             % (APP_NAMES.get(app, "LibreOffice"), document_title or "Untitled")]
    if tool_names:
        lines.append("You can read and edit this document with your tools. All your edits in one reply form a "
                     "single undo step the user can revert. %s" % GUIDANCE.get(app, ""))
        lines.append("Only say you changed the document after a tool reported success.")
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
