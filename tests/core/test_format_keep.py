"""Planning minimal edits so unchanged words keep their formatting."""
import random

from marginalia.core.text.format_keep import Edit, align, plan_edits, tokenize


def apply_edits(old, edits):
    """``old`` with ``edits`` applied: what the document reads afterwards."""
    result = old
    for edit in sorted(edits, key=lambda e: e.start, reverse=True):
        result = result[:edit.start] + edit.text + result[edit.end:]
    return result


def test_tokens_rebuild_the_text():
    text = "Hello, Micheal!\n  Next\tline\u2026 42%"
    assert "".join(tokenize(text)) == text


def test_single_word_fix_touches_only_that_word():
    old = "Dear Micheal Smith, thanks."
    edits = plan_edits(old, "Dear Michael Smith, thanks.")
    assert edits == [Edit(5, 12, "Michael")]


def test_identical_texts_need_no_edits_even_with_straight_quotes():
    old = "It\u2019s \u201cfine\u201d"
    assert plan_edits(old, "It's \"fine\"") == []


def test_insertion_and_deletion():
    old = "one two three"
    assert apply_edits(old, plan_edits(old, "one and two")) == "one and two"
    assert any(e.start == e.end for e in plan_edits(old, "one big two three"))


def test_changed_run_is_spread_over_old_words():
    old = "alpha beta gamma"
    edits = plan_edits(old, "one two three")
    assert [old[e.start:e.end] for e in edits] == ["alpha", "beta", "gamma"]
    assert [e.text for e in edits] == ["one", "two", "three"]


def test_paragraph_breaks_are_kept_when_unchanged():
    old = "First para.\nSecond para."
    edits = plan_edits(old, "First paragraph.\nSecond para.")
    assert all("\n" not in old[e.start:e.end] for e in edits)


def test_random_rewrites_always_rebuild_the_new_text():
    rng = random.Random(7)
    words = ["a", "b", "Micheal", "\u201cq\u201d", ",", " ", "  ", "\n", "x-y", "\u00e9t\u00e9"]
    for _ in range(300):
        old = "".join(rng.choice(words) for _ in range(rng.randint(0, 25)))
        new = "".join(rng.choice(words) for _ in range(rng.randint(0, 25)))
        edits = plan_edits(old, new)
        result = apply_edits(old, edits)
        assert result.replace("\u201c", '"').replace("\u201d", '"') == new.replace("\u201c", '"').replace(
            "\u201d", '"'), (old, new, edits)
        spans = [(e.start, e.end) for e in edits]
        assert spans == sorted(spans) and all(a[1] <= b[0] for a, b in zip(spans, spans[1:]))


def test_align_covers_both_texts_in_order():
    old, new = "Dear Micheal Smith, thanks.", "Dear Michael Smith, many thanks."
    pieces = align(old, new)
    assert "".join(old[a1:a2] for _, a1, a2, _, _ in pieces) == old
    assert "".join(new[b1:b2] for _, _, _, b1, b2 in pieces) == new
    assert (True, 0, 5, 0, 5) in pieces
    assert any(not same and old[a1:a2] == "Micheal" and new[b1:b2] == "Michael" for same, a1, a2, b1, b2 in pieces)
