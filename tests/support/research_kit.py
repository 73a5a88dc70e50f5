"""Research tools wired as in the office, minus the panel: a real HTTP client and a scripted user."""
from __future__ import annotations

import json
from typing import List, Optional, Tuple

from marginalia.core.research.approval import HOST, ApprovalBroker
from marginalia.core.net.cancel import CancelToken
from marginalia.core.research.settings import explicitly_allowed_hosts
from marginalia.core.settings.views import ResearchSettings
from marginalia.core.stream.message import ToolCall
from marginalia.core.research.tools import ResearchKit
from marginalia.core.net.retry import RetryPolicy
from marginalia.core.agent.tools import ToolContext, ToolRegistry, ToolRunner
from marginalia.core.net.transport import HttpClient
from marginalia.core.research.web_access import HostApprovals, WebAccess
from marginalia.core.research.web_fetch import FetchLimits, WebReader
from support.settings_schema import research


class ScriptedUser:
    """Answers every approval question at once with ``choice`` (or the next of ``choices``)."""

    def __init__(self, choice: str = HOST, choices: Optional[List[str]] = None):
        self.choice, self.choices = choice, list(choices or [])
        self.asked: List[str] = []
        self.broker = ApprovalBroker(on_change=self._on_change)

    def _on_change(self) -> None:
        request = self.broker.pending()
        if request is not None:
            self.asked.append(request.url)
            self.broker.answer(request.request_id, self.choices.pop(0) if self.choices else self.choice)


def make_kit(local_hosts=("127.0.0.1",), user: Optional[ScriptedUser] = None, settings: Optional[ResearchSettings]
             = None, limits: FetchLimits = FetchLimits(), read_timeout: float = 5.0) -> Tuple[ResearchKit, ScriptedUser]:
    """A kit whose gate allows the given loopback hosts (and asks ``user`` about each new one)."""
    user = user or ScriptedUser()
    settings = settings or research()
    access = WebAccess(user.broker, HostApprovals(), settings.local_only,
                       tuple(local_hosts) + explicitly_allowed_hosts(settings))
    client = HttpClient(connect_timeout=2.0, read_timeout=read_timeout, retry=RetryPolicy(max_attempts=1))
    return ResearchKit(WebReader(client, access, limits), settings), user


class Recorder:
    """Collects ``progress(phase, message)`` calls."""

    def __init__(self):
        self.events: List[Tuple[str, str]] = []

    def __call__(self, phase: str, message: str) -> None:
        self.events.append((phase, message))

    def phases(self) -> List[str]:
        return [phase for phase, _ in self.events]

    def messages(self) -> List[str]:
        return [message for _, message in self.events]


def run_tool(kit: ResearchKit, name: str, arguments: dict, progress=None, cancel=None):
    """Run a research tool through the real declarations and ToolRunner, as a turn's worker does."""
    from marginalia.ui.research.web_tools import TOOLS
    runner = ToolRunner(ToolRegistry(TOOLS), ToolContext(app="writer", options={"research": kit}))
    call = ToolCall("call_1", name, json.dumps(arguments))
    return runner.run_async(call, progress or Recorder(), cancel or CancelToken())
