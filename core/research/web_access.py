"""Whether research may contact a host: local-only mode, local addresses, the user's approval.

Web pages and documents can carry instructions the model may follow (prompt
injection), and a URL can carry document text out. So research contacts nothing on
its own authority. :meth:`WebAccess.admit` runs before every request (each redirect
hop included), on the tool's worker thread:

1. in local-only mode, nothing is contacted;
2. a local host (this computer, the local network; see :mod:`.web_address`), by name
   or by what its name resolves to, is refused unless the user listed it in the
   settings (``AllowedLocalHosts``) or configured it as the search service;
3. a host approved in this session ("Allow this host") is contacted;
4. anything else waits for the user's answer in the panel (:mod:`.approval`):
   "Allow once", "Allow this host" or "Deny"; a denial is an error for the model.
"""
from __future__ import annotations

import threading
from typing import Callable, FrozenSet, Iterable, List, Optional, Set

from .approval import DENY, HOST, ApprovalBroker
from ..i18n import _
from ..agent.tools import ToolError
from .web_address import any_local, host_of, is_ip_literal, is_local_name, port_of, same_host

RESOLVE_SECONDS = 5.0

LOCAL_ONLY_MESSAGE = ("Web research is off: Marginalia is in local-only mode (Settings), so nothing is sent to "
                      "other computers. Answer from the document and what you know, and say so.")


class HostApprovals:
    """The hosts the user allowed for the rest of a chat session (thread-safe)."""

    def __init__(self) -> None:
        self._hosts: Set[str] = set()
        self._lock = threading.Lock()

    def approve(self, host: str) -> None:
        """Remember ``host`` as allowed."""
        with self._lock:
            self._hosts.add(host.lower())

    def is_approved(self, host: str) -> bool:
        """True when ``host`` was allowed in this session."""
        with self._lock:
            return host.lower() in self._hosts

    def hosts(self) -> List[str]:
        """The allowed hosts, sorted."""
        with self._lock:
            return sorted(self._hosts)


def resolve_addresses(host: str, port: int, cancel) -> List[str]:
    """The IP addresses ``host`` resolves to ([] when it does not resolve here, e.g. behind a proxy)."""
    from ..net.cancel import CancelToken
    from ..net.connection import resolve
    try:
        infos = resolve(host, port, RESOLVE_SECONDS, cancel or CancelToken())
    except Exception:  # the request itself will report the failure precisely
        return []
    return [info[4][0] for info in infos]


class WebAccess:
    """The gate every research request passes (one per turn, sharing the session's approvals)."""

    def __init__(self, broker: ApprovalBroker, approvals: HostApprovals, local_only: bool = False,
                 allowed_local: Iterable[str] = (), resolve: Optional[Callable] = None):
        """
        Args:
            broker: asks the user.
            approvals: the session's allowed hosts ("Allow this host").
            local_only: refuse every request.
            allowed_local: local hosts the user allowed explicitly (settings, the
                configured search service).
            resolve: ``(host, port, cancel) -> [address, …]`` (injected by tests).
        """
        self.broker = broker
        self.approvals = approvals
        self.local_only = local_only
        self.allowed_local: FrozenSet[str] = frozenset(h.strip().lower() for h in allowed_local if h.strip())
        self._resolve = resolve or resolve_addresses

    def admit(self, url: str, cancel=None, progress: Optional[Callable[[str, str], None]] = None,
              purpose: str = "read") -> None:
        """Return when ``url`` may be requested; raise when it may not.

        Args:
            url: The checked URL about to be requested (see :func:`.web_address.check_web_url`).
            cancel: The tool's cancel token (Stop denies an open question).
            progress: ``progress(phase, message)`` for the panel's tool line.
            purpose: ``read`` or ``search``, for the question's wording.

        Raises:
            ToolError: Local-only mode, a local host not allowed, or the user denied it.
        """
        if self.local_only:
            raise ToolError(LOCAL_ONLY_MESSAGE)
        host = host_of(url)
        explicitly_allowed = same_host(host, self.allowed_local)
        if not explicitly_allowed and self._is_local(host, port_of(url), cancel):
            raise ToolError(
                "%s is on this computer or the local network. Research does not read such addresses unless the "
                "user allows the host explicitly (Settings: Research, allowed local hosts). Do not retry; tell the "
                "user if the page is needed." % host)
        if self.approvals.is_approved(host):
            return
        if progress is not None:
            progress("progress", _("Waiting for your approval: %s") % url)
        choice = self.broker.ask(url, host, cancel, purpose)
        if cancel is not None and getattr(cancel, "cancelled", False):
            raise ToolError("Stopped by the user.")
        if choice == DENY:
            raise ToolError("The user denied the request to %s. Do not ask for this address again; continue "
                            "without it or ask the user what to use instead." % url)
        if choice == HOST:
            self.approvals.approve(host)

    def _is_local(self, host: str, port: int, cancel) -> bool:
        if is_local_name(host):
            return True
        if is_ip_literal(host):
            return False
        return any_local(self._resolve(host, port, cancel))
