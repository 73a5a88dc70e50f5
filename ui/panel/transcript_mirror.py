"""The transcript's view: a read-only rich text control mirroring the session's transcript.

The plain multi-line edit field of dialogs (VCL's TextEngine) re-lays out its text on
every insertion: measured here, appending to a 100,000-character transcript cost 59 ms,
and to one 8,000-character paragraph 161 ms, freezing the office while a reply
streams. The form rich text control (EditEngine) appends in under 1 ms at any size,
and it can style the text: labels bold, thinking grey and italic, problems red.

The control is created in code (dialogs cannot declare it) and added to the panel
window under the name ``transcript``. The model's answers arrive rendered from Markdown
(core.text.markdown_display): their edits carry spans whose styles (bold, code,
heading…) map to character properties here (:data:`SPAN_STYLES`).
"""
from __future__ import annotations

import time
from typing import Optional

from ..office.log import get_logger, logged

log = get_logger("transcript")

GREY = 0x6E6E6E
GREEN = 0x2F6B2F
RED = 0xA01818
MAX_STEP = 32767
"""The most a text cursor moves in one call (its count is a UNO short)."""

# (kind, role) -> character properties; missing entries mean the default style
STYLES = {
    ("thinking", "body"): {"CharColor": GREY, "CharPosture": "ITALIC"},
    ("tool", "body"): {"CharColor": GREEN},
    ("notice", "body"): {"CharPosture": "ITALIC"},
    ("error", "body"): {"CharColor": RED},
    ("error", "header"): {"CharColor": RED, "CharWeight": 150.0},
}
HEADER_STYLE = {"CharWeight": 150.0}
LINK_BLUE = 0x1A5FB4
MONOSPACE = "Liberation Mono;DejaVu Sans Mono;Courier New;Courier"
HEADING_SCALE = 1.15

# span style flag -> character properties (a span's style joins flags with "+")
SPAN_STYLES = {
    "bold": {"CharWeight": 150.0},
    "italic": {"CharPosture": "ITALIC"},
    "code": {"CharFontName": MONOSPACE},
    "strike": {"CharStrikeout": 1},
    "underline": {"CharUnderline": 1},
    "link": {"CharColor": LINK_BLUE, "CharUnderline": 1},
    "heading": {"CharWeight": 150.0},
    "quote": {"CharColor": GREY},
}


def span_properties(style: str, plain: dict) -> dict:
    """The character properties of a span style such as ``code+bold`` (headings a little larger)."""
    properties = {}
    for flag in style.split("+"):
        properties.update(SPAN_STYLES.get(flag, {}))
    if "heading" in style.split("+"):
        properties["CharHeight"] = round(float(plain.get("CharHeight", 9.0)) * HEADING_SCALE, 1)
    return properties


def _uniform_style(edit) -> Optional[str]:
    """The one span style covering all of ``edit.text`` (``""`` for no spans), or None when mixed."""
    if not edit.spans:
        return ""
    if len(edit.spans) == 1 and edit.spans[0].start == 0 and edit.spans[0].end == _utf16(edit.text):
        return edit.spans[0].style
    return None


def _end_style(edit) -> str:
    if edit.spans and edit.spans[-1].end == _utf16(edit.text):
        return edit.spans[-1].style
    return ""


def base_style(window) -> dict:
    """The panel's own text look (the office's field font and colour), for every run."""
    style = {"CharWeight": 100.0, "CharPosture": "NONE", "CharColor": 0x000000,
             "CharFontName": "Liberation Sans;DejaVu Sans;Arial;Helvetica", "CharHeight": 9.0}
    try:
        settings = window.getStyleSettings()
        style["CharColor"] = settings.FieldTextColor
        for font in (settings.FieldFont, settings.LabelFont, settings.AppFont):
            if font.Name and font.Height:
                style["CharFontName"], style["CharHeight"] = font.Name, float(font.Height)
                break
    except Exception:
        log.debug("no style settings for the transcript", exc_info=True)
    return style


def create_transcript_control(ctx, window, tooltip: str):
    """Create the rich text control inside the panel ``window`` and register it as ``transcript``."""
    smgr = ctx.ServiceManager
    model = smgr.createInstanceWithContext("com.sun.star.form.component.RichTextControl", ctx)
    control = smgr.createInstanceWithContext("com.sun.star.form.control.RichTextControl", ctx)
    control.setModel(model)
    for name, value in (("MultiLine", True), ("RichText", True), ("ReadOnly", True), ("VScroll", True),
                        ("HelpText", tooltip), ("Tabstop", True)):
        model.setPropertyValue(name, value)
    window.addControl("transcript", control)
    return control


def _set_properties(cursor, properties: dict) -> None:
    for name, value in properties.items():
        cursor.setPropertyValue(name, _posture(value) if name == "CharPosture" else value)


def _posture(name: str):
    import uno
    return uno.Enum("com.sun.star.awt.FontSlant", name)


def _move(go, count: int, expand: bool) -> None:
    """``cursor.goRight``/``goLeft`` by ``count``: UNO takes at most 32767 per call (a short)."""
    while count > 0:
        step = min(count, MAX_STEP)
        go(step, expand)
        count -= step


def _utf16(text: str) -> int:
    return len(text) if text.isascii() else len(text.encode("utf-16-le")) // 2


class TranscriptMirror:
    """Keeps the rich text control equal to a transcript, one small edit at a time."""

    def __init__(self, control, transcript, plain_style: dict):
        self._control = control
        self._transcript = transcript
        self._plain = plain_style
        self._text = control.getModel().getText()
        self._cursor = self._text.createTextCursor()
        self._length = 0
        self._tail_style = None  # (kind, role, span style) of the text at the very end

    @logged
    def reset(self) -> None:
        """Render the whole transcript again, with its styles."""
        self._text.setString("")
        self._length = 0
        self._tail_style = None
        cursor = self._cursor
        for text, kind, role, spans in self._transcript.styled_runs():
            cursor.gotoEnd(False)
            self._insert(cursor, text, kind, role, spans)
            if text:
                self._tail_style = (kind, role, spans[-1].style if spans and spans[-1].end == _utf16(text) else "")
        self._scroll_to_end()

    @logged
    def apply(self, edit) -> None:
        """Apply one :class:`~marginalia.core.chat.transcript.Edit` (UTF-16 offsets, as the control counts)."""
        started = time.perf_counter()
        self._apply(edit)
        took = time.perf_counter() - started
        if took > 0.02:
            log.debug("transcript edit (%s %s, %d chars at %d of %d) took %.0f ms", edit.kind, edit.role,
                      len(edit.text), edit.start, self._length, took * 1000)

    def _apply(self, edit) -> None:
        if edit.role == "all":
            self.reset()
            return
        cursor = self._cursor
        at_end = edit.end >= self._length
        if edit.start >= self._length:
            cursor.gotoEnd(False)
            if edit.text and (edit.kind, edit.role, _uniform_style(edit)) == self._tail_style:
                self._append_same_style(cursor, edit.text)
                self._scroll_to_end()
                return
        else:
            cursor.gotoStart(False)
            _move(cursor.goRight, edit.start, False)
            if edit.end > edit.start:
                _move(cursor.goRight, edit.end - edit.start, True)
                cursor.setString("")
                self._length -= edit.end - edit.start
        self._insert(cursor, edit.text, edit.kind, edit.role, edit.spans)
        if at_end:
            if edit.text:
                self._tail_style = (edit.kind, edit.role, _end_style(edit))
            self._scroll_to_end()

    def _append_same_style(self, cursor, text: str) -> None:
        """Append text that continues the run at the end: it takes that run's look by itself.

        Setting character attributes makes the office lay the whole paragraph out again,
        which costs tens of milliseconds in a paragraph of thousands of characters;
        plain appends to the same run skip it.
        """
        self._text.insertString(cursor, text, False)
        self._length += _utf16(text)

    def _insert(self, cursor, text: str, kind: str, role: str, spans=()) -> None:
        if not text:
            return
        self._text.insertString(cursor, text, False)
        length = _utf16(text)
        self._length += length
        _move(cursor.goLeft, length, True)
        style = dict(self._plain)
        style.update(HEADER_STYLE if role == "header" else {})
        style.update(STYLES.get((kind, role), {}))
        _set_properties(cursor, style)
        if spans:
            self._style_spans(cursor, spans)
        cursor.collapseToEnd()

    def _style_spans(self, cursor, spans) -> None:
        """Style the spans of the text ``cursor`` selects (UTF-16 offsets from its start)."""
        span_cursor = self._text.createTextCursorByRange(cursor.getStart())
        position = 0
        for span in spans:
            span_cursor.collapseToEnd()
            _move(span_cursor.goRight, span.start - position, False)
            _move(span_cursor.goRight, span.end - span.start, True)
            _set_properties(span_cursor, span_properties(span.style, self._plain))
            position = span.end

    def _scroll_to_end(self) -> None:
        try:
            import uno
            end = uno.createUnoStruct("com.sun.star.awt.Selection", self._length, self._length)
            self._control.setSelection(end)
        except Exception:
            log.debug("scrolling the transcript failed", exc_info=True)
