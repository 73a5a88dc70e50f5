"""Proxy choice (LibreOffice settings, then environment) and real proxied requests."""
import base64

import pytest
from support.certs import make_certificates, openssl_available
from support.connect_proxy import ConnectProxy
from support.scripted_server import json_reply
from support.tls_server import TlsServer

from marginalia.core.errors import ProxyError
from marginalia.core.net.proxy import ProxyResolver, ProxyRoute, parse_proxy_url
from marginalia.core.net.tls import TlsOptions
from marginalia.core.net.transport import HttpClient

MANUAL = {"ooInetProxyType": 2, "ooInetHTTPProxyName": "http-proxy.corp",
          "ooInetHTTPProxyPort": 3128, "ooInetHTTPSProxyName": "tls-proxy.corp",
          "ooInetHTTPSProxyPort": 8443, "ooInetNoProxy": "*.intranet;build:8080;10.1.2.3"}


def route(resolver, url_scheme="https", host="api.openai.com", port=443):
    return resolver.route_for(url_scheme, host, port)


# -- the environment ------------------------------------------------------------------------

def test_environment_proxy_per_scheme():
    resolver = ProxyResolver(environ={"HTTPS_PROXY": "http://secure:1", "http_proxy": "plain:2"})
    assert route(resolver) == ProxyRoute("secure", 1)
    assert route(resolver, "http", "example.com", 80) == ProxyRoute("plain", 2)


def test_lowercase_wins_and_all_proxy_is_the_fallback():
    resolver = ProxyResolver(environ={"https_proxy": "low:1", "HTTPS_PROXY": "up:2"})
    assert route(resolver).host == "low"
    assert route(ProxyResolver(environ={"ALL_PROXY": "any:3"})).host == "any"


def test_no_proxy_means_direct():
    assert route(ProxyResolver(environ={})) is None


@pytest.mark.parametrize("no_proxy, host, port, bypassed", [
    ("example.com", "example.com", 443, True),
    ("example.com", "api.example.com", 443, True),
    ("example.com", "badexample.com", 443, False),
    (".example.com", "api.example.com", 443, True),
    ("*.example.com", "api.example.com", 443, True),
    ("example.com:8443", "example.com", 443, False),
    ("example.com:443", "example.com", 443, True),
    ("10.0.0.0/8", "10.20.30.40", 443, True),
    ("10.0.0.0/8", "192.168.1.1", 443, False),
    ("*", "anything.org", 443, True),
    ("a.org, example.com ,b.org", "example.com", 443, True),
    ("[::1]:443,fd00::1", "fd00::1", 443, True),
])
def test_no_proxy_forms(no_proxy, host, port, bypassed):
    resolver = ProxyResolver(environ={"https_proxy": "p:1", "NO_PROXY": no_proxy})
    assert (route(resolver, "https", host, port) is None) == bypassed


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1", "127.8.9.10", "::1", "[::1]"])
def test_loopback_is_never_proxied_by_default(host):
    resolver = ProxyResolver(environ={"https_proxy": "p:1"})
    assert route(resolver, "https", host, 11434) is None
    assert route(ProxyResolver(environ={"https_proxy": "p:1"}, bypass_loopback=False),
                 "https", host, 11434) is not None


def test_credentials_come_from_the_proxy_url():
    parsed = parse_proxy_url("http://al%40ice:p%3Ass@proxy:8080")
    assert (parsed.username, parsed.password, parsed.port) == ("al@ice", "p:ss", 8080)
    assert parsed.authorization() == "Basic " + base64.b64encode(b"al@ice:p:ss").decode()
    assert parse_proxy_url("proxy").authorization() is None


@pytest.mark.parametrize("url", ["socks5://proxy:1080", "https://proxy:443"])
def test_unsupported_proxy_kinds_fail_plainly(url):
    with pytest.raises(ProxyError) as raised:
        route(ProxyResolver(environ={"https_proxy": url}))
    assert "not supported" in str(raised.value)


# -- LibreOffice's settings ------------------------------------------------------------------

def test_office_none_means_direct_even_with_environment_proxies():
    resolver = ProxyResolver({"ooInetProxyType": 0}, environ={"https_proxy": "p:1"})
    assert route(resolver) is None


def test_office_manual_proxy_per_scheme():
    resolver = ProxyResolver(MANUAL, environ={"https_proxy": "ignored:1"})
    assert route(resolver) == ProxyRoute("tls-proxy.corp", 8443)
    assert route(resolver, "http", "example.com", 80) == ProxyRoute("http-proxy.corp", 3128)


def test_office_https_uses_only_the_https_proxy():
    settings = dict(MANUAL, ooInetHTTPSProxyName="")
    assert route(ProxyResolver(settings, environ={})) is None


def test_office_ports_default_like_libreoffice():
    settings = {"ooInetProxyType": 2, "ooInetHTTPSProxyName": "p", "ooInetHTTPProxyName": "p"}
    resolver = ProxyResolver(settings, environ={})
    assert route(resolver).port == 443
    assert route(resolver, "http", "example.com", 80).port == 80


@pytest.mark.parametrize("host, port, bypassed", [
    ("wiki.intranet", 443, True), ("build", 8080, True), ("build", 443, False),
    ("10.1.2.3", 443, True), ("api.openai.com", 443, False),
])
def test_office_no_proxy_patterns(host, port, bypassed):
    assert (route(ProxyResolver(MANUAL, environ={}), "https", host, port) is None) == bypassed


def test_office_system_type_uses_its_names_or_falls_back_to_the_environment():
    with_names = dict(MANUAL, ooInetProxyType=1)
    assert route(ProxyResolver(with_names, environ={"https_proxy": "env:1"})).host == "tls-proxy.corp"
    without = {"ooInetProxyType": 1, "ooInetHTTPProxyName": "", "ooInetHTTPSProxyName": ""}
    assert route(ProxyResolver(without, environ={"https_proxy": "env:1"})).host == "env"


# -- through a real proxy ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def certs(tmp_path_factory):
    if not openssl_available():
        pytest.skip("needs the openssl CLI")
    return make_certificates(str(tmp_path_factory.mktemp("proxy-certs")))


def proxied_client(proxy_url, extra_env=None, office=None):
    environ = {"HTTPS_PROXY": proxy_url, "HTTP_PROXY": proxy_url}
    environ.update(extra_env or {})
    return HttpClient(ProxyResolver(office, environ=environ, bypass_loopback=False),
                      connect_timeout=5, read_timeout=5)


def test_https_goes_through_a_connect_tunnel_once_per_connection(certs):
    with TlsServer(*certs.pair("good")) as server, ConnectProxy() as proxy, \
            proxied_client(proxy.url) as client:
        for _ in range(2):
            answer = client.request("GET", server.url + "/v1/models",
                                    tls=TlsOptions(ca_file=certs.ca_file)).json()
            assert answer["data"][0]["id"] == "tls-model"
        assert proxy.tunnels == ["127.0.0.1:%d" % server.port]
        assert proxy.forwarded == []


def test_plain_http_goes_as_an_absolute_uri(scripted_server):
    scripted_server.enqueue(json_reply({"data": [{"id": "m"}]}))
    with ConnectProxy() as proxy, proxied_client(proxy.url) as client:
        assert client.request("GET", scripted_server.base_url + "/models").json()["data"]
        assert proxy.forwarded == [scripted_server.base_url + "/models"]
    assert scripted_server.requests[0].path == "/v1/models"


def test_no_proxy_bypasses_the_proxy(scripted_server):
    scripted_server.enqueue(json_reply({"ok": 1}))
    with ConnectProxy() as proxy, proxied_client(proxy.url, {"NO_PROXY": "127.0.0.1"}) as client:
        assert client.request("GET", scripted_server.base_url + "/models").json() == {"ok": 1}
        assert proxy.forwarded == [] and proxy.tunnels == []


def test_office_manual_settings_route_requests(scripted_server):
    scripted_server.enqueue(json_reply({"ok": 1}))
    with ConnectProxy() as proxy:
        office = {"ooInetProxyType": 2, "ooInetHTTPProxyName": "127.0.0.1",
                  "ooInetHTTPProxyPort": proxy.port}
        resolver = ProxyResolver(office, environ={}, bypass_loopback=False)
        with HttpClient(resolver) as client:
            client.request("GET", scripted_server.base_url + "/models").read_all()
        assert proxy.forwarded == [scripted_server.base_url + "/models"]


def test_proxy_credentials_are_sent_for_tunnels_and_plain_requests(certs, scripted_server):
    scripted_server.enqueue(json_reply({"ok": 1}))
    with TlsServer(*certs.pair("good")) as server, ConnectProxy(("bob", "pw")) as proxy:
        url = "http://bob:pw@127.0.0.1:%d" % proxy.port
        with proxied_client(url) as client:
            client.request("GET", server.url + "/v1/models",
                           tls=TlsOptions(ca_file=certs.ca_file)).read_all()
            client.request("GET", scripted_server.base_url + "/models").read_all()
        expected = "Basic " + base64.b64encode(b"bob:pw").decode()
        assert proxy.authorizations == [expected, expected]


@pytest.mark.parametrize("scheme", ["https", "http"])
def test_missing_proxy_credentials_raise_proxy_error(certs, scheme):
    with TlsServer(*certs.pair("good")) as server, ConnectProxy(("bob", "pw")) as proxy, \
            proxied_client(proxy.url) as client:
        with pytest.raises(ProxyError) as raised:
            client.request("GET", "%s://127.0.0.1:%d/v1/models" % (scheme, server.port),
                           tls=TlsOptions(ca_file=certs.ca_file))
    assert raised.value.status == 407
    assert "127.0.0.1:%d" % proxy.port in str(raised.value)
