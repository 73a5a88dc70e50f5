"""PROMPT in one office process: known answers at once, questions to the worker queue, answers back into cells.

Calc calls :meth:`PromptService.call` while it calculates. It never waits for the
network: a known answer (in memory, or kept in the document) is the cell's value,
whatever the endpoint, model or settings are now; otherwise the cell gets a
:class:`~.volatile.VolatileResult` showing :data:`~marginalia.core.prompt.answer.PENDING`,
the question is held until the calculation is over (to count it), then goes to the
worker queue, and the answer, when it arrives, is set on the main thread (through the
pump), which updates the cell without a recalculation, and is kept in the document.
"""
from __future__ import annotations

import functools
from typing import Dict, List, Optional, Set, Tuple

from ...core.i18n import _
from ...core.prompt.answer import PENDING, AnswerSource, PromptAnswer, error_answer, from_another_model
from ...core.prompt.ask import PromptJob, ask_model
from ...core.prompt.cache import AnswerCache
from ...core.prompt.edits import split_by_edit
from ...core.prompt.formula import empty_positions, passes_zero
from ...core.prompt.inputs import cache_key, legacy_key, question, shows_placeholder
from ...core.prompt.queue import PromptQueue
from ...core.threads import start_worker
from ..office.log import get_logger
from .calculation import Calculation, Calculations
from .document_answers import DocumentAnswers, OpenDocuments
from .formula_cells import asked_by_cells, read_prompt_cells, seen_arguments
from .kept_notes import update_kept_notes
from .notes import explain_errors
from .question import SENT, ask_to_send, refusal_reason
from .setup import Setup, confirm_above, read_setup
from .volatile import VolatileResult

log = get_logger("prompt")


class PromptService:
    """The process's PROMPT state (one, owned by :class:`~marginalia.ui.app.Marginalia`)."""

    def __init__(self, app):
        self.app = app
        self.cache = AnswerCache()
        self.documents = OpenDocuments(self._saving, self._closed)
        self.queue = PromptQueue(self._ask, self._deliver, start_worker)
        self.calculations = Calculations(self._calculation_over, app.pump.call_soon)
        self._results: Dict[str, VolatileResult] = {}
        self._waiting: Dict[str, List[DocumentAnswers]] = {}
        self._held: Set[str] = set()
        self._deferred: List[VolatileResult] = []
        self._flush_planned = False
        self._refreshed: Optional[set] = None
        self._failures: List[Tuple[object, Dict[str, str]]] = []

    # --- while Calc calculates ---------------------------------------------------

    def call(self, document, instruction, inputs):
        """PROMPT(instruction; inputs…) for a cell of ``document``: a value now, or a live result."""
        calculation = self.calculations.current(document)
        stored = self.documents.find(document)
        calculation.touch(stored)
        instruction, inputs = self._with_empty_cells(calculation, stored, instruction, tuple(inputs))
        asked = question(instruction, inputs)
        if asked is None:
            return self._problem(document, error_answer(
                _("no instruction"), _("PROMPT needs an instruction as its first argument.")))
        key = cache_key(*asked)
        if self._refreshed is not None and key not in self._refreshed:
            self._refreshed.add(key)
            self.forget([key])
        setup = self._setup(calculation)
        answer = self._known(key, asked, stored, setup)
        if answer is not None:
            return self._kept(calculation, stored, key, answer)
        if setup.problem is not None:
            return self._problem(document, setup.problem)
        if shows_placeholder((instruction,) + inputs) and self._results:
            return self._defer()
        job = PromptJob(key, asked[0], asked[1], setup.endpoint, setup.options, setup.client)
        return self._pending(calculation, document, stored, job)

    def _setup(self, calculation: Calculation) -> Setup:
        if calculation.setup is None:
            calculation.setup = read_setup(self.app)
        return calculation.setup

    def _with_empty_cells(self, calculation: Calculation, stored, instruction, inputs: tuple):
        """Calc passes an empty cell given alone as 0: give it as empty, as a range's empty cells are."""
        passed = (instruction,) + inputs
        if stored is None or not passes_zero(passed):
            return instruction, inputs
        found = (id(stored), passed)
        empty = calculation.empty.get(found)
        if empty is None:
            empty = calculation.empty[found] = empty_positions(passed, self._candidates(calculation, stored))
        values = [None if index in empty else value for index, value in enumerate(passed)]
        return values[0], tuple(values[1:])

    @staticmethod
    def _candidates(calculation: Calculation, stored: DocumentAnswers) -> list:
        """The document's PROMPT calls as seen without calculating, read once per calculation."""
        found = calculation.candidates.get(id(stored))
        if found is None:
            document = stored.document
            try:
                found = [seen_arguments(document, arguments)
                         for cell in read_prompt_cells(document) for arguments in cell.calls]
            except Exception:
                log.warning("the PROMPT formulas could not be read; an empty cell is passed as 0", exc_info=True)
                found = []
            calculation.candidates[id(stored)] = found
        return found

    def _known(self, key: str, asked, stored: Optional[DocumentAnswers], setup: Setup) -> Optional[PromptAnswer]:
        """The document's kept answer (the file's answers are the user's data), else the one in memory."""
        if stored is not None:
            kept = stored.answers.get(key) or self._legacy_answer(key, asked, stored, setup)
            if kept is not None:
                return kept
        return self.cache.get(key)

    @staticmethod
    def _legacy_answer(key: str, asked, stored: DocumentAnswers, setup: Setup) -> Optional[PromptAnswer]:
        """An answer stored in the first format: its key holds the model and settings, found when they are the same."""
        if setup.endpoint is None:
            return None
        old = legacy_key(asked[0], asked[1], setup.model, setup.fingerprint())
        value = stored.legacy_value(old)
        if value is None:
            return None
        answer = PromptAnswer(value, source=AnswerSource(setup.model))
        stored.adopt(key, old, answer)
        return answer

    def _kept(self, calculation: Calculation, stored, key: str, answer: PromptAnswer):
        if stored is not None and not answer.failed:
            stored.keep(key, answer)
            self._plan_flush()
            if from_another_model(answer, calculation.setup.model):
                calculation.kept.add(id(stored))
        return answer.value

    def _problem(self, document, answer: PromptAnswer):
        self._explain_later(document, answer)
        return answer.value

    def _defer(self) -> VolatileResult:
        """An input shows a pending cell's placeholder: wait for it (the cell is calculated again)."""
        result = VolatileResult(PENDING)
        self._deferred.append(result)
        return result

    def _pending(self, calculation: Calculation, document, stored, job: PromptJob) -> VolatileResult:
        result = self._results.get(job.key)
        if result is None:
            result = self._results[job.key] = VolatileResult(PENDING)
        if stored is not None and stored not in self._waiting.setdefault(job.key, []):
            self._waiting[job.key].append(stored)
        self.queue.limit = calculation.setup.concurrency
        if not self.queue.is_pending(job.key) and job.key not in self._held:
            self._held.add(job.key)
            calculation.hold(job, document)
        return result

    # --- when the calculation is over ------------------------------------------------

    def _calculation_over(self, calculation: Calculation) -> None:
        self.app.pump.call_soon(self._after, calculation)

    def _after(self, calculation: Calculation) -> None:
        """On the main thread: send (or ask about) the new questions, then update the kept answers' comments."""
        self._release(calculation)
        if calculation.setup is None:  # no call got as far as the settings: no answer was shown
            return
        for stored in calculation.documents:
            try:
                update_kept_notes(stored, functools.partial(self._answer_of, stored), calculation.setup.model,
                                  id(stored) in calculation.kept)
            except Exception:
                log.warning("the comments of kept PROMPT answers could not be written", exc_info=True)

    def _release(self, calculation: Calculation) -> None:
        """Send the held questions; more than ``Calc/PromptConfirmAbove`` from one edit ask the user first."""
        self._held.difference_update(job.key for job in calculation.jobs)
        jobs = {job.key: job for job in calculation.jobs if job.key in self._results}  # not if their document closed
        limit = self._confirm_above()
        send, ask = split_by_edit(self._edits_of(jobs), limit) if limit and len(jobs) > limit else (list(jobs), [])
        for key in send:
            self.queue.submit(jobs[key])
        if not ask:
            return
        outcome = self.confirm(calculation.document, len(ask))
        if outcome == SENT:
            for key in ask:
                self.queue.submit(jobs[key])
            return
        refused = error_answer(_("not asked"), refusal_reason(outcome, len(ask)))
        for key in ask:
            self.cache.put(key, refused)  # until Refresh AI Cells: recalculation must not ask again
            self._show(key, refused)

    def _edits_of(self, jobs: Dict[str, PromptJob]) -> Dict[str, object]:
        """Each new question's key, with the edit that entered a cell asking it (None: no edit did)."""
        found: Dict[str, object] = dict.fromkeys(jobs)
        for stored in {id(one): one for key in jobs for one in self._waiting.get(key, [])}.values():
            if stored.edits is None:
                continue
            for prompt_cell, keys in asked_by_cells(stored.document):
                asked = [key for key in keys or () if key in jobs]
                position = prompt_cell.position
                edit = stored.edits.edit_of((position.sheet, position.column, position.row))
                for key in asked:
                    if edit is not None:
                        found[key] = (id(stored), edit)
        return found

    def _confirm_above(self) -> int:
        try:
            return confirm_above(self.app)
        except Exception:
            log.warning("the PROMPT settings could not be read", exc_info=True)
            return 0

    def confirm(self, document, count: int) -> str:
        """Ask whether ``count`` new requests may be sent (see :func:`.question.ask_to_send`)."""
        return ask_to_send(self.app.ctx, document, count)

    def _answer_of(self, stored: DocumentAnswers, key: str) -> Optional[PromptAnswer]:
        return stored.answers.get(key) or self.cache.get(key)

    # --- workers ------------------------------------------------------------------

    def _ask(self, job: PromptJob) -> PromptAnswer:
        return ask_model(job.client, job, self.app.facts)

    def _deliver(self, job: PromptJob, answer: PromptAnswer) -> None:
        if answer.failed:
            log.info("PROMPT %r failed: %s", job.instruction[:60], answer.error)
        self.cache.put(job.key, answer)
        self.app.pump.call_soon(functools.partial(self._show, job.key, answer))

    # --- main thread again --------------------------------------------------------

    def _show(self, key: str, answer: PromptAnswer) -> None:
        result = self._results.pop(key, None)
        for stored in self._waiting.pop(key, []):
            if not answer.failed:
                stored.keep(key, answer)
                self._save(stored)  # at once: the file may be saved right after the cell shows it
            else:
                self._explain_later(stored.document, answer)
        if result is not None:
            result.set(answer.value)
        if not self._results:
            self._wake_deferred()

    def _wake_deferred(self) -> None:
        """No answer is pending now: the cells that waited for one are calculated again."""
        deferred, self._deferred = self._deferred, []
        for result in deferred:
            result.set(PENDING)

    def _explain_later(self, document, answer: PromptAnswer) -> None:
        """After this calculation, write the reason into the comments of the cells showing ``answer``."""
        if document is None:
            return
        if not self._failures:
            self.app.pump.call_soon(self._explain)
        for known, reasons in self._failures:
            if known == document:
                reasons[answer.value] = answer.error
                return
        self._failures.append((document, {answer.value: answer.error}))

    def _explain(self) -> None:
        failures, self._failures = self._failures, []
        for document, reasons in failures:
            try:
                explain_errors(document, reasons)
            except Exception:
                log.warning("the reasons of failed PROMPT cells could not be written", exc_info=True)

    def _plan_flush(self) -> None:
        if not self._flush_planned:
            self._flush_planned = True
            self.app.pump.call_soon(self._flush)

    def _flush(self) -> None:
        self._flush_planned = False
        for stored in self.documents.all():
            self._save(stored)

    @staticmethod
    def _save(stored) -> None:
        try:
            stored.save()
        except Exception:
            log.warning("PROMPT answers could not be stored in a document", exc_info=True)

    # --- the document's life ------------------------------------------------------

    def _saving(self, stored: DocumentAnswers) -> None:
        """Before the file is written: keep in it only the answers its PROMPT cells ask."""
        asked = asked_by_cells(stored.document)
        if any(keys is None for _, keys in asked):
            log.info("PROMPT: a cell's arguments cannot be read; every stored answer is kept")
            return
        answered = all(any(key in stored.answers for key in keys) for _, keys in asked)
        dropped = stored.prune({key for _, keys in asked for key in keys}, answered)
        if dropped:
            log.info("PROMPT: %d stored answers no cell asks are not saved again", dropped)
        self._save(stored)

    def _closed(self, stored: DocumentAnswers) -> None:
        """A document closed: its questions not sent yet are dropped (other documents' stay)."""
        alone = set()
        for key, waiting in list(self._waiting.items()):
            if stored in waiting:
                self._waiting[key] = [other for other in waiting if other is not stored]
                if not self._waiting[key]:
                    alone.add(key)
        dropped = {job.key for job in self.queue.cancel(alone)} | (alone & self._held)
        for key in dropped:
            self._results.pop(key, None)
            self._waiting.pop(key, None)
        if dropped:
            log.info("PROMPT: a document closed; %d of its questions are not sent", len(dropped))
        if not self._results:
            self._wake_deferred()

    # --- commands -----------------------------------------------------------------

    def refreshing(self, run) -> None:
        """Call ``run()``; every PROMPT Calc calculates meanwhile forgets its answer and asks again."""
        self._refreshed = set()
        try:
            run()
        finally:
            self._refreshed = None

    def forget(self, keys) -> None:
        """Drop answers (memory and every document) so the cells asking them ask again."""
        keys = list(keys)
        self.cache.forget(keys)
        for stored in self.documents.all():
            stored.drop(keys)
        self._plan_flush()


def service_of(app) -> PromptService:
    """The process's :class:`PromptService` (``app.prompts``), made on first use."""
    if app.prompts is None:
        app.prompts = PromptService(app)
    return app.prompts
