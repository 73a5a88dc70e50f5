"""The plain text of a Writer range, with a way back from text offsets to document positions.

Tools match and diff plain strings, but edits must land on exact positions in the
document. A paragraph's string does not map one to one onto cursor steps: comment
anchors and bookmarks take a cursor step but no character, a field shows several
characters but takes one step, and text deleted under change tracking is still in
the document. :class:`TextSpan` reads the range portion by portion and keeps, for
every piece of its text, the portion it came from, so :meth:`TextSpan.cursor` can
select exactly ``text[start:end]``.

Paragraph breaks inside the range appear as ``\\n``. Text inside a tracked deletion
is left out: the model sees, and addresses, the text as it reads after the changes. A
footnote anchor reads ``[^1]`` and an endnote anchor ``[^e1]`` (Writer's own string is
the bare number, which runs into the word before it: "dormeur1"); the notes, the
comments and the fields met on the way are kept in :attr:`TextSpan.marks` for the
reading tools. Given the names of character properties, a span also keeps their values for
every piece of text (:meth:`TextSpan.formatted_pieces`), for the reads and searches by formatting.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, List, Optional, Sequence, Tuple

from ..office.enumeration import elements
from .blocks import PARAGRAPH

TEXT = "text"
ATOMIC = "atomic"
BREAK = "break"

ATOMIC_PORTIONS = frozenset(("TextField", "Footnote", "Frame", "ControlCharacter", "InContentMetadata",
                             "MetadataField", "Ruby"))


FIELD_KINDS = {"PageNumber": "page number", "PageCount": "page count", "DateTime": "date", "JumpEdit": "placeholder",
               "GetReference": "cross-reference", "User": "user field", "SetExpression": "number range",
               "Chapter": "chapter", "FileName": "file name", "Author": "author", "Bibliography": "citation",
               "DocInfo": "document property", "Macro": "macro", "DropDown": "list", "Input": "input field",
               "URL": "link", "WordCount": "word count", "CharacterCount": "character count"}


@dataclass
class Marks:
    """What a span holds besides its text: notes, comments and fields, in order."""

    notes: List[tuple] = field(default_factory=list)
    """``(marker, note text)``, e.g. ``("[^1]", "See chapter 2.")``."""
    comments: List[tuple] = field(default_factory=list)
    """``(author, comment text, the text it is attached to)``."""
    fields: List[tuple] = field(default_factory=list)
    """``(what it shows, kind)``, e.g. ``("3", "page number")``."""

    def __bool__(self) -> bool:
        return bool(self.notes or self.comments or self.fields)


class SpanTableError(ValueError):
    """The range contains a table, which a text span cannot hold."""


@dataclass
class _Piece:
    start: int
    length: int
    kind: str
    begin: Any
    """Where the piece starts (a text range)."""
    finish: Any = None
    """Where it ends (breaks and atomic pieces)."""
    values: Optional[tuple] = None
    """The character properties read with the span (see :meth:`TextSpan.of_range`), or None."""

    @property
    def end(self) -> int:
        return self.start + self.length


class TextSpan:
    """The text of one range inside one XText (body, table cell, frame…)."""

    def __init__(self, xtext, text: str, pieces: List[_Piece], start_range, end_range, marks: Optional[Marks] = None):
        self.xtext = xtext
        self.text = text
        self.marks = marks or Marks()
        """The notes, comments and fields inside the span."""
        self._pieces = pieces
        self._start = start_range
        self._end = end_range

    @classmethod
    def of_range(cls, text_range, formats: Sequence[str] = (), places: bool = True) -> "TextSpan":
        """Read ``text_range`` (it must lie inside one XText), with the values of the character properties
        ``formats`` (sorted names) for each piece of text; without ``places`` for reading only (no
        :meth:`cursor`: each position kept is a mark Writer moves on every later edit, and costs a
        call to make)."""
        xtext = text_range.getText()
        builder = _Builder(places=places, formats=tuple(formats), marks=True)
        _read_into(builder, xtext, text_range)
        ends = (text_range.getStart(), text_range.getEnd()) if places else (None, None)
        return cls(xtext, "".join(builder.parts), builder.pieces, *ends, builder.marks)

    @classmethod
    def of_text(cls, xtext, formats: Sequence[str] = ()) -> "TextSpan":
        """Read the whole of an XText (a table cell, a frame)."""
        cursor = xtext.createTextCursor()
        cursor.gotoStart(False)
        cursor.gotoEnd(True)
        return cls.of_range(cursor, formats)

    @classmethod
    def of_shape(cls, shape) -> "TextSpan":
        """Read the whole text of a drawing shape (Impress, Draw): its cursors cannot list paragraphs."""
        builder = _Builder()
        _read_paragraphs(builder, elements(shape.createEnumeration()))
        return cls(shape.getText(), "".join(builder.parts), builder.pieces, shape.getStart(), shape.getEnd(),
                   builder.marks)

    def within_one_piece(self, start: int, end: int) -> bool:
        """True when ``text[start:end]`` lies inside one text portion (one set of formats, no marks)."""
        return any(p.kind == TEXT and p.start <= start and end <= p.end for p in self._pieces)

    def cut_atomic(self, start: int, end: int) -> Optional[str]:
        """The text of a field or note anchor that ``text[start:end]`` covers only in part, or None.

        A field shows several characters but is one object: a change can take it whole or
        leave it alone, never rewrite a part of what it shows.
        """
        for piece in self._pieces:
            if piece.kind == ATOMIC and piece.length > 1 and start < piece.end and piece.start < end \
                    and not (start <= piece.start and piece.end <= end):
                return self.text[piece.start:piece.end]
        return None

    def text_pieces(self) -> List["_Piece"]:
        """The plain-text pieces (each inside one text portion), in order."""
        return [piece for piece in self._pieces if piece.kind == TEXT]

    def formatted_pieces(self) -> List[Tuple[int, int, tuple]]:
        """``(start, end, values)`` of each piece of text, field or note anchor read with its formats, in order."""
        return [(piece.start, piece.end, piece.values) for piece in self._pieces if piece.values is not None]

    # positions -------------------------------------------------------------------
    def cursor(self, start: int, end: int):
        """Return a text cursor selecting ``text[start:end]`` (collapsed when equal)."""
        begin = self._position(start, after=end > start)
        cursor = self.xtext.createTextCursorByRange(begin)
        if end > start:
            cursor.gotoRange(self._position(end, after=False), True)
        return cursor

    def _position(self, offset: int, after: bool):
        """A collapsed range at ``offset``; at a boundary, ``after`` picks the following piece."""
        piece = self._piece_at(offset, after)
        if piece is None:
            return self._start if offset <= 0 or not self.text else self._end
        local = offset - piece.start
        if piece.kind == TEXT:
            cursor = self.xtext.createTextCursorByRange(piece.begin)
            if local:
                cursor.goRight(local, False)
            return cursor.getStart()
        if local <= 0:
            return piece.begin
        return piece.finish

    def _piece_at(self, offset: int, after: bool) -> Optional[_Piece]:
        inside = [p for p in self._pieces if p.start < offset < p.end]
        if inside:
            return inside[0]
        if after:
            starting = [p for p in self._pieces if p.start == offset and p.length]
            ending = [p for p in self._pieces if p.end == offset]
        else:
            starting = [p for p in self._pieces if p.end == offset and p.length]
            ending = [p for p in self._pieces if p.start == offset]
        candidates = starting or ending
        return candidates[0] if candidates else None


def span_text(text_range) -> str:
    """``TextSpan.of_range(text_range).text`` read without the places and marks that only edits and
    listings need (a paragraph with a note or a tracked deletion at 473 pages: 0.32 → 0.18 ms, measured)."""
    builder = _Builder(places=False)
    _read_into(builder, text_range.getText(), text_range)
    return "".join(builder.parts)


def _read_into(builder: "_Builder", xtext, text_range) -> None:
    """Feed the paragraphs of ``text_range`` to ``builder``, portion by portion."""
    _read_paragraphs(builder, elements(xtext.createTextCursorByRange(text_range).createEnumeration()))


def _read_paragraphs(builder: "_Builder", paragraphs) -> None:
    previous_end, first = None, True
    for paragraph in paragraphs:
        if not paragraph.supportsService(PARAGRAPH):
            raise SpanTableError("the range contains a table")
        if not first:
            builder.paragraph_break(previous_end, paragraph.getStart() if builder.places else None)
        builder.paragraph(paragraph)
        previous_end, first = paragraph.getEnd() if builder.places else None, False


class _Builder:
    """Collects the text and pieces of consecutive paragraphs (without ``places``, the text alone)."""

    def __init__(self, places: bool = True, formats: Tuple[str, ...] = (), marks: bool = False):
        self.places = places
        self.formats = formats
        self.marking = places or marks
        """Notes, comments and fields are kept in :attr:`marks`."""
        self.parts: List[str] = []
        self.pieces: List[_Piece] = []
        self.offset = 0
        self.deleting = False
        self.notes_met = 0
        self.marks = Marks()

    def paragraph_break(self, end_of_previous, start_of_next) -> None:
        self._add("\n", BREAK, end_of_previous, start_of_next)

    def paragraph(self, paragraph) -> None:
        for portion in elements(paragraph.createEnumeration()):
            kind = portion.getPropertyValue("TextPortionType")
            if kind == "Redline":
                if portion.getPropertyValue("RedlineType") == "Delete":
                    self.deleting = bool(portion.getPropertyValue("IsStart"))
                continue
            if self.deleting:
                continue
            if kind == "Text":
                self._add(portion.getString(), TEXT, *self._where(portion, False), values=self._values(portion))
            elif kind == "Footnote":
                self._add(self._note(portion), ATOMIC, *self._where(portion, True), values=self._values(portion))
            elif kind in ATOMIC_PORTIONS:
                if kind == "TextField" and self.marking:
                    self._field(portion)
                self._add(portion.getString() or "\ufffc", ATOMIC, *self._where(portion, True),
                          values=self._values(portion))
            elif kind == "Annotation" and self.marking:
                self._comment(portion)

    def _values(self, portion) -> Optional[tuple]:
        return tuple(portion.getPropertyValues(self.formats)) if self.formats else None

    def _where(self, portion, with_end: bool) -> tuple:
        """``(begin, finish)`` of a piece read from ``portion`` (Nones when places are not kept)."""
        if not self.places:
            return None, None
        return portion.getStart(), portion.getEnd() if with_end else None

    def _note(self, portion) -> str:
        note = portion.getPropertyValue("Footnote")
        self.notes_met += 1
        label = note.getLabel() or portion.getString().strip() or str(self.notes_met)
        marker = "[^%s%s]" % ("e" if note.supportsService("com.sun.star.text.Endnote") else "", label)
        if self.marking:
            self.marks.notes.append((marker, note.getString()))
        return marker

    def _field(self, portion) -> None:
        try:
            found = portion.getPropertyValue("TextField")
            service = next((name for name in found.getSupportedServiceNames()
                            if name.startswith("com.sun.star.text.textfield.")), "")
            kind = service[len("com.sun.star.text.textfield."):].split(".")[0]
            self.marks.fields.append((portion.getString(), FIELD_KINDS.get(kind, "field")))
        except Exception:  # a field that cannot say what it is still reads as its text
            pass

    def _comment(self, portion) -> None:
        try:
            note = portion.getPropertyValue("TextField")
            self.marks.comments.append((note.getPropertyValue("Author"), note.getPropertyValue("Content"),
                                        note.getAnchor().getString()))
        except Exception:  # an unreadable comment is left out of the read, never fatal
            pass

    def _add(self, text: str, kind: str, begin, finish=None, values: Optional[tuple] = None) -> None:
        if not text:
            return
        self.parts.append(text)
        self.pieces.append(_Piece(self.offset, len(text), kind, begin, finish, values))
        self.offset += len(text)
