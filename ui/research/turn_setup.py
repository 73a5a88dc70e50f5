"""What a turn's research tools need, prepared on the main thread when the turn starts.

The tools run on worker threads and must not call UNO, so everything from the office
is read here, once per turn: the ``Research`` settings, LibreOffice's proxy (for the
research HTTP client) and the session's approvals. The chat passes the result in
``ToolContext.options["research"]``; in local-only mode the research tools are not
offered, and a model server that is not on this computer is refused (an error the
panel shows; nothing is sent).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List

from ...core.research.settings import check_local_only, explicitly_allowed_hosts
from ...core.settings.views import ResearchSettings
from ...core.research.tools import ResearchKit
from ...core.net.retry import RetryPolicy
from ...core.version import __version__
from ...core.research.web_access import WebAccess
from ...core.research.web_fetch import WebReader
from ..settings import request_settings
from ..office.log import get_logger

log = get_logger("research.setup")

RESEARCH_TOOLS = ("fetch_page", "web_search", "research_web")
CONNECT_TIMEOUT = 10.0
READ_TIMEOUT = 20.0
HEADERS = {
    "User-Agent": "Mozilla/5.0 (compatible; Marginalia/%s; LibreOffice extension)" % __version__,
    "Accept": "text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5",
}


@dataclass
class ResearchTurn:
    """The research part of one turn."""

    options: dict = field(default_factory=dict)
    """The ``ToolContext.options`` of the turn (key ``research``)."""
    local_only: bool = False

    def offered(self, schemas: List[dict]) -> List[dict]:
        """The tool schemas to send: without the research tools in local-only mode."""
        if not self.local_only:
            return schemas
        return [schema for schema in schemas if schema["function"]["name"] not in RESEARCH_TOOLS]


def research_client(ctx, clients):
    """The HTTP client of the research tools (LibreOffice's proxy, short timeouts, one retry)."""
    from ...core.net.transport import HttpClient
    proxy = request_settings.proxy_settings(ctx)
    key = tuple(sorted((name, str(value)) for name, value in proxy.items()))
    return clients.get("research", key, lambda: HttpClient(
        proxy_settings=proxy, connect_timeout=CONNECT_TIMEOUT, read_timeout=READ_TIMEOUT,
        retry=RetryPolicy(max_attempts=2, max_retry_after=5.0)))


def prepare(app, session, endpoint_url: str, settings: ResearchSettings) -> ResearchTurn:
    """Read what the research tools need for a turn of ``session`` (call on the main thread).

    Args:
        app: The process-wide owner (HTTP clients, the sessions' approvals).
        session: The document's chat session (its approvals are shared by its turns).
        endpoint_url: The model server's base URL (refused in local-only mode unless local).
        settings: The ``Research`` settings the turn read.

    Raises:
        LocalOnlyRefused: Local-only mode is on and the model server is not on this computer
            (the panel shows it as the turn's problem; nothing is sent).
    """
    check_local_only(settings, endpoint_url)
    state = app.approvals.state_for(session)
    access = WebAccess(state.broker, state.approvals, settings.local_only, explicitly_allowed_hosts(settings))
    reader = WebReader(research_client(app.ctx, app.http), access, headers=HEADERS)
    return ResearchTurn({"research": ResearchKit(reader, settings)}, settings.local_only)
