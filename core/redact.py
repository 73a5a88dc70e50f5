"""Remove secrets from text before it is shown, logged or stored.

Every error message and log line of the network layer goes through :func:`redact`.
It removes:

* values of credential headers and passwords (``Authorization``, ``Proxy-Authorization``, ``password``,
  ``X-Api-Key``, ``Api-Key``, ``Cookie``), in header form (``Name: value``) and in
  the quoted forms of a Python or JSON dict (``'Authorization': 'Bearer …'``);
* bearer and basic tokens (``Bearer …``, ``Basic …``);
* OpenAI-style keys (``sk-…``, ``sk-proj-…``, ``sk-or-v1-…``, ``sk-ant-…``);
* passwords in URLs (``http://user:secret@proxy:3128``) and key-like query
  parameters (``?api_key=…``, ``&key=…``, ``&token=…``);
* long random-looking tokens: a run of 24 or more letters and digits that mixes both
  (Hugging Face, GitHub, JWT segments). Model names such as
  ``DeepSeek-R1-Distill-Qwen-32B-Q4_K_M`` survive because their runs are short, and
  certificate fingerprints survive because we always print them colon-separated;
* every key Marginalia has sent (:func:`remember_secret`), whatever its format: a server
  that echoes a Google-style ``AIza…-…`` key or an opaque one would slip past the patterns.
"""
from __future__ import annotations

import re

MARK = "[redacted]"

_HEADER_NAMES = r"(?:proxy-)?authorization|x-api-key|api-key|cookie|set-cookie|password"

# Header line: "Authorization: Bearer abc" (value runs to the end of the line).
_HEADER_LINE = re.compile(r"(?im)^(\s*(?:%s)\s*:\s*)(\S.*?)\s*$" % _HEADER_NAMES)
# Quoted dict/JSON form: 'Authorization': 'Bearer abc' or "authorization":"abc".
_HEADER_QUOTED = re.compile(
    r"""(?i)(["'](?:%s)["']\s*[:=,]\s*["'])([^"']*)(["'])""" % _HEADER_NAMES)
# Inline form inside a sentence: "authorization=Bearer abc" or "Authorization: abc".
_HEADER_INLINE = re.compile(
    r"(?i)\b((?:%s)\s*[:=]\s*)(?!\[redacted\])(?:(?:bearer|basic|token)\s+)?(\S+)"
    % _HEADER_NAMES)
_SCHEME_TOKEN = re.compile(r"(?i)\b(bearer|basic)(\s+)(?!\[redacted\])([A-Za-z0-9._~+/=\-]{4,})")
_SK_KEY = re.compile(r"\bsk-[A-Za-z0-9_\-]{8,}")
_URL_PASSWORD = re.compile(r"(?i)\b([a-z][a-z0-9+.\-]*://[^\s:/@]+:)([^\s@/]+)(@)")
_QUERY_KEY = re.compile(
    r"(?i)([?&](?:api[_-]?key|key|token|access_token|password)=)([^&\s#\"']+)")
_LONG_RUN = re.compile(r"(?<![A-Za-z0-9])[A-Za-z0-9]{24,}(?![A-Za-z0-9])")


_known_secrets: "set[str]" = set()
_cache: "dict[str, str]" = {}
_cache_chars = [0]
CACHE_CHARS = 4000000
"""Characters of text whose redacted form is remembered (the stored history is redacted again
on every save; without the cache that cost grew with the conversation, 16 ms at 200 turns)."""


def remember_secret(value: "str | None") -> None:
    """Hide ``value`` wherever :func:`redact` runs from now on (called for every key sent).

    Short or word-like values (the dummy keys local servers accept, such as ``ollama``) are
    not remembered, so they cannot eat ordinary words out of messages.
    """
    value = (value or "").strip()
    if len(value) >= 12 and _credential_like(value) and value not in _known_secrets:
        _known_secrets.add(value)
        _forget_cache()


def _forget_cache() -> None:
    _cache.clear()
    _cache_chars[0] = 0


def _credential_like(token: str) -> bool:
    """True for what a credential looks like, False for an ordinary word ("Basic income").

    Credentials almost always contain a digit, a symbol or a capital letter after the
    first character; prose words do not.
    """
    if len(token) < 6:
        return False
    return any(ch.isdigit() or ch in "._~+/=-" for ch in token) or any(ch.isupper() for ch in token[1:])


def _inline_header(match: "re.Match[str]") -> str:
    """Redact an inline credential header; "cookie: chocolate" in prose is left alone."""
    name = match.group(1).lower()
    if "cookie" in name and not _credential_like(match.group(2)):
        return match.group(0)
    return match.group(1) + MARK


def _looks_random(match: "re.Match[str]") -> str:
    run = match.group(0)
    has_digit = any(ch.isdigit() for ch in run)
    has_alpha = any(ch.isalpha() for ch in run)
    return MARK if has_digit and has_alpha else run


def redact(text: object) -> str:
    """Return ``text`` (any object, converted with ``str``) with secrets replaced.

    Args:
        text: A message, log line, header dump or exception text.

    Returns:
        The same text with every credential replaced by ``[redacted]``.
    """
    if text is None:
        return ""
    result = str(text)
    if not result:
        return result
    known = _cache.get(result)
    if known is not None:
        return known
    redacted = _redact(result)
    if _cache_chars[0] + len(result) > CACHE_CHARS:
        _forget_cache()
    _cache[result] = redacted
    _cache_chars[0] += len(result)
    return redacted


def _redact(result: str) -> str:
    for secret in tuple(_known_secrets):
        if secret in result:
            result = result.replace(secret, MARK)
    result = _HEADER_LINE.sub(lambda m: m.group(1) + MARK, result)
    result = _HEADER_QUOTED.sub(lambda m: m.group(1) + MARK + m.group(3), result)
    result = _HEADER_INLINE.sub(_inline_header, result)
    result = _SCHEME_TOKEN.sub(
        lambda m: m.group(1) + m.group(2) + MARK if _credential_like(m.group(3)) else m.group(0), result)
    result = _SK_KEY.sub(MARK, result)
    result = _URL_PASSWORD.sub(lambda m: m.group(1) + MARK + m.group(3), result)
    result = _QUERY_KEY.sub(lambda m: m.group(1) + MARK, result)
    return _LONG_RUN.sub(_looks_random, result)
