"""Starting and stopping the MCP server with the settings (``Agents/ServerEnabled``, ``Port``).

At office start (the startup job) the server starts if the user turned it on; a change of
the ``Agents`` settings (the settings dialog, or the configuration API) is applied at once,
on the main thread. Tool calls reach the main thread through the pump's plain calls.

The token lives in LibreOffice's password store. When the store is locked (a master
password nobody entered), the server neither starts nor makes a new token: it waits
(:attr:`AgentServer.waiting_for_store`, shown in the settings) and starts by itself once
the store opens (:mod:`.store_watch`).
"""
from __future__ import annotations

from typing import Optional

import unohelper
from com.sun.star.util import XChangesListener

from ...core.mcp.dispatch import DEFAULT_BREATHER, SerialDispatcher
from ...core.mcp.http_server import McpHttpServer
from ...core.mcp.protocol import McpProtocol, ServerInfo
from ...core.version import __version__
from ..office.log import get_logger, logged
from ..settings import store as settings_store
from ..settings.keys import StoreLocked
from . import token_store
from .approval import ClientApprovals
from .store_watch import StoreWatch
from .tool_host import OfficeToolHost

log = get_logger("mcp")

INSTRUCTIONS = ("Marginalia works in the user's open LibreOffice Writer, Calc, Impress and Draw documents. Call "
                "list_documents first; every tool takes an optional 'document' (title or URL, default: the active "
                "document); new_document opens a new one. Read before you change: the tools refuse edits whose text changed since you read it. "
                "The user sees each call in the document's Marginalia panel and can undo your changes in one step.")


class _SettingsChanged(unohelper.Base, XChangesListener):
    """Applies a change of the Agents settings on the main thread."""

    def __init__(self, server: "AgentServer"):
        self._server = server

    @logged
    def changesOccurred(self, event):
        self._server.request_apply()

    @logged
    def disposing(self, event):
        pass


class AgentServer:
    """The MCP server of this office process (one, owned by :class:`~marginalia.ui.app.Marginalia`)."""

    def __init__(self, app):
        self._app = app
        self.host = OfficeToolHost(app)
        self.host.approvals = ClientApprovals(app)
        self._server: Optional[McpHttpServer] = None
        self._token = ""
        self._watched = None
        self._store_watch = StoreWatch(app.pump.call_soon, self.check_store)
        self.problem = ""
        """Why the server could not start although it is turned on ("" when fine), e.g. its port is taken."""

    @property
    def waiting_for_store(self) -> bool:
        """True while the server is turned on but waits for the password store (the master password) to open."""
        return self._store_watch.running

    @property
    def url(self) -> str:
        """The endpoint's address while running, else ""."""
        return self._server.url if self._server is not None else ""

    def token(self) -> str:
        """The token requests must carry (read on the request threads)."""
        return self._token

    # main thread ------------------------------------------------------------------------------
    def start(self) -> None:
        """At office start: watch the settings and start the server if it is turned on."""
        self._watch_settings()
        self.apply()

    def request_apply(self) -> None:
        """Apply the settings soon, on the main thread (safe from any thread)."""
        self._app.pump.call_soon(self.apply)

    def apply(self) -> None:
        """Start, stop or move the server as the settings say."""
        agents = settings_store.read_settings(self._app.ctx).agents
        self.host.read_only = agents.read_only
        self.host.approvals.refresh(agents)
        if not agents.server_enabled:
            self.stop()
            return
        if self._server is not None and self._server.port == agents.port:
            return
        self.stop()
        self._start(agents.port)

    def stored_token(self, create: bool = False) -> str:
        """The token in the password store ("" when none), made first when ``create``.

        Raises:
            StoreLocked: The master password was not entered; nothing was made.
        """
        if create:
            self._token = token_store.ensure_token(self._app.ctx)
            token = self._token
        else:
            token = token_store.read_token(self._app.ctx)
        self.check_store()  # the user may just have entered the master password
        return token

    def renew_token(self) -> str:
        """Make a new token (the old one stops working at once).

        Raises:
            StoreLocked: The master password was not entered; the old token stays.
        """
        self._token = token_store.renew_token(self._app.ctx)
        return self._token

    def check_store(self) -> None:
        """When the server waits for the password store, start it if the store has opened (never asks)."""
        if not self.waiting_for_store:
            return
        try:
            token_store.read_token(self._app.ctx, ask=False)
        except StoreLocked:
            return
        log.info("the password store is open: starting the MCP server")
        self._store_watch.stop()
        self.apply()

    def stop(self) -> None:
        """Stop the server if it runs (and stop waiting for the password store)."""
        self._store_watch.stop()
        server, self._server = self._server, None
        if server is not None:
            server.stop()

    def _start(self, port: int) -> None:
        try:
            self._token = token_store.ensure_token(self._app.ctx)
        except StoreLocked:
            log.warning("the MCP server waits for LibreOffice's master password: its token is in the password "
                        "store, which is locked; it starts once the store opens")
            self.problem = ""
            self._store_watch.start()
            return
        self._app.tools.registry()  # import the tool modules here, never on a request thread
        protocol = McpProtocol(self.host, SerialDispatcher(self._app.pump.call_soon, breather=DEFAULT_BREATHER),
                               ServerInfo(version=__version__, instructions=INSTRUCTIONS))
        server = McpHttpServer(protocol, self.token, port)
        try:
            server.start()
        except OSError as error:
            self.problem = "port %d: %s" % (port, error.strerror or error)
            log.warning("the MCP server could not start on 127.0.0.1:%d: %s", port, error)
            return
        self.problem = ""
        self._server = server

    def _watch_settings(self) -> None:
        if self._watched is not None:
            return
        try:
            access = settings_store.group_access(self._app.ctx, "Agents")
            access.addChangesListener(_SettingsChanged(self))
            self._watched = access
        except Exception:
            log.exception("the Agents settings cannot be watched; changes apply at the next start")
