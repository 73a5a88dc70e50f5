"""Writer tasks: what people ask of a text document, with reference plans and checkers.

The report (documents.py) numbers its body blocks as the tools do: 1 the title line, 2 "Prepared
by…", 3 Summary, 4-5 its paragraphs, 6 Results, 7 the H2O paragraph, 8-10 the list, 11 the table,
12 Outlook, 13 its paragraph, 14 the contact line.
"""
from __future__ import annotations

from .checks import blocks, comments, expect, found, is_heading, paragraph_with, paragraphs, tables, texts
from .model import Task

REPORT = "report"


# --- checkers ---------------------------------------------------------------------------------------

def name_fixed(doc):
    text = doc.getText().getString()
    expect("Micheal" not in text, "'Micheal' is still in the text")
    expect(text.count("Michael Smith") == 2, "'Michael Smith' stands %d times, not 2" % text.count("Michael Smith"))


def names_bold(doc):
    places = found(doc, "Micheal Smith")
    expect(len(places) == 2, "'Micheal Smith' stands %d times, not 2" % len(places))
    expect(all(p.CharWeight >= 150 for p in places), "not every 'Micheal Smith' is bold")
    expect(found(doc, "Prepared by")[0].CharWeight < 150, "the words around the name became bold too")


def outlook_level_two(doc):
    outlook = paragraph_with(doc, "Outlook")
    expect(is_heading(outlook, 2), "'Outlook' is at outline level %d, not 2" % outlook.OutlineLevel)
    expect(is_heading(paragraph_with(doc, "Results"), 1), "'Results' is no longer a level-1 heading")


def risks_section(doc):
    all_texts = texts(doc)
    expect("Risks" in all_texts, "there is no paragraph 'Risks'")
    at = all_texts.index("Risks")
    expect(at > all_texts.index("Contact: office@example.org"), "'Risks' is not at the end")
    expect(is_heading(paragraphs(doc)[at]), "'Risks' is not a heading")
    items = paragraphs(doc)[at + 1:at + 3]
    expect([p.getString() for p in items] == ["Supply delays", "Currency changes"],
           "the two points after 'Risks' read %r" % [p.getString() for p in items])
    expect(all(p.NumberingIsNumber for p in items), "the two points are not list items")


def contact_deleted(doc):
    all_texts = texts(doc)
    expect(not any("office@example.org" in t for t in all_texts), "the contact line is still there")
    expect("We expect steady growth next quarter." in all_texts, "the outlook paragraph went too")


def east_row_added(doc):
    rows = [list(r) for r in tables(doc)[0].getDataArray()]
    expect(["East", "70", "85"] in rows, "no row East | 70 | 85 in the table: %r" % rows)
    expect(len(rows) == 5 and rows[0] == ["Region", "Sales", "Target"], "the table's other rows changed: %r" % rows)


def comment_on_ten_percent(doc):
    notes = comments(doc)
    expect(len(notes) == 1, "%d comments, not 1" % len(notes))
    expect("ten percent" in notes[0].getAnchor().getString(), "the comment is on %r"
           % notes[0].getAnchor().getString())
    expect("check" in notes[0].Content.lower(), "the comment says %r" % notes[0].Content)


def outlook_rewritten(doc):
    all_texts = texts(doc)
    expect("We expect strong growth next quarter, led by the north." in all_texts,
           "the outlook sentence reads %r" % [t for t in all_texts if t.startswith("We expect")])
    expect("We expect steady growth next quarter." not in all_texts, "the old sentence is still there")


def price_table_after_summary(doc):
    kinds = ["table" if b.supportsService("com.sun.star.text.TextTable") else b.getString() for b in blocks(doc)]
    at = kinds.index("Sales grew in every region this quarter. Micheal Smith thanks the regional teams.")
    expect(kinds[at + 1] == "table", "the block after the summary's first paragraph is %r" % kinds[at + 1])
    rows = [list(r) for r in tables(doc)[0].getDataArray()]
    expect(rows == [["Product", "Price"], ["Tea", "4"], ["Coffee", "6"]], "the new table reads %r" % rows)


def draft_on_top(doc):
    expect(texts(doc)[0] == "DRAFT", "the first paragraph reads %r" % texts(doc)[0])
    expect(texts(doc)[1] == "Quarterly Report", "the title moved or changed")


def orders_bold(doc):
    places = found(doc, "doubled its orders")
    expect(places and places[0].CharWeight >= 150, "'doubled its orders' is not bold")
    expect(found(doc, "northern")[0].CharWeight < 150, "the rest of the sentence became bold too")


CENTERED, JUSTIFIED = 3, 2  # ParaAdjust values


def title_centred(doc):
    title = paragraph_with(doc, "Quarterly Report")
    expect(title.ParaAdjust == CENTERED, "the title is not centred (ParaAdjust %d)" % title.ParaAdjust)
    others = [p for p in paragraphs(doc) if p.getString() != "Quarterly Report"]
    expect(all(p.ParaAdjust != CENTERED for p in others), "other paragraphs were centred too")


def body_double_spaced(doc):
    body = [p for p in paragraphs(doc) if p.ParaStyleName == "Text body"]
    spacing = {(p.ParaLineSpacing.Mode, p.ParaLineSpacing.Height) for p in body}
    expect(spacing == {(0, 200)}, "the body's line spacing is %r, not double" % sorted(spacing))
    others = [p for p in paragraphs(doc) if p.ParaStyleName != "Text body"]
    expect(all(p.ParaLineSpacing.Height != 200 for p in others), "the title or headings were double-spaced too")


def results_on_a_new_page(doc):
    expect(paragraph_with(doc, "Results").BreakType.value == "PAGE_BEFORE", "'Results' does not start a new page")
    expect(paragraph_with(doc, "Summary").BreakType.value == "NONE", "'Summary' starts a new page too")


def headings_spaced(doc):
    for heading in [p for p in paragraphs(doc) if is_heading(p, 1)]:
        expect(abs(heading.ParaTopMargin - 635) <= 2, "%r has %s mm above, not 18 pt"
               % (heading.getString(), heading.ParaTopMargin / 100))
    expect(abs(paragraph_with(doc, "Sales grew").ParaTopMargin - 635) > 2, "body paragraphs got the space too")


def summary_justified_and_indented(doc):
    for words in ("Sales grew", "The northern"):
        paragraph = paragraph_with(doc, words)
        expect(paragraph.ParaAdjust == JUSTIFIED, "%r is not justified" % words)
        expect(abs(paragraph.ParaFirstLineIndent - 1000) <= 2, "%r has no 1 cm first-line indent" % words)


# --- the tasks --------------------------------------------------------------------------------------

TASKS = [
    Task("writer.fix-name-everywhere", "editing", "Micheal Smith is misspelt everywhere, it should be Michael Smith.",
         REPORT, name_fixed,
         plan=[("replace_text", {"old_text": "Micheal", "new_text": "Michael", "all": True})],
         wrong=[("replace_text", {"old_text": "Micheal", "new_text": "Michael", "paragraph": 2})]),
    Task("writer.bold-the-name", "formatting", "Make every mention of Micheal Smith bold.", REPORT, names_bold,
         plan=[("format_text", {"text": "Micheal Smith", "bold": True, "all": True})],
         wrong=[("format_text", {"text": "Prepared by Micheal Smith", "bold": True, "paragraph": 2})]),
    Task("writer.outlook-level-two", "structure", "Make 'Outlook' a level 2 heading.", REPORT, outlook_level_two,
         plan=[("apply_style", {"style": "Heading 2", "paragraph": 12, "expected_start": "Outlook"})],
         wrong=[("apply_style", {"style": "Heading 2", "paragraph": 6, "expected_start": "Results"})]),
    Task("writer.add-risks-section", "writing",
         "Add a section called Risks at the end with two bullet points: Supply delays and Currency changes.",
         REPORT, risks_section,
         plan=[("insert_content", {"content": "## Risks\n\n- Supply delays\n- Currency changes\n",
                                   "position": "end"})],
         wrong=[("insert_content", {"content": "Risks\nSupply delays\nCurrency changes", "position": "end",
                                    "format": "plain"})]),
    Task("writer.delete-contact-line", "editing", "Delete the contact line at the end.", REPORT, contact_deleted,
         plan=[("delete_paragraphs", {"paragraph": 14, "old_text": "Contact: office@example.org"})],
         wrong=[("delete_paragraphs", {"paragraph": 13, "to_paragraph": 14,
                                       "old_text": "We expect steady growth next quarter.\nContact: office@example.org"})]),
    Task("writer.add-table-row", "tables", "Add a row for East to the table: sales 70, target 85.", REPORT,
         east_row_added,
         plan=[("tables", {"action": "add_rows", "table": 11, "rows": [["East", "70", "85"]]})],
         wrong=[("tables", {"action": "add_rows", "table": 11, "rows": [["East", "85", "70"]]})]),
    Task("writer.comment-a-figure", "review", "Add a comment 'Check this figure' on 'ten percent'.", REPORT,
         comment_on_ten_percent,
         plan=[("comments", {"action": "add", "text": "ten percent", "content": "Check this figure", "paragraph": 7})],
         wrong=[("comments", {"action": "add", "text": "four percent", "content": "Check this figure",
                              "paragraph": 7})]),
    Task("writer.rewrite-outlook", "editing",
         "Change the outlook sentence to: We expect strong growth next quarter, led by the north.", REPORT,
         outlook_rewritten,
         plan=[("replace_text", {"old_text": "We expect steady growth next quarter.",
                                 "new_text": "We expect strong growth next quarter, led by the north.",
                                 "paragraph": 13})],
         wrong=[("insert_content", {"content": "We expect strong growth next quarter, led by the north.",
                                    "position": "after", "paragraph": 13, "format": "plain"})]),
    Task("writer.price-table", "tables",
         "After the first paragraph of the summary, add a table of products and prices: Tea 4, Coffee 6.", REPORT,
         price_table_after_summary,
         plan=[("tables", {"action": "create", "position": "after", "paragraph": 4,
                           "rows": [["Product", "Price"], ["Tea", "4"], ["Coffee", "6"]]})],
         wrong=[("tables", {"action": "create", "position": "after", "paragraph": 5,
                            "rows": [["Product", "Price"], ["Tea", "4"], ["Coffee", "6"]]})]),
    Task("writer.draft-on-top", "writing", "Put a line DRAFT at the very top.", REPORT, draft_on_top,
         plan=[("insert_content", {"content": "DRAFT", "position": "start", "format": "plain"})],
         wrong=[("insert_content", {"content": "DRAFT", "position": "after", "paragraph": 1, "format": "plain"})]),
    Task("writer.bold-a-phrase", "formatting", "Make 'doubled its orders' bold.", REPORT, orders_bold,
         plan=[("format_text", {"text": "doubled its orders", "bold": True, "paragraph": 5})],
         wrong=[("format_text", {"text": "The northern region doubled its orders", "bold": True, "paragraph": 5})]),
    Task("writer.centre-the-title", "paragraph formatting", "Centre the title.", REPORT, title_centred,
         plan=[("format_paragraphs", {"alignment": "center", "paragraph": 1, "expected_start": "Quarterly"})],
         wrong=[("format_paragraphs", {"alignment": "center", "paragraph": 1, "to_paragraph": 2})]),
    Task("writer.double-space-the-body", "paragraph formatting", "Make the body text double-spaced.", REPORT,
         body_double_spaced,
         plan=[("format_paragraphs", {"line_spacing": 2, "style": "Text body"})],
         wrong=[("format_paragraphs", {"line_spacing": 2, "all": True})]),
    Task("writer.results-on-a-new-page", "page structure", "Start the Results section on a new page.", REPORT,
         results_on_a_new_page,
         plan=[("format_paragraphs", {"page_break_before": True, "paragraph": 6, "expected_start": "Results"})],
         wrong=[("format_paragraphs", {"page_break_after": True, "paragraph": 6, "expected_start": "Results"})]),
    Task("writer.space-above-headings", "paragraph formatting", "Put 18 pt of space above every main heading.",
         REPORT, headings_spaced,
         plan=[("format_paragraphs", {"space_before_pt": 18, "style": "Heading 1"})],
         wrong=[("format_paragraphs", {"space_after_pt": 18, "style": "Heading 1"})]),
    Task("writer.justify-the-summary", "paragraph formatting",
         "Justify the two summary paragraphs and indent their first lines by 1 cm.", REPORT,
         summary_justified_and_indented,
         plan=[("format_paragraphs", {"alignment": "justify", "first_line_indent_cm": 1, "paragraph": 4,
                                      "to_paragraph": 5})],
         wrong=[("format_paragraphs", {"alignment": "justify", "indent_left_cm": 1, "paragraph": 4,
                                       "to_paragraph": 5})]),
]
