"""The chat in the real sidebar sends what Settings say: key, generation settings, rounds,
Ollama's native API with a fitting num_ctx, LibreOffice's proxy, pinned certificates."""
import subprocess

import pytest

from marginalia.ui.settings import keys
from officectl import write_settings
from support.certs import make_certificates, openssl_available
from support.connect_proxy import ConnectProxy
from support.panel import Panel
from support.personalities import OllamaLike, OpenAILike, PersonalityServer
from support.scripted_server import chat_chunk, sse_reply, text_stream_reply
from support.tls_server import TlsServer

KEY = "sk-test-chat-ab12cd34ef56gh78"
ENDPOINT_DEFAULTS = dict(URL="", Model="", Preset="", CaFile="", PinnedCertificate="", RequestTimeout=120)
CHAT_DEFAULTS = dict(Temperature=-1.0, MaxTokens=0, MaxToolRounds=15, ExtraInstructions="")
PROXY_DEFAULTS = dict(ooInetProxyType=1, ooInetHTTPProxyName="", ooInetHTTPProxyPort=0)


def write_inet(ctx, **values):
    import uno  # noqa: F401
    from com.sun.star.beans import PropertyValue
    provider = ctx.ServiceManager.createInstanceWithContext("com.sun.star.configuration.ConfigurationProvider", ctx)
    arg = PropertyValue()
    arg.Name, arg.Value = "nodepath", "/org.openoffice.Inet/Settings"
    access = provider.createInstanceWithArguments("com.sun.star.configuration.ConfigurationUpdateAccess", (arg,))
    for name, value in values.items():
        access.replaceByName(name, value)
    access.commitChanges()


@pytest.fixture
def settings(office):
    yield office.ctx
    write_settings(office.ctx, "Endpoint", **ENDPOINT_DEFAULTS)
    write_settings(office.ctx, "Chat", **CHAT_DEFAULTS)


def talker(personality):
    """The personality, answering with text even when tools are offered (as the chat offers them)."""
    personality.call_tools = False
    return personality


def chat_once(writer, text="hello"):
    panel = Panel(writer).open()
    panel.send(text)
    panel.wait_idle(timeout=20)
    return panel


def test_key_and_generation_settings_are_sent(settings, writer):
    personality = talker(OpenAILike())
    personality.api_key = KEY
    with PersonalityServer(personality) as server:
        write_settings(settings, "Endpoint", URL=server.base_url, Model="gpt-test")
        write_settings(settings, "Chat", Temperature=0.3, MaxTokens=777, ExtraInstructions="Answer in haiku.")
        keys.store_key(settings, server.base_url, KEY)
        try:
            panel = chat_once(writer)
        finally:
            keys.delete_key(settings, server.base_url)
        request = server.chat_requests()[-1]
        body = request.json()
        assert request.headers["Authorization"] == "Bearer " + KEY
        assert body["temperature"] == 0.3 and body["max_tokens"] == 777
        assert body["messages"][0]["role"] == "system" and "Answer in haiku." in body["messages"][0]["content"]
        assert panel.transcript().endswith("ok")
        assert KEY not in panel.transcript()


def test_server_defaults_send_nothing_and_no_key_sends_no_authorization(settings, writer):
    with PersonalityServer(talker(OpenAILike())) as server:
        write_settings(settings, "Endpoint", URL=server.base_url + "/chat/completions", Model="gpt-test")
        chat_once(writer)
        request = server.chat_requests()[-1]
        assert "Authorization" not in request.headers
        assert "temperature" not in request.json() and "max_tokens" not in request.json()
        assert request.path == "/v1/chat/completions"  # the pasted full URL was normalized


def test_max_tool_rounds_stops_a_model_that_keeps_calling_tools(settings, writer):
    class AlwaysCalls(OpenAILike):
        def tool_reply(self, body):
            call = {"index": 0, "id": "call_r", "type": "function",
                    "function": {"name": "no_such_tool", "arguments": "{}"}}
            return sse_reply([chat_chunk(tool_calls=[call]), chat_chunk(finish_reason="tool_calls")])

    with PersonalityServer(AlwaysCalls()) as server:
        write_settings(settings, "Endpoint", URL=server.base_url, Model="gpt-test")
        write_settings(settings, "Chat", MaxToolRounds=2)
        panel = chat_once(writer, "loop please")
        assert len(server.chat_requests()) == 2
        assert "Stopped after 2 model rounds" in panel.transcript()


def test_ollama_endpoint_streams_through_native_chat_with_num_ctx(settings, writer):
    with PersonalityServer(talker(OllamaLike())) as server:
        write_settings(settings, "Endpoint", URL=server.origin, Model="qwen3:8b", Preset="ollama")
        document = "The quick brown fox jumps over the lazy dog. " * 300  # 13,500 characters
        panel = chat_once(writer, "Summarize: " + document)
        assert "Hello from Ollama." in panel.transcript()
        sent = server.bodies("/api/chat")[-1]
        assert sent["options"]["num_ctx"] >= 13500 // 4 + 4096  # Ollama's default (2048-4096) would cut it
        assert sent["messages"][-1]["content"].endswith("lazy dog.")
        assert "/v1/chat/completions" not in server.paths()


def test_read_timeout_from_settings(settings, writer):
    with PersonalityServer(OpenAILike()) as server:
        server.enqueue(text_stream_reply(["late"], stall_after=0, stall_seconds=5), path="/v1/chat/completions")
        write_settings(settings, "Endpoint", URL=server.base_url, Model="gpt-test", RequestTimeout=1)
        panel = chat_once(writer)
        assert "stopped sending data for 1 seconds" in panel.transcript()


def outward_address():
    """An address of this machine that is not loopback (so the proxy is not bypassed)."""
    try:
        output = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=5).stdout
    except OSError:
        return None
    for address in output.split():
        if "." in address and not address.startswith("127."):
            return address
    return None


@pytest.mark.skipif(outward_address() is None, reason="this machine has no non-loopback IPv4 address")
def test_libreoffice_proxy_settings_are_used(settings, writer):
    address = outward_address()
    with PersonalityServer(talker(OpenAILike()), host="0.0.0.0") as server, ConnectProxy() as proxy:
        url = "http://%s:%d/v1" % (address, server.port)
        write_settings(settings, "Endpoint", URL=url, Model="gpt-test")
        write_inet(settings, ooInetProxyType=2, ooInetHTTPProxyName="127.0.0.1", ooInetHTTPProxyPort=proxy.port)
        try:
            panel = chat_once(writer)
        finally:
            write_inet(settings, **PROXY_DEFAULTS)
        assert panel.transcript().endswith("ok")
        # the chat went through the proxy, and so did the panel's own requests (model list, probes)
        assert url + "/chat/completions" in proxy.forwarded
        assert all(u.startswith("http://%s:%d/" % (address, server.port)) for u in proxy.forwarded)


@pytest.mark.skipif(not openssl_available(), reason="openssl is not installed")
def test_self_signed_server_works_once_its_certificate_is_pinned(settings, writer, tmp_path):
    certs = make_certificates(str(tmp_path))
    with TlsServer(*certs.pair("self_signed")) as server:
        write_settings(settings, "Endpoint", URL=server.url + "/v1", Model="tls-model")
        panel = chat_once(writer)
        assert "self-signed certificate" in panel.transcript()
        fingerprint = ":".join(certs.fingerprints["self_signed"][i:i + 2] for i in range(0, 64, 2)).upper()
        assert fingerprint in panel.transcript()  # the hint names the certificate to trust
        write_settings(settings, "Endpoint", PinnedCertificate=fingerprint)
        panel.send("again")
        panel.wait_idle()
        assert panel.transcript().endswith("secure")
