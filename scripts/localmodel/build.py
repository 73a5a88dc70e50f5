"""Build the llama-cpp-python wheel once (PyPI only has its sdist) and keep it."""
from __future__ import annotations

import glob
import os
import shutil
import tempfile
from typing import Optional

from .commands import Printer, pip_command, pip_failure_reason, run_logged, say, tail
from .config import SERVER_CMAKE_ARGS, SERVER_PACKAGE, SERVER_VERSION, SERVER_WHEEL_GLOB, Paths
from .errors import EXIT_BUILD, EXIT_DOWNLOAD, EXIT_MISSING_TOOL, LocalModelError

BUILD_NICENESS = 10
BUILD_MESSAGE = "Building the local model server once (about 5 minutes on 2 cores)..."


def find_server_wheel(paths: Paths) -> Optional[str]:
    """The built llama-cpp-python wheel in the cache, or None."""
    found = sorted(glob.glob(os.path.join(paths.wheels, SERVER_WHEEL_GLOB)))
    return found[-1] if found else None


def require_compilers() -> None:
    """Raise (exit code 3) unless a C and a C++ compiler are on PATH."""
    missing = [kind for kind, names in (("C", ("cc", "gcc", "clang")), ("C++", ("c++", "g++", "clang++")))
               if not any(shutil.which(name) for name in names)]
    if missing:
        raise LocalModelError(
            "No %s compiler on PATH: building %s needs one "
            "(Debian: apt-get install build-essential)." % (" or ".join(missing), SERVER_PACKAGE),
            EXIT_MISSING_TOOL)


def build_server_wheel(paths: Paths, printer: Printer = say) -> str:
    """Build ``llama-cpp-python==0.3.36`` into ``<cache>/wheels`` unless a wheel is there."""
    existing = find_server_wheel(paths)
    if existing:
        printer("Server wheel already built: %s" % existing)
        return existing
    require_compilers()
    os.makedirs(paths.wheels, exist_ok=True)
    printer(BUILD_MESSAGE)
    printer("(compiler output goes to %s)" % paths.build_log)
    staging = tempfile.mkdtemp(prefix="build-", dir=paths.root)
    try:
        code = run_logged(
            pip_command() + [
                "wheel", "-v", "--no-deps", "--no-binary", SERVER_PACKAGE, "--wheel-dir", staging,
                "%s==%s" % (SERVER_PACKAGE, SERVER_VERSION),
            ],
            paths.build_log,
            env={"CMAKE_ARGS": SERVER_CMAKE_ARGS},
            heartbeat="  ...still building",
            niceness=BUILD_NICENESS,
            printer=printer,
        )
        built = glob.glob(os.path.join(staging, SERVER_WHEEL_GLOB))
        if code != 0 or not built:
            raise _build_error(paths.build_log)
        target = os.path.join(paths.wheels, os.path.basename(built[0]))
        os.replace(built[0], target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    printer("Server wheel built: %s" % target)
    return target


def _build_error(log: str) -> LocalModelError:
    reason, is_download_problem = pip_failure_reason(log)
    if is_download_problem:
        return LocalModelError(
            "Could not download %s==%s or its build tools: %s.\nLast lines of %s:\n%s"
            % (SERVER_PACKAGE, SERVER_VERSION, reason, log, tail(log)), EXIT_DOWNLOAD)
    return LocalModelError(
        "Building %s==%s failed (CMAKE_ARGS=%r).\nLast lines of %s:\n%s"
        % (SERVER_PACKAGE, SERVER_VERSION, SERVER_CMAKE_ARGS, log, tail(log, 40)), EXIT_BUILD)
