"""Memory of a running LibreOffice, read from /proc (Linux).

``soffice`` is a small launcher (oosplash); the office itself is its child ``soffice.bin``,
whose process id changes when the office restarts itself after an extension install. The
soak test uses this to print the office's memory before and after its turns; run it by hand
to watch an office::

    python3 scripts/proc_memory.py <pid of soffice or soffice.bin>
"""
from __future__ import annotations

import os
import sys
from typing import Optional


def children(pid: int) -> list:
    """Process ids of the direct children of ``pid``."""
    found = []
    task_dir = "/proc/%d/task" % pid
    for task in os.listdir(task_dir) if os.path.isdir(task_dir) else ():
        try:
            with open(os.path.join(task_dir, task, "children")) as handle:
                found += [int(part) for part in handle.read().split()]
        except OSError:
            continue
    return found


def command_name(pid: int) -> str:
    try:
        with open("/proc/%d/comm" % pid) as handle:
            return handle.read().strip()
    except OSError:
        return ""


def soffice_bin(pid: int) -> Optional[int]:
    """The ``soffice.bin`` process: ``pid`` itself, or its child when ``pid`` is the launcher."""
    if command_name(pid) == "soffice.bin":
        return pid
    for child in children(pid):
        if command_name(child) == "soffice.bin":
            return child
    return None


def rss_mb(pid: int) -> float:
    """Resident memory of ``pid`` in MiB (``VmRSS`` of /proc/<pid>/status)."""
    with open("/proc/%d/status" % pid) as handle:
        for line in handle:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024.0
    raise ValueError("no VmRSS for process %d" % pid)


def main(argv) -> int:
    if len(argv) != 2:
        print(__doc__.strip())
        return 2
    office = soffice_bin(int(argv[1]))
    if office is None:
        print("no soffice.bin at or under process %s" % argv[1])
        return 1
    print("soffice.bin %d: %.1f MiB resident" % (office, rss_mb(office)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
