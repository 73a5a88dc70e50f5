"""The turn state machine driven by the real event loop, with a scripted model and fake tools."""
import types

import pytest

from marginalia.core.llm.round_end import RoundDone, RoundFailed
from marginalia.core.loop.messages import ContentDelta, ReasoningDelta
from marginalia.core.loop.pump import MessagePump
from marginalia.core.loop.task import Outcome
from marginalia.core.stream.message import AssistantMessage, ToolCall
from marginalia.core.chat.transcript import Transcript
from marginalia.core.agent.turn import Turn
from marginalia.core.chat.display import TranscriptDisplay
from marginalia.core.agent.pictures import SHOWN_MARK, pictures_message, put_pictures_to_text, sends_pictures
from marginalia.core.agent.tools import Picture, ToolOutcome
from marginalia.core.llm.request import build_chat_body
from marginalia.core.agent.turn_parts import CANCELLED_RESULT, STOPPED_REPLY


class Token:
    def __init__(self):
        self.cancelled = False

    def cancel(self):
        self.cancelled = True


def result(content="", calls=(), finish="stop", error=None):
    message = AssistantMessage(content=content, tool_calls=list(calls), finish_reason=finish)
    return types.SimpleNamespace(message=message, finish_reason=finish, usage=None, error=error)


def call(name, args='{}', index=0, call_id=None):
    return ToolCall(call_id or "call_%s_%d" % (name, index), name, args, index)


class ScriptedModel:
    """Each round posts the next scripted list of messages."""

    def __init__(self, rounds):
        self.rounds = list(rounds)
        self.requests = []

    def __call__(self, request, post, cancel):
        self.requests.append([dict(m) for m in request])
        for message in self.rounds.pop(0):
            post(message)


class FakeTools:
    def __init__(self, async_names=(), fail=()):
        self.ran = []
        self.async_names = set(async_names)
        self.fail = set(fail)

    def is_async(self, name):
        return name in self.async_names

    def changes_document(self, name):
        return name.startswith("edit")

    def run(self, tool_call):
        self.ran.append(tool_call.name)
        if tool_call.name in self.fail:
            return ToolOutcome.failure("it broke")
        return ToolOutcome.success("ok from %s" % tool_call.name, "Ran %s" % tool_call.name)

    def run_async(self, tool_call, progress, cancel):
        progress("step", "Searching")
        progress("complete", "Found 3")
        return self.run(tool_call)


def run_turn(model, tools=None, history=None, max_rounds=15, pump=None, text="hello", known_tools=()):
    transcript = Transcript()
    statuses = []
    loop = MessagePump(pump_ui=pump or (lambda: None), idle_wait=0.001)
    turn = Turn(history=[] if history is None else history, user_text=text, build_request=lambda history, mode: list(history),
                stream_fn=model, tools=tools or FakeTools(), display=TranscriptDisplay(transcript, statuses.append),
                new_cancel=Token, max_rounds=max_rounds,
                spawn=lambda target, *args: target(*args), known_tools=known_tools)
    loop.run(turn)
    return turn, transcript, statuses


def test_streamed_answer_lands_in_history_and_transcript():
    model = ScriptedModel([[ReasoningDelta("hmm"), ContentDelta("Hel"), ContentDelta("lo"), RoundDone(result("Hello"))]])
    turn, transcript, statuses = run_turn(model)
    assert turn.outcome == Outcome.DONE
    assert turn.history == [{"role": "user", "content": "hello"}, {"role": "assistant", "content": "Hello"}]
    assert transcript.text() == "You\nhello\n\nThinking\nhmm\n\nMarginalia\nHello"
    assert statuses[-1] == "Ready"


def test_tools_run_in_order_then_next_round_gets_results():
    calls = [call("edit_text", '{"a": 1}', 0), call("read_text", "{}", 1)]
    model = ScriptedModel([
        [RoundDone(result("", calls, "tool_calls"))],
        [ContentDelta("Done."), RoundDone(result("Done."))],
    ])
    tools = FakeTools()
    turn, transcript, _ = run_turn(model, tools)
    assert tools.ran == ["edit_text", "read_text"]
    roles = [m["role"] for m in turn.history]
    assert roles == ["user", "assistant", "tool", "tool", "assistant"]
    assert turn.history[2]["tool_call_id"] == "call_edit_text_0"
    assert [m["role"] for m in model.requests[1]] == ["user", "assistant", "tool", "tool"]
    assert "Ran edit_text" in transcript.text()


def test_async_tool_progress_is_shown_in_place():
    model = ScriptedModel([
        [RoundDone(result("", [call("web_search")], "tool_calls"))],
        [RoundDone(result("ok"))],
    ])
    turn, transcript, statuses = run_turn(model, FakeTools(async_names={"web_search"}))
    assert "Found 3" in statuses
    assert "Ran web_search" in transcript.text() and "Searching" not in transcript.text()


def test_invalid_arguments_go_back_to_the_model_as_an_error():
    bad = ToolCall("c1", "edit_text", '{"a": ', 0)
    model = ScriptedModel([
        [RoundDone(result("", [bad], "tool_calls"))],
        [RoundDone(result("sorry"))],
    ])
    tools = FakeTools()
    turn, _, _ = run_turn(model, tools)
    assert tools.ran == []
    tool_message = turn.history[2]
    assert tool_message["role"] == "tool" and tool_message["content"].startswith("Error")


def test_max_rounds_ends_the_turn_with_a_notice():
    loop_round = [RoundDone(result("", [call("read_text")], "tool_calls"))]
    model = ScriptedModel([loop_round, loop_round, loop_round])
    turn, transcript, _ = run_turn(model, max_rounds=2)
    assert turn.outcome == Outcome.MAX_ROUNDS
    assert len(model.requests) == 2
    assert "2 model rounds" in transcript.text()


def test_stream_error_keeps_partial_text_and_reports():
    error = types.SimpleNamespace()
    failure = RuntimeError("boom")
    failure.user_message = "The endpoint could not be reached."
    failure.hint = "Is the server running?"
    model = ScriptedModel([[ContentDelta("Partial"), RoundFailed(failure)]])
    turn, transcript, statuses = run_turn(model)
    assert turn.outcome == Outcome.ERROR
    assert turn.history[-1] == {"role": "assistant", "content": "Partial"}
    assert "The endpoint could not be reached. Is the server running?" in transcript.text()
    assert statuses[-1] == "The endpoint could not be reached."


def test_cancel_during_tools_leaves_valid_history():
    calls = [call("edit_a", "{}", 0), call("edit_b", "{}", 1)]
    holder = {}

    class CancellingTools(FakeTools):
        def run(self, tool_call):
            outcome = super().run(tool_call)
            holder["turn"].cancel()
            return outcome

    model = ScriptedModel([[RoundDone(result("", calls, "tool_calls"))]])
    transcript = Transcript()
    loop = MessagePump(pump_ui=lambda: None, idle_wait=0.001)
    turn = Turn(history=[], user_text="go", build_request=lambda history, mode: list(history), stream_fn=model, tools=CancellingTools(),
                display=TranscriptDisplay(transcript, lambda s: None),
                new_cancel=Token, spawn=lambda target, *args: target(*args))
    holder["turn"] = turn
    loop.run(turn)
    assert turn.outcome == Outcome.CANCELLED
    roles = [m["role"] for m in turn.history]
    assert roles == ["user", "assistant", "tool", "tool", "assistant"]
    assert all(m["content"] == CANCELLED_RESULT for m in turn.history[2:4])
    assert turn.history[-1]["content"] == STOPPED_REPLY


def test_cancel_while_streaming_keeps_partial_answer():
    holder = {}
    pumps = []

    def pump():
        pumps.append(1)
        if len(pumps) == 2:
            holder["turn"].cancel()

    def slow_model(request, post, cancel):
        post(ContentDelta("Half an ans"))  # never finishes on its own

    transcript = Transcript()
    loop = MessagePump(pump_ui=pump, idle_wait=0.001)
    turn = Turn(history=[], user_text="go", build_request=lambda history, mode: list(history), stream_fn=slow_model, tools=FakeTools(),
                display=TranscriptDisplay(transcript, lambda s: None),
                new_cancel=Token, spawn=lambda target, *args: target(*args))
    holder["turn"] = turn
    loop.run(turn)
    assert turn.outcome == Outcome.CANCELLED
    assert turn.history[-1] == {"role": "assistant", "content": "Half an ans"}
    assert transcript.text().endswith("Stopped.")


def test_exception_in_a_handler_ends_the_turn_with_a_message():
    def broken_model(request, post, cancel):
        post(RoundDone("not a result object"))

    turn, transcript, _ = run_turn(broken_model)
    assert turn.outcome == Outcome.ERROR
    assert "Something went wrong inside Marginalia" in transcript.text()


def test_second_turn_joins_the_running_loop_instead_of_nesting():
    """A turn started from inside a pump (another document's Send) must not nest a loop."""
    loop = MessagePump(pump_ui=lambda: None, idle_wait=0.001)
    started = []

    def make_turn(text):
        model = ScriptedModel([[ContentDelta(text), RoundDone(result(text))]])
        turn = Turn(history=[], user_text=text, build_request=lambda history, mode: list(history), stream_fn=model, tools=FakeTools(),
                    display=TranscriptDisplay(Transcript(), lambda s: None),
                    new_cancel=Token, spawn=lambda target, *args: target(*args))
        return turn

    second = make_turn("second")

    def pump():
        if not started:
            started.append(loop.run(second))

    loop._pump_ui = pump
    first = make_turn("first")
    assert loop.run(first) is True
    assert started == [False]
    assert first.outcome == second.outcome == Outcome.DONE


def test_tool_calls_written_as_text_are_recovered_and_not_shown():
    text = 'Let me fix it.<tool_call>{"name": "edit_text", "arguments": {"a": 1}}</tool_call>'
    pieces = [text[i:i + 7] for i in range(0, len(text), 7)]
    model = ScriptedModel([
        [ContentDelta(p) for p in pieces] + [RoundDone(result(text))],
        [ContentDelta("Done."), RoundDone(result("Done."))],
    ])
    transcript = Transcript()
    loop = MessagePump(pump_ui=lambda: None, idle_wait=0.001)
    tools = FakeTools()
    turn = Turn(history=[], user_text="fix", build_request=lambda history, mode: list(history), stream_fn=model, tools=tools,
                display=TranscriptDisplay(transcript, lambda s: None),
                new_cancel=Token, spawn=lambda target, *args: target(*args), known_tools=["edit_text"])
    loop.run(turn)
    assert tools.ran == ["edit_text"]
    assert "<tool_call>" not in transcript.text() and "Let me fix it." in transcript.text()
    assistant = turn.history[1]
    assert assistant["tool_calls"][0]["function"]["name"] == "edit_text"
    assert assistant["content"] == "Let me fix it."
    assert turn.history[2]["tool_call_id"] == assistant["tool_calls"][0]["id"]


def test_values_written_as_text_are_typed_by_the_offered_tools_schema():
    text = "<tool_call>\n<function=edit_text>\n<parameter=a>\n1\n</parameter>\n</function>\n</tool_call>"
    model = ScriptedModel([[ContentDelta(text), RoundDone(result(text))], [RoundDone(result("Done."))]])
    tools = FakeTools()
    turn, _, _ = run_turn(model, tools, known_tools={"edit_text": {"type": "object", "properties": {
        "a": {"type": "integer"}}}})
    assert tools.ran == ["edit_text"]
    assert turn.history[1]["tool_calls"][0]["function"]["arguments"] == '{"a": 1}'


def test_text_naming_an_unknown_tool_stays_an_answer():
    text = '<tool_call>{"name": "rm_rf", "arguments": {}}</tool_call>'
    model = ScriptedModel([[ContentDelta(text), RoundDone(result(text))]])
    tools = FakeTools()
    turn, transcript, _ = run_turn(model, tools, known_tools=["edit_text"])
    assert tools.ran == [] and turn.outcome == Outcome.DONE
    assert "rm_rf" in transcript.text()  # shown as the answer it is


def test_forced_strategy_asks_for_the_step_then_forces_that_tool():
    from marginalia.core.agent.tool_strategy import ANSWER, ROUTER, ROUTER_TOOL, ToolPlan, forced
    modes = []
    router_pick = ToolCall("r1", ROUTER_TOOL, '{"step": "edit_text"}', 0)
    router_done = ToolCall("r2", ROUTER_TOOL, '{"step": "answer_the_user"}', 0)
    model = ScriptedModel([
        [RoundDone(result("", [router_pick], "tool_calls"))],
        [RoundDone(result("", [call("edit_text", '{"a": 1}')], "tool_calls"))],
        [RoundDone(result("", [router_done], "tool_calls"))],
        [ContentDelta("Done."), RoundDone(result("Done."))],
    ])
    loop = MessagePump(pump_ui=lambda: None, idle_wait=0.001)
    tools = FakeTools()
    turn = Turn(history=[], user_text="fix it", build_request=lambda h, m: modes.append(m) or list(h),
                stream_fn=model, tools=tools, display=TranscriptDisplay(Transcript(), lambda s: None),
                new_cancel=Token, spawn=lambda target, *args: target(*args),
                known_tools=["edit_text", "read_text"], plan=ToolPlan("forced", ["edit_text", "read_text"]))
    loop.run(turn)
    assert modes == [ROUTER, forced("edit_text"), ROUTER, ANSWER]
    assert tools.ran == ["edit_text"]
    assert [m["role"] for m in turn.history] == ["user", "assistant", "tool", "assistant"]  # router rounds unseen
    assert turn.history[-1]["content"] == "Done."


def test_slash_command_forces_the_named_tool_in_the_first_round():
    from marginalia.core.agent.tool_strategy import AUTO, ToolPlan, forced
    modes = []
    model = ScriptedModel([
        [RoundDone(result("", [call("read_text")], "tool_calls"))],
        [RoundDone(result("ok"))],
    ])
    loop = MessagePump(pump_ui=lambda: None, idle_wait=0.001)
    turn = Turn(history=[], user_text="/read_text the intro", build_request=lambda h, m: modes.append(m) or list(h),
                stream_fn=model, tools=FakeTools(), display=TranscriptDisplay(Transcript(), lambda s: None),
                new_cancel=Token, spawn=lambda target, *args: target(*args),
                known_tools=["read_text"], plan=ToolPlan("native", ["read_text"]))
    loop.run(turn)
    assert modes == [forced("read_text"), AUTO]


def test_a_refusal_is_shown_and_kept_as_the_answer():
    from marginalia.core.loop.messages import RefusalDelta
    message = AssistantMessage(content="", refusal="I can't help with that.", finish_reason="stop")
    refused = types.SimpleNamespace(message=message, finish_reason="stop", usage=None, error=None)
    model = ScriptedModel([[RefusalDelta("I can't "), RefusalDelta("help with that."), RoundDone(refused)]])
    turn, transcript, _ = run_turn(model)
    assert turn.outcome == Outcome.DONE
    assert transcript.text().endswith("Marginalia\nI can't help with that.")
    assert turn.history[-1] == {"role": "assistant", "content": "I can't help with that."}


def test_a_tool_call_being_written_is_counted_in_the_status():
    from marginalia.core.loop.messages import ToolCallArgumentsDelta, ToolCallStarted
    model = ScriptedModel([
        [ToolCallStarted(0, "c1", "read_text"), ToolCallArgumentsDelta(0, '{"a":'), ToolCallArgumentsDelta(0, ' 1}'),
         RoundDone(result("", [call("read_text", '{"a": 1}')], "tool_calls"))],
        [RoundDone(result("ok"))],
    ])
    turn, _, statuses = run_turn(model)
    assert "Preparing read text…" in statuses
    assert "Preparing read text… 8 characters" in statuses


def test_a_content_filter_stop_is_said():
    from marginalia.core.loop.messages import StreamFinished
    model = ScriptedModel([[ContentDelta("Part"), StreamFinished("content_filter"),
                            RoundDone(result("Part", finish="content_filter"))]])
    turn, transcript, _ = run_turn(model)
    assert "content filter stopped the answer" in transcript.text()


# --- pictures a tool made (core/agent/pictures.py) ------------------------------------------------------

PNG = "data:image/png;base64,iVBORw0KGgo="


class PictureTools(FakeTools):
    """look_at_slide answers with a picture of the slide its arguments name."""

    def run(self, tool_call):
        self.ran.append(tool_call.name)
        if tool_call.name != "look_at_slide":
            return ToolOutcome.success("ok")
        outcome = ToolOutcome.success("Slide rendered; the picture follows.", "Showed the slide")
        slide = tool_call.arguments["slide"]
        outcome.picture = Picture(PNG + str(slide), "Slide %d as rendered." % slide)
        return outcome


def _images(messages):
    return [part["image_url"]["url"] for m in messages if isinstance(m.get("content"), list)
            for part in m["content"] if part.get("type") == "image_url"]


def test_the_picture_follows_the_tool_results_as_an_image_part_and_leaves_the_history_at_the_end():
    model = ScriptedModel([
        [RoundDone(result("", [call("look_at_slide", '{"slide": 2}'), call("get_presentation", "{}", 1)],
                          "tool_calls"))],
        [RoundDone(result("", [call("look_at_slide", '{"slide": 3}', 2)], "tool_calls"))],
        [ContentDelta("Both fine."), RoundDone(result("Both fine."))],
    ])
    turn, _, _ = run_turn(model, PictureTools())
    second = model.requests[1]
    assert [m["role"] for m in second] == ["user", "assistant", "tool", "tool", "user"]
    assert second[-1]["content"] == [
        {"type": "text", "text": SHOWN_MARK + " Slide 2 as rendered."},
        {"type": "image_url", "image_url": {"url": PNG + "2"}}]
    third = model.requests[2]
    assert _images(third) == [PNG + "3"]  # the earlier picture went to text
    assert third[4] == {"role": "user", "content": SHOWN_MARK + " Slide 2 as rendered. (The pictures are no "
                                                                "longer attached.)"}
    assert _images(turn.history) == [] and turn.history[-1] == {"role": "assistant", "content": "Both fine."}
    body = build_chat_body(third, "m")
    assert body["messages"][-1]["content"][1]["image_url"]["url"] == PNG + "3"


def test_a_round_without_pictures_sends_no_extra_message():
    model = ScriptedModel([[RoundDone(result("", [call("get_presentation")], "tool_calls"))],
                           [RoundDone(result("Done."))]])
    run_turn(model, PictureTools())
    assert [m["role"] for m in model.requests[1]] == ["user", "assistant", "tool"]


def test_pictures_go_when_on_or_when_auto_and_the_model_sees_images():
    assert sends_pictures("on", ())
    assert sends_pictures("auto", ("completion", "vision"))
    assert not sends_pictures("auto", ("completion", "tools"))
    assert not sends_pictures("off", ("vision",))


def test_put_to_text_leaves_other_messages_alone():
    history = [{"role": "user", "content": "hi"}, pictures_message([Picture(PNG, "Page 1.")]),
               {"role": "user", "content": [{"type": "text", "text": "a user's own parts"}]}]
    put_pictures_to_text(history)
    assert history[1] == {"role": "user", "content": SHOWN_MARK + " Page 1. (The pictures are no longer attached.)"}
    assert history[2]["content"][0]["text"] == "a user's own parts"
