"""HTML to readable text: what a reader reads stays, in order; scripts, styles and navigation go."""
from marginalia.core.text.html_text import html_to_text

ARTICLE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>  Solar  output
 in 2024 | News</title>
<style>body { font: 12px sans-serif } p::after { content: "STYLE" }</style>
<script>document.write("<p>SCRIPT</p>"); var x = "</div>";</script>
<link rel="stylesheet" href="/a.css"></head>
<body>
<header class="site"><a href="/">Logo</a><nav><ul><li><a href="/a">Home</a></li><li>World</li></ul></nav></header>
<div role="navigation">Skip to content</div>
<main>
<article>
<header><h1>Solar output hits a record</h1><p class="byline">By A. Writer</p></header>
<p>Installations grew by <b>24&nbsp;%</b> in 2024, the agency said.<br>Figures are provisional.</p>
<h2>By country</h2>
<table>
<thead><tr><th>Country</th><th>GW</th></tr></thead>
<tbody><tr><td>China</td><td>277</td></tr><tr><td>USA</td><td>38</td></tr></tbody>
</table>
<h3>Caveats</h3>
<ul><li>Preliminary data</li><li>Excludes <i>off-grid</i> systems
  <ol><li>Rooftop</li><li>Portable</li></ol></li></ul>
<p hidden>HIDDEN</p><div aria-hidden="true">ARIA-HIDDEN</div>
<form><label>Search</label><input name="q"><button>GO</button><select><option>OPTION</option></select></form>
<pre>total = 277 + 38
  indented</pre>
<noscript>NOSCRIPT</noscript>
<footer>Article footer stays</footer>
</article>
</main>
<aside>Related: SIDEBAR</aside>
<footer>© PAGE FOOTER</footer>
<svg><title>SVG TITLE</title><text>SVG</text></svg>
</body></html>"""


def test_article_structure_in_order():
    page = html_to_text(ARTICLE)
    assert page.title == "Solar output in 2024 | News"
    assert page.text == """# Solar output hits a record

By A. Writer

Installations grew by 24 % in 2024, the agency said.
Figures are provisional.

## By country

| Country | GW |
| --- | --- |
| China | 277 |
| USA | 38 |

### Caveats

- Preliminary data
- Excludes off-grid systems
  1. Rooftop
  2. Portable

Search

total = 277 + 38
  indented

Article footer stays"""


def test_nothing_a_reader_does_not_read_leaks():
    text = html_to_text(ARTICLE).text
    for hidden in ("STYLE", "SCRIPT", "Home", "World", "Logo", "Skip to content", "HIDDEN", "ARIA-HIDDEN", "GO",
                   "OPTION", "NOSCRIPT", "SIDEBAR", "PAGE FOOTER", "SVG"):
        assert hidden not in text, hidden


def test_title_falls_back_to_the_first_heading():
    assert html_to_text("<body><h2>Only heading</h2><p>x</p></body>").title == "Only heading"


def test_broken_markup_still_reads():
    page = html_to_text("<p>one<p>two <b>bold<i>both</b> after<div>three</span></div>four")
    assert page.text == "one\n\ntwo boldboth after\n\nthree\n\nfour"


def test_entities_and_whitespace():
    page = html_to_text("<p>A &amp; B &lt;tag&gt; &eacute;t&#233; &#x2014;\n\n   end</p>")
    assert page.text == "A & B <tag> été — end"


def test_layout_table_becomes_paragraphs():
    long = "word " * 100
    page = html_to_text("<table><tr><td><p>%s</p></td><td>Side</td></tr></table>" % long)
    assert "|" not in page.text and "Side" in page.text and page.text.startswith("word word")


def test_single_column_table_is_not_a_grid():
    page = html_to_text("<table><tr><td>First</td></tr><tr><td>Second</td></tr></table>")
    assert page.text == "First\n\nSecond"


def test_table_without_header_and_uneven_rows():
    page = html_to_text("<table><tr><td>a</td><td>b</td><td>c</td></tr><tr><td>d</td></tr></table>")
    assert page.text == "| a | b | c |\n| d |  |  |"


def test_nested_table_folds_into_its_cell():
    page = html_to_text("<table><tr><td>outer</td><td><table><tr><td>x</td><td>y</td></tr></table></td></tr>"
                        "</table>")
    assert page.text == "| outer | x ; y |"


def test_ordered_list_numbers_and_multi_paragraph_items():
    page = html_to_text("<ol><li><p>first</p><p>more</p></li><li>second</li></ol><p>after</p>")
    assert page.text == "1. first\n  more\n2. second\n\nafter"


def test_separate_lists_are_separated():
    page = html_to_text("<ul><li>a</li></ul><ul><li>b</li></ul>")
    assert page.text == "- a\n\n- b"


def test_unclosed_nav_drops_only_itself_when_nested_properly():
    page = html_to_text("<nav><nav>inner</nav>still nav</nav><p>content</p>")
    assert page.text == "content"


def test_empty_and_script_only_pages_have_no_text():
    assert html_to_text("").text == ""
    assert html_to_text("<html><body><script>render()</script><div id=app></div></body></html>").text == ""


def test_plain_text_outside_any_block():
    assert html_to_text("just text, no tags").text == "just text, no tags"


def test_a_large_page_is_read_in_pieces_with_the_same_result():
    import marginalia.core.text.html_text as html_text
    page = ARTICLE.replace("<main>", "<main>" + "<p>fill &amp; more <b>bold</b></p>" * 6000)
    whole = html_text._Reader()
    whole.feed(page)
    whole.close()
    assert len(page) > 2 * html_text.FEED_CHARS and html_to_text(page) == whole.result()


def test_stop_abandons_a_large_page_between_pieces():
    calls = []

    def stop():
        calls.append(1)
        if len(calls) == 2:
            raise RuntimeError("stopped")
    try:
        html_to_text("<p>x</p>" * 20000, stop)
    except RuntimeError:
        pass
    assert len(calls) == 2
