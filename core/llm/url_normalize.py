"""Turn whatever endpoint address a user pastes into a base URL that works.

Users paste every form (see landscape §4, "endpoint URL confusion"): a bare host,
``host:port``, the base with or without ``/v1`` and a trailing slash, the full
``/v1/chat/completions``, Ollama's native ``/api``, ``/api/chat`` or
``/api/generate``, with spaces, quotes or no scheme. :func:`normalize_base_url` maps
them all to the OpenAI-compatible base (``…/v1``) and says what it changed, so the
settings dialog can show "Requests go to http://127.0.0.1:11434/v1/chat/completions".
"""
from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from typing import Optional, Tuple
from urllib.parse import urlsplit, urlunsplit

from ..errors import InvalidUrlError
from ..i18n import _

LOCAL_PORT_KINDS = {11434: "ollama", 1234: "lmstudio", 8080: "llamacpp", 8000: "vllm"}
HOST_KINDS = {"openrouter.ai": "openrouter", "api.openai.com": "openai"}
# Paths that name an API operation rather than the base; longest first.
_OPERATION_SUFFIXES = ("/chat/completions", "/completions", "/responses", "/models",
                       "/embeddings")
_OLLAMA_NATIVE = re.compile(r"^/api(?:/(?:chat|generate|tags|show|ps|embed|embeddings|"
                            r"version|pull|create|copy|delete|push))?$")


@dataclass(frozen=True)
class NormalizedUrl:
    """The result of :func:`normalize_base_url`.

    Attributes:
        base_url: The OpenAI-compatible base, e.g. ``http://127.0.0.1:11434/v1``.
        chat_url: Where chat requests go (``base_url + "/chat/completions"``).
        kind_hint: A preset key guessed from host and port (``ollama``, ``lmstudio``,
            ``llamacpp``, ``vllm``, ``openrouter``, ``openai``), or None.
        note: A plain sentence describing what was changed ("" when nothing was).
    """

    base_url: str
    chat_url: str
    kind_hint: Optional[str]
    note: str

    @property
    def models_url(self) -> str:
        """Where the model list is read (``base_url + "/models"``)."""
        return self.base_url + "/models"


def is_local_host(host: str) -> bool:
    """True for localhost, private, link-local and single-label or .local names."""
    if host == "localhost" or host.endswith((".local", ".localhost", ".lan", ".home")) \
            or "." not in host:
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_private or address.is_loopback or address.is_link_local


def _clean(text: str) -> str:
    text = (text or "").strip().strip("\"'<>").strip()
    if not text:
        raise InvalidUrlError(_("The endpoint address is empty."))
    if any(ch.isspace() for ch in text):
        raise InvalidUrlError(_('"%s" is not a web address: it contains spaces.') % text)
    return text


def _split(text: str) -> Tuple[str, str, str, str]:
    """(scheme, netloc, path, note) with a scheme supplied when missing."""
    match = re.match(r"^([a-zA-Z][a-zA-Z0-9+.\-]*)://", text)
    note = ""
    if not match:
        host = urlsplit("//" + text).hostname or ""
        scheme = "http" if is_local_host(host) else "https"
        text = "%s://%s" % (scheme, text)
        note = _("Added %s:// in front of the address.") % scheme
    parts = urlsplit(text)
    if parts.scheme.lower() not in ("http", "https"):
        raise InvalidUrlError(_('"%s" must start with http:// or https://.') % text)
    try:
        parts.port
    except ValueError:
        raise InvalidUrlError(_('The port in "%s" is not a number from 1 to 65535.')
                              % text) from None
    if not parts.hostname:
        raise InvalidUrlError(_('"%s" names no server.') % text)
    if parts.query or parts.fragment:
        note = _join(note, _("Dropped the part after ? or #."))
    return parts.scheme.lower(), parts.netloc.lower(), parts.path, note


def _join(note: str, more: str) -> str:
    return (note + " " + more).strip()


def _base_path(path: str) -> Tuple[str, str, bool]:
    """(base path, note, looks like Ollama) for the path the user typed."""
    path = re.sub(r"/{2,}", "/", path).rstrip("/")
    if _OLLAMA_NATIVE.match(path):
        return "/v1", _("Used Ollama's OpenAI-compatible /v1 instead of its native /api."), True
    for suffix in _OPERATION_SUFFIXES:
        if path.lower().endswith(suffix):
            base = path[:-len(suffix)].rstrip("/")
            return base, _("Removed %s: the base URL stops before it.") % suffix, False
    if not path:
        return "/v1", _("Added /v1, where OpenAI-compatible servers answer."), False
    return path, "", False


def _kind_for(host: str, port: Optional[int], ollama_path: bool) -> Optional[str]:
    if ollama_path:
        return "ollama"
    if host in HOST_KINDS:
        return HOST_KINDS[host]
    if port in LOCAL_PORT_KINDS and is_local_host(host):
        return LOCAL_PORT_KINDS[port]
    return None


def normalize_base_url(text: str) -> NormalizedUrl:
    """Normalize a pasted endpoint address to an OpenAI-compatible base URL.

    Args:
        text: What the user typed (``localhost:11434``, ``…/v1/chat/completions`` …).

    Returns:
        The :class:`NormalizedUrl`.

    Raises:
        InvalidUrlError: For an empty text, spaces inside, a non-http scheme or a bad port.
    """
    scheme, netloc, path, note = _split(_clean(text))
    base_path, path_note, ollama_path = _base_path(path)
    base_url = urlunsplit((scheme, netloc, base_path, "", ""))
    parts = urlsplit(base_url)
    kind = _kind_for(parts.hostname or "", parts.port, ollama_path)
    return NormalizedUrl(base_url, base_url + "/chat/completions", kind,
                         _join(note, path_note))


def origin_of(base_url: str) -> str:
    """``http://host:port`` of a base URL (where native APIs such as ``/api/tags`` live)."""
    parts = urlsplit(base_url)
    return urlunsplit((parts.scheme, parts.netloc, "", "", ""))
