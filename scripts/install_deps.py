"""Install what the test suite needs on a fresh Debian/Ubuntu machine (`make deps`).

System packages (apt): LibreOffice Writer and Calc, the Python UNO bridge and script
provider, Xvfb, ImageMagick and xdotool (screenshots and real input), openssl (test
certificates). Python packages (pip): requirements-dev.txt.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APT_PACKAGES = ["libreoffice-writer", "libreoffice-calc", "python3-uno", "libreoffice-script-provider-python",
                "xvfb", "imagemagick", "xdotool", "openssl", "x11-utils"]
# What each apt package provides, to skip apt when everything is there already.
PROVIDES = {"libreoffice-writer": "/usr/lib/libreoffice/program/swriter",
            "libreoffice-calc": "/usr/lib/libreoffice/program/scalc",
            "python3-uno": "/usr/lib/python3/dist-packages/uno.py",
            "libreoffice-script-provider-python": "/usr/lib/libreoffice/program/pythonscript.py",
            "xvfb": "/usr/bin/Xvfb", "imagemagick": "/usr/bin/import", "xdotool": "/usr/bin/xdotool",
            "openssl": "/usr/bin/openssl", "x11-utils": "/usr/bin/xwininfo"}


def missing_packages():
    return [name for name in APT_PACKAGES if not os.path.exists(PROVIDES[name])]


def main() -> int:
    missing = missing_packages()
    if missing:
        if not shutil.which("apt-get"):
            print("Please install: " + " ".join(missing), file=sys.stderr)
            return 1
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True, env=env)
        subprocess.run(sudo + ["apt-get", "install", "-y", "-qq", "--no-install-recommends"] + missing,
                       check=True, env=env)
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "-r", os.path.join(ROOT, "requirements-dev.txt")],
                   check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
