"""web_search and research_web against a fake DuckDuckGo page and a fake SearXNG on loopback."""
import json

import pytest

from marginalia.core.research.approval import DENY, HOST, ONCE
from support.settings_schema import research
from support.research_kit import Recorder, ScriptedUser, make_kit, run_tool
from support.web_pages import PageServer, duckduckgo_page


@pytest.fixture
def search_site():
    with PageServer("127.0.0.1") as server:
        yield server


@pytest.fixture
def pages():
    with PageServer("127.0.0.2") as server:
        yield server


def ddg_settings(server):
    return research(duckduckgo_url=server.url("/html/"))


def test_web_search_returns_the_top_results(search_site):
    search_site.add("/html/", duckduckgo_page([("Result %d" % n, "https://r%d.example/page" % n, "Snippet %d" % n)
                                              for n in range(1, 9)], ads=[("Ad", "https://ad.example/")]))
    kit, user = make_kit(settings=ddg_settings(search_site))
    progress = Recorder()
    outcome = run_tool(kit, "web_search", {"query": "solar  record 2024", "count": 3}, progress)
    assert outcome.ok and outcome.summary == "Found 3 results for \u201csolar record 2024\u201d"
    assert outcome.content == ("Search results for \u201csolar record 2024\u201d (DuckDuckGo):\n\n"
                               "1. Result 1\n   https://r1.example/page\n   Snippet 1\n"
                               "2. Result 2\n   https://r2.example/page\n   Snippet 2\n"
                               "3. Result 3\n   https://r3.example/page\n   Snippet 3\n\n"
                               "Read a page with fetch_page(url).")
    assert search_site.paths() == ["/html/?q=solar+record+2024"]
    assert user.asked == [search_site.url("/html/?q=solar+record+2024")]
    assert progress.events[0] == ("step", "Searching DuckDuckGo for \u201csolar record 2024\u201d")
    assert progress.events[-1] == ("complete", "Found 3 results")


def test_an_empty_result_is_an_error_for_the_model(search_site):
    search_site.add("/html/", duckduckgo_page([], no_results=True))
    kit, _ = make_kit(settings=ddg_settings(search_site))
    outcome = run_tool(kit, "web_search", {"query": "qwxzv"})
    assert not outcome.ok and "found nothing" in outcome.content


def test_an_empty_query_is_refused():
    kit, _ = make_kit()
    outcome = run_tool(kit, "web_search", {"query": "   "})
    assert not outcome.ok and "query is empty" in outcome.content


def test_a_search_service_that_fails(search_site):
    search_site.add("/html/", "down", status=503)
    kit, _ = make_kit(settings=ddg_settings(search_site))
    outcome = run_tool(kit, "web_search", {"query": "x"})
    assert not outcome.ok and "HTTP 503" in outcome.content


def test_a_search_service_that_is_not_a_result_page(search_site):
    search_site.add("/html/", '{"a": 1}', content_type="application/json")
    kit, _ = make_kit(settings=ddg_settings(search_site))
    outcome = run_tool(kit, "web_search", {"query": "x"})
    assert not outcome.ok and "did not answer with a result page" in outcome.content


def test_the_search_was_denied(search_site):
    search_site.add("/html/", duckduckgo_page([("R", "https://r.example/", "s")]))
    kit, _ = make_kit(settings=ddg_settings(search_site), user=ScriptedUser(DENY))
    outcome = run_tool(kit, "web_search", {"query": "private words"})
    assert not outcome.ok and "denied" in outcome.content and search_site.hits == []


def test_searxng(search_site):
    search_site.add("/search", json.dumps({"results": [{"title": "Wiki", "url": "https://w.example/a",
                                                         "content": "About a"}]}),
                    content_type="application/json")
    settings = research(backend="searxng", searxng_url=search_site.url("/"))
    kit, _ = make_kit(local_hosts=(), settings=settings)  # the configured instance counts as allowed
    outcome = run_tool(kit, "web_search", {"query": "a b"})
    assert outcome.ok and "1. Wiki\n   https://w.example/a\n   About a" in outcome.content
    assert "(SearXNG)" in outcome.content and search_site.paths() == ["/search?q=a+b&format=json"]


def test_searxng_without_json_format(search_site):
    search_site.add("/search", "<h1>Forbidden</h1>", status=403)
    kit, _ = make_kit(settings=research(backend="searxng", searxng_url=search_site.origin))
    outcome = run_tool(kit, "web_search", {"query": "a"})
    assert not outcome.ok and "JSON format is probably off" in outcome.content


def test_searxng_without_an_address():
    kit, _ = make_kit(settings=research(backend="searxng"))
    outcome = run_tool(kit, "web_search", {"query": "a"})
    assert not outcome.ok and "No SearXNG address is set" in outcome.content


def test_research_searches_reads_pages_and_reports_each_step(search_site, pages):
    first = pages.add("/one", "<title>One</title><h1>One</h1><p>Solar output grew by 24%.</p>")
    second = pages.add("/two", "<title>Two</title><p>%s</p>" % ("Long text. " * 600))
    missing = pages.add("/three", "gone", status=404)
    search_site.add("/html/", duckduckgo_page([("One", first, "s1"), ("Two", second, "s2"), ("Three", missing, "s3"),
                                               ("Four", pages.url("/four"), "s4")]))
    user = ScriptedUser(choices=[HOST, ONCE, ONCE, ONCE])
    kit, _ = make_kit(local_hosts=("127.0.0.2",), settings=ddg_settings(search_site), user=user)
    progress = Recorder()
    outcome = run_tool(kit, "research_web", {"query": "solar", "pages": 3}, progress)
    assert outcome.ok and outcome.summary == "Read 2 of 3 pages for \u201csolar\u201d"
    content = outcome.content
    assert "## Source 1: One\nTitle: One\nURL: %s\n# One\n\nSolar output grew by 24%%." % first in content
    assert "## Source 2: Two" in content and "more characters; read them with fetch_page" in content
    assert "## Source 3: %s\nNot read: The page was not found (HTTP 404)" % missing in content
    assert "Source 4" not in content and "/four" not in pages.paths()
    assert user.asked == [search_site.url("/html/?q=solar"), first, second, missing]
    messages = progress.messages()
    for expected in ("Searching DuckDuckGo for \u201csolar\u201d", "1/3: Reading 127.0.0.2", "2/3: Reading 127.0.0.2",
                     "3/3: Reading 127.0.0.2", "Read 2 of 3 pages"):
        assert expected in messages, messages
    assert progress.phases()[-1] == "complete"


def test_research_with_every_page_denied_still_answers(search_site, pages):
    url = pages.add("/p", "<p>text</p>")
    search_site.add("/html/", duckduckgo_page([("P", url, "s")]))
    user = ScriptedUser(choices=[ONCE, DENY])
    kit, _ = make_kit(local_hosts=("127.0.0.2",), settings=ddg_settings(search_site), user=user)
    outcome = run_tool(kit, "research_web", {"query": "p"})
    assert outcome.ok and "Not read: The user denied the request to %s" % url in outcome.content
    assert pages.hits == []
