"""A transcript stored as (kind, label, body) segments and restored looks exactly the same."""
from marginalia.core.chat.transcript import Transcript


class Mirror:
    """A text field stand-in applying edits by UTF-16 offsets, as the office's controls do."""

    def __init__(self):
        self.units = ""

    def apply(self, edit):
        data = self.units.encode("utf-16-le")
        data = data[:edit.start * 2] + edit.text.encode("utf-16-le") + data[edit.end * 2:]
        self.units = data.decode("utf-16-le")


def mirrored():
    transcript, mirror = Transcript(), Mirror()
    transcript.subscribe(mirror.apply)
    return transcript, mirror


def _sample():
    transcript = Transcript()
    transcript.add("user", "You", "Fix the typos 🙂")
    thinking = transcript.add("thinking", "Thinking", "The user wants…")
    transcript.add("tool", "Action", "replace text: 3 replacements")
    answer = transcript.add("answer", "Marginalia")
    transcript.append(answer, "Done")
    transcript.append(answer, ": 3 words.")
    transcript.collapse(thinking, "(3 words of thinking)")
    return transcript


def test_segments_give_kind_label_and_full_body():
    assert _sample().segments() == [
        ("user", "You", "Fix the typos 🙂"), ("thinking", "Thinking", "The user wants…"),
        ("tool", "Action", "replace text: 3 replacements"), ("answer", "Marginalia", "Done: 3 words.")]


def test_restore_rebuilds_the_same_text_in_one_edit():
    original = _sample()
    original.expand(original.segment_ids()[1])
    transcript, mirror = mirrored()
    transcript.add("notice", "Note", "old text to be replaced")
    edits = []
    transcript.subscribe(edits.append)
    ids = transcript.restore(original.segments())
    assert transcript.text() == original.text() == mirror.units
    assert len(edits) == 1 and len(transcript) == len(original)
    assert [transcript.kind(seg_id) for seg_id in ids] == ["user", "thinking", "tool", "answer"]


def test_restored_segments_keep_working():
    transcript, mirror = mirrored()
    ids = transcript.restore(_sample().segments())
    transcript.append(ids[0], " please")
    transcript.collapse(ids[1], "(hidden)")
    later = transcript.add("answer", "Marginalia", "More.")
    transcript.append(ids[3], " Also fixed 'teh'.")
    assert mirror.units == transcript.text()
    assert transcript.segments()[0] == ("user", "You", "Fix the typos 🙂 please")
    assert transcript.body(later) == "More."


def test_restore_of_nothing_empties_and_cleans_control_characters():
    transcript, mirror = mirrored()
    transcript.add("user", "You", "hello")
    transcript.restore([])
    assert transcript.text() == "" == mirror.units and len(transcript) == 0
    transcript.restore([("user", "Y\x00ou", "a\r\nb\x07")])
    assert transcript.text() == "You\na\nb" == mirror.units
