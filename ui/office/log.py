"""Logging for code running inside LibreOffice.

LibreOffice swallows exceptions raised from UNO listeners without a trace, so every
entry point (listener, factory, dispatch, callback) is wrapped with :func:`logged`,
which writes the traceback to Marginalia's log file and never lets it vanish.

The log file is ``<LibreOffice user profile>/user/marginalia/marginalia.log``
(e.g. ``~/.config/libreoffice/4/user/marginalia/marginalia.log`` on Linux).
Messages pass through :func:`marginalia.core.redact.redact` when available, so API
keys never reach the file.
"""
from __future__ import annotations

import functools
import logging
import os
import tempfile
import traceback

LOGGER_NAME = "marginalia"


def profile_dir(ctx) -> str:
    """Return Marginalia's directory inside the user profile (or a temp dir): log, sessions."""
    try:
        import uno
        subst = ctx.ServiceManager.createInstanceWithContext("com.sun.star.util.PathSubstitution", ctx)
        user_url = subst.substituteVariables("$(user)", True)
        return os.path.join(uno.fileUrlToSystemPath(user_url), "marginalia")
    except Exception:  # no profile path: still log somewhere
        return os.path.join(tempfile.gettempdir(), "marginalia")


class _RedactingFormatter(logging.Formatter):
    def format(self, record):
        text = super().format(record)
        try:
            from ...core.redact import redact
        except ImportError:
            return text
        return redact(text)


def configure(ctx) -> logging.Logger:
    """Attach the file handler (once per process: the logger remembers it) and return the package logger."""
    logger = logging.getLogger(LOGGER_NAME)
    if any(getattr(handler, "marginalia_log", False) for handler in logger.handlers):
        return logger
    directory = profile_dir(ctx)
    os.makedirs(directory, exist_ok=True)
    handler = logging.FileHandler(os.path.join(directory, "marginalia.log"), encoding="utf-8")
    handler.setFormatter(_RedactingFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.marginalia_log = True
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG if os.environ.get("MARGINALIA_DEBUG") else logging.INFO)
    logger.propagate = False
    logger.info("log started in %s", directory)
    if os.environ.get("MARGINALIA_DEBUG"):
        _watch_garbage_collection(logger)
    return logger


def _watch_garbage_collection(logger: logging.Logger) -> None:
    """Log garbage collections that pause the office for more than 20 ms (debug runs only)."""
    import gc
    import time
    started = {}

    def timing(phase, info):
        if phase == "start":
            started["t"] = time.perf_counter()
        elif "t" in started:
            pause = time.perf_counter() - started.pop("t")
            if pause > 0.02:
                logger.debug("garbage collection of generation %s paused %.0f ms", info.get("generation"),
                             pause * 1000)

    gc.callbacks.append(timing)


def get_logger(name: str = "") -> logging.Logger:
    """Return the package logger or a child of it."""
    return logging.getLogger(LOGGER_NAME + ("." + name if name else ""))


def log_file_path(ctx) -> str:
    """Return the log file's path (for the About box and the README)."""
    return os.path.join(profile_dir(ctx), "marginalia.log")


def logged(function=None, *, reraise: bool = False, default=None):
    """Decorate a UNO entry point so an exception is logged instead of vanishing.

    Args:
        reraise: raise the exception again after logging (for calls made over the
            bridge, where the caller should see the failure).
        default: value returned when the call failed and is not re-raised.
    """
    def decorate(inner):
        @functools.wraps(inner)
        def wrapper(*args, **kwargs):
            try:
                return inner(*args, **kwargs)
            except Exception:
                get_logger().error("unhandled exception in %s:\n%s", inner.__qualname__, traceback.format_exc())
                if reraise:
                    raise
                return default
        return wrapper
    return decorate(function) if function is not None else decorate
