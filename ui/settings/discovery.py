"""First run: with no address set, the settings dialog proposes a server running here.

Runs :func:`~marginalia.core.llm.local_discovery.find_local_servers` on a worker thread
(short timeouts: closed ports answer at once) and hands the first server found to the
dialog on the main thread.
"""
from __future__ import annotations

from typing import Callable, Optional, Sequence, Tuple

from ...core.threads import start_worker
from ...core.net.cancel import CancelToken
from ...core.llm.local_discovery import LOCAL_CANDIDATES, FoundServer, find_local_servers
from ..office.log import get_logger
from ...core.loop.pump import Channel
from .request_settings import proxy_settings

DISCOVERY_CONNECT_TIMEOUT = 1.0
DISCOVERY_READ_TIMEOUT = 3.0

log = get_logger("discovery")


def discover_later(ctx, main: Channel, on_found: Callable[[FoundServer], None],
                   candidates: Sequence[Tuple[str, str]] = LOCAL_CANDIDATES) -> CancelToken:
    """Look for local servers in the background; ``on_found`` gets the first, if any.

    Returns:
        A token that stops the search (the dialog cancels it when it closes).
    """
    from ...core.net.transport import HttpClient
    cancel = CancelToken()
    client = HttpClient(proxy_settings=proxy_settings(ctx), connect_timeout=DISCOVERY_CONNECT_TIMEOUT,
                        read_timeout=DISCOVERY_READ_TIMEOUT)

    def work() -> None:
        found: Optional[FoundServer] = None
        try:
            servers = find_local_servers(client, candidates, cancel)
            found = servers[0] if servers else None
        finally:
            client.close()
        log.info("local servers: %s", found.base_url if found else "none found")
        if found is not None and not cancel.cancelled:
            main.call_soon(on_found, found)

    start_worker(work, name="marginalia-discovery")
    return cancel
