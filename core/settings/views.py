"""Typed, read-only views of the settings: one per configuration group, read once per turn.

The office side reads each group of ``/org.marginalia.Settings`` (schema:
registry/org/marginalia/Settings.xcs) and builds a :class:`Settings`; everything after
that uses the views, never string keys. The meaning of special values lives here, once:
a negative temperature and zero max tokens mean "send none, use the server's default";
a stored value that cannot be used (a timeout or round limit below 1) counts as the
schema's default, which comes from the .xcs too (:mod:`.schema`), never from a literal.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional, Tuple

from ..llm.request import OPENAI_APIS, ChatOptions
from .schema import Defaults

PICTURE_SETTINGS = ("auto", "on", "off")
"""The values of ``Chat/Pictures``: send a tool's pictures to the model when Ollama says it sees images,
always, or never (see core/agent/pictures.py)."""
DUCKDUCKGO = "duckduckgo"
SEARXNG = "searxng"


class _Group:
    """Reads one group's raw values, falling back to the schema's default for missing ones."""

    def __init__(self, values: Mapping[str, object], defaults: Mapping[str, object]):
        self._values, self._defaults = values, defaults

    def text(self, name: str) -> str:
        value = self._values.get(name)
        return str(self._defaults.get(name, "") if value is None else value).strip()

    def number(self, name: str, lowest: float):
        """The value, or the schema's default when it is missing or below ``lowest``."""
        value = self._values.get(name)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < lowest:
            return self._defaults[name]
        return value

    def raw(self, name: str):
        value = self._values.get(name)
        return self._defaults.get(name) if value is None else value


@dataclass(frozen=True)
class EndpointSettings:
    """The ``Endpoint`` group: where the model is and how to talk to it (the key is in the password store)."""

    url: str
    model: str
    preset: str
    ca_file: str
    pinned_certificate: str
    request_timeout: float
    """Seconds of silence allowed while waiting for the server."""
    embedded_url: str
    """The address of the embedded local model ``make run`` started ("" when none)."""
    tool_strategy: str
    api: str
    """``chat``, ``responses`` or ``auto``."""

    @classmethod
    def from_values(cls, values: Mapping[str, object], defaults: Mapping[str, object]) -> "EndpointSettings":
        """Build the view from the group's raw values and the schema's defaults."""
        group = _Group(values, defaults)
        api = group.text("Api").lower()
        return cls(url=group.text("URL"), model=group.text("Model"), preset=group.text("Preset"),
                   ca_file=group.text("CaFile"), pinned_certificate=group.text("PinnedCertificate"),
                   request_timeout=float(group.number("RequestTimeout", 1)), embedded_url=group.text("EmbeddedURL"),
                   tool_strategy=group.text("ToolStrategy") or str(defaults["ToolStrategy"]),
                   api=api if api in OPENAI_APIS else str(defaults["Api"]))

    @property
    def configured(self) -> bool:
        """True when both an address and a model are set."""
        return bool(self.url and self.model)

    @property
    def uses_embedded_model(self) -> bool:
        """True while the chat uses the embedded local model ``make run`` started."""
        return bool(self.url) and self.url == self.embedded_url


def _picture_setting(value: str, defaults: Mapping[str, object]) -> str:
    return value if value in PICTURE_SETTINGS else str(defaults.get("Pictures", "auto"))


@dataclass(frozen=True)
class ChatSettings:
    """The ``Chat`` group: how the model is asked."""

    temperature: Optional[float]
    """None: send none, the server decides."""
    max_tokens: Optional[int]
    """None: send none, the server decides."""
    max_tool_rounds: int
    extra_instructions: str
    pictures: str = "auto"
    """Whether a tool's pictures go to the model: ``auto``, ``on`` or ``off`` (see core/agent/pictures.py)."""

    @classmethod
    def from_values(cls, values: Mapping[str, object], defaults: Mapping[str, object]) -> "ChatSettings":
        """Build the view from the group's raw values and the schema's defaults."""
        group = _Group(values, defaults)
        temperature = group.raw("Temperature")
        max_tokens = group.raw("MaxTokens")
        return cls(temperature=float(temperature) if isinstance(temperature, (int, float)) and temperature >= 0
                   else None,
                   max_tokens=int(max_tokens) if isinstance(max_tokens, (int, float)) and max_tokens > 0 else None,
                   max_tool_rounds=int(group.number("MaxToolRounds", 1)),
                   extra_instructions=group.text("ExtraInstructions"),
                   pictures=_picture_setting(group.text("Pictures").lower(), defaults))

    @property
    def options(self) -> ChatOptions:
        """What every request sends (``None`` fields are left out)."""
        return ChatOptions(temperature=self.temperature, max_tokens=self.max_tokens)


@dataclass(frozen=True)
class WriterSettings:
    """The ``Writer`` group."""

    review_mode: bool
    """The assistant's edits are recorded as tracked changes."""

    @classmethod
    def from_values(cls, values: Mapping[str, object], defaults: Mapping[str, object]) -> "WriterSettings":
        """Build the view from the group's raw values and the schema's defaults."""
        return cls(review_mode=bool(_Group(values, defaults).raw("ReviewMode")))


@dataclass(frozen=True)
class ResearchSettings:
    """The ``Research`` group: how research searches, and what it may contact."""

    backend: str
    """``duckduckgo`` or ``searxng``."""
    duckduckgo_url: str
    searxng_url: str
    local_only: bool
    """Nothing leaves this computer: research is off and only a local model server is used."""
    allowed_local_hosts: Tuple[str, ...]
    """Hosts on this computer or the local network the user allows research to read."""

    @classmethod
    def from_values(cls, values: Mapping[str, object], defaults: Mapping[str, object]) -> "ResearchSettings":
        """Build the view from the group's raw values and the schema's defaults."""
        group = _Group(values, defaults)
        hosts = group.text("AllowedLocalHosts").replace(";", ",").replace(" ", ",")
        return cls(backend=SEARXNG if group.text("SearchBackend").lower() == SEARXNG else DUCKDUCKGO,
                   duckduckgo_url=group.text("DuckDuckGoUrl") or str(defaults["DuckDuckGoUrl"]),
                   searxng_url=group.text("SearxngUrl"), local_only=bool(group.raw("LocalOnly")),
                   allowed_local_hosts=tuple(host.strip() for host in hosts.split(",") if host.strip()))

    @property
    def search_url(self) -> str:
        """The configured search service's address ("" for SearXNG without an address)."""
        return self.searxng_url if self.backend == SEARXNG else self.duckduckgo_url

    @property
    def service_name(self) -> str:
        """The search service as the user knows it."""
        return "SearXNG" if self.backend == SEARXNG else "DuckDuckGo"


@dataclass(frozen=True)
class AgentSettings:
    """The ``Agents`` group: Marginalia as an MCP server for other agents."""

    server_enabled: bool
    """Start the MCP server when LibreOffice starts."""
    port: int
    read_only: bool
    """Agents see only the tools that do not change documents."""
    allowed_clients: Tuple[str, ...]
    """Client names the user allowed always."""
    ask_approval: bool
    """Ask the user the first time a new client calls a tool."""
    question_seconds: int
    """Seconds a call waits for the user's answer about a new client before it is told to call again."""

    @classmethod
    def from_values(cls, values: Mapping[str, object], defaults: Mapping[str, object]) -> "AgentSettings":
        """Build the view from the group's raw values and the schema's defaults."""
        group = _Group(values, defaults)
        port = int(group.number("Port", 1))
        names = [line.strip() for line in group.text("AllowedClients").splitlines()]
        return cls(server_enabled=bool(group.raw("ServerEnabled")),
                   port=port if port < 65536 else int(defaults["Port"]), read_only=bool(group.raw("ReadOnly")),
                   allowed_clients=tuple(name for name in names if name), ask_approval=bool(group.raw("AskApproval")),
                   question_seconds=int(group.number("QuestionSeconds", 1)))


@dataclass(frozen=True)
class CalcSettings:
    """The ``Calc`` group: how the PROMPT() cell function asks."""

    prompt_concurrency: int
    """Most PROMPT requests running at once."""
    prompt_confirm_above: int
    """More new PROMPT cells than this at once are asked only after the user agrees (0: never ask)."""

    @classmethod
    def from_values(cls, values: Mapping[str, object], defaults: Mapping[str, object]) -> "CalcSettings":
        """Build the view from the group's raw values and the schema's defaults."""
        group = _Group(values, defaults)
        return cls(prompt_concurrency=int(group.number("PromptConcurrency", 1)),
                   prompt_confirm_above=int(group.number("PromptConfirmAbove", 0)))


@dataclass(frozen=True)
class Settings:
    """Every group, as read at one moment (a turn reads this once)."""

    endpoint: EndpointSettings
    chat: ChatSettings
    writer: WriterSettings
    research: ResearchSettings
    agents: AgentSettings
    calc: CalcSettings = CalcSettings(4, 50)

    @classmethod
    def from_groups(cls, groups: Mapping[str, Mapping[str, object]], defaults: Defaults) -> "Settings":
        """Build every view from ``{group: raw values}`` and the schema's defaults."""
        return cls(endpoint=EndpointSettings.from_values(groups.get("Endpoint", {}), defaults["Endpoint"]),
                   chat=ChatSettings.from_values(groups.get("Chat", {}), defaults["Chat"]),
                   writer=WriterSettings.from_values(groups.get("Writer", {}), defaults["Writer"]),
                   research=ResearchSettings.from_values(groups.get("Research", {}), defaults["Research"]),
                   agents=AgentSettings.from_values(groups.get("Agents", {}), defaults["Agents"]),
                   calc=CalcSettings.from_values(groups.get("Calc", {}), defaults.get("Calc", {"PromptConcurrency": 4,
                                                                                          "PromptConfirmAbove": 50})))
