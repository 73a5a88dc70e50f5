"""Markdown that models write, through insert_content into a real document: the structure CommonMark gives it."""
from writer_docs import blocks, texts

LIST_WITH_BLOCKS = """1. Run this:

   ```
   make all
   ```

   then check the output.
2. Install it.
"""
TURING = "https://en.wikipedia.org/wiki/Alan_Turing_(disambiguation)"


def _links(paragraph):
    return {p.getString(): p.HyperLinkURL for p in paragraph.createEnumeration()
            if p.TextPortionType == "Text" and p.HyperLinkURL}


def test_a_numbered_list_keeps_a_second_paragraph_and_a_code_block_inside_its_items(tools, sample):
    before = len(blocks(sample))
    tools.ok("insert_content", content=LIST_WITH_BLOCKS, position="end")
    new = blocks(sample)[before:]
    assert [p.getString() for p in new] == ["Run this:", "make all", "then check the output.", "Install it."]
    assert len({p.ListId for p in new}) == 1 and new[0].ListId  # one list holds all four paragraphs
    assert [(p.NumberingIsNumber, p.ListLabelString) for p in new] == [(True, "1."), (False, ""), (False, ""),
                                                                        (True, "2.")]
    assert new[1].ParaStyleName == "Preformatted Text" and "Mono" in new[1].CharFontName
    assert new[2].ParaStyleName == new[0].ParaStyleName == "Standard"


def test_a_link_with_parentheses_in_its_address(tools, sample):
    tools.ok("insert_content", content="See [Turing](%s) for more." % TURING, position="end")
    assert texts(sample)[-1].endswith("See Turing for more.")
    assert _links(blocks(sample)[-1]) == {"Turing": TURING}


def test_a_link_with_parentheses_inside_a_list(tools, sample):
    tools.ok("insert_content", content="- [Turing](%s)\n- [Lovelace](https://e.org/a_(b)_c)\n" % TURING,
             position="end")
    items = blocks(sample)[-2:]
    assert [_links(p) for p in items] == [{"Turing": TURING}, {"Lovelace": "https://e.org/a_(b)_c"}]


def test_a_reference_style_link(tools, sample):
    source = "Read [the report][1] and [the plan][plan].\n\n[1]: https://example.org/report\n" \
             "[plan]: <https://example.org/the plan> \"Plan\"\n"
    tools.ok("insert_content", content=source, position="end")
    last = blocks(sample)[-1]
    assert last.getString() == "Read the report and the plan."
    assert _links(last) == {"the report": "https://example.org/report", "the plan": "https://example.org/the%20plan"}


def test_a_reference_style_link_among_blocks(tools, sample):
    before = len(blocks(sample))
    tools.ok("insert_content", content="## Sources\n\n- [report][r]\n\n[r]: https://example.org/r\n", position="end")
    new = blocks(sample)[before:]
    assert [p.getString() for p in new] == ["Sources", "report"]
    assert _links(new[1]) == {"report": "https://example.org/r"}
