"""Driving the research tools from the real sidebar: scripted tool rounds, the approval bar, settings."""
from __future__ import annotations

import threading
import time
from typing import List

from support.panel import set_settings, wait_until

RESEARCH_DEFAULTS = {"SearchBackend": "duckduckgo", "DuckDuckGoUrl": "https://html.duckduckgo.com/html/",
                     "SearxngUrl": "", "LocalOnly": False, "AllowedLocalHosts": ""}





def tool_results(server, request_number: int) -> List[str]:
    """The tool messages the model received in chat request ``request_number`` (0-based)."""
    messages = server.chat_requests()[request_number].json()["messages"]
    return [m["content"] for m in messages if m["role"] == "tool"]


def offered_tools(server, request_number: int = 0) -> List[str]:
    body = server.chat_requests()[request_number].json()
    return [tool["function"]["name"] for tool in body.get("tools") or []]


def reset_research(ctx) -> None:
    set_settings(ctx, "Research", **RESEARCH_DEFAULTS)


class Approval:
    """The panel's approval bar, as the user sees and clicks it."""

    def __init__(self, panel):
        self.panel = panel

    def is_open(self) -> bool:
        return bool(self.panel.control("approval_question").isVisible())

    def question(self) -> str:
        return self.panel.control("approval_question").getText()

    def wait_question(self, containing: str = "", timeout: float = 15.0) -> str:
        """Wait until a question (mentioning ``containing``) is shown; return its text."""
        wait_until(lambda: self.is_open() and containing in self.question(), timeout,
                   message="the approval question about %r" % containing)
        return self.question()

    def answer(self, choice: str) -> None:
        """Click Allow once (``once``), Allow this host (``host``) or Deny (``deny``).

        Returns once that question is gone (closed, or replaced by the next one).
        """
        before = self.question()
        assert self.panel.press("approval_" + choice)
        wait_until(lambda: not self.is_open() or self.question() != before, 5, message="the question to close")


class StatusRecorder(threading.Thread):
    """Samples the panel's status line and tool lines every 20 ms (what a user would see go by)."""

    def __init__(self, panel):
        super().__init__(daemon=True)
        self.panel = panel
        self.seen: List[str] = []
        self._halt = threading.Event()

    def run(self):
        while not self._halt.is_set():
            try:
                status = self.panel.status()
            except Exception:
                break
            if not self.seen or self.seen[-1] != status:
                self.seen.append(status)
            self._halt.wait(0.02)

    def wait_seen(self, status: str, timeout: float = 15.0) -> None:
        """Wait until the recorder itself has sampled ``status`` (so answering it cannot race the sampling)."""
        wait_until(lambda: status in self.seen, timeout, message="the status %r to be recorded" % status)

    def finish(self) -> List[str]:
        self._halt.set()
        self.join(5)
        return self.seen


def wait_for_status(panel, fragment: str, timeout: float = 15.0) -> str:
    """Wait until the status line contains ``fragment``; return it."""
    return wait_until(lambda: fragment in panel.status() and panel.status(), timeout,
                      message="a status with %r" % fragment)


def elapsed_since(start: float) -> float:
    return time.monotonic() - start
