"""Local model servers with a personality: they answer by rules, like the real ones.

Unlike :class:`~support.scripted_server.ScriptedServer` (a queue of canned replies),
a :class:`PersonalityServer` looks at each request (path, headers, body) and answers
the way a kind of server does:

* :class:`OpenAILike`: ``/v1/models``; streamed chat with usage; structured tool calls
  streamed OpenAI's way (id and name first, then argument fragments); optional
  reasoning field;
* :class:`OllamaLike`: ``/api/version``, ``/api/tags``, ``/api/show`` (context length,
  capabilities), native ``/api/chat`` in NDJSON (thinking, complete tool calls with
  object arguments, ``done_reason``), and ``/v1`` as Ollama serves it;
* :class:`LlamaCppPythonLike`: repeats the tool name and id on every streamed delta and
  sends the legacy ``function_call`` beside ``tool_calls``; no context information;
* :class:`LlamaServerLike`: llama.cpp's server, ``/props`` with ``n_ctx``, think tags;
* :class:`NoToolsServer`: rejects requests with tools (400) or, with
  ``reject=False``, ignores them and writes the call as text;
* any personality with ``api_key`` set answers 401 to requests without that key.

Every request is recorded in ``server.requests`` (see ``RecordedRequest``).
"""
from __future__ import annotations

import json
import threading
from typing import List, Optional

from support.scripted_server import (RecordedRequest, Reply, ScriptedServer, chat_chunk,
                                     json_reply, sse_reply)


def ndjson_reply(lines, delay: float = 0.0) -> Reply:
    """A 200 ``application/x-ndjson`` reply, one JSON object per chunk and line."""
    chunks = [(json.dumps(line) + "\n").encode("utf-8") for line in lines]
    return Reply(200, {"Content-Type": "application/x-ndjson"}, chunks, delay=delay)


def error_reply(status: int, message: str) -> Reply:
    return json_reply({"error": {"message": message, "type": "invalid_request_error"}}, status)


class Personality:
    """OpenAI-compatible basics; subclasses change what differs."""

    models = ("test-model",)
    api_key: Optional[str] = None
    reasoning_field: Optional[str] = None
    """Stream a piece of reasoning in this delta field first (``reasoning_content``…)."""
    text = "ok"
    call_tools = True
    """Answer requests that offer tools with a tool call (False: always with text)."""

    def reply(self, request: RecordedRequest) -> Reply:
        if self.api_key and request.headers.get("Authorization") != "Bearer " + self.api_key:
            return error_reply(401, "Incorrect API key provided.")
        path = request.path.split("?", 1)[0]
        if request.method == "GET" and path.endswith("/models"):
            return json_reply({"object": "list", "data": [{"id": m, "object": "model"} for m in self.models]})
        if request.method == "POST" and path.endswith("/chat/completions"):
            body = request.json() or {}
            if body.get("model") not in self.models:
                return error_reply(404, "The model `%s` does not exist." % body.get("model"))
            return self.tool_reply(body) if body.get("tools") and self.call_tools else self.text_reply(body)
        return self.other(request, path)

    def other(self, request: RecordedRequest, path: str) -> Reply:
        return json_reply({"error": {"message": "Not found: %s" % path}}, 404)

    def text_reply(self, body) -> Reply:
        chunks = []
        if self.reasoning_field:
            chunks.append({"choices": [{"index": 0, "delta": {self.reasoning_field: "Thinking briefly."},
                                        "finish_reason": None}]})
        chunks += [chat_chunk(content=self.text), chat_chunk(finish_reason="stop"),
                   {"choices": [], "usage": {"prompt_tokens": 12, "completion_tokens": 1, "total_tokens": 13}}]
        return sse_reply(chunks)

    def tool_reply(self, body) -> Reply:
        name = body["tools"][0]["function"]["name"]
        first = {"index": 0, "id": "call_1", "type": "function", "function": {"name": name, "arguments": ""}}
        return sse_reply([chat_chunk(tool_calls=[first]),
                          chat_chunk(tool_calls=[{"index": 0, "function": {"arguments": '{"status": '}}]),
                          chat_chunk(tool_calls=[{"index": 0, "function": {"arguments": '"ok"}'}}]),
                          chat_chunk(finish_reason="tool_calls")])


class OpenAILike(Personality):
    models = ("gpt-test", "gpt-test-mini")


class LlamaCppPythonLike(Personality):
    """llama-cpp-python's server: name and id repeated on every tool delta, plus function_call.

    As measured with SmolLM2 (shared/docs/local-model.md): a forced ``tool_choice`` object
    yields a valid call, ``tool_choice: "auto"`` is ignored and the model writes text.
    """

    models = ("smollm2",)

    def tool_reply(self, body) -> Reply:
        if not isinstance(body.get("tool_choice"), dict):
            return sse_reply([chat_chunk(content="I would be happy to help with the weather."),
                              chat_chunk(finish_reason="stop")])
        name = body["tools"][0]["function"]["name"]
        chunks = []
        for piece in ('{"status"', ': "ok"}'):
            call = {"index": 0, "id": "call_x", "type": "function", "function": {"name": name, "arguments": piece}}
            chunk = chat_chunk(tool_calls=[call])
            chunk["choices"][0]["delta"]["function_call"] = {"name": name, "arguments": piece}
            chunks.append(chunk)
        chunks.append(chat_chunk(finish_reason="tool_calls"))
        return sse_reply(chunks)


class LlamaServerLike(Personality):
    """llama.cpp's llama-server: /props gives n_ctx; reasoning in reasoning_content."""

    models = ("qwen.gguf",)
    reasoning_field = "reasoning_content"
    n_ctx = 8192

    def other(self, request, path):
        if path == "/props":
            return json_reply({"default_generation_settings": {"n_ctx": self.n_ctx}, "total_slots": 1})
        return super().other(request, path)


class NoToolsServer(Personality):
    """A server without tool support: rejects ``tools`` or ignores them and writes text."""

    models = ("plain-model",)

    def __init__(self, reject: bool = True):
        self.reject = reject

    def tool_reply(self, body) -> Reply:
        if self.reject:
            return error_reply(400, "This model does not support tools.")
        text = '{"name": "%s", "arguments": {"status": "ok"}}' % body["tools"][0]["function"]["name"]
        return sse_reply([chat_chunk(content=text), chat_chunk(finish_reason="stop")])


class OllamaLike(Personality):
    """Ollama: native /api endpoints and NDJSON chat, /v1 beside them."""

    models = ("qwen3:8b", "llama3.2:latest")
    version = "0.5.7"
    context_length = 40960
    capabilities = ("completion", "tools", "thinking")
    text = "Hello from Ollama."

    def other(self, request, path):
        if path == "/api/version":
            return json_reply({"version": self.version})
        if path == "/api/tags":
            return json_reply({"models": [{"name": m, "model": m} for m in self.models]})
        if path == "/api/ps":
            return json_reply({"models": []})
        if path == "/api/show":
            return self.show(request.json() or {})
        if path == "/api/chat":
            return self.chat(request.json() or {})
        return super().other(request, path)

    def known(self, name) -> bool:
        """Ollama takes ``llama3.2`` for ``llama3.2:latest``."""
        return name in self.models or "%s:latest" % name in self.models

    def show(self, body) -> Reply:
        if not self.known(body.get("model")):
            return json_reply({"error": "model '%s' not found" % body.get("model")}, 404)
        info = {"general.architecture": "qwen3", "qwen3.context_length": self.context_length}
        return json_reply({"model_info": info, "parameters": "temperature 0.6",
                           "capabilities": list(self.capabilities)})

    def chat(self, body) -> Reply:
        if not self.known(body.get("model")):
            return json_reply({"error": "model '%s' not found" % body.get("model")}, 404)
        message = {"role": "assistant", "content": ""}
        lines = []
        if body.get("think"):
            lines.append({"message": dict(message, thinking="Let me think."), "done": False})
        if body.get("tools") and self.call_tools:
            call = {"function": {"name": body["tools"][0]["function"]["name"], "arguments": {"status": "ok"}}}
            lines.append({"message": dict(message, tool_calls=[call]), "done": False})
        else:
            for word in self.text.split(" "):
                lines.append({"message": dict(message, content=word + " "), "done": False})
        lines.append({"message": message, "done": True, "done_reason": "stop",
                      "prompt_eval_count": 30, "eval_count": 3})
        return ndjson_reply(lines)


class PersonalityServer(ScriptedServer):
    """A :class:`ScriptedServer` whose replies come from a :class:`Personality`.

    Replies queued with :meth:`enqueue` still win, so a test can script one odd answer.
    """

    def __init__(self, personality: Personality, host: str = "127.0.0.1"):
        self.personality = personality
        self._current = threading.local()
        super().__init__(host)

    def _record(self, request: RecordedRequest) -> None:
        self._current.request = request
        super()._record(request)

    def _next_reply(self, path: str, method: str = "POST") -> Reply:
        routed = [q for prefix, q in self._routes.items() if path.startswith(prefix)]
        if self._replies or any(not q.empty() for q in routed):
            return super()._next_reply(path, method)
        return self.personality.reply(self._current.request)

    @property
    def origin(self) -> str:
        return "http://127.0.0.1:%d" % self.port

    def paths(self) -> List[str]:
        with self._lock:
            return [r.path for r in self.requests]

    def bodies(self, path: str) -> list:
        with self._lock:
            return [r.json() for r in self.requests if r.path == path]
