"""Find model servers already running on this computer (for a first run).

A new user often has Ollama or LM Studio running and does not know its address. The
settings dialog asks the usual local addresses at once, each with a short timeout,
and proposes the first that answers with a model list.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, List, Optional, Sequence, Tuple

from ..net.cancel import CancelToken
from .endpoints import PRESETS, list_models
from ..errors import MarginaliaError

if TYPE_CHECKING:  # pragma: no cover
    from ..net.transport import HttpClient

LOCAL_CANDIDATES: Tuple[Tuple[str, str], ...] = tuple(
    (key, preset.base_url) for key, preset in PRESETS.items() if preset.local and preset.base_url)
"""(preset key, base URL) of the servers people run locally, in order of preference."""


@dataclass
class FoundServer:
    """A local server that answered."""

    preset: str
    base_url: str
    models: List[str] = field(default_factory=list)


def find_local_servers(client: "HttpClient",
                       candidates: Sequence[Tuple[str, str]] = LOCAL_CANDIDATES,
                       cancel: Optional[CancelToken] = None) -> List[FoundServer]:
    """Ask every candidate at once; return those that listed models, in candidate order.

    Args:
        client: An HTTP client with short timeouts (a closed port answers at once;
            a silent one costs the connect timeout).
        candidates: ``(preset, base_url)`` pairs to try.
        cancel: Stops every request.

    Returns:
        The servers that answered with a model list (possibly empty lists excluded).
    """
    cancel = cancel or CancelToken()
    answers: List[Optional[FoundServer]] = [None] * len(candidates)

    def ask(position: int, preset: str, url: str) -> None:
        try:
            models = list_models(client, url, None, cancel)
        except MarginaliaError:
            return
        if models:
            answers[position] = FoundServer(preset, url, models)

    threads = [threading.Thread(target=ask, args=(i, preset, url), daemon=True,
                                name="marginalia-discovery")
               for i, (preset, url) in enumerate(candidates)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [found for found in answers if found is not None]
