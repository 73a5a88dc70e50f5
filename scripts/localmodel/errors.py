"""The one error type of the local model tooling, with its exit codes.

Exit codes of ``scripts/local_model.py``:

====  ==========================================================
0     success
1     unexpected failure
2     bad command line (argparse)
3     a required tool is missing (pip, venv, C/C++ compiler, setup not done)
4     PyPI could not be reached / a download failed
5     the model file does not match its pinned sha256
6     building or installing the server failed
7     the server did not start or did not become ready
====  ==========================================================
"""
from __future__ import annotations

EXIT_OK = 0
EXIT_UNEXPECTED = 1
EXIT_MISSING_TOOL = 3
EXIT_DOWNLOAD = 4
EXIT_CHECKSUM = 5
EXIT_BUILD = 6
EXIT_SERVER = 7


class LocalModelError(Exception):
    """A failure with a message meant for a person and a process exit code."""

    def __init__(self, message: str, exit_code: int = EXIT_UNEXPECTED):
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code

    def __str__(self) -> str:
        return self.message
