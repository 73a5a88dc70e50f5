"""`make run`: set up, build, install into a dedicated profile, open Writer with Marginalia.

Steps (each skipped when already done):
  1. LibreOffice, its Python bridge, script provider and SDK (which compiles the Calc
     add-in's interface), and Xvfb: installed with apt on Debian/Ubuntu when missing
     (other systems get the package names to install).
  2. Build dist/marginalia.oxt and install it into a dedicated profile
     (~/.local/share/marginalia/office, or $MARGINALIA_HOME/office), so your own
     LibreOffice profile is untouched.
  3. Point Marginalia at an endpoint: $MARGINALIA_URL / $MARGINALIA_MODEL when set,
     otherwise what the profile already has configured, otherwise the embedded local
     model (started now, stopped when LibreOffice exits).
  4. Start LibreOffice, open a Writer document and show the Marginalia deck.

With no display ($DISPLAY unset) it runs on a virtual X server (Xvfb) and saves a
screenshot, so the result can still be seen.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)



def say(text: str) -> None:
    print("[marginalia] " + text, flush=True)


def ensure_system_packages() -> None:
    """Install with apt what `make run` needs and is missing (the SDK included); elsewhere name it."""
    import install_deps
    missing = install_deps.missing_packages(install_deps.RUN_PACKAGES)
    if missing:
        say("Installing with apt (one time): " + " ".join(missing))
        install_deps.install_system_packages(missing)


def start_virtual_display(timeout: float = 15.0):
    """Start Xvfb on a display number it picks itself; return (process, ":N") or (None, None).

    ``-displayfd`` makes Xvfb choose a free number atomically and report it once it
    accepts connections, so parallel test runs never race for the same display.
    """
    if not shutil.which("Xvfb"):
        return None, None
    read_end, write_end = os.pipe()
    process = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1280x900x24",
                                "-nolisten", "tcp"], pass_fds=(write_end,),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    number = b""
    deadline = time.monotonic() + timeout
    with os.fdopen(read_end, "rb") as reader:
        while time.monotonic() < deadline and not number.endswith(b"\n"):
            chunk = reader.read(1)
            if not chunk:
                break
            number += chunk
    if not number.strip().isdigit() or process.poll() is not None:
        process.kill()
        return None, None
    socket_path = "/tmp/.X11-unix/X%s" % number.strip().decode()
    while not os.path.exists(socket_path) and time.monotonic() < deadline:
        time.sleep(0.02)
    return process, ":" + number.strip().decode()


def choose_endpoint(args, office, home: str):
    """Return (url, model, local_server) after writing the endpoint into the profile.

    An endpoint the user configured is kept. One that a previous ``make run`` set for
    the embedded model (recorded in ``<home>/run-state.json``) is replaced by the
    freshly started embedded model, whose port changes from run to run.
    """
    import officectl
    url = os.environ.get("MARGINALIA_URL", "")
    model = os.environ.get("MARGINALIA_MODEL", "")
    current = officectl.read_settings(office.ctx, "Endpoint")
    embedded_before = _read_state(home).get("embedded_url")
    if not url and current.get("URL") and current["URL"] != embedded_before:
        return current["URL"], current.get("Model", ""), None
    server = None
    if not url and not args.no_local_model:
        server = start_local_model(home)
        if server is not None:
            url, model = server["base_url"], server["model"]
            _write_state(home, {"embedded_url": url})
    if url:
        embedded = url if server is not None else ""
        officectl.write_settings(office.ctx, "Endpoint", URL=url, Model=model, EmbeddedURL=embedded)
    return url, model, server


def _read_state(home: str) -> dict:
    try:
        with open(os.path.join(home, "run-state.json"), encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, ValueError):
        return {}


def _write_state(home: str, state: dict) -> None:
    os.makedirs(home, exist_ok=True)
    with open(os.path.join(home, "run-state.json"), "w", encoding="utf-8") as handle:
        json.dump(state, handle)


def start_local_model(home: str):
    """Set up (once, ~6 minutes) and start the embedded local model; None when unavailable."""
    from localmodel import provision, server
    from localmodel.errors import LocalModelError
    try:
        if not provision.is_set_up():
            say("No endpoint is configured: setting up the embedded local model (SmolLM2-135M). "
                "The first time this builds its server, about 6 minutes on 2 cores; later starts take a second.")
            import install_deps
            install_deps.ensure_system_packages(install_deps.LOCAL_MODEL_PACKAGES)
            provision.setup()
        state = server.start(wait=True)
        say("Embedded local model running at %s" % state["base_url"])
        return state
    except LocalModelError as error:
        say("The embedded local model could not be started: %s" % error)
    return None


def stop_local_model(state) -> None:
    """Stop the embedded model started by :func:`start_local_model`."""
    from localmodel import server
    server.stop()
    say("Embedded local model stopped.")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Build, install and open LibreOffice with Marginalia.")
    parser.add_argument("--screenshot", help="save a screenshot of the screen here once Writer shows")
    parser.add_argument("--exit-after", type=float, default=0,
                        help="close LibreOffice after this many seconds (for automated checks)")
    parser.add_argument("--no-local-model", action="store_true", help="never start the embedded model")
    args = parser.parse_args(argv)

    ensure_system_packages()
    import build_oxt
    import officectl
    home = os.environ.get("MARGINALIA_HOME") or os.path.expanduser("~/.local/share/marginalia")
    oxt = build_oxt.build(os.path.join(ROOT, "dist", "marginalia.oxt"))
    say("Built %s" % os.path.relpath(oxt, ROOT))

    xvfb, display = None, os.environ.get("DISPLAY")
    if not display:
        import install_deps
        install_deps.ensure_system_packages(install_deps.VIRTUAL_SCREEN_PACKAGES)  # its screenshot
        xvfb, display = start_virtual_display()
        if display:
            say("No display found: running on a virtual screen %s (screenshots show what it looks like)." % display)
            args.screenshot = args.screenshot or os.path.join(ROOT, "artifacts", "make-run.png")
    office = officectl.Office([oxt], workdir=os.path.join(home, "office"), headless=not display, display=display)
    server = None
    try:
        office.start()
        say("LibreOffice started with a dedicated profile in %s" % office.workdir)
        url, model, server = choose_endpoint(args, office, home)
        say("Endpoint: %s (model %s)" % (url, model or "?") if url else
            "No endpoint configured: the panel will say so; open Marginalia ▸ Settings.")
        officectl.open_writer_with_deck(office)
        say("Writer is open with the Marginalia deck. Close LibreOffice to finish.")
        if args.screenshot and display:
            time.sleep(1.5)
            try:
                officectl.screenshot(display, args.screenshot)
                say("Screenshot saved to %s" % args.screenshot)
            except (OSError, subprocess.SubprocessError) as error:
                say("No screenshot (%s); LibreOffice runs on." % error)
        officectl.wait_for_exit(office, args.exit_after)
    finally:
        office.stop()
        if server is not None:
            stop_local_model(server)
        if xvfb is not None:
            xvfb.terminate()
    return 0


if __name__ == "__main__":
    sys.exit(main())
