"""`make install`: install the built .oxt into your LibreOffice.

As a normal user it goes into your own profile (``unopkg add``). As root, unopkg
refuses per-user installs, so it is installed for all users (``unopkg add --shared``).
Close LibreOffice first: a running office keeps the old version until restarted.
"""
from __future__ import annotations

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import officectl  # noqa: E402


def main(argv) -> int:
    oxt = argv[1] if len(argv) > 1 else "dist/marginalia.oxt"
    command = [officectl.UNOPKG, "add", "--force"]
    if os.geteuid() == 0:
        command.append("--shared")
        print("Running as root: installing for all users (unopkg --shared).")
    result = subprocess.run(command + [os.path.abspath(oxt)], env=officectl.clean_env())
    if result.returncode == 0:
        print("Installed %s. Restart LibreOffice, then open Marginalia ▸ Open Chat." % oxt)
    return result.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv))
