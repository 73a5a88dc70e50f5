"""One calculation of Calc as PROMPT sees it: the calls Calc makes without letting go of the office.

Calc calls PROMPT for each cell it calculates while it holds the office's global lock
(the "solar mutex"), and a UNO call on the document from another thread waits for that
lock. So the first call of a calculation starts a thread that makes one such call: when
it returns, Calc has let go, and the calculation is over. Cells entered one by one (a UNO
call each, or one edit each) are that many calculations; a column entered at once is one.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Set

from ...core.prompt.ask import PromptJob
from ...core.threads import start_worker
from ..office.log import get_logger

log = get_logger("prompt")


@dataclass(eq=False)
class Calculation:
    """What PROMPT gathers during one calculation, handled when it is over."""

    setup: object = None
    """The settings, read at the calculation's first call (a sheet calls PROMPT hundreds of times at once)."""
    jobs: List[PromptJob] = field(default_factory=list)
    """New questions, held to count them: more than ``Calc/PromptConfirmAbove`` ask the user first."""
    document: object = None
    """The document of the first held question (the cost question opens over it)."""
    documents: List[object] = field(default_factory=list)
    """The :class:`~.document_answers.DocumentAnswers` whose cells called PROMPT."""
    kept: Set[int] = field(default_factory=set)
    """``id`` of those where a cell got a kept answer of another model (their comments say so)."""
    candidates: Dict[int, list] = field(default_factory=dict)
    """By document ``id``: its PROMPT calls as seen (to tell an empty cell from a 0), read once."""
    empty: Dict[tuple, Set[int]] = field(default_factory=dict)
    """Positions found empty, by (document ``id``, values passed)."""

    def hold(self, job: PromptJob, document) -> None:
        """Keep a new question until the calculation is over."""
        self.jobs.append(job)
        if self.document is None:
            self.document = document

    def touch(self, answers) -> None:
        """Note that a cell of ``answers``' document called PROMPT."""
        if answers is not None and all(known is not answers for known in self.documents):
            self.documents.append(answers)


class Calculations:
    """Starts a :class:`Calculation` at the first PROMPT call and tells when it is over.

    Args:
        ended: ``ended(calculation)``, called on a worker thread once Calc has let go.
        later: ``later(function)`` runs it on the main thread after the current work
            (used when there is no document to wait on).
    """

    def __init__(self, ended: Callable[[Calculation], None], later: Callable):
        self._ended, self._later = ended, later
        self._current: Optional[Calculation] = None
        self._lock = threading.Lock()

    def current(self, document) -> Calculation:
        """The calculation under way (Calc is calling from it now), started if there is none."""
        with self._lock:
            if self._current is not None:
                return self._current
            calculation = self._current = Calculation()
        if document is None:
            self._later(self._end, calculation)
        else:
            start_worker(self._await_end, calculation, document, name="marginalia-prompt-calculation")
        return calculation

    def _await_end(self, calculation: Calculation, document) -> None:
        try:
            document.getURL()  # waits for the office's lock, which Calc holds while it calculates
        except Exception:
            log.debug("the document went away during a calculation", exc_info=True)
        self._end(calculation)

    def _end(self, calculation: Calculation) -> None:
        with self._lock:
            if self._current is calculation:
                self._current = None
        self._ended(calculation)
