"""HTTPS for Marginalia: verified by default, never silently unverified.

A server certificate is accepted when:

* it verifies against the system trust store (plus the endpoint's own CA file, when
  one is set), with the host name checked; or
* its SHA-256 fingerprint equals the one the user chose to trust for this endpoint
  (pinning). A pinned certificate is accepted even if its chain does not verify:
  that is the point of "trust this certificate" for a self-signed local server. The
  pin covers exactly one certificate; a different one is verified normally and, if
  that fails, reported with ``pin_mismatch`` so the UI can warn that it changed.

Any other failure raises :class:`~..errors.TlsError` naming the problem and carrying
the certificate's fingerprint, fetched with a second, unverified handshake that sends
no request, so the UI can offer the choice.
"""
from __future__ import annotations

import hashlib
import os
import socket
import ssl
import subprocess
import sys
import threading
from dataclasses import dataclass
from typing import Callable, Dict, Optional, Sequence

from ..errors import TlsError

# OpenSSL X509_V_ERR_* codes (see `man openssl-verify`) -> our problem names.
_VERIFY_PROBLEMS = {
    9: "not_yet_valid", 10: "expired",
    18: "self_signed", 19: "unknown_ca", 2: "unknown_ca", 20: "unknown_ca", 21: "unknown_ca",
    62: "hostname_mismatch", 63: "hostname_mismatch", 64: "hostname_mismatch",
}
_BUNDLE_CANDIDATES = (
    "/etc/ssl/certs/ca-certificates.crt",  # Debian, Ubuntu, Arch, Gentoo
    "/etc/pki/tls/certs/ca-bundle.crt",  # Fedora, RHEL
    "/etc/ssl/ca-bundle.pem",  # openSUSE
    "/etc/ssl/cert.pem",  # Alpine, macOS, BSD
)
_MACOS_KEYCHAINS = ("/System/Library/Keychains/SystemRootCertificates.keychain",
                    "/Library/Keychains/System.keychain")


@dataclass(frozen=True)
class TlsOptions:
    """Per-endpoint TLS choices.

    Attributes:
        ca_file: A PEM file of extra certificate authorities, trusted besides the
            system store.
        pinned_sha256: The fingerprint of the one certificate the user chose to trust
            (hex, with or without colons).
    """

    ca_file: Optional[str] = None
    pinned_sha256: Optional[str] = None

    def pin(self) -> Optional[str]:
        """The pin as 64 lowercase hex digits, or None."""
        return normalize_fingerprint(self.pinned_sha256) if self.pinned_sha256 else None


def normalize_fingerprint(text: str) -> str:
    """``AB:CD:…`` or ``abcd…`` -> 64 lowercase hex digits.

    Raises:
        ValueError: If the text is not a SHA-256 fingerprint.
    """
    digits = "".join(ch for ch in text if ch not in ": \t").lower()
    if len(digits) != 64 or any(ch not in "0123456789abcdef" for ch in digits):
        raise ValueError("not a SHA-256 fingerprint: %r" % text)
    return digits


def format_fingerprint(hex_digits: str) -> str:
    """64 hex digits -> ``AB:CD:…`` (the form shown to users and kept by redaction)."""
    digits = normalize_fingerprint(hex_digits).upper()
    return ":".join(digits[i:i + 2] for i in range(0, 64, 2))


def peer_fingerprint(tls_sock: ssl.SSLSocket) -> str:
    """SHA-256 of the peer's certificate (DER) as 64 lowercase hex digits."""
    der = tls_sock.getpeercert(binary_form=True) or b""
    return hashlib.sha256(der).hexdigest()


def classify_verification_error(exc: ssl.SSLCertVerificationError) -> str:
    """Name the certificate problem of a failed verification (see :class:`TlsError`)."""
    problem = _VERIFY_PROBLEMS.get(getattr(exc, "verify_code", None))  # type: ignore[arg-type]
    if problem:
        return problem
    text = str(getattr(exc, "verify_message", "") or exc).lower()
    for needle, name in (("expired", "expired"), ("self-signed", "self_signed"),
                         ("self signed", "self_signed"), ("mismatch", "hostname_mismatch"),
                         ("issuer", "unknown_ca")):
        if needle in text:
            return name
    return "untrusted"


def classify_ssl_error(exc: ssl.SSLError) -> str:
    """Name the problem of a TLS failure that is not a certificate verification."""
    text = ("%s %s" % (getattr(exc, "reason", "") or "", exc)).lower()
    if "wrong_version_number" in text or "wrong version number" in text \
            or "record layer failure" in text or "packet length too long" in text:
        return "not_tls"
    return "handshake"


def find_ca_bundle(candidates: Sequence[str] = _BUNDLE_CANDIDATES) -> Optional[str]:
    """The first existing CA bundle among well-known system paths, or None."""
    for path in candidates:
        if os.path.isfile(path):
            return path
    return None


def _macos_keychain_pem(run: Callable[..., "subprocess.CompletedProcess[str]"]) -> str:
    pems = []
    for keychain in _MACOS_KEYCHAINS:
        try:
            done = run(["/usr/bin/security", "find-certificate", "-a", "-p", keychain],
                       capture_output=True, text=True, timeout=10, check=False)
        except (OSError, subprocess.SubprocessError):
            continue
        pems.append(done.stdout or "")
    return "".join(pems)


def ensure_trust_roots(context: ssl.SSLContext,
                       candidates: Sequence[str] = _BUNDLE_CANDIDATES,
                       default_capath: Optional[str] = None) -> str:
    """Make sure ``context`` trusts the system's roots; returns where they came from.

    Python inside LibreOffice is often built with OpenSSL paths that do not exist on
    the user's computer (bundled builds on Linux and macOS), which would make every
    HTTPS certificate "unknown". When the default store is empty, load the distro
    bundle, or on macOS the system keychains.

    Args:
        context: The context to complete.
        candidates: CA bundle files to try, in order.
        default_capath: OpenSSL's hashed certificate directory (default: the one
            this Python was built with; "" to ignore it).
    """
    if context.cert_store_stats().get("x509_ca"):
        return "default"
    capath = ssl.get_default_verify_paths().capath if default_capath is None else default_capath
    if capath and os.path.isdir(capath) and os.listdir(capath):
        return "capath"  # loaded lazily by OpenSSL, so the count above is 0
    bundle = find_ca_bundle(candidates)
    if bundle:
        context.load_verify_locations(cafile=bundle)
        return bundle
    if sys.platform == "darwin":
        pem = _macos_keychain_pem(subprocess.run)
        if pem.strip():
            context.load_verify_locations(cadata=pem)
            return "keychain"
    return "none"


class TlsContexts:
    """Builds and caches the ``SSLContext`` objects (building one reads the trust store)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._verified: Dict[Optional[str], ssl.SSLContext] = {}
        self._unverified: Optional[ssl.SSLContext] = None

    def verified(self, ca_file: Optional[str]) -> ssl.SSLContext:
        """A verifying context: system roots plus ``ca_file`` when given."""
        with self._lock:
            context = self._verified.get(ca_file)
            if context is None:
                context = self._build_verified(ca_file)
                self._verified[ca_file] = context
            return context

    def fingerprint_only(self) -> ssl.SSLContext:
        """A context that accepts any certificate: only to read or compare a pin."""
        with self._lock:
            if self._unverified is None:
                context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
                context.check_hostname = False
                context.verify_mode = ssl.CERT_NONE
                _harden(context)
                self._unverified = context
            return self._unverified

    @staticmethod
    def _build_verified(ca_file: Optional[str]) -> ssl.SSLContext:
        context = ssl.create_default_context()
        _harden(context)
        ensure_trust_roots(context)
        if ca_file:
            try:
                context.load_verify_locations(cafile=ca_file)
            except (OSError, ssl.SSLError) as exc:
                raise TlsError("ca_file", detail="%s: %s" % (ca_file, exc)) from exc
        return context


def _harden(context: ssl.SSLContext) -> None:
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.set_alpn_protocols(["http/1.1"])


def handshake(raw: socket.socket, host: str, context: ssl.SSLContext,
              on_wrapped: Callable[[ssl.SSLSocket], None]) -> ssl.SSLSocket:
    """Wrap ``raw`` and run the TLS handshake; ``on_wrapped`` sees the socket first.

    ``on_wrapped`` lets a cancel token watch the TLS socket before the (blocking)
    handshake starts: wrapping detaches the raw socket object.
    """
    tls_sock = context.wrap_socket(raw, server_hostname=host, do_handshake_on_connect=False)
    on_wrapped(tls_sock)
    try:
        tls_sock.do_handshake()
    except BaseException:
        tls_sock.close()
        raise
    return tls_sock


def open_tls(connect_raw: Callable[[], socket.socket], host: str, options: TlsOptions,
             contexts: TlsContexts, on_wrapped: Callable[[ssl.SSLSocket], None]
             ) -> ssl.SSLSocket:
    """Open a TLS connection following the module's rules.

    Args:
        connect_raw: Opens a fresh TCP connection (through a proxy tunnel if needed).
        host: The host name (or IP) the URL names.
        options: The endpoint's CA file and pin.
        contexts: The context cache.
        on_wrapped: Called with each TLS socket before its handshake.

    Raises:
        TlsError: When the certificate is neither verified nor pinned.
    """
    pin = options.pin()
    seen = None
    if pin:
        tls_sock = handshake(connect_raw(), host, contexts.fingerprint_only(), on_wrapped)
        seen = peer_fingerprint(tls_sock)
        if seen == pin:
            return tls_sock
        tls_sock.close()
    try:
        return handshake(connect_raw(), host, contexts.verified(options.ca_file), on_wrapped)
    except ssl.SSLCertVerificationError as exc:
        if seen is None:
            seen = _fetch_fingerprint(connect_raw, host, contexts, on_wrapped)
        raise TlsError(classify_verification_error(exc), host,
                       format_fingerprint(seen) if seen else None,
                       detail=str(getattr(exc, "verify_message", "") or exc),
                       pin_mismatch=pin is not None) from exc


def _fetch_fingerprint(connect_raw: Callable[[], socket.socket], host: str,
                       contexts: TlsContexts,
                       on_wrapped: Callable[[ssl.SSLSocket], None]) -> Optional[str]:
    try:
        tls_sock = handshake(connect_raw(), host, contexts.fingerprint_only(), on_wrapped)
    except Exception:  # best effort: the caller reports the verification failure
        return None
    try:
        return peer_fingerprint(tls_sock)
    finally:
        tls_sock.close()
