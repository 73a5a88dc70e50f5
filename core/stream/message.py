"""The assembled assistant message: what a finished stream produced.

Built by :meth:`.accumulate.StreamState.final_message` and
:meth:`.responses.ResponsesStreamState.final_message`; appended to the conversation
history with :meth:`AssistantMessage.to_api_dict`.
"""
from __future__ import annotations

import hashlib
import re
from typing import Any, Dict, List, Optional

from .tool_arguments import parse_tool_arguments

_SURROGATE = re.compile("[\ud800-\udfff]")


def valid_text(text: Any) -> Any:
    """``text`` with UTF-16 surrogate halves paired into characters and lone ones made U+FFFD.

    JSON escapes can carry surrogates (a server that splits an emoji's ``\\ud83d\\ude00``
    over two deltas); Python keeps them as two code points that UTF-8 cannot encode, so a
    message holding one would make every later request of the conversation fail.
    Anything that is not text is returned as it is.
    """
    if not isinstance(text, str) or text.isascii() or not _SURROGATE.search(text):
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


class ToolCall:
    """One complete tool call.

    Attributes:
        id: The id the provider gave, or ``None`` if it gave none.
        name: The function name.
        arguments_raw: The arguments string exactly as streamed.
        arguments: The parsed arguments (``{}`` for an empty string), or ``None`` if invalid.
        arguments_error: Why the arguments could not be used, in plain words for the model;
            ``None`` when ``arguments`` is set.
        index: Position of the call in the message (0, 1, …).
    """

    __slots__ = ("id", "name", "arguments_raw", "arguments", "arguments_error", "index")

    def __init__(self, id: Optional[str], name: str, arguments_raw: str, index: int = 0) -> None:
        self.id = valid_text(id)
        self.name = valid_text(name)
        self.arguments_raw = valid_text(arguments_raw)
        self.index = index
        self.arguments, self.arguments_error = parse_tool_arguments(self.arguments_raw, self.name)

    @property
    def call_id(self) -> str:
        """The provider's id, or a stable id derived from the call when it gave none.

        Use this id for the tool result message; :meth:`AssistantMessage.to_api_dict` uses it.
        """
        if self.id:
            return self.id
        digest = hashlib.sha1(("%d\0%s\0%s" % (self.index, self.name, self.arguments_raw))
                              .encode("utf-8", "surrogatepass")).hexdigest()
        return "call_%d_%s" % (self.index, digest[:16])

    def to_api_dict(self) -> Dict[str, Any]:
        """The ``tool_calls`` entry of an assistant message in the Chat Completions format."""
        return {"id": self.call_id, "type": "function",
                "function": {"name": self.name, "arguments": self.arguments_raw or "{}"}}

    def __repr__(self) -> str:
        return "ToolCall(id=%r, name=%r, arguments_raw=%r)" % (self.id, self.name, self.arguments_raw)


class AssistantMessage:
    """The final assistant message of one streamed answer.

    Attributes:
        content: The answer, with inline think blocks removed.
        reasoning: The visible reasoning (reasoning fields, thinking parts, think blocks).
        refusal: The refusal text, or ``None``.
        tool_calls: The complete tool calls, in order.
        finish_reason: Why the model stopped (see :class:`..loop.messages.StreamFinished`).
        reasoning_details: Opaque reasoning items (OpenRouter ``reasoning_details``, including
            ``reasoning.encrypted``; Responses ``reasoning`` items), kept to be sent back.
    """

    def __init__(self, content: str = "", reasoning: str = "", refusal: Optional[str] = None,
                 tool_calls: Optional[List[ToolCall]] = None, finish_reason: Optional[str] = None,
                 reasoning_details: Optional[List[Dict[str, Any]]] = None) -> None:
        self.content = valid_text(content)
        self.reasoning = valid_text(reasoning)
        self.refusal = valid_text(refusal)
        self.tool_calls = list(tool_calls or [])
        self.finish_reason = finish_reason
        self.reasoning_details = list(reasoning_details or [])

    def to_api_dict(self, include_reasoning_details: bool = False) -> Dict[str, Any]:
        """The message to append to the history for the next request.

        Args:
            include_reasoning_details: Also send ``reasoning_details`` back (OpenRouter wants
                them to continue reasoning across tool calls; other servers may reject them).

        Returns:
            ``{"role": "assistant", "content": ..., "tool_calls": [...]}``. ``content`` is the
            answer (the refusal when there is no answer; ``None`` when there is no text but
            there are tool calls); ``tool_calls`` is left out when there are none.
        """
        content: Optional[str] = self.content or self.refusal or ""
        if self.tool_calls and not content:
            content = None
        message: Dict[str, Any] = {"role": "assistant", "content": content}
        if self.tool_calls:
            message["tool_calls"] = [call.to_api_dict() for call in self.tool_calls]
        if include_reasoning_details and self.reasoning_details:
            message["reasoning_details"] = list(self.reasoning_details)
        return message

    def __repr__(self) -> str:
        return ("AssistantMessage(content=%r, reasoning=%r, refusal=%r, tool_calls=%r, "
                "finish_reason=%r)" % (self.content, self.reasoning, self.refusal,
                                       self.tool_calls, self.finish_reason))
