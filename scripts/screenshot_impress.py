"""Screenshot for the README: an Impress deck made from a Writer document's outline by a sidebar turn.

Run from the repository root: ``python3 scripts/screenshot_impress.py [output.png]``
(default docs/screenshots/impress-from-outline.png, 1280x900 like the other screenshots).

It builds the .oxt, starts LibreOffice with it on a virtual display (Xvfb), writes a
report in Writer (headings and their points), copies its outline into the Marginalia
panel of a new Impress deck and sends it, as a user would. The model is the scripted
server of the tests (tests/support/scripted_server.py): it asks for get_presentation,
then add_slides with that outline, then answers; the tools run in the office exactly
as with a real model. Impress's own tools do not read other documents
(read_other_document is offered in Writer and Calc only), hence the copied outline.
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:0] = [HERE, os.path.join(ROOT, "tests")]

import build_oxt  # noqa: E402
import run  # noqa: E402
from officectl import Office, screenshot, write_settings  # noqa: E402
from support.panel import Panel  # noqa: E402
from support.scripted_server import ScriptedServer, chat_chunk, sse_reply, text_stream_reply  # noqa: E402

DEFAULT_OUTPUT = os.path.join(ROOT, "docs", "screenshots", "impress-from-outline.png")
REPORT = [("Heading 1", "Why restore rivers"), ("Standard", "Floods are smaller and slower"),
          ("Standard", "Fish and birds come back"), ("Heading 1", "What we did in 2025"),
          ("Standard", "Removed two weirs on the Aire"), ("Standard", "Planted 4 km of banks"),
          ("Heading 1", "Results"), ("Standard", "Flow up from 12 to 15 m³/s"),
          ("Standard", "Trout seen above the old weir"), ("Heading 1", "Next steps"),
          ("Standard", "Two more weirs in 2026"), ("Standard", "Volunteers every first Saturday")]


def write_report(office: Office):
    """A Writer document with the report (Heading 1 paragraphs and their points), in a window."""
    from com.sun.star.text.ControlCharacter import PARAGRAPH_BREAK
    doc = office.new_document("swriter")
    text = doc.getText()
    cursor = text.createTextCursor()
    for index, (style, line) in enumerate(REPORT):
        if index:
            text.insertControlCharacter(cursor, PARAGRAPH_BREAK, False)
        cursor.setPropertyValue("ParaStyleName", style)
        text.insertString(cursor, line, False)
    return doc


def outline_of(doc) -> str:
    """The Writer document's outline as Markdown: headings as ``#``, the paragraphs under them as points."""
    lines = []
    paragraphs = doc.getText().createEnumeration()
    while paragraphs.hasMoreElements():
        paragraph = paragraphs.nextElement()
        level = paragraph.getPropertyValue("OutlineLevel")
        lines.append("%s %s" % ("#" * level if level else "-", paragraph.getString()))
    return "\n".join(lines)


def tool_round(name: str, arguments: dict):
    """One scripted model round asking for one tool call."""
    call = {"index": 0, "id": "call_" + name, "type": "function",
            "function": {"name": name, "arguments": json.dumps(arguments)}}
    return sse_reply([chat_chunk(tool_calls=[call]), chat_chunk(finish_reason="tool_calls")])


def shoot(office: Office, server: ScriptedServer, display: str, output: str) -> None:
    outline = outline_of(write_report(office))
    deck = office.new_document("simpress")
    deck.getDrawPages().getByIndex(0).getByIndex(0).setString("River restoration 2025")
    server.enqueue(tool_round("get_presentation", {}), tool_round("add_slides", {"outline": outline}),
                   text_stream_reply(["Added four slides after your title slide: ", "Why restore rivers, ",
                                      "What we did in 2025, Results and Next steps."]), path="/v1/chat/completions")
    panel = Panel(deck).open()
    panel.send("Turn the outline of my report into slides:\n" + outline)
    panel.wait_idle(timeout=60)
    if deck.getDrawPages().getCount() != 5:
        raise SystemExit("the turn did not add the slides:\n" + panel.transcript())
    time.sleep(2)  # let the slide pane draw its thumbnails
    screenshot(display, output)


def main(argv=None) -> int:
    output = os.path.abspath((argv or sys.argv[1:] or [DEFAULT_OUTPUT])[0])
    oxt = build_oxt.build(os.path.join(tempfile.mkdtemp(prefix="marginalia-shot-"), "marginalia.oxt"))
    xvfb, display = run.start_virtual_display()
    if xvfb is None:
        raise SystemExit("Xvfb is needed")
    office = Office([oxt], headless=False, display=display)
    try:
        with ScriptedServer() as server:
            office.start()
            write_settings(office.ctx, "Endpoint", URL=server.base_url, Model="scripted-model")
            shoot(office, server, display, output)
    finally:
        office.stop()
        xvfb.terminate()
    print("saved", output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
