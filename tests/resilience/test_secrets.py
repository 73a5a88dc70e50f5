"""Secrets: after a session that used an API key, the key is nowhere but in the password store.

The key is stored the way the settings dialog stores it (``ui.keys``, LibreOffice's
PasswordContainer), a session runs in the real sidebar against the fault server, and the
server is made as indiscreet as real ones can be: it echoes the key in a 401 body, in an
error inside a 200 stream, in a JSON error body, and in a debugging proxy's header dump.
Then every file of the test office (profile, Marginalia's log, soffice's own output), the
saved document, the transcript and the status are searched for the key.

TLS: a server whose certificate does not verify never gets the request (so never the key),
from the client and from the sidebar, and no retry goes out without verification.
"""
import json
import os
import secrets
import zipfile

import pytest
import uno  # noqa: F401  (installs the com.sun.star import hook)

from marginalia.core import errors
from marginalia.core.net.cancel import CancelToken
from marginalia.core.llm.request import ChatRequest, EndpointConfig
from marginalia.core.llm.endpoint_facts import EndpointFacts
from marginalia.core.llm.round import stream_round
from marginalia.core.net.proxy import ProxyResolver
from marginalia.core.net.tls import TlsOptions
from marginalia.core.net.transport import HttpClient
from marginalia.ui.settings import keys

from support.posts import Posts
from support.certs import make_certificates, openssl_available
from support.fault_server import Fault, status_reply
from support.panel import Panel, set_settings
from support.scripted_server import chat_chunk, sse_event
from support.scripted_turns import CHAT, LogWatch, text_body
from support.tls_server import TlsServer

STYLES = {
    "openai": lambda: "sk-proj-" + secrets.token_hex(20),
    "google": lambda: "AIzaSyD-%s-%s" % (secrets.token_urlsafe(12)[:14], secrets.token_hex(6)),
    "opaque": lambda: secrets.token_hex(6) + "." + secrets.token_hex(6) + "_" + secrets.token_hex(6),
}
"""Key formats: one every pattern catches, two that only knowing the key can catch."""


def echoing_replies(key):
    """Five ways a server (or a proxy) repeats the key back."""
    return [
        Fault(body=text_body("Hello there.")),
        status_reply(401, body=json.dumps({"error": {"message": "Incorrect API key provided: %s." % key,
                                                     "type": "invalid_request_error"}}).encode()),
        Fault(body=sse_event(chat_chunk(content="Partial ")) + sse_event({"error": {"message": "Key %s has no "
                                                                                    "credit left" % key}})),
        Fault(body=json.dumps({"error": {"message": "key %s is disabled" % key}}).encode(),
              content_type="application/json", framing="length"),
        status_reply(500, body=("Upstream said no. Request headers were:\nAuthorization: Bearer %s\n"
                                "X-Api-Key: %s\n" % (key, key)).encode(), content_type="text/plain"),
    ]


def files_holding(root, needles):
    """Files under ``root`` (zip members included) that contain any of ``needles``."""
    found = []
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            try:
                with open(path, "rb") as handle:
                    data = handle.read()
            except OSError:
                continue
            parts = [(path, data)]
            if zipfile.is_zipfile(path):
                with zipfile.ZipFile(path) as archive:
                    parts += [("%s!%s" % (path, member), archive.read(member)) for member in archive.namelist()]
            found += [where for where, content in parts if any(n in content for n in needles)]
    return found


def needles_for(key):
    middle = key[len(key) // 4: len(key) // 4 + 12]
    return [key.encode(), key.encode("utf-16-le"), middle.encode(), middle.encode("utf-16-le")]


@pytest.mark.parametrize("style", list(STYLES))
def test_the_key_is_nowhere_after_a_session(office, fault_server, tmp_path, style):
    key = STYLES[style]()
    base_url = fault_server.base_url
    keys.store_key(office.ctx, base_url, key)
    set_settings(office.ctx, "Endpoint", URL=base_url, Model="m")
    watch = LogWatch(office)
    doc = office.new_document("swriter")
    try:
        for reply in echoing_replies(key):
            fault_server.enqueue(reply, path=CHAT)
        panel = Panel(doc).open()
        shown = []
        for number in range(5):
            panel.send("Question %d" % number)
            panel.wait_idle(timeout=20)
            shown.append(panel.status())
        transcript = panel.transcript()
        assert transcript.count("Problem\n") == 4, transcript
        saved = str(tmp_path / "after-session.odt")
        doc.storeToURL(uno.systemPathToFileUrl(saved), ())
    finally:
        office.close_document(doc)
        keys.delete_key(office.ctx, base_url)
        set_settings(office.ctx, "Endpoint", URL="", Model="")
    chats = fault_server.chat_requests()
    assert len(chats) == 5 and all(r.headers.get("Authorization") == "Bearer " + key for r in chats)
    assert keys.read_key(office.ctx, base_url) == ""
    for text in [transcript] + shown:
        assert key not in text and needles_for(key)[2].decode() not in text, text
    assert files_holding(office.workdir, needles_for(key)) == []
    assert files_holding(str(tmp_path), needles_for(key)) == []
    assert watch.leaks() == []


# -- TLS never falls back ------------------------------------------------------------------

@pytest.fixture(scope="module")
def certs(tmp_path_factory):
    if not openssl_available():
        pytest.skip("needs the openssl command-line tool")
    return make_certificates(str(tmp_path_factory.mktemp("certs")))


@pytest.mark.parametrize("name, problem", [("self_signed", "self_signed"), ("expired", "expired"),
                                           ("wrong_name", "hostname_mismatch")])
def test_a_certificate_that_does_not_verify_never_gets_the_request(certs, name, problem):
    key = STYLES["openai"]()
    with TlsServer(*certs.pair(name)) as server, \
            HttpClient(ProxyResolver(environ={}), connect_timeout=5, read_timeout=5) as client:
        request = ChatRequest(EndpointConfig(server.url + "/v1", "m", api_key=key, tls=TlsOptions(certs.ca_file)),
                              {"model": "m", "stream": True, "messages": []})
        posts = Posts()
        stream_round(client, request, posts, CancelToken(), EndpointFacts())
        kind, error = posts[-1]
        assert kind == "RoundFailed" and isinstance(error, errors.TlsError) and error.problem == problem
        # (one unverified handshake may read the certificate's fingerprint; it sends nothing)
        assert server.paths == [], "a request went out over an unverified connection"
        assert key not in error.user_message + error.hint
        assert client.stats.retries == 0


def test_a_pinned_certificate_that_changed_never_gets_the_request(certs):
    with TlsServer(*certs.pair("self_signed")) as server, \
            HttpClient(ProxyResolver(environ={}), connect_timeout=5, read_timeout=5) as client:
        pinned = TlsOptions(pinned_sha256=certs.fingerprints["good"])
        request = ChatRequest(EndpointConfig(server.url + "/v1", "m", api_key="sk-test-pinned-0000", tls=pinned),
                              {"model": "m", "stream": True, "messages": []})
        posts = Posts()
        stream_round(client, request, posts, CancelToken(), EndpointFacts())
        kind, error = posts[-1]
        assert kind == "RoundFailed" and isinstance(error, errors.TlsError) and error.pin_mismatch
        assert server.paths == []


def test_the_sidebar_never_sends_the_key_to_an_unverified_server(office, certs):
    key = STYLES["openai"]()
    with TlsServer(*certs.pair("self_signed")) as server:
        base_url = server.url + "/v1"
        keys.store_key(office.ctx, base_url, key)
        set_settings(office.ctx, "Endpoint", URL=base_url, Model="m")
        doc = office.new_document("swriter")
        try:
            panel = Panel(doc).open()
            panel.send("Hello over TLS")
            panel.wait_idle(timeout=20)
            problem = panel.transcript().rsplit("Problem\n", 1)[-1]
            assert "self-signed" in problem and "fingerprint" in problem.lower()
        finally:
            office.close_document(doc)
            keys.delete_key(office.ctx, base_url)
            set_settings(office.ctx, "Endpoint", URL="", Model="")
        assert server.paths == [], "the office sent a request over an unverified connection"


def test_dummy_keys_of_local_servers_do_not_eat_words():
    from marginalia.core.redact import redact, remember_secret
    for dummy in ("ollama", "lm-studio", "EMPTY", "none", "not-needed"):
        remember_secret(dummy)
    hint = "Start the model server (for Ollama: ollama serve; for LM Studio: lm-studio server)."
    assert redact(hint) == hint
    remember_secret("AIzaSyD-abcdefghijkl-0123456789")
    assert redact("bad key AIzaSyD-abcdefghijkl-0123456789!") == "bad key [redacted]!"
