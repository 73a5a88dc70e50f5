"""A small web site on a loopback address for the research tests: pages, redirects, slow and broken answers.

Each :class:`PageServer` listens on its own loopback address (``127.0.0.1``,
``127.0.0.2``… are all this computer on Linux), so tests get several distinct *hosts*
for the approval flow. Routes are static (every request to a path gets the same
answer); requests are recorded, and a body sent slowly notes when the client hung up.
"""
from __future__ import annotations

import gzip
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Dict, List, Optional


@dataclass
class Route:
    """One path's answer."""

    status: int = 200
    headers: Dict[str, str] = field(default_factory=dict)
    chunks: List[bytes] = field(default_factory=list)
    delay: float = 0.0
    """Seconds before each chunk (a slow site)."""
    chunked: bool = False
    silent: bool = False
    """Accept the request and never answer (a hung site)."""


@dataclass
class Hit:
    path: str
    headers: Dict[str, str]
    at: float


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):
        pass

    def do_GET(self):
        owner = self.server.owner
        owner.hits.append(Hit(self.path, dict(self.headers.items()), time.monotonic()))
        route = owner.routes.get(self.path.split("?", 1)[0])
        if route is None:
            route = Route(404, {"Content-Type": "text/html"}, [b"<h1>Not here</h1>"])
        if route.silent:
            owner.halt.wait(30)
            self.close_connection = True
            return
        self.send_response(route.status)
        for name, value in route.headers.items():
            self.send_header(name, value)
        if route.chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(sum(len(c) for c in route.chunks)))
        self.end_headers()
        try:
            self._body(route)
        except (BrokenPipeError, ConnectionResetError):
            owner.disconnects.append(time.monotonic())
            self.close_connection = True

    def _body(self, route: Route) -> None:
        for chunk in route.chunks:
            if route.delay and self.server.owner.halt.wait(route.delay):
                self.close_connection = True
                return
            self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk) if route.chunked else chunk)
            self.wfile.flush()
        if route.chunked:
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        """A client that hangs up (as research does when it stops reading) is not a server error."""
        import sys
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)


class PageServer:
    """A site on ``host`` (a loopback address); use as a context manager."""

    def __init__(self, host: str = "127.0.0.1"):
        self.routes: Dict[str, Route] = {}
        self.hits: List[Hit] = []
        self.disconnects: List[float] = []
        self.halt = threading.Event()
        self._server = _Server((host, 0), _Handler)
        self._server.owner = self
        self.host = host
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05},
                                        daemon=True, name="page-server")
        self._thread.start()

    @property
    def port(self) -> int:
        return self._server.server_address[1]

    @property
    def origin(self) -> str:
        return "http://%s:%d" % (self.host, self.port)

    def url(self, path: str) -> str:
        return self.origin + path

    def add(self, path: str, body=b"", status: int = 200, content_type: Optional[str] = "text/html; charset=utf-8",
            headers: Optional[Dict[str, str]] = None, chunks: Optional[List[bytes]] = None, delay: float = 0.0,
            chunked: bool = False, silent: bool = False, gzipped: bool = False) -> str:
        """Serve ``body`` (str: UTF-8) at ``path``; return the page's URL."""
        data = body.encode("utf-8") if isinstance(body, str) else body
        all_headers = {"Content-Type": content_type} if content_type else {}
        if gzipped:
            data = gzip.compress(data)
            all_headers["Content-Encoding"] = "gzip"
        all_headers.update(headers or {})
        self.routes[path] = Route(status, all_headers, chunks if chunks is not None else [data], delay, chunked,
                                  silent)
        return self.url(path)

    def redirect(self, path: str, location: str, status: int = 302) -> str:
        """Answer ``path`` with a redirect to ``location``."""
        return self.add(path, b"", status=status, content_type=None, headers={"Location": location})

    def paths(self) -> List[str]:
        return [hit.path for hit in self.hits]

    def close(self) -> None:
        self.halt.set()
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> "PageServer":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()


def duckduckgo_page(results, ads=(), no_results: bool = False) -> str:
    """A result page shaped like DuckDuckGo's HTML endpoint (links through its redirector).

    Args:
        results: ``(title, url, snippet)`` triples.
        ads: ``(title, url)`` pairs shown as ads first (to be skipped).
        no_results: Show DuckDuckGo's "No results." box instead.
    """
    from urllib.parse import quote
    blocks = []
    for title, url in ads:
        blocks.append('<div class="result results_links results_links_deep result--ad ">'
                      '<h2 class="result__title"><a class="result__a" href="https://duckduckgo.com/y.js?ad=1&u=%s">'
                      '%s</a></h2><a class="result__snippet" href="#">Sponsored</a></div>' % (quote(url), title))
    for title, url, snippet in results:
        link = "//duckduckgo.com/l/?uddg=%s&amp;rut=abc" % quote(url, safe="")
        blocks.append('<div class="result results_links results_links_deep web-result ">'
                      '<div class="links_main links_deep result__body"><h2 class="result__title">'
                      '<a rel="nofollow" class="result__a" href="%s">%s</a></h2>'
                      '<div class="result__extras"><a class="result__url" href="%s">%s</a></div>'
                      '<a class="result__snippet" href="%s">%s</a></div></div>' % (link, title, link, url, link,
                                                                                   snippet))
    if no_results:
        blocks.append('<div class="no-results">No results.</div>')
    return ('<!DOCTYPE html><html><head><meta charset="utf-8"><title>q at DuckDuckGo</title></head><body>'
            '<div id="links" class="results">%s</div></body></html>' % "".join(blocks))
