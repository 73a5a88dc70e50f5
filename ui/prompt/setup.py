"""What the settings say when PROMPT is called: where to ask, how, or why it cannot."""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional

from ...core.errors import InvalidUrlError
from ...core.i18n import _
from ...core.llm.request import ChatOptions, EndpointConfig
from ...core.prompt.answer import PromptAnswer, error_answer
from ...core.research.settings import local_only_refusal
from ..settings import request_settings, store as settings_store

MAX_TOKENS = 256
"""Most tokens one answer may take when the settings set no limit: a cell holds one value,
and a small model that does not stop would otherwise write until its context is full."""


@dataclass
class Setup:
    """Where to ask, or why PROMPT cannot ask now (``problem``)."""

    endpoint: Optional[EndpointConfig]
    options: ChatOptions
    client: object
    concurrency: int
    problem: Optional[PromptAnswer] = None

    @property
    def model(self) -> str:
        """The model asked now ("" when there is none)."""
        return self.endpoint.model if self.endpoint is not None else ""

    def fingerprint(self) -> List[object]:
        """The settings the first format's keys were made of (see ``legacy_key``)."""
        return [self.endpoint.base_url, self.endpoint.api, self.endpoint.openai_api,
                self.options.temperature, self.options.max_tokens]


def read_setup(app) -> Setup:
    """The PROMPT settings now."""
    ctx = app.ctx
    settings = settings_store.read_settings(ctx)
    options = ChatOptions(temperature=settings.chat.temperature, max_tokens=settings.chat.max_tokens or MAX_TOKENS)
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
    client = request_settings.http_client(ctx, app.http, settings.endpoint)
    return Setup(endpoint, options, client, concurrency)


def confirm_above(app) -> int:
    """``Calc/PromptConfirmAbove``: more new requests than this in one calculation ask first (0: never)."""
    return settings_store.read_settings(app.ctx).calc.prompt_confirm_above
