"""Writer page structure tasks: page numbers, headers and footers, page set-up, contents, notes, page breaks,
cross-references, saving and exporting.

The documents: "report" (documents.py; page style HTML, 1 cm top margin, one page), "paged-report"
(the report with a header on every page and Results on a second page), "report-with-contents" (a
table of contents after the title that still lists "Outlook", renamed since), and Word's
mammoth-footnotes.docx ("Ouch." with two footnotes).
"""
from __future__ import annotations

import os
import zipfile

import uno

from .checks import blocks, expect, paragraph_with, paragraphs, texts
from .model import Task

CENTRED = 3
RIGHT = 1
HEADER = "Quarterly Report — Example Ltd"


# --- readers ---------------------------------------------------------------------------------------

def _styles(doc) -> list:
    """The page styles of the body's pages."""
    family = doc.getStyleFamilies().getByName("PageStyles")
    return [family.getByName(name) for name in sorted({p.PageStyleName for p in paragraphs(doc)})]


def _field_lines(xtext) -> list:
    """Each paragraph of ``xtext`` as ``(its portions' kinds, the paragraph)``; a field's kind is its service."""
    lines = []
    for paragraph in _each(xtext.createEnumeration()):
        kinds = []
        for portion in _each(paragraph.createEnumeration()):
            if portion.TextPortionType == "TextField":
                field = portion.TextField
                kind = [s for s in field.getSupportedServiceNames() if ".textfield." in s][0].rsplit(".", 1)[1]
                kinds.append("Date" if kind == "DateTime" and field.IsDate else kind)
            else:
                kinds.append(portion.TextPortionType)
        lines.append((kinds, paragraph))
    return lines


def _each(enumeration):
    while enumeration.hasMoreElements():
        yield enumeration.nextElement()


def _near(value: int, expected: int) -> bool:
    return abs(value - expected) <= 5  # Writer keeps twips


# --- checkers ---------------------------------------------------------------------------------------

def page_numbers_in_footer(doc):
    for style in _styles(doc):
        expect(style.FooterIsOn, "the footer of %s is off" % style.DisplayName)
        kinds = [kind for line, _p in _field_lines(style.FooterText) for kind in line]
        expect("PageNumber" in kinds, "the footer of %s has no page number field: %r" % (style.DisplayName, kinds))
        expect(not style.HeaderIsOn, "a header was switched on too")


def page_x_of_y_centred(doc):
    for style in _styles(doc):
        expect(style.FooterIsOn, "the footer of %s is off" % style.DisplayName)
        lines = [(kinds, p) for kinds, p in _field_lines(style.FooterText) if "PageNumber" in kinds]
        expect(lines, "the footer of %s has no page number" % style.DisplayName)
        kinds, paragraph = lines[0]
        expect("PageCount" in kinds and kinds.index("PageNumber") < kinds.index("PageCount"),
               "the footer does not read page X of Y: %r" % kinds)
        expect(paragraph.ParaAdjust == CENTRED, "the page numbers are not centred (ParaAdjust %d)" % paragraph.ParaAdjust)


def landscape(doc):
    for style in _styles(doc):
        expect(style.IsLandscape and style.Width > style.Height, "%s is %s × %s, not landscape"
               % (style.DisplayName, style.Width, style.Height))


def margins_two_cm(doc):
    for style in _styles(doc):
        margins = (style.TopMargin, style.BottomMargin, style.LeftMargin, style.RightMargin)
        expect(all(_near(m, 2000) for m in margins), "%s has margins %r (1/100 mm), not 2 cm all round"
               % (style.DisplayName, margins))


def contents_after_title(doc):
    indexes = doc.getDocumentIndexes()
    expect(indexes.getCount() == 1, "%d tables of contents, not 1" % indexes.getCount())
    contents = indexes.getByIndex(0)
    expect(contents.supportsService("com.sun.star.text.ContentIndex"), "the index is not a table of contents")
    all_texts = texts(doc)
    expect(all_texts[0] == "Quarterly Report", "the title is no longer first: %r" % all_texts[0])
    expect(all_texts[1] == contents.Title, "the table of contents does not follow the title: %r" % all_texts[1])
    for heading in ("Summary", "Results", "Outlook"):
        expect(any(t.startswith(heading + "\t") for t in all_texts[2:6]), "%r is not listed in it" % heading)


def footnote_after_ten_percent(doc):
    notes = doc.getFootnotes()
    expect(notes.getCount() == 1, "%d footnotes, not 1" % notes.getCount())
    expect("Measured against last year" in notes.getByIndex(0).getString(), "the footnote reads %r"
           % notes.getByIndex(0).getString())
    portions = list(_each(paragraph_with(doc, "ten percent").createEnumeration()))
    at = [p.TextPortionType for p in portions].index("Footnote")
    expect(portions[at - 1].getString().endswith("ten percent"), "the footnote's mark is not right after 'ten "
                                                                  "percent': %r" % portions[at - 1].getString())


def _header_shown(doc, paragraph, first: bool) -> str:
    style = doc.getStyleFamilies().getByName("PageStyles").getByName(paragraph.PageStyleName)
    if not style.HeaderIsOn:
        return ""
    return (style.HeaderTextFirst if first and style.FirstIsShared is False else style.HeaderText).getString()


def first_page_without_header(doc):
    title, results = paragraph_with(doc, "Quarterly Report"), paragraph_with(doc, "Results")
    expect(_header_shown(doc, title, True) == "", "the first page still has a header: %r"
           % _header_shown(doc, title, True))
    second = _header_shown(doc, results, False)
    expect(second == HEADER, "the second page's header reads %r, not %r" % (second, HEADER))


def two_columns(doc):
    for style in _styles(doc):
        expect(style.TextColumns.getColumnCount() == 2, "%s has %d columns" % (style.DisplayName,
                                                                             style.TextColumns.getColumnCount()))


def date_in_header(doc):
    for style in _styles(doc):
        expect(style.HeaderIsOn, "the header of %s is off" % style.DisplayName)
        kinds = [kind for line, _p in _field_lines(style.HeaderText) for kind in line]
        expect("Date" in kinds, "the header of %s has no date field: %r" % (style.DisplayName, kinds))
    expect("Quarterly Report" == texts(doc)[0], "the body changed")


def break_before_results_removed(doc):
    results = paragraph_with(doc, "Results")
    expect(results.BreakType.value == "NONE" and not results.PageDescName, "Results still starts a new page")
    before = paragraphs(doc)[[p.getString() for p in paragraphs(doc)].index("Results") - 1]
    expect(before.BreakType.value not in ("PAGE_AFTER", "PAGE_BOTH"), "the paragraph before has a page break after")


def table_pages_landscape(doc):
    table = [b for b in blocks(doc) if b.supportsService("com.sun.star.text.TextTable")][0]
    family = doc.getStyleFamilies().getByName("PageStyles")
    expect(table.PageDescName, "the table does not start a page style of its own")
    expect(family.getByName(table.PageDescName).IsLandscape, "the table's page style is not landscape")
    after = paragraph_with(doc, "Outlook")
    expect(after.PageDescName and not family.getByName(after.PageDescName).IsLandscape,
           "the pages after the table do not go back to portrait")
    expect(not family.getByName(paragraphs(doc)[0].PageStyleName).IsLandscape, "the first page turned landscape")


def second_footnote_rewritten(doc):
    notes = [doc.getFootnotes().getByIndex(i).getString() for i in range(doc.getFootnotes().getCount())]
    expect(len(notes) == 2, "%d footnotes, not 2" % len(notes))
    expect(notes[1] == "See the appendix.", "the second footnote reads %r" % notes[1])
    expect(notes[0].strip() == "A tachyon walks into a bar.", "the first footnote changed: %r" % notes[0])


def contents_updated(doc):
    all_texts = texts(doc)
    expect(any(t.startswith("Outlook and risks\t") for t in all_texts), "the contents do not list 'Outlook and "
                                                                          "risks'")
    expect(not any(t.startswith("Outlook\t") for t in all_texts), "the contents still list 'Outlook'")


def _next_to(doc, extension: str) -> str:
    """The file with the document's name and ``extension`` in the document's folder (fails when it is not there)."""
    own = uno.fileUrlToSystemPath(doc.getLocation())
    path = os.path.splitext(own)[0] + extension
    expect(os.path.isfile(path), "no %s next to the document (%s)" % (os.path.basename(path), os.listdir(
        os.path.dirname(own))))
    return path


def pdf_next_to_it(doc):
    with open(_next_to(doc, ".pdf"), "rb") as handle:
        data = handle.read()
    expect(data.startswith(b"%PDF") and b"/Type/Page" in data.replace(b" ", b""), "report.pdf is not a PDF with pages")


def word_copy_next_to_it(doc):
    with zipfile.ZipFile(_next_to(doc, ".docx")) as word:
        body = word.read("word/document.xml").decode("utf-8")
    for words in ("Quarterly Report", "Summary", "We expect steady growth next quarter."):
        expect(words in body, "the Word copy lacks %r" % words)


def endnote_after_steady_growth(doc):
    expect(doc.getFootnotes().getCount() == 0, "a footnote was added")
    notes = doc.getEndnotes()
    expect(notes.getCount() == 1, "%d endnotes, not 1" % notes.getCount())
    expect(notes.getByIndex(0).getString().strip() == "Figures are unaudited.", "the endnote reads %r"
           % notes.getByIndex(0).getString())
    portions = list(_each(paragraph_with(doc, "steady growth").createEnumeration()))
    at = [p.TextPortionType for p in portions].index("Footnote")
    expect(portions[at - 1].getString().endswith("steady growth"), "the endnote's mark is not right after 'steady "
                                                                    "growth': %r" % portions[at - 1].getString())


def first_footnote_deleted(doc):
    notes = [doc.getFootnotes().getByIndex(i).getString() for i in range(doc.getFootnotes().getCount())]
    expect(len(notes) == 1, "%d footnotes, not 1" % len(notes))
    expect("tachyon" not in notes[0] and "Fin." in notes[0], "the footnote left reads %r" % notes[0])


def _starts_page(doc, words: str) -> bool:
    found = [p.getString() for p in paragraphs(doc)]
    index = next(i for i, text in enumerate(found) if words in text)
    paragraph, before = paragraphs(doc)[index], paragraphs(doc)[index - 1]
    return (paragraph.BreakType.value in ("PAGE_BEFORE", "PAGE_BOTH") or bool(paragraph.PageDescName)
            or before.BreakType.value in ("PAGE_AFTER", "PAGE_BOTH"))


def outlook_on_a_new_page(doc):
    expect(_starts_page(doc, "Outlook"), "Outlook does not start a new page")
    expect(not _starts_page(doc, "Results"), "Results starts a new page too")


def letter_paper(doc):
    for style in _styles(doc):
        expect(_near(style.Width, 21590) and _near(style.Height, 27940), "%s is %s × %s, not Letter (21.59 × 27.94 "
                                                                        "cm)" % (style.DisplayName, style.Width,
                                                                                  style.Height))


def file_name_in_footer_right(doc):
    for style in _styles(doc):
        expect(style.FooterIsOn, "the footer of %s is off" % style.DisplayName)
        lines = [(kinds, p) for kinds, p in _field_lines(style.FooterText) if "FileName" in kinds]
        expect(lines, "the footer of %s has no file name field" % style.DisplayName)
        expect(lines[0][1].ParaAdjust == RIGHT, "the file name is not right-aligned (ParaAdjust %d)"
               % lines[0][1].ParaAdjust)


def contents_removed(doc):
    expect(doc.getDocumentIndexes().getCount() == 0, "the table of contents is still there")
    found = texts(doc)
    expect(found[:2] == ["Quarterly Report", "Prepared by Micheal Smith for the board."], "the report's start "
                                                                                           "changed: %r" % found[:2])
    expect(not any("\t" in text for text in found), "entries of the contents are left: %r"
           % [t for t in found if "\t" in t])


def left_margin_for_binding(doc):
    for style in _styles(doc):
        expect(_near(style.LeftMargin, 3000), "the left margin of %s is %s, not 3 cm" % (style.DisplayName,
                                                                                      style.LeftMargin))
        others = (style.TopMargin, style.BottomMargin, style.RightMargin)
        expect(not any(_near(m, 3000) for m in others), "other margins changed too: %r" % (others,))


def typo_fixed_and_saved(doc):
    expect(not doc.isModified(), "the document has changes that are not saved")
    with zipfile.ZipFile(uno.fileUrlToSystemPath(doc.getLocation())) as odt:
        content = odt.read("content.xml").decode("utf-8")
    expect("Micheal" not in content and "Michael Smith" in content, "the saved file still reads 'Micheal'")


def page_of_results_referred(doc):
    portions = list(_each(paragraph_with(doc, "steady growth").createEnumeration()))
    references = [p.TextField for p in portions if p.TextPortionType == "TextField"
                  and p.TextField.supportsService("com.sun.star.text.textfield.GetReference")]
    expect(len(references) == 1, "%d cross-references in the Outlook text, not 1" % len(references))
    reference = references[0]
    page = uno.getConstantByName("com.sun.star.text.ReferenceFieldPart.PAGE")
    expect(reference.ReferenceFieldPart == page, "the cross-reference does not show a page number")
    marks = doc.getBookmarks()
    expect(marks.hasByName(reference.SourceName), "the cross-reference points at no bookmark")
    marked = marks.getByName(reference.SourceName).getAnchor().getString()
    expect(marked == "Results", "the cross-reference points at %r, not the Results heading" % marked)


def outlook_page_referred(doc):
    contact = paragraph_with(doc, "Contact:")
    references = [p.TextField for p in _each(contact.createEnumeration()) if p.TextPortionType == "TextField"
                  and p.TextField.supportsService("com.sun.star.text.textfield.GetReference")]
    expect(len(references) == 1, "%d cross-references in the contact line, not 1" % len(references))
    page = uno.getConstantByName("com.sun.star.text.ReferenceFieldPart.PAGE")
    expect(references[0].ReferenceFieldPart == page, "the cross-reference does not show a page number")
    marked = [paragraph.getString() for paragraph in paragraphs(doc) for p in _each(paragraph.createEnumeration())
              if p.TextPortionType == "Bookmark" and p.Bookmark.getName() == references[0].SourceName]
    expect(marked[:1] == ["Outlook"], "the cross-reference points at %r, not the Outlook heading" % marked[:1])


# --- the tasks --------------------------------------------------------------------------------------

TASKS = [
    Task("writer.page-numbers-in-footer", "page structure", "Put page numbers in the footer.", "report",
         page_numbers_in_footer,
         plan=[("header_footer", {"kind": "footer", "content": "{page}"})],
         wrong=[("header_footer", {"kind": "header", "content": "{page}"})]),
    Task("writer.page-x-of-y-centred", "page structure", "Page X of Y in the footer, centred.", "report",
         page_x_of_y_centred,
         plan=[("header_footer", {"kind": "footer", "content": "Page {page} of {pages}", "alignment": "center"})],
         wrong=[("header_footer", {"kind": "footer", "content": "Page {page} of {pages}"})]),
    Task("writer.landscape", "page structure", "Landscape orientation, please.", "report", landscape,
         plan=[("page_setup", {"action": "set", "orientation": "landscape"})],
         wrong=[("page_setup", {"action": "set", "paper": "A4"})]),
    Task("writer.margins-2cm", "page structure", "Margins of 2 cm all round.", "report", margins_two_cm,
         plan=[("page_setup", {"action": "set", "margin_cm": 2})],
         wrong=[("page_setup", {"action": "set", "margin_left_cm": 2, "margin_right_cm": 2})]),
    Task("writer.contents-after-title", "page structure", "Add a table of contents after the title.", "report",
         contents_after_title,
         plan=[("table_of_contents", {"action": "insert", "position": "after", "paragraph": 1})],
         wrong=[("table_of_contents", {"action": "insert", "position": "end"})]),
    Task("writer.footnote-after-ten-percent", "notes",
         "Add a footnote after 'ten percent' saying 'Measured against last year.'", "report",
         footnote_after_ten_percent,
         plan=[("notes", {"action": "insert", "text": "ten percent", "content": "Measured against last year."})],
         wrong=[("notes", {"action": "insert", "text": "four percent", "content": "Measured against last year."})]),
    Task("writer.first-page-without-header", "page structure", "A different first page without header.",
         "paged-report", first_page_without_header,
         plan=[("header_footer", {"kind": "header", "pages": "first", "content": ""})],
         wrong=[("header_footer", {"kind": "header", "content": ""})]),
    Task("writer.two-columns", "page structure", "Two columns.", "report", two_columns,
         plan=[("page_setup", {"action": "set", "columns": 2})],
         wrong=[("page_setup", {"action": "set", "columns": 3})]),
    Task("writer.date-in-header", "page structure", "Today's date in the header.", "report", date_in_header,
         plan=[("header_footer", {"kind": "header", "content": "{date}", "alignment": "right"})],
         wrong=[("fields", {"action": "insert", "kind": "date", "paragraph": 1})]),
    Task("writer.remove-break-before-results", "page structure", "Remove the page break before Results.",
         "paged-report", break_before_results_removed,
         plan=[("page_setup", {"action": "remove_break", "paragraph": 6})],
         wrong=[("format_paragraphs", {"paragraph": 7, "page_break_before": False})]),
    Task("writer.table-page-landscape", "page structure", "Put the table on a landscape page of its own.", "report",
         table_pages_landscape,
         plan=[("page_setup", {"action": "set", "paragraph": 11, "to_paragraph": 11, "orientation": "landscape"})],
         wrong=[("page_setup", {"action": "set", "orientation": "landscape"})]),
    Task("writer.rewrite-second-footnote", "notes", "Change the second footnote to say: See the appendix.",
         "mammoth-footnotes.docx", second_footnote_rewritten,
         plan=[("notes", {"action": "list"}), ("notes", {"action": "edit", "note": "footnote 2",
                                                          "content": "See the appendix."})],
         wrong=[("notes", {"action": "edit", "note": "footnote 1", "content": "See the appendix."})]),
    Task("writer.update-contents", "page structure", "Update the table of contents.", "report-with-contents",
         contents_updated,
         plan=[("table_of_contents", {"action": "update"})],
         wrong=[("table_of_contents", {"action": "list"})]),
    Task("writer.export-pdf", "document files", "Export it as a PDF.", "report", pdf_next_to_it,
         plan=[("save_document", {"action": "export", "format": "pdf"})],
         wrong=[("save_document", {"action": "export", "format": "docx"})]),
    Task("writer.word-copy", "document files", "Save a copy as a Word document for Anna.", "report",
         word_copy_next_to_it,
         plan=[("save_document", {"action": "export", "format": "docx"})],
         wrong=[("save_document", {"action": "export", "format": "odt", "file_name": "report for Anna.odt"})]),
    Task("writer.endnote-after-steady-growth", "notes",
         "Add an endnote after 'steady growth' saying 'Figures are unaudited.'", "report",
         endnote_after_steady_growth,
         plan=[("notes", {"action": "insert", "kind": "endnote", "text": "steady growth",
                          "content": "Figures are unaudited."})],
         wrong=[("notes", {"action": "insert", "text": "steady growth", "content": "Figures are unaudited."})]),
    Task("writer.delete-first-footnote", "notes", "Delete the first footnote.", "mammoth-footnotes.docx",
         first_footnote_deleted,
         plan=[("notes", {"action": "list"}), ("notes", {"action": "delete", "note": "footnote 1"})],
         wrong=[("notes", {"action": "delete", "note": "footnote 2"})]),
    Task("writer.outlook-on-new-page", "page structure", "Start the Outlook section on a new page.", "report",
         outlook_on_a_new_page,
         plan=[("format_paragraphs", {"paragraph": 12, "page_break_before": True})],
         wrong=[("format_paragraphs", {"paragraph": 6, "page_break_before": True})]),
    Task("writer.letter-paper", "page structure", "Switch to US Letter paper.", "report", letter_paper,
         plan=[("page_setup", {"action": "set", "paper": "Letter"})],
         wrong=[("page_setup", {"action": "set", "paper": "Legal"})]),
    Task("writer.file-name-in-footer", "page structure", "Put the file name in the footer, right-aligned.",
         "report", file_name_in_footer_right,
         plan=[("header_footer", {"kind": "footer", "content": "{file_name}", "alignment": "right"})],
         wrong=[("header_footer", {"kind": "footer", "content": "{file_name}", "alignment": "left"})]),
    Task("writer.remove-contents", "page structure", "Remove the table of contents.", "report-with-contents",
         contents_removed,
         plan=[("table_of_contents", {"action": "remove"})],
         wrong=[("table_of_contents", {"action": "update"})]),
    Task("writer.left-margin-for-binding", "page structure",
         "Make the left margin 3 cm for binding and leave the other margins alone.", "report",
         left_margin_for_binding,
         plan=[("page_setup", {"action": "set", "margin_left_cm": 3})],
         wrong=[("page_setup", {"action": "set", "margin_cm": 3})]),
    Task("writer.fix-typo-and-save", "document files", "Fix the typo Micheal (it's Michael) and save.", "report",
         typo_fixed_and_saved,
         plan=[("replace_text", {"old_text": "Micheal", "new_text": "Michael", "all": True}),
               ("save_document", {"action": "save"})],
         wrong=[("replace_text", {"old_text": "Micheal", "new_text": "Michael", "all": True})]),
    Task("writer.page-of-results", "page structure",
         "After 'steady growth next quarter' add a cross-reference to the page of the Results heading.", "report",
         page_of_results_referred,
         plan=[("bookmarks", {"action": "insert", "name": "Results", "paragraph": 6}),
               ("fields", {"action": "insert", "kind": "reference", "bookmark": "Results", "text": "next quarter",
                           "paragraph": 13})],
         wrong=[("bookmarks", {"action": "insert", "name": "Results", "paragraph": 3}),
                ("fields", {"action": "insert", "kind": "reference", "bookmark": "Results", "text": "next quarter",
                            "paragraph": 13})]),
    Task("writer.page-of-outlook-heading", "page structure",
         "End the contact line with a cross-reference to the page where the Outlook section starts.", "report",
         outlook_page_referred,
         plan=[("fields", {"action": "insert", "kind": "reference", "heading": "Outlook", "paragraph": 14})],
         wrong=[("fields", {"action": "insert", "kind": "reference", "heading": "Results", "paragraph": 14})]),
]
