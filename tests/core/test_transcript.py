"""The transcript's edits, applied one by one, always rebuild exactly its text."""
import random

from marginalia.core.chat.transcript import Transcript, utf16_len


class Mirror:
    """A text field stand-in: applies edits by UTF-16 offsets, as the office's controls do."""

    def __init__(self):
        self.units = ""  # text encoded as UTF-16-LE, 2 bytes per unit

    def apply(self, edit):
        data = self.units.encode("utf-16-le")
        data = data[:edit.start * 2] + edit.text.encode("utf-16-le") + data[edit.end * 2:]
        self.units = data.decode("utf-16-le")


def mirrored():
    transcript, mirror = Transcript(), Mirror()
    transcript.subscribe(mirror.apply)
    return transcript, mirror


def test_labelled_segments_separated_by_blank_line():
    transcript, mirror = mirrored()
    transcript.add("user", "You", "Fix the typos.")
    answer = transcript.add("answer", "Marginalia")
    transcript.append(answer, "Done")
    transcript.append(answer, ".")
    assert transcript.text() == "You\nFix the typos.\n\nMarginalia\nDone."
    assert mirror.units == transcript.text()


def test_append_to_earlier_segment_shifts_later_ones():
    transcript, mirror = mirrored()
    thinking = transcript.add("thinking", "Thinking")
    answer = transcript.add("answer", "Marginalia", "Hi")
    transcript.append(thinking, "hmm 🤔")
    transcript.append(answer, " there")
    assert transcript.text() == "Thinking\nhmm 🤔\n\nMarginalia\nHi there"
    assert mirror.units == transcript.text()
    assert len(transcript) == utf16_len(transcript.text())


def test_collapse_and_expand_keep_the_body():
    transcript, mirror = mirrored()
    thinking = transcript.add("thinking", "Thinking", "long reasoning text")
    transcript.add("answer", "Marginalia", "Answer")
    transcript.collapse(thinking, "(3 words, collapsed)")
    assert "long reasoning" not in transcript.text()
    transcript.append(thinking, " more")
    assert mirror.units == transcript.text()
    transcript.expand(thinking)
    assert transcript.body(thinking) == "long reasoning text more"
    assert "long reasoning text more" in mirror.units
    assert mirror.units == transcript.text()


def test_carriage_returns_and_controls_are_cleaned():
    transcript, mirror = mirrored()
    seg = transcript.add("answer", "Marginalia", "a\r\nb\rc\x00d\x1b")
    assert transcript.body(seg) == "a\nb\ncd"
    assert mirror.units == transcript.text()


def test_random_operations_stay_in_sync():
    rng = random.Random(7)
    alphabet = ["a", "b", " ", "\n", "é", "😀", "中"]
    transcript, mirror = mirrored()
    ids = []
    for _ in range(2000):
        action = rng.random()
        if action < 0.1 or not ids:
            ids.append(transcript.add(rng.choice(["user", "answer", "tool"]), "L%d" % len(ids)))
        elif action < 0.8:
            transcript.append(rng.choice(ids), "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 5))))
        elif action < 0.9:
            transcript.replace_body(rng.choice(ids), "x" * rng.randint(0, 3))
        elif action < 0.95:
            transcript.collapse(rng.choice(ids), "(collapsed)")
        else:
            seg = rng.choice(ids)
            if transcript.is_collapsed(seg):
                transcript.expand(seg)
    assert mirror.units == transcript.text()
    transcript.clear()
    assert mirror.units == "" and len(transcript) == 0


def test_very_long_lines_are_broken_before_the_office_would():
    from marginalia.core.chat.transcript import MAX_LINE
    transcript, mirror = mirrored()
    seg = transcript.add("answer", "Marginalia")
    for _ in range(50):
        transcript.append(seg, "word " * 200)  # 1,000 characters at a time, no line break
    lines = transcript.text().split("\n")
    assert max(len(line) for line in lines) <= MAX_LINE
    assert transcript.body(seg).replace("\n", "") == "word " * 10000
    assert mirror.units == transcript.text()
    transcript.replace_body(seg, "x" * (MAX_LINE * 2 + 5))
    assert [len(line) for line in transcript.body(seg).split("\n")] == [MAX_LINE, MAX_LINE, 5]
    assert mirror.units == transcript.text()
