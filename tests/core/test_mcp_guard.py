"""The MCP server's request guard, rule by rule: loopback Host and Origin, the bearer token, the refusals' words."""
import pytest

from marginalia.core.mcp.guard import Refusal, check, is_loopback_host, is_loopback_origin, new_token, token_matches

TOKEN = "s3cret-token"
AUTH = {"Authorization": "Bearer " + TOKEN}


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.1:8765", "localhost", "LOCALHOST:80", " localhost ", "::1",
                                  "[::1]", "[::1]:8765", "127.0.0.2:9000", "[0:0:0:0:0:0:0:1]:80"])
def test_loopback_hosts_with_or_without_a_port(host):
    assert is_loopback_host(host)


@pytest.mark.parametrize("host", ["example.org", "example.org:8765", "127.0.0.1.evil.example", "10.0.0.1:80",
                                  "[::2]:80", "", "localhost.evil.example", "::2",
                                  "[::1"])  # an unclosed bracket is no host at all
def test_other_hosts_are_not_loopback(host):
    assert not is_loopback_host(host)


def test_loopback_origins_need_http_or_https():
    assert is_loopback_origin("http://127.0.0.1:8765") and is_loopback_origin("https://localhost")
    assert not is_loopback_origin("file://localhost") and not is_loopback_origin("null")
    assert not is_loopback_origin("http://evil.example") and not is_loopback_origin("http://[::1")


def test_the_token_must_come_as_a_bearer_token_exactly():
    assert token_matches("Bearer " + TOKEN, TOKEN) and token_matches("  bearer  %s " % TOKEN, TOKEN)
    assert not token_matches("Basic " + TOKEN, TOKEN) and not token_matches(TOKEN, TOKEN)
    assert not token_matches("Bearer " + TOKEN + "x", TOKEN) and not token_matches("Bearer", TOKEN)
    assert not token_matches("Bearer ", "")  # no token set: nothing matches


def test_a_request_passes_only_with_the_token_and_loopback_origin_and_host():
    assert check(dict(AUTH, Host="127.0.0.1:8765", Origin="http://localhost:3000"), TOKEN) is None
    assert check(AUTH, TOKEN) is None  # no Origin, no Host (HTTP/1.0): the token decides
    assert check({}, TOKEN) == Refusal(401, "Unauthorized: send the token as 'Authorization: Bearer <token>'")


def test_origin_and_host_are_refused_before_the_token_is_looked_at():
    assert check(dict(AUTH, Origin="https://evil.example"), TOKEN) == Refusal(
        403, "Forbidden: requests from web pages (Origin https://evil.example) are not accepted")
    assert check({"Host": "evil.example", "Origin": "http://127.0.0.1"}, TOKEN) == Refusal(
        403, "Forbidden: the Host header must name 127.0.0.1")


def test_a_long_origin_is_shortened_to_eighty_characters_in_the_refusal():
    exact = "https://" + "e" * 72
    longer = exact + "x"
    assert "(Origin %s)" % exact in check({"Origin": exact}, TOKEN).reason
    assert "(Origin %s…)" % exact[:79] in check({"Origin": longer}, TOKEN).reason


def test_a_new_token_is_43_url_safe_characters_and_never_the_same():
    first, second = new_token(), new_token()
    assert len(first) == 43 and first != second and first.replace("-", "").replace("_", "").isalnum()
