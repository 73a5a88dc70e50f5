"""The settings dialog's fields as text, checked and converted (no UI here).

:func:`form_from_settings` turns the stored values into the texts the dialog shows;
:func:`parse_form` checks what the user typed and returns the values to store, or a
plain message per field that is wrong (shown next to that field; nothing is saved).
Numbers accept a decimal comma; an empty optional field means "the server's default", an
empty required one the schema's default (passed in from the .xcs, see :mod:`.schema`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Mapping, Optional, Tuple

from .schema import Defaults
from .views import PICTURE_SETTINGS, Settings
from ..llm.endpoints import PRESETS
from ..errors import InvalidUrlError
from ..i18n import _
from ..llm.url_normalize import normalize_base_url, origin_of

EXTRA_LIMIT = 4000
LIMITS = {"temperature": (0.0, 2.0), "max_tokens": (1, 1000000), "timeout": (5, 3600),
          "max_rounds": (1, 100), "agents_port": (1024, 65535), "prompt_concurrency": (1, 16),
          "prompt_confirm": (0, 100000)}
TEXT_FIELDS = ("preset", "url", "model", "key", "temperature", "max_tokens", "timeout",
               "max_rounds", "extra", "agents_port", "prompt_concurrency", "prompt_confirm", "pictures")


@dataclass
class SettingsValues:
    """Checked values, ready to store."""

    temperature: float
    """Negative: send none (the server's default)."""
    max_tokens: int
    """0: send none (the server's default)."""
    timeout: int
    max_rounds: int
    preset: str = ""
    url: str = ""
    """The normalized base URL ("" when not configured)."""
    model: str = ""
    key: str = ""
    extra: str = ""
    agents_port: int = 0
    """The MCP server's port on 127.0.0.1."""
    prompt_concurrency: int = 0
    """Most PROMPT() cells asked at once."""
    prompt_confirm_above: int = 0
    """More new PROMPT() cells than this at once are asked only after the user agrees (0: never ask)."""
    pictures: str = "auto"
    """Whether a tool's pictures go to the model: ``auto``, ``on`` or ``off``."""

    def endpoint_group(self) -> Dict[str, object]:
        """The values of the ``Endpoint`` settings group."""
        return {"URL": self.url, "Model": self.model, "Preset": self.preset,
                "RequestTimeout": self.timeout}

    def chat_group(self) -> Dict[str, object]:
        """The values of the ``Chat`` settings group."""
        return {"Temperature": self.temperature, "MaxTokens": self.max_tokens,
                "MaxToolRounds": self.max_rounds, "ExtraInstructions": self.extra, "Pictures": self.pictures}

    def calc_group(self) -> Dict[str, object]:
        """The values of the ``Calc`` settings group (the PROMPT() function)."""
        return {"PromptConcurrency": self.prompt_concurrency, "PromptConfirmAbove": self.prompt_confirm_above}


def _number_text(value: object, empty_below: float) -> str:
    if not isinstance(value, (int, float)) or value < empty_below:
        return ""
    return ("%g" % value) if isinstance(value, float) else str(value)


def form_from_settings(stored: Settings, key: str = "") -> Dict[str, str]:
    """The dialog's field texts for the stored settings."""
    endpoint, chat = stored.endpoint, stored.chat
    return {"preset": endpoint.preset, "url": endpoint.url, "model": endpoint.model, "key": key or "",
            "temperature": _number_text(chat.temperature, 0), "max_tokens": _number_text(chat.max_tokens, 1),
            "timeout": _number_text(int(endpoint.request_timeout), 1),
            "max_rounds": _number_text(chat.max_tool_rounds, 1), "extra": chat.extra_instructions,
            "agents_port": _number_text(stored.agents.port, 1),
            "prompt_concurrency": _number_text(stored.calc.prompt_concurrency, 1),
            "prompt_confirm": _number_text(stored.calc.prompt_confirm_above, 0), "pictures": chat.pictures}


def _shown(number: float) -> str:
    return "{:,}".format(number) if isinstance(number, int) else "%g" % number


def _number(text: str, field: str, integer: bool) -> Tuple[Optional[float], str]:
    low, high = LIMITS[field]
    cleaned = text.strip().replace(" ", "").replace("\u00a0", "")
    try:
        value = int(cleaned) if integer else float(cleaned.replace(",", "."))
    except ValueError:
        template = _("Enter a whole number from %s to %s.") if integer else _("Enter a number from %s to %s.")
        return None, template % (_shown(low), _shown(high))
    if not low <= value <= high:
        return None, _("Must be from %s to %s.") % (_shown(low), _shown(high))
    return value, ""


def url_preview(text: str, preset: str = "") -> Tuple[str, str]:
    """``(info, error)`` to show under the address field while the user types.

    For Ollama (chosen, or recognised by its port or ``/api`` path) the chat goes to its
    native ``/api/chat``, the one API of Ollama that honours the context size.
    """
    if not (text or "").strip():
        return "", ""
    try:
        target = normalize_base_url(text)
    except InvalidUrlError as error:
        return "", error.user_message
    if "ollama" in (preset, target.kind_hint):
        return _("Requests go to %s/api/chat (Ollama's native API)") % origin_of(target.base_url), ""
    return (_("Requests go to %s") % target.chat_url) + ((". " + target.note) if target.note else ""), ""


def preset_for_url(text: str) -> Optional[str]:
    """The preset a pasted address belongs to (by host and port), or None."""
    try:
        return normalize_base_url(text).kind_hint
    except InvalidUrlError:
        return None


def parse_form(form: Mapping[str, str], defaults: Defaults) -> Tuple[Optional[SettingsValues], Dict[str, str]]:
    """Check the dialog's texts.

    Args:
        form: Field name (see ``TEXT_FIELDS``) to the text the user entered.
        defaults: The schema's defaults (for the fields left empty).

    Returns:
        ``(values, {})`` when everything is valid, else ``(None, errors)`` where errors
        maps each wrong field to one plain sentence.
    """
    text = {name: str(form.get(name) or "") for name in TEXT_FIELDS}
    errors: Dict[str, str] = {}
    chat, endpoint = defaults["Chat"], defaults["Endpoint"]
    agents, calc = defaults["Agents"], defaults["Calc"]
    values = SettingsValues(temperature=float(chat["Temperature"]), max_tokens=int(chat["MaxTokens"]),
                            timeout=int(endpoint["RequestTimeout"]), max_rounds=int(chat["MaxToolRounds"]),
                            preset=text["preset"] if text["preset"] in PRESETS else "",
                            model=text["model"].strip(), extra=text["extra"].strip(),
                            agents_port=int(agents["Port"]), prompt_concurrency=int(calc["PromptConcurrency"]),
                            prompt_confirm_above=int(calc["PromptConfirmAbove"]),
                            pictures=text["pictures"] if text["pictures"] in PICTURE_SETTINGS else str(chat["Pictures"]))
    if text["url"].strip():
        _info, problem = url_preview(text["url"])
        if problem:
            errors["url"] = problem
        else:
            values.url = normalize_base_url(text["url"]).base_url
    values.key = text["key"].strip()
    if any(ch.isspace() for ch in values.key):
        errors["key"] = _("An API key has no spaces or line breaks.")
    for field, integer, attribute in (("temperature", False, "temperature"),
                                      ("max_tokens", True, "max_tokens"),
                                      ("timeout", True, "timeout"),
                                      ("max_rounds", True, "max_rounds"),
                                      ("agents_port", True, "agents_port"),
                                      ("prompt_concurrency", True, "prompt_concurrency"),
                                      ("prompt_confirm", True, "prompt_confirm_above")):
        if not text[field].strip():
            continue  # empty: the default
        number, problem = _number(text[field], field, integer)
        if problem:
            errors[field] = problem
        else:
            setattr(values, attribute, number)
    if len(values.extra) > EXTRA_LIMIT:
        errors["extra"] = _("Keep the instructions under %d characters.") % EXTRA_LIMIT
    return (None, errors) if errors else (values, {})
