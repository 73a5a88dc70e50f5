"""Markdown and HTML content from the model, converted for Writer."""
import random

import pytest

from marginalia.core.text.html_inline import complete_document, inline_runs, is_inline_html
from marginalia.core.text.markdown_blocks import parse_blocks
from marginalia.core.text.markdown_html import is_single_paragraph, markdown_to_html
from marginalia.core.text.markdown_inline import LINE_BREAK, Run, parse_inline, plain_text, runs_to_html


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
    ("![alt](x.png)", "alt"),
])
def test_inline_markdown(source, expected):
    assert runs_to_html(parse_inline(source)) == expected


def test_line_breaks_inside_a_paragraph():
    runs = parse_inline("one  \ntwo\nthree")
    assert plain_text(runs) == "one\ntwo three"
    assert Run(LINE_BREAK) in runs


def test_blocks_headings_lists_tables():
    html = markdown_to_html("# T\n\npara *x*\n\n- a\n  - b\n- c\n\n1. one\n2. two\n\n| H | I |\n|---|:-:|\n| 1 |\n")
    assert "<h1>T</h1>" in html and "<p>para <i>x</i></p>" in html
    assert "<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul>" in html
    assert "<ol><li>one</li><li>two</li></ol>" in html
    assert '<th>H</th><th align="center">I</th>' in html
    assert '<tr><td>1</td><td align="center"></td></tr>' in html
    assert 'charset=utf-8' in html


def test_single_paragraph_detection():
    assert is_single_paragraph("Just **one** line\nwrapped")
    assert not is_single_paragraph("# Heading")
    assert not is_single_paragraph("one\n\ntwo")
    assert not is_single_paragraph("- item")


def test_ordered_list_start_and_setext_and_code():
    blocks = parse_blocks("3. c\n4. d\n\nTitle\n=====\n\n```\n<x>\n```")
    assert [b.kind for b in blocks] == ["list", "heading", "code"]
    assert blocks[0].start == 3 and blocks[1].level == 1 and blocks[2].text == "<x>"
    assert "&lt;x&gt;" in markdown_to_html("```\n<x>\n```")


def test_random_markdown_never_raises():
    rng = random.Random(3)
    pieces = ["#", "##", "*", "**", "_", "`", "```", "|", "---", "-", "1.", ">", "[", "](", ")", "\n", "\n\n",
              " ", "  ", "text", "\u00fcber", "<b>", "~~", "\\", ":-:", "\t"]
    for _ in range(500):
        source = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 40)))
        html = markdown_to_html(source)
        assert html.startswith("<!DOCTYPE html>")


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
