"""look_at_slide: a slide rendered for the model where pictures are sent, the layout check always, nothing changed;
and in a whole sidebar turn, the next request carries the picture only when Settings say so."""
import base64
import json
import struct

import pytest
from slides_docs import Tools, add_box, make_deck, pages, shapes, state
from support.scripted_turns import CHAT, tool_round, tool_results

from support.panel import Panel, set_settings
from support.scripted_server import text_stream_reply

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
CROWDED = "\n".join("point number %d with a few more words" % k for k in range(30))


def png_size(data_url):
    """``(width, height)`` of the PNG in a ``data:image/png;base64,`` URL."""
    assert data_url.startswith("data:image/png;base64,")
    data = base64.b64decode(data_url.split(",", 1)[1])
    assert data.startswith(PNG_SIGNATURE)
    return struct.unpack(">II", data[16:24])


def crowd(deck):
    """Slide 2's body gets 30 long bullets (more than its box holds); undo history cleared, document saved."""
    body = shapes(pages(deck)[1])[1]
    body.setString(CROWDED)
    deck.getUndoManager().clear()
    deck.setModified(False)
    return body


def test_where_pictures_go_the_slide_is_rendered_and_the_layout_checked(office, deck):
    tools = Tools(office, deck)
    tools.options["send_pictures"] = lambda: True
    crowd(deck)
    before = state(deck)
    outcome = tools.ok("look_at_slide", slide=2, width_px=800)
    assert outcome.content.startswith("Slide 2 rendered as a 800 x 450 PNG; the picture follows in the next message.")
    assert "Layout problems on slide 2: [2] body: its text needs" in outcome.content
    assert png_size(outcome.picture.data_url) == (800, 450)
    assert outcome.picture.caption == "Slide 2 as rendered, 800 x 450 pixels."
    assert outcome.summary == "Showed slide 2 to the model"
    assert state(deck) == before and not deck.isModified()
    assert deck.getUndoManager().getAllUndoActionTitles() == ()


def test_without_pictures_the_answer_is_the_layout_check_and_says_why(office, deck):
    tools = Tools(office, deck)
    crowd(deck)
    before = state(deck)
    outcome = tools.ok("look_at_slide", slide=2)
    assert outcome.picture is None
    assert outcome.content.startswith("No picture: this model is not sent pictures (Settings ▸ Slide pictures;")
    assert "Layout problems on slide 2: [2] body: its text needs" in outcome.content
    assert outcome.summary == "Checked the layout of slide 2"
    tools.options["send_pictures"] = lambda: False
    assert tools.ok("look_at_slide", slide=1).content.endswith(
        "Layout check of slide 1: nothing overflows, leaves the slide or overlaps.")
    assert state(deck) == before and not deck.isModified()


def test_a_drawing_page_and_a_slide_that_is_not_there(office, draw):
    tools = Tools(office, draw)
    tools.options["send_pictures"] = True
    add_box(draw, pages(draw)[0], "Start").setString("Start")
    outcome = tools.ok("look_at_slide", slide=1)
    assert outcome.content.startswith("Page 1 rendered as a 1024 x ") and outcome.summary == "Showed page 1 to the model"
    assert png_size(outcome.picture.data_url)[0] == 1024
    refused = tools.fails("look_at_slide", slide=3)
    assert "there is no page 3" in refused.content


@pytest.fixture
def pictures(office):
    """Set Chat/Pictures for the test (back to automatic after)."""
    def choose(value):
        set_settings(office.ctx, "Chat", Pictures=value)
    yield choose
    set_settings(office.ctx, "Chat", Pictures="auto")


def _images(request):
    return [part for message in request.json()["messages"] if isinstance(message["content"], list)
            for part in message["content"] if part.get("type") == "image_url"]


def _look_turn(endpoint, impress):
    make_deck(impress)
    endpoint.enqueue(tool_round(("look_at_slide", {"slide": 2})), text_stream_reply(["Looks fine."]), path=CHAT)
    panel = Panel(impress).open()
    panel.send("Check slide 2")
    panel.wait_idle(timeout=40)
    return endpoint.chat_requests()


def test_a_turn_sends_the_picture_after_the_tool_result_when_settings_say_on(endpoint, impress, pictures):
    pictures("on")
    requests = _look_turn(endpoint, impress)
    messages = requests[1].json()["messages"]
    assert [m["role"] for m in messages[-3:]] == ["assistant", "tool", "user"]
    assert messages[-1]["content"][0]["text"] == "[Pictures shown to the model] Slide 2 as rendered, 1024 x 576 pixels."
    [image] = _images(requests[1])
    assert png_size(image["image_url"]["url"]) == (1024, 576)
    assert "the picture follows in the next message" in list(tool_results(requests[1]).values())[0]
    assert "look_at_slide" in {t["function"]["name"] for t in requests[0].json()["tools"]}
    assert "data:image" not in json.dumps(requests[0].json())


def test_a_turn_sends_no_picture_by_default_to_a_model_not_known_to_see_images(endpoint, impress):
    requests = _look_turn(endpoint, impress)
    assert _images(requests[1]) == []
    assert list(tool_results(requests[1]).values())[0].startswith("No picture: this model is not sent pictures")
    assert [m["role"] for m in requests[1].json()["messages"]][-1] == "tool"
