"""Markdown and HTML content from the model, converted for Writer (Markdown through the vendored markdown-it-py)."""
import html
import random

import pytest

from marginalia.core.text.html_inline import complete_document, inline_runs, is_inline_html
from marginalia.core.text.markdown import (has_content, inline_runs as markdown_runs, is_single_paragraph,
                                           markdown_body, markdown_to_html, parse)
from marginalia.core.text.runs import LINE_BREAK, Run, plain_text


def _html(runs):
    """Runs written as inline HTML, to compare them with what a Markdown renderer gives."""
    parts = []
    for run in runs:
        if run.text == LINE_BREAK:
            parts.append("<br>")
            continue
        if run.picture is not None:
            parts.append('<img src="%s" alt="%s">' % (run.picture.source, run.picture.alt))
            continue
        piece = html.escape(run.text, quote=False)
        for flag, tag in (("code", "code"), ("strike", "s"), ("underline", "u"), ("italic", "i"), ("bold", "b")):
            if getattr(run, flag):
                piece = "<%s>%s</%s>" % (tag, piece, tag)
        if run.link:
            piece = '<a href="%s">%s</a>' % (html.escape(run.link, quote=True), piece)
        parts.append(piece)
    return "".join(parts)


@pytest.mark.parametrize("source, expected", [
    ("plain text", "plain text"),
    ("a **bold** b", "a <b>bold</b> b"),
    ("*it* and _it_", "<i>it</i> and <i>it</i>"),
    ("***both***", "<b><i>both</i></b>"),
    ("snake_case_name", "snake_case_name"),
    ("~~gone~~", "<s>gone</s>"),
    ("`a *b*`", "<code>a *b*</code>"),
    ("[site](https://e.org/x_(y))", '<a href="https://e.org/x_(y)">site</a>'),
    ("<https://e.org>", '<a href="https://e.org">https://e.org</a>'),
    ("\\*literal\\*", "*literal*"),
    ("**unclosed", "**unclosed"),
    ("2 * 3 * 4", "2 * 3 * 4"),
    ("a < b & c", "a &lt; b &amp; c"),
    ("![alt](x.png)", '<img src="x.png" alt="alt">'),
    ("H<sub>2</sub>O and x<sup>2</sup>", "H2O and x2"),
    ("&copy; 2024", "\u00a9 2024"),
    ("a <u>line</u> b", "a <u>line</u> b"),
    ("*a **b** c*", "<i>a </i><b><i>b</i></b><i> c</i>"),
])
def test_inline_markdown(source, expected):
    assert _html(markdown_runs(source)) == expected


def test_reference_links_resolve_inline():
    runs = markdown_runs("See [the docs][1] now.\n\n[1]: https://e.org/docs \"Docs\"")
    assert Run("the docs", link="https://e.org/docs") in runs
    assert plain_text(runs) == "See the docs now."


def test_line_breaks_inside_a_paragraph():
    runs = markdown_runs("one  \ntwo\nthree<br>four")
    assert plain_text(runs) == "one\ntwo three\nfour"
    assert runs.count(Run(LINE_BREAK)) == 2


def test_a_line_break_inside_bold_or_a_link_keeps_their_format():
    assert markdown_runs("**one\ntwo**") == [Run("one two", bold=True)]
    assert markdown_runs("*a  \nb*") == [Run("a", italic=True), Run(LINE_BREAK), Run("b", italic=True)]
    assert markdown_runs("[x\ny](https://e.org)") == [Run("x y", link="https://e.org")]


def test_blocks_headings_lists_tables():
    html = markdown_to_html("# T\n\npara *x*\n\n- a\n  - b\n- c\n\n1. one\n2. two\n\n| H | I |\n|---|:-:|\n| 1 |\n")
    assert "<h1>T</h1>" in html and "<p>para <em>x</em></p>" in html
    assert "<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul>" in html
    assert "<ol><li>one</li><li>two</li></ol>" in html
    assert '<table border="1" cellpadding="4" cellspacing="0">' in html
    assert '<th>H</th><th align="center">I</th>' in html
    assert '<td>1</td><td align="center"></td>' in html  # the ragged row is padded
    assert 'charset=utf-8' in html


def test_list_items_keep_their_paragraphs_and_code():
    body = markdown_body("1. Run this:\n\n   ```\n   make\n   ```\n\n   then this.\n2. Done\n")
    assert body.count("<ol>") == 1 and body.count("<li>") == 2
    first = body[body.index("<li>"):body.index("</li>")]
    assert "<p>Run this:</p>" in first and "<pre><code>make\n</code></pre>" in first and "<p>then this.</p>" in first


def test_task_boxes():
    body = markdown_body("- [ ] open *task*\n- [x] done\n- [X] also\n- plain [ ] not a box\n")
    assert "<li>\u2610 open <em>task</em></li>" in body
    assert "<li>\u2611 done</li>" in body and "<li>\u2611 also</li>" in body
    assert "<li>plain [ ] not a box</li>" in body


def test_images_are_images_and_code_is_escaped():
    body = markdown_body("![a *chart*](https://e.org/c.png)\n\n```\n<x>\n```\n\n    indented & code\n")
    assert '<img src="https://e.org/c.png" alt="a chart">' in body
    assert "<pre><code>&lt;x&gt;\n</code></pre>" in body
    assert "<pre><code>indented &amp; code\n</code></pre>" in body


def test_single_paragraph_detection():
    assert is_single_paragraph(parse("Just **one** line\nwrapped"))
    assert not is_single_paragraph(parse("# Heading"))
    assert not is_single_paragraph(parse("one\n\ntwo"))
    assert not is_single_paragraph(parse("- item"))
    assert not is_single_paragraph(parse("    code"))


def test_content_detection():
    assert has_content("text", parse("text")) and has_content("---", parse("---"))
    assert not has_content("[1]: https://e.org\n\n", parse("[1]: https://e.org\n\n"))
    assert not has_content("\n\n", parse("\n\n"))


def test_ordered_list_start_and_setext():
    body = markdown_body("3. c\n4. d\n\nTitle *em*\n=====\n")
    assert '<ol start="3">' in body and "<h1>Title <em>em</em></h1>" in body


def test_random_markdown_never_raises():
    rng = random.Random(3)
    pieces = ["#", "##", "*", "**", "_", "`", "```", "|", "---", "-", "1.", ">", "[", "](", ")", "\n", "\n\n",
              " ", "  ", "text", "\u00fcber", "<b>", "~~", "\\", ":-:", "\t", "[ ]", "![", "&", "&#", "<", "]:"]
    for _ in range(500):
        source = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 40)))
        assert markdown_to_html(source).startswith("<!DOCTYPE html>")
        assert isinstance(markdown_runs(source), list)
        has_content(source, parse(source))
        is_single_paragraph(parse(source))


def test_inline_html():
    assert is_inline_html("Some <b>bold</b> <a href='u'>link</a>")
    assert is_inline_html("<p>one paragraph</p>")
    assert not is_inline_html("<p>one</p><p>two</p>")
    assert not is_inline_html("<ul><li>x</li></ul>")
    runs = inline_runs("  <b>Bold <i>both</i></b> plain<br>next ")
    assert runs[0] == Run("Bold ", bold=True) and runs[1] == Run("both", bold=True, italic=True)
    assert plain_text(runs) == "Bold both plain\nnext"


def test_complete_document_declares_utf8():
    assert "charset=utf-8" in complete_document("<h1>x</h1>")
    full = complete_document("<html><head><title>t</title></head><body><p>x</p></body></html>")
    assert full.index("charset") < full.index("<title>")


def test_inline_content_keeps_its_outer_spaces_to_join_the_text_around_it():
    assert markdown_runs("**at least** ") == [Run("at least", bold=True), Run(" ")]
    assert plain_text(markdown_runs(" and *so*")) == " and so"


def test_every_html_format_tag_and_a_tag_nested_in_itself_keep_their_format_until_the_outer_one_closes():
    runs = markdown_runs("<b>b</b><i>i</i><em>em</em><s>s</s><strong>st</strong> <b><b>in</b> out</b> end")
    assert [(run.text, run.bold, run.italic, run.strike) for run in runs] == [
        ("b", True, False, False), ("iem", False, True, False), ("s", False, False, True),
        ("st", True, False, False), (" ", False, False, False), ("in out", True, False, False),
        (" end", False, False, False)]
    assert markdown_runs("**a **b** c** d") == [Run("a b c", bold=True), Run(" d")]


def test_paragraphs_given_as_inline_text_are_joined_by_line_breaks():
    assert markdown_runs("a\n\nb") == [Run("a"), Run(LINE_BREAK), Run("b")]
    assert markdown_runs("   ") == []


def test_an_image_becomes_a_picture_with_its_alt_text_and_an_empty_address_links_nothing():
    # a picture run, whose alt text (code spans included) or address shows when it is not fetched (issue 33)
    [picture] = markdown_runs("![an *alt* `x`](http://u)")
    assert (picture.picture.source, picture.picture.alt) == ("http://u", "an alt x")
    [bare] = markdown_runs("![](http://u)")
    assert (bare.picture.source, bare.picture.alt) == ("http://u", "")
    assert markdown_body("![alt]()") == '<p><img src="" alt="alt"></p>'
    [run] = markdown_runs("[a]()")
    assert run.text == "a" and not run.link


def test_only_a_list_item_s_own_text_becomes_a_task_box():
    assert markdown_body("- [x] done\n- [ ] todo") == "<ul><li>\u2611 done</li><li>\u2610 todo</li></ul>"
    assert markdown_body("a\n\n[x] b") == "<p>a</p><p>[x] b</p>"  # a paragraph, not a list item
    assert markdown_body("- `[x] a`") == "<ul><li><code>[x] a</code></li></ul>"  # code, not a box


class _BrokenParser:
    def parse(self, markdown):
        raise RuntimeError("a parser bug")


def test_should_the_parser_fail_the_text_arrives_as_plain_paragraphs(monkeypatch):
    import marginalia.core.text.markdown as module
    monkeypatch.setattr(module, "parser", _BrokenParser)
    assert markdown_body("one\n\ntwo & <three>\nfour") == "<p>one</p>\n<p>two &amp; &lt;three&gt;<br>four</p>"
    assert markdown_runs("  *a*  ") == [Run("*a*")]
    assert markdown_runs("  ") == []
