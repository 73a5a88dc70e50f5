"""Tool strategies and context in a real office: the selection in the prompt, forced steps, chat only."""
import json

from support.panel import Panel, set_settings
from support.scripted_server import chat_chunk, sse_reply, text_stream_reply
from support.scripted_turns import fill, paragraphs


def tool_call(name, arguments, call_id="c1"):
    return sse_reply([chat_chunk(tool_calls=[{"index": 0, "id": call_id, "type": "function",
                                              "function": {"name": name, "arguments": json.dumps(arguments)}}]),
                      chat_chunk(finish_reason="tool_calls")])


def test_the_users_selection_is_in_the_system_prompt(office, writer, calc, scripted_server):
    set_settings(office.ctx, "Endpoint", URL=scripted_server.base_url, Model="m")
    try:
        text = writer.getText()
        text.setString("First paragraph.\nThe sentence the user selected.\nLast one.")
        cursor = text.createTextCursor()
        cursor.gotoStart(False)
        cursor.gotoNextParagraph(False)
        cursor.gotoEndOfParagraph(True)
        writer.getCurrentController().select(cursor)
        calc.getCurrentController().select(calc.Sheets.getByIndex(0).getCellRangeByName("B2:C3"))
        scripted_server.enqueue(text_stream_reply(["ok"]), text_stream_reply(["ok"]))
        for doc in (writer, calc):
            panel = Panel(doc).open()
            panel.send("What do you think of this?")
            panel.wait_idle()
        writer_prompt, calc_prompt = [r.json()["messages"][0]["content"] for r in scripted_server.chat_requests()]
        assert "[SELECTION_START]" in writer_prompt and "The sentence the user selected." in writer_prompt
        assert "B2:C3" in calc_prompt
    finally:
        set_settings(office.ctx, "Endpoint", URL="", Model="")


def test_forced_strategy_edits_the_document_step_by_step(office, writer, scripted_server):
    set_settings(office.ctx, "Endpoint", URL=scripted_server.base_url, Model="m", ToolStrategy="forced")
    try:
        scripted_server.enqueue(
            tool_call("choose_next_step", {"step": "insert_content"}, "r1"),
            tool_call("insert_content", {"content": "Hello from a small model.", "position": "end"}),
            tool_call("choose_next_step", {"step": "answer_the_user"}, "r2"),
            text_stream_reply(["I added the line."]))
        panel = Panel(writer).open()
        panel.send("Add a greeting.")
        panel.wait_idle()
        requests = [r.json() for r in scripted_server.chat_requests()]
        assert [r.get("tool_choice", {}).get("function", {}).get("name") if isinstance(r.get("tool_choice"), dict)
                else r.get("tool_choice") for r in requests] == ["choose_next_step", "insert_content",
                                                                 "choose_next_step", None]
        assert [t["function"]["name"] for t in requests[1]["tools"]] == ["insert_content"]
        assert "tools" not in requests[3]
        assert "Hello from a small model." in writer.getText().getString()
        assert panel.transcript().endswith("I added the line.")
        # the router's exchanges never reach the history the model sees
        roles = [m["role"] for m in requests[3]["messages"]]
        assert roles == ["system", "user", "assistant", "tool"]
    finally:
        set_settings(office.ctx, "Endpoint", URL="", Model="", ToolStrategy="auto")


def test_none_strategy_chats_without_tools_and_says_so(office, writer, scripted_server):
    set_settings(office.ctx, "Endpoint", URL=scripted_server.base_url, Model="m", ToolStrategy="none")
    try:
        scripted_server.enqueue(text_stream_reply(["Just chatting."]))
        panel = Panel(writer).open()
        panel.send("hello")
        panel.wait_idle()
        assert "can chat but cannot edit the document" in panel.transcript()
        assert "tools" not in scripted_server.chat_requests()[0].json()
    finally:
        set_settings(office.ctx, "Endpoint", URL="", Model="", ToolStrategy="auto")


def test_a_call_written_as_text_gets_values_typed_by_the_tools_schema(office, writer, scripted_server):
    """A Qwen3-Coder call written in the answer (vllm-project/vllm examples/tool_chat_template_qwen3coder.jinja):
    the paragraph number is the integer 1 in the history sent back, as the tool's schema says, not the text "1"."""
    set_settings(office.ctx, "Endpoint", URL=scripted_server.base_url, Model="m")
    try:
        fill(writer, ["First.", "Last."])
        call = ("<tool_call>\n<function=insert_content>\n<parameter=content>\nBetween.\n</parameter>\n"
                "<parameter=position>\nafter\n</parameter>\n<parameter=paragraph>\n1\n</parameter>\n</function>\n"
                "</tool_call>")
        scripted_server.enqueue(text_stream_reply(["Adding it.", call]), text_stream_reply(["Done."]))
        panel = Panel(writer).open()
        panel.send("Add a line after the first.")
        panel.wait_idle()
        assert paragraphs(writer) == ["First.", "Between.", "Last."]
        assistant = scripted_server.chat_requests()[1].json()["messages"][2]
        assert json.loads(assistant["tool_calls"][0]["function"]["arguments"]) == {
            "content": "Between.", "position": "after", "paragraph": 1}
        assert "tool_call" not in panel.transcript() and "Adding it." in panel.transcript()
    finally:
        set_settings(office.ctx, "Endpoint", URL="", Model="")
