"""Drive a real LibreOffice: a dedicated profile, extensions installed, a UNO socket.

Used by the test suite (tests/support/office.py) and by `make run`.

The facts behind this module were measured on this machine kind (see
shared/docs/libreoffice-testing.md): as root, ``unopkg add`` needs ``--shared`` with a
redirected profile and shared-package cache; office processes must be started with an
environment free of pyenv (its PATH makes the office's Python pick the wrong prefix);
the first start after an install restarts soffice.bin once, so connecting retries.
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

if "/usr/lib/python3/dist-packages" not in sys.path:
    sys.path.append("/usr/lib/python3/dist-packages")  # append: keep our packages first

SOFFICE = shutil.which("soffice") or "/usr/bin/soffice"
UNOPKG = shutil.which("unopkg") or "/usr/bin/unopkg"
BUSY_PORTS = {2024}


def office_available() -> bool:
    """True when soffice, unopkg and the Python UNO bridge are installed."""
    if not (os.path.exists(SOFFICE) and os.path.exists(UNOPKG)):
        return False
    try:
        import uno  # noqa: F401
    except ImportError:
        return False
    return True


def clean_env(extra=None) -> dict:
    """Return an environment without pyenv's or a virtual environment's PATH entries and variables.

    The office's Python must find the system's own interpreter and libraries: a ``python3``
    of pyenv or of a virtual environment first on PATH makes unopkg and soffice fail
    (``std::bad_alloc`` in the UNO bridge, seen with a venv).
    """
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYENV")}
    foreign = [os.path.join(env.pop("VIRTUAL_ENV"), "bin")] if env.get("VIRTUAL_ENV") else []
    if sys.prefix != sys.base_prefix:  # running inside a virtual environment, activated or not
        foreign.append(os.path.join(sys.prefix, "bin"))
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep)
                                  if "/.pyenv/" not in p and os.path.abspath(p) not in foreign)
    env.pop("PYTHONPATH", None)
    env.pop("PYTHONHOME", None)
    if extra:
        env.update(extra)
    return env


def free_port() -> int:
    """Return a free TCP port on 127.0.0.1 (never one this machine reserves)."""
    while True:
        with socket.socket() as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        if port not in BUSY_PORTS:
            return port


class OfficeExitedEarly(RuntimeError):
    """soffice ended before it accepted a UNO connection."""


class Office:
    """One soffice process with its own profile and the given extensions installed."""

    def __init__(self, extensions, workdir=None, headless=True, display=None, env=None):
        self.workdir = workdir or tempfile.mkdtemp(prefix="marginalia-office-")
        self.profile_url = "file://%s/profile" % self.workdir
        self.env_args = ["-env:UserInstallation=%s" % self.profile_url,
                         "-env:UNO_SHARED_PACKAGES_CACHE=file://%s/shared-cache" % self.workdir]
        self.extensions = list(extensions)
        self.headless = headless
        self.display = display
        self.extra_env = env or {}
        self.port = free_port()
        self.process = None
        self.attached = False
        self.ctx = None
        self.desktop = None
        self.log_path = os.path.join(self.workdir, "soffice.log")
        self.timings = {}

    # lifecycle ------------------------------------------------------------------
    def start(self, timeout: float = 90.0) -> "Office":
        started = time.monotonic()
        for path in self.extensions:
            self.install(path)
        self.timings["install"] = time.monotonic() - started
        for attempt in (1, 2, 3):
            self._launch()
            try:
                self._connect(timeout)
                break
            except OfficeExitedEarly as error:
                if attempt == 3:
                    raise OfficeExitedEarly("%s; its output ends:\n%s" % (error, self._log_tail())) from None
                # seen now and then right after the post-install restart: start it once more
                self.port = free_port()
        self.timings["start"] = time.monotonic() - started - self.timings["install"]
        return self

    @classmethod
    def attach(cls, port: int, workdir: str, timeout: float = 30.0) -> "Office":
        """An office another process started (``scripts/mutate.py`` shares one among many test runs):
        connected on ``port``, its profile under ``workdir``; it cannot be restarted or stopped from here."""
        office = cls([], workdir=workdir)
        office.port, office.attached = port, True
        office._connect(timeout)
        return office

    def install(self, oxt_path: str) -> None:
        """Install an extension into this office's redirected shared layer."""
        command = [UNOPKG, "add", "--shared", "--force"] + self.env_args + [oxt_path]
        result = subprocess.run(command, env=clean_env(), capture_output=True, text=True, timeout=180)
        if result.returncode in (139, -11):  # unopkg itself crashed (seen once under heavy load): once more
            result = subprocess.run(command, env=clean_env(), capture_output=True, text=True, timeout=180)
        if result.returncode != 0:
            raise RuntimeError("unopkg add %s failed (%d):\n%s%s" % (oxt_path, result.returncode,
                                                                   result.stdout, result.stderr))

    def _launch(self) -> None:
        args = [SOFFICE, "--norestore", "--nologo", "--nodefault", "--nofirststartwizard", "--nolockcheck"]
        if self.headless:
            args += ["--headless", "--invisible"]
        args += self.env_args
        args.append("--accept=socket,host=127.0.0.1,port=%d;urp;StarOffice.ComponentContext" % self.port)
        env = clean_env(self.extra_env)
        if self.display:
            env["DISPLAY"] = self.display
        self._log = open(self.log_path, "ab")
        self.process = subprocess.Popen(args, env=env, stdout=self._log, stderr=subprocess.STDOUT,
                                        start_new_session=True)

    def _connect(self, timeout: float) -> None:
        import uno
        from com.sun.star.connection import NoConnectException
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
        url = "uno:socket,host=127.0.0.1,port=%d;urp;StarOffice.ComponentContext" % self.port
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.ctx = resolver.resolve(url)
                self.desktop = self.ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", self.ctx)
                self.desktop.getComponents()  # proves the bridge works end to end
                return
            except (NoConnectException, Exception) as error:  # the sync restart drops early bridges
                if self.process is not None and self.process.poll() is not None and not self._child_alive():
                    raise OfficeExitedEarly("soffice exited early; see %s" % self.log_path) from error
                if time.monotonic() > deadline:
                    raise RuntimeError("could not connect to soffice on port %d" % self.port) from error
                time.sleep(0.2)

    def _log_tail(self, lines: int = 30) -> str:
        try:
            with open(self.log_path, encoding="utf-8", errors="replace") as handle:
                return "".join(handle.readlines()[-lines:])
        except OSError:
            return "(no output)"

    def _child_alive(self) -> bool:
        try:
            output = subprocess.run(["pgrep", "-s", str(self.process.pid)], capture_output=True, text=True)
        except OSError:
            return False
        return bool(output.stdout.strip())

    def alive(self) -> bool:
        """True while soffice runs and answers a UNO call (False after it crashed or was killed)."""
        if self.desktop is None or (self.process is None and not self.attached):
            return False
        if self.process is not None and self.process.poll() is not None and not self._child_alive():
            return False
        try:
            self.desktop.getFrames().getCount()
            return True
        except Exception:
            return False

    def restart(self, timeout: float = 90.0) -> "Office":
        """Start soffice again after it died (same profile, extensions installed again, a new port)."""
        if self.attached:
            raise RuntimeError("the shared office on port %d died; the process that started it restarts it" % self.port)
        self.stop()
        self.ctx = self.desktop = None
        self.port = free_port()
        self.restarts = getattr(self, "restarts", 0) + 1
        return self.start(timeout)

    def stop(self) -> None:
        """Close every document, terminate soffice, and make sure it is gone."""
        if self.desktop is not None:
            try:
                for component in list(self.desktop.getComponents()):
                    self._close_quietly(component)
                self.desktop.terminate()
            except Exception:
                pass
        if self.process is not None:
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                pass
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except OSError:
                pass
            self.process.wait(timeout=10)
        if getattr(self, "_log", None):
            self._log.close()

    @staticmethod
    def _close_quietly(component) -> None:
        try:
            if hasattr(component, "setModified"):
                component.setModified(False)
            component.close(True)
        except Exception:
            pass

    # documents ------------------------------------------------------------------
    def new_document(self, kind: str, hidden: bool = False):
        """Open a new ``swriter`` or ``scalc`` document and return its model."""
        import uno
        from com.sun.star.beans import PropertyValue
        args = ()
        if hidden:
            prop = PropertyValue()
            prop.Name, prop.Value = "Hidden", True
            args = (prop,)
        doc = self.desktop.loadComponentFromURL("private:factory/%s" % kind, "_blank", 0, args)
        frame = doc.getCurrentController().getFrame()
        if not hidden:
            frame.getContainerWindow().setPosSize(0, 0, 1280, 860, 15)
            frame.activate()
        return doc

    def open_document(self, path: str, hidden: bool = False, filter_name: str = ""):
        """Open the file at ``path`` (a template opens as a new document from it) and return its model.

        ``filter_name`` forces an import filter, e.g. "HTML (StarWriter)" to open HTML as a Writer
        text document with pages rather than in Writer/Web.
        """
        import uno
        from com.sun.star.beans import PropertyValue
        args = []
        for name, value in (("Hidden", hidden), ("FilterName", filter_name)):
            if value:
                prop = PropertyValue()
                prop.Name, prop.Value = name, value
                args.append(prop)
        doc = self.desktop.loadComponentFromURL(uno.systemPathToFileUrl(os.path.abspath(path)), "_blank", 0,
                                                tuple(args))
        if doc is None:
            raise RuntimeError("the office could not open %s" % path)
        if not hidden:
            frame = doc.getCurrentController().getFrame()
            frame.getContainerWindow().setPosSize(0, 0, 1280, 860, 15)
            frame.activate()
        return doc

    def close_document(self, doc) -> None:
        self._close_quietly(doc)

    def dispatch(self, doc, command: str, **arguments) -> None:
        """Dispatch ``command`` to ``doc``'s frame as a key or menu does (``.uno:Undo`` is Ctrl+Z)."""
        from com.sun.star.beans import PropertyValue
        values = []
        for name, value in arguments.items():
            argument = PropertyValue()
            argument.Name, argument.Value = name, value
            values.append(argument)
        frame = doc.getCurrentController().getFrame()
        self.service("com.sun.star.frame.DispatchHelper").executeDispatch(frame, command, "", 0, tuple(values))

    def service(self, name: str):
        return self.ctx.ServiceManager.createInstanceWithContext(name, self.ctx)

    def profile_path(self, *parts) -> str:
        return os.path.join(self.workdir, "profile", *parts)


# --- helpers for `make run` and screenshots ---------------------------------------

def _config_access(ctx, group: str, update: bool):
    import uno  # noqa: F401
    from com.sun.star.beans import PropertyValue
    provider = ctx.ServiceManager.createInstanceWithContext("com.sun.star.configuration.ConfigurationProvider", ctx)
    arg = PropertyValue()
    arg.Name, arg.Value = "nodepath", "/org.marginalia.Settings/%s" % group
    service = "com.sun.star.configuration.Configuration%sAccess" % ("Update" if update else "")
    return provider.createInstanceWithArguments(service, (arg,))


def read_settings(ctx, group: str) -> dict:
    """Read one group of Marginalia's settings from the office's configuration."""
    access = _config_access(ctx, group, False)
    return {name: access.getByName(name) for name in access.getElementNames()}


def write_settings(ctx, group: str, **values) -> None:
    """Write Marginalia settings through the office's configuration API and commit."""
    access = _config_access(ctx, group, True)
    for name, value in values.items():
        access.replaceByName(name, value)
    access.commitChanges()


def open_deck(doc, deck_id: str = "MarginaliaDeck"):
    """Show the sidebar with Marginalia's deck (idempotent, unlike the toggle dispatch)."""
    sidebar = doc.getCurrentController().getSidebar()
    sidebar.setVisible(True)
    deck = sidebar.getDecks().getByName(deck_id)
    if not deck.isActive():
        deck.activate(True)
    return deck


def open_writer_with_deck(office: Office):
    """Open a new Writer document and show Marginalia's deck in it."""
    doc = office.new_document("swriter")
    open_deck(doc)
    return doc


def screenshot(display: str, path: str) -> None:
    """Save the whole virtual screen as PNG (ImageMagick's ``import``)."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    subprocess.run(["import", "-display", display, "-window", "root", path], check=True, timeout=30)


def wait_for_exit(office: Office, seconds: float = 0) -> None:
    """Wait until the user quits LibreOffice (or ``seconds`` pass, when given)."""
    deadline = time.monotonic() + seconds if seconds else None
    try:
        while office.process.poll() is None:
            if deadline is not None and time.monotonic() > deadline:
                return
            time.sleep(0.5)
    except KeyboardInterrupt:
        return
