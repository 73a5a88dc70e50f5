"""`make test-lo LO=25.2|26.8`: run tests on a current LibreOffice in a Debian 13 root.

Usage:
  python3 scripts/lo_root.py test --lo 26.8 [--tests "tests/office -k calc"]
  python3 scripts/lo_root.py shell --lo 25.2 [command...]   (a command, or bash, inside the root)
  python3 scripts/lo_root.py build --lo 25.2                (only build the root)

The roots live outside the repository, in ``~/.cache/marginalia/lo-roots/`` (or
``$MARGINALIA_LO_ROOTS``): ``base/`` is a minimal Debian 13 (trixie) made once with
debootstrap, each version's root is a copy of it with LibreOffice installed from trixie
(25.2) or trixie-backports (26.8), and downloaded packages are kept in ``debs/``. A root is
built the first time it is needed and reused afterwards; a change of the package list
below installs what is missing on the next run.

``test`` copies the working tree (tracked and untracked files, not ignored ones) to
``/root/marginalia`` inside the root, keeping the ``.venv`` made there by a previous run,
and runs ``make test-office`` there (or ``make deps`` and pytest with ``--tests``) as a
user of that system would: the system Python is externally managed, so ``make`` makes and
uses the project's venv. Every mount lives in a private mount namespace (``unshare``), so
nothing stays mounted after the run, even when it is interrupted. Needs root, debootstrap
(installed with apt when missing) and network access to the Debian archive and PyPI.
"""
from __future__ import annotations

import argparse
import contextlib
import fcntl
import io
import os
import shlex
import shutil
import subprocess
import sys
import tarfile
import time
from dataclasses import dataclass
from typing import Dict, List, Optional

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import install_deps  # noqa: E402


@dataclass(frozen=True)
class Release:
    """Where a LibreOffice version comes from in Debian 13."""
    suite: str
    target: Optional[str]  # the apt target release (-t), None for the suite itself


RELEASES: Dict[str, Release] = {
    "25.2": Release("trixie", None),
    "26.8": Release("trixie", "trixie-backports"),
}
MIRROR = os.environ.get("MARGINALIA_DEBIAN_MIRROR", "http://deb.debian.org/debian")
CACHE = os.environ.get("MARGINALIA_LO_ROOTS") or os.path.expanduser("~/.cache/marginalia/lo-roots")
PACKAGES = install_deps.APT_PACKAGES + ["python3", "python3-venv", "make", "procps", "fonts-dejavu-core"]
"""Installed in every root: what `make deps` would install, plus what a Debian user has or adds for make."""
SOURCE_DIR = "/root/marginalia"
PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
PASSED_ON = ("CI", "MARGINALIA_", "PIP_CERT", "PIP_INDEX_URL", "PIP_DEFAULT_TIMEOUT", "http_proxy", "https_proxy",
             "no_proxy", "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "SSL_CERT_FILE", "SSL_CERT_DIR", "REQUESTS_CA_BUNDLE")
"""Environment variables handed to the root (by prefix): CI's flag, ours, pip's index and certificates, proxies."""
CA_BUNDLE = "/etc/ssl/certs/ca-certificates.crt"


def say(text: str) -> None:
    print("[lo-root] " + text, flush=True)


def root_dir(version: str) -> str:
    return os.path.join(CACHE, "lo-" + version)


def run(command: List[str], **options) -> None:
    say("$ " + " ".join(shlex.quote(part) for part in command))
    subprocess.run(command, check=True, **options)


# --- running inside a root ------------------------------------------------------------

def inside(root: str, command: str, env: Optional[Dict[str, str]] = None, check: bool = True) -> int:
    """Run the shell ``command`` inside ``root`` with /proc, /sys, /dev, a fresh /tmp and the package cache mounted.

    The mounts are made in a private mount namespace, so they end with the command. The root's
    /tmp is the directory ``<root>-tmp`` outside it, emptied first and kept afterwards, so the
    logs of a failed run (soffice's, the pytest profiles') can still be read:
    ``/tmp/pytest-of-root/…`` inside is ``<root>-tmp/pytest-of-root/…`` outside.
    """
    debs = os.path.join(CACHE, "debs")
    os.makedirs(debs, exist_ok=True)
    tmp = root + "-tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    os.chmod(tmp, 0o1777)
    variables = {"HOME": "/root", "PATH": PATH, "LANG": "C.UTF-8", "DEBIAN_FRONTEND": "noninteractive"}
    variables.update({name: value for name, value in os.environ.items() if name.startswith(PASSED_ON)})
    variables.update(env or {})
    mounts = " && ".join([
        "mount -t proc proc {r}/proc", "mount --rbind /sys {r}/sys", "mount --rbind /dev {r}/dev",
        "mount --bind {t} {r}/tmp", "mount --bind {d} {r}/var/cache/apt/archives",
    ]).format(r=shlex.quote(root), d=shlex.quote(debs), t=shlex.quote(tmp))
    enter = "exec chroot %s /usr/bin/env -i %s /bin/sh -c %s" % (
        shlex.quote(root), " ".join(shlex.quote("%s=%s" % item) for item in sorted(variables.items())),
        shlex.quote(command))
    result = subprocess.run(["unshare", "--mount", "--propagation", "private", "--", "/bin/sh", "-c",
                             mounts + " && " + enter])
    if check and result.returncode != 0:
        raise SystemExit("inside %s: `%s` failed (%d)" % (root, command, result.returncode))
    return result.returncode


# --- building ---------------------------------------------------------------------------

def build_base() -> str:
    """The minimal Debian 13 made by debootstrap (once), with the host's CA bundle and own name."""
    base = os.path.join(CACHE, "base")
    if os.path.exists(os.path.join(base, ".complete")):
        return base
    if not shutil.which("debootstrap"):
        install_deps.install_system_packages(["debootstrap"])
    partial = base + ".partial"
    shutil.rmtree(partial, ignore_errors=True)
    debs = os.path.join(CACHE, "debs")
    os.makedirs(debs, exist_ok=True)
    started = time.monotonic()
    run(["unshare", "--mount", "--propagation", "private", "--", "debootstrap", "--variant=minbase",
         "--include=ca-certificates", "--cache-dir=" + debs, "trixie", partial, MIRROR])
    with open(os.path.join(partial, "etc", "apt", "sources.list"), "w", encoding="utf-8") as handle:
        for suite in ("trixie", "trixie-updates", "trixie-backports"):
            handle.write("deb %s %s main\n" % (MIRROR, suite))
    _copy_host_facts(partial)
    open(os.path.join(partial, ".complete"), "w").close()
    os.rename(partial, base)
    say("Debian 13 base built in %.0f s" % (time.monotonic() - started))
    return base


def _copy_host_facts(root: str) -> None:
    """What the root needs from this machine: name resolution, localhost and its own host name, the CA bundle.

    The CA bundle matters where TLS goes through an intercepting proxy (pip's downloads fail otherwise).
    """
    shutil.copy("/etc/resolv.conf", os.path.join(root, "etc", "resolv.conf"))
    with open(os.path.join(root, "etc", "hosts"), "w", encoding="utf-8") as handle:
        handle.write("127.0.0.1 localhost\n::1 localhost ip6-localhost ip6-loopback\n127.0.1.1 %s\n"
                     % os.uname().nodename)
    if os.path.exists(CA_BUNDLE):
        shutil.copy(CA_BUNDLE, root + CA_BUNDLE)


def build_root(version: str) -> str:
    """The root of LibreOffice ``version``: built from the base the first time, brought up to the package list."""
    release = RELEASES[version]
    root = root_dir(version)
    stamp = os.path.join(root, ".marginalia-packages")
    if not os.path.exists(stamp):
        base = build_base()
        shutil.rmtree(root, ignore_errors=True)
        started = time.monotonic()
        run(["cp", "-a", base, root])
        say("copied the base in %.0f s" % (time.monotonic() - started))
    with open(stamp, "a+", encoding="utf-8") as handle:
        handle.seek(0)
        installed = handle.read().split()
    if installed == PACKAGES:
        return root
    started = time.monotonic()
    target = "-t %s " % release.target if release.target else ""
    inside(root, "apt-get update -qq && apt-get install -y -qq --no-install-recommends %s%s >/dev/null"
           % (target, " ".join(PACKAGES)))
    _copy_host_facts(root)  # after apt, which may have rewritten the CA bundle
    with open(stamp, "w", encoding="utf-8") as handle:
        handle.write(" ".join(PACKAGES))
    say("LibreOffice %s installed in %.0f s: %s" % (version, time.monotonic() - started, office_version(root)))
    return root


def office_version(root: str) -> str:
    output = subprocess.run(["chroot", root, "dpkg-query", "-W", "-f", "${Version}", "libreoffice-core"],
                            capture_output=True, text=True)
    return output.stdout.strip()


# --- the working tree -----------------------------------------------------------------

def copy_tree(root: str) -> None:
    """Put the working tree (tracked and untracked files, not ignored ones) at SOURCE_DIR, keeping its .venv."""
    target = root + SOURCE_DIR
    os.makedirs(target, exist_ok=True)
    for name in os.listdir(target):
        if name != ".venv":
            path = os.path.join(target, name)
            shutil.rmtree(path) if os.path.isdir(path) and not os.path.islink(path) else os.remove(path)
    listed = subprocess.run(["git", "-C", ROOT, "ls-files", "-z", "-co", "--exclude-standard"],
                            capture_output=True, check=True).stdout.decode().split("\0")
    archive = io.BytesIO()
    with tarfile.open(fileobj=archive, mode="w") as tar:
        for name in listed:
            if name and os.path.lexists(os.path.join(ROOT, name)):
                tar.add(os.path.join(ROOT, name), arcname=name, recursive=False)
    archive.seek(0)
    with tarfile.open(fileobj=archive) as tar:
        tar.extractall(target)


def test(version: str, tests: str) -> int:
    """Run the office tests (or ``tests``, pytest arguments) inside the root of ``version``."""
    started = time.monotonic()
    root = build_root(version)
    say("root ready after %.0f s (LibreOffice %s)" % (time.monotonic() - started, office_version(root)))
    copy_tree(root)
    command = "cd %s && " % SOURCE_DIR
    command += "make -s deps && $(python3 scripts/install_deps.py --interpreter) -m pytest -q %s" % tests \
        if tests else "make test-office"
    code = inside(root, command, check=False)
    if code != 0 and not tests:
        code = _failed_ones_again(root, version)
    say("LibreOffice %s: %s after %.0f s in all" % (version, "passed" if code == 0 else "FAILED (%d)" % code,
                                                   time.monotonic() - started))
    if code != 0:
        say("the run's /tmp (soffice logs, profiles) is kept in %s-tmp until the next run" % root)
    return code


def _failed_ones_again(root: str, version: str) -> int:
    """Run the tests that failed once more, alone: the timing tests (latency limits, dialogs typed into)
    fail on a loaded machine on every version (docs/libreoffice-versions.md). Both runs stay in the log;
    a test failing twice fails the run."""
    say("LibreOffice %s: running the failed tests again, alone (the failures above are kept in the log)" % version)
    command = "cd %s && $(python3 scripts/install_deps.py --interpreter) -m pytest -q --lf tests/office" % SOURCE_DIR
    return inside(root, command, check=False)


@contextlib.contextmanager
def exclusive(version: str):
    """Hold the root of ``version`` for one run at a time (a second run waits: it would replace the tree)."""
    os.makedirs(CACHE, exist_ok=True)
    with open(os.path.join(CACHE, "lo-%s.lock" % version), "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            say("another run uses the LibreOffice %s root; waiting for it" % version)
            fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("test", "shell", "build"))
    parser.add_argument("--lo", required=True, choices=sorted(RELEASES))
    parser.add_argument("--tests", default="", help="pytest arguments instead of `make test-office`")
    parser.add_argument("command", nargs="*", help="for shell: the command to run (default: bash)")
    args = parser.parse_args(argv)
    if os.geteuid() != 0:
        raise SystemExit("building and entering a root needs root (debootstrap, chroot, mounts)")
    with exclusive(args.lo):
        if args.action == "build":
            build_root(args.lo)
            return 0
        if args.action == "shell":
            root = build_root(args.lo)
            copy_tree(root)
            return inside(root, "cd %s && %s" % (SOURCE_DIR, " ".join(args.command) or "bash"), check=False)
        return test(args.lo, args.tests)


if __name__ == "__main__":
    sys.exit(main())
