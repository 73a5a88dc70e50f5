"""A whole assistant turn in Impress and Draw from the real sidebar: read, add slides, one Revert takes them back.

The tools run inside the office (the installed extension), driven by a scripted OpenAI-compatible
server, exactly as with a real model.
"""

from slides_docs import make_deck, pages, state, title_of
from support.scripted_turns import CHAT, tool_round, tool_results

from support.commands import press
from support.panel import Panel, wait_until
from support.scripted_server import text_stream_reply

from marginalia.ui.office.undo import step_title

REQUEST = "Add three slides about next quarter"
OUTLINE = "# Goals\n- Grow sales\n  - in Lyon\n# Budget\n- Travel\n# Team\n- Two engineers\nNotes: Introduce them."


def run_turn(endpoint, doc):
    endpoint.enqueue(tool_round(("get_presentation", {})), tool_round(("add_slides", {"outline": OUTLINE})),
                     text_stream_reply(["Added three slides."]), path=CHAT)
    panel = Panel(doc).open()
    panel.send(REQUEST)
    panel.wait_idle(timeout=40)
    return panel


def test_read_then_add_three_slides_then_one_revert_removes_them(endpoint, impress):
    make_deck(impress)
    original = state(impress)
    panel = run_turn(endpoint, impress)
    assert [title_of(p) for p in pages(impress)][3:] == ["Goals", "Budget", "Team"]
    requests = endpoint.chat_requests()
    system = requests[0].json()["messages"][0]["content"]
    assert "LibreOffice Impress (a presentation)" in system
    assert {"get_presentation", "add_slides"} <= {t["function"]["name"] for t in requests[0].json()["tools"]}
    results = tool_results(requests[2])
    assert "Slide 2: layout title_content" in results["call_0_get_presentation"]
    assert results["call_0_add_slides"].startswith("Added 3 slides (slides 4–6): 'Goals', 'Budget', 'Team'.")
    assert impress.getUndoManager().getAllUndoActionTitles()[:1] == (step_title(REQUEST),)
    assert panel.press("revert")
    wait_until(lambda: "Reverted every change of the last turn." in panel.transcript(), message="the Revert")
    assert state(impress) == original


def test_ctrl_z_takes_the_turn_back_and_ctrl_y_brings_it_again(office, endpoint, impress):
    make_deck(impress)
    original = state(impress)
    run_turn(endpoint, impress)
    done = state(impress)
    press(office, impress, ".uno:Undo")
    assert state(impress) == original
    press(office, impress, ".uno:Redo")
    assert state(impress) == done


def test_a_turn_in_draw_reads_the_drawing(endpoint, draw):
    endpoint.enqueue(tool_round(("get_presentation", {})), text_stream_reply(["One empty page."]), path=CHAT)
    panel = Panel(draw).open()
    panel.send("What is in this drawing?")
    panel.wait_idle(timeout=40)
    requests = endpoint.chat_requests()
    assert "LibreOffice Draw (a drawing)" in requests[0].json()["messages"][0]["content"]
    tools = {t["function"]["name"] for t in requests[0].json()["tools"]}
    assert "get_presentation" in tools and "add_slides" not in tools
    assert list(tool_results(requests[1]).values())[0].startswith("Drawing: 1 page")
    assert "One empty page." in panel.transcript()
