"""Cut recorded streams at every byte offset, through the real network path (see support/cut_sweep.py).

Two levels, each over the same recordings (text, reasoning, tool calls, an in-stream error):

* the worker side of a round: the fault server cuts the stream, the real client reads it and
  ``stream_round`` posts what the turn would get;
* a whole turn: the same, driven by the event loop, with the display writing the session's
  transcript and a tool runner that records what it was asked to run.

``make test`` runs a sample of the offsets (every 97th plus the last 48 of each recording);
the ``slow`` tests run every offset. Framings rotate with the offset (chunked, Content-Length,
close-delimited), and the last 48 offsets, where ``[DONE]`` lies, run in all three.
"""
import pytest

from marginalia.core.net.transport import HttpClient

from support import cut_sweep, stream_recordings
from support.fault_server import FRAMINGS

TEXT = ["openai_1"]
REASONING = ["openrouter_2", "mistral_3"]
TOOLS = ["openai_9", "vllm_1", "llama-cpp-python-local_2", "ollama_2"]
PROVIDER_ERROR = ["openrouter_3"]
RECORDINGS = TEXT + REASONING + TOOLS + PROVIDER_ERROR
TAIL = 48


@pytest.fixture(scope="module")
def client():
    with HttpClient(read_timeout=5.0) as http:
        yield http


def plan(body, step):
    """``(offset, framing)`` runs: every ``step``-th offset, framings rotating; the tail in every framing."""
    runs = [(offset, FRAMINGS[offset % 3]) for offset in range(0, len(body) - TAIL, step)]
    runs += [(offset, framing) for offset in range(max(0, len(body) - TAIL), len(body) + 1) for framing in FRAMINGS]
    return runs


def sweep_rounds(server, client, name, step):
    body = stream_recordings.body(name)
    ref = cut_sweep.reference(body)
    problems, outcomes = [], {}
    for offset, framing in plan(body, step):
        posts = cut_sweep.run_cut(server, client, body, offset, framing)
        outcome = cut_sweep.outcome_of(posts)
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        problems += ["%s at %d (%s): %s" % (name, offset, framing, p) for p in cut_sweep.judge(ref, posts, offset)]
    return problems, outcomes


def sweep_turns(server, client, name, step):
    body = stream_recordings.body(name)
    ref = cut_sweep.reference(body)
    problems, tools_ran, runs = [], 0, 0
    for offset, framing in plan(body, step):
        session, tools = cut_sweep.run_turn(server, client, body, offset, framing)
        runs += 1
        tools_ran += bool(tools.ran)
        problems += ["%s at %d (%s): %s" % (name, offset, framing, p)
                     for p in cut_sweep.judge_turn(ref, session, tools, offset)]
    return problems, runs, tools_ran


def check(problems):
    assert not problems, "%d problems, first ones:\n%s" % (len(problems), "\n".join(problems[:20]))


@pytest.mark.parametrize("name", RECORDINGS)
def test_sampled_cuts_through_a_round(fault_server, client, name):
    problems, outcomes = sweep_rounds(fault_server, client, name, step=97)
    check(problems)
    assert outcomes.get("result_error" if name in PROVIDER_ERROR else "ok"), "no complete run: %s" % outcomes


@pytest.mark.parametrize("name", TOOLS + PROVIDER_ERROR)
def test_sampled_cuts_through_a_turn(fault_server, client, name):
    problems, _, tools_ran = sweep_turns(fault_server, client, name, step=97)
    check(problems)
    assert tools_ran or name in PROVIDER_ERROR


@pytest.mark.slow
def test_every_offset_through_a_round(fault_server, client, figures):
    total, problems, by_name = 0, [], {}
    for name in RECORDINGS:
        found, outcomes = sweep_rounds(fault_server, client, name, step=1)
        problems += found
        by_name[name] = sum(outcomes.values())
        total += by_name[name]
    figures("cut_sweep_round_runs", total)
    figures("cut_sweep_round_runs_by_recording", by_name)
    check(problems)


@pytest.mark.slow
def test_every_offset_through_a_turn(fault_server, client, figures):
    total, problems, with_tools = 0, [], 0
    for name in TOOLS + PROVIDER_ERROR:
        found, runs, tools_ran = sweep_turns(fault_server, client, name, step=1)
        problems += found
        total += runs
        with_tools += tools_ran
    figures("cut_sweep_turn_runs", total)
    figures("cut_sweep_turn_runs_that_ran_tools", with_tools)
    check(problems)
