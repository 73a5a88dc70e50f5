"""Impress and Draw tasks: what people ask of a deck or a drawing, with reference plans and checkers.

The deck (documents.py) holds 1 "Quarterly review" (title slide, subtitle "Sales team"), 2 "Results"
(three long bullets), 3 "Plans" (two bullets, notes "Mention the budget."), 4 "Questions" (title
only); each slide's shape 1 is its title and shape 2 its body. "new deck" is a new presentation with
its one empty slide; "drawing" an empty drawing.
"""
from __future__ import annotations

from .checks import body_lines, expect, joined, kind, notes, pages, shapes, slide_titled, texts_on, title, titles
from .model import Task

DECK = "deck"
TITLES = ["Quarterly review", "Results", "Plans", "Questions"]
RESULTS = ["Revenue rose by twelve percent in the first quarter compared with the same quarter last year",
           "Costs fell slightly because the new warehouse needed fewer people than we had planned",
           "Staff grew from forty to fifty-two people across the three regional offices"]
REPORT = ("Turn this report into slides, one slide per section with its points as bullets:\n\n"
          "Summary: Sales grew in every region. The northern region doubled its orders.\n"
          "Results: Revenue rose. Costs fell. Staff grew.\n"
          "Outlook: We expect steady growth next quarter.")
SALES = "| Region | Sales |\n|---|---|\n| North | 120 |\n| South | 80 |\n| West | 95 |"


# --- checkers ---------------------------------------------------------------------------------------

def title_slide_first(doc):
    expect(titles(doc)[1:] == TITLES, "the deck's own slides changed or moved: %r" % titles(doc))
    first = pages(doc)[0]
    expect(title(first) == "Annual meeting 2026", "the first slide's title reads %r" % title(first))
    expect(body_lines(first) == ["Board of directors"], "the first slide's subtitle reads %r" % body_lines(first))
    expect(first.Layout == 0, "the first slide's layout is %d, not the title slide's" % first.Layout)


def report_in_slides(doc):
    found = [t for t in titles(doc) if t]
    expect(len(found) == len(pages(doc)), "a slide has no title (an empty slide left over?): %r" % titles(doc))
    sections = [t for t in found if t in ("Summary", "Results", "Outlook")]
    expect(sections == ["Summary", "Results", "Outlook"], "the sections' slides are %r" % found)
    results = body_lines(slide_titled(doc, "Results"))
    expect(len(results) == 3 and all(word in line for word, line in zip(("Revenue", "Costs", "Staff"), results)),
           "the Results slide's bullets read %r" % results)
    expect(body_lines(slide_titled(doc, "Summary")) and body_lines(slide_titled(doc, "Outlook")),
           "the Summary or Outlook slide has no bullets")


def bullets_shorter(doc):
    expect(titles(doc) == TITLES, "the slides changed: %r" % titles(doc))
    lines = body_lines(pages(doc)[1])
    expect(len(lines) == 3, "slide 2 has %d bullets, not 3: %r" % (len(lines), lines))
    for word, line, before in zip(("Revenue", "Costs", "Staff"), lines, RESULTS):
        expect(word.lower() in line.lower(), "the bullet about %s is gone: %r" % (word.lower(), line))
        expect(len(line.split()) <= 7 and len(line) < len(before) // 2, "a bullet is still long: %r" % line)


def notes_on_results(doc):
    expect("Thank the regional teams." in notes(slide_titled(doc, "Results")),
           "the Results slide's notes read %r" % notes(slide_titled(doc, "Results")))
    expect(notes(slide_titled(doc, "Plans")) == "Mention the budget.", "the Plans slide's notes changed")


def questions_deleted(doc):
    expect(titles(doc) == TITLES[:3], "the slides are %r" % titles(doc))


def plans_before_results(doc):
    expect(titles(doc) == ["Quarterly review", "Plans", "Results", "Questions"], "the order is %r" % titles(doc))


def questions_hidden(doc):
    expect(titles(doc) == TITLES, "the slides are %r" % titles(doc))
    shown = [page.Visible for page in pages(doc)]
    expect(shown == [True, True, True, False], "shown in the slide show: %r" % shown)


def results_retitled(doc):
    expect(titles(doc) == ["Quarterly review", "Results 2026", "Plans", "Questions"], "the titles: %r" % titles(doc))
    expect(body_lines(pages(doc)[1]) == RESULTS, "slide 2's bullets changed")


def _table_rows(page):
    tables = [s for s in shapes(page) if kind(s) == "TableShape"]
    expect(tables, "slide has no table (shapes: %r)" % [kind(s) for s in shapes(page)])
    model = tables[0].Model
    return [[model.getCellByPosition(c, r).getString() for c in range(model.Columns.getCount())]
            for r in range(model.Rows.getCount())]


def sales_table(doc):
    rows = _table_rows(slide_titled(doc, "Questions"))
    expect(rows == [["Region", "Sales"], ["North", "120"], ["South", "80"], ["West", "95"]], "the table: %r" % rows)


def sales_chart(doc):
    page = slide_titled(doc, "Questions")
    charts = [s for s in shapes(page) if kind(s) == "OLE2Shape" and s.CLSID.lower().startswith("12dcae26")]
    expect(charts, "the Questions slide has no chart")
    data = charts[0].Model.getData()
    values = [list(row) for row in data.getData()]
    expect(values == [[120.0], [80.0], [95.0]], "the chart's values: %r" % values)
    expect(list(data.getRowDescriptions()) == ["North", "South", "West"], "the chart's categories: %r"
           % list(data.getRowDescriptions()))
    expect(charts[0].Model.getDiagram().getDiagramType() == "com.sun.star.chart.BarDiagram"
           and not charts[0].Model.getDiagram().Vertical, "the chart is not a column chart")


def _shape_with(page, words):
    found = [s for s in shapes(page) if hasattr(s, "getString") and words in s.getString()]
    expect(found, "no shape reads %r" % words)
    return found[0]


def org_chart(doc):
    page = slide_titled(doc, "Questions")
    pairs = {tuple(sorted((a.split()[0], b.split()[0]))) for a, b in joined(page) if a and b}
    expect({("Anna", "Ben"), ("Anna", "Cleo")} <= pairs, "the connectors join %r" % sorted(pairs))
    anna = _shape_with(page, "Anna").Position.Y
    expect(anna < _shape_with(page, "Ben").Position.Y and anna < _shape_with(page, "Cleo").Position.Y,
           "Anna is not above Ben and Cleo")


def flowchart(doc):
    page = pages(doc)[0]
    steps = ["Order received", "Check stock", "Ship", "Done"]
    for step in steps:
        expect(step in texts_on(page), "no shape reads %r" % step)
    pairs = set(joined(page))
    missing = [(a, b) for a, b in zip(steps, steps[1:]) if (a, b) not in pairs]
    expect(not missing, "no connector from %r to %r" % missing[0] if missing else "")


def questions_with_content_layout(doc):
    expect(titles(doc) == TITLES, "the slides are %r" % titles(doc))
    expect(pages(doc)[3].Layout == 1, "slide 4's layout is %d, not title and content" % pages(doc)[3].Layout)


def timeline_after_plans(doc):
    expect(titles(doc) == ["Quarterly review", "Results", "Plans", "Timeline", "Questions"],
           "the slides are %r" % titles(doc))
    lines = body_lines(pages(doc)[3])
    expect(lines == ["Q1 hiring", "Q2 new office"], "the Timeline slide's bullets read %r" % lines)


def plans_copied(doc):
    expect(titles(doc) == ["Quarterly review", "Results", "Plans", "Plans", "Questions"],
           "the slides are %r" % titles(doc))
    expect(body_lines(pages(doc)[3]) == body_lines(pages(doc)[2]) == ["Open an office in the west",
                                                                       "Hire two engineers"],
           "the copy's bullets differ: %r" % body_lines(pages(doc)[3]))
    expect(notes(pages(doc)[3]) == "Mention the budget.", "the copy's notes read %r" % notes(pages(doc)[3]))


# --- tasks ------------------------------------------------------------------------------------------

TASKS = [
    Task("impress.title-slide", "structure",
         "Add a title slide at the very beginning: 'Annual meeting 2026', subtitle 'Board of directors'.", DECK,
         title_slide_first,
         plan=[("add_slides", {"outline": "# Annual meeting 2026\nLayout: title\nBoard of directors", "after_slide": 0})],
         wrong=[("add_slides", {"outline": "# Annual meeting 2026\nLayout: title\nBoard of directors"})]),
    Task("impress.report-to-slides", "structure", REPORT, "new deck", report_in_slides,
         plan=[("get_presentation", {}),
               ("add_slides", {"outline": "# Summary\n- Sales grew in every region\n- The northern region doubled "
                                          "its orders\n\n# Results\n- Revenue rose\n- Costs fell\n- Staff grew\n\n"
                                          "# Outlook\n- We expect steady growth next quarter"})],
         wrong=[("add_slides", {"outline": "# Report\n- Summary: sales grew\n- Results: revenue rose, costs fell, "
                                           "staff grew\n- Outlook: steady growth"})]),
    Task("impress.shorter-bullets", "text", "Make the bullets on slide 2 shorter, a few words each.", DECK,
         bullets_shorter,
         plan=[("get_presentation", {"from_slide": 2, "to_slide": 2}),
               ("edit_shape_text", {"slide": 2, "shape": 2, "new_text": "- Revenue up 12% on last year\n"
                                                                        "- Costs down: leaner warehouse\n"
                                                                        "- Staff up from 40 to 52"})],
         wrong=[("edit_shape_text", {"slide": 2, "shape": 2, "old_text": RESULTS[0], "new_text": "Revenue up 12%"})]),
    Task("impress.speaker-notes", "notes", "Add speaker notes to the Results slide: 'Thank the regional teams.'",
         DECK, notes_on_results,
         plan=[("edit_shape_text", {"slide": 2, "shape": "notes", "new_text": "Thank the regional teams."})],
         wrong=[("edit_shape_text", {"slide": 3, "shape": "notes", "new_text": "Thank the regional teams."})]),
    Task("impress.delete-slide", "structure", "Delete the Questions slide.", DECK, questions_deleted,
         plan=[("manage_slides", {"action": "delete", "slides": [4], "expected_titles": ["Questions"]})],
         wrong=[("manage_slides", {"action": "delete", "slides": [3]})]),
    Task("impress.move-slide", "structure", "Put the Plans slide before Results.", DECK, plans_before_results,
         plan=[("manage_slides", {"action": "move", "slides": [3], "to": 2, "expected_titles": ["Plans"]})],
         wrong=[("manage_slides", {"action": "move", "slides": [3], "to": 4})]),
    Task("impress.hide-slide", "structure", "Hide the Questions slide in the slide show, but keep it.", DECK,
         questions_hidden,
         plan=[("manage_slides", {"action": "hide", "slides": [4], "expected_titles": ["Questions"]})],
         wrong=[("manage_slides", {"action": "delete", "slides": [4]})]),
    Task("impress.retitle", "text", "Change the title of the Results slide to 'Results 2026'.", DECK, results_retitled,
         plan=[("edit_shape_text", {"slide": 2, "shape": "title", "old_text": "Results", "new_text": "Results 2026"})],
         wrong=[("add_slides", {"outline": "# Results 2026", "after_slide": 2})]),
    Task("impress.table", "objects",
         "Put a table of the regional sales on the Questions slide: North 120, South 80, West 95.", DECK, sales_table,
         plan=[("insert_object", {"slide": 4, "kind": "table", "source": SALES})],
         wrong=[("insert_object", {"slide": 3, "kind": "table", "source": SALES})]),
    Task("impress.chart", "objects",
         "Add a column chart of the sales by region (North 120, South 80, West 95) to the Questions slide.", DECK,
         sales_chart,
         plan=[("insert_object", {"slide": 4, "kind": "chart", "source": SALES, "chart_type": "column"})],
         wrong=[("insert_object", {"slide": 4, "kind": "chart", "source": SALES, "chart_type": "bar"})]),
    Task("impress.org-chart", "diagrams",
         "Draw an org chart on the Questions slide: Anna (CEO) at the top, Ben (CTO) and Cleo (CFO) under her.", DECK,
         org_chart,
         plan=[("make_diagram", {"slide": 4, "nodes": [{"id": "anna", "text": "Anna\nCEO"},
                                                        {"id": "ben", "text": "Ben\nCTO"},
                                                        {"id": "cleo", "text": "Cleo\nCFO"}],
                                 "edges": [{"source": "anna", "target": "ben"}, {"source": "anna", "target": "cleo"}]})],
         wrong=[("make_diagram", {"slide": 4, "nodes": [{"id": "anna", "text": "Anna\nCEO"},
                                                         {"id": "ben", "text": "Ben\nCTO"},
                                                         {"id": "cleo", "text": "Cleo\nCFO"}]})]),
    Task("impress.layout", "structure", "Give the Questions slide a title and content layout.", DECK,
         questions_with_content_layout,
         plan=[("manage_slides", {"action": "layout", "slides": [4], "layout": "title_content"})],
         wrong=[("manage_slides", {"action": "layout", "slides": [4], "layout": "title"})]),
    Task("impress.new-slide", "structure",
         "Add a slide after Plans called 'Timeline' with the points 'Q1 hiring' and 'Q2 new office'.", DECK,
         timeline_after_plans,
         plan=[("add_slides", {"outline": "# Timeline\n- Q1 hiring\n- Q2 new office", "after_slide": 3})],
         wrong=[("add_slides", {"outline": "# Timeline\n- Q1 hiring\n- Q2 new office", "after_slide": 4})]),
    Task("impress.duplicate", "structure", "Make a copy of the Plans slide right after it.", DECK, plans_copied,
         plan=[("manage_slides", {"action": "duplicate", "slides": [3], "expected_titles": ["Plans"]})],
         wrong=[("add_slides", {"outline": "# Plans\n- Open an office in the west\n- Hire two engineers",
                                "after_slide": 3})]),
    Task("draw.flowchart", "diagrams",
         "Draw a flowchart of our order process: Order received, then Check stock, then Ship, then Done.", "drawing",
         flowchart,
         plan=[("make_diagram", {"slide": 1, "direction": "right",
                                 "nodes": [{"id": "a", "text": "Order received", "shape": "ellipse"},
                                           {"id": "b", "text": "Check stock"}, {"id": "c", "text": "Ship"},
                                           {"id": "d", "text": "Done", "shape": "ellipse"}],
                                 "edges": [{"source": "a", "target": "b"}, {"source": "b", "target": "c"},
                                           {"source": "c", "target": "d"}]})],
         wrong=[("make_diagram", {"slide": 1, "direction": "right",
                                  "nodes": [{"id": "a", "text": "Order received"}, {"id": "b", "text": "Check stock"},
                                            {"id": "c", "text": "Ship"}, {"id": "d", "text": "Done"}],
                                  "edges": [{"source": "a", "target": "b"}, {"source": "b", "target": "c"}]})]),
]
