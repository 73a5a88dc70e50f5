"""list_styles, apply_style and format_text on real documents."""
from com.sun.star.awt.FontWeight import BOLD

from marginalia.ui.office.undo_keys import UndoKeys
from marginalia.ui.office.undo_step import UndoListener

from support.commands import press
from writer_docs import RED, YELLOW, block_mode_of, blocks, portions, select_in, snapshot


def test_list_styles_marks_used_ones_and_shows_localized_names(tools, sample):
    content = tools.ok("list_styles").content
    assert "* Heading 1" in content and "* Heading 2" in content
    assert "Standard (shown to the user as \u201cDefault Paragraph Style\u201d)" in content
    assert "  Quotations" in content
    assert "Heading 9" not in content and "Heading 9" in tools.ok("list_styles", all=True).content
    assert "Emphasis" in tools.ok("list_styles", family="character").content


def test_apply_style_by_name_or_localized_name(tools, sample):
    tools.ok("apply_style", style="Heading 2", paragraph=9, expected_start="We will")
    assert blocks(sample)[8].ParaStyleName == "Heading 2"
    tools.ok("apply_style", style="default paragraph style", paragraph=8)
    assert blocks(sample)[7].ParaStyleName == "Standard"


def test_apply_style_to_a_range_and_the_selection(tools, sample):
    tools.ok("apply_style", style="Quotations", paragraph=2, to_paragraph=4)
    assert [b.ParaStyleName for b in blocks(sample)[1:4]] == ["Quotations"] * 3
    cursor = select_in(sample, 9, "hire")
    sample.getCurrentController().select(cursor)
    tools.ok("apply_style", style="Title", selection=True)
    assert blocks(sample)[8].ParaStyleName == "Title"


def test_apply_style_refusals_change_nothing(tools, sample):
    before = snapshot(sample)
    outcome = tools.fails("apply_style", style="Heading 22", paragraph=2)
    assert "There is no paragraph style \u201cHeading 22\u201d" in outcome.content and "Did you mean" in outcome.content
    assert "does not start with" in tools.fails("apply_style", style="Title", paragraph=2,
                                                expected_start="Hello").content
    assert "is a table" in tools.fails("apply_style", style="Title", paragraph=7).content
    assert "Say where" in tools.fails("apply_style", style="Title").content
    assert snapshot(sample) == before


def test_format_text_bold_colour_highlight_everywhere(tools, sample):
    tools.ok("format_text", text="Micheal", all=True, color="red", highlight="none", bold=True)
    runs = portions(blocks(sample)[3])
    assert ("Micheal", True, False, None, RED) in runs
    assert ("Micheal", True, False, None, RED) in portions(blocks(sample)[1])
    cell = sample.getTextTables().getByIndex(0).getCellByName("A2")
    assert portions(list(cell.getText().createEnumeration())[0]) == [("Micheal", True, False, None, RED)]


def test_format_text_everywhere_keeps_other_formats_inside_matches_and_the_selection(tools, sample):
    partly = select_in(sample, 4, "Micheal")
    partly.collapseToStart()
    partly.goRight(2, False)
    partly.goRight(2, True)
    partly.setPropertyValue("CharColor", RED)  # "ch" of paragraph 4's Micheal
    sample.getCurrentController().select(select_in(sample, 2, "quarter"))
    tools.ok("format_text", text="Micheal", all=True, italic=True)
    assert portions(blocks(sample)[3])[3:6] == [("Mi", False, True, None, None), ("ch", False, True, None, RED),
                                              ("eal", False, True, None, None)]
    assert ("Micheal", True, True, YELLOW, None) in portions(blocks(sample)[1])
    cell = sample.getTextTables().getByIndex(0).getCellByName("A2")
    assert portions(list(cell.getText().createEnumeration())[0]) == [("Micheal", False, True, None, None)]
    assert sample.getCurrentController().getSelection().getByIndex(0).getString() == "quarter"


def test_format_everywhere_sets_each_found_place_and_declines_when_the_count_differs(sample):
    from marginalia.ui.writer.blocks import body_blocks
    from marginalia.ui.writer.format_all import format_everywhere
    from marginalia.ui.writer.locate import plain_matches
    matches = plain_matches(sample, body_blocks(sample), "Micheal")
    assert len(matches) == 3
    before = snapshot(sample)
    assert not format_everywhere(sample, matches[:2], "Micheal", {"CharColor": RED})
    assert snapshot(sample) == before
    assert format_everywhere(sample, matches, "Micheal", {"CharColor": RED, "CharWeight": 150.0})
    assert ("Micheal", True, False, None, RED) in portions(blocks(sample)[3])
    cell = sample.getTextTables().getByIndex(0).getCellByName("A2")
    assert portions(list(cell.getText().createEnumeration())[0]) == [("Micheal", True, False, None, RED)]


def test_format_text_everywhere_in_review_mode_tracks_each_place(tools, sample):
    tools.options["review_mode"] = True
    assert not sample.getRedlines().hasElements()
    tools.ok("format_text", text="Micheal", all=True, bold=True)
    changes = [(r.RedlineType, r.RedlineAuthor) for r in sample.getRedlines().createEnumeration()]
    assert changes == [("Format", "Marginalia (test-model)")] * 3
    assert ("Micheal", True, False, None, None) in portions(blocks(sample)[3])


def test_revert_of_a_format_on_many_places_leaves_the_user_s_own_selection(tools, sample):
    from marginalia.ui.office.undo import DocumentUndo, TurnStep, revert_turn
    before = snapshot(sample)
    controller = sample.getCurrentController()
    for made_in in (0.0, 1.0):  # a step quick to make (the views only locked), one that may be large
        controller.select(select_in(sample, 2, "quarter"))
        undo = DocumentUndo(sample)
        assert undo.run("bold every Micheal", lambda: tools.run("format_text", text="Micheal", all=True, bold=True)).ok
        assert revert_turn(sample, TurnStep(undo.title, made_in, in_place=True))
        assert snapshot(sample) == before
        selection = controller.getSelection()
        # LibreOffice's own undo selects the three places it unformatted
        assert selection.getCount() == 1 and selection.getByIndex(0).getString() == "quarter"


class _SelectionWhenUndone(UndoListener):
    """Counts the places LibreOffice's undo has selected when it reports the undo done."""

    def __init__(self, controller):
        self.controller, self.counts = controller, []

    def actionUndone(self, event):
        self.counts.append(self.controller.getSelection().getCount())


def test_revert_undoes_without_a_cursor_per_place_and_leaves_the_selection_mode(office, tools, sample):
    from marginalia.ui.office.undo_step import undo_step
    before, controller, manager = snapshot(sample), sample.getCurrentController(), sample.getUndoManager()
    counted = _SelectionWhenUndone(controller)
    manager.addUndoManagerListener(counted)
    try:
        for undo in (manager.undo, lambda: undo_step(sample, manager, in_place=True, many_places=True)):
            manager.enterUndoContext("bold every Micheal")
            tools.ok("format_text", text="Micheal", all=True, bold=True)
            manager.leaveUndoContext()
            undo()
            assert snapshot(sample) == before
    finally:
        manager.removeUndoManagerListener(counted)
    # LibreOffice's undo makes a cursor per place (each walks all the ones before it); in block mode one
    assert counted.counts == [3, 1]
    assert block_mode_of(sample) is False


def test_revert_keeps_a_user_in_block_selection_mode(office, tools, sample):
    from marginalia.ui.office.undo import DocumentUndo, TurnStep, revert_turn
    before, controller = snapshot(sample), sample.getCurrentController()
    press(office, sample, ".uno:SelectionModeBlock", SelectionModeBlock=True)
    assert block_mode_of(sample) is True
    for made_in in (0.0, 1.0):  # a step quick to make (undone in the usual mode), one that may be large
        undo = DocumentUndo(sample)
        assert undo.run("bold every Micheal", lambda: tools.run("format_text", text="Micheal", all=True, bold=True)).ok
        assert revert_turn(sample, TurnStep(undo.title, made_in, in_place=True))
        assert snapshot(sample) == before and block_mode_of(sample) is True


class _SelectionWhenRedone(_SelectionWhenUndone):
    def actionRedone(self, event):
        self.counts.append(self.controller.getSelection().getCount())


def test_ctrl_z_and_ctrl_y_of_a_turn_undo_as_revert_does(office, tools, sample):
    from marginalia.ui.office.undo import DocumentUndo
    before, controller, manager = snapshot(sample), sample.getCurrentController(), sample.getUndoManager()
    controller.select(select_in(sample, 2, "quarter"))
    keys = UndoKeys()
    undo = DocumentUndo(sample)
    keys.cover(sample, undo)  # as a turn or an agent's first change does
    keys.cover(sample, undo)
    assert keys.covers(sample) and len(keys) == 1
    assert undo.run("bold every Micheal", lambda: tools.run("format_text", text="Micheal", all=True, bold=True)).ok
    after = snapshot(sample)
    counted = _SelectionWhenRedone(controller)
    manager.addUndoManagerListener(counted)
    try:
        press(office, sample, ".uno:Undo")
        assert snapshot(sample) == before and controller.getSelection().getByIndex(0).getString() == "quarter"
        press(office, sample, ".uno:Redo")
        assert snapshot(sample) == after and controller.getSelection().getByIndex(0).getString() == "quarter"
    finally:
        manager.removeUndoManagerListener(counted)
    # one cursor inside the undo and the redo (LibreOffice's own makes one per place: 3 and more)
    assert counted.counts == [1, 1]
    assert block_mode_of(sample) is False and manager.getCurrentUndoActionTitle() == undo.title


def test_ctrl_z_of_the_user_s_own_step_and_of_several_steps_stays_libreoffice_s(office, tools, sample):
    from marginalia.ui.office.undo import DocumentUndo
    before, controller, manager = snapshot(sample), sample.getCurrentController(), sample.getUndoManager()
    undo = DocumentUndo(sample)
    UndoKeys().cover(sample, undo)
    assert undo.run("bold every Micheal", lambda: tools.run("format_text", text="Micheal", all=True, bold=True)).ok
    turn = snapshot(sample)
    for step in ("mine", "mine again"):
        manager.enterUndoContext(step)
        tools.ok("format_text", text="Micheal", all=True, italic=True)
        manager.leaveUndoContext()
    counted = _SelectionWhenUndone(controller)
    manager.addUndoManagerListener(counted)
    try:
        press(office, sample, ".uno:Undo", Undo=2)  # the toolbar's list: two steps at once
        assert snapshot(sample) == turn
        press(office, sample, ".uno:Undo")
        assert snapshot(sample) == before
    finally:
        manager.removeUndoManagerListener(counted)
    # the user's steps undone by LibreOffice (a cursor per place), the turn's as Revert does
    assert counted.counts[-1] == 1 and all(count >= 3 for count in counted.counts[:-1])
    assert len(counted.counts) == 3


def test_undo_keys_forget_a_frame_that_goes_and_leave_other_documents_alone(office):
    keys = UndoKeys()
    writer, calc = office.new_document("swriter"), office.new_document("scalc")
    try:
        keys.cover(writer)
        keys.cover(calc)  # Calc's own undo is left as it is
        assert keys.covers(writer) and not keys.covers(calc) and len(keys) == 1
    finally:
        office.close_document(writer)
        office.close_document(calc)
    assert len(keys) == 0


def test_several_steps_from_the_toolbar_s_list_with_a_turn_s_undo_as_revert_does(office, tools, sample):
    from marginalia.ui.office.undo import DocumentUndo
    before, controller, manager = snapshot(sample), sample.getCurrentController(), sample.getUndoManager()
    controller.select(select_in(sample, 2, "quarter"))
    undo = DocumentUndo(sample)
    UndoKeys().cover(sample, undo)
    assert undo.run("bold every Micheal", lambda: tools.run("format_text", text="Micheal", all=True, bold=True)).ok
    manager.enterUndoContext("mine")
    tools.ok("format_text", text="Micheal", all=True, italic=True)
    manager.leaveUndoContext()
    assert list(manager.getAllUndoActionTitles())[:2] == ["mine", undo.title]  # the newest first
    press(office, sample, ".uno:Undo", Undo=2)  # the toolbar's list: the user's step and the turn's
    assert snapshot(sample) == before
    selection = controller.getSelection()
    assert selection.getCount() == 1 and selection.getByIndex(0).getString() == "quarter"
    press(office, sample, ".uno:Redo", Redo=2)
    assert manager.getCurrentUndoActionTitle() == "mine" and controller.getSelection().getCount() == 1


def test_an_undo_through_the_api_is_libreoffice_s_own(office, tools, sample):
    from marginalia.ui.office.undo import DocumentUndo
    before, controller = snapshot(sample), sample.getCurrentController()
    undo = DocumentUndo(sample)
    UndoKeys().cover(sample, undo)
    assert undo.run("bold every Micheal", lambda: tools.run("format_text", text="Micheal", all=True, bold=True)).ok
    sample.getUndoManager().undo()  # as a macro would: no listener of ours slows every edit to catch it
    assert snapshot(sample) == before
    assert controller.getSelection().getCount() == 3  # LibreOffice's undo selects the places it unformatted


def test_revert_and_undo_in_a_hidden_document(office):
    from marginalia.ui.office.undo import DocumentUndo, revert_turn
    from writer_docs import Tools, make_sample
    hidden = office.new_document("swriter", hidden=True)
    try:
        make_sample(hidden)
        before, tools = snapshot(hidden), Tools(office, hidden)
        for undo_it in (lambda undo: revert_turn(hidden, undo.step), lambda undo: hidden.getUndoManager().undo()):
            undo = DocumentUndo(hidden)
            assert undo.run("bold", lambda: tools.run("format_text", text="Micheal", all=True, bold=True)).ok
            assert snapshot(hidden) != before
            undo_it(undo)
            assert snapshot(hidden) == before
    finally:
        office.close_document(hidden)


def test_format_text_size_font_style_and_removal(tools, sample):
    tools.ok("format_text", text="Micheal Smith", paragraph=2, bold=False, highlight="none", font_size=14,
             font="DejaVu Sans", char_style="Emphasis")
    portion = [p for p in blocks(sample)[1].createEnumeration() if p.getString() == "Micheal Smith"][0]
    assert portion.CharWeight < BOLD and portion.CharHeight == 14.0 and portion.CharFontName == "DejaVu Sans"
    assert portion.CharStyleName == "Emphasis" and portion.CharBackTransparent


def test_format_text_refusals(tools, sample):
    before = snapshot(sample)
    assert "unknown colour" in tools.fails("format_text", text="Micheal Smith", paragraph=2, color="blurple").content
    assert "Say what to change" in tools.fails("format_text", text="Micheal Smith", paragraph=2).content
    assert "occurs 3 times" in tools.fails("format_text", text="Micheal", bold=True).content
    assert "no character style" in tools.fails("format_text", text="Smith", char_style="Loud").content
    assert snapshot(sample) == before
    assert portions(blocks(sample)[1])[1] == ("Micheal Smith", True, False, YELLOW, None)


def test_apply_style_says_when_direct_formatting_hides_it_and_clears_it_on_request(tools, sample):
    # paragraph 2, "Dear Micheal Smith, …", has "Micheal Smith" bold and highlighted directly
    content = tools.ok("apply_style", style="Quotations", paragraph=2).content
    assert "direct formatting still overrides the style in paragraph 2 (bold, highlight)" in content
    assert "clear_direct_formatting=true" in content
    assert blocks(sample)[1].ParaStyleName == "Quotations"
    assert ("Micheal Smith", True, False, YELLOW, None) in portions(blocks(sample)[1])  # nothing cleared unasked
    cleared = tools.ok("apply_style", style="Quotations", paragraph=2, clear_direct_formatting=True).content
    assert "Direct formatting was cleared" in cleared and "overrides" not in cleared
    paragraph = blocks(sample)[1]
    assert portions(paragraph) == [("Dear Micheal Smith, this report covers the first quarter.", False, False, None,
                                    None)]
    assert paragraph.ParaStyleName == "Quotations"


def test_apply_style_to_plain_paragraphs_says_nothing_about_overrides(tools, sample):
    content = tools.ok("apply_style", style="Quotations", paragraph=9).content
    assert "overrides" not in content
