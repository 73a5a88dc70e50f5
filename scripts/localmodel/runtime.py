"""The server's own virtual environment: the built wheel plus its pinned server extras."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys

from .commands import Printer, pip_failure_reason, run_logged, say, tail
from .config import CONSTRAINTS_FILE, Paths
from .errors import EXIT_BUILD, EXIT_DOWNLOAD, EXIT_MISSING_TOOL, LocalModelError


def expected_marker(wheel_path: str) -> dict:
    """What the ready-marker of a venv built from ``wheel_path`` must contain."""
    with open(CONSTRAINTS_FILE, "rb") as handle:
        constraints = hashlib.sha256(handle.read()).hexdigest()
    return {
        "wheel": os.path.basename(wheel_path),
        "constraints_sha256": constraints,
        "python": os.path.realpath(sys.executable),
    }


def venv_is_ready(paths: Paths, wheel_path: str) -> bool:
    """Whether the venv was completely installed from this wheel and these constraints."""
    try:
        with open(paths.venv_marker, "r", encoding="utf-8") as handle:
            recorded = json.load(handle)
    except (OSError, ValueError):
        return False
    return recorded == expected_marker(wheel_path) and os.path.exists(paths.venv_python)


def create_venv(paths: Paths) -> None:
    """Create an empty venv (with pip) at ``paths.venv``, replacing any half-made one."""
    shutil.rmtree(paths.venv, ignore_errors=True)
    result = subprocess.run([sys.executable, "-m", "venv", paths.venv],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if result.returncode != 0:
        raise LocalModelError(
            "Could not create a virtual environment with %s (Debian: apt-get install python3-venv).\n%s"
            % (sys.executable, result.stdout.decode("utf-8", "replace")), EXIT_MISSING_TOOL)


def install_server(paths: Paths, wheel_path: str, printer: Printer = say) -> str:
    """Make the venv hold ``wheel_path[server]`` under the committed constraints; return its python."""
    if venv_is_ready(paths, wheel_path):
        printer("Server environment already installed: %s" % paths.venv)
        return paths.venv_python
    printer("Installing the server and its pinned dependencies into %s..." % paths.venv)
    create_venv(paths)
    command = [paths.venv_python, "-m", "pip", "install", "--constraint", CONSTRAINTS_FILE,
               "%s[server]" % wheel_path]
    if run_logged(command, paths.install_log, heartbeat="  ...still installing", printer=printer) != 0:
        raise _install_error(paths.install_log)
    check_import(paths)
    with open(paths.venv_marker, "w", encoding="utf-8") as handle:
        json.dump(expected_marker(wheel_path), handle)
    return paths.venv_python


def check_import(paths: Paths) -> None:
    """Raise (exit code 6) unless the venv can import the server and load libllama."""
    result = subprocess.run([paths.venv_python, "-c", "import llama_cpp, llama_cpp.server.app"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if result.returncode != 0:
        raise LocalModelError("The installed server does not import:\n%s"
                              % result.stdout.decode("utf-8", "replace")[-3000:], EXIT_BUILD)


def _install_error(log: str) -> LocalModelError:
    reason, is_download_problem = pip_failure_reason(log)
    if is_download_problem:
        return LocalModelError("Could not download the server's dependencies: %s.\nLast lines of %s:\n%s"
                               % (reason, log, tail(log)), EXIT_DOWNLOAD)
    return LocalModelError("Installing the server failed.\nLast lines of %s:\n%s" % (log, tail(log, 30)),
                           EXIT_BUILD)
