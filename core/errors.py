"""Marginalia's own errors: one plain sentence for the user and one hint for what to do.

Every error carries ``user_message`` (what happened, one sentence, no jargon) and
``hint`` (what the user can do about it); ``str(error)`` is the ``user_message``.
Both pass through :func:`~.redact.redact`, so no key can leak into the UI or a log.
Other parts of Marginalia derive their own errors from :class:`MarginaliaError`.

The network layer maps socket, ssl and http.client exceptions onto this tree at the
edge (see :mod:`.net.error_mapping` and :mod:`.net.status_errors`)::

    MarginaliaError                    base: user_message, hint
    ├── NetworkError                   the link to the server failed
    │   ├── ConnectFailed              connection refused, host or network unreachable
    │   ├── DnsFailed                  the host name does not resolve
    │   ├── NetworkTimeout             no connection / no data within the timeout
    │   ├── TlsError                   certificate problem (problem, fingerprint_sha256)
    │   ├── ProxyError                 the proxy refused the request or the tunnel
    │   └── ConnectionDropped          the connection broke before the reply was complete
    ├── HttpStatusError                a non-2xx answer (status, body_excerpt, url)
    │   ├── AuthError                  401/403: the API key
    │   ├── NotFoundError              404: the model name or the URL
    │   ├── ContextOverflowError       the prompt does not fit the context window
    │   ├── RateLimited                429 (retry_after)
    │   ├── ServerError                5xx
    │   └── BadRequestError            any other 4xx (and unexpected 3xx)
    ├── ProtocolError                  the answer does not follow the protocol
    │   ├── NotAStreamError            200 but not an event stream (body kept)
    │   └── EmptyBodyError             200 with an empty body
    ├── InvalidUrlError                the endpoint URL cannot be used
    └── Cancelled                      the user pressed Stop
"""
from __future__ import annotations

from typing import Optional

from .i18n import N_, _
from .redact import redact


class MarginaliaError(Exception):
    """Base of every error Marginalia shows to a user.

    Subclasses set ``default_message`` and ``default_hint`` (marked with ``N_``, translated
    here) or pass their own text (already translated).

    Attributes:
        user_message: One plain sentence saying what happened.
        hint: What the user can do about it (may be empty).
    """

    default_message = N_("Something went wrong.")
    default_hint = ""

    def __init__(self, user_message: Optional[str] = None, hint: Optional[str] = None):
        self.user_message = redact(user_message or _(self.default_message))
        self.hint = redact(_(self.default_hint) if hint is None else hint)
        super().__init__(self.user_message)

    def __str__(self) -> str:
        return self.user_message


# --- the link --------------------------------------------------------------------

class NetworkError(MarginaliaError):
    """The connection to the server could not be made or broke."""

    default_message = N_("Could not talk to the server.")
    default_hint = N_("Check the URL in Settings and that the server is running.")


class ConnectFailed(NetworkError):
    """Nothing accepts connections at the address, or it cannot be reached."""

    def __init__(self, host: str, port: int, reason: str = "refused"):
        self.host, self.port, self.reason = host, port, reason
        where = "%s:%s" % (host, port)
        if reason == "refused":
            message = _("Could not connect to %s: nothing is listening there.") % where
            hint = _("Start the model server (for Ollama: ollama serve; for LM Studio: "
                     "start the local server) or check the port in the URL.")
        else:
            message = _("Could not reach %s: the host or network is unreachable.") % where
            hint = _("Check the address in the URL and your network connection.")
        super().__init__(message, hint)


class DnsFailed(NetworkError):
    """The host name of the URL does not resolve."""

    def __init__(self, host: str):
        self.host = host
        super().__init__(
            _('The server name "%s" could not be found.') % host,
            _("Check the spelling of the URL and your network connection."))


class NetworkTimeout(NetworkError):
    """No connection (phase ``connect``) or no data (phase ``read``) within the timeout."""

    def __init__(self, phase: str, seconds: Optional[float] = None, host: str = ""):
        self.phase, self.seconds, self.host = phase, seconds, host
        who = host or _("The server")
        if phase == "connect":
            message = (_("%s did not accept a connection within %g seconds.") % (who, seconds) if seconds
                       else _("%s did not accept a connection.") % who)
            hint = _("Check that the server is running and that the URL and proxy are right.")
        else:
            message = (_("The server stopped sending data for %g seconds.") % seconds if seconds
                       else _("The server stopped sending data."))
            hint = _("A large model on a slow computer can take long to start answering: "
                     "raise the read timeout in Settings or choose a smaller model.")
        super().__init__(message, hint)


class TlsError(NetworkError):
    """The HTTPS connection failed; ``problem`` names why.

    Attributes:
        problem: ``expired``, ``not_yet_valid``, ``self_signed``, ``hostname_mismatch``,
            ``unknown_ca``, ``untrusted`` (other verification failure), ``not_tls``
            (the server does not speak HTTPS), ``ca_file`` (the custom CA file cannot
            be used) or ``handshake`` (any other TLS failure).
        fingerprint_sha256: The server certificate's SHA-256 as ``AB:CD:…`` (None when
            unknown); the UI offers to trust exactly this certificate.
        pin_mismatch: True when a trusted (pinned) certificate was replaced by another.
    """

    _MESSAGES = {
        "expired": N_("The certificate of %s has expired."),
        "not_yet_valid": N_("The certificate of %s is not valid yet (check the computer's clock)."),
        "self_signed": N_("%s uses a self-signed certificate that this computer does not trust."),
        "hostname_mismatch": N_("The certificate of %s was issued for a different name."),
        "unknown_ca": N_("The certificate of %s is signed by an authority this computer does not trust."),
        "untrusted": N_("The certificate of %s could not be verified."),
        "not_tls": N_("%s did not answer with HTTPS."),
        "ca_file": N_("The certificate authority file for %s cannot be used."),
        "handshake": N_("The secure (TLS) connection to %s failed."),
    }

    def __init__(self, problem: str, host: str = "", fingerprint_sha256: Optional[str] = None,
                 detail: str = "", pin_mismatch: bool = False):
        self.problem, self.host, self.detail = problem, host, detail
        self.fingerprint_sha256 = fingerprint_sha256
        self.pin_mismatch = pin_mismatch
        who = host or _("The server")
        if pin_mismatch:
            message = _("The certificate of %s has changed since you chose to trust it.") % who
        else:
            message = _(self._MESSAGES.get(problem, self._MESSAGES["handshake"])) % who
        super().__init__(message, self._hint())

    def _hint(self) -> str:
        if self.problem == "not_tls":
            return _("If the server speaks plain HTTP, use a URL that starts with http://.")
        if self.problem == "ca_file":
            return _("Choose a PEM file with your certificate authority (%s).") % self.detail
        if self.fingerprint_sha256 is None:
            return _("Check the server's certificate and the computer's date and time.")
        trust = (_("If this is your own server, you can trust this exact certificate in "
                   "Settings (SHA-256 fingerprint %s) or add your certificate authority file.")
                 % self.fingerprint_sha256)
        if self.pin_mismatch:
            return _("Trust the new certificate only if you replaced it yourself.") + " " + trust
        return trust


class ProxyError(NetworkError):
    """The proxy refused the tunnel or the request, or is not usable."""

    def __init__(self, proxy: str, status: Optional[int] = None, reason: str = ""):
        self.proxy, self.status, self.reason = proxy, status, reason
        if status == 407:
            message = _("The proxy %s asks for a user name and password.") % proxy
            hint = _("Put them in the proxy address (http://user:password@host:port) "
                     "or ask your administrator.")
        elif status is not None:
            message = _("The proxy %s refused the connection (HTTP %d).") % (proxy, status)
            hint = _("Check the proxy in Tools > Options > Internet > Proxy, or add the "
                     "server to the no-proxy list.")
        else:
            message = _("The proxy %s cannot be used: %s.") % (proxy, reason or _("unknown reason"))
            hint = _("Check the proxy in Tools > Options > Internet > Proxy or HTTPS_PROXY.")
        super().__init__(message, hint)


class ConnectionDropped(NetworkError):
    """The connection closed or reset before the reply was complete."""

    default_message = N_("The server closed the connection before the reply was complete.")
    default_hint = N_("The server may have crashed or restarted; check its log window.")


# --- HTTP answers ----------------------------------------------------------------

class HttpStatusError(MarginaliaError):
    """The server answered with a status that is not 2xx.

    Attributes:
        status: The HTTP status code.
        body_excerpt: The server's own error text (parsed, truncated, redacted).
        url: The URL that was requested.
    """

    def __init__(self, status: int, body_excerpt: str = "", url: str = "",
                 user_message: Optional[str] = None, hint: Optional[str] = None):
        self.status = status
        self.body_excerpt = redact(body_excerpt)
        self.url = redact(url)
        if user_message is None:
            user_message = (_("The server answered with HTTP %d: %s") % (status, self.body_excerpt)
                            if self.body_excerpt else _("The server answered with HTTP %d.") % status)
        super().__init__(user_message, hint)


class AuthError(HttpStatusError):
    """401/403: the key is missing, wrong, or lacks access."""

    default_hint = N_("Check the API key in Settings. Local servers (Ollama, LM Studio, "
                      "llama.cpp) usually need no key; remote services need one.")


class NotFoundError(HttpStatusError):
    """404: the model name or the URL is wrong (``what`` is ``model`` or ``url``)."""

    def __init__(self, status: int, body_excerpt: str = "", url: str = "",
                 what: str = "url", user_message: Optional[str] = None,
                 hint: Optional[str] = None):
        self.what = what
        super().__init__(status, body_excerpt, url, user_message, hint)


class ContextOverflowError(HttpStatusError):
    """The prompt is larger than the model's context window.

    Attributes:
        prompt_tokens: Tokens the request needed, when the server said so.
        context_window: The server's context size, when the server said so.
    """

    default_hint = N_("Start a new chat, send a shorter part of the document, or load the "
                      "model with a larger context (llama.cpp: --ctx-size; Ollama: num_ctx).")

    def __init__(self, status: int, body_excerpt: str = "", url: str = "",
                 prompt_tokens: Optional[int] = None, context_window: Optional[int] = None):
        self.prompt_tokens, self.context_window = prompt_tokens, context_window
        if prompt_tokens and context_window:
            message = (_("The conversation is too long for the model: it needs %d tokens, "
                         "but the context window holds %d.") % (prompt_tokens, context_window))
        elif context_window:
            message = (_("The conversation is too long for the model's context window "
                         "of %d tokens.") % context_window)
        else:
            message = _("The conversation is too long for the model's context window.")
        super().__init__(status, body_excerpt, url, message)


class RateLimited(HttpStatusError):
    """429: too many requests; ``retry_after`` is in seconds when the server said so."""

    def __init__(self, status: int = 429, body_excerpt: str = "", url: str = "",
                 retry_after: Optional[float] = None):
        self.retry_after = retry_after
        if retry_after:
            message = (_("The server is busy or the rate limit was reached (HTTP %d); try again in %d seconds.")
                       % (status, max(1, round(retry_after))))
        else:
            message = _("The server is busy or the rate limit was reached (HTTP %d).") % status
        super().__init__(status, body_excerpt, url, message,
                         _("Wait a moment and send again, or choose another model or plan."))


class ServerError(HttpStatusError):
    """5xx: the server (or a gateway before it) failed."""

    def __init__(self, status: int, body_excerpt: str = "", url: str = ""):
        if status == 503:
            hint = _("The model may still be loading or the server is overloaded; try again soon.")
        elif status in (502, 504):
            hint = _("A gateway or proxy in front of the model server got no answer from it.")
        else:
            hint = _("Check the server's log window; the model may have failed.")
        super().__init__(status, body_excerpt, url, None, hint)


class BadRequestError(HttpStatusError):
    """Any other 4xx (and unexpected 3xx): the server rejected the request."""

    default_hint = N_("Check the model name and the endpoint settings.")


# --- protocol ----------------------------------------------------------------------

class ProtocolError(MarginaliaError):
    """The server's answer does not follow the protocol we expect."""

    default_message = N_("The server's answer could not be understood.")
    default_hint = N_("Check that the URL points to an OpenAI-compatible server.")


class NotAStreamError(ProtocolError):
    """A 2xx answer to a streaming request that is not ``text/event-stream``.

    Attributes:
        content_type: The Content-Type the server sent.
        body: The complete body (bytes), so a caller may parse a non-streamed reply.
    """

    def __init__(self, content_type: str, body: bytes = b"", server_message: str = ""):
        self.content_type, self.body = content_type, body
        kind = content_type or _("no content type")
        if server_message:
            message = _("The server answered with %s instead of a stream of events: %s") % (kind, server_message)
        else:
            message = _("The server answered with %s instead of a stream of events.") % kind
        super().__init__(message, _("The server may not support streaming, or the URL "
                                    "points to something other than a chat API."))


class EmptyBodyError(ProtocolError):
    """A 2xx answer with nothing in it."""

    default_message = N_("The server answered with an empty reply.")
    default_hint = N_("Some local servers (llama-cpp-python) do this when the prompt is "
                      "longer than the context window: try a shorter request or a larger "
                      "context, and check the server's log window.")


# --- the rest ----------------------------------------------------------------------

class InvalidUrlError(MarginaliaError):
    """The endpoint URL the user typed cannot be used."""

    default_hint = N_("Enter an address such as http://127.0.0.1:11434/v1.")


class Cancelled(MarginaliaError):
    """The user stopped the request."""

    default_message = N_("Stopped.")
