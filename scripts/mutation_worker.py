"""make mutate's fast runner for pure modules: pytest imported once, each mutant judged in a forked child.

Started by scripts/mutate.py in the scratch copy with the test paths as arguments; it collects them once
(every test module and the product imported), then reads one JSON request a line from stdin:
``{"module": "core/text/match.py", "source": "...", "tests": [...], "timeout": 30, "env": {...}}`` and answers
``{"code": pytest's exit code or null when the child ran past its time}``. The child puts the mutated
source in place by giving every function of the loaded module the code (and defaults) of its mutated
twin, and the module's plain constants their mutated values, then runs the tests; the parent stays
unchanged for the next mutant.
"""
from __future__ import annotations

import gc
import importlib
import json
import os
import signal
import sys
import time
import types

import pytest

ARGS = ["-q", "-x", "-p", "no:randomly", "-p", "no:cacheprovider", "-m", "not slow",
        "-o", "addopts=--import-mode=importlib"]


def module_name(path: str) -> str:
    return "marginalia." + path[:-3].replace("/", ".")


def functions_of(namespace: dict) -> dict:
    """qualname -> every function whose globals are ``namespace`` (methods, nested and decorated ones too)."""
    found = {}
    for obj in gc.get_objects():
        if isinstance(obj, types.FunctionType) and obj.__globals__ is namespace:
            found.setdefault(obj.__qualname__, []).append(obj)
    return found


def put_in_place(path: str, source: str) -> None:
    """Make the loaded module behave as ``source`` (see the module docstring)."""
    name = module_name(path)
    module = sys.modules.get(name) or importlib.import_module(name)
    fresh = {"__name__": name, "__package__": module.__package__, "__file__": module.__file__}
    exec(compile(source, module.__file__, "exec"), fresh)
    new = functions_of(fresh)
    for qualname, olds in functions_of(module.__dict__).items():
        twins = new.get(qualname)
        if not twins:
            continue
        twin = twins[0]
        for old in olds:
            if old.__code__.co_freevars == twin.__code__.co_freevars:
                old.__code__ = twin.__code__
            old.__defaults__, old.__kwdefaults__ = twin.__defaults__, twin.__kwdefaults__
    for key, value in fresh.items():
        if key.startswith("__") or isinstance(value, (types.FunctionType, types.ModuleType, type)):
            continue
        try:
            changed = getattr(module, key, None) != value
        except Exception:  # noqa: BLE001 — a value that does not compare is left as it is
            changed = False
        if changed:
            setattr(module, key, value)


def judge(request: dict) -> int:
    child = os.fork()
    if child == 0:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.dup2(null, 2)
        code = 3
        try:
            os.environ.update(request.get("env") or {})
            put_in_place(request["module"], request["source"])
            code = int(pytest.main(ARGS + request["tests"]))
        finally:
            os._exit(code)
    deadline = time.monotonic() + request["timeout"]
    while True:
        done, status = os.waitpid(child, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        if time.monotonic() > deadline:
            os.kill(child, signal.SIGKILL)
            os.waitpid(child, 0)
            return None
        time.sleep(0.01)


def main(paths) -> int:
    sys.path.insert(0, os.path.join(os.getcwd(), "scripts"))
    answers = os.fdopen(os.dup(1), "w")  # pytest writes to stdout: the answers get their own descriptor
    os.dup2(2, 1)
    collected = pytest.main(["--collect-only"] + ARGS + list(paths))
    answers.write(json.dumps({"ready": int(collected)}) + "\n")
    answers.flush()
    for line in sys.stdin:
        answers.write(json.dumps({"code": judge(json.loads(line))}) + "\n")
        answers.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
