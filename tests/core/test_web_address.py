"""Which addresses research reads, where redirects may lead, which hosts are local."""
import pytest

from marginalia.core.research.settings import explicitly_allowed_hosts, is_loopback_host, local_only_refusal
from marginalia.core.settings.views import ResearchSettings
from support.settings_schema import defaults, research
from marginalia.core.agent.tools import ToolError
from marginalia.core.research.web_address import (check_web_url, is_local_address, is_local_name, redirect_target,
    same_host)


def test_urls_are_cleaned():
    assert check_web_url("  HTTPS://Example.ORG/Path?q=1#part ") == "https://example.org/Path?q=1"
    assert check_web_url("http://example.org") == "http://example.org/"
    assert check_web_url("http://example.org/a b") == "http://example.org/a%20b"


@pytest.mark.parametrize("url, words", [
    ("", "No URL"), ("example.org/page", "full URL"), ("ftp://example.org/f", "'ftp:'"),
    ("file:///etc/passwd", "'file:'"), ("javascript:alert(1)", "'javascript:'"), ("http:///path", "no host"),
    ("https://user:secret@example.org/", "user name or password"), ("http://example.org:99999/", "invalid port"),
    ("http://example.org/a\nb", "line breaks"), ("https://example.org/" + "a" * 5000, "characters long")])
def test_unusable_urls_are_refused_precisely(url, words):
    with pytest.raises(ToolError) as caught:
        check_web_url(url)
    assert words in caught.value.user_message


def test_relative_and_absolute_redirects():
    assert redirect_target("https://a.org/x/y", "../z") == "https://a.org/z"
    assert redirect_target("http://a.org/", "https://b.org/p") == "https://b.org/p"
    assert redirect_target("https://a.org/", "//c.org/q") == "https://c.org/q"


@pytest.mark.parametrize("location, words", [("ftp://a.org/f", "'ftp:'"), ("file:///etc/hosts", "'file:'"),
                                             ("http://a.org/plain", "unencrypted"),
                                             ("mailto:x@a.org", "'mailto:'")])
def test_cross_scheme_and_downgrade_redirects_are_refused(location, words):
    with pytest.raises(ToolError) as caught:
        redirect_target("https://a.org/page", location)
    assert words in caught.value.user_message and "not followed" in caught.value.user_message


@pytest.mark.parametrize("host", ["localhost", "LOCALHOST", "app.localhost", "printer.local", "nas.lan", "intranet",
                                  "127.0.0.1", "127.9.9.9", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.1.1",
                                  "100.64.0.1", "0.0.0.0", "::1", "[::1]", "fe80::1", "fd00::5", "::ffff:10.0.0.1",
                                  "224.0.0.1", "router.home.arpa", "db.internal"])
def test_local_hosts(host):
    assert is_local_name(host)


@pytest.mark.parametrize("host", ["example.org", "93.184.216.34", "2606:4700::1111", "html.duckduckgo.com"])
def test_public_hosts(host):
    assert not is_local_name(host)


def test_resolved_addresses():
    assert is_local_address("192.168.0.7") and is_local_address("::ffff:127.0.0.1")
    assert not is_local_address("8.8.8.8") and not is_local_address("not an address")


def test_same_host_ignores_case_brackets_and_ports():
    assert same_host("127.0.0.2", ["127.0.0.2:8080"])
    assert same_host("::1", ["[::1]:80"])
    assert same_host("NAS.lan", ["nas.lan"])
    assert not same_host("127.0.0.3", ["127.0.0.2"])


def test_loopback_only_for_local_only_mode():
    assert is_loopback_host("localhost") and is_loopback_host("127.0.0.5") and is_loopback_host("[::1]")
    assert not is_loopback_host("192.168.1.5") and not is_loopback_host("example.org")


def test_local_only_refuses_a_remote_model_server():
    on = research(local_only=True)
    assert local_only_refusal(on, "http://127.0.0.1:11434/v1") is None
    assert local_only_refusal(on, "http://localhost:1234/v1") is None
    refusal = local_only_refusal(on, "https://api.openai.com/v1")
    assert "api.openai.com" in refusal and "nothing was sent" in refusal
    assert "192.168.1.9" in local_only_refusal(on, "http://192.168.1.9:8080/v1")
    assert local_only_refusal(research(), "https://api.openai.com/v1") is None


def test_settings_from_configuration_values():
    schema = defaults()["Research"]
    settings = ResearchSettings.from_values({"SearchBackend": "SearXNG", "SearxngUrl": " http://127.0.0.1:8888 ",
                                             "LocalOnly": False, "AllowedLocalHosts": "nas.lan; 10.0.0.2 ,wiki"},
                                            schema)
    assert settings.backend == "searxng" and settings.search_url == "http://127.0.0.1:8888"
    assert settings.allowed_local_hosts == ("nas.lan", "10.0.0.2", "wiki")
    assert explicitly_allowed_hosts(settings) == ("nas.lan", "10.0.0.2", "wiki", "127.0.0.1")
    fallback = ResearchSettings.from_values({}, schema)
    assert fallback.backend == "duckduckgo" and fallback.search_url == "https://html.duckduckgo.com/html/"
    assert ResearchSettings.from_values({"SearchBackend": "bing"}, schema).backend == "duckduckgo"
