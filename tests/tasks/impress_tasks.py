"""Impress and Draw tasks: what people ask of a deck or a drawing, with reference plans and checkers.

The deck (documents.py) holds 1 "Quarterly review" (title slide, subtitle "Sales team"), 2 "Results"
(three long bullets), 3 "Plans" (two bullets, notes "Mention the budget."), 4 "Questions" (title
only); each slide's shape 1 is its title and shape 2 its body. "new deck" is a new presentation with
its one empty slide; "drawing" an empty drawing; odfpy-ol.odp (the corpus) one slide of nested bullets.
"""
from __future__ import annotations

from .checks import (body_levels, body_lines, charts, expect, joined, kind, labels, notes, pages, shapes, slide_titled,
                     texts_on, title, titles)
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
LOGO = ("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJ"
        "RU5ErkJggg==")
PLANS = ["Open an office in the west", "Hire two engineers"]
NUMBERS = [("Eins", 0), ("Tsvey", 0), ("Dray", 1), ("Fir", 1), ("Finf", 0)]
"""The first bullets of odfpy-ol.odp's one slide (Yiddish numbers), with their list levels; "Zeks" follows."""


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


def _fade():
    import uno
    return (uno.getConstantByName("com.sun.star.animations.TransitionType.FADE"),
            uno.getConstantByName("com.sun.star.animations.TransitionSubType.CROSSFADE"))


def fade_everywhere(doc):
    found = [(page.TransitionType, page.TransitionSubtype) for page in pages(doc)]
    expect(found == [_fade()] * 4, "the slides' transitions (type, subtype): %r" % found)


def plans_notes_replaced(doc):
    expect(notes(slide_titled(doc, "Plans")) == "Mention the new hires.", "the Plans slide's notes read %r"
           % notes(slide_titled(doc, "Plans")))
    expect(notes(slide_titled(doc, "Results")) == "", "the Results slide got notes")


def subtitle_changed(doc):
    first = pages(doc)[0]
    expect(title(first) == "Quarterly review", "the title reads %r" % title(first))
    expect(body_lines(first) == ["Sales and marketing"], "the subtitle reads %r" % body_lines(first))


def bullet_added(doc):
    lines = body_lines(slide_titled(doc, "Plans"))
    expect(lines == PLANS + ["Train new managers"], "the Plans slide's bullets read %r" % lines)


def sub_point_added(doc):
    found = body_levels(slide_titled(doc, "Plans"))
    expect(found == [(PLANS[0], 0), (PLANS[1], 0), ("one for the west office", 1)],
           "the Plans slide's bullets (text, level): %r" % found)


def closing_slide(doc):
    expect(titles(doc) == TITLES + ["Thank you"], "the slides are %r" % titles(doc))


def two_deleted(doc):
    expect(titles(doc) == TITLES[:2], "the slides are %r" % titles(doc))


def questions_second(doc):
    expect(titles(doc) == ["Quarterly review", "Questions", "Results", "Plans"], "the order is %r" % titles(doc))


def logo_top_right(doc):
    page = pages(doc)[0]
    images = [s for s in shapes(page) if kind(s) == "GraphicObjectShape"]
    expect(images, "the title slide has no picture")
    box = images[0]
    expect(box.Position.X >= page.Width // 2 and box.Position.Y + box.Size.Height <= page.Height // 3,
           "the picture is not in the top right corner (at %d, %d)" % (box.Position.X, box.Position.Y))


def results_grow(doc):
    body = [s for s in shapes(pages(doc)[1]) if kind(s) == "OutlinerShape"][0]
    expect(body.TextFitToSize.value == "NONE", "the body's text still shrinks (%s)" % body.TextFitToSize.value)
    expect(body.TextAutoGrowHeight, "the body's box does not grow with its text")
    expect(body_lines(pages(doc)[1]) == RESULTS, "the bullets changed")


def subtitle_lower(doc):
    subtitle = [s for s in shapes(pages(doc)[0]) if kind(s) == "SubtitleShape"][0]
    expect(abs(subtitle.Position.Y - 12000) <= 50, "the subtitle's top is at %.2f cm" % (subtitle.Position.Y / 1000))


def team_chart(doc):
    page = pages(doc)[0]
    pairs = set(joined(page))
    wanted = {("Dana", "Eli"), ("Dana", "Finn"), ("Eli", "Gus")}
    expect(wanted <= pairs and ("Finn", "Gus") not in pairs, "the connectors join %r" % sorted(pairs))
    tops = {text: _shape_with(page, text).Position.Y for text in ("Dana", "Eli", "Gus")}
    expect(tops["Dana"] < tops["Eli"] < tops["Gus"], "the levels are not top down: %r" % tops)


def labelled_flowchart(doc):
    page = pages(doc)[0]
    found = set(labels(page))
    expect({("Check", "Done", "ok"), ("Check", "Fix", "not ok")} <= found, "the labelled connectors: %r" % found)
    expect({("Start", "Check"), ("Fix", "Check")} <= set(joined(page)), "the connectors join %r" % joined(page))


def pie_slide(doc):
    expect(titles(doc) == TITLES + ["Sales by region"], "the slides are %r" % titles(doc))
    found = charts(pages(doc)[-1])
    expect(found, "the last slide has no chart")
    model = found[0].Model
    expect(model.getDiagram().getDiagramType() == "com.sun.star.chart.PieDiagram", "the chart is a %s"
           % model.getDiagram().getDiagramType())
    expect([list(row) for row in model.getData().getData()] == [[120.0], [80.0], [95.0]], "the chart's values differ")


def word_fixed_levels_kept(doc):
    found = body_levels(pages(doc)[0])
    expect(not any("Zeks" in text for text, _ in found), "'Zeks' is still there")
    expect(found[:5] == NUMBERS and found[5] == ("Sechs", 0), "the bullets begin %r" % found[:6])
    expect(found[6:9] == [("Zibn", 1), ("Akht", 1), ("Nayn", 2)], "the list levels after it changed: %r" % found[6:9])


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
    Task("impress.transitions", "structure", "Add a fade transition to every slide.", DECK, fade_everywhere,
         plan=[("manage_slides", {"action": "transition", "slides": [1, 2, 3, 4], "transition": "fade"})],
         wrong=[("manage_slides", {"action": "transition", "slides": [1], "transition": "fade"})]),
    Task("impress.replace-notes", "notes", "Replace the speaker notes of the Plans slide with 'Mention the new hires.'",
         DECK, plans_notes_replaced,
         plan=[("edit_shape_text", {"slide": 3, "shape": "notes", "new_text": "Mention the new hires."})],
         wrong=[("edit_shape_text", {"slide": 2, "shape": "notes", "new_text": "Mention the new hires."})]),
    Task("impress.subtitle", "text", "Change the subtitle of the title slide to 'Sales and marketing'.", DECK,
         subtitle_changed,
         plan=[("edit_shape_text", {"slide": 1, "shape": 2, "new_text": "Sales and marketing"})],
         wrong=[("edit_shape_text", {"slide": 1, "shape": 1, "new_text": "Sales and marketing"})]),
    Task("impress.add-bullet", "text", "Add the point 'Train new managers' to the Plans slide.", DECK, bullet_added,
         plan=[("edit_shape_text", {"slide": 3, "shape": 2, "new_text": "- Open an office in the west\n"
                                                                        "- Hire two engineers\n- Train new managers"})],
         wrong=[("edit_shape_text", {"slide": 3, "shape": 2, "new_text": "- Train new managers"})]),
    Task("impress.sub-point", "text",
         "Under 'Hire two engineers' on the Plans slide, add the sub-point 'one for the west office'.", DECK,
         sub_point_added,
         plan=[("edit_shape_text", {"slide": 3, "shape": 2, "new_text": "- Open an office in the west\n"
                                                                        "- Hire two engineers\n"
                                                                        "  - one for the west office"})],
         wrong=[("edit_shape_text", {"slide": 3, "shape": 2, "new_text": "- Open an office in the west\n"
                                                                         "- Hire two engineers\n"
                                                                         "- one for the west office"})]),
    Task("impress.closing-slide", "structure", "Add a closing slide at the end that just says 'Thank you'.", DECK,
         closing_slide,
         plan=[("add_slides", {"outline": "# Thank you\nLayout: title_only"})],
         wrong=[("add_slides", {"outline": "# Thank you\nLayout: title_only", "after_slide": 0})]),
    Task("impress.delete-two", "structure", "Delete the Plans and Questions slides.", DECK, two_deleted,
         plan=[("manage_slides", {"action": "delete", "slides": [3, 4], "expected_titles": ["Plans", "Questions"]})],
         wrong=[("manage_slides", {"action": "delete", "slides": [4]})]),
    Task("impress.questions-second", "structure", "Make Questions the second slide.", DECK, questions_second,
         plan=[("manage_slides", {"action": "move", "slides": [4], "to": 2, "expected_titles": ["Questions"]})],
         wrong=[("manage_slides", {"action": "move", "slides": [4], "to": 1})]),
    Task("impress.logo", "objects", "Put this logo on the title slide, small, in the top right corner: " + LOGO, DECK,
         logo_top_right,
         plan=[("insert_object", {"slide": 1, "kind": "image", "source": LOGO, "x_cm": 24, "y_cm": 1, "width_cm": 2.5,
                                  "height_cm": 2.5})],
         wrong=[("insert_object", {"slide": 1, "kind": "image", "source": LOGO, "x_cm": 1, "y_cm": 1, "width_cm": 2.5,
                                   "height_cm": 2.5})]),
    Task("impress.grow-box", "layout",
         "The bullets on slide 2 are shrunk to fit their box; keep their size and let the box grow with the text.",
         DECK, results_grow,
         plan=[("arrange_shape", {"slide": 2, "shape": 2, "text_fit": "grow"})],
         wrong=[("arrange_shape", {"slide": 2, "shape": 2, "text_fit": "none"})]),
    Task("impress.move-subtitle", "layout",
         "Move the subtitle on the first slide down so that its top is 12 cm from the top of the slide.", DECK,
         subtitle_lower,
         plan=[("arrange_shape", {"slide": 1, "shape": 2, "y_cm": 12})],
         wrong=[("arrange_shape", {"slide": 1, "shape": 2, "x_cm": 12})]),
    Task("draw.team-chart", "diagrams",
         "Draw our team as an org chart: Dana leads; Eli and Finn report to her; Gus reports to Eli.", "drawing",
         team_chart,
         plan=[("make_diagram", {"slide": 1, "nodes": [{"id": "dana", "text": "Dana"}, {"id": "eli", "text": "Eli"},
                                                        {"id": "finn", "text": "Finn"}, {"id": "gus", "text": "Gus"}],
                                 "edges": [{"source": "dana", "target": "eli"}, {"source": "dana", "target": "finn"},
                                           {"source": "eli", "target": "gus"}]})],
         wrong=[("make_diagram", {"slide": 1, "nodes": [{"id": "dana", "text": "Dana"}, {"id": "eli", "text": "Eli"},
                                                         {"id": "finn", "text": "Finn"}, {"id": "gus", "text": "Gus"}],
                                  "edges": [{"source": "dana", "target": "eli"}, {"source": "dana", "target": "finn"},
                                            {"source": "finn", "target": "gus"}]})]),
    Task("draw.labelled-flowchart", "diagrams",
         "Draw a flowchart: Start leads to Check; from Check, 'ok' leads to Done and 'not ok' leads to Fix, and Fix "
         "goes back to Check.", "drawing", labelled_flowchart,
         plan=[("make_diagram", {"slide": 1, "direction": "right",
                                 "nodes": [{"id": "start", "text": "Start", "shape": "ellipse"},
                                           {"id": "check", "text": "Check"}, {"id": "fix", "text": "Fix"},
                                           {"id": "done", "text": "Done", "shape": "ellipse"}],
                                 "edges": [{"source": "start", "target": "check"},
                                           {"source": "check", "target": "done", "label": "ok"},
                                           {"source": "check", "target": "fix", "label": "not ok"},
                                           {"source": "fix", "target": "check"}]})],
         wrong=[("make_diagram", {"slide": 1, "direction": "right",
                                  "nodes": [{"id": "start", "text": "Start"}, {"id": "check", "text": "Check"},
                                            {"id": "fix", "text": "Fix"}, {"id": "done", "text": "Done"}],
                                  "edges": [{"source": "start", "target": "check"},
                                            {"source": "check", "target": "done"}, {"source": "check", "target": "fix"},
                                            {"source": "fix", "target": "check"}]})]),
    Task("impress.pie-slide", "objects",
         "Add a slide 'Sales by region' at the end with a pie chart of North 120, South 80 and West 95.", DECK,
         pie_slide,
         plan=[("add_slides", {"outline": "# Sales by region\nLayout: title_only"}),
               ("insert_object", {"slide": 5, "kind": "chart", "source": SALES, "chart_type": "pie"})],
         wrong=[("add_slides", {"outline": "# Sales by region\nLayout: title_only"}),
                ("insert_object", {"slide": 5, "kind": "chart", "source": SALES, "chart_type": "column"})]),
    Task("impress.fix-word-keep-levels", "text", "On the slide, 'Zeks' should be 'Sechs'.", "odfpy-ol.odp",
         word_fixed_levels_kept,
         plan=[("get_presentation", {}),
               ("edit_shape_text", {"slide": 1, "shape": 2, "old_text": "Zeks", "new_text": "Sechs"})],
         wrong=[("edit_shape_text", {"slide": 1, "shape": 2, "new_text": "- Eins\n- Tsvey\n- Dray\n- Fir\n- Finf\n"
                                                                         "- Sechs\n- Zibn\n- Akht\n- Nayn\n- Tsen"})]),
]
