"""Running the external commands of setup: pip, with progress and logs."""
from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import time
from typing import Callable, Dict, List, Optional

from .errors import EXIT_MISSING_TOOL, LocalModelError

HEARTBEAT_SECONDS = 30.0

Printer = Callable[[str], None]


def say(message: str) -> None:
    """Print one progress line to stderr at once (stdout is kept for results)."""
    sys.stderr.write(message + "\n")
    sys.stderr.flush()


def format_elapsed(seconds: float) -> str:
    """``75.2`` -> ``"1m15s"``; under a minute -> ``"42s"``."""
    whole = int(round(seconds))
    if whole < 60:
        return "%ds" % whole
    return "%dm%02ds" % (whole // 60, whole % 60)


def pip_command() -> List[str]:
    """The command that runs pip: this Python's ``-m pip``, else ``pip3``/``pip`` on PATH."""
    if importlib.util.find_spec("pip") is not None:
        return [sys.executable, "-m", "pip"]
    for name in ("pip3", "pip"):
        found = shutil.which(name)
        if found:
            return [found]
    raise LocalModelError(
        "pip is not available: %s has no pip module and there is no pip3/pip on PATH. "
        "Install it (Debian: apt-get install python3-pip) and run setup again." % sys.executable,
        EXIT_MISSING_TOOL,
    )


def tail(path: str, lines: int = 25) -> str:
    """The last ``lines`` lines of a text file ('' if it does not exist)."""
    try:
        with open(path, "r", encoding="utf-8", errors="replace") as handle:
            return "".join(handle.readlines()[-lines:])
    except OSError:
        return ""


def run_logged(
    command: List[str],
    log_path: str,
    env: Optional[Dict[str, str]] = None,
    heartbeat: Optional[str] = None,
    niceness: int = 0,
    printer: Printer = say,
) -> int:
    """Run ``command`` with its output appended to ``log_path``; return its exit code.

    With ``heartbeat`` set, print ``"<heartbeat> (<elapsed>)"`` every
    ``HEARTBEAT_SECONDS`` while the command runs.
    """
    started = time.monotonic()
    full_env = dict(os.environ)
    full_env.update(env or {})
    preexec = (lambda: os.nice(niceness)) if niceness else None
    with open(log_path, "ab") as log:
        log.write(("\n$ %s\n" % " ".join(command)).encode("utf-8"))
        log.flush()
        process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
            env=full_env, preexec_fn=preexec,
        )
        next_beat = started + HEARTBEAT_SECONDS
        while process.poll() is None:
            time.sleep(0.5)
            if heartbeat and time.monotonic() >= next_beat:
                printer("%s (%s elapsed)" % (heartbeat, format_elapsed(time.monotonic() - started)))
                next_beat += HEARTBEAT_SECONDS
    return process.returncode


NETWORK_MARKERS = (
    "NewConnectionError", "Max retries exceeded", "Temporary failure in name resolution",
    "Name or service not known", "Network is unreachable", "ConnectTimeoutError",
    "ReadTimeoutError", "Connection refused", "ProxyError", "SSLError",
)
NOT_FOUND_MARKER = "(from versions: none)"


def pip_failure_reason(log_path: str):
    """Why pip failed, from its whole log: ``(reason, is_download_problem)``."""
    try:
        with open(log_path, "r", encoding="utf-8", errors="replace") as handle:
            text = handle.read()
    except OSError:
        text = ""
    if any(marker in text for marker in NETWORK_MARKERS):
        return "PyPI could not be reached (network or proxy problem)", True
    if NOT_FOUND_MARKER in text:
        return "the package index has no such release (is PyPI reachable?)", True
    return "pip failed", False
