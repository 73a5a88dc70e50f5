"""Install what the test suite needs, only what is missing (`make deps`, run by `make test`).

System packages (apt): LibreOffice Writer, Calc, Impress and Draw, the Python UNO bridge and script
provider, Xvfb, ImageMagick and xdotool (screenshots and real input), openssl (test
certificates), the LibreOffice SDK (``unoidl-write`` compiles the Calc add-in's IDL at
`make oxt` time). Python packages (pip): requirements-dev.txt, into the interpreter running
this script, or, when that is the system's Python and the system manages it (PEP 668:
Debian 12 and 13 refuse ``pip install`` there), into the project's venv ``.venv``, made with
access to the system's packages (``uno`` is one) and used by every make target
(``--interpreter`` names it). When everything is there already it installs nothing and
takes well under a second, so `make test` runs it every time.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REQUIREMENTS = os.path.join(ROOT, "requirements-dev.txt")
RUN_PACKAGES = ["libreoffice-writer", "libreoffice-calc", "libreoffice-impress", "libreoffice-draw", "python3-uno",
                "libreoffice-script-provider-python", "libreoffice-dev", "xvfb"]
"""What `make run` needs: the office, its Python bridge, the SDK that compiles the Calc add-in's
IDL at build time, and a virtual screen for machines without a display."""
APT_PACKAGES = RUN_PACKAGES + ["imagemagick", "xdotool", "openssl", "x11-utils"]
VIRTUAL_SCREEN_PACKAGES = ["imagemagick"]
"""What `make run` needs on a machine without a display: the screenshot of the virtual screen (Xvfb is a RUN_PACKAGE)."""
LOCAL_MODEL_PACKAGES = ["python3-pip", "python3-venv", "build-essential"]
"""What `make run` needs to build the embedded model's server (pip builds llama-cpp-python with the compilers into a
venv of its own); Debian 13 has none of them by default."""
# What each apt package provides, to skip apt when everything is there already.
PROVIDES = {"libreoffice-writer": "/usr/lib/libreoffice/program/swriter",
            "libreoffice-calc": "/usr/lib/libreoffice/program/scalc",
            "libreoffice-impress": "/usr/lib/libreoffice/program/simpress",
            "libreoffice-draw": "/usr/lib/libreoffice/program/sdraw",
            "python3-uno": "/usr/lib/python3/dist-packages/uno.py",
            "libreoffice-script-provider-python": "/usr/lib/libreoffice/program/pythonscript.py",
            "xvfb": "/usr/bin/Xvfb", "imagemagick": "/usr/bin/import", "xdotool": "/usr/bin/xdotool",
            "openssl": "/usr/bin/openssl", "x11-utils": "/usr/bin/xwininfo",
            "libreoffice-dev": "/usr/lib/libreoffice/sdk/bin/unoidl-write",
            "python3-pip": "/usr/lib/python3/dist-packages/pip/__init__.py",
            "python3-venv": os.path.join(sysconfig.get_path("stdlib"), "ensurepip", "__init__.py"),
            "build-essential": "/usr/bin/g++"}
OTHER_SYSTEMS = ("Please install the equivalents of these Debian packages with your system's package manager: %s "
                 "(LibreOffice 7.4 or newer with its Python UNO bridge, Python script provider and SDK; Fedora: "
                 "libreoffice-writer libreoffice-calc libreoffice-impress libreoffice-draw libreoffice-pyuno "
                 "libreoffice-sdk; macOS/Windows: the installer and SDK from libreoffice.org), then run make again.")
VENV = os.path.join(ROOT, ".venv")
VENV_PYTHON = os.path.join(VENV, "bin", "python")
PIN = re.compile(r"^\s*([A-Za-z0-9_.\-\[\]]+)\s*==\s*([^\s;#]+)")


def missing_packages(names=None):
    """The apt packages (of ``names``, default all the tests need) whose files are not on this machine."""
    return [name for name in (names or APT_PACKAGES) if not os.path.exists(PROVIDES[name])]


def ensure_system_packages(names) -> None:
    """Install with apt whichever of ``names`` is missing; elsewhere, stop and name them."""
    missing = missing_packages(names)
    if missing:
        install_system_packages(missing)


def missing_requirements(path: str = REQUIREMENTS):
    """The pinned lines of ``path`` not installed at exactly that version in this interpreter."""
    from importlib import metadata
    missing = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            match = PIN.match(line)
            if not match:
                continue
            name = match.group(1).split("[")[0]
            try:
                installed = metadata.version(name)
            except metadata.PackageNotFoundError:
                installed = None
            if installed != match.group(2):
                missing.append(line.strip())
    return missing


def install_system_packages(missing) -> None:
    """Install the Debian packages ``missing`` with apt (sudo when not root)."""
    if not shutil.which("apt-get"):
        raise SystemExit(OTHER_SYSTEMS % " ".join(missing))
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    print("installing with apt: " + " ".join(missing), flush=True)
    subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "--no-install-recommends"] + missing,
                   check=True, env=env)


def install_requirements(missing) -> None:
    print("installing with pip: " + " ".join(missing), flush=True)
    result = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "-r", REQUIREMENTS])
    if result.returncode != 0:
        raise SystemExit("pip could not install requirements-dev.txt into %s" % sys.executable)


def externally_managed() -> bool:
    """True when this interpreter is a system Python whose packages the system manages (PEP 668)."""
    if sys.prefix != sys.base_prefix:  # a virtual environment
        return False
    return os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED"))


def interpreter() -> str:
    """The Python the make targets run: the project's venv when this one is externally managed."""
    if externally_managed() and os.path.exists(VENV_PYTHON):
        return VENV_PYTHON
    return sys.executable


def ensure_venv() -> None:
    """Make the project's venv (with the system's packages visible, ``uno`` among them) when it is missing."""
    if os.path.exists(VENV_PYTHON):
        return
    ensure_system_packages(["python3-venv"])  # Debian splits ensurepip off
    print("this Python is managed by the system (PEP 668): making the project's venv %s" % VENV, flush=True)
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", VENV], check=True)


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--interpreter"]:
        print(interpreter())
        return 0
    if argv != ["--requirements"]:
        ensure_system_packages(APT_PACKAGES)
        if externally_managed():
            ensure_venv()
            return subprocess.run([VENV_PYTHON, os.path.abspath(__file__), "--requirements"]).returncode
    requirements = missing_requirements()
    if requirements:
        install_requirements(requirements)
    return 0


if __name__ == "__main__":
    sys.exit(main())
