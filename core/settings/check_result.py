"""The endpoint check's input and output (see :mod:`.check`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from . import check_report
from ..errors import MarginaliaError
from ..net.tls import TlsOptions


@dataclass
class CheckTarget:
    """What to check: the settings as the user entered them."""

    url: str
    model: str = ""
    api_key: str = field(default="", repr=False)
    tls: Optional[TlsOptions] = None
    preset: str = ""


@dataclass
class CheckStep:
    """One step's state: ``running``, ``ok``, ``warning``, ``failed`` or ``skipped``."""

    key: str
    state: str
    message: str


@dataclass
class CheckResult:
    """The outcome.

    Attributes:
        ok: True when the chat can work (no step failed).
        summary: One or two plain sentences.
        steps: Every step in order, with its final state.
        data: Machine-readable findings (see the module docstring).
        error: The error that ended the check, if one did.
    """

    ok: bool
    summary: str
    steps: List[CheckStep]
    data: Dict[str, Any]
    error: Optional[MarginaliaError] = None

    @property
    def report(self) -> str:
        """The summary followed by one line per step."""
        return "%s\n\n%s" % (self.summary, check_report.step_lines(self.steps))
