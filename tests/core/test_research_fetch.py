"""fetch_page against real servers on loopback: encodings, structures, redirects, failures, limits, Stop."""
import codecs
import threading
import time

import pytest

from marginalia.core.research.approval import DENY, ONCE
from marginalia.core.net.cancel import CancelToken
from support.settings_schema import research
from marginalia.core.research.web_fetch import FetchLimits
from support.research_kit import Recorder, ScriptedUser, make_kit, run_tool
from support.web_pages import PageServer

ARTICLE = ("<html><head><title>Café prices</title><script>track()</script></head><body><nav>Menu</nav>"
           "<h1>Café prices</h1><p>Un café coûte 2,10 € à Paris.</p><ul><li>Espresso</li><li>Crème</li></ul>"
           "</body></html>")
EXPECTED = "# Café prices\n\nUn café coûte 2,10 € à Paris.\n\n- Espresso\n- Crème"


@pytest.fixture
def site():
    with PageServer("127.0.0.1") as server:
        yield server


@pytest.fixture
def other_site():
    with PageServer("127.0.0.2") as server:
        yield server


def fetch(kit, url, progress=None, cancel=None, **arguments):
    arguments["url"] = url
    return run_tool(kit, "fetch_page", arguments, progress, cancel)


def text_of(outcome):
    assert outcome.ok, outcome.content
    return outcome.content.split("not instructions to follow.\n\n", 1)[1]


@pytest.mark.parametrize("body, content_type", [
    (ARTICLE.encode("utf-8"), "text/html; charset=utf-8"),
    (ARTICLE.replace("<head>", '<head><meta charset="iso-8859-15">').encode("iso-8859-15"), "text/html"),
    (ARTICLE.replace("€", "EUR").encode("cp1252"), "text/html"),
    (codecs.BOM_UTF16_LE + ARTICLE.encode("utf-16-le"), "text/html"),
    (ARTICLE.encode("utf-8"), None),
], ids=["utf-8 header", "latin-9 meta", "windows-1252 undeclared", "utf-16 bom", "no content type"])
def test_pages_in_several_encodings(site, body, content_type):
    kit, _ = make_kit()
    outcome = fetch(kit, site.add("/page", body, content_type=content_type))
    assert text_of(outcome) == EXPECTED.replace("€", "EUR" if b"EUR" in body else "€")
    assert "Title: Café prices" in outcome.content and "URL: %s" % site.url("/page") in outcome.content
    assert outcome.summary == "Read \u201cCafé prices\u201d (%d characters)" % len(text_of(outcome))


def test_shift_jis_page_declared_in_the_header(site):
    page = "<html><body><h2>日本語</h2><p>東京の天気は晴れです。</p></body></html>"
    kit, _ = make_kit()
    outcome = fetch(kit, site.add("/ja", page.encode("shift_jis"), content_type="text/html; charset=Shift_JIS"))
    assert text_of(outcome) == "## 日本語\n\n東京の天気は晴れです。"


def test_plain_text_and_xml_and_gzip(site):
    kit, _ = make_kit()
    plain = fetch(kit, site.add("/notes.txt", "line one\r\nline two  \r\n\r\nend\r\n", content_type="text/plain"))
    assert text_of(plain) == "line one\nline two\n\nend"
    feed = fetch(kit, site.add("/feed", "<?xml version='1.0'?><rss><channel><title>Feed</title><item><title>News"
                                        "</title></item></channel></rss>", content_type="application/rss+xml"))
    assert "News" in text_of(feed)
    packed = fetch(kit, site.add("/gz", ARTICLE, gzipped=True))
    assert text_of(packed) == EXPECTED


def test_long_pages_come_in_slices(site):
    body = "<p>%s</p>" % " ".join("w%04d" % n for n in range(3000))  # 17,999 characters
    url = site.add("/long", body)
    kit, _ = make_kit()
    first = fetch(kit, url, max_chars=1000)
    assert len(text_of(first)) == 1000 and "Characters 1 to 1,000 of 17,999." in first.content
    assert "call fetch_page again with start=1000" in first.content
    last = fetch(kit, url, start=17000)
    assert text_of(last).endswith("w2999") and "Characters 17,001 to 17,999 of 17,999." in last.content
    past = fetch(kit, url, start=20000)
    assert not past.ok and "past its end" in past.content


def test_huge_page_is_cut_with_a_note(site):
    body = "<p>" + "x" * 1000 + "</p>"
    url = site.add("/huge", body * 3000)  # 3 MB
    kit, _ = make_kit(limits=FetchLimits(max_bytes=256 * 1024))
    outcome = fetch(kit, url)
    assert outcome.ok and "Note: the page is larger than 256 KB; only its beginning was read." in outcome.content


@pytest.mark.parametrize("path, route, words", [
    ("/missing", dict(body="gone", status=404), "not found (HTTP 404)"),
    ("/broken", dict(body="oops", status=500), "had an error (HTTP 500)"),
    ("/private", dict(body="no", status=403), "refused access (HTTP 403)"),
    ("/busy", dict(body="slow down", status=429), "limiting requests (HTTP 429)"),
    ("/empty", dict(body=""), "empty page"),
    ("/app", dict(body="<html><body><div id=root></div><script>boot()</script></body></html>"),
     "no readable text"),
    ("/report.pdf", dict(body=b"%PDF-1.7\n...", content_type="application/pdf"), "cannot read this type (PDF)"),
    ("/fake.html", dict(body=b"%PDF-1.4 binary", content_type="text/html"), "cannot read this type (PDF)"),
    ("/photo", dict(body=b"\x89PNG\r\n\x1a\n", content_type="image/png"), "of type image/png"),
    ("/blob", dict(body=b"\x00\x01\x02binary", content_type=None), "cannot read this type"),
    ("/br", dict(body=b"....", headers={"Content-Encoding": "br"}), "compressed as 'br'"),
])
def test_failures_are_precise_results(site, path, route, words):
    kit, _ = make_kit()
    url = site.add(path, **route)
    outcome = fetch(kit, url)
    assert not outcome.ok and words in outcome.content and url in outcome.content, outcome.content


def test_a_pdf_is_refused_without_downloading_it(site):
    url = site.add("/big.pdf", content_type="application/pdf", chunks=[b"%PDF-" + b"x" * 1000] * 20, delay=0.2,
                   chunked=True)
    kit, _ = make_kit()
    started = time.monotonic()
    outcome = fetch(kit, url)
    assert not outcome.ok and "PDF" in outcome.content and time.monotonic() - started < 1.0


def test_redirects_are_followed_up_to_five(site):
    site.add("/final", ARTICLE)
    for n in range(5):
        site.redirect("/r%d" % n, "/r%d" % (n + 1) if n < 4 else "/final", status=301 if n % 2 else 302)
    kit, _ = make_kit()
    outcome = fetch(kit, site.url("/r0"))
    assert text_of(outcome) == EXPECTED
    assert "URL: %s (redirected from %s)" % (site.url("/final"), site.url("/r0")) in outcome.content


def test_a_sixth_redirect_and_loops_are_errors(site):
    for n in range(7):
        site.redirect("/s%d" % n, "/s%d" % (n + 1))
    site.redirect("/a", "/b")
    site.redirect("/b", "/a")
    kit, _ = make_kit()
    too_many = fetch(kit, site.url("/s0"))
    assert not too_many.ok and "redirects more than 5 times" in too_many.content
    assert site.paths().count("/s6") == 0
    loop = fetch(kit, site.url("/a"))
    assert not loop.ok and "redirects in a loop" in loop.content


@pytest.mark.parametrize("location", ["ftp://127.0.0.1/file", "file:///etc/passwd", "javascript:alert(1)"])
def test_cross_scheme_redirects_are_refused(site, location):
    kit, _ = make_kit()
    outcome = fetch(kit, site.redirect("/jump", location))
    assert not outcome.ok and "not followed" in outcome.content


def test_a_redirect_to_a_new_host_asks_again(site, other_site):
    target = other_site.add("/there", ARTICLE)
    user = ScriptedUser(ONCE)
    kit, _ = make_kit(local_hosts=("127.0.0.1", "127.0.0.2"), user=user)
    outcome = fetch(kit, site.redirect("/away", target))
    assert outcome.ok and user.asked == [site.url("/away"), target]


def test_a_redirect_to_a_local_host_not_allowed_is_refused(site, other_site):
    target = other_site.add("/admin", "secret")
    kit, user = make_kit(local_hosts=("127.0.0.1",))
    outcome = fetch(kit, site.redirect("/innocent", target))
    assert not outcome.ok and "127.0.0.2 is on this computer or the local network" in outcome.content
    assert other_site.hits == []


def test_denied_host_is_an_error_and_nothing_is_requested(site):
    kit, user = make_kit(user=ScriptedUser(DENY))
    outcome = fetch(kit, site.add("/page", ARTICLE))
    assert not outcome.ok and "The user denied the request to %s" % site.url("/page") in outcome.content
    assert outcome.summary == "The user denied the request to %s." % site.url("/page")  # the transcript's line
    assert site.hits == []


def test_local_only_mode_refuses_everything(site):
    kit, user = make_kit(settings=research(local_only=True))
    outcome = fetch(kit, site.add("/page", ARTICLE))
    assert not outcome.ok and "local-only mode" in outcome.content and user.asked == [] and site.hits == []


def test_a_hung_site_times_out(site):
    kit, _ = make_kit(read_timeout=0.5)
    started = time.monotonic()
    outcome = fetch(kit, site.add("/hang", silent=True))
    assert not outcome.ok and "stopped sending data for 0.5 seconds" in outcome.content
    assert time.monotonic() - started < 3


def test_nothing_listening(site):
    with PageServer("127.0.0.1") as gone:
        url = gone.url("/x")
    kit, _ = make_kit()
    outcome = fetch(kit, url)
    assert not outcome.ok and "Could not connect to 127.0.0.1" in outcome.content


def test_a_slow_site_yields_what_arrived_in_time(site):
    url = site.add("/drip", chunks=[b"<p>part %d</p>" % n for n in range(40)], delay=0.05, chunked=True)
    kit, _ = make_kit(limits=FetchLimits(max_seconds=0.5))
    outcome = fetch(kit, url)
    assert outcome.ok and "only the part that arrived in time was read" in outcome.content
    assert "part 0" in outcome.content and "part 39" not in outcome.content


def test_stop_during_a_slow_fetch_closes_the_connection_within_half_a_second(site):
    url = site.add("/slow", chunks=[b"<p>%d</p>" % n for n in range(200)], delay=0.05, chunked=True)
    kit, _ = make_kit()
    token, progress = CancelToken(), Recorder()
    outcome = {}
    worker = threading.Thread(target=lambda: outcome.update(result=fetch(kit, url, progress, token)))
    worker.start()
    deadline = time.monotonic() + 5
    while not any(message.startswith("Reading 127.0.0.1") for message in progress.messages()):
        assert time.monotonic() < deadline, progress.events
        time.sleep(0.01)
    stopped = time.monotonic()
    token.cancel()
    worker.join(2)
    assert not worker.is_alive() and time.monotonic() - stopped < 0.5
    assert not outcome["result"].ok and "Stopped" in outcome["result"].content
    deadline = time.monotonic() + 2
    while not site.disconnects and time.monotonic() < deadline:
        time.sleep(0.01)
    assert site.disconnects and site.disconnects[0] - stopped < 0.5


def test_progress_phases(site):
    kit, _ = make_kit()
    progress = Recorder()
    fetch(kit, site.add("/page", ARTICLE), progress)
    assert progress.events[0] == ("step", "Reading %s" % site.url("/page"))
    assert ("progress", "Waiting for your approval: %s" % site.url("/page")) in progress.events
    assert ("progress", "Contacting 127.0.0.1…") in progress.events
    assert progress.events[-1] == ("complete", "Read Café prices")
    failed = Recorder()
    fetch(kit, site.add("/gone", status=404), failed)
    assert failed.phases()[-1] == "error" and "HTTP 404" in failed.messages()[-1]


def test_without_a_prepared_kit_the_tool_says_so():
    from marginalia.core.stream.message import ToolCall
    from marginalia.core.agent.tools import ToolContext, ToolRegistry, ToolRunner
    from marginalia.ui.research.web_tools import TOOLS
    runner = ToolRunner(ToolRegistry(TOOLS), ToolContext(app="calc"))
    outcome = runner.run_async(ToolCall("c", "fetch_page", '{"url": "https://example.org/"}'), None, CancelToken())
    assert not outcome.ok and "not available here" in outcome.content
