"""Tasks between a presentation and a text document open beside it: a deck made from the open Writer report, the
report's table put on a slide, the deck's slide titles listed in the report (read_other_document both ways).

Each task's ``also_open`` document is open beside it and left unchanged (tests/tasks/test_task_plans.py checks
that); the checker judges the task's own document.
"""
from __future__ import annotations

from .checks import expect, expect_list_at_end, kind, shapes, slide_titled, titles
from .cross_document_tasks import REPORT_TABLE
from .impress_tasks import DECK, TITLES, report_in_slides
from .model import Task

REPORT_MARKDOWN = "\n".join(["| %s |" % " | ".join(row) for row in REPORT_TABLE[:1]] + ["|---|---|---|"]
                            + ["| %s |" % " | ".join(row) for row in REPORT_TABLE[1:]])


def report_table_on_slide(doc):
    expect(titles(doc)[:4] == TITLES, "the deck's own slides changed or moved: %r" % titles(doc))
    page = slide_titled(doc, "Sales by region")
    found = [s for s in shapes(page) if kind(s) == "TableShape"]
    expect(found, "the slide 'Sales by region' has no table")
    model = found[0].Model
    rows = [[model.getCellByPosition(c, r).getString() for c in range(model.Columns.getCount())]
            for r in range(model.Rows.getCount())]
    expect(rows == REPORT_TABLE, "the table reads %r, not the report's %r" % (rows, REPORT_TABLE))


def agenda_of_deck(doc):
    expect_list_at_end(doc, "Agenda", "Contact: office@example.org", TITLES)


TASKS = [
    Task("impress.cross-slides-from-report", "two documents",
         "Make slides from the report I have open in Writer: one slide per section, with its points as bullets.",
         "new deck", report_in_slides, also_open="report",
         plan=[("read_other_document", {}),
               ("read_other_document", {"title": "report"}),
               ("add_slides", {"outline": "# Summary\n- Sales grew in every region\n- The northern region doubled "
                                          "its orders\n\n# Results\n- Revenue rose\n- Costs fell\n- Staff grew\n\n"
                                          "# Outlook\n- We expect steady growth next quarter"})],
         wrong=[("read_other_document", {"title": "report"}),
                ("add_slides", {"outline": "# Quarterly Report\n- Summary\n- Results\n- Outlook"})]),
    Task("impress.cross-report-table", "two documents",
         "Add a slide 'Sales by region' at the end with the sales table from my report.odt.", DECK,
         report_table_on_slide, also_open="report",
         plan=[("read_other_document", {"title": "report.odt"}),
               ("add_slides", {"outline": "# Sales by region\nLayout: title_only"}),
               ("insert_object", {"slide": 5, "kind": "table", "source": REPORT_MARKDOWN})],
         wrong=[("read_other_document", {"title": "report.odt"}),
                ("add_slides", {"outline": "# Sales by region\nLayout: title_only"}),
                ("insert_object", {"slide": 5, "kind": "table",
                                   "source": "| Region | Sales |\n|---|---|\n| North | 120 |\n| South | 80 |\n"
                                             "| West | 95 |"})]),
    Task("writer.cross-agenda-from-deck", "two documents",
         "At the end of my report, add a heading 'Agenda' and under it the titles of the slides in deck.odp as a "
         "bulleted list.", "report", agenda_of_deck, also_open=DECK,
         plan=[("read_other_document", {"title": "deck.odp"}),
               ("insert_content", {"position": "end", "content": "## Agenda\n\n"
                                   + "".join("- %s\n" % name for name in TITLES)})],
         wrong=[("read_other_document", {"title": "deck.odp"}),
                ("insert_content", {"position": "end", "content": "## Agenda\n\n- Results\n- Plans\n"})]),
]
