"""Search results from the two supported services: DuckDuckGo's HTML page and SearXNG's JSON.

* DuckDuckGo: ``GET <base>?q=…`` on the no-JavaScript endpoint
  (``https://html.duckduckgo.com/html/``). Each web result is a ``div`` with the class
  ``result`` (ads add ``result--ad`` and are skipped); its title link has the class
  ``result__a`` and its snippet the class ``result__snippet``. Links may point at
  DuckDuckGo's redirector (``//duckduckgo.com/l/?uddg=<encoded target>``); the target
  is taken from it. A page with a ``challenge-form`` (or an ``anomaly`` box) is the
  bot check, not an empty result.
* SearXNG: ``GET <instance>/search?q=…&format=json``; ``results`` holds ``title``,
  ``url`` and ``content``. An instance answers 403 when its JSON format is off.
"""
from __future__ import annotations

import json
from html.parser import HTMLParser
from typing import List, NamedTuple, Optional
from urllib.parse import parse_qs, urlencode, urlsplit

from ..agent.tools import ToolError



class SearchResult(NamedTuple):
    """One result: what the model may read next."""

    title: str
    url: str
    snippet: str


def duckduckgo_query_url(base: str, query: str) -> str:
    """The GET URL of a DuckDuckGo HTML search (the query visible in the address)."""
    return base + ("&" if "?" in base else "?") + urlencode({"q": query})


def searxng_query_url(base: str, query: str) -> str:
    """The GET URL of a SearXNG JSON search (``base`` is the instance's address)."""
    root = base.rstrip("/")
    if root.endswith("/search"):
        root = root[:-len("/search")]
    return root + "/search?" + urlencode({"q": query, "format": "json"})


def parse_duckduckgo(page: str) -> List[SearchResult]:
    """Return the web results of a DuckDuckGo HTML result page, in order.

    Raises:
        ToolError: The page is DuckDuckGo's bot check.
    """
    parser = _DuckDuckGoPage()
    parser.feed(page)
    parser.close()
    if parser.blocked:
        raise ToolError("DuckDuckGo answered with its bot check instead of results. Try again in a while, or ask "
                        "the user to configure a SearXNG instance as the search service.")
    if not parser.containers and not parser.no_results:
        raise ToolError("DuckDuckGo's answer held no results Marginalia could read (nothing was found, or its page "
                        "layout changed). Try other words; if this keeps happening, ask the user to configure SearXNG.")
    return parser.results()


def parse_searxng(body: str) -> List[SearchResult]:
    """Return the results of a SearXNG JSON answer.

    Raises:
        ToolError: The answer is not SearXNG's JSON.
    """
    try:
        data = json.loads(body)
        items = data["results"]
    except (ValueError, KeyError, TypeError):
        raise ToolError("The SearXNG instance did not answer with search results in JSON. Check its address in "
                        "Settings and that its JSON format is enabled (search: formats: json).") from None
    results = []
    for item in items if isinstance(items, list) else []:
        if not isinstance(item, dict):
            continue
        url = str(item.get("url") or "")
        if url.startswith(("http://", "https://")):
            results.append(SearchResult(_clean(item.get("title")) or url, url, _clean(item.get("content"))))
    return results


def result_target(href: str) -> Optional[str]:
    """The real address behind a DuckDuckGo result link (None for ads and non-web links)."""
    href = href.strip()
    if href.startswith("//"):
        href = "https:" + href
    elif href.startswith("/"):
        href = "https://duckduckgo.com" + href
    parts = urlsplit(href)
    if parts.hostname and parts.hostname.endswith("duckduckgo.com"):
        if parts.path.startswith("/l/"):
            target = parse_qs(parts.query).get("uddg", [""])[0]
            return target if target.startswith(("http://", "https://")) else None
        return None  # ads (/y.js) and DuckDuckGo's own pages
    return href if parts.scheme in ("http", "https") else None


def _clean(value) -> str:
    return " ".join(str(value or "").split())


class _DuckDuckGoPage(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self._found: List[List[str]] = []  # [title, href, snippet]
        self._in_ad = False
        self._capture: Optional[str] = None  # "title" or "snippet"
        self._capture_tag = ""
        self._depth = 0
        self._text: List[str] = []
        self.blocked = False
        self.containers = 0
        """Result blocks seen (ads included)."""
        self.no_results = False
        """The page says it found nothing."""

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        classes = (values.get("class") or "").split()
        if values.get("id") == "challenge-form" or "anomaly-modal__modal" in classes:
            self.blocked = True
        if tag == "div" and "result" in classes:
            self._in_ad = "result--ad" in classes
            self.containers += 1
        if "no-results" in classes:
            self.no_results = True
        if self._capture is not None:
            self._depth += tag == self._capture_tag
            return
        if "result__a" in classes and not self._in_ad:
            self._found.append(["", values.get("href") or "", ""])
            self._start("title", tag)
        elif "result__snippet" in classes and not self._in_ad and self._found and not self._found[-1][2]:
            self._start("snippet", tag)

    def _start(self, what: str, tag: str) -> None:
        self._capture, self._capture_tag, self._depth, self._text = what, tag, 1, []

    def handle_endtag(self, tag):
        if self._capture is None or tag != self._capture_tag:
            return
        self._depth -= 1
        if self._depth == 0:
            self._found[-1][0 if self._capture == "title" else 2] = _clean("".join(self._text))
            self._capture = None

    def handle_data(self, data):
        if self._capture is not None:
            self._text.append(data)

    def results(self) -> List[SearchResult]:
        results, seen = [], set()
        for title, href, snippet in self._found:
            url = result_target(href)
            if url and url not in seen:
                seen.add(url)
                results.append(SearchResult(title or url, url, snippet))
        return results
