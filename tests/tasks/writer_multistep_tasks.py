"""Writer tasks that take several steps: read, decide, then change one or several places."""
from __future__ import annotations

from .checks import expect, found, is_heading, paragraph_with, tables, texts
from .model import Task

REPORT = "report"


def missed_target_bold(doc):
    rows = [list(r) for r in tables(doc)[0].getDataArray()]
    missed = [row[0] for row in rows[1:] if float(row[1]) < float(row[2])]
    expect(missed == ["South"], "the table changed: %r" % rows)
    table = tables(doc)[0]
    for number, row in enumerate(rows[1:], start=2):
        cell = table.getCellByName("A%d" % number).getText()
        bold = cell.createEnumeration().nextElement().CharWeight >= 150
        expect(bold == (row[0] in missed), "%s is %sbold" % (row[0], "" if bold else "not "))


def contact_moved_up(doc):
    all_texts = texts(doc)
    expect(all_texts[1] == "Contact: office@example.org", "the second paragraph reads %r" % all_texts[1])
    expect(all_texts.count("Contact: office@example.org") == 1, "the contact line stands twice")
    expect(all_texts[-1] == "We expect steady growth next quarter.", "the report now ends with %r" % all_texts[-1])


def headings_numbered(doc):
    for heading in ("1. Summary", "2. Results", "3. Outlook"):
        paragraph = paragraph_with(doc, heading)
        expect(paragraph.getString() == heading and is_heading(paragraph, 1), "%r is not a level-1 heading" % heading)


def percent_signs(doc):
    text = doc.getText().getString()
    expect("percent" not in text, "'percent' is still in the text")
    expect("by 10%" in text and "by 4%" in text, "the figures read %r" % paragraph_with(doc, "Water").getString())
    expect(found(doc, "10%") and found(doc, "4%"), "the figures with % were not found")


TASKS = [
    Task("writer.bold-the-missed-target", "read then edit",
         "In the table, make bold the name of every region that missed its target.", REPORT, missed_target_bold,
         plan=[("tables", {"action": "read", "table": 11}),
               ("format_text", {"text": "South", "bold": True})],
         wrong=[("tables", {"action": "read", "table": 11}),
                ("format_text", {"text": "North", "bold": True})]),
    Task("writer.move-the-contact-line", "read then edit", "Move the contact line up, right under the title.",
         REPORT, contact_moved_up,
         plan=[("delete_paragraphs", {"paragraph": 14, "old_text": "Contact: office@example.org"}),
               ("insert_content", {"content": "Contact: office@example.org", "position": "after", "paragraph": 1,
                                   "format": "plain"})],
         wrong=[("insert_content", {"content": "Contact: office@example.org", "position": "after", "paragraph": 1,
                                    "format": "plain"})]),
    Task("writer.number-the-headings", "several places", "Number the headings: 1. Summary, 2. Results, 3. Outlook.",
         REPORT, headings_numbered,
         plan=[("replace_text", {"old_text": "Summary", "new_text": "1. Summary", "paragraph": 3}),
               ("replace_text", {"old_text": "Results", "new_text": "2. Results", "paragraph": 6}),
               ("replace_text", {"old_text": "Outlook", "new_text": "3. Outlook", "paragraph": 12})],
         wrong=[("replace_text", {"old_text": "Summary", "new_text": "1. Summary", "paragraph": 3}),
                ("replace_text", {"old_text": "Results", "new_text": "2. Results", "paragraph": 6})]),
    Task("writer.percent-signs", "several places", "Write the percentages with the % sign instead of the word.",
         REPORT, percent_signs,
         plan=[("replace_text", {"old_text": "ten percent", "new_text": "10%", "paragraph": 7}),
               ("replace_text", {"old_text": "four percent", "new_text": "4%", "paragraph": 7})],
         wrong=[("replace_text", {"old_text": "percent", "new_text": "%", "all": True})]),
]
