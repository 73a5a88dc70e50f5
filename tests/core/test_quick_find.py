"""finder returns exactly what find_all returns, on plain and on tricky text."""
import random

from marginalia.core.text.match import find_all
from marginalia.core.text.quick_find import _normalizes_to_itself, finder, texts_finder

PIECES = ["Micheal", "micheal", "Smith", "SMITH", " ", "  ", "\t", "\n", "\u00a0", "\u2019", "'", "`", "\u00ad",
          "\u200b", "caf\u00e9", "cafe\u0301", "\u0130stanbul", "\u03a3\u03bf\u03c6\u03af\u03b1\u03a3", "\u2013",
          "-", "\ufffc", "Stra\u00dfe", "x", "the", "[^1]", "."]
NEEDLES = ["Micheal Smith", "micheal", "smith", "x", "caf\u00e9", "istanbul", "\u03c3", "'", "\u2019s", "a  b",
           "Stra\u00dfe", "strasse", "[^1]", " "]


def test_same_matches_as_find_all_on_random_text():
    rng = random.Random(5)
    for _ in range(4000):
        haystack = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 14)))
        needle = rng.choice(NEEDLES + ["".join(rng.choice(PIECES) for _ in range(2))])
        for match_case in (True, False):
            for whole_words in (False, True):
                assert finder(needle, match_case, whole_words)(haystack) == \
                    find_all(haystack, needle, match_case, whole_words), (haystack, needle, match_case)


def test_plain_text_takes_the_quick_way_and_tricky_text_does_not():
    assert _normalizes_to_itself("Micheal Smith met caf\u00e9 owners.", False)
    for tricky in ("two  spaces", "a\ttab", "it\u2019s", "soft\u00adhyphen", "cafe\u0301", "\u0130", "\u03a3"):
        assert not _normalizes_to_itself(tricky, False), tricky
    assert _normalizes_to_itself("\u0130", True)


def test_many_texts_at_once_give_each_text_s_matches():
    rng = random.Random(11)
    pieces = PIECES + ["\x00", "Micheal Smith"]
    for _ in range(1500):
        texts = ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 8))) for _ in range(rng.randint(0, 6))]
        needle = rng.choice(NEEDLES + ["\x00", "h\x00M", "".join(rng.choice(pieces) for _ in range(2))])
        for match_case in (True, False):
            for whole_words in (False, True):
                expected = [(index, start, end) for index, text in enumerate(texts)
                            for start, end in find_all(text, needle, match_case, whole_words)]
                assert texts_finder(needle, match_case, whole_words)(texts) == expected, (texts, needle, match_case)


def test_many_plain_texts_are_searched_in_one_pass():
    texts = ["Micheal Smith wrote to micheal smith.", "", "No one here.", "MICHEAL SMITH", "Micheal\nSmith"]
    assert texts_finder("micheal smith", match_case=False)(texts) == [
        (0, 0, 13), (0, 23, 36), (3, 0, 13), (4, 0, 13)]
    assert texts_finder("Micheal Smith")(texts) == [(0, 0, 13), (4, 0, 13)]
