"""A round's request for the Responses API (``POST /v1/responses``), made from its Chat Completions body.

The conversation becomes ``input`` items: the system prompt goes to ``instructions``,
user and assistant text become messages, each assistant tool call a ``function_call``
item and each tool result a ``function_call_output`` item with the same ``call_id``.
Tools take the Responses shape (``{"type": "function", "name", "description",
"parameters"}``, not strict, since our schemas are not written for strict mode), a forced
tool becomes ``{"type": "function", "name": …}``, ``max_tokens`` becomes
``max_output_tokens``. Nothing is stored on the server (``store: false``): every round
sends the whole conversation, as with Chat Completions. Reasoning summaries are asked
for (``reasoning.summary: auto``) unless the endpoint refused them before.

Field names: https://platform.openai.com/docs/api-reference/responses/create
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

REASONING_SUMMARY = {"summary": "auto"}


def responses_body(chat_body: Dict[str, Any], reasoning_summary: bool = True) -> Dict[str, Any]:
    """The Responses API body for a Chat Completions body (see the module docstring).

    Args:
        chat_body: What :func:`.request.build_chat_body` built (and the budget trimmed).
        reasoning_summary: Ask for reasoning summaries (the thinking shown in the panel).

    Returns:
        A new dict, ready for ``json.dumps``.
    """
    instructions, items = responses_input(chat_body.get("messages") or [])
    body: Dict[str, Any] = {"model": chat_body.get("model", ""), "input": items, "stream": True, "store": False}
    if instructions:
        body["instructions"] = instructions
    tools = chat_body.get("tools")
    if tools:
        body["tools"] = [responses_tool(tool) for tool in tools]
        body["tool_choice"] = responses_tool_choice(chat_body.get("tool_choice"))
    if chat_body.get("temperature") is not None:
        body["temperature"] = chat_body["temperature"]
    if chat_body.get("max_tokens"):
        body["max_output_tokens"] = chat_body["max_tokens"]
    if reasoning_summary:
        body["reasoning"] = dict(REASONING_SUMMARY)
    return body


def responses_input(messages: List[Dict[str, Any]]) -> Tuple[str, List[Dict[str, Any]]]:
    """``(instructions, input items)`` for Chat Completions ``messages``."""
    instructions: List[str] = []
    items: List[Dict[str, Any]] = []
    for message in messages:
        role = message.get("role")
        if role == "system":
            instructions.append(_text_of(message.get("content")))
        elif role == "tool":
            items.append({"type": "function_call_output", "call_id": str(message.get("tool_call_id") or ""),
                          "output": _text_of(message.get("content"))})
        elif role == "assistant":
            items.extend(_assistant_items(message))
        else:
            items.append({"role": "user", "content": _user_content(message.get("content"))})
    return "\n\n".join(text for text in instructions if text), items


def _assistant_items(message: Dict[str, Any]) -> List[Dict[str, Any]]:
    items: List[Dict[str, Any]] = []
    text = _text_of(message.get("content"))
    if text:
        items.append({"role": "assistant", "content": text})
    for call in message.get("tool_calls") or []:
        function = call.get("function") or {}
        items.append({"type": "function_call", "call_id": str(call.get("id") or ""),
                      "name": function.get("name", ""), "arguments": function.get("arguments") or "{}"})
    return items


def _user_content(content: Any):
    """Text as it is; Chat Completions content parts as Responses input parts."""
    if not isinstance(content, list):
        return _text_of(content)
    parts = []
    for part in content:
        if not isinstance(part, dict):
            continue
        if part.get("type") == "text":
            parts.append({"type": "input_text", "text": part.get("text", "")})
        elif part.get("type") == "image_url":
            image = part.get("image_url")
            url = image.get("url") if isinstance(image, dict) else image
            parts.append({"type": "input_image", "image_url": url})
    return parts


def _text_of(content: Any) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    return str(content)


def responses_tool(tool: Dict[str, Any]) -> Dict[str, Any]:
    """A Chat Completions tool (``{"type": "function", "function": {…}}``) in the Responses shape."""
    function = tool.get("function") if isinstance(tool.get("function"), dict) else tool
    converted = {"type": "function", "name": function.get("name", ""),
                 "parameters": function.get("parameters") or {"type": "object", "properties": {}}, "strict": False}
    if function.get("description"):
        converted["description"] = function["description"]
    return converted


def responses_tool_choice(choice: Optional[Any]) -> Any:
    """``auto``/``none``/``required`` as they are; a forced function as ``{"type": "function", "name": …}``."""
    if isinstance(choice, dict):
        function = choice.get("function") or {}
        return {"type": "function", "name": function.get("name") or choice.get("name", "")}
    return choice or "auto"
