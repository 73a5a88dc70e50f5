#!/usr/bin/env python3
"""`make eval`: can a model do real work through Marginalia's tools? The task suite, scored.

Runs the tasks of tests/tasks/ (an input document, an instruction as users write it, a checker of
the outcome) in a real headless LibreOffice with the freshly built extension:

* with a model (the default): each instruction goes through the real agent loop: the sidebar's
  panel on the task's document, its system prompt and tools, the endpoint of ``--url``/``--model``
  (or ``$MARGINALIA_URL``/``$MARGINALIA_MODEL``; ``--local`` starts the embedded SmolLM2-135M),
  the key from ``$MARGINALIA_API_KEY`` (put in the office's password store). Every request and
  reply passes a recording proxy on 127.0.0.1, saved as the task's transcript;
* ``--scripted``: the same loop against a scripted model that answers each task with its reference
  plan (one round of tool calls, streamed, then a short answer): it must reproduce the plans'
  score, proving that the loop, not just the tools, can do the tasks;
* ``--plans``: the reference plans run directly through the office-side runner (what CI checks
  in tests/tasks/test_task_plans.py).

Per task: pass or fail by the checker, tool calls, refused calls, tokens (as the panel counts
them), seconds. Writes ``artifacts/eval/<model>/results.json`` and ``results.md`` (a summary per
kind of work) and prints the table; the last line is ``eval: N/M tasks passed``.

Usage: python3 scripts/eval.py [--plans | --scripted | --url URL --model NAME | --local]
                               [--only ID,ID] [--kind KIND] [--repeat K] [--timeout S]
"""
from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from typing import Dict, List, Optional

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tests"))
import devpath  # noqa: E402

devpath.install()

import build_oxt  # noqa: E402
from eval_proxy import RecordingProxy  # noqa: E402
from inside import Inside  # noqa: E402
from officectl import Office, office_available, write_settings  # noqa: E402
from tasks.documents import task_documents  # noqa: E402
from tasks.model import all_tasks  # noqa: E402

TOOL_LINE = re.compile(r"^Action\n(.*)$", re.M)
TOKENS = re.compile(r"Tokens: (\d+|\?) in, (\d+|\?) out")


@dataclass
class TaskResult:
    """How one attempt at one task went."""

    task: str
    kind: str
    passed: bool
    problem: str = ""
    calls: int = 0
    refused: int = 0
    tokens_in: Optional[int] = None
    tokens_out: Optional[int] = None
    seconds: float = 0.0
    transcript: str = field(default="", repr=False)


class PlanRunner:
    """Runs each task's reference plan through the office-side runner (no model)."""

    name = "reference-plans"

    def __init__(self, office: Office):
        self.office = office
        self.inside = Inside(office, "turns_inside.py")

    def attempt(self, task, doc) -> TaskResult:
        done = self.inside.call("turn", doc.RuntimeUID, json.dumps(list(task.plan)), task.instruction)
        refused = sum(1 for ok, _ in done["outcomes"] if not ok)
        lines = "\n".join("%s %s -> %s" % (name, json.dumps(args), text)
                          for (name, args), (_, text) in zip(task.plan, done["outcomes"]))
        return TaskResult(task.id, task.kind, False, calls=len(task.plan), refused=refused, transcript=lines)


class ChatRunner:
    """Sends each instruction through the sidebar's panel to a model, through a recording proxy."""

    def __init__(self, office: Office, url: str, model: str, timeout: float, scripted=None, strategy: str = ""):
        self.office, self.model, self.timeout, self.scripted = office, model, timeout, scripted
        self.name = "scripted-plans" if scripted is not None else model + ("-" + strategy if strategy else "")
        self.proxy = RecordingProxy(url).start()
        write_settings(office.ctx, "Endpoint", URL=self.proxy.url, Model=model)
        if strategy:
            write_settings(office.ctx, "Endpoint", ToolStrategy=strategy)

    def attempt(self, task, doc) -> TaskResult:
        from support.panel import Panel
        if self.scripted is not None:
            self.scripted.answer_with(task.plan)
        self.proxy.begin()
        panel = Panel(doc).open()
        panel.send(task.instruction, timeout=60)
        panel.wait_idle(self.timeout)
        transcript = panel.transcript()
        tools = TOOL_LINE.findall(transcript)
        tokens = TOKENS.search(panel.status())
        return TaskResult(task.id, task.kind, False, calls=len(tools),
                          refused=sum(1 for line in tools if " failed: " in line),
                          tokens_in=_count(tokens.group(1)) if tokens else None,
                          tokens_out=_count(tokens.group(2)) if tokens else None,
                          transcript=transcript + "\n\n--- exchange ---\n" + self.proxy.take())

    def close(self) -> None:
        self.proxy.stop()


def _count(text: str) -> Optional[int]:
    return int(text) if text.isdigit() else None


def run_task(office, runner, task, folder: str) -> TaskResult:
    """One attempt: fresh copies of the documents (the task's, and its ``also_open`` one beside it), the runner's
    work, then the checker's verdict."""
    os.makedirs(folder, exist_ok=True)
    started = time.monotonic()
    try:
        with task_documents(office, task, folder) as (doc, other):
            started = time.monotonic()
            result = runner.attempt(task, doc)
            result.seconds = time.monotonic() - started
            try:
                task.check(doc)
                if other is not None and other.isModified():
                    raise AssertionError("the other open document was changed")
                result.passed = True
            except AssertionError as problem:
                result.problem = str(problem)
    except Exception as error:  # a stuck turn or a dead office fails this task, not the run
        result = TaskResult(task.id, task.kind, False, problem="%s: %s" % (type(error).__name__, error),
                            seconds=time.monotonic() - started)
    return result


def summary(results: List[TaskResult], repeat: int) -> List[str]:
    """The Markdown table per kind of work and the totals."""
    lines = ["| kind | passed | median calls | median tokens (in/out) |", "|---|---|---|---|"]
    kinds = sorted({r.kind for r in results})
    for kind in kinds + ["all"]:
        chosen = [r for r in results if kind == "all" or r.kind == kind]
        passed = sum(r.passed for r in chosen)
        tokens_in = [r.tokens_in for r in chosen if r.tokens_in is not None]
        tokens_out = [r.tokens_out for r in chosen if r.tokens_out is not None]
        lines.append("| %s | %d/%d | %s | %s/%s |" % (
            kind, passed, len(chosen), _median([r.calls for r in chosen]), _median(tokens_in), _median(tokens_out)))
    if repeat > 1:
        by_task: Dict[str, List[bool]] = {}
        for r in results:
            by_task.setdefault(r.task, []).append(r.passed)
        flaky = sorted(t for t, runs in by_task.items() if 0 < sum(runs) < len(runs))
        lines.append("")
        lines.append("pass@%d: %d/%d tasks; flaky: %s" % (repeat, sum(any(v) for v in by_task.values()),
                                                         len(by_task), ", ".join(flaky) or "none"))
    return lines


def _median(values) -> str:
    return "–" if not values else ("%g" % statistics.median(values))


def select(tasks, only: str, kind: str):
    """The tasks named by ``--only`` (ids, comma-separated) and ``--kind``."""
    chosen = [t for t in tasks if not only or t.id in only.split(",")]
    return [t for t in chosen if not kind or t.kind == kind or t.app == kind]


def save(results: List[TaskResult], lines: List[str], name: str) -> str:
    """results.json, results.md and one transcript per attempt under artifacts/eval/<name>/."""
    folder = os.path.join(ROOT, "artifacts", "eval", re.sub(r"[^\w.-]+", "_", name))
    os.makedirs(folder, exist_ok=True)
    for index, result in enumerate(results):
        with open(os.path.join(folder, "%s.%d.txt" % (result.task, index)), "w", encoding="utf-8") as handle:
            handle.write(result.transcript)
    with open(os.path.join(folder, "results.json"), "w", encoding="utf-8") as handle:
        json.dump([{k: v for k, v in asdict(r).items() if k != "transcript"} for r in results], handle, indent=1)
    with open(os.path.join(folder, "results.md"), "w", encoding="utf-8") as handle:
        handle.write("# %s\n\n%s\n" % (name, "\n".join(lines)))
    return folder


def endpoint(args):
    """``(url, model, local server)`` from the options, the environment or the embedded model."""
    url = args.url or os.environ.get("MARGINALIA_URL", "")
    model = args.model or os.environ.get("MARGINALIA_MODEL", "")
    if url or not args.local:
        return url, model, None
    from localmodel import provision, server
    if not provision.is_set_up():
        provision.setup()
    state = server.start(wait=True)
    return state["base_url"], state["model"], server


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plans", action="store_true", help="run the reference plans, no model")
    parser.add_argument("--scripted", action="store_true", help="a scripted model answering with the plans")
    parser.add_argument("--local", action="store_true", help="the embedded SmolLM2-135M")
    parser.add_argument("--url", default="")
    parser.add_argument("--model", default="")
    parser.add_argument("--only", default="", help="task ids, comma-separated")
    parser.add_argument("--kind", default="", help="a kind of work, or writer / calc")
    parser.add_argument("--repeat", type=int, default=1, help="attempts per task (pass@K and flakiness)")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds a turn may take")
    parser.add_argument("--strategy", default="", choices=("", "native", "forced", "prompted"),
                        help="how the panel gets tool calls (Endpoint/ToolStrategy; default: as set)")
    args = parser.parse_args(argv)
    if not office_available():
        print("LibreOffice is not installed (make deps installs it)")
        return 1
    tasks = select(all_tasks(), args.only, args.kind)
    workdir = tempfile.mkdtemp(prefix="marginalia-eval-")
    office = Office([build_oxt.build(os.path.join(workdir, "marginalia.oxt"))], workdir=os.path.join(workdir, "o"))
    office.start()
    scripted, local = None, None
    try:
        runner, local, scripted = _runner(args, office)
        results = []
        started = time.monotonic()
        for number, task in enumerate(tasks * args.repeat, start=1):
            result = run_task(office, runner, task, os.path.join(workdir, "t%d" % number))
            results.append(result)
            print("[%d/%d] %s %s%s" % (number, len(tasks) * args.repeat, task.id, "pass" if result.passed else
                                       "FAIL", "" if result.passed else ": " + result.problem[:200]), flush=True)
            if not office.alive():
                office.restart()
                runner, local, scripted = _runner(args, office, local, scripted)
        lines = summary(results, args.repeat)
        print("\n".join(lines))
        print("results in %s (%.0f s)" % (save(results, lines, runner.name), time.monotonic() - started))
    finally:
        office.stop()
        if scripted is not None:
            scripted.close()
        if local is not None:
            local.stop()
    passed = sum(r.passed for r in results)
    print("eval: %d/%d tasks passed" % (passed, len(results)))
    return 0 if passed == len(results) or not (args.plans or args.scripted) else 1


def _runner(args, office, local=None, scripted=None):
    if args.plans:
        return PlanRunner(office), None, None
    if args.scripted:
        from eval_scripted import PlanModel
        scripted = scripted or PlanModel().start()
        return ChatRunner(office, scripted.base_url, "scripted", args.timeout, scripted), None, scripted
    url, model, server = endpoint(args) if local is None else (None, None, local)
    if not url:
        raise SystemExit("No endpoint: give --url and --model, set MARGINALIA_URL/MARGINALIA_MODEL, or --local.")
    runner = ChatRunner(office, url, model, args.timeout, strategy=args.strategy)
    _store_key(office, runner.proxy.url)
    return runner, server, None


def _store_key(office, url: str) -> None:
    """Put ``$MARGINALIA_API_KEY`` in the office's password store for ``url`` (never in a file)."""
    key = os.environ.get("MARGINALIA_API_KEY", "")
    if not key:
        return
    office.service("org.marginalia.PanelFactory")  # loads the extension's package in the office
    from marginalia.ui.settings import keys
    keys.store_key(office.ctx, url, key)


if __name__ == "__main__":
    sys.exit(main())
