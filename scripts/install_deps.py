"""Install what the test suite needs, only what is missing (`make deps`, run by `make test`).

System packages (apt): LibreOffice Writer, Calc, Impress and Draw, the Python UNO bridge and script
provider, Xvfb, ImageMagick and xdotool (screenshots and real input), openssl (test
certificates), the LibreOffice SDK (``unoidl-write`` compiles the Calc add-in's IDL at
`make oxt` time). Python packages (pip, into the interpreter running this script):
requirements-dev.txt. When everything is there already it installs nothing and takes
well under a second, so `make test` runs it every time.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REQUIREMENTS = os.path.join(ROOT, "requirements-dev.txt")
RUN_PACKAGES = ["libreoffice-writer", "libreoffice-calc", "libreoffice-impress", "libreoffice-draw", "python3-uno",
                "libreoffice-script-provider-python", "libreoffice-dev", "xvfb"]
"""What `make run` needs: the office, its Python bridge, the SDK that compiles the Calc add-in's
IDL at build time, and a virtual screen for machines without a display."""
APT_PACKAGES = RUN_PACKAGES + ["imagemagick", "xdotool", "openssl", "x11-utils"]
# What each apt package provides, to skip apt when everything is there already.
PROVIDES = {"libreoffice-writer": "/usr/lib/libreoffice/program/swriter",
            "libreoffice-calc": "/usr/lib/libreoffice/program/scalc",
            "libreoffice-impress": "/usr/lib/libreoffice/program/simpress",
            "libreoffice-draw": "/usr/lib/libreoffice/program/sdraw",
            "python3-uno": "/usr/lib/python3/dist-packages/uno.py",
            "libreoffice-script-provider-python": "/usr/lib/libreoffice/program/pythonscript.py",
            "xvfb": "/usr/bin/Xvfb", "imagemagick": "/usr/bin/import", "xdotool": "/usr/bin/xdotool",
            "openssl": "/usr/bin/openssl", "x11-utils": "/usr/bin/xwininfo",
            "libreoffice-dev": "/usr/lib/libreoffice/sdk/bin/unoidl-write"}
OTHER_SYSTEMS = ("Please install the equivalents of these Debian packages with your system's package manager: %s "
                 "(LibreOffice 7.4 or newer with its Python UNO bridge, Python script provider and SDK; Fedora: "
                 "libreoffice-writer libreoffice-calc libreoffice-impress libreoffice-draw libreoffice-pyuno "
                 "libreoffice-sdk; macOS/Windows: the installer and SDK from libreoffice.org), then run make again.")
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
        raise SystemExit("pip could not install requirements-dev.txt into %s; if this Python is managed by the "
                         "system (PEP 668), run make in a virtual environment: python3 -m venv .venv && "
                         ". .venv/bin/activate && make test" % sys.executable)


def main() -> int:
    ensure_system_packages(APT_PACKAGES)
    requirements = missing_requirements()
    if requirements:
        install_requirements(requirements)
    return 0


if __name__ == "__main__":
    sys.exit(main())
