"""The endpoint check behind the Test button and the first-run check.

It runs, on a worker thread, the steps a chat depends on, and reports each as it goes
(``on_step``), so the settings dialog can show progress::

    address   the URL as typed, normalized (what requests really go to)
    connect   the model list (network, TLS, proxy and key problems show up here)
    server    which server it is (Ollama answers /api/version)
    model     the chosen model is offered (or the first one offered is used)
    context   the real context window (Ollama /api/show, llama.cpp /props, model list)
    stream    a short streamed reply, through the same code as the chat (which finds out
              whether the endpoint speaks Chat Completions or only the Responses API)
    tools     a forced tool call: structured ``tool_calls``, text, or refused

It ends with a :class:`CheckResult`: a plain-words report ("Connected to Ollama 0.5.7
at …: model qwen3:8b, 40,960-token context, streaming: yes, structured tool calls: yes,
thinking: thinking field.") and a dict the chat can use later (``api``, ``openai_api``,
``tool_calls``, ``reasoning_field``, ``context_window`` …). Nothing here raises: failures end the check
and are described in the result.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional

from . import check_report
from ..net.cancel import CancelToken
from ..llm.request import OPENAI_RESPONSES, EndpointConfig
from .check_result import CheckResult, CheckStep, CheckTarget
from ..threads import start_worker
from .check_probes import probe_auto_tools, probe_stream, probe_tools, recommend_strategy
from ..llm.endpoint_facts import API_AUTO, API_OLLAMA, API_OPENAI, EndpointFacts
from ..llm.endpoints import auth_headers, list_models
from ..errors import AuthError, Cancelled, HttpStatusError, MarginaliaError, NetworkError, ProtocolError, TlsError
from ..i18n import _, ngettext
from ..llm.ollama_info import ollama_version
from ..llm.url_normalize import normalize_base_url, origin_of

if TYPE_CHECKING:  # pragma: no cover
    from ..net.transport import HttpClient

_REMOTE_KINDS = ("openai", "openrouter")


class _Stop(Exception):
    """A step failed in a way that makes the following steps pointless."""


def _same_model(wanted: str, offered: str) -> bool:
    strip = (lambda name: name[:-len(":latest")] if name.endswith(":latest") else name)
    return wanted == offered or strip(wanted) == strip(offered)


class EndpointCheck:
    """One run of the check (use :func:`run_check` or :func:`start_check`)."""

    def __init__(self, client: "HttpClient", target: CheckTarget,
                 on_step: Optional[Callable[[CheckStep], None]] = None,
                 cancel: Optional[CancelToken] = None, *, facts: EndpointFacts):
        self.client, self.target, self.facts = client, target, facts
        self.cancel = cancel or CancelToken()
        self._on_step = on_step or (lambda step: None)
        self.steps: List[CheckStep] = []
        self.data: Dict[str, Any] = {"ok": False, "models": [], "problems": []}
        self.endpoint: Optional[EndpointConfig] = None
        self.error: Optional[MarginaliaError] = None

    # -- step bookkeeping -------------------------------------------------------------

    def _begin(self, key: str, message: str) -> None:
        self.cancel.raise_if_cancelled()
        self.steps.append(CheckStep(key, "running", message))
        self._on_step(self.steps[-1])

    def _end(self, state: str, message: str) -> None:
        step = self.steps[-1]
        step.state, step.message = state, message
        if state in ("warning", "failed"):
            self.data["problems"].append(message)
        self._on_step(step)

    def _fail(self, error: MarginaliaError) -> None:
        self.error = error
        self._end("failed", check_report.failure(error.user_message, error.hint))
        self.data["error"] = {"type": type(error).__name__, "message": error.user_message,
                              "hint": error.hint}
        if isinstance(error, TlsError):
            self.data["error"].update(problem=error.problem,
                                      fingerprint_sha256=error.fingerprint_sha256)
        raise _Stop()

    # -- the steps -----------------------------------------------------------------------

    def _address(self) -> None:
        self._begin("address", _("Reading the address…"))
        try:
            target = normalize_base_url(self.target.url)
        except MarginaliaError as error:
            self._fail(error)
        self.data.update(base_url=target.base_url, chat_url=target.chat_url,
                         kind_hint=target.kind_hint)
        note = (" " + target.note) if target.note else ""
        self._end("ok", _("Base address: %s.") % target.base_url + note)
        self.endpoint = EndpointConfig(base_url=target.base_url, model=self.target.model,
                                       api_key=self.target.api_key,
                                       extra_headers=auth_headers(target.base_url, None),
                                       api=API_OPENAI, tls=self.target.tls)

    def _connect(self) -> None:
        self._begin("connect", _("Connecting and reading the model list…"))
        try:
            models = list_models(self.client, self.data["base_url"], self.target.api_key or None,
                                 self.cancel, self.target.tls)
        except (NetworkError, AuthError) as error:
            self._fail(error)
        except (HttpStatusError, ProtocolError) as error:
            self._end("warning", _("Connected, but the server gives no model list: %s")
                      % error.user_message)
            return
        self.data["models"] = models
        shown = ", ".join(models[:5]) + (" …" if len(models) > 5 else "")
        if models:
            text = ngettext("Connected; the server offers %d model: %s.", "Connected; the server offers %d models: %s.",
                            len(models)) % (len(models), shown)
        else:
            text = ngettext("Connected; the server offers %d model.", "Connected; the server offers %d models.", 0) % 0
        self._end("ok", text)

    def _server(self) -> None:
        self._begin("server", _("Finding out which server this is…"))
        kind = self.target.preset if self.target.preset not in ("", "custom") else None
        kind = self.data.get("kind_hint") or kind
        version = None
        if kind not in _REMOTE_KINDS:
            version = ollama_version(self.client, origin_of(self.data["base_url"]),
                                     self.endpoint.request_headers(), self.cancel, self.target.tls)
        api = API_OLLAMA if version is not None else API_OPENAI
        if kind == "ollama" and api != API_OLLAMA:
            kind = None  # the preset or port said Ollama, but no Ollama answered: name what did
        self.facts.remember_api(origin_of(self.data["base_url"]), api)
        self.endpoint.api = api
        self.data.update(server="ollama" if api == API_OLLAMA else kind or "openai-compatible",
                         server_version=version or None, api=api)
        if api == API_OLLAMA:
            from ..llm.ollama_chat import native_chat_url
            self.data["chat_url"] = native_chat_url(self.data["base_url"])
        if api == API_OLLAMA:
            text = _("Server: %s; chats go to %s (Ollama's native API, the one that honours the context size).")
        else:
            text = _("Server: %s; chats go to %s.")
        self._end("ok", text % (check_report.server_label(self.data), self.data["chat_url"]))

    def _model(self) -> None:
        self._begin("model", _("Checking the model…"))
        models, wanted = self.data["models"], self.target.model.strip()
        if not wanted:
            if not models:
                self._fail(MarginaliaError(_("No model is set and the server lists none."),
                                           _("Enter the model name in Settings.")))
            wanted = models[0]
            self._end("ok", _("No model was chosen; testing the first one offered, %s.") % wanted)
        elif models and not any(_same_model(wanted, m) for m in models):
            self._end("warning", _("The server does not list the model %s (it offers %s).")
                      % (wanted, ", ".join(models[:5])))
        else:
            self._end("ok", _("The model %s is available.") % wanted)
        self.data["model"] = self.endpoint.model = wanted

    def _context(self) -> None:
        self._begin("context", _("Reading the context size…"))
        try:
            facts = self.facts.model_facts(self.client, self.endpoint, self.cancel)
        except Cancelled:
            raise
        except MarginaliaError as error:
            self._end("warning", _("The context size could not be read: %s") % error.user_message)
            return
        self.data.update(context_window=facts.context_window, model_max=facts.model_max,
                         context_source=facts.source, capabilities=list(facts.capabilities))
        if not facts.context_window:
            self._end("warning", _("The server does not say how large the model's context is; "
                                   "long documents may be cut."))
        elif self.endpoint.api == API_OLLAMA:
            self._end("ok", _("Context: up to %s tokens; each request asks Ollama for what it needs.")
                      % check_report.tokens(facts.context_window))
        else:
            self._end("ok", _("Context: %s tokens.") % check_report.tokens(facts.context_window))

    def _stream(self) -> None:
        self._begin("stream", _("Asking the model for a short streamed reply (loading a model can "
                                "take a minute)…"))
        try:
            outcome = probe_stream(self.client, self.endpoint, self.cancel, self.facts)
        except Cancelled:
            raise
        except MarginaliaError as error:
            self.data["streaming"] = False
            self._fail(error)
        result = outcome.result
        self.data.update(streaming=outcome.events > 0 and result.error is None,
                         reasoning_field=outcome.reasoning_field)
        responses = self._note_openai_api()
        if result.error:
            self._fail(MarginaliaError(_("The reply stream broke: %s") % result.error,
                                       _("Check the server's log window.")))
        if not outcome.events:
            self._end("warning", _("The model answered with an empty stream."))
            return
        reply = (result.message.content or "").strip()
        api_note = (" " + _("Chats go to %s (the Responses API).") % self.data["chat_url"]) if responses else ""
        self._end("ok", _("Streaming works; the model replied %s.") % (
            '"%s"' % reply[:60] if reply else _("(only thinking, within the test's token limit)")) + api_note)

    def _note_openai_api(self) -> bool:
        """Record which OpenAI API the stream went through; True for the Responses API."""
        if self.endpoint.api == API_OLLAMA:
            return False
        api = self.facts.openai_api_for(self.endpoint)
        self.data["openai_api"] = api
        if api != OPENAI_RESPONSES:
            return False
        self.data["chat_url"] = self.endpoint.responses_url
        return True

    def _tools(self) -> None:
        self._begin("tools", _("Checking tool calls (how the model edits documents)…"))
        if self.endpoint.api == API_OLLAMA and "tools" not in self.data.get("capabilities", ["tools"]):
            self.data["tool_calls"] = "unsupported"
            self._end("warning", _("Ollama says this model cannot use tools: it can chat, but not "
                                   "edit documents. Choose a model with tool support."))
            return
        try:
            verdict, _call, detail = probe_tools(self.client, self.endpoint, self.cancel, self.facts)
        except Cancelled:
            raise
        except MarginaliaError as error:
            self.data["tool_calls"] = None
            self._end("warning", _("Tool calls could not be tested: %s") % error.user_message)
            return
        self.data["tool_calls"] = verdict
        self.data["tool_strategy"] = self._strategy_for(verdict)
        if verdict == "structured":
            self._end("ok", _("Tool calls come back as structured tool_calls.")
                      if self.data["tool_strategy"] == "native" else
                      _("Tool calls come back as structured tool_calls; the model does not choose tools "
                        "on its own, so Marginalia will ask it step by step."))
        else:
            self._end("warning", _("Tool calls: %s. Marginalia cannot edit documents reliably "
                                   "with this model.") % check_report.tool_words(verdict)
                      + ((" " + detail) if detail else ""))

    def _strategy_for(self, verdict: str) -> str:
        """Recommend a tool strategy; a forced call that works is followed by a free-choice probe."""
        auto = ""
        if verdict == "structured":
            try:
                auto = probe_auto_tools(self.client, self.endpoint, self.cancel, self.facts)
            except Cancelled:
                raise
            except MarginaliaError:
                auto = ""
        return recommend_strategy(verdict, auto)

    # -- running ---------------------------------------------------------------------------

    def run(self) -> CheckResult:
        """Run every step (asking the server afresh); never raises."""
        self.facts.forget()
        try:
            for step in (self._address, self._connect, self._server, self._model,
                         self._context, self._stream, self._tools):
                step()
        except _Stop:
            pass
        except Cancelled as error:
            self._stopped(error)
        except MarginaliaError as error:
            try:
                self._fail(error)
            except _Stop:
                pass
        return self._result()

    def _stopped(self, error: Cancelled) -> None:
        self.error = error
        if self.steps and self.steps[-1].state == "running":
            self._end("skipped", _("Stopped."))

    def _result(self) -> CheckResult:
        failed = self.error is not None or any(s.state == "failed" for s in self.steps)
        self.data["ok"] = not failed
        if isinstance(self.error, Cancelled):
            text = _("The test was stopped.")
        elif failed:
            text = next(s.message for s in self.steps if s.state == "failed")
        else:
            text = check_report.summary(self.data)
        return CheckResult(not failed, text, list(self.steps), dict(self.data), self.error)


def run_check(client: "HttpClient", target: CheckTarget,
              on_step: Optional[Callable[[CheckStep], None]] = None,
              cancel: Optional[CancelToken] = None, *, facts: EndpointFacts) -> CheckResult:
    """Run the check on this thread (see :class:`EndpointCheck`).

    Args:
        client: The HTTP client (its timeouts and proxy settings apply).
        target: URL, model, key and TLS options to check.
        on_step: Called with each :class:`CheckStep` as it starts and ends.
        cancel: Stops the check (the result then says so).
        facts: What is known about endpoints (the check refreshes it for this one).

    Returns:
        The :class:`CheckResult`.
    """
    return EndpointCheck(client, target, on_step, cancel, facts=facts).run()


def start_check(client: "HttpClient", target: CheckTarget,
                on_step: Callable[[CheckStep], None], on_done: Callable[[CheckResult], None],
                cancel: CancelToken, *, facts: EndpointFacts) -> None:
    """Run the check on a worker thread (started without waiting); ``on_done`` gets the result there.

    Both callbacks run on the worker thread: a UI must hand them to its own thread.
    """
    def work() -> None:
        on_done(run_check(client, target, on_step, cancel, facts=facts))

    start_worker(work, name="marginalia-check")


__all__ = ["API_AUTO", "CheckResult", "CheckStep", "CheckTarget", "EndpointCheck",
           "run_check", "start_check"]
