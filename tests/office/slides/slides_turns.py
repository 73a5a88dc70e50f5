"""A scripted model's rounds for sidebar turns in Impress and Draw (shared by the tests that drive the panel)."""
import json

from support.scripted_server import chat_chunk, sse_reply

CHAT = "/v1/chat/completions"


def tool_round(*calls):
    """One model round asking for ``calls`` (name, arguments)."""
    tool_calls = [{"index": i, "id": "call_%d_%s" % (i, name), "type": "function",
                   "function": {"name": name, "arguments": json.dumps(arguments)}}
                  for i, (name, arguments) in enumerate(calls)]
    return sse_reply([chat_chunk(tool_calls=tool_calls), chat_chunk(finish_reason="tool_calls")])


def tool_results(request):
    """``{tool_call_id: content}`` of the tool results a request sends back."""
    return {m["tool_call_id"]: m["content"] for m in request.json()["messages"] if m["role"] == "tool"}
