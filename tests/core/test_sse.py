"""SSEDecoder: the WHATWG event-stream rules, in any chunking."""
import pytest

from marginalia.core.stream.sse import ServerSentEvent, SSEDecoder


def _decode_chunks(chunks):
    decoder = SSEDecoder()
    events = []
    for chunk in chunks:
        events.extend(decoder.decode(chunk))
    events.extend(decoder.flush())
    return events


def _every_split(body):
    """The events of ``body`` fed whole, byte by byte and in every 2-cut chunking."""
    results = [_decode_chunks([body]), _decode_chunks([body[i:i + 1] for i in range(len(body))])]
    for cut in range(len(body) + 1):
        results.append(_decode_chunks([body[:cut], body[cut:]]))
    return results


def _data(events):
    return [e.data for e in events]


def test_one_line_data_event():
    assert _decode_chunks([b"data: hello\n\n"]) == [ServerSentEvent("hello")]


def test_whatwg_example_multiline_data_and_comment():
    body = b": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n"
    for events in _every_split(body):
        assert events == [ServerSentEvent("first event", id="1"),
                          ServerSentEvent("second event", id=""),
                          ServerSentEvent(" third event", id="")]


def test_whatwg_example_empty_data_lines():
    body = b"data\n\ndata\ndata\n\ndata:\n"
    assert _data(_decode_chunks([body])) == ["", "\n", ""]


def test_multi_line_data_joined_with_newline():
    for events in _every_split(b"data: {\"a\":\ndata: 1}\n\n"):
        assert _data(events) == ['{"a":\n1}']


@pytest.mark.parametrize("ending", [b"\n", b"\r\n", b"\r"])
def test_lf_crlf_and_cr_line_ends(ending):
    body = (b"data: a" + ending + ending + b": c" + ending + b"event: error" + ending
            + b"data: b" + ending + ending)
    for events in _every_split(body):
        assert events == [ServerSentEvent("a"), ServerSentEvent("b", event="error")]


def test_cr_at_end_of_chunk_then_lf_is_one_line_end():
    events = _decode_chunks([b"data: a\r", b"\ndata: b\r", b"\n\r", b"\n"])
    assert _data(events) == ["a\nb"]


def test_cr_at_end_of_chunk_alone_still_ends_the_line():
    decoder = SSEDecoder()
    assert decoder.decode(b"data: a\r\r") == [ServerSentEvent("a")]
    assert _data(decoder.decode(b"data: b\r\r")) == ["b"]


def test_utf8_character_split_across_chunks():
    body = "data: Ça coûte 5 € 🎉\n\n".encode("utf-8")
    for events in _every_split(body):
        assert _data(events) == ["Ça coûte 5 € 🎉"]


def test_invalid_utf8_becomes_replacement_character():
    assert _data(_decode_chunks([b"data: \xff\xfe ok\n\n"])) == ["\ufffd\ufffd ok"]


def test_comment_lines_anywhere_are_ignored_and_counted():
    decoder = SSEDecoder()
    events = decoder.decode(b": OPENROUTER PROCESSING\n\n: ping\ndata: x\n: mid\ndata: y\n\n: ping\n\n")
    assert _data(events) == ["x\ny"]
    assert decoder.comment_count == 4


def test_event_field_sets_type_for_one_event_only():
    events = _decode_chunks([b"event: error\ndata: {}\n\ndata: next\n\n"])
    assert [(e.event, e.data) for e in events] == [("error", "{}"), ("message", "next")]


def test_empty_event_field_means_message():
    assert _decode_chunks([b"event:\ndata: x\n\n"])[0].event == "message"


def test_final_event_without_trailing_blank_line_is_dispatched_by_flush():
    decoder = SSEDecoder()
    assert decoder.decode(b"data: one\n\ndata: [DONE]") == [ServerSentEvent("one")]
    assert decoder.flush() == [ServerSentEvent("[DONE]")]
    assert decoder.flush() == []


def test_final_event_ending_with_single_newline():
    assert _data(_decode_chunks([b"data: a\n\ndata: b\n"])) == ["a", "b"]


def test_extra_blank_lines_between_events():
    for events in _every_split(b"\n\ndata: a\n\n\n\n\ndata: b\n\n\n"):
        assert _data(events) == ["a", "b"]


def test_id_persists_and_nul_id_is_ignored():
    events = _decode_chunks([b"id: 7\ndata: a\n\ndata: b\n\nid: x\0y\ndata: c\n\n"])
    assert [e.id for e in events] == ["7", "7", "7"]


def test_retry_only_digits():
    events = _decode_chunks([b"retry: 3000\ndata: a\n\nretry: 3s\ndata: b\n\nretry: \xc2\xb2\ndata: c\n\n"])
    assert [e.retry for e in events] == [3000, None, None]


def test_unknown_fields_and_lines_without_colon_are_ignored():
    assert _data(_decode_chunks([b"foo: bar\nbaz\ndata: a\n\n"])) == ["a"]


def test_data_without_space_after_colon():
    assert _data(_decode_chunks([b"data:{\"a\":1}\n\n"])) == ['{"a":1}']


def test_only_one_leading_space_is_removed():
    assert _data(_decode_chunks([b"data:   x\n\n"])) == ["  x"]


def test_byte_order_mark_at_start_is_stripped():
    for events in _every_split(b"\xef\xbb\xbfdata: a\n\n"):
        assert _data(events) == ["a"]


def test_byte_order_mark_later_is_kept():
    assert _data(_decode_chunks([b"data: \xef\xbb\xbfa\n\n"])) == ["\ufeffa"]


def test_unicode_line_separator_is_not_a_newline():
    assert _data(_decode_chunks(["data: a\u2028b\x85c\n\n".encode("utf-8")])) == ["a\u2028b\x85c"]


def test_empty_body_gives_no_events():
    assert _decode_chunks([b""]) == []
    assert _decode_chunks([]) == []


def test_decode_payloads_gives_data_strings_for_plain_events():
    decoder = SSEDecoder()
    assert decoder.decode_payloads(b"data: a\n\ndata: b\n\ndata: c") == ["a", "b"]
    assert decoder.flush() == [ServerSentEvent("c")]


def test_decode_payloads_keeps_event_objects_where_needed():
    decoder = SSEDecoder()
    items = decoder.decode_payloads(b"data: a\n\nevent: error\ndata: b\n\ndata: c\n\n")
    as_events = [ServerSentEvent(i) if isinstance(i, str) else i for i in items]
    assert as_events == [ServerSentEvent("a"), ServerSentEvent("b", event="error"),
                         ServerSentEvent("c")]


def test_binary_garbage_never_raises():
    import random
    rng = random.Random(5)
    for _ in range(200):
        body = bytes(rng.randrange(256) for _ in range(rng.randrange(200)))
        for events in (_decode_chunks([body]), _decode_chunks([body[:7], body[7:]])):
            assert all(isinstance(e, ServerSentEvent) for e in events)
