"""HTTPS against a real TLS server with certificates made by the test (openssl CLI).

Verification is never switched off: an unverifiable certificate fails with a TLS error
that names the problem and carries the fingerprint, until that exact certificate is
pinned or its CA file is given.
"""
import ssl
import threading
import time

import pytest
from support.certs import make_certificates, openssl_available
from support.socket_servers import SocketServer
from support.tls_server import TlsServer

from marginalia.core.net.cancel import CancelToken
from marginalia.core.errors import Cancelled, TlsError
from marginalia.core.net.proxy import ProxyResolver
from marginalia.core.net.tls import TlsOptions, ensure_trust_roots, format_fingerprint, normalize_fingerprint
from marginalia.core.net.event_stream import open_event_stream
from marginalia.core.net.transport import HttpClient

pytestmark = pytest.mark.skipif(not openssl_available(), reason="needs the openssl CLI")


@pytest.fixture(scope="module")
def certs(tmp_path_factory):
    return make_certificates(str(tmp_path_factory.mktemp("certs")))


@pytest.fixture
def client():
    with HttpClient(ProxyResolver(environ={}), connect_timeout=5, read_timeout=5) as http_client:
        yield http_client


def serve(certs, name):
    return TlsServer(*certs.pair(name))


def get_models(client, url, tls=None):
    return client.request("GET", url + "/v1/models", tls=tls).json()


@pytest.mark.parametrize("name, ca, problem", [
    ("self_signed", False, "self_signed"),
    ("good", False, "unknown_ca"),
    ("expired", True, "expired"),
    ("wrong_name", True, "hostname_mismatch"),
])
def test_unverifiable_certificate_names_the_problem_and_its_fingerprint(
        certs, client, name, ca, problem):
    with serve(certs, name) as server:
        with pytest.raises(TlsError) as raised:
            get_models(client, server.url, TlsOptions(ca_file=certs.ca_file if ca else None))
        assert server.paths == []  # no request was sent over the unverified connection
    error = raised.value
    assert error.problem == problem
    assert error.fingerprint_sha256 == format_fingerprint(certs.fingerprints[name])
    assert error.fingerprint_sha256 in error.hint and not error.pin_mismatch


def test_pinning_the_offered_fingerprint_makes_the_same_server_work(certs, client):
    with serve(certs, "self_signed") as server:
        with pytest.raises(TlsError) as raised:
            get_models(client, server.url)
        pinned = TlsOptions(pinned_sha256=raised.value.fingerprint_sha256)
        assert get_models(client, server.url, pinned)["data"][0]["id"] == "tls-model"


def test_pinned_connection_is_kept_alive(certs, client):
    pinned = TlsOptions(pinned_sha256=certs.fingerprints["self_signed"])
    with serve(certs, "self_signed") as server:
        for _ in range(3):
            get_models(client, server.url, pinned)
        assert (server.handshakes, client.stats.opened) == (1, 1)


def test_pin_accepts_exactly_its_certificate_even_when_expired(certs, client):
    pinned = TlsOptions(pinned_sha256=certs.fingerprints["expired"])
    with serve(certs, "expired") as server:
        assert get_models(client, server.url, pinned)["object"] == "list"


def test_a_changed_certificate_is_reported_as_such(certs, client):
    pinned = TlsOptions(pinned_sha256=certs.fingerprints["good"])
    with serve(certs, "self_signed") as server:
        with pytest.raises(TlsError) as raised:
            get_models(client, server.url, pinned)
    assert raised.value.pin_mismatch
    assert raised.value.fingerprint_sha256 == format_fingerprint(certs.fingerprints["self_signed"])
    assert "changed" in str(raised.value)


def test_a_pin_does_not_block_a_certificate_that_verifies(certs, client):
    """A server that moved to a properly signed certificate keeps working."""
    options = TlsOptions(ca_file=certs.ca_file, pinned_sha256=certs.fingerprints["self_signed"])
    with serve(certs, "good") as server:
        assert get_models(client, server.url, options)["object"] == "list"


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost"])
def test_custom_ca_file_makes_the_certificate_verify(certs, client, host):
    with serve(certs, "good") as server:
        url = "https://%s:%d" % (host, server.port)
        assert get_models(client, url, TlsOptions(ca_file=certs.ca_file))["object"] == "list"


def test_event_stream_over_tls(certs, client):
    with serve(certs, "good") as server:
        response = open_event_stream(client, server.url + "/v1/chat/completions",
                                     {"stream": True}, tls=TlsOptions(ca_file=certs.ca_file))
        assert b"secure" in b"".join(response.iter_chunks())


def test_stop_during_a_stalled_tls_read(certs, client):
    token = CancelToken()
    with TlsServer(*certs.pair("good"), stall_seconds=30) as server:
        response = open_event_stream(client, server.url + "/v1/chat/completions", {},
                                     cancel=token, tls=TlsOptions(ca_file=certs.ca_file))
        chunks = response.iter_chunks()
        assert b"secure" in next(chunks)
        threading.Timer(0.2, token.cancel).start()
        start = time.monotonic()
        with pytest.raises(Cancelled):
            next(chunks)
        assert time.monotonic() - start < 1.2


def test_unreadable_ca_file_is_a_tls_error(certs, client, tmp_path):
    with serve(certs, "good") as server:
        with pytest.raises(TlsError) as raised:
            get_models(client, server.url, TlsOptions(ca_file=str(tmp_path / "missing.pem")))
    assert raised.value.problem == "ca_file"


def test_https_url_to_a_plain_http_server(client):
    def plain_http(sock, index):
        sock.recv(65536)  # a TLS hello is not a request: answer like a web server does
        sock.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
    with SocketServer(plain_http) as server:
        with pytest.raises(TlsError) as raised:
            client.request("GET", "https://127.0.0.1:%d/v1/models" % server.port)
    assert raised.value.problem == "not_tls"
    assert "http://" in raised.value.hint


def test_fingerprint_forms():
    digits = "ab" * 32
    assert normalize_fingerprint(format_fingerprint(digits)) == digits
    assert format_fingerprint(digits).count(":") == 31
    with pytest.raises(ValueError):
        normalize_fingerprint("AB:CD")


def test_empty_trust_store_is_filled_from_a_system_bundle(certs, client):
    """Python builds bundled with LibreOffice may find no roots; a distro bundle is used."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    assert context.cert_store_stats()["x509_ca"] == 0
    source = ensure_trust_roots(context, candidates=["/nonexistent.pem", certs.ca_file],
                                default_capath="")
    assert source == certs.ca_file
    assert context.cert_store_stats()["x509_ca"] == 1


def test_system_trust_store_is_used_by_default():
    context = ssl.create_default_context()
    assert ensure_trust_roots(context) in ("default", "capath")
