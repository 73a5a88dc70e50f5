"""Logging for the Calc tools' callbacks, which LibreOffice calls and whose exceptions it would swallow."""
from __future__ import annotations

import contextlib

from ..office.log import get_logger

log = get_logger("calc")


@contextlib.contextmanager
def log_failure(what: str):
    """Log (and swallow) an exception raised inside a callback LibreOffice runs."""
    try:
        yield
    except Exception:
        log.exception("%s failed", what)
