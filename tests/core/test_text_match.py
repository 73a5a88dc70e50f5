"""Matching the text a model names against document text (the edit-conflict guard's core)."""
from marginalia.core.text.match import (cannot_hold, context_around, find_all, fold, is_normal, normalize, quote,
                                        same_text)


def test_fold_keeps_length_and_maps_typography():
    text = "\u201cIt\u2019s\u201d \u2013 ok\u00a0now"
    assert fold(text) == "\"It's\" - ok now"
    assert len(fold(text)) == len(text)


def test_normalize_collapses_spaces_and_maps_back():
    norm = normalize("a  b\n\nc\u00adde")
    assert norm.text == "a b cde"
    assert norm.span(2, 7) == (3, 10)  # "b\n\nc\u00adde" in the original


def test_straight_quotes_find_typographic_text():
    doc = "She said \u201cHello\u201d to Micheal\u2019s dog."
    [(start, end)] = find_all(doc, "said \"Hello\" to Micheal's")
    assert doc[start:end] == "said \u201cHello\u201d to Micheal\u2019s"


def test_changed_words_do_not_match():
    assert find_all("The quick brown fox", "The quick red fox") == []
    assert not same_text("The quick brown fox", "The quick red fox")
    assert same_text("The  quick\u00a0brown fox ", "The quick brown fox")


def test_case_and_whole_words():
    doc = "Ann and ANN and Annabel"
    assert len(find_all(doc, "ann")) == 0
    assert len(find_all(doc, "ann", match_case=False)) == 3
    assert [doc[s:e] for s, e in find_all(doc, "ann", match_case=False, whole_words=True)] == ["Ann", "ANN"]


def test_matches_do_not_overlap_and_empty_needle_matches_nothing():
    assert find_all("aaaa", "aa") == [(0, 2), (2, 4)]
    assert find_all("text", "   ") == []


def test_match_across_paragraph_break_given_as_space():
    doc = "End of one.\nStart of two."
    [(start, end)] = find_all(doc, "one. Start")
    assert doc[start:end] == "one.\nStart"


def test_quote_and_context_stay_on_one_line():
    assert quote("a\nb") == "\u201ca \u23ce b\u201d"
    long = quote("x" * 300, limit=50)
    assert len(long) < 70 and "[…]" in long
    text = "word " * 30 + "TARGET" + " word" * 30
    start = text.index("TARGET")
    shown = context_around(text, start, start + 6, width=20)
    assert "[[TARGET]]" in shown and shown.startswith("…") and shown.endswith("…")


def test_a_match_ends_at_its_last_character_not_after_what_follows_unseen():
    """Offsets written out by hand: a soft hyphen, a zero-width space or a second space after the match
    (or before it) stays outside it."""
    assert find_all("ab\u00ad c", "ab") == [(0, 2)]
    assert find_all("x ab\u200b", "ab") == [(2, 4)]
    assert find_all("a b  c", "b") == [(2, 3)]
    assert find_all("\u00adab", "ab") == [(1, 3)]
    assert find_all("a\u00adb c", "ab") == [(0, 3)]  # inside it, it is part of it
    assert normalize("a  b\u200b").span(2, 3) == (3, 4)


def test_an_empty_slice_maps_to_an_empty_span_at_its_place():
    assert normalize("a  b").span(2, 2) == (3, 3)
    assert normalize("ab").span(1, 1) == (1, 1)


def test_a_compatibility_character_that_keeps_the_length_is_found_by_its_canonical_form():
    """NFC turns the Ohm sign into the Greek Omega, one character for one: offsets stay exact."""
    assert find_all("10 \u2126 resistor", "10 \u03a9") == [(0, 4)]
    assert find_all("Cafe\u0301 au lait", "au") == [(6, 8)]  # NFC would shorten it: offsets kept as they are


def test_same_text_is_exact_about_letter_case_and_true_for_identical_text():
    assert same_text("Micheal Smith", "Micheal Smith")
    assert not same_text("Micheal smith", "Micheal Smith")


def _find_all_without_prefilter(haystack, needle):
    target = normalize(needle).text.strip()
    source = normalize(haystack)
    found, at = [], source.text.find(target)
    while target and at >= 0:
        found.append(source.span(at, at + len(target)))
        at = source.text.find(target, at + len(target))
    return found


def test_prefilter_never_hides_a_match():
    import random
    rng = random.Random(5)
    alphabet = ["a", "b", "é", "e\u0301", " ", "\u00a0", "  ", "'", "\u2019", "-", "\u2013", "\u00ad", "\u200b",
                "\t", "\n", "M", "x"]
    needles = ["ab", "a b", "a'b", "a-b", "é", "Mab", "b a", "x-M", "'a"]
    for _ in range(4000):
        haystack = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14)))
        for needle in needles:
            assert find_all(haystack, needle) == _find_all_without_prefilter(haystack, needle), (haystack, needle)


def test_prefilter_rejects_paragraphs_without_the_words():
    assert cannot_hold("The quarterly report of the team.", "Micheal Smith")
    assert not cannot_hold("Micheal\u00a0Smith", "Micheal Smith")
    assert not cannot_hold("Mich\u00adeal Smith", "Micheal Smith")  # a soft hyphen inside the word
    assert cannot_hold("Smith", "Micheal Smith")  # the longest piece, "Micheal", is missing
    assert cannot_hold("Smith only", "Micheals Smith")


def test_text_called_normal_is_left_exactly_as_it_is_by_normalizing():
    import random
    rng = random.Random(11)
    alphabet = ["a", "Z", "é", "e\u0301", " ", "\u00a0", "\u2009", "'", "\u201c", "-", "\u2014", "\u00ad", "\u200b",
                "\t", "\n", "\r", "\x0b", "\u2028", "\u3000", "1", "."]
    normal_seen = changed_seen = 0
    for _ in range(6000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 10)))
        result = normalize(text)
        unchanged = result.text == text and result.positions == list(range(len(text) + 1))
        if is_normal(text):
            normal_seen += 1
            assert unchanged, repr(text)
        elif not unchanged:
            changed_seen += 1
    assert normal_seen > 500 and changed_seen > 2000  # both kinds were tried
    assert is_normal("Micheal Smith wrote the report, not Mr. Jones.")
    assert not is_normal("Micheal  Smith") and not is_normal("Micheal\u00a0Smith") and not is_normal("don\u2019t")


def test_whole_words_count_underscores_and_digits_as_word_characters_and_punctuation_as_a_boundary():
    assert find_all("foo_bar foo", "foo", whole_words=True) == [(8, 11)]
    assert find_all("xab ab", "ab", whole_words=True) == [(4, 6)]  # "ab" inside "xab" is no whole word
    assert find_all("a-b", "a-", whole_words=True) == [(0, 2)]  # ends on "-": the "b" after it is another word


def test_accented_and_capital_text_is_called_normal_so_the_fast_paths_take_it():
    """The prefilters answer for non-ASCII text already in NFC and for any letter, X included."""
    assert is_normal("Grüße aus Köln") and is_normal("XYZ plain text")
    assert cannot_hold("Grüße aus Köln", "Hallo")


def test_a_quote_up_to_its_limit_is_whole_and_a_longer_one_keeps_both_ends():
    assert quote("a" * 160) == "\u201c" + "a" * 160 + "\u201d"
    assert quote("a" * 161) == "\u201c" + "a" * 78 + " […] " + "a" * 78 + "\u201d"
    assert quote("abcdefghijklmnop", limit=11) == "\u201cabcd […] mnop\u201d"


W = "".join("w%02d " % number for number in range(1, 16))  # 60 characters, ends with a space
M = "".join(" m%02d" % number for number in range(1, 16))  # 60 characters, starts with a space


def test_context_shows_sixty_characters_either_side_cut_at_whole_words():
    text = "zzzz " + W + "TARGET" + M + " tail"
    shown = context_around(text, 65, 71)
    assert shown == "…w02 w03 w04 w05 w06 w07 w08 w09 w10 w11 w12 w13 w14 w15 [[TARGET]] m01 m02 m03 m04 m05 m06 m07 " \
                    "m08 m09 m10 m11 m12 m13 m14…"  # the words cut at either edge are left out


def test_context_shows_everything_when_the_text_ends_within_reach():
    assert context_around("one two three", 4, 7) == "one [[two]] three"
    assert context_around(W + "TARGET" + M, 60, 66) == W + "[[TARGET]]" + M  # exactly sixty either side
    assert context_around("z" + W + "TARGET", 61, 67) == "…w02 w03 w04 w05 w06 w07 w08 w09 w10 w11 w12 w13 w14 w15 " \
                                                          "[[TARGET]]"  # one more: the edge is cut


def test_context_keeps_an_edge_word_whole_when_no_space_is_near_the_edge():
    left = "a" * 20 + " " + "b" * 38 + " "
    right = " " + "c" * 38 + " " + "d" * 20
    text = "zzzz " + left + "TARGET" + right + " tail"
    assert context_around(text, 65, 71) == "…" + left + "[[TARGET]]" + right + "…"
