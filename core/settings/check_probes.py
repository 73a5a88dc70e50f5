"""The two model requests of the endpoint check: a streamed reply and a forced tool call.

Both are read by the same code as the chat's rounds (:func:`~marginalia.core.llm.round.collect_round`
chooses Ollama's native API or the OpenAI-compatible one), so what the check sees
is what the chat will get. Besides the assembled result, the raw bytes are sniffed
for the field the server puts reasoning in, which the result alone does not say.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple

from ..net.cancel import CancelToken
from ..llm.request import ChatRequest, EndpointConfig, build_chat_body
from ..errors import BadRequestError
from ..llm.endpoint_facts import API_OLLAMA
from ..llm.round import collect_round
from ..llm.round_end import RoundFailed
from ..loop.messages import ContentDelta, ReasoningDelta

if TYPE_CHECKING:  # pragma: no cover
    from ..stream.assembler import StreamResult
    from ..net.transport import HttpClient
    from ..llm.endpoint_facts import EndpointFacts

PROBE_TOOL_NAME = "report_status"
PROBE_TOOL = {"type": "function", "function": {
    "name": PROBE_TOOL_NAME,
    "description": "Report that the connection test worked.",
    "parameters": {"type": "object", "properties": {
        "status": {"type": "string", "description": "Always the word ok."}},
        "required": ["status"]}}}
STREAM_PROMPT = "This is a connection test. Reply with the single word: OK"
TOOL_PROMPT = "This is a connection test. Call the report_status tool with status \"ok\"."
STREAM_MAX_TOKENS = 64
TOOL_MAX_TOKENS = 256

# A field counts when it carries a non-empty string somewhere in the stream.
_REASONING_FIELDS = (("reasoning_content", "reasoning_content"), ("reasoning", "reasoning"),
                     ("thinking", "thinking"), ("reasoning_details", "reasoning_details"))
_TEXT_TOOL_CALL = re.compile(r"<tool_call>|\"name\"\s*:\s*\"%s\"|\b%s\s*\("
                             % (PROBE_TOOL_NAME, PROBE_TOOL_NAME))


@dataclass
class ProbeOutcome:
    """What one probe request produced.

    Attributes:
        result: The assembled stream result.
        events: How many text or reasoning pieces streamed in.
        reasoning_field: The field reasoning came in, ``think_tags``, ``reasoning_summary``
            (the Responses API's), or None.
    """

    result: "StreamResult"
    events: int
    reasoning_field: Optional[str]


def _sniff_reasoning(raw: bytes, result: "StreamResult", api: str = "chat") -> Optional[str]:
    if api == "responses":
        return "reasoning_summary" if result.message.reasoning else None
    text = raw.decode("utf-8", "replace")
    for field, name in _REASONING_FIELDS:
        if re.search(r'"%s"\s*:\s*(?:"[^"]|\[\s*\{)' % field, text):
            return name
    return "think_tags" if result.message.reasoning else None


def _stream(client: "HttpClient", request: ChatRequest, cancel: CancelToken, facts: "EndpointFacts") -> ProbeOutcome:
    """Read one round as the chat would; raise the failure that ended it, if any."""
    raw: List[bytes] = []
    pieces = []

    def count(event) -> None:
        if isinstance(event, (ContentDelta, ReasoningDelta)):
            pieces.append(event)

    end = collect_round(client, request, cancel, facts, on_event=count, on_bytes=raw.append)
    if isinstance(end, RoundFailed):
        raise end.error
    result = end.result
    return ProbeOutcome(result, len(pieces), _sniff_reasoning(b"".join(raw), result, _api_of(request, facts)))


def _api_of(request: ChatRequest, facts: "EndpointFacts") -> str:
    """The OpenAI API the round went through (``chat`` for Ollama's native chat too)."""
    return "chat" if request.endpoint.api == API_OLLAMA else facts.openai_api_for(request.endpoint)


def _with_limit_fallback(client: "HttpClient", endpoint: EndpointConfig, body: Dict[str, Any],
                         cancel: CancelToken, facts: "EndpointFacts") -> ProbeOutcome:
    """Send ``body``; without ``max_tokens`` again if the server refuses that field."""
    try:
        return _stream(client, ChatRequest(endpoint, body), cancel, facts)
    except BadRequestError as error:
        if "max_tokens" not in str(error) or "max_tokens" not in body:
            raise
    body = {k: v for k, v in body.items() if k != "max_tokens"}
    return _stream(client, ChatRequest(endpoint, body), cancel, facts)


def probe_stream(client: "HttpClient", endpoint: EndpointConfig,
                 cancel: CancelToken, facts: "EndpointFacts") -> ProbeOutcome:
    """Ask for a short streamed reply.

    Raises:
        MarginaliaError: Whatever the chat would get (network, HTTP, not a stream …).
    """
    body = build_chat_body([{"role": "user", "content": STREAM_PROMPT}], endpoint.model)
    body["max_tokens"] = STREAM_MAX_TOKENS
    return _with_limit_fallback(client, endpoint, body, cancel, facts)


def probe_tools(client: "HttpClient", endpoint: EndpointConfig,
                cancel: CancelToken, facts: "EndpointFacts") -> Tuple[str, Optional[ProbeOutcome], str]:
    """Ask for a forced tool call; say how tool calls come back.

    Returns:
        ``(verdict, outcome, detail)`` where verdict is ``structured`` (``tool_calls``
        with the probe tool), ``text`` (the call written into the answer), ``none`` (no
        call at all) or ``rejected`` (the server refused requests with tools; detail is
        its message).

    Raises:
        MarginaliaError: Failures other than a refusal of the tools.
    """
    forced = {"type": "function", "function": {"name": PROBE_TOOL_NAME}}
    outcome = None
    for choice in (forced, "auto"):
        body = build_chat_body([{"role": "user", "content": TOOL_PROMPT}], endpoint.model,
                               tools=[PROBE_TOOL], tool_choice=choice)
        body["max_tokens"] = TOOL_MAX_TOKENS
        try:
            outcome = _with_limit_fallback(client, endpoint, body, cancel, facts)
            break
        except BadRequestError as error:
            if choice == "auto":
                return "rejected", None, error.user_message
    assert outcome is not None
    message = outcome.result.message
    if any(call.name == PROBE_TOOL_NAME for call in message.tool_calls):
        return "structured", outcome, ""
    if _TEXT_TOOL_CALL.search(message.content or ""):
        return "text", outcome, (message.content or "")[:200]
    return "none", outcome, (message.content or "")[:200]


def probe_auto_tools(client: "HttpClient", endpoint: EndpointConfig, cancel: CancelToken,
                     facts: "EndpointFacts") -> str:
    """Ask for a tool call the model must choose itself (``tool_choice: auto``).

    Returns:
        ``structured``, ``text`` or ``none`` as in :func:`probe_tools`.

    Raises:
        MarginaliaError: The request failed.
    """
    body = build_chat_body([{"role": "user", "content": TOOL_PROMPT}], endpoint.model,
                           tools=[PROBE_TOOL], tool_choice="auto")
    body["max_tokens"] = TOOL_MAX_TOKENS
    message = _with_limit_fallback(client, endpoint, body, cancel, facts).result.message
    if any(call.name == PROBE_TOOL_NAME for call in message.tool_calls):
        return "structured"
    return "text" if _TEXT_TOOL_CALL.search(message.content or "") else "none"


def recommend_strategy(forced_verdict: str, auto_verdict: str = "") -> str:
    """The tool strategy (see :mod:`..agent.tool_strategy`) that suits what the probes saw.

    Args:
        forced_verdict: :func:`probe_tools`' verdict (a forced call, or ``auto`` when forcing was refused).
        auto_verdict: :func:`probe_auto_tools`' verdict, when it was asked.
    """
    if forced_verdict == "structured":
        return "native" if auto_verdict in ("", "structured", "text") else "forced"
    if forced_verdict == "text":
        return "native"  # calls written as text are recovered
    return "prompted"
