"""The model's answer streams into the real panel rendered from Markdown: readable text, styled parts."""
import pytest

from support.panel import Panel, endpoint_at
from support.scripted_server import text_stream_reply

ANSWER = ("# Plan\n\nSome **bold** words, `make all` and a [link](https://e.org/a_(b)).\n\n"
          "1. First\n2. Second\n   - inner\n\n"
          "```\nline one\n  line two\n```\n\n"
          "| Item | Cost |\n|------|-----:|\n| Desk | 900 |\n| Laptops | 4000 |\n")
SHOWN = ("Plan\n\nSome bold words, make all and a link.\n\n1. First\n2. Second\n   \u25e6 inner\n\n"
         "line one\n  line two\n\n"
         "Item    \u2502 Cost\n" + "\u2500" * 8 + "\u253c" + "\u2500" * 5 + "\n"
         "Desk    \u2502  900\nLaptops \u2502 4000")


@pytest.fixture
def endpoint(office, scripted_server):
    with endpoint_at(office.ctx, scripted_server.base_url, "scripted-model"):
        yield scripted_server


def _pieces(text, size):
    return [text[i:i + size] for i in range(0, len(text), size)]


def _properties(control, word):
    """CharWeight, CharFontName, CharColor, CharHeight of ``word`` (its first occurrence in the answer)."""
    text = control.getModel().getText()
    shown = control.getText()
    offset = shown.index(word, shown.index("Marginalia\n"))
    cursor = text.createTextCursor()
    cursor.gotoStart(False)
    cursor.goRight(offset, False)
    cursor.goRight(len(word), True)
    assert cursor.getString() == word
    return cursor.CharWeight, cursor.CharFontName, cursor.CharColor, cursor.CharHeight


@pytest.mark.parametrize("size", [3, 1000])
def test_the_answer_shows_formatted_while_the_history_keeps_the_markdown(endpoint, writer, size):
    endpoint.enqueue(text_stream_reply(_pieces(ANSWER, size)), text_stream_reply(["ok"]))
    panel = Panel(writer).open()
    panel.send("Plan it")
    panel.wait_idle()
    shown = panel.transcript()
    assert shown.endswith("Marginalia\n" + SHOWN), shown
    control = panel.control("transcript")
    plain_weight, plain_font, plain_colour, plain_height = _properties(control, "words")
    assert plain_weight == 100.0 and "Mono" not in plain_font
    assert _properties(control, "bold")[0] == 150.0
    assert "Mono" in _properties(control, "make all")[1]
    assert "Mono" in _properties(control, "line two")[1]
    assert _properties(control, "link")[2] != plain_colour
    heading = _properties(control, "Plan")
    assert heading[0] == 150.0 and heading[3] > plain_height
    header = _properties(control, "Item")
    assert header[0] == 150.0 and "Mono" in header[1]
    panel.send("next")  # what goes back to the model is the Markdown it wrote, not the rendering
    panel.wait_idle()
    messages = endpoint.chat_requests()[1].json()["messages"]
    assert messages[2] == {"role": "assistant", "content": ANSWER}
