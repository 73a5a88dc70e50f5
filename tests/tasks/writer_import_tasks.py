"""Writer tasks of formatted content and pictures: HTML and Markdown whose looks must arrive (a centred or
double-spaced paragraph, sub- and superscripts, coloured text, a page break), and pictures inserted, sized,
captioned, moved, described and deleted (issue 33, points 4 and 6).

The report (documents.py) numbers its body blocks as writer_tasks.py says; the illustrated report adds a logo
(block 2) and a chart (block 13): 1 title, 2 logo, 3 "Prepared by…", 4 Summary, 5-6, 7 Results, 8 H2O, 9-11
the list, 12 the table, 13 the chart, 14 Outlook, 15 its paragraph, 16 the contact line.
"""
from __future__ import annotations

from .checks import blocks, expect, found, is_heading, paragraph_with, paragraphs, texts
from .documents import CHART
from .model import Task

REPORT, WITH_CHART, ILLUSTRATED = "report", "report_and_chart", "illustrated_report"
CENTERED, RIGHT = 3, 1  # ParaAdjust; HoriOrient right is 1 too
H2O = "Water (H2O) use fell by ten percent, and CO2 emissions by four percent."
PICTURE_CHARACTER = "\ufffc"


# --- readers ----------------------------------------------------------------------------------------

def pictures(doc) -> list:
    """Every picture (graphic object) of the document."""
    shapes = doc.getGraphicObjects()
    return [shapes.getByName(name) for name in shapes.getElementNames()]


def the_picture(doc, widest: bool = True):
    """The widest picture (or the narrowest), failing when there is none."""
    found_pictures = sorted(pictures(doc), key=lambda picture: picture.Size.Width)
    expect(found_pictures, "the document has no picture")
    return found_pictures[-1] if widest else found_pictures[0]


def holder(picture):
    """What stands in the body for ``picture``: the caption frame it is in, or the picture itself."""
    text = picture.getAnchor().getText()
    return text if text.supportsService("com.sun.star.text.TextFrame") else picture


def anchor_index(doc, shape) -> int:
    """The index (from 0) among the body's blocks of the paragraph ``shape`` is anchored in (-1: outside)."""
    anchor = shape.getAnchor()
    if anchor.getText() != doc.getText():
        return -1
    body = doc.getText()
    for index, block in enumerate(blocks(doc)):
        if block.supportsService("com.sun.star.text.Paragraph") and \
                body.compareRegionStarts(anchor, block.getStart()) <= 0 <= body.compareRegionEnds(anchor, block.getEnd()):
            return index
    return -1


def text_of(block) -> str:
    """A block's text without the characters that stand for pictures and frames ("" for a table)."""
    if not block.supportsService("com.sun.star.text.Paragraph"):
        return "<table>"
    return block.getString().replace(PICTURE_CHARACTER, "")


def near_cm(length: int, centimetres: float) -> bool:
    """True when a length in 1/100 mm is ``centimetres``, give or take Writer's rounding."""
    return abs(length - centimetres * 1000) <= 5


def portion_of(paragraph, words: str):
    """The text portion of ``paragraph`` that reads ``words`` exactly."""
    for portion in paragraph.createEnumeration():
        if portion.TextPortionType == "Text" and portion.getString() == words:
            return portion
    raise AssertionError("%r is not a piece of its own in %r (not formatted apart)" % (words, paragraph.getString()))


def character_after(doc, text: str, before: str):
    """The character after ``before`` in the first place ``text`` stands, as a text range."""
    places = found(doc, text)
    expect(places, "%r is not in the text" % text)
    cursor = doc.getText().createTextCursorByRange(places[0].getStart())
    cursor.goRight(len(before), False)
    cursor.goRight(1, True)
    return cursor


# --- checkers: formatted content --------------------------------------------------------------------

def closing_line_centred(doc):
    last = paragraphs(doc)[-1]
    expect(last.getString() == "Thank you for reading.", "the last paragraph reads %r" % last.getString())
    expect(last.ParaAdjust == CENTERED, "the closing line is not centred")
    expect(all(p.CharPosture.value == "ITALIC" for p in last.createEnumeration() if p.getString()),
           "the closing line is not in italics")
    expect(texts(doc)[-2] == "Contact: office@example.org", "the contact line moved or changed")


def title_renamed_and_centred(doc):
    title = paragraphs(doc)[0]
    expect(title.getString() == "Annual Report 2024", "the first paragraph reads %r" % title.getString())
    expect(title.ParaAdjust == CENTERED, "the new title is not centred")
    expect(all(p.CharWeight >= 150 for p in title.createEnumeration() if p.getString()), "the title is not bold")
    expect(all(p.ParaAdjust != CENTERED for p in paragraphs(doc)[1:]), "other paragraphs were centred too")


def formulas_subscripted(doc):
    expect(H2O in texts(doc), "the H2O sentence changed: %r" % paragraph_with(doc, "Water").getString())
    for formula, before in (("H2O", "H"), ("CO2", "CO")):
        two = character_after(doc, formula, before)
        expect(two.CharEscapement < 0, "the 2 in %s is not a subscript (escapement %d)"
               % (formula, two.CharEscapement))
    letters = character_after(doc, "H2O", "")
    expect(letters.CharEscapement == 0, "the H of H2O moved off the line too")


def appendix_on_a_new_page(doc):
    all_texts = texts(doc)
    expect("Appendix" in all_texts, "there is no paragraph 'Appendix'")
    at = all_texts.index("Appendix")
    heading = paragraphs(doc)[at]
    expect(at > all_texts.index("Contact: office@example.org"), "'Appendix' is not after the contact line")
    expect(is_heading(heading), "'Appendix' is not a heading")
    expect(heading.BreakType.value == "PAGE_BEFORE", "'Appendix' does not start a new page")
    expect(all_texts[at + 1:] == ["All figures are rounded."], "after 'Appendix' comes %r" % all_texts[at + 1:])


def warning_in_red(doc):
    all_texts = texts(doc)
    expect("Figures are provisional." in all_texts, "there is no paragraph 'Figures are provisional.'")
    at = all_texts.index("Figures are provisional.")
    expect(all_texts[at - 1] == "We expect steady growth next quarter.", "the warning is not under the outlook "
           "sentence but after %r" % all_texts[at - 1])
    warning = portion_of(paragraphs(doc)[at], "Figures are provisional.")
    expect(warning.CharColor == 0xFF0000, "the warning's colour is %s, not red" % (
        "automatic" if warning.CharColor == -1 else "#%06X" % warning.CharColor))
    expect(warning.CharHeight == 14, "the warning is %g pt, not 14" % warning.CharHeight)


def square_metres(doc):
    last = paragraphs(doc)[-1]
    if last.getString() == "Office space: 120 m\u00b2":
        return  # the superscript two character is as good
    expect(last.getString() == "Office space: 120 m2", "the last paragraph reads %r" % last.getString())
    two = character_after(doc, "120 m2", "120 m")
    expect(two.CharEscapement > 0, "the 2 of m2 is not raised (escapement %d)" % two.CharEscapement)


def quotation_centred_double(doc):
    quote = paragraphs(doc)[-1]
    expect(quote.getString() == "Growth is a team effort.", "the last paragraph reads %r" % quote.getString())
    expect(quote.ParaAdjust == CENTERED, "the quotation is not centred")
    spacing = quote.ParaLineSpacing
    expect((spacing.Mode, spacing.Height) == (0, 200), "the quotation's line spacing is %r, not double"
           % ((spacing.Mode, spacing.Height),))


# --- checkers: pictures -----------------------------------------------------------------------------

def _embedded(picture) -> None:
    expect(not picture.Graphic.Linked, "the picture is linked to its file, not embedded")


def chart_after_second_paragraph(doc):
    picture = the_picture(doc)
    _embedded(picture)
    at = anchor_index(doc, holder(picture))
    body = blocks(doc)
    expect(at > 0, "the picture is not in the body's text")
    expect(text_of(body[at - 1]).startswith("Prepared by"), "the picture comes after %r, not after the second "
           "paragraph" % text_of(body[at - 1]))
    expect(text_of(body[at]) == "", "the picture shares its paragraph with %r" % text_of(body[at]))
    expect(text_of(body[at + 1]) == "Summary", "the paragraphs after the picture changed")


def chart_in_the_closing_line(doc):
    last = paragraphs(doc)[-1]
    expect(text_of(last) == "Chart: ", "the last line reads %r" % last.getString())
    inside = [p for p in pictures(doc) if anchor_index(doc, p) == len(blocks(doc)) - 1]
    expect(len(inside) == 1 and inside[0].AnchorType.value == "AS_CHARACTER",
           "the last line does not hold the picture in its text")
    _embedded(inside[0])


def figure_closing_results(doc):
    picture = the_picture(doc)
    expect(near_cm(picture.Size.Width, 8), "the picture is %.2f cm wide, not 8" % (picture.Size.Width / 1000))
    frame = holder(picture)
    expect(frame is not picture, "the picture has no caption")
    caption = frame.getText().getString()
    expect(caption.endswith("Sales by region") and "1" in caption, "the caption reads %r" % caption)
    body = blocks(doc)
    at = anchor_index(doc, frame)
    expect(at > 0 and body[at - 1].supportsService("com.sun.star.text.TextTable"),
           "the figure is not right after the table")
    expect(text_of(body[at + 1]) == "Outlook", "the figure is not before the Outlook heading")


def chart_eight_cm(doc):
    chart, logo = the_picture(doc), the_picture(doc, widest=False)
    expect(near_cm(chart.Size.Width, 8), "the chart is %.2f cm wide, not 8" % (chart.Size.Width / 1000))
    expect(near_cm(chart.Size.Height, 4), "the chart is %.2f cm high: its proportions changed"
           % (chart.Size.Height / 1000))
    expect(near_cm(logo.Size.Width, 2), "the logo's size changed")


def logo_removed(doc):
    remaining = pictures(doc)
    expect(len(remaining) == 1, "%d pictures are left, not 1" % len(remaining))
    expect(near_cm(remaining[0].Size.Width, 10), "the chart went, not the logo")
    expect(texts(doc)[:2] == ["Quarterly Report", "Prepared by Micheal Smith for the board."],
           "the report now starts %r" % texts(doc)[:2])


def chart_described(doc):
    chart = the_picture(doc)
    described = chart.Title + " " + chart.Description
    expect("Bar chart of sales by region" in described, "the chart's alt text reads %r" % described.strip())
    expect(holder(chart) is chart, "the chart got a caption, which was not asked")


def chart_captioned(doc):
    chart = the_picture(doc)
    frame = holder(chart)
    expect(frame is not chart, "the chart has no caption")
    caption = frame.getText().getString()
    expect(caption.endswith(": Sales by region"), "the caption reads %r" % caption)
    fields = [p for p in list(frame.getText().createEnumeration())[-1].createEnumeration()
              if p.TextPortionType == "TextField"]
    expect(fields, "the caption has no figure number")
    expect(near_cm(chart.Size.Width, 10), "the chart's size changed")


def chart_beside_outlook(doc):
    chart = the_picture(doc)
    expect(chart.AnchorType.value in ("AT_PARAGRAPH", "AT_CHARACTER"), "the chart does not float (%s)"
           % chart.AnchorType.value)
    body = blocks(doc)
    at = anchor_index(doc, chart)
    expect(at >= 0 and text_of(body[at]) == "We expect steady growth next quarter.",
           "the chart is anchored in %r" % (text_of(body[at]) if at >= 0 else "no body paragraph"))
    expect(chart.HoriOrient == RIGHT, "the chart is not on the right")
    expect(chart.TextWrap.value in ("PARALLEL", "DYNAMIC", "LEFT"), "the text does not wrap around the chart (%s)"
           % chart.TextWrap.value)
    table = next(i for i, b in enumerate(body) if b.supportsService("com.sun.star.text.TextTable"))
    expect(text_of(body[table + 1]) == "Outlook", "an empty paragraph was left after the table")


# --- the tasks --------------------------------------------------------------------------------------

TASKS = [
    Task("writer.centred-closing-line", "formatted content",
         "Add a closing line at the end, centred and in italics: Thank you for reading.", REPORT,
         closing_line_centred,
         plan=[("insert_content", {"content": '<p style="text-align: center"><i>Thank you for reading.</i></p>',
                                   "position": "end", "format": "html"})],
         wrong=[("insert_content", {"content": "*Thank you for reading.*", "position": "end"})]),
    Task("writer.retitle-centred", "formatted content", "Change the title to Annual Report 2024, bold and centred.",
         REPORT, title_renamed_and_centred,
         plan=[("replace_text", {"old_text": "Quarterly Report", "paragraph": 1, "format": "html",
                                 "new_text": '<p style="text-align: center"><b>Annual Report 2024</b></p>'})],
         wrong=[("replace_text", {"old_text": "Quarterly Report", "paragraph": 1, "format": "html",
                                  "new_text": "<b>Annual Report 2024</b>"})]),
    Task("writer.formulas-subscript-html", "formatted content", "Write H2O and CO2 properly, with subscript 2s.",
         REPORT, formulas_subscripted,
         plan=[("replace_text", {"old_text": "H2O", "new_text": "H<sub>2</sub>O", "paragraph": 7, "format": "html"}),
               ("replace_text", {"old_text": "CO2", "new_text": "CO<sub>2</sub>", "paragraph": 7, "format": "html"})],
         wrong=[("replace_text", {"old_text": "H2O", "new_text": "H<sup>2</sup>O", "paragraph": 7, "format": "html"}),
                ("replace_text", {"old_text": "CO2", "new_text": "CO<sup>2</sup>", "paragraph": 7,
                                  "format": "html"})]),
    Task("writer.appendix-on-a-new-page", "formatted content",
         "Add an appendix at the end, starting on a new page: a heading Appendix and the sentence "
         "All figures are rounded.", REPORT, appendix_on_a_new_page,
         plan=[("insert_content", {"content": '<h1 style="page-break-before: always">Appendix</h1>'
                                              "<p>All figures are rounded.</p>", "position": "end", "format": "html"})],
         wrong=[("insert_content", {"content": "# Appendix\n\nAll figures are rounded.\n", "position": "end"})]),
    Task("writer.warning-in-red", "formatted content",
         "Under the outlook sentence add a warning in red, 14 pt: Figures are provisional.", REPORT, warning_in_red,
         plan=[("insert_content", {"content": '<span style="color: red; font-size: 14pt">Figures are provisional.'
                                              "</span>", "position": "after", "paragraph": 13, "format": "html"})],
         wrong=[("insert_content", {"content": "**Figures are provisional.**", "position": "after",
                                    "paragraph": 13})]),
    Task("writer.square-metres", "formatted content", "Add a last line: Office space: 120 m2, with the 2 raised.",
         REPORT, square_metres,
         plan=[("insert_content", {"content": "Office space: 120 m<sup>2</sup>", "position": "end",
                                   "format": "html"})],
         wrong=[("insert_content", {"content": "Office space: 120 m<sub>2</sub>", "position": "end",
                                    "format": "html"})]),
    Task("writer.centred-double-spaced-quote", "formatted content",
         "End the report with the quotation Growth is a team effort. centred and double-spaced.", REPORT,
         quotation_centred_double,
         plan=[("insert_content", {"content": '<p style="text-align: center; line-height: 200%">Growth is a team '
                                              "effort.</p>", "position": "end", "format": "html"})],
         wrong=[("insert_content", {"content": '<p style="text-align: center">Growth is a team effort.</p>',
                                    "position": "end", "format": "html"})]),
    Task("writer.picture-after-second-paragraph", "pictures",
         "Insert the picture %s after the second paragraph." % CHART, WITH_CHART, chart_after_second_paragraph,
         plan=[("images", {"action": "insert", "source": CHART, "paragraph": 2})],
         wrong=[("images", {"action": "insert", "source": CHART, "paragraph": 3})]),
    Task("writer.picture-in-a-line", "pictures",
         "Add a last line that reads Chart: followed by the picture %s." % CHART, WITH_CHART,
         chart_in_the_closing_line,
         plan=[("insert_content", {"content": "Chart: ![chart](%s)" % CHART, "position": "end"})],
         wrong=[("insert_content", {"content": "Chart: ![chart](%s)" % CHART, "position": "end",
                                    "format": "plain"})]),
    Task("writer.figure-after-the-table", "pictures",
         "Put the chart %s after the table, 8 cm wide, with the caption Sales by region." % CHART, WITH_CHART,
         figure_closing_results,
         plan=[("images", {"action": "insert", "source": CHART, "paragraph": 11, "width_cm": 8,
                           "caption": "Sales by region"})],
         wrong=[("images", {"action": "insert", "source": CHART, "paragraph": 11, "width_cm": 8,
                            "alt_text": "Sales by region"})]),
    Task("writer.resize-the-chart", "pictures", "Make the chart 8 cm wide.", ILLUSTRATED, chart_eight_cm,
         plan=[("images", {"action": "list"}), ("images", {"action": "change", "image": 2, "width_cm": 8})],
         wrong=[("images", {"action": "list"}), ("images", {"action": "change", "image": 2, "height_cm": 8})]),
    Task("writer.remove-the-logo", "pictures", "Remove the logo under the title.", ILLUSTRATED, logo_removed,
         plan=[("images", {"action": "list"}), ("images", {"action": "delete", "image": 1})],
         wrong=[("images", {"action": "list"}), ("images", {"action": "delete", "image": 2})]),
    Task("writer.describe-the-chart", "pictures",
         "Give the chart the alt text Bar chart of sales by region, for screen readers.", ILLUSTRATED,
         chart_described,
         plan=[("images", {"action": "change", "image": 2, "alt_text": "Bar chart of sales by region"})],
         wrong=[("images", {"action": "change", "image": 2, "caption": "Bar chart of sales by region"})]),
    Task("writer.caption-the-chart", "pictures", "Add the caption Sales by region under the chart.", ILLUSTRATED,
         chart_captioned,
         plan=[("images", {"action": "change", "image": 2, "caption": "Sales by region"})],
         wrong=[("insert_content", {"content": "Sales by region", "position": "after", "paragraph": 13,
                                    "format": "plain"})]),
    Task("writer.chart-beside-the-outlook", "pictures",
         "Move the chart to the right of the outlook paragraph, with the text wrapping around it.", ILLUSTRATED,
         chart_beside_outlook,
         plan=[("images", {"action": "change", "image": 2, "position": "in", "paragraph": 15, "align": "right",
                           "wrap": "around"})],
         wrong=[("images", {"action": "change", "image": 2, "position": "after", "paragraph": 15,
                            "align": "right"})]),
]
