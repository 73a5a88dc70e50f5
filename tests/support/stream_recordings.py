"""The recorded SSE bodies in tests/fixtures/streams and what each must assemble to.

The recordings are copies of the steering repository's ``shared/streams`` (see the INDEX.md
files there). Chat recordings come with an ``expected.json`` in their own format; this module
turns it into the replay command's output shape, which Responses recordings already use.
"""
import json
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STREAMS = os.path.join(ROOT, "fixtures", "streams")
RESPONSES = os.path.join(STREAMS, "responses")

_THINK_BLOCK = re.compile(r"<(think|thought)>(.*?)(?:</\1>|$)", re.S)


def _names(folder):
    return sorted(name[:-4] for name in os.listdir(folder) if name.endswith(".sse"))


def chat_recordings():
    """Names of the Chat Completions recordings."""
    return _names(STREAMS)


def responses_recordings():
    """Names of the Responses API recordings."""
    return _names(RESPONSES)


def body(name, api="chat"):
    """The raw bytes of a recording."""
    folder = RESPONSES if api == "responses" else STREAMS
    with open(os.path.join(folder, name + ".sse"), "rb") as handle:
        return handle.read()


def raw_expected(name, api="chat"):
    """The recording's expected.json as stored."""
    folder = RESPONSES if api == "responses" else STREAMS
    with open(os.path.join(folder, name + ".expected.json"), encoding="utf-8") as handle:
        return json.load(handle)


def split_think_blocks(text):
    """(answer, thinking) of a content string whose think blocks are kept inline."""
    thinking = "".join(match.group(2) for match in _THINK_BLOCK.finditer(text))
    answer = _THINK_BLOCK.sub("", text)
    return answer, thinking


def expected_output(name, api="chat"):
    """What ``replay_stream.py`` must print for a recording (``error`` handled separately).

    Returns:
        (output_dict, error_expectation, done_seen) where error_expectation is ``None`` (no
        error), ``True`` (some error) or the exact provider message.
    """
    raw = raw_expected(name, api)
    if api == "responses":
        error = raw["error"]
        return dict(raw), error, None
    choices = raw.get("choices") or []
    usage = raw.get("usage")
    usage = None if not usage else {"prompt_tokens": usage.get("prompt_tokens"),
                                    "completion_tokens": usage.get("completion_tokens")}
    errors = raw.get("errors") or []
    if not choices:   # a broken stream, e.g. HTTP 200 with an empty body
        output = {"content": "", "reasoning": "", "tool_calls": [], "finish_reason": "error",
                  "usage": usage}
        return output, True, raw.get("stream_terminated_by_DONE")
    choice = choices[0]
    answer, thinking = split_think_blocks(choice.get("content") or "")
    details = choice.get("reasoning_details") or {}
    reasoning = (choice.get("reasoning") or details.get("text") or "") + thinking
    calls = [{"id": call["id"], "name": call["name"],
              "arguments": call["parsed_arguments"] if call.get("parsed_arguments") is not None
              else call["arguments"]} for call in choice.get("tool_calls") or []]
    finish = choice.get("finish_reason") or ("error" if errors else None)
    output = {"content": answer, "reasoning": reasoning, "tool_calls": calls,
              "finish_reason": finish, "usage": usage}
    error = errors[0].get("message") if errors else None
    return output, error, raw.get("stream_terminated_by_DONE")
