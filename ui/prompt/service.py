"""PROMPT in one office process: known answers at once, questions to the worker queue, answers back into cells.

Calc calls :meth:`PromptService.call` on its main thread while it calculates. It never
waits for the network: a known answer (in memory, or stored in the document) is returned
as the cell's value; otherwise the cell gets a :class:`~.volatile.VolatileResult` showing
:data:`~marginalia.core.prompt.answer.PENDING`, the question goes to the worker queue,
and the answer, when it arrives, is set on the main thread (through the pump), which
updates the cell without a recalculation, and is stored in the document.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

from ...core.errors import InvalidUrlError
from ...core.i18n import _
from ...core.llm.request import ChatOptions, EndpointConfig
from ...core.prompt.answer import PENDING, PromptAnswer, error_answer
from ...core.prompt.ask import PromptJob, ask_model
from ...core.prompt.cache import AnswerCache
from ...core.prompt.inputs import cache_key, cell_text, normalized
from ...core.prompt.queue import PromptQueue
from ...core.research.settings import local_only_refusal
from ...core.threads import start_worker
from ..office.log import get_logger
from ..settings import request_settings, store as settings_store
from .document_answers import OpenDocuments
from .notes import explain_errors
from .volatile import VolatileResult

log = get_logger("prompt")

MAX_TOKENS = 256
"""Most tokens one answer may take when the settings set no limit: a cell holds one value,
and a small model that does not stop would otherwise write until its context is full."""
YES_NO = 3
"""``com.sun.star.awt.MessageBoxButtons.BUTTONS_YES_NO``."""
YES = 2
"""``com.sun.star.awt.MessageBoxResults.YES``."""


@dataclass
class Setup:
    """What the settings say when PROMPT is called: where to ask, or why it cannot."""

    endpoint: Optional[EndpointConfig]
    options: ChatOptions
    client: object
    concurrency: int
    problem: Optional[PromptAnswer] = None

    def fingerprint(self) -> List[object]:
        """The settings that change an answer (part of the cache key)."""
        return [self.endpoint.base_url, self.endpoint.api, self.endpoint.openai_api,
                self.options.temperature, self.options.max_tokens]


class PromptService:
    """The process's PROMPT state (one, owned by :class:`~marginalia.ui.app.Marginalia`)."""

    def __init__(self, app):
        self.app = app
        self.cache = AnswerCache()
        self.documents = OpenDocuments()
        self.queue = PromptQueue(self._ask, self._deliver, start_worker)
        self._results: Dict[str, VolatileResult] = {}
        self._waiting: Dict[str, list] = {}
        self._setup: Optional[Setup] = None
        self._flush_planned = False
        self._batch: List[PromptJob] = []
        self._batch_keys: set = set()
        self._batch_document = None
        self._refreshed: Optional[set] = None
        self._failures: List[Tuple[object, Dict[str, str]]] = []

    # --- on the main thread, from Calc -------------------------------------------

    def call(self, document, instruction, inputs: Sequence):
        """PROMPT(instruction; inputs…) for a cell of ``document``: a value now, or a live result."""
        setup = self._current_setup()
        if setup.problem is not None:
            self._explain_later(document, setup.problem)
            return setup.problem.value
        text = cell_text(instruction).strip()
        if not text:
            return error_answer(_("no instruction"), _("PROMPT needs an instruction as its first argument.")).value
        texts = tuple(normalized(inputs))
        key = cache_key(text, texts, setup.endpoint.model, setup.fingerprint())
        stored = self.documents.find(document)
        if self._refreshed is not None and key not in self._refreshed:
            self._refreshed.add(key)
            self.forget([key])
        answer = self._known(key, stored)
        if answer is not None:
            if stored is not None and not answer.failed:
                stored.keep(key, answer.value)
                self._plan_flush()
            return answer.value
        result = self._results.get(key)
        if result is None:
            result = self._results[key] = VolatileResult(PENDING)
        if stored is not None and stored not in self._waiting.setdefault(key, []):
            self._waiting[key].append(stored)
        self.queue.limit = setup.concurrency
        if not self.queue.is_pending(key) and key not in self._batch_keys:
            self._hold(PromptJob(key, text, texts, setup.endpoint, setup.options, setup.client), document)
        return result

    def _hold(self, job: PromptJob, document) -> None:
        """Keep the question until the calculation ends, to count how many it asks at once."""
        if not self._batch:
            self.app.pump.call_soon(self._release)
        self._batch.append(job)
        self._batch_keys.add(job.key)
        self._batch_document = document if document is not None else self._batch_document

    def _release(self) -> None:
        """After the calculation: send the held questions, asking the user first when they are many."""
        batch, document = self._batch, self._batch_document
        self._batch, self._batch_keys, self._batch_document = [], set(), None
        limit = self._confirm_above()
        if limit and len(batch) > limit and not self.confirm(document, len(batch)):
            refused = error_answer(_("not asked"), _("You chose not to send these requests."))
            for job in batch:
                self.cache.put(job.key, refused)  # until Refresh AI Cells: recalculation must not ask again
                self._show(job.key, refused)
            return
        for job in batch:
            self.queue.submit(job)

    def _confirm_above(self) -> int:
        try:
            return settings_store.read_settings(self.app.ctx).calc.prompt_confirm_above
        except Exception:
            log.warning("the PROMPT settings could not be read", exc_info=True)
            return 0

    def confirm(self, document, count: int) -> bool:
        """Ask whether ``count`` new requests may be sent (a Yes/No box over the document)."""
        from com.sun.star.awt.MessageBoxType import QUERYBOX
        ctx = self.app.ctx
        toolkit = ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit", ctx)
        parent = None
        try:
            parent = document.getCurrentController().getFrame().getContainerWindow()
        except Exception:
            log.debug("no window for the PROMPT question", exc_info=True)
        text = _("These PROMPT cells would send %d requests to the model now. Send them?") % count
        box = toolkit.createMessageBox(parent, QUERYBOX, YES_NO, _("Marginalia"), text)
        answer = box.execute()
        log.info("PROMPT: %d new requests; the user answered %s", count, answer)
        return answer == YES

    def _known(self, key: str, stored) -> Optional[PromptAnswer]:
        answer = self.cache.get(key)
        if answer is None and stored is not None and key in stored.values:
            self.cache.merge(stored.values)
            answer = self.cache.get(key)
        return answer

    def _current_setup(self) -> Setup:
        """The settings, read once per calculation: a sheet calls PROMPT hundreds of times at once,
        and the next pump drain (after the calculation) forgets them, so a change applies next time."""
        if self._setup is None:
            self._setup = self._read_setup()
            self.app.pump.call_soon(self._forget_setup)
        return self._setup

    def _forget_setup(self) -> None:
        self._setup = None

    def _read_setup(self) -> Setup:
        ctx = self.app.ctx
        settings = settings_store.read_settings(ctx)
        options = ChatOptions(temperature=settings.chat.temperature,
                              max_tokens=settings.chat.max_tokens or MAX_TOKENS)
        concurrency = settings.calc.prompt_concurrency
        if settings.endpoint.uses_embedded_model:
            concurrency = 1  # llama-cpp-python's server breaks off a running request when another arrives
        if not settings.endpoint.configured:
            return Setup(None, options, None, concurrency,
                         error_answer(_("no endpoint"), _("No endpoint or model is set up yet: open Marginalia "
                                                          "\u25b8 Settings.")))
        refusal = local_only_refusal(settings.research, settings.endpoint.url)
        if refusal:
            return Setup(None, options, None, concurrency, error_answer(_("not local"), refusal))
        try:
            endpoint = request_settings.endpoint_config(ctx, settings.endpoint)
        except InvalidUrlError as error:
            return Setup(None, options, None, concurrency, error_answer(_("bad address"), str(error)))
        client = request_settings.http_client(ctx, self.app.http, settings.endpoint)
        return Setup(endpoint, options, client, concurrency)

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
                stored.keep(key, answer.value)
                self._save(stored)  # at once: the file may be saved right after the cell shows it
            else:
                self._explain_later(stored.document, answer)
        if result is not None:
            result.set(answer.value)

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
