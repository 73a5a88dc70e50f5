"""The chat transcript as text, kept in segments and changed through small edits.

The panel shows the conversation in one multi-line field. Re-setting the whole text on
every token would be quadratic and flicker, so the transcript records each change as
an :class:`Edit` (replace the range ``start..end`` with ``text``) that the view applies
with one ``insertText`` call. Offsets are counted in UTF-16 code units, as the office's
text controls count them, so characters outside the Basic Multilingual Plane (emoji)
keep later edits in place.

Each segment is a labelled block (who said what) separated by a blank line::

    You
    Fix the typos.

    Thinking
    The user wants ...

    Marginalia
    Done: I corrected 3 words.

Segments of the kinds given as ``markdown_kinds`` (the model's answers) keep their
Markdown source as their body but show it rendered: readable text whose styled parts
travel with each edit as :class:`~marginalia.core.text.markdown_display.Span` s, so the
panel can show bold, code, headings and lists as they stream. Only the block still
growing is rendered again, and each edit replaces only what changed at the end.
"""
from __future__ import annotations

from typing import Callable, Dict, Iterable, List, NamedTuple, Optional, Sequence, Tuple

from ..text.markdown_display import Display, MarkdownStream, Span

SEPARATOR = "\n\n"


class Edit(NamedTuple):
    """Replace the text between ``start`` and ``end`` (UTF-16 offsets) with ``text``."""

    start: int
    end: int
    text: str
    kind: str = ""
    """The kind of the segment the new text belongs to (for styling)."""
    role: str = ""
    """``header`` (the label line), ``body``, or ``all`` (the whole transcript was replaced:
    re-render it from :meth:`Transcript.styled_runs`)."""
    spans: Tuple[Span, ...] = ()
    """Styled parts of ``text`` (UTF-16 offsets relative to ``text``) of a rendered Markdown body."""


def utf16_len(text: str) -> int:
    """Return the length of ``text`` in UTF-16 code units."""
    if text.isascii():
        return len(text)
    return len(text.encode("utf-16-le")) // 2


MAX_LINE = 4000
"""Longest line kept. The office's rich text breaks paragraphs at about 16,367 characters on
its own, which would shift every later offset, so the transcript breaks them first; and it
lays a paragraph out again on every insert, in time growing with the paragraph's length:
measured with bench_ui.py, 100,000 characters flushed at once showed in 0.16 s with lines
of at most 4,000 characters, against 0.4-1.3 s (and single inserts of up to 160 ms) with
16,000. Real answers rarely have a paragraph this long."""


def clean_text(text: str) -> str:
    """Normalize line ends to LF and drop control characters a text field cannot show."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.isprintable():
        text = "".join(ch for ch in text if ch.isprintable() or ch in "\n\t")
    return text


def wrap_long_lines(text: str, line_len: int = 0) -> str:
    """Insert a line break wherever a line would grow past :data:`MAX_LINE`.

    Args:
        text: text to append.
        line_len: length of the line ``text`` continues (0 at a line start).
    """
    if line_len + len(text) <= MAX_LINE or "\n" in text and max(map(len, text.split("\n"))) + line_len <= MAX_LINE:
        return text
    pieces = []
    for number, line in enumerate(text.split("\n")):
        room = MAX_LINE - (line_len if number == 0 else 0)
        while len(line) > room:
            pieces.append(line[:room] + "\n")
            line, room = line[room:], MAX_LINE
        pieces.append(line + "\n")
    return "".join(pieces)[:-1]


def _line_tail(text: str) -> int:
    """Length of the last line of ``text``."""
    return len(text) - text.rfind("\n") - 1


class _Segment:
    __slots__ = ("kind", "header", "parts", "body_len", "shown", "start", "tail", "stream")

    def __init__(self, kind: str, header: str, start: int, markdown: bool = False):
        self.kind = kind
        self.stream: Optional[MarkdownStream] = MarkdownStream() if markdown else None
        self.header = header
        self.parts: List[str] = []
        self.body_len = 0
        self.tail = 0  # length of the body's last line
        self.shown: Optional[str] = None  # replacement text while collapsed
        self.start = start

    def body(self) -> str:
        if len(self.parts) > 1:
            self.parts = ["".join(self.parts)]
        return self.parts[0] if self.parts else ""

    def display(self) -> Display:
        """The body as shown when not collapsed (rendered for Markdown segments)."""
        return self.stream.display if self.stream is not None else Display(self.body())

    def visible_body_len(self) -> int:
        return utf16_len(self.shown) if self.shown is not None else self.body_len

    def rendered_len(self) -> int:
        return utf16_len(self.header) + self.visible_body_len()


class Transcript:
    """Segments of the conversation, with listeners notified of every :class:`Edit`."""

    def __init__(self, markdown_kinds: Sequence[str] = ()) -> None:
        """Args: markdown_kinds: kinds of segment whose body is Markdown, shown rendered."""
        self._markdown_kinds = frozenset(markdown_kinds)
        self._segments: Dict[int, _Segment] = {}
        self._order: List[int] = []
        self._next_id = 0
        self._length = 0
        self._listeners: List[Callable[[Edit], None]] = []

    # listeners -------------------------------------------------------------
    def subscribe(self, listener: Callable[[Edit], None]) -> None:
        """Call ``listener(edit)`` after each change."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: Callable[[Edit], None]) -> None:
        """Stop notifying ``listener`` (no error if it was not subscribed)."""
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _emit(self, edit: Edit) -> None:
        for listener in list(self._listeners):
            listener(edit)

    # queries ---------------------------------------------------------------
    def text(self) -> str:
        """Return the whole transcript as shown."""
        pieces = []
        for seg_id in self._order:
            segment = self._segments[seg_id]
            pieces.append(segment.header)
            pieces.append(segment.shown if segment.shown is not None else segment.display().text)
        return "".join(pieces)

    def __len__(self) -> int:
        """Length of :meth:`text` in UTF-16 code units."""
        return self._length

    def body(self, seg_id: int) -> str:
        """Return a segment's full body (even while collapsed; the Markdown source of a Markdown segment)."""
        return self._segments[seg_id].body()

    def kind(self, seg_id: int) -> str:
        """Return the kind a segment was added with."""
        return self._segments[seg_id].kind

    def segment_ids(self) -> List[int]:
        """Return the ids of all segments in display order."""
        return list(self._order)

    def segments(self) -> List[Tuple[str, str, str]]:
        """Return every segment as ``(kind, label, body)`` in display order, to be stored.

        Bodies are full even while collapsed; :meth:`restore` rebuilds the same text.
        """
        result = []
        for position, seg_id in enumerate(self._order):
            segment = self._segments[seg_id]
            prefix = len(SEPARATOR) if position else 0
            result.append((segment.kind, segment.header[prefix:-1], segment.body()))
        return result

    def styled_runs(self) -> List[Tuple[str, str, str, Tuple[Span, ...]]]:
        """Return the shown text as ``(text, kind, role, spans)`` runs, to render it with styles."""
        runs = []
        for seg_id in self._order:
            segment = self._segments[seg_id]
            runs.append((segment.header, segment.kind, "header", ()))
            shown = Display(segment.shown) if segment.shown is not None else segment.display()
            if shown.text:
                runs.append((shown.text, segment.kind, "body", _utf16_spans(shown, 0)))
        return runs

    # changes ---------------------------------------------------------------
    def add(self, kind: str, label: str, body: str = "") -> int:
        """Append a new labelled segment and return its id."""
        prefix = SEPARATOR if self._order else ""
        segment = _Segment(kind, prefix + label + "\n", self._length, kind in self._markdown_kinds)
        seg_id = self._next_id
        self._next_id += 1
        self._segments[seg_id] = segment
        self._order.append(seg_id)
        header_len = utf16_len(segment.header)
        self._length += header_len
        self._emit(Edit(segment.start, segment.start, segment.header, kind, "header"))
        if body:
            self.append(seg_id, body)
        return seg_id

    def append(self, seg_id: int, text: str) -> None:
        """Append ``text`` to a segment's body."""
        text = clean_text(text)
        if not text:
            return
        segment = self._segments[seg_id]
        if segment.stream is not None:
            old = segment.stream.display
            segment.parts.append(text)
            self._show_display(seg_id, old, segment.stream.feed(text))
            return
        text = wrap_long_lines(text, segment.tail)
        segment.tail = _line_tail(text) if "\n" in text else segment.tail + len(text)
        if segment.shown is None:
            end = segment.start + segment.rendered_len()
            added = utf16_len(text)
            segment.parts.append(text)
            segment.body_len += added
            self._shift_after(seg_id, added)
            self._emit(Edit(end, end, text, segment.kind, "body"))
        else:
            segment.parts.append(text)
            segment.body_len += utf16_len(text)

    def replace_body(self, seg_id: int, text: str) -> None:
        """Replace a segment's body (e.g. a tool line updated in place)."""
        segment = self._segments[seg_id]
        if segment.stream is not None:
            text = clean_text(text)
            old = segment.stream.display
            segment.parts = [text] if text else []
            self._show_display(seg_id, old, segment.stream.reset(text))
            return
        text = wrap_long_lines(clean_text(text))
        segment.tail = _line_tail(text)
        body_start = segment.start + utf16_len(segment.header)
        old_len = segment.visible_body_len()
        segment.parts = [text] if text else []
        segment.body_len = utf16_len(text)
        segment.shown = None
        self._shift_after(seg_id, segment.body_len - old_len)
        self._emit(Edit(body_start, body_start + old_len, text, segment.kind, "body"))

    def render_again(self, seg_id: int) -> None:
        """Render a Markdown segment's whole source at once (a no-op for other segments).

        While streaming, blocks are rendered as they complete, so a reference-style link
        whose definition came later stays literal; rendering the whole source resolves it.
        Only what differs is replaced.
        """
        segment = self._segments[seg_id]
        if segment.stream is not None:
            old = segment.stream.display
            self._show_display(seg_id, old, segment.stream.reset(segment.body()))

    def collapse(self, seg_id: int, summary: str) -> None:
        """Show ``summary`` instead of the segment's body (the body is kept)."""
        self._show(seg_id, wrap_long_lines(clean_text(summary)))

    def expand(self, seg_id: int) -> None:
        """Show a collapsed segment's full body again."""
        self._show(seg_id, None)

    def is_collapsed(self, seg_id: int) -> bool:
        """Return True while a segment shows its summary instead of its body."""
        return self._segments[seg_id].shown is not None

    def _show(self, seg_id: int, shown: Optional[str]) -> None:
        segment = self._segments[seg_id]
        body_start = segment.start + utf16_len(segment.header)
        old_len = segment.visible_body_len()
        segment.shown = shown
        new = Display(shown) if shown is not None else segment.display()
        self._shift_after(seg_id, utf16_len(new.text) - old_len)
        self._emit(Edit(body_start, body_start + old_len, new.text, segment.kind, "body", _utf16_spans(new, 0)))

    def _show_display(self, seg_id: int, old: Display, new: Display) -> None:
        """Show a Markdown segment's new rendering, replacing only what changed since ``old``."""
        segment = self._segments[seg_id]
        new_len = utf16_len(new.text)
        if segment.shown is not None:  # collapsed: the new rendering shows when expanded
            segment.body_len = new_len
            return
        same = _same_prefix(old, new)
        body_start = segment.start + utf16_len(segment.header)
        start = body_start + utf16_len(new.text[:same])
        end = body_start + segment.body_len
        segment.body_len = new_len
        self._shift_after(seg_id, new_len - (end - body_start))
        self._emit(Edit(start, end, new.text[same:], segment.kind, "body", _utf16_spans(new, same)))

    def restore(self, segments: Iterable[Sequence[str]]) -> List[int]:
        """Replace the whole transcript with stored segments (as :meth:`segments` gives them).

        Listeners receive a single edit that replaces the old text with the new one.

        Args:
            segments: ``(kind, label, body)`` triples in display order.

        Returns:
            The new segments' ids, in order.
        """
        old = self._length
        self._segments.clear()
        self._order.clear()
        self._length = 0
        for kind, label, body in segments:
            prefix = SEPARATOR if self._order else ""
            segment = _Segment(kind, prefix + clean_text(label) + "\n", self._length, kind in self._markdown_kinds)
            if segment.stream is not None:
                body = clean_text(body)
                segment.body_len = utf16_len(segment.stream.reset(body).text)
            else:
                body = wrap_long_lines(clean_text(body))
                segment.tail = _line_tail(body)
                segment.body_len = utf16_len(body)
            if body:
                segment.parts.append(body)
            self._segments[self._next_id] = segment
            self._order.append(self._next_id)
            self._next_id += 1
            self._length += segment.rendered_len()
        self._emit(Edit(0, old, self.text(), "", "all"))
        return list(self._order)

    def clear(self) -> None:
        """Remove every segment."""
        old = self._length
        self._segments.clear()
        self._order.clear()
        self._length = 0
        self._emit(Edit(0, old, "", "", "all"))

    def _shift_after(self, seg_id: int, delta: int) -> None:
        self._length += delta
        if not delta or self._order[-1] == seg_id:
            return
        position = self._order.index(seg_id)
        for later in self._order[position + 1:]:
            self._segments[later].start += delta


def _same_prefix(old: Display, new: Display) -> int:
    """How many leading characters ``old`` and ``new`` share with the same styles."""
    if new.text.startswith(old.text):
        same = len(old.text)
    else:
        low, high = 0, min(len(old.text), len(new.text))
        while low < high:  # the longest common prefix, by halving (slice comparisons run in C)
            middle = (low + high + 1) // 2
            if old.text[:middle] == new.text[:middle]:
                low = middle
            else:
                high = middle - 1
        same = low
    if old.spans != new.spans:
        for before, after in zip(old.spans, new.spans):
            if before != after:
                return min(same, before.start, after.start)
        shorter = min(len(old.spans), len(new.spans))
        extra = (old.spans if len(old.spans) > shorter else new.spans)[shorter]
        same = min(same, extra.start)
    return same


def _utf16_spans(display: Display, start: int) -> Tuple[Span, ...]:
    """The spans of ``display.text[start:]``, clipped to it and counted in UTF-16 units from ``start``."""
    text = display.text
    ascii_text = text.isascii()
    spans = []
    for span in display.spans:
        if span.end <= start:
            continue
        begin = max(span.start, start)
        if ascii_text:
            spans.append(Span(begin - start, span.end - start, span.style))
        else:
            offset = utf16_len(text[start:begin])
            spans.append(Span(offset, offset + utf16_len(text[begin:span.end]), span.style))
    return tuple(spans)
