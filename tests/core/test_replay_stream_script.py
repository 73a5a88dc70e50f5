"""scripts/replay_stream.py and scripts/bench_stream.py, run as a user would."""
import json
import os
import subprocess
import sys

import pytest

from support import stream_recordings as rec

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REPLAY = os.path.join(ROOT, "scripts", "replay_stream.py")
KEYS = {"content", "reasoning", "tool_calls", "finish_reason", "usage", "error"}


def _replay(*args):
    done = subprocess.run([sys.executable, REPLAY] + list(args), capture_output=True, timeout=60)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize("args", [[], ["--split", "3"], ["--split", "1", "--api", "chat"]])
def test_prints_expected_json_for_a_recording(args):
    code, out, err = _replay(*(args + [os.path.join(rec.STREAMS, "openai_9.sse")]))
    assert code == 0, err
    output = json.loads(out)
    expected, error, _ = rec.expected_output("openai_9")
    assert output == dict(expected, error=error)


def test_responses_recording_with_api_flag():
    code, out, _ = _replay("--api", "responses", os.path.join(rec.RESPONSES, "pydantic-ai_1.sse"))
    assert code == 0
    assert json.loads(out)["tool_calls"] == [{"id": "call_kL0PCQV7M2WMoVX8V8OtYSAL",
                                              "name": "get_capital",
                                              "arguments": {"country": "France"}}]


def test_think_blocks_go_to_reasoning(tmp_path):
    path = tmp_path / "think.sse"
    chunks = ["<thi", "nk>why</think>", "\n\nBecause ü."]
    path.write_bytes("".join('data: {"choices":[{"delta":{"content":%s}}]}\n\n' % json.dumps(c)
                             for c in chunks).encode() + b"data: [DONE]\n\n")
    code, out, _ = _replay("--split", "2", str(path))
    output = json.loads(out.decode("utf-8"))
    assert code == 0 and (output["content"], output["reasoning"]) == ("Because ü.", "why")


def test_invalid_tool_arguments_printed_raw(tmp_path):
    path = tmp_path / "bad.sse"
    path.write_bytes(b'data: {"choices":[{"delta":{"tool_calls":[{"index":0,"id":"c","function":'
                     b'{"name":"f","arguments":"{oops"}}]},"finish_reason":"tool_calls"}]}\n\n'
                     b'data: [DONE]\n\n')
    code, out, _ = _replay(str(path))
    assert code == 0 and json.loads(out)["tool_calls"][0]["arguments"] == "{oops"


@pytest.mark.parametrize("content", [b"", b"\x00\xff\xfe binary \x89PNG\r\n\x1a\n",
                                     b'data: {"choices":[{"delta":{"content":"Hel'])
def test_empty_binary_and_truncated_files_exit_0_with_error(tmp_path, content):
    path = tmp_path / "broken.sse"
    path.write_bytes(content)
    code, out, err = _replay("--split", "5", str(path))
    output = json.loads(out)
    assert code == 0 and set(output) == KEYS and output["error"]
    assert b"Traceback" not in err


def test_unreadable_file_exits_2_without_traceback(tmp_path):
    code, out, err = _replay(str(tmp_path / "missing.sse"))
    assert code == 2 and out == b"" and b"cannot read" in err and b"Traceback" not in err


def test_bench_stream_generator_assembles_cleanly():
    import bench_stream
    payloads = bench_stream.generate_payloads(200)
    body = bench_stream.body_of(payloads)
    pieces = [body[i:i + 512] for i in range(0, len(body), 512)]
    assert bench_stream.time_pipeline(pieces) > 0   # raises SystemExit if it did not assemble
    assert len(payloads) == 200 + 20 + 4
