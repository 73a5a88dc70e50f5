"""notes: footnotes and endnotes: insert one after named words, rewrite or delete one, list them.

Notes are named as the reading tools mark them: ``[^1]`` in a paragraph is "footnote 1", ``[^e1]``
is "endnote" with its label (i, ii… by default). A new note's mark goes right after the words the
call names, found as replace_text finds them; Writer numbers the notes again after an insertion
or a deletion. Writer records all three changes as tracked changes in review mode.
"""
from __future__ import annotations

from typing import Literal, Optional

from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ...core.i18n import _, ngettext
from ...core.text.match import quote
from .blocks import body_blocks, paragraph_at
from .body_walk import block_numbers
from .locate import MATCH_CASE, OCCURRENCE, Where, find_targets
from .other_text import Part, named_part, note_parts
from .review import editing
from .text_ops import insert_plain

SERVICES = {"footnote": "com.sun.star.text.Footnote", "endnote": "com.sun.star.text.Endnote"}


@tool(apps=("writer",), changes_document=True)
def notes(context, action: Literal["insert", "edit", "delete", "list"],
          kind: Literal["footnote", "endnote"] = Arg("insert: footnote (default) or endnote.", default="footnote"),
          text: Optional[str] = Arg("insert: the words the note's mark goes after, as they read now."),
          content: Optional[str] = Arg("insert/edit: the note's text."),
          note: Optional[str] = Arg("edit/delete: the note as listed, e.g. \"footnote 2\" or \"endnote i\"."),
          paragraph: Optional[int] = Arg("insert: look for the words in this paragraph; without text, the mark "
                                         "goes at its end.", minimum=1),
          occurrence: Optional[int] = OCCURRENCE,
          match_case: bool = MATCH_CASE) -> ToolOutcome:
    """Footnotes and endnotes. action "insert": a note whose mark goes right after text (words named like
    replace_text's old_text, in paragraph=N or unique in the document; without text at the end of paragraph
    N), with content as its text. "edit": replace the whole text of note (as listed, e.g. "footnote 2");
    "delete": remove it with its mark. "list": every note with its paragraph and text. Writer numbers the
    notes again after an insertion or deletion.
    """
    document = context.document
    if action == "list":
        return _list(document)
    if action == "insert":
        return _insert(context, kind, text, (content or "").strip(), paragraph, occurrence, match_case)
    found = _named_note(document, note)
    if action == "edit":
        return _edit(context, found, content)
    return _delete(context, found)


def _insert(context, kind: str, text: Optional[str], content: str, paragraph: Optional[int],
            occurrence: Optional[int], match_case: bool) -> ToolOutcome:
    document = context.document
    if not content:
        raise ToolError("Give content: the text of the %s." % kind)
    blocks = body_blocks(document)
    if text:
        match = find_targets(document, blocks, Where(paragraph, False, occurrence, False, match_case), text)[0]
        xtext, cursor = match.span.xtext, match.span.cursor(match.end, match.end)
        where = "after %s in %s" % (quote(text, 60), match.where)
    elif paragraph is not None:
        block = paragraph_at(blocks, paragraph)
        xtext = block.obj.getText()
        cursor = xtext.createTextCursorByRange(block.obj.getEnd())
        where = "at the end of paragraph %d" % paragraph
    else:
        raise ToolError("Say where the note's mark goes: text (the words before it), or paragraph=N for its end.")
    created = document.createInstance(SERVICES[kind])
    with editing(context) as scope:
        xtext.insertTextContent(cursor, created, False)
        insert_plain(created, created.createTextCursorByRange(created.getEnd()), content)
    label = _label(created)
    tracked = " It is recorded as a tracked change." if scope.recording else ""
    return ToolOutcome.success("Inserted %s %s %s: %s. Notes after it are numbered again.%s"
                               % (kind, label, where, quote(content, 200), tracked),
                               (_("Inserted a footnote") if kind == "footnote" else _("Inserted an endnote")))


def _label(created) -> str:
    """The new note's mark as the reading tools show it (its own label, else its number)."""
    return created.getLabel() or created.getAnchor().getString().strip() or "?"


def _named_note(document, name: Optional[str]) -> Part:
    if not name:
        raise ToolError("Say which note: note=\"footnote 2\" (as notes action \"list\" names it).")
    found = named_part(document, name)
    if not found.name.startswith(("footnote ", "endnote ")):
        raise ToolError("%s is not a footnote or endnote; edit it with other_text." % quote(found.name))
    return found


def _edit(context, found: Part, content: Optional[str]) -> ToolOutcome:
    content = (content or "").strip()
    if not content:
        raise ToolError("Give content: the note's new text (to remove the note, use action \"delete\").")
    note = found.xtext
    old = note.getString()
    with editing(context):
        cursor = note.createTextCursor()
        cursor.gotoStart(False)
        cursor.gotoEnd(True)
        cursor.setString("")
        cursor.collapseToEnd()  # while changes are recorded the deleted text stays
        insert_plain(note, cursor, content)
    return ToolOutcome.success("Rewrote %s: it said %s, it says %s now." % (found.name, quote(old, 200),
                                                                            quote(content, 200)),
                               _("Rewrote %s") % found.name)


def _delete(context, found: Part) -> ToolOutcome:
    note = found.xtext
    old = note.getString()
    with editing(context) as scope:
        anchor = note.getAnchor()
        anchor.getText().removeTextContent(note)
    tracked = " The deletion is recorded as a tracked change." if scope.recording else ""
    return ToolOutcome.success("Deleted %s (it said %s) with its mark. Notes after it are numbered again.%s"
                               % (found.name, quote(old, 200), tracked), _("Deleted %s") % found.name)


def _list(document) -> ToolOutcome:
    found = note_parts(document)
    if not found:
        return ToolOutcome.success("The document has no footnotes or endnotes.", _("No notes"))
    anchors = [part.xtext.getAnchor() for part in found]
    numbers = block_numbers(document, anchors)
    lines = ["%d note%s:" % (len(found), "" if len(found) == 1 else "s")]
    for part, number in zip(found, numbers):
        where = "paragraph %d" % number if number else "outside the body"
        lines.append("- %s (%s): %s" % (part.name, where, quote(part.xtext.getString(), 400)))
    return ToolOutcome.success("\n".join(lines), ngettext("Listed %d note", "Listed %d notes", len(found)) % len(found))


TOOLS = [notes]
