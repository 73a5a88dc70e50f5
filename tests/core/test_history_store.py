"""Sessions on disk: round trips, atomic writes, caps, redaction, damaged files never crash."""
import json
import logging
import os
import stat
import time

import pytest

from marginalia.core.chat import history_store, session_data
from marginalia.core.chat.history_store import HistoryStore, is_valid_session_id
from marginalia.core.chat.session import ChatSession
from marginalia.core.chat.session_data import SHORTENED_MARK
from marginalia.core.chat.transcript import Transcript

SESSION = "0123456789abcdef0123456789abcdef"
KEY = "sk-proj-Abc123Def456Ghi789Jkl012"


def _turn(number, result="Paragraph 1: The budget was approved."):
    call_id = "call_%02dQx7Lm2Np9Rt4Vw8Yz1Bc5Df3" % number  # a long provider id: must survive as is
    return [
        {"role": "user", "content": "Question %d" % number},
        {"role": "assistant", "content": None, "tool_calls": [{"id": call_id, "type": "function", "function": {
            "name": "read_paragraphs", "arguments": '{"start": %d}' % number}}]},
        {"role": "tool", "tool_call_id": call_id, "name": "read_paragraphs", "content": result},
        {"role": "assistant", "content": "Answer %d." % number},
    ]


def _segments(number):
    return [("user", "You", "Question %d" % number), ("tool", "Action", "read paragraphs"),
            ("answer", "Marginalia", "Answer %d." % number)]


def _history(turns, result="Paragraph 1: The budget was approved."):
    return [message for number in range(turns) for message in _turn(number, result)]


def _transcript(turns):
    return [segment for number in range(turns) for segment in _segments(number)]


@pytest.fixture
def store(tmp_path):
    return HistoryStore(str(tmp_path / "sessions"))


# --- ids ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("session_id, valid", [
    (SESSION, True), ("0123abcd", True), ("0123ABCD", True), (ChatSession().session_id, True),
    ("123e4567-e89b-12d3-a456-426614174000", True), ("123E4567-E89B-12D3-A456-426614174000", True),
    ("0123abc", False), ("0123abcg", False), ("../../etc/passwd", False), ("abcd1234/..", False),
    ("abcd1234\x00", False), ("", False), (None, False), (12345678, False), ("a" * 65, False),
])
def test_only_hex_and_uuid_ids_are_accepted(session_id, valid):
    assert is_valid_session_id(session_id) is valid


def test_invalid_ids_are_refused_without_touching_files(store, tmp_path):
    with pytest.raises(ValueError):
        store.save("../escape", [], [])
    assert store.load("../../etc/passwd") is None
    assert store.delete("../x") is False
    assert not os.path.exists(store.directory)


# --- round trips ------------------------------------------------------------------------------------

def test_history_and_segments_round_trip(store):
    history, transcript = _history(3), _transcript(3)
    assert store.save(SESSION, history, transcript) == ""
    assert store.load(SESSION) == (history, transcript)


def test_text_transcript_round_trips(store):
    assert store.save(SESSION, _history(1), "You\nQuestion 0\n\nMarginalia\nAnswer 0.") == ""
    assert store.load(SESSION) == (_history(1), "You\nQuestion 0\n\nMarginalia\nAnswer 0.")


def test_restored_transcript_looks_the_same(store):
    original = Transcript()
    original.add("user", "You", "Fix 'teh' 🙂")
    original.add("answer", "Marginalia", "Done.")
    store.save(SESSION, [], original.segments())
    restored = Transcript()
    restored.restore(store.load(SESSION)[1])
    assert restored.text() == original.text()


def test_uuid_ids_map_to_one_lower_case_file(store):
    upper = "123E4567-E89B-12D3-A456-426614174000"
    store.save(upper, _history(1), [])
    assert os.listdir(store.directory) == ["123e4567-e89b-12d3-a456-426614174000.json"]
    assert store.load(upper.lower())[0] == _history(1)


def test_missing_session_and_delete(store):
    assert store.load(SESSION) is None
    store.save(SESSION, _history(1), [])
    assert store.delete(SESSION) is True
    assert store.load(SESSION) is None
    assert store.delete(SESSION) is False


def test_file_is_replaced_atomically_and_no_temporary_file_stays(store):
    store.save(SESSION, _history(1), [])
    store.save(SESSION, _history(2), [])
    assert os.listdir(store.directory) == [SESSION + ".json"]
    with open(store.path_of(SESSION), encoding="utf-8") as handle:
        document = json.load(handle)
    assert (document["format"], document["version"], document["session_id"]) == ("marginalia-session", 1, SESSION)
    assert document["history"] == _history(2)


def test_a_failed_write_keeps_the_old_file(store, monkeypatch):
    store.save(SESSION, _history(1), [])

    def broken_replace(source, target):
        raise OSError("disk full")

    monkeypatch.setattr(history_store.os, "replace", broken_replace)
    assert store.save(SESSION, _history(2), []) is None
    monkeypatch.undo()
    assert store.load(SESSION)[0] == _history(1)
    assert os.listdir(store.directory) == [SESSION + ".json"]


def test_unwritable_directory_is_reported_not_raised(tmp_path, caplog):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with caplog.at_level(logging.WARNING, logger="marginalia.history"):
        assert HistoryStore(str(blocker / "sessions")).save(SESSION, [], []) is None
    assert "could not save" in caplog.text


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_files_are_private(store):
    store.save(SESSION, _history(1), [])
    assert stat.S_IMODE(os.stat(store.directory).st_mode) == 0o700
    assert stat.S_IMODE(os.stat(store.path_of(SESSION)).st_mode) == 0o600


# --- secrets ----------------------------------------------------------------------------------------

def test_keys_are_redacted_in_every_string_written(store):
    history = _history(1)
    history[0] = {"role": "user", "content": "My key is %s, please use it" % KEY}
    history[1]["tool_calls"][0]["function"]["arguments"] = json.dumps({"text": "Authorization: Bearer %s" % KEY})
    history[2] = dict(history[2], content="api_key=%s" % KEY)
    history[3] = dict(history[3], reasoning_details=[{"type": "reasoning.encrypted", "data": "QmFzZTY0" * 50}])
    transcript = [("user", "You", "My key is %s" % KEY)]
    store.save(SESSION, history, transcript)
    with open(store.path_of(SESSION), "rb") as handle:
        written = handle.read().decode("utf-8")
    assert KEY not in written and "Abc123Def456" not in written
    assert "[redacted]" in written
    assert "reasoning_details" not in written
    loaded, segments = store.load(SESSION)
    assert json.loads(loaded[1]["tool_calls"][0]["function"]["arguments"])["text"].startswith("Authorization:")
    assert loaded[1]["tool_calls"][0]["id"] == loaded[2]["tool_call_id"] == history[1]["tool_calls"][0]["id"]
    assert segments == [("user", "You", "My key is [redacted]")]


def test_redact_is_applied_to_every_stored_string(store, monkeypatch):
    seen = []

    def spy(text):
        seen.append(text)
        return text.replace("s3cr3t", "[redacted]")

    monkeypatch.setattr(session_data, "redact", spy)
    store.save(SESSION, [{"role": "user", "content": "s3cr3t one"}], [("user", "You", "s3cr3t two")])
    assert "s3cr3t one" in seen and "s3cr3t two" in seen
    assert store.load(SESSION) == ([{"role": "user", "content": "[redacted] one"}],
                                   [("user", "You", "[redacted] two")])


@pytest.mark.parametrize("text, stored", [
    ("Basic income is a policy.", "Basic income is a policy."),
    ("Bearer bonds were popular. Basic Income too.", "Bearer bonds were popular. Basic Income too."),
    ("Add the cookie: chocolate chip recipe.", "Add the cookie: chocolate chip recipe."),
    ("Use Bearer %s now" % KEY, "Use Bearer [redacted] now"),
    ("Authorization: Bearer abcDEF123ghiJKL456", "Authorization: [redacted]"),
    ("proxy http://me:sunshine@proxy:3128 and Basic income", "proxy http://me:[redacted]@proxy:3128 and Basic income"),
    ("https://x.org/?api_key=password", "https://x.org/?api_key=[redacted]"),
    ("Bearer AbCdEfGhIjKlMnOpQr", "Bearer [redacted]"),
    ("hash 7f3a9c2b1e4d5f6a7b8c9d0e1f2a3b4c", "hash [redacted]"),
    ("already [redacted] here, Basic income", "already [redacted] here, Basic income"),
])
def test_stored_text_loses_secrets_but_keeps_ordinary_words(text, stored):
    assert session_data.redact_text(text) == stored


# --- caps ---------------------------------------------------------------------------------------------

def test_oldest_turns_go_when_a_session_is_too_big(tmp_path):
    store = HistoryStore(str(tmp_path), max_bytes=40000)
    history, transcript = _history(40, "x" * 1500), _transcript(40)
    note = store.save(SESSION, history, transcript)
    assert note == "Older messages of this conversation were not kept (a saved conversation keeps at most 40 kB)."
    assert os.path.getsize(store.path_of(SESSION)) <= 40000
    loaded, segments = store.load(SESSION)
    assert 0 < len(loaded) < len(history) and loaded == history[-len(loaded):]
    assert loaded[0]["role"] == "user"
    assert segments[0] == ("trimmed", "Note", note)
    assert segments[-3:] == _segments(39)
    # Saving again with one more turn keeps a single note at the top.
    store.save(SESSION, loaded + _turn(40, "x" * 1500), segments + _segments(40))
    segments = store.load(SESSION)[1]
    assert [s[0] for s in segments].count("trimmed") == 1 and segments[0][0] == "trimmed"


def test_one_enormous_turn_is_shortened_to_fit(tmp_path):
    store = HistoryStore(str(tmp_path), max_bytes=50000)
    history = _turn(1, "y" * 300000)
    assert store.save(SESSION, history, [("answer", "Marginalia", "z" * 300000)])
    assert os.path.getsize(store.path_of(SESSION)) <= 50000
    loaded, segments = store.load(SESSION)
    assert [m["role"] for m in loaded] == ["user", "assistant", "tool", "assistant"]
    assert loaded[2]["content"].endswith(SHORTENED_MARK)
    assert segments[-1][2].endswith(SHORTENED_MARK)


def test_text_transcript_is_trimmed_too(tmp_path):
    store = HistoryStore(str(tmp_path), max_bytes=20000)
    text = "\n\n".join("You\nQuestion %d\n\nMarginalia\n%s" % (n, "a" * 500) for n in range(60))
    note = store.save(SESSION, _history(60, "b" * 200), text)
    transcript = store.load(SESSION)[1]
    assert transcript.startswith(note + "\n\n")
    assert transcript.endswith("Question 59\n\nMarginalia\n" + "a" * 500)


def test_least_recently_saved_sessions_go_beyond_the_cap(tmp_path):
    store = HistoryStore(str(tmp_path), max_sessions=3)
    ids = ["%08x" % n for n in range(5)]
    for age, session_id in enumerate(ids):
        store.save(session_id, _history(1), [])
        stamp = time.time() - 1000 + age
        os.utime(store.path_of(session_id), (stamp, stamp))
    assert sorted(os.listdir(str(tmp_path))) == [i + ".json" for i in ids[2:]]
    os.utime(store.path_of(ids[2]), (time.time(), time.time()))  # most recently used
    store.save("abcdef01", _history(1), [])
    assert sorted(os.listdir(str(tmp_path))) == sorted([ids[2] + ".json", ids[4] + ".json", "abcdef01.json"])


def test_stale_temporary_files_are_removed(tmp_path):
    store = HistoryStore(str(tmp_path))
    stale, fresh = tmp_path / ".tmp-old.json", tmp_path / ".tmp-new.json"
    stale.write_text("{")
    fresh.write_text("{")
    os.utime(str(stale), (time.time() - 3 * 24 * 3600,) * 2)
    store.save(SESSION, [], [])
    assert not stale.exists() and fresh.exists()


def test_foreign_files_are_left_alone(tmp_path):
    store = HistoryStore(str(tmp_path), max_sessions=1)
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "settings.json").write_text("{}")
    store.save(SESSION, [], [])
    assert sorted(os.listdir(str(tmp_path))) == sorted(["notes.txt", "settings.json", SESSION + ".json"])


# --- damaged files ------------------------------------------------------------------------------------

DAMAGED = [
    b"", b"\xff\xfe\x00garbage", b"{\"format\": \"marginalia-session\", \"version\": 1, \"hist",
    b"[]", b"null", b'{"format": "something-else", "version": 1, "history": [], "transcript": []}',
    b'{"format": "marginalia-session", "version": 99, "history": [], "transcript": []}',
    b'{"format": "marginalia-session", "version": "1", "history": [], "transcript": []}',
    b'{"format": "marginalia-session", "version": 1, "history": {}, "transcript": []}',
    b'{"format": "marginalia-session", "version": 1, "history": [{"role": "robot"}], "transcript": []}',
    b'{"format": "marginalia-session", "version": 1, "history": [{"role": "assistant", "tool_calls": 5}], '
    b'"transcript": []}',
    b'{"format": "marginalia-session", "version": 1, "history": [{"role": "assistant", "tool_calls": ["x"]}], '
    b'"transcript": []}',
    b'{"format": "marginalia-session", "version": 1, "history": [], "transcript": [["user", "You"]]}',
    b'{"format": "marginalia-session", "version": 1, "history": [], "transcript": [["user", "You", 3]]}',
    b'{"format": "marginalia-session", "version": 1, "history": [], "transcript": 42}',
    b"[" * 100000 + b"]" * 100000,
]


@pytest.mark.parametrize("content", DAMAGED)
def test_damaged_files_are_ignored_with_a_log_entry(store, caplog, content):
    os.makedirs(store.directory)
    with open(store.path_of(SESSION), "wb") as handle:
        handle.write(content)
    with caplog.at_level(logging.WARNING, logger="marginalia.history"):
        assert store.load(SESSION) is None
    assert SESSION in caplog.text
    assert store.save(SESSION, _history(1), []) == ""  # and a new save replaces it
    assert store.load(SESSION)[0] == _history(1)


def test_loaded_history_is_cut_to_what_a_server_accepts(store):
    unanswered = _turn(2)[:2]
    store.save(SESSION, _history(2) + unanswered, [])
    assert store.load(SESSION)[0] == _history(2) + [{"role": "user", "content": "Question 2"}]
    orphan = [{"role": "tool", "tool_call_id": "nobody", "content": "x"}]
    store.save(SESSION, _history(1) + [{"role": "user", "content": "next"}] + orphan + _turn(5), [])
    assert store.load(SESSION)[0] == _history(1) + [{"role": "user", "content": "next"}]
    store.save(SESSION, [{"role": "assistant", "content": "hello"}] + _history(1), [])
    assert store.load(SESSION)[0] == _history(1)
    interrupted = _turn(3)[:2] + [{"role": "user", "content": "again"}]
    store.save(SESSION, _history(1) + interrupted, [])
    assert store.load(SESSION)[0] == _history(1) + [{"role": "user", "content": "Question 3"}]
