"""Run the llama-cpp-python server: launch, wait for readiness, state file, stop, status."""
from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from typing import Callable, Optional

from .commands import say, tail
from .config import MODEL_ALIAS, SERVER_CONTEXT, Paths, default_paths, server_threads
from .errors import EXIT_MISSING_TOOL, EXIT_SERVER, LocalModelError

HOST = "127.0.0.1"
SERVER_MODULE = "llama_cpp.server"


@dataclass
class LaunchedServer:
    """A server process started by :func:`launch` (not yet known to be ready)."""

    process: subprocess.Popen
    port: int
    base_url: str
    model: str
    log_path: str


def free_port() -> int:
    """A TCP port on 127.0.0.1 that is free right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def port_in_use(port: int) -> bool:
    """Whether something already listens on ``127.0.0.1:port``."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.settimeout(1.0)
        return probe.connect_ex((HOST, port)) == 0


def base_url_for(port: int) -> str:
    """The OpenAI-compatible base URL of a server on ``port``: ``http://127.0.0.1:N/v1``."""
    return "http://%s:%d/v1" % (HOST, port)


def require_setup(paths: Paths) -> None:
    """Raise (exit code 3) unless setup has produced the venv and the model (cheap check)."""
    if not (os.path.exists(paths.venv_marker) and os.path.exists(paths.model)):
        raise LocalModelError("The local model is not set up in %s: run "
                              "`python3 scripts/local_model.py setup` first." % paths.root, EXIT_MISSING_TOOL)


def server_command(paths: Paths, port: int, threads: Optional[int] = None):
    """The argv that runs the server on ``port`` with the pinned model, alias, threads and context."""
    threads = threads or server_threads()
    return [paths.venv_python, "-m", SERVER_MODULE, "--model", paths.model, "--model_alias", MODEL_ALIAS,
            "--host", HOST, "--port", str(port), "--n_threads", str(threads),
            "--n_ctx", str(SERVER_CONTEXT)]


def launch(paths: Optional[Paths] = None, port: int = 0, log_path: Optional[str] = None,
           threads: Optional[int] = None) -> LaunchedServer:
    """Start a server process in its own session, output appended to ``log_path`` (default server.log).

    Does not touch the state file: :func:`start` does, fixtures need not.
    """
    paths = paths or default_paths()
    require_setup(paths)
    port = port or free_port()
    log_path = log_path or paths.server_log
    with open(log_path, "ab") as log:
        process = subprocess.Popen(server_command(paths, port, threads), stdin=subprocess.DEVNULL, stdout=log,
                                   stderr=subprocess.STDOUT, start_new_session=True, close_fds=True)
    return LaunchedServer(process, port, base_url_for(port), MODEL_ALIAS, log_path)


def models_endpoint_answers(base_url: str, timeout: float = 2.0) -> bool:
    """Whether ``GET <base_url>/models`` answers 200 with a JSON model list."""
    host_port = base_url.split("//", 1)[1].split("/", 1)[0]
    connection = http.client.HTTPConnection(host_port, timeout=timeout)
    try:
        connection.request("GET", "/v1/models")
        response = connection.getresponse()
        return response.status == 200 and "data" in json.loads(response.read().decode("utf-8"))
    except (OSError, ValueError, http.client.HTTPException):
        return False
    finally:
        connection.close()


def wait_until_ready(base_url: str, is_alive: Callable[[], bool], timeout: float = 120.0,
                     log_path: str = "") -> float:
    """Poll ``/v1/models`` until it answers; return the seconds waited.

    Raises (exit code 7) if the process dies or ``timeout`` passes first.
    """
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if models_endpoint_answers(base_url):
            return time.monotonic() - started
        if not is_alive():
            raise LocalModelError("The server exited before it was ready. Last lines of %s:\n%s"
                                  % (log_path, tail(log_path)), EXIT_SERVER)
        time.sleep(0.2)
    raise LocalModelError("The server at %s was not ready after %.0f s. Last lines of %s:\n%s"
                          % (base_url, timeout, log_path, tail(log_path)), EXIT_SERVER)


def read_state(paths: Paths) -> Optional[dict]:
    """The recorded server state (pid, port, base_url, model, log), or None."""
    try:
        with open(paths.state_file, "r", encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, ValueError):
        return None


def pid_is_server(pid: int) -> bool:
    """Whether ``pid`` is a live llama_cpp.server process (guards against reused pids)."""
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as handle:
            return SERVER_MODULE.encode() in handle.read()
    except OSError:
        return False


def start(port: int = 0, wait: bool = False, timeout: float = 120.0, paths: Optional[Paths] = None,
          threads: Optional[int] = None) -> dict:
    """Start the server in the background, record it in the state file and return the state.

    If the recorded server is already running, return its state instead.
    """
    paths = paths or default_paths()
    current = read_state(paths)
    if current and pid_is_server(current["pid"]):
        if port and port != current["port"]:
            raise LocalModelError("A server is already running on port %d; stop it first." % current["port"],
                                  EXIT_SERVER)
        say("Already running (pid %d)." % current["pid"])
        return current
    if port and port_in_use(port):
        raise LocalModelError("Port %d on %s is already in use." % (port, HOST), EXIT_SERVER)
    server = launch(paths, port, threads=threads)
    state = {"pid": server.process.pid, "port": server.port, "base_url": server.base_url,
             "model": server.model, "log": server.log_path}
    _write_state(paths, state)
    if wait:
        try:
            seconds = wait_until_ready(server.base_url, lambda: server.process.poll() is None, timeout,
                                       server.log_path)
        except LocalModelError:
            stop_process(server.process.pid)
            _remove_state(paths)
            raise
        say("Ready after %.1f s." % seconds)
    return state


def stop(timeout: float = 10.0, paths: Optional[Paths] = None) -> bool:
    """Stop the recorded server (SIGTERM, SIGKILL after ``timeout``); return whether one was running."""
    paths = paths or default_paths()
    state = read_state(paths)
    running = bool(state) and pid_is_server(state["pid"])
    if running:
        stop_process(state["pid"], timeout)
        say("Stopped the server (pid %d)." % state["pid"])
    else:
        say("No local model server is running.")
    _remove_state(paths)
    return running


def stop_process(pid: int, timeout: float = 10.0) -> None:
    """SIGTERM the process group of ``pid``; SIGKILL it if still alive after ``timeout`` seconds."""
    _signal_group(pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not _alive(pid):
            return
        time.sleep(0.1)
    _signal_group(pid, signal.SIGKILL)
    while _alive(pid):
        time.sleep(0.05)


def status(paths: Optional[Paths] = None) -> dict:
    """The server's state as a JSON-able dict: running, pid, port, base_url, model, log."""
    paths = paths or default_paths()
    state = read_state(paths) or {}
    running = bool(state) and pid_is_server(state["pid"])
    report = {"running": running, "pid": None, "port": None, "base_url": None, "model": MODEL_ALIAS,
              "log": paths.server_log, "state_file": paths.state_file, "stale_state": bool(state) and not running}
    if running:
        report.update(state)
        report["ready"] = models_endpoint_answers(state["base_url"])
    return report


def _signal_group(pid: int, signum: int) -> None:
    try:
        if os.getpgid(pid) == pid:
            os.killpg(pid, signum)
        else:
            os.kill(pid, signum)
    except (ProcessLookupError, PermissionError):
        pass


def _alive(pid: int) -> bool:
    try:
        reaped, _ = os.waitpid(pid, os.WNOHANG)
        if reaped == pid:
            return False
    except ChildProcessError:
        pass
    return pid_is_server(pid)


def _write_state(paths: Paths, state: dict) -> None:
    partial = paths.state_file + ".partial"
    with open(partial, "w", encoding="utf-8") as handle:
        json.dump(state, handle, indent=2)
    os.replace(partial, paths.state_file)


def _remove_state(paths: Paths) -> None:
    try:
        os.remove(paths.state_file)
    except FileNotFoundError:
        pass
