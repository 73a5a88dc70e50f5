"""PROMPT's answers kept in memory and as the text a document stores (core/prompt/cache.py)."""
import logging

from marginalia.core.prompt.answer import AnswerSource, PromptAnswer
from marginalia.core.prompt.cache import AnswerCache, StoredAnswers, dump_answers, load_answers


def test_the_cache_gives_what_was_put_and_forgets_only_the_keys_named():
    cache = AnswerCache()
    cache.put("a", PromptAnswer("A"))
    cache.put("b", PromptAnswer(2.0))
    cache.put("a", PromptAnswer("A2"))
    cache.forget(["a", "missing"])
    assert cache.get("a") is None and cache.get("b") == PromptAnswer(2.0) and cache.get("c") is None


def test_the_stored_text_is_compact_sorted_json_that_keeps_non_ascii_text():
    stored = StoredAnswers({"k2": PromptAnswer("Zürich", source=AnswerSource("m", "2025-03-02T09:04Z")),
                            "k1": PromptAnswer(1.5)})
    assert dump_answers(stored) == '{"answers":{"k1":[1.5],"k2":["Zürich","m","2025-03-02T09:04Z"]},"format":2}'
    assert dump_answers(StoredAnswers(legacy={"old": "x"})) == '{"answers":{},"format":2,"legacy":{"old":"x"}}'


def test_an_answer_with_only_its_model_or_extra_fields_is_read_with_what_it_has():
    text = '{"format": 2, "answers": {"a": ["x", "m"], "b": ["y", "m", "t", "extra"], "c": [3]}, "legacy": {"o": 1}}'
    assert load_answers(text) == StoredAnswers({"a": PromptAnswer("x", source=AnswerSource("m", "")),
                                                "b": PromptAnswer("y", source=AnswerSource("m", "t")),
                                                "c": PromptAnswer(3)}, {"o": 1})


def test_stored_text_of_another_shape_gives_no_answers(caplog):
    assert load_answers("[1, 2]") == StoredAnswers()
    assert load_answers('{"format": 3, "answers": {"a": ["x"]}}') == StoredAnswers()  # a later format: not read
    with caplog.at_level(logging.WARNING, logger="marginalia.prompt"):
        assert load_answers("") == StoredAnswers()
        assert caplog.records == []  # a document without answers is no problem to log
        assert load_answers("{broken") == StoredAnswers()
        assert "could not be read" in caplog.text
    assert load_answers('{"format": 2, "answers": ["a"], "legacy": ["b"]}') == StoredAnswers()
    assert load_answers('{"format": 1, "answers": {"k": 1.5}, "legacy": {"x": "y"}}') == StoredAnswers(legacy={"k": 1.5})
