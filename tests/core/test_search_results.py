"""Parsing DuckDuckGo's HTML results and SearXNG's JSON, and building their query URLs."""
import json

import pytest

from marginalia.core.research.search_results import (SearchResult, duckduckgo_query_url, parse_duckduckgo,
    parse_searxng, result_target, searxng_query_url)
from marginalia.core.agent.tools import ToolError
from support.web_pages import duckduckgo_page


def test_duckduckgo_results_in_order_without_ads():
    page = duckduckgo_page([("Solar <b>record</b> 2024", "https://news.example/solar?id=1&x=2", "Output grew by "
                             "<b>24%</b>"),
                            ("Agency report", "https://agency.example/report.html", "The full tables."),
                            ("Duplicate", "https://news.example/solar?id=1&x=2", "again")],
                           ads=[("Buy panels", "https://shop.example/")])
    assert parse_duckduckgo(page) == [
        SearchResult("Solar record 2024", "https://news.example/solar?id=1&x=2", "Output grew by 24%"),
        SearchResult("Agency report", "https://agency.example/report.html", "The full tables."),
    ]


def test_duckduckgo_direct_links_and_missing_snippets():
    page = ('<div class="result results_links web-result"><h2 class="result__title"><a class="result__a" '
            'href="https://direct.example/a">Direct</a></h2></div>')
    assert parse_duckduckgo(page) == [SearchResult("Direct", "https://direct.example/a", "")]


def test_duckduckgo_no_results_is_an_empty_list():
    assert parse_duckduckgo(duckduckgo_page([], no_results=True)) == []


def test_duckduckgo_bot_check_is_an_error_not_an_empty_result():
    page = '<html><body><form id="challenge-form" action="/anomaly.js"><div>Select all ducks</div></form></body></html>'
    with pytest.raises(ToolError) as caught:
        parse_duckduckgo(page)
    assert "bot check" in caught.value.user_message


def test_an_unknown_page_layout_is_reported():
    with pytest.raises(ToolError) as caught:
        parse_duckduckgo("<html><body><p>Something else entirely</p></body></html>")
    assert "layout" in caught.value.user_message


@pytest.mark.parametrize("href, target", [
    ("//duckduckgo.com/l/?uddg=https%3A%2F%2Fa.example%2Fp%3Fq%3D1&rut=x", "https://a.example/p?q=1"),
    ("/l/?uddg=http%3A%2F%2Fb.example%2F", "http://b.example/"),
    ("https://duckduckgo.com/y.js?ad_provider=x", None),
    ("//duckduckgo.com/l/?uddg=javascript%3Aalert(1)", None),
    ("https://plain.example/x", "https://plain.example/x"),
    ("mailto:someone@example.org", None)])
def test_result_targets(href, target):
    assert result_target(href) == target


def test_searxng_results():
    body = json.dumps({"query": "solar", "results": [
        {"title": " Solar  record ", "url": "https://a.example/1", "content": "Grew\nby 24%", "engine": "bing"},
        {"title": "", "url": "https://b.example/2"},
        {"title": "No URL"}, {"title": "ftp", "url": "ftp://c.example/"}, "junk"]})
    assert parse_searxng(body) == [SearchResult("Solar record", "https://a.example/1", "Grew by 24%"),
                                   SearchResult("https://b.example/2", "https://b.example/2", "")]


@pytest.mark.parametrize("body", ["<html>not json</html>", '{"answers": []}', "[]"])
def test_searxng_answer_that_is_not_results(body):
    with pytest.raises(ToolError) as caught:
        parse_searxng(body)
    assert "JSON" in caught.value.user_message


def test_query_urls_carry_the_query_visibly():
    assert duckduckgo_query_url("https://html.duckduckgo.com/html/", "solar 2024 & more") == \
        "https://html.duckduckgo.com/html/?q=solar+2024+%26+more"
    assert duckduckgo_query_url("http://127.0.0.1:9/html/?kl=de-de", "x") == "http://127.0.0.1:9/html/?kl=de-de&q=x"
    assert searxng_query_url("https://searx.example/", "café") == \
        "https://searx.example/search?q=caf%C3%A9&format=json"
    assert searxng_query_url("https://searx.example/search", "a") == "https://searx.example/search?q=a&format=json"
