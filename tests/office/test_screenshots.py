"""Screenshots of the real panel under Xvfb (used in the README): Writer and Calc mid-stream."""
import os
import time

from officectl import screenshot
from support.keyboard import xdotool
from support.panel import Panel, set_settings, wait_until
from support.scripted_server import text_stream_reply

from support.office_fixtures import ARTIFACTS

SHOTS = os.path.join(ARTIFACTS, "screenshots")


def is_png(path):
    with open(path, "rb") as handle:
        return handle.read(8) == b"\x89PNG\r\n\x1a\n"


def shoot(gui_office, xvfb, scripted_server, kind, name, prompt, thinking, answer):
    """Two screenshots: while the thinking streams (``<name>-thinking.png``), then mid-answer."""
    set_settings(gui_office.ctx, "Endpoint", URL=scripted_server.base_url, Model="scripted-model")
    doc = gui_office.new_document(kind)
    try:
        scripted_server.enqueue(text_stream_reply(answer, reasoning_pieces=thinking, delay=0.3))
        panel = Panel(doc).open()
        panel.send(prompt)
        wait_until(lambda: thinking[1].strip() in panel.transcript(), timeout=15, message="the thinking to stream")
        screenshot(xvfb, os.path.join(SHOTS, name.replace(".png", "-thinking.png")))
        wait_until(lambda: answer[2] in panel.transcript(), timeout=15, message="the answer to stream")
        path = os.path.join(SHOTS, name)
        screenshot(xvfb, path)
        panel.wait_idle(timeout=20)
        return path
    finally:
        set_settings(gui_office.ctx, "Endpoint", URL="", Model="")
        gui_office.close_document(doc)


def test_writer_and_calc_screenshots(gui_office, xvfb, scripted_server):
    writer = shoot(gui_office, xvfb, scripted_server, "swriter", "writer-streaming.png",
                   "Suggest a title for my report on river restoration.",
                   ["The user wants a title. ", "Keep it short, ", "mention rivers and restoration."],
                   ["Here ", "are ", "three ", "options:\n", "1. Rivers Reborn\n", "2. Restoring the Flow\n",
                    "3. Back to the Source"])
    calc = shoot(gui_office, xvfb, scripted_server, "scalc", "calc-streaming.png",
                 "Which formula sums column B?",
                 ["Column B holds the amounts; ", "SUM over the used range."],
                 ["Use ", "=SUM(B2:B100) ", "in the cell ", "below your data, ", "or =SUM(B:B) ",
                  "for the whole column."])
    for path in (writer, calc):
        assert os.path.getsize(path) > 10000 and is_png(path)


def allow_a_wide_sidebar(office):
    """LibreOffice caps the sidebar at 500 px by default; raise the cap (read when a window opens)."""
    provider = office.ctx.ServiceManager.createInstanceWithContext(
        "com.sun.star.configuration.ConfigurationProvider", office.ctx)
    from com.sun.star.beans import PropertyValue
    path = PropertyValue()
    path.Name, path.Value = "nodepath", "/org.openoffice.Office.UI.Sidebar/General"
    access = provider.createInstanceWithArguments("com.sun.star.configuration.ConfigurationUpdateAccess", (path,))
    access.setPropertyValue("MaximumWidth", 700)
    access.commitChanges()


def widen_sidebar(display, panel, by: int):
    """Drag the splitter between the document and the sidebar ``by`` pixels to the left, as a user would.

    The splitter lies a few pixels left of the deck, how many depends on the LibreOffice version
    (7.4 and 25.2 differ): spots left of the panel are tried until a drag changes its width.
    """
    width = panel.dialog.getPosSize().Width
    left = panel.dialog.getAccessibleContext().getLocationOnScreen().X
    for gap in range(4, 44, 3):
        splitter = left - gap
        for step in (["mousemove", str(splitter), "300"], ["mousedown", "1"],
                     ["mousemove", str(splitter - by // 2), "300"], ["mousemove", str(splitter - by), "300"],
                     ["mouseup", "1"]):
            xdotool(display, *step)
            time.sleep(0.1)
        deadline = time.monotonic() + 1.0
        while time.monotonic() < deadline:
            if panel.dialog.getPosSize().Width != width:
                return
            time.sleep(0.1)
    raise AssertionError("no splitter found left of the panel at x=%d" % left)


def test_screenshots_after_a_tool_turn_and_of_an_error(gui_office, xvfb, scripted_server):
    import json
    from support.scripted_server import chat_chunk, json_reply, sse_reply

    def tool_round(name, arguments, call_id):
        return sse_reply([chat_chunk(tool_calls=[{"index": 0, "id": call_id, "type": "function",
                                                  "function": {"name": name, "arguments": json.dumps(arguments)}}]),
                          chat_chunk(finish_reason="tool_calls")])

    set_settings(gui_office.ctx, "Endpoint", URL=scripted_server.base_url, Model="scripted-model")
    allow_a_wide_sidebar(gui_office)
    doc = gui_office.new_document("swriter")
    try:
        doc.getText().setString("Micheal wrote the first draft. Micheal also checked the figures.")
        scripted_server.enqueue(
            tool_round("replace_text", {"old_text": "Micheal", "new_text": "Michael", "all": True}, "c1"),
            tool_round("insert_content", {"position": "end", "content": "## Results\n\n| Year | Flow |\n|---|---|\n"
                                          "| 2024 | 12 m³/s |\n| 2025 | 15 m³/s |"}, "c2"),
            sse_reply([chat_chunk(content="I corrected the name twice and added a Results section with a table."),
                       chat_chunk(finish_reason="stop"),
                       dict(chat_chunk(), choices=[], usage={"prompt_tokens": 2214, "completion_tokens": 19})]))
        panel = Panel(doc).open()
        panel.send("Fix the name and add a results table.")
        panel.wait_idle(timeout=30)
        screenshot(xvfb, os.path.join(SHOTS, "writer-after-tools.png"))
        assert "Michael" in doc.getText().getString()
        narrow = panel.dialog.getPosSize().Width
        widen_sidebar(xvfb, panel, by=350)
        wait_until(lambda: panel.dialog.getPosSize().Width >= 560, message="the panel to widen (%d px)" % panel.dialog.getPosSize().Width)
        screenshot(xvfb, os.path.join(SHOTS, "writer-wide.png"))
        print("\npanel width in the screenshots: %d px, then %d px" % (narrow, panel.dialog.getPosSize().Width))
        widen_sidebar(xvfb, panel, by=-350)
        scripted_server.enqueue(json_reply({"error": {"message": "Invalid API key"}}, status=401),
                                path="/v1/chat/completions")
        panel.send("One more thing?")
        panel.wait_idle()
        screenshot(xvfb, os.path.join(SHOTS, "writer-error.png"))
        assert "Problem" in panel.transcript()
    finally:
        set_settings(gui_office.ctx, "Endpoint", URL="", Model="")
        gui_office.close_document(doc)
    for name in ("writer-after-tools.png", "writer-wide.png", "writer-error.png"):
        assert is_png(os.path.join(SHOTS, name))


FORMATTED_ANSWER = ("## Three titles\n\nFor a report on **river restoration**, short titles work best:\n\n"
                    "1. *Rivers Reborn*\n2. *Restoring the Flow*\n3. *Back to the Source*\n\n"
                    "| Title | Words |\n|---|--:|\n| Rivers Reborn | 2 |\n| Restoring the Flow | 3 |\n\n"
                    "Set it with `Heading 1`, or see [the style guide](https://example.org/guide).")


def test_screenshot_of_a_formatted_answer(gui_office, xvfb, scripted_server):
    set_settings(gui_office.ctx, "Endpoint", URL=scripted_server.base_url, Model="scripted-model")
    allow_a_wide_sidebar(gui_office)
    doc = gui_office.new_document("swriter")
    try:
        pieces = [FORMATTED_ANSWER[i:i + 6] for i in range(0, len(FORMATTED_ANSWER), 6)]
        scripted_server.enqueue(text_stream_reply(pieces, delay=0.01))
        panel = Panel(doc).open()
        panel.send("Suggest a title for my report on river restoration.")
        panel.wait_idle(timeout=30)
        assert "Rivers Reborn" in panel.transcript() and "**" not in panel.transcript()
        path = os.path.join(SHOTS, "writer-formatted-answer.png")
        screenshot(xvfb, path)
    finally:
        set_settings(gui_office.ctx, "Endpoint", URL="", Model="")
        gui_office.close_document(doc)
    assert os.path.getsize(path) > 10000 and is_png(path)


REVIEWS = ["Arrived quickly and works perfectly.", "The lid broke on the second day.", "It does what it says.",
           "Best kettle I have ever owned!", "Too loud, and the cable is short.", "Fine for the price.",
           "Stopped heating after a week.", "Looks lovely in my kitchen.", "Nothing special, nothing wrong.",
           "Customer service never answered."]
SENTIMENT = {"Arrived": "positive", "The lid": "negative", "It does": "neutral", "Best": "positive",
             "Too loud": "negative", "Fine": "neutral", "Stopped": "negative", "Looks": "positive",
             "Nothing": "neutral", "Customer": "negative"}


def sentiment_reply(request):
    text = request.json()["messages"][-1]["content"]
    label = next(value for start, value in SENTIMENT.items() if "Input 1: " + start in text)
    return text_stream_reply([label])


def test_calc_prompt_screenshot(gui_office, xvfb, scripted_server):
    """A column of reviews classified by =PROMPT() (docs/screenshots/calc-prompt.png)."""
    scripted_server.responder = sentiment_reply
    set_settings(gui_office.ctx, "Endpoint", URL=scripted_server.base_url, Model="scripted-model")
    doc = gui_office.new_document("scalc")
    try:
        sheet = doc.getSheets().getByIndex(0)
        sheet.getCellRangeByName("A1:B1").setDataArray((("Review", "Sentiment"),))
        sheet.getCellRangeByName("A1:B1").CharWeight = 150.0
        sheet.getCellRangeByName("A2:A11").setDataArray(tuple((review,) for review in REVIEWS))
        sheet.getColumns().getByIndex(0).Width = 9000
        sheet.getColumns().getByIndex(1).Width = 3000
        sheet.getCellRangeByName("B2:B11").setFormulaArray(tuple(
            ('=PROMPT("Sentiment of this review: positive, negative or neutral";A%d)' % n,) for n in range(2, 12)))
        doc.getCurrentController().select(sheet.getCellRangeByName("B2"))
        wait_until(lambda: [row[0] for row in sheet.getCellRangeByName("B2:B11").getDataArray()]
                   == [SENTIMENT[next(s for s in SENTIMENT if r.startswith(s))] for r in REVIEWS],
                   timeout=20, message="the reviews classified")
        time.sleep(0.5)  # let the window repaint
        path = os.path.join(SHOTS, "calc-prompt.png")
        screenshot(xvfb, path)
        assert os.path.getsize(path) > 10000 and is_png(path)
    finally:
        set_settings(gui_office.ctx, "Endpoint", URL="", Model="")
        gui_office.close_document(doc)
