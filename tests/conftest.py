"""Test-wide set-up: the repository is importable as ``marginalia`` (as inside the office)."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
sys.path.insert(0, os.path.join(ROOT, "tests"))

import devpath  # noqa: E402

devpath.install()
