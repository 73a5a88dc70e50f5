"""Session fixture: the real embedded local model server (llama-cpp-python + SmolLM2-135M).

Whether the server may be built is set by the environment variable ``MARGINALIA_E2E``:

* ``1``  -- required: run ``setup`` (idempotent; the first time downloads ~170 MB and
  compiles the server for about 5 minutes on 2 cores) and fail if it cannot be set up or started.
* unset -- use the server only if ``setup`` has already been done; otherwise skip with the reason.
* ``0``  -- skip the e2e tests.

A server that is set up but fails to start is always an error, never a skip.
Use it from a conftest with ``from support.local_model_fixture import local_model_server``.
"""
from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import dataclass

import pytest

SCRIPTS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "scripts")
if SCRIPTS not in sys.path:
    sys.path.insert(0, SCRIPTS)

from localmodel.commands import tail  # noqa: E402
from localmodel.config import default_paths  # noqa: E402
from localmodel.errors import LocalModelError  # noqa: E402
from localmodel.provision import is_set_up, setup  # noqa: E402
from localmodel.server import launch, stop_process, wait_until_ready  # noqa: E402

E2E_ENV = "MARGINALIA_E2E"
READY_TIMEOUT = 120.0
_session_failure = []  # a failed setup or start is reported for every test but attempted only once
SETUP_HINT = "run `python3 scripts/local_model.py setup` (about 6 minutes once) or set MARGINALIA_E2E=1"


@dataclass(frozen=True)
class LocalModelServer:
    """A running local model server: ``base_url`` is ``http://127.0.0.1:PORT/v1``."""

    base_url: str
    model: str
    port: int
    log_path: str

    @property
    def host_port(self) -> str:
        """``127.0.0.1:PORT``, for ``http.client.HTTPConnection``."""
        return "127.0.0.1:%d" % self.port

    def log_tail(self, lines: int = 40) -> str:
        """The last lines of this server's log, for failure messages."""
        return tail(self.log_path, lines)


def e2e_mode() -> str:
    """``"required"``, ``"if-built"`` or ``"off"`` from ``MARGINALIA_E2E``."""
    value = os.environ.get(E2E_ENV, "").strip()
    if value == "1":
        return "required"
    if value == "0":
        return "off"
    return "if-built"


def ensure_set_up(mode: str, show_progress=contextlib.nullcontext) -> None:
    """Make sure setup is done as ``mode`` allows, else ``pytest.skip`` / ``pytest.fail`` with the reason."""
    if mode == "off":
        pytest.skip("%s=0: local model e2e tests disabled" % E2E_ENV)
    if is_set_up():
        return
    if mode == "if-built":
        pytest.skip("local model server not set up in %s: %s" % (default_paths().root, SETUP_HINT))
    try:
        with show_progress():
            setup()
    except LocalModelError as error:
        _fail_session("local model setup failed (exit code %d): %s" % (error.exit_code, error.message))


def start_test_server() -> tuple:
    """Launch a server on a free port with its own log; return ``(LocalModelServer, process)`` once ready."""
    paths = default_paths()
    log_path = os.path.join(paths.root, "server-pytest.log")
    with open(log_path, "wb"):
        pass
    launched = launch(paths, 0, log_path)
    try:
        wait_until_ready(launched.base_url, lambda: launched.process.poll() is None, READY_TIMEOUT, log_path)
    except LocalModelError as error:
        stop_process(launched.process.pid)
        _fail_session("local model server did not start: %s" % error.message)
    server = LocalModelServer(launched.base_url, launched.model, launched.port, log_path)
    return server, launched.process


def _fail_session(message: str) -> None:
    _session_failure.append(message)
    pytest.fail(message, pytrace=False)


def _progress_shown(request):
    """A context manager that lets setup's progress lines through pytest's output capture."""
    capture = request.config.pluginmanager.getplugin("capturemanager")
    return capture.global_and_fixture_disabled if capture else contextlib.nullcontext


@pytest.fixture(scope="session")
def local_model_server(request):
    """The real local model server for the whole session, stopped at the end.

    Yields a :class:`LocalModelServer` (``base_url``, ``model`` = ``"smollm2-135m"``, ``port``,
    ``log_path``). Skips or fails per ``MARGINALIA_E2E`` (see the module docstring).
    """
    if _session_failure:
        pytest.fail(_session_failure[0], pytrace=False)
    ensure_set_up(e2e_mode(), _progress_shown(request))
    server, process = start_test_server()
    try:
        yield server
    finally:
        stop_process(process.pid)
