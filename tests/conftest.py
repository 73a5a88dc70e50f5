"""Test-wide set-up: the repository is importable as ``marginalia`` (as inside the office)."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
sys.path.insert(0, os.path.join(ROOT, "tests"))

import devpath  # noqa: E402

devpath.install()

import pytest  # noqa: E402

pytest_plugins = ["support.office_fixtures"]

from support.fault_server import fault_server  # noqa: E402,F401  (a fixture for every test folder)

from support.memory_transport import MemoryServer  # noqa: E402
from support.scripted_server import ScriptedServer  # noqa: E402


@pytest.fixture
def scripted_server():
    """A fresh scripted OpenAI-compatible server on 127.0.0.1 (see tests/support/scripted_server.py)."""
    with ScriptedServer() as server:
        yield server


@pytest.fixture
def memory_server():
    """The scripted server's replies answered from memory, without a socket
    (tests/support/memory_transport.py); pass its ``connector`` to ``HttpClient``."""
    with MemoryServer() as server:
        yield server


@pytest.fixture
def memory_client(memory_server):
    """An HttpClient (no proxy, default retries) whose requests ``memory_server`` answers."""
    from marginalia.core.net.proxy import ProxyResolver
    from marginalia.core.net.transport import HttpClient
    with HttpClient(ProxyResolver(environ={}), connector=memory_server.connector) as client:
        yield client


@pytest.fixture
def endpoint(office, scripted_server):
    """The shared office's Marginalia pointed at a fresh scripted server (model "m") for one test."""
    from support.panel import set_settings
    set_settings(office.ctx, "Endpoint", URL=scripted_server.base_url, Model="m")
    yield scripted_server
    if office.alive():  # an office that died in the test starts afresh for the next one
        set_settings(office.ctx, "Endpoint", URL="", Model="")


def pytest_terminal_summary(terminalreporter, config):
    """Name the seed of a random order at the end of the run (``-q`` hides pytest-randomly's header)."""
    if config.pluginmanager.hasplugin("randomly"):
        terminalreporter.write_line("random test order: --randomly-seed=%s" % config.getoption("randomly_seed"))
