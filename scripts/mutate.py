#!/usr/bin/env python3
"""Mutation testing (`make mutate`): make one small plausible bug at a time and see whether a test fails.

For each module of scripts/mutation_targets.txt (and the test files named for it there):

1. the repository is copied to a scratch folder (the checkout is never changed);
2. the tests run once on the copy with line coverage per test (scripts/mutation_coverage.py): each line
   of the module learns which tests run it (tests that fail without any mutant are left out, and named);
3. scripts/mutation_worker.py imports pytest and the tests once; for every mutant of
   scripts/mutation_ops.py it forks a child that puts the mutant in place in memory and runs only the
   tests that run its line (the fastest first, up to TEST_BUDGET_SECONDS of their baseline time, stopping at
   the first failure). A
   failing run, a run over its time limit, or a module that no longer loads kills the mutant; a mutant
   whose line no test runs survives without a run.

Office tests share one soffice started here (``MARGINALIA_TEST_OFFICE``), started again when a mutant
killed it. Only tests that run the module in the test process count: code run inside the office from the
installed extension is not mutated.

Survivors listed with a reason in scripts/mutation_equivalents.txt count as equivalent (no test can tell
them apart from the original). The report (per module: mutants, killed, equivalent, kill rate, survivors)
is printed and written to artifacts/mutation/report.md and report.json; the exit code is 1 when a module's
kill rate is under --required (default 90%).

Usage: python3 scripts/mutate.py [--module core/text/match.py ...] [--required 90]
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Set

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

from mutation_ops import Mutant, apply, mutants_of  # noqa: E402

TARGETS = os.path.join(HERE, "mutation_targets.txt")
EQUIVALENTS = os.path.join(HERE, "mutation_equivalents.txt")
REPORT_DIR = os.path.join(ROOT, "artifacts", "mutation")
COPY_IGNORED = shutil.ignore_patterns(".git", "artifacts", "dist", "build", ".pytest_cache", "__pycache__", "*.pyc")
PYTEST = [sys.executable, "-m", "pytest", "-q", "-x", "-m", "not slow", "-p", "no:randomly", "-p", "no:cacheprovider",
          "--no-header", "-o", "addopts=--import-mode=importlib --tb=line", "--timeout=120"]
TEST_BUDGET_SECONDS = 60.0
"""The tests that run a mutant's line run for it, the fastest first, as many as fit in this much of their baseline
time (at least one): all of them for a pure module, whose tests take milliseconds; a survivor costs them all."""
STARTUP_SECONDS = 20.0
"""Added to each mutant's time limit (pytest's start and collection), besides 3x its tests' baseline time."""


@dataclass
class Target:
    """A module to mutate and the test paths that are meant to cover it."""

    module: str
    tests: List[str]

    @property
    def needs_office(self) -> bool:
        return any(path.startswith("tests/office") for path in self.tests)


@dataclass
class Result:
    """What happened to one mutant."""

    mutant: Mutant
    status: str  # killed | survived | equivalent | uncovered
    tests_run: int = 0
    seconds: float = 0.0
    reason: str = ""
    key: str = ""
    """How scripts/mutation_equivalents.txt names it (see :func:`mutant_key`)."""


@dataclass
class ModuleReport:
    module: str
    results: List[Result] = field(default_factory=list)
    seconds: float = 0.0

    def count(self, *statuses: str) -> int:
        return sum(1 for result in self.results if result.status in statuses)

    @property
    def kill_rate(self) -> float:
        """Killed among the mutants that are not equivalent (100% when there are none)."""
        judged = len(self.results) - self.count("equivalent")
        return 100.0 * self.count("killed") / judged if judged else 100.0


def read_targets(path: Optional[str] = None) -> List[Target]:
    """``module test-path...`` per line; ``#`` starts a comment."""
    targets = []
    with open(path or TARGETS, encoding="utf-8") as handle:
        for line in handle:
            words = line.split("#", 1)[0].split()
            if words:
                targets.append(Target(words[0], words[1:]))
    return targets


def mutant_key(module: str, source_lines: List[str], mutant: Mutant) -> str:
    """What names a mutant in the equivalents file: module, the stripped source line, the change.

    A line whose text stands more than once in the module is followed by `` #n``, its n-th occurrence."""
    stripped = [line.strip() for line in source_lines]
    line = stripped[mutant.line - 1]
    if stripped.count(line) > 1:
        line += " #%d" % stripped[:mutant.line].count(line)
    return "%s | %s | %s -> %s" % (module, line, " ".join(mutant.original.split()), " ".join(mutant.replacement.split()))


def read_equivalents(path: Optional[str] = None) -> Dict[str, str]:
    """Key (see :func:`mutant_key`) to the reason the mutant cannot be told apart; blocks of
    ``module | line | change`` then ``  reason`` lines."""
    equivalents, key, path = {}, None, path or EQUIVALENTS
    if not os.path.exists(path):
        return equivalents
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if not line.strip() or line.startswith("#"):
                continue
            if line[0].isspace():
                if key:
                    equivalents[key] = (equivalents[key] + " " + line.strip()).strip()
            else:
                key = line.strip()
                equivalents[key] = ""
    return equivalents


class SharedOffice:
    """One soffice with the built extension, shared by the test runs of every mutant."""

    def __init__(self, copy: str):
        self.copy = copy
        self.office = None

    def env(self) -> Dict[str, str]:
        if self.office is None or not self.office.alive():
            self.start()
        return {"MARGINALIA_TEST_OFFICE": "%d:%s" % (self.office.port, self.office.workdir)}

    def start(self) -> None:
        sys.path.insert(0, os.path.join(self.copy, "scripts"))
        sys.path.insert(0, os.path.join(self.copy, "tests"))
        import build_oxt
        import officectl
        from support.office_fixtures import build_dummy_extension
        self.stop()
        workdir = tempfile.mkdtemp(prefix="mutate-office-")
        oxt = build_oxt.build(os.path.join(workdir, "marginalia.oxt"))
        self.office = officectl.Office([build_dummy_extension(workdir), oxt], workdir=workdir).start()

    def stop(self) -> None:
        if self.office is not None:
            self.office.stop()
            self.office = None


class Runner:
    """Runs pytest in the scratch copy."""

    def __init__(self, copy: str, office: Optional[SharedOffice]):
        self.copy, self.office = copy, office

    def run(self, tests: List[str], timeout: float, extra_env: Optional[Dict[str, str]] = None,
            with_office: bool = False) -> Optional[int]:
        """pytest's exit code, or None when it ran past ``timeout`` (then it is killed)."""
        env = dict(os.environ, PYTHONPATH=os.path.join(self.copy, "scripts"), **(extra_env or {}))
        env.pop("CI", None)  # a missing office skips rather than fails: the baseline says what ran
        if with_office and self.office is not None:
            env.update(self.office.env())
        process = subprocess.Popen(PYTEST + tests, cwd=self.copy, env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, start_new_session=True)
        try:
            output, _ = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            return None
        self.last_output = output.decode("utf-8", "replace")
        return process.returncode


class ForkRunner:
    """scripts/mutation_worker.py for one module's test files: pytest imported once, a fork per mutant."""

    def __init__(self, copy: str, test_files: List[str], env: Dict[str, str]):
        env = dict(os.environ, PYTHONPATH=os.path.join(copy, "scripts"), **env)
        env.pop("CI", None)
        self.process = subprocess.Popen([sys.executable, os.path.join(copy, "scripts", "mutation_worker.py")]
                                        + test_files, cwd=copy, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, env=env)
        ready = json.loads(self.process.stdout.readline() or '{"ready": -1}')["ready"]
        if ready != 0:
            raise SystemExit("the mutation worker could not collect %s (exit %s)" % (test_files, ready))

    def judge(self, module: str, source: str, tests: List[str], timeout: float,
              env: Optional[Dict[str, str]] = None) -> Optional[int]:
        request = {"module": module, "source": source, "tests": tests, "timeout": timeout, "env": env or {}}
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())["code"]

    def stop(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=60)


def baseline(runner: Runner, targets: List[Target], work: str) -> dict:
    """The tests of every target run once under coverage; exits when one fails."""
    files = [os.path.join(runner.copy, target.module) for target in targets]
    tests = sorted({path for target in targets for path in target.tests})
    out = os.path.join(work, "coverage.json")
    env = {"MUTATION_FILES": os.pathsep.join(files), "MUTATION_COVERAGE_OUT": out}
    started = time.monotonic()
    code = runner.run(["-p", "mutation_coverage", "--timeout=600", "--maxfail=50"] + tests, timeout=3 * 3600,
                      extra_env=env, with_office=any(target.needs_office for target in targets))
    if code is None or not os.path.exists(out):
        raise SystemExit("the baseline run did not finish:\n%s" % getattr(runner, "last_output", "")[-5000:])
    with open(out, encoding="utf-8") as handle:
        data = json.load(handle)
    failed = set(data["failed"])
    print("baseline: %d tests in %.0f s; %d failed without any mutant%s" % (
        len(data["seconds"]), time.monotonic() - started, len(failed), (": " + ", ".join(sorted(failed))) if failed
        else ""), flush=True)
    if len(failed) >= 50:
        raise SystemExit("the tests fail without any mutant:\n%s" % runner.last_output[-5000:])
    for by_line in data["lines"].values():  # a test that fails anyway cannot judge a mutant
        for line, ids in by_line.items():
            by_line[line] = [test for test in ids if test not in failed]
    return data


def covering_tests(mutant: Mutant, lines: Dict[str, List[str]], module_tests: Set[str]) -> List[str]:
    """The tests that run the mutant's statement; every test of the module for lines run only on import."""
    found: Set[str] = set()
    first, last = mutant.statement
    for line in range(first, last + 1):
        found.update(lines.get(str(line), ()))
    if found == {""}:
        return sorted(module_tests)
    found.discard("")
    return sorted(found)


def mutate_module(runner: Runner, target: Target, data: dict, equivalents: Dict[str, str]) -> ModuleReport:
    path = os.path.join(runner.copy, target.module)
    with open(path, encoding="utf-8") as handle:
        source = handle.read()
    source_lines = source.splitlines()
    lines = data["lines"].get(path, {})
    seconds = data["seconds"]
    module_tests = {test for ids in lines.values() for test in ids if test}
    report = ModuleReport(target.module)
    started = time.monotonic()
    mutants = mutants_of(source)
    print("%s: %d mutants, %d tests run its lines" % (target.module, len(mutants), len(module_tests)), flush=True)
    office_env = runner.office.env() if target.needs_office and runner.office is not None else {}
    fork = ForkRunner(runner.copy, sorted({t.split("::")[0] for t in module_tests}), office_env)
    try:
        for index, mutant in enumerate(mutants, 1):
            result = judge(runner, fork, target, mutant, apply(source, mutant),
                           covering_tests(mutant, lines, module_tests), seconds)
            result.key = mutant_key(target.module, source_lines, mutant)
            if result.status in ("survived", "uncovered") and result.key in equivalents:
                result.status, result.reason = "equivalent", equivalents[result.key]
            report.results.append(result)
            if result.status in ("survived", "uncovered"):
                print("  [%d/%d] SURVIVED %s%s" % (index, len(mutants), mutant.description,
                                                   " (no test runs it)" if result.status == "uncovered" else ""),
                      flush=True)
    finally:
        fork.stop()
    report.seconds = time.monotonic() - started
    print("%s: %d of %d killed, %d equivalent: %.1f%% in %.0f s" % (
        target.module, report.count("killed"), len(report.results), report.count("equivalent"), report.kill_rate,
        report.seconds), flush=True)
    return report


def judge(runner: Runner, fork: ForkRunner, target: Target, mutant: Mutant, mutated: str, tests: List[str],
          seconds: Dict[str, float]) -> Result:
    """Run the tests that run the mutant's line with the mutant in place (in a forked child of the worker)."""
    if not tests:
        return Result(mutant, "uncovered")
    tests = within_budget(sorted(tests, key=lambda test: seconds.get(test, 0.0)), seconds)
    limit = STARTUP_SECONDS + 3 * sum(seconds.get(test, 1.0) for test in tests)
    started = time.monotonic()
    env = runner.office.env() if target.needs_office and runner.office is not None else {}  # restarted if dead
    code = fork.judge(target.module, mutated, tests, limit, env)
    took = time.monotonic() - started
    if code == 0:
        return Result(mutant, "survived", len(tests), took)
    return Result(mutant, "killed", len(tests), took, "timed out" if code is None else "exit %d" % code)


def within_budget(tests: List[str], seconds: Dict[str, float]) -> List[str]:
    """The first of ``tests`` whose baseline times add up to at most TEST_BUDGET_SECONDS (at least one)."""
    chosen, total = [], 0.0
    for test in tests:
        total += seconds.get(test, 1.0)
        if chosen and total > TEST_BUDGET_SECONDS:
            break
        chosen.append(test)
    return chosen


def write_report(reports: List[ModuleReport], required: float, total_seconds: float) -> str:
    """The Markdown report (also written to artifacts/mutation/report.md, with report.json)."""
    out = ["# Mutation testing", "", "Run %s, %.0f min in all." % (time.strftime("%Y-%m-%d"), total_seconds / 60), "",
           "| module | mutants | killed | equivalent | survived | kill rate | time |", "|---|---|---|---|---|---|---|"]
    for report in reports:
        out.append("| `%s` | %d | %d | %d | %d | %.1f%% | %.0f s |" % (
            report.module, len(report.results), report.count("killed"), report.count("equivalent"),
            report.count("survived", "uncovered"), report.kill_rate, report.seconds))
    out += ["", "Kill rate: killed / (mutants - equivalent); required: %.0f%% per module." % required, ""]
    for report in reports:
        left = [r for r in report.results if r.status in ("survived", "uncovered", "equivalent")]
        if left:
            out += ["## %s" % report.module, ""]
            for result in left:
                note = {"uncovered": "survived, no test runs it", "survived": "survived",
                        "equivalent": "equivalent: " + result.reason}[result.status]
                out.append("- `%s` (%s)" % (result.mutant.description, note))
                if result.status != "equivalent":
                    out.append("  key: `%s`" % result.key)
            out.append("")
    text = "\n".join(out)
    os.makedirs(REPORT_DIR, exist_ok=True)
    with open(os.path.join(REPORT_DIR, "report.md"), "w", encoding="utf-8") as handle:
        handle.write(text)
    with open(os.path.join(REPORT_DIR, "report.json"), "w", encoding="utf-8") as handle:
        json.dump([{"module": r.module, "seconds": r.seconds, "kill_rate": r.kill_rate,
                    "results": [{"line": x.mutant.line, "change": x.mutant.description, "status": x.status,
                                 "tests": x.tests_run, "seconds": round(x.seconds, 2), "reason": x.reason}
                                for x in r.results]} for r in reports], handle, indent=1)
    return text


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--module", action="append", help="only this module (repeatable)")
    parser.add_argument("--required", type=float, default=90.0, help="kill rate every module needs (percent)")
    args = parser.parse_args(argv)
    targets = [t for t in read_targets() if not args.module or t.module in args.module]
    if not targets:
        raise SystemExit("no such module in %s" % TARGETS)
    started = time.monotonic()
    work = tempfile.mkdtemp(prefix="marginalia-mutate-")
    copy = os.path.join(work, "repo")
    shutil.copytree(ROOT, copy, ignore=COPY_IGNORED)
    office = SharedOffice(copy) if any(t.needs_office for t in targets) else None
    runner = Runner(copy, office)
    try:
        data = baseline(runner, targets, work)
        equivalents = read_equivalents()
        reports = [mutate_module(runner, target, data, equivalents) for target in targets]
    finally:
        if office is not None:
            office.stop()
        shutil.rmtree(work, ignore_errors=True)
    print(write_report(reports, args.required, time.monotonic() - started))
    low = [r.module for r in reports if r.kill_rate < args.required]
    if low:
        print("under %.0f%%: %s" % (args.required, ", ".join(low)))
    return 1 if low else 0


if __name__ == "__main__":
    sys.exit(main())
