"""`make check`: runtime code stays valid on Python 3.8, every catalog is complete, vendored files are pristine.

Runs vermin (imported, not through a console script that a fresh machine may lack on
PATH) over the runtime code, then ``scripts/i18n_extract.py --check``, then compares
the vendored libraries of ``core/vendor/`` with their pinned hash list ``SHA256SUMS``.
"""
from __future__ import annotations

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNTIME = ["core", "ui", "extension"]
OLDEST_PYTHON = "3.8"


def check_python_versions() -> int:
    """Run vermin over the runtime code; non-zero when something needs a newer Python."""
    import vermin
    argv = ["vermin", "-t=%s-" % OLDEST_PYTHON, "--violations", "--no-tips"]
    argv += [os.path.join(ROOT, path) for path in RUNTIME]
    saved, sys.argv = sys.argv, argv
    try:
        vermin.main()  # ends with sys.exit(status)
    except SystemExit as end:
        return end.code if isinstance(end.code, int) else 1
    finally:
        sys.argv = saved
    return 0


def check_vendored() -> int:
    """Compare core/vendor/ with SHA256SUMS: no file changed, missing or unlisted; non-zero otherwise."""
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    import vendor_update
    problems = vendor_update.mismatches()
    for problem in problems:
        print("core/vendor: %s (vendored files stay verbatim; see core/vendor/VENDORED.md)" % problem)
    if not problems:
        print("core/vendor: %d vendored files match SHA256SUMS" % len(vendor_update.vendored_files()))
    return 1 if problems else 0


def main() -> int:
    status = check_python_versions()
    if status:
        return status
    status = subprocess.call([sys.executable, os.path.join(ROOT, "scripts", "i18n_extract.py"), "--check"])
    return status or check_vendored()


if __name__ == "__main__":
    sys.exit(main())
