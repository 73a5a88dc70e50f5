"""format_paragraphs on the sample and on a corpus document: what it changes, what it refuses, undo and review."""
import pytest
from writer_docs import Tools, blocks, make_sample

from marginalia.ui.office.undo import DocumentUndo

LEFT, RIGHT, BLOCK, CENTER = 0, 1, 2, 3  # ParaAdjust (a short: com.sun.star.style.ParagraphAdjust's order)


def _paragraphs(doc):
    return [b for b in blocks(doc) if b.supportsService("com.sun.star.text.Paragraph")]


def _looks(doc):
    """Every body paragraph's alignment, line spacing, margins, indent and break, in order."""
    return [(p.ParaAdjust, p.ParaLineSpacing.Mode, p.ParaLineSpacing.Height, p.ParaTopMargin,
             p.ParaBottomMargin, p.ParaLeftMargin, p.ParaFirstLineIndent, p.BreakType.value)
            for p in _paragraphs(doc)]


def test_centre_one_paragraph_checked_by_its_first_words(tools, sample):
    before = _looks(sample)
    outcome = tools.ok("format_paragraphs", alignment="center", paragraph=1, expected_start="Project")
    assert outcome.content == "Formatted paragraph 1 (1 paragraph): centred."
    after = _looks(sample)
    assert after[0][0] == CENTER and after[1:] == before[1:]


def test_double_spacing_for_the_whole_document_reaches_the_table_too(tools, sample):
    outcome = tools.ok("format_paragraphs", line_spacing=2, all=True)
    assert outcome.content == "Formatted the whole document's text (tables included): line spacing 2."
    assert {(mode, height) for _, mode, height, *_ in _looks(sample)} == {(0, 200)}
    cell = sample.getTextTables().getByName("Team").getCellByName("A1").getText()
    assert cell.createEnumeration().nextElement().ParaLineSpacing.Height == 200


def test_every_paragraph_of_a_style_and_only_those(tools, sample):
    outcome = tools.ok("format_paragraphs", style="Heading 2", space_before_pt=18, keep_with_next=True)
    assert "every paragraph of the style Heading 2 (2 paragraphs): 18 pt above, kept with the next" in outcome.content
    for paragraph in _paragraphs(sample):
        heading = paragraph.ParaStyleName == "Heading 2"
        assert (paragraph.ParaTopMargin == 635) == heading, paragraph.getString()  # 18 pt in 1/100 mm
        assert bool(paragraph.ParaKeepTogether) == heading or paragraph.ParaStyleName == "Heading 1"


def test_hanging_indent_exact_line_height_and_a_page_break(tools, sample):
    tools.ok("format_paragraphs", paragraph=4, indent_left_cm=1, first_line_indent_cm=-0.5, line_height_pt=14,
             page_break_before=True)
    paragraph = _paragraphs(sample)[3]
    assert paragraph.ParaLeftMargin == 1000 and abs(paragraph.ParaFirstLineIndent + 500) <= 1  # Writer keeps twips
    assert (paragraph.ParaLineSpacing.Mode, paragraph.ParaLineSpacing.Height) == (3, 494)  # exact, 14 pt
    assert paragraph.BreakType.value == "PAGE_BEFORE"
    outcome = tools.ok("format_paragraphs", paragraph=4, page_break_before=False)
    assert _paragraphs(sample)[3].BreakType.value == "NONE" and "no page break before" in outcome.content


def test_a_range_skips_the_table_inside_it(tools, sample):
    outcome = tools.ok("format_paragraphs", paragraph=6, to_paragraph=8, alignment="justify")
    assert outcome.content.startswith("Formatted paragraphs 6–8 (2 paragraphs): justified.")
    assert [look[0] for look in _looks(sample)][5:7] == [BLOCK, BLOCK]


@pytest.mark.parametrize("arguments, refusal", [
    ({"paragraph": 1}, "Say what to change"),
    ({"alignment": "left"}, "Say which paragraphs"),
    ({"alignment": "left", "paragraph": 1, "all": True}, "Say which paragraphs"),
    ({"line_spacing": 1.5, "line_height_pt": 12, "all": True}, "not several"),
    ({"alignment": "left", "paragraph": 7}, "is a table"),
    ({"alignment": "left", "paragraph": 40}, "there is no paragraph 40"),
    ({"alignment": "left", "paragraph": 2, "expected_start": "Hello"}, "does not start with"),
    ({"alignment": "left", "style": "Heading 3"}, "No paragraph of the body has the style"),
    ({"alignment": "middle", "all": True}, "must be one of"),
])
def test_refusals_change_nothing(tools, sample, arguments, refusal):
    before = _looks(sample)
    outcome = tools.fails("format_paragraphs", **arguments)
    assert refusal in outcome.content and _looks(sample) == before


def test_one_undo_step_takes_it_back(office, tools, sample):
    before = _looks(sample)
    undo = DocumentUndo(sample)
    assert undo.run("double-space", lambda: tools.ok("format_paragraphs", line_spacing=2, alignment="justify",
                                                     all=True)).ok
    assert undo.step.in_place  # undone in block selection mode when large
    sample.getUndoManager().undo()
    assert _looks(sample) == before


def test_in_review_mode_the_answer_says_writer_does_not_track_it(tools, sample):
    tools.options["review_mode"] = True
    outcome = tools.ok("format_paragraphs", alignment="center", paragraph=2)
    assert sample.getRedlines().getCount() == 0 and _paragraphs(sample)[1].ParaAdjust == CENTER
    assert "does not record paragraph formatting as a tracked change" in outcome.content


def test_a_corpus_document_justified_throughout(open_corpus, office):
    doc = open_corpus("lo-sdk-document-handling.odt")
    tools = Tools(office, doc)
    outcome = tools.ok("format_paragraphs", alignment="justify", all=True)
    assert outcome.content.endswith("justified.")
    assert {p.ParaAdjust for p in _paragraphs(doc)} == {BLOCK}
    outcome = tools.ok("format_paragraphs", alignment="center", paragraph=1, to_paragraph=12)
    assert outcome.content.startswith("Formatted paragraphs 1–12 (")


def test_the_sample_is_what_the_tests_expect(writer):
    doc = make_sample(writer)
    assert len(_paragraphs(doc)) == 8
