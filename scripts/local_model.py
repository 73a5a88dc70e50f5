#!/usr/bin/env python3
"""The embedded local model: a tiny real model behind an OpenAI-compatible server.

    python3 scripts/local_model.py setup              # once: download, verify, build (~5 min), install
    python3 scripts/local_model.py start [--port N] [--wait]
    python3 scripts/local_model.py status             # JSON
    python3 scripts/local_model.py stop

Files live in ``~/.cache/marginalia/local-model`` (override with ``MARGINALIA_CACHE``).
Exit codes are listed in ``scripts/localmodel/errors.py``. Standard library only.
"""
from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from localmodel.errors import EXIT_OK, EXIT_UNEXPECTED, LocalModelError  # noqa: E402


def parse_arguments(argv):
    """The command line: one subcommand and its options."""
    parser = argparse.ArgumentParser(prog="local_model.py", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", metavar="{setup,start,stop,status}")
    commands.required = True
    commands.add_parser("setup", help="download, verify, build and install (idempotent)")
    start = commands.add_parser("start", help="start the server in the background")
    start.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default: a free one)")
    start.add_argument("--wait", action="store_true", help="return only when GET /v1/models answers")
    start.add_argument("--timeout", type=float, default=120.0, help="seconds --wait allows (default 120)")
    start.add_argument("--threads", type=int, default=None,
                       help="generation threads (default $MARGINALIA_LOCAL_THREADS or 2)")
    stop = commands.add_parser("stop", help="stop the server recorded in the state file")
    stop.add_argument("--timeout", type=float, default=10.0, help="seconds before SIGKILL (default 10)")
    commands.add_parser("status", help="print the server's state as JSON")
    return parser.parse_args(argv)


def run(arguments) -> int:
    """Carry out one parsed command; return the exit code."""
    if arguments.command == "setup":
        from localmodel.provision import setup
        setup()
        return EXIT_OK
    from localmodel import server
    if arguments.command == "start":
        state = server.start(port=arguments.port, wait=arguments.wait, timeout=arguments.timeout,
                             threads=arguments.threads)
        print(state["base_url"])
    elif arguments.command == "stop":
        server.stop(timeout=arguments.timeout)
    else:
        print(json.dumps(server.status(), indent=2, sort_keys=True))
    return EXIT_OK


def main(argv=None) -> int:
    """Entry point: run the command, turning known failures into a message and an exit code."""
    arguments = parse_arguments(sys.argv[1:] if argv is None else argv)
    try:
        return run(arguments)
    except LocalModelError as error:
        sys.stderr.write("local_model.py %s: error: %s\n" % (arguments.command, error.message))
        return error.exit_code
    except KeyboardInterrupt:
        sys.stderr.write("local_model.py %s: interrupted\n" % arguments.command)
        return EXIT_UNEXPECTED


if __name__ == "__main__":
    sys.exit(main())
