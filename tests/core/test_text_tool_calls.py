"""Tool calls written as text by local models: recovered when known, never shown as the answer.

The formats of this module, and where they come from:

* Hermes / Qwen ``<tool_call>``: vllm-project/vllm examples/tool_chat_template_hermes.jinja;
* Qwen3-Coder ``<function=…><parameter=…>``: vllm-project/vllm examples/tool_chat_template_qwen3coder.jinja;
* Granite / Phi-4-mini ``<|tool_call|>``: vllm-project/vllm examples/tool_chat_template_granite.jinja,
  ggml-org/llama.cpp models/templates/llama-cpp-microsoft-Phi-4-mini-instruct.jinja;
* Llama 3.x ``<|python_tag|>`` and bare JSON: vllm-project/vllm examples/tool_chat_template_llama3.1_json.jinja;
* Mistral ``[TOOL_CALLS]``: ggml-org/llama.cpp models/templates/mistralai-Mistral-Small-3.1-24B-Instruct-2503.jinja
  and vllm-project/vllm examples/tool_chat_template_mistral.jinja (``[TOOL_CALLS]name[ARGS]`` of the newer models);
* fenced JSON: CommonMark fences around a Hermes call object.

The other formats have their own modules in tests/core/tool_formats/, each naming its source; the random
soups at the end mix the markers of every format.
"""
import json
import random
import re

import pytest

from marginalia.core.agent.text_tool_calls import TextToolCallFilter, new_call_id, parse_text_tool_calls
from marginalia.core.agent.tool_formats.registry import MARKERS

KNOWN = {"replace_text", "read_paragraphs", "set_cell"}
REPLACE = '{"name": "replace_text", "arguments": {"old": "Micheal", "new": "Michael"}}'


def _calls(content, known=KNOWN):
    remaining, calls = parse_text_tool_calls(content, known)
    return remaining, [(call.name, call.arguments, call.arguments_error) for call in calls]


def _filtered(pieces, known=KNOWN):
    keeper = TextToolCallFilter(known)
    shown = [keeper.feed(piece) for piece in pieces]
    shown.append(keeper.flush())
    return shown


def _every_cut(text):
    yield [text]
    yield list(text)
    for cut in range(len(text) + 1):
        yield [text[:cut], text[cut:]]


FIXED = ("replace_text", {"old": "Micheal", "new": "Michael"}, None)
READ = ("read_paragraphs", {"start": 1, "count": 5}, None)

# (content, remaining text, calls) for every supported format.
RECOVERED = [
    # Hermes / Qwen
    ("<tool_call>\n%s\n</tool_call>" % REPLACE, "", [FIXED]),
    ("Let me fix that.\n<tool_call>\n%s\n</tool_call>" % REPLACE, "Let me fix that.", [FIXED]),
    ("<tool_call>%s</tool_call>\n<tool_call>{\"name\": \"read_paragraphs\", \"arguments\": {\"start\": 1, "
     "\"count\": 5}}</tool_call>" % REPLACE, "", [FIXED, READ]),
    ("<tool_call>\n%s" % REPLACE, "", [FIXED]),  # closing tag missing at the end
    ("<tool_call>%s<tool_call>{\"name\": \"read_paragraphs\", \"arguments\": {\"start\": 1, \"count\": 5}}"
     % REPLACE, "", [FIXED, READ]),  # closing tag missing between calls
    ("Before <tool_call>%s</tool_call> after." % REPLACE, "Before  after.", [FIXED]),
    ('<tool_call>{"name": "replace_text", "parameters": {"old": "Micheal", "new": "Michael"}}</tool_call>',
     "", [FIXED]),
    ('<tool_call>{"name": "replace_text", "arguments": "{\\"old\\": \\"Micheal\\", \\"new\\": \\"Michael\\"}"}'
     '</tool_call>', "", [FIXED]),  # arguments sent as a JSON string
    ("<tool_call>\n<function=replace_text>\n<parameter=old>\nMicheal\n</parameter>\n<parameter=new>\nMichael\n"
     "</parameter>\n</function>\n</tool_call>", "", [FIXED]),  # Qwen3-Coder
    ('<function=replace_text>{"old": "Micheal", "new": "Michael"}</function>', "", [FIXED]),
    ('<tool_call>{"type": "function", "function": {"name": "replace_text", "arguments": '
     '{"old": "Micheal", "new": "Michael"}}}</tool_call>', "", [FIXED]),
    # Phi-4-mini, Granite
    ('<|tool_call|>[%s]<|/tool_call|>' % REPLACE, "", [FIXED]),
    ('Reading first. <|tool_call|>[{"name": "read_paragraphs", "arguments": {"start": 1, "count": 5}}]',
     "Reading first.", [READ]),
    # Llama 3.x
    ('<|python_tag|>{"name": "replace_text", "parameters": {"old": "Micheal", "new": "Michael"}}<|eom_id|>',
     "", [FIXED]),
    ('<|python_tag|>{"name": "replace_text", "parameters": {"old": "Micheal", "new": "Michael"}}; '
     '{"name": "read_paragraphs", "parameters": {"start": 1, "count": 5}}', "", [FIXED, READ]),
    ('\n {"name": "replace_text", "parameters": {"old": "Micheal", "new": "Michael"}}\n', "", [FIXED]),
    ('[{"name": "replace_text", "parameters": {"old": "Micheal", "new": "Michael"}}]', "", [FIXED]),
    # Mistral
    ('[TOOL_CALLS][%s, {"name": "read_paragraphs", "arguments": {"start": 1, "count": 5}}]' % REPLACE,
     "", [FIXED, READ]),
    ('[TOOL_CALLS] [%s]</s>' % REPLACE, "", [FIXED]),
    ('[TOOL_CALLS]replace_text[ARGS]{"old": "Micheal", "new": "Michael"}', "", [FIXED]),
    ('[TOOL_CALLS]replace_text[ARGS]{"old": "Micheal", "new": "Michael"}[TOOL_CALLS]read_paragraphs[ARGS]'
     '{"start": 1, "count": 5}', "", [FIXED, READ]),
    ('[TOOL_CALLS]replace_text{"old": "Micheal", "new": "Michael"}', "", [FIXED]),
    # fenced JSON naming a known tool
    ("I will call the tool:\n```json\n%s\n```\nThen check." % REPLACE, "I will call the tool:\n\nThen check.",
     [FIXED]),
    ("```\n%s\n```" % REPLACE, "", [FIXED]),
]


@pytest.mark.parametrize("content, remaining, calls", RECOVERED)
def test_every_format_is_recovered(content, remaining, calls):
    assert _calls(content) == (remaining, calls)


@pytest.mark.parametrize("content, remaining, calls", RECOVERED)
def test_filter_shows_only_the_remaining_text_in_every_chunking(content, remaining, calls):
    for pieces in _every_cut(content):
        shown = _filtered(pieces)
        assert "".join(shown).strip() == remaining, pieces
        for piece in shown:
            assert "tool_call" not in piece and "TOOL_CALLS" not in piece and "python_tag" not in piece


def test_recovered_calls_get_fresh_ids_and_indexes():
    _, calls = parse_text_tool_calls("<tool_call>%s</tool_call><tool_call>%s</tool_call>" % (REPLACE, REPLACE),
                                     KNOWN)
    assert [call.index for call in calls] == [0, 1]
    assert all(re.fullmatch("[0-9a-f]{9}", call.id) for call in calls)
    assert calls[0].id != calls[1].id
    assert calls[0].to_api_dict() == {"id": calls[0].id, "type": "function", "function": {
        "name": "replace_text", "arguments": '{"old": "Micheal", "new": "Michael"}'}}


def test_ids_given_by_the_model_are_kept():
    _, calls = parse_text_tool_calls('[TOOL_CALLS]replace_text[CALL_ID]a1b2c3d4e[ARGS]{"old": "x", "new": "y"}',
                                     KNOWN)
    assert [(call.id, call.arguments) for call in calls] == [("a1b2c3d4e", {"old": "x", "new": "y"})]
    _, calls = parse_text_tool_calls('[TOOL_CALLS][{"name": "set_cell", "arguments": {"cell": "A1"}, '
                                     '"id": "Zx9Zx9Zx9"}]', KNOWN)
    assert calls[0].id == "Zx9Zx9Zx9"


def test_make_id_is_used_for_calls_without_id():
    ids = iter(["first0000", "second000"])
    _, calls = parse_text_tool_calls("<tool_call>%s</tool_call>" % REPLACE * 2, KNOWN, make_id=lambda: next(ids))
    assert [call.id for call in calls] == ["first0000", "second000"]
    assert len(new_call_id()) == 9 and new_call_id().isalnum()


def test_non_ascii_arguments_stay_readable():
    _, calls = parse_text_tool_calls('<tool_call>{"name": "replace_text", "arguments": {"new": "Grüße 日本"}}'
                                     '</tool_call>', KNOWN)
    assert calls[0].arguments_raw == '{"new": "Grüße 日本"}'


# --- unknown names and text that only looks like a call --------------------------------

LEFT_AS_TEXT = [
    '<tool_call>{"name": "delete_document", "arguments": {}}</tool_call>',
    '<|python_tag|>{"name": "brave_search", "parameters": {"query": "x"}}',
    '<|python_tag|>brave_search.call(query="weather")',
    '[TOOL_CALLS][{"name": "delete_document", "arguments": {}}]',
    '[TOOL_CALLS]delete_document[ARGS]{}',
    '{"name": "Alice", "parameters": {"age": 3}}',
    '{"name": "replace_text"} and then some explanation',
    "Use the <tool_call> tag to call tools; [TOOL_CALLS] is Mistral's.",
    "```json\n{\"name\": \"delete_document\", \"arguments\": {}}\n```",
    "```json\n{\"name\": \"replace_text\", \"description\": \"an example\"}\n```",  # no arguments: not a call
    "```python\nprint({'name': 'replace_text'})\n```",
    '<tool_call>{"name": "replace_text", "arguments": {}}\n{"name": "delete_document", "arguments": {}}'
    '</tool_call>',  # one unknown name keeps the whole block as text
    '<tool_call>{"arguments": {"old": "a"}}</tool_call>',  # no name
    '<tool_call>{"name": "replace_text", "name": "set_cell", "arguments": {</tool_call>',  # broken, two names
    "a < b and [1] or `code`, {braces} and ``` alone",
    "",
]


@pytest.mark.parametrize("content", LEFT_AS_TEXT)
def test_unknown_or_unclear_calls_stay_text_unchanged(content):
    assert _calls(content) == (content, [])


@pytest.mark.parametrize("content", LEFT_AS_TEXT)
def test_filter_releases_unknown_calls_in_full_in_every_chunking(content):
    for pieces in _every_cut(content):
        assert "".join(_filtered(pieces)) == content, pieces


def test_no_known_tools_means_no_calls():
    content = "<tool_call>%s</tool_call>" % REPLACE
    assert parse_text_tool_calls(content, set()) == (content, [])
    assert parse_text_tool_calls("[TOOL_CALLS]hello", set()) == ("[TOOL_CALLS]hello", [])  # as the filter shows it


def test_with_no_tools_offered_the_filter_shows_each_piece_at_once():
    """Nothing can be a call then: a message that looks like one streams as it comes, not held to the end."""
    text_filter = TextToolCallFilter(set())
    assert [text_filter.feed(piece) for piece in ('{"name": "f", "arguments"', ": {}}")] == \
        ['{"name": "f", "arguments"', ": {}}"]


# --- broken JSON: returned with an explanation for the model -------------------------------

BROKEN = [
    ('<tool_call>{"name": "replace_text", "arguments": {"old": "a",}}</tool_call>', '{"old": "a",}'),
    ('<tool_call>{"name": "replace_text", "arguments": {"old": "a", "new": "b', '{"old": "a", "new": "b'),
    ("<tool_call>{'name': 'replace_text', 'arguments': {'old': 'a'}}</tool_call>", "{'old': 'a'}"),
    ('[TOOL_CALLS]replace_text[ARGS]{"old": "a", "new": }', '{"old": "a", "new": }'),
    ('{"name": "replace_text", "parameters": {"old": True}}', '{"old": True}'),
    ('<tool_call>{"name": "replace_text" "arguments": [1, 2]}</tool_call>', "[1, 2]"),
]


@pytest.mark.parametrize("content, raw", BROKEN)
def test_broken_json_is_returned_with_its_raw_arguments(content, raw):
    remaining, calls = parse_text_tool_calls(content, KNOWN)
    assert remaining == ""
    assert [(call.name, call.arguments_raw, call.arguments) for call in calls] == [("replace_text", raw, None)]
    assert "replace_text" in calls[0].arguments_error
    assert "Call the tool again" in calls[0].arguments_error


def test_broken_json_without_arguments_key_quotes_the_whole_call():
    _, calls = parse_text_tool_calls('<tool_call>{"name": "replace_text", "args": {"a": 1,}}</tool_call>', KNOWN)
    assert calls[0].arguments_raw == '{"name": "replace_text", "args": {"a": 1,}}'
    assert "not valid JSON" in calls[0].arguments_error


def test_arguments_that_are_not_an_object_are_explained():
    _, calls = parse_text_tool_calls('<tool_call>{"name": "replace_text", "arguments": [1]}</tool_call>', KNOWN)
    assert calls[0].arguments is None and "must be a JSON object" in calls[0].arguments_error


def test_missing_arguments_mean_no_arguments():
    _, calls = parse_text_tool_calls('<tool_call>{"name": "read_paragraphs"}</tool_call>', KNOWN)
    assert (calls[0].arguments_raw, calls[0].arguments) == ("", {})


def test_deeply_nested_arguments_do_not_crash():
    deep = "[" * 100000 + "]" * 100000
    remaining, calls = parse_text_tool_calls('<tool_call>{"name": "set_cell", "arguments": %s}</tool_call>' % deep,
                                             KNOWN)
    assert remaining == "" and calls[0].arguments is None


# --- the streaming filter ---------------------------------------------------------------------

def test_marker_start_is_held_until_the_next_delta_tells():
    keeper = TextToolCallFilter(KNOWN)
    assert keeper.feed("Sure. <tool_") == "Sure. "
    assert keeper.feed("call>") == ""
    assert keeper.feed(REPLACE) == ""
    assert keeper.feed("</tool_call>\nDone") == "\nDone"
    assert keeper.flush() == ""


def test_a_lone_bracket_is_released_with_the_next_delta():
    keeper = TextToolCallFilter(KNOWN)
    assert keeper.feed("a <") == "a "
    assert keeper.feed(" b") == "< b"
    assert keeper.feed("see [") == "see "
    assert keeper.feed("1]") == "[1]"
    assert keeper.feed("x`") == "x"
    assert keeper.feed("y`") == "`y"
    assert keeper.flush() == "`"


def test_plain_deltas_pass_straight_through():
    keeper = TextToolCallFilter(KNOWN)
    assert keeper.feed("Hello") == "Hello"
    assert keeper.feed(", world.") == ", world."


def test_code_fences_are_released_once_their_language_is_known():
    keeper = TextToolCallFilter(KNOWN)
    assert keeper.feed("Here:\n```") == "Here:\n"
    assert keeper.feed("py") == "```py"
    assert keeper.feed("thon\nprint(1)\n```") == "thon\nprint(1)\n"
    assert keeper.flush() == "```"


def test_json_answer_is_released_once_it_is_not_a_call():
    keeper = TextToolCallFilter(KNOWN)
    assert keeper.feed("{") == ""
    assert keeper.feed('"total": 3}') == '{"total": 3}'


def test_unclosed_blocks_are_decided_at_the_end():
    keeper = TextToolCallFilter(KNOWN)
    assert keeper.feed("[TOOL_CALLS]read_paragraphs[ARGS]{}") == ""
    assert keeper.flush() == ""
    keeper = TextToolCallFilter(KNOWN)
    assert keeper.feed("Its [TOOL_CALLS] is a Mistral token") == "Its "
    assert keeper.flush() == "[TOOL_CALLS] is a Mistral token"


ALPHABET = list("abc XYZ\n\t.,;:!?\"'{}()=/\\|_-+*#") + ["é", "日", "🙂", "<", "[", "`", "<tool", "[TOOL",
                                                       "<|python", "``", "<function", "_call>", "CALLS]",
                                                       "json\n", '{"name":', "\n```"]


def _random_text(rng, exclude_markers=True):
    while True:
        text = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 80)))
        if not exclude_markers or not any(marker in text for marker in MARKERS):
            return text


def _random_pieces(rng, text):
    cuts = sorted(rng.sample(range(len(text) + 1), min(len(text) + 1, rng.randint(0, 8))))
    return [text[a:b] for a, b in zip([0] + cuts, cuts + [len(text)])]


def test_random_text_without_markers_is_shown_exactly():
    rng = random.Random(5)
    for _ in range(3000):
        text = _random_text(rng)
        assert "".join(_filtered(_random_pieces(rng, text))) == text, text


def test_random_text_with_markers_but_no_known_call_is_shown_exactly():
    rng = random.Random(7)
    checked = 0
    while checked < 3000:
        text = _random_text(rng, exclude_markers=False)
        if parse_text_tool_calls(text, KNOWN) != (text, []):
            continue
        checked += 1
        assert "".join(_filtered(_random_pieces(rng, text))) == text, text


def test_plain_text_is_held_back_at_most_one_marker_length():
    rng = random.Random(11)
    limit = max(len(marker) for marker in MARKERS) - 1
    alphabet = [ch for ch in ALPHABET if "`" not in ch and "{" not in ch]
    for _ in range(500):
        keeper, fed, shown = TextToolCallFilter(KNOWN), "", ""
        text = "x" + "".join(rng.choice(alphabet) for _ in range(60))
        if any(marker in text for marker in MARKERS):
            continue
        for piece in _random_pieces(rng, text):
            fed += piece
            shown += keeper.feed(piece)
            assert len(fed) - len(shown) <= limit, (fed, shown)


def test_random_calls_mixed_with_text_match_the_parser():
    rng = random.Random(3)
    for _ in range(300):
        before, after = _random_text(rng), _random_text(rng)
        content = "%s<tool_call>%s</tool_call>%s" % (before, REPLACE, after)
        remaining, calls = parse_text_tool_calls(content, KNOWN)
        assert json.loads(calls[0].arguments_raw) == {"old": "Micheal", "new": "Michael"}
        assert remaining == (before + after).strip()
        assert "".join(_filtered(_random_pieces(rng, content))).strip() == remaining


FRAGMENTS = list("ab \n{}[]<>`|\"':,") + [
    "<tool_call>", "</tool_call>", "<|tool_call|>", "<|/tool_call|>", "[TOOL_CALLS]", "<|python_tag|>", "```",
    "```json\n", "<function=", "</function>", REPLACE, '{"name":', '"replace_text"', "[ARGS]", "<|eom_id|>",
    "set_cell[ARGS]{}", "<tool_call>%s</tool_call>" % REPLACE, "```json\n%s\n```" % REPLACE]


def test_filter_agrees_with_the_parser_on_random_marker_soup():
    rng = random.Random(13)
    for _ in range(4000):
        text = "".join(rng.choice(FRAGMENTS) for _ in range(rng.randint(0, 12)))
        remaining, calls = parse_text_tool_calls(text, KNOWN)
        shown = "".join(_filtered(_random_pieces(rng, text)))
        if calls or remaining != text:  # a call, or the control token [TOOL_CALLS] opening the reply, removed
            assert shown.strip() == remaining, text
        else:
            assert shown == text, text


NEW_FRAGMENTS = list("ab \n{}[]()<>`|\"':,=.") + [
    "<｜tool▁calls▁begin｜>", "<｜tool▁call▁begin｜>", "<｜tool▁sep｜>", "<｜tool▁call▁end｜>", "<｜tool▁calls▁end｜>",
    "function", "<｜tool calls begin｜>", "<|tool_calls_section_begin|>", "<|tool_call_begin|>",
    "functions.set_cell:0", "<|tool_call_argument_begin|>", "<|tool_call_end|>", "<|tool_calls_section_end|>",
    "<|channel|>", "commentary to=functions.set_cell", " <|constrain|>json", "<|message|>", "<|call|>",
    "<|start|>assistant", "to=functions.", "analysis", "<tool_calls>", "</tool_calls>", "<|action_start|><|plugin|>",
    "<|action_end|>", "<|tool_call_start|>", "<minimax:tool_call>", '<invoke name="set_cell">',
    '<parameter name="cell">', "A1", "</parameter>", "</invoke>", "</minimax:tool_call>", "<TOOLCALL>", "</TOOLCALL>",
    "Action:", "Action: ```json\n", "<|START_ACTION|>", "<|END_ACTION|>", "<tool>", "</tool>", "<json>", "</json>",
    "functools[", "[set_cell(", "set_cell(cell='A1')", "[read_paragraphs(start=1)]", "<|python_start|>",
    "<|python_end|>", "<tool_call>set_cell\n<arg_key>cell</arg_key><arg_value>A1</arg_value>", "</tool_call>",
    '{"name": "set_cell", "arguments": {"cell": "A1"}}', '{"tool_name": "set_cell", "parameters": {}}',
    '{"name": "set_cell"', '"arguments": {', "[{", REPLACE, "```json\n", "```", "\n```"]


def test_filter_agrees_with_the_parser_on_random_soup_of_every_format():
    rng = random.Random(17)
    for _ in range(6000):
        text = "".join(rng.choice(NEW_FRAGMENTS) for _ in range(rng.randint(0, 14)))
        remaining, calls = parse_text_tool_calls(text, KNOWN)
        shown = "".join(_filtered(_random_pieces(rng, text)))
        if calls or remaining != text:  # a call, or the control token [TOOL_CALLS] opening the reply, removed
            assert shown.strip() == remaining, text
        else:
            assert shown == text, text


ISSUE_37_FRAGMENTS = list("ab \n{}[]()<>`|\"':,=.") + [
    "<｜DSML｜function_calls>", "</｜DSML｜function_calls>", "<｜DSML｜tool_calls>", '<｜DSML｜invoke name="set_cell">',
    "</｜DSML｜invoke>", '<｜DSML｜parameter name="cell" string="true">', '<｜DSML｜parameter name="n" string="false">',
    "</｜DSML｜parameter>", "<|tools_prefix|>", "<|tools_suffix|>", '[{"set_cell": {"cell": "A1"}}]', '{"set_cell": ',
    '<function name="set_cell">', "<function name=", '"set_cell"', "</function>", "<function=set_cell>",
    "<parameter=cell>", "\nA1\n", "</parameter>", "</tool_call>", "<tool_call>", "<seed:tool_call>",
    "</seed:tool_call>", "[TOOL_CALLS]", " not json", "[set_cell(cell='A1'), set_cell(cell='x 'y')]",
    "[set_cell(cell=b'z')]", "set_cell(", "'x 'y'", "```json\n", "```", REPLACE]


def test_filter_agrees_with_the_parser_on_random_soup_of_the_formats_of_issue_37():
    rng = random.Random(37)
    schemas = {name: {"type": "object", "properties": {"n": {"type": "integer"}}} for name in KNOWN}
    for _ in range(6000):
        text = "".join(rng.choice(ISSUE_37_FRAGMENTS) for _ in range(rng.randint(0, 14)))
        remaining, calls = parse_text_tool_calls(text, schemas)
        shown = "".join(_filtered(_random_pieces(rng, text), schemas))
        if calls or remaining != text:
            assert shown.strip() == remaining, text
        else:
            assert shown == text, text


QWEN_BLOCK = '<function=replace_text>{"old": "Micheal", "new": "Michael"}</function>'


@pytest.mark.parametrize("content, remaining", [
    (QWEN_BLOCK + " " * 16 + "</tool_call>", ""),  # sixteen spaces at most: the trailer still belongs to the call
    (QWEN_BLOCK + " " * 17 + "</tool_call>", "</tool_call>"),
    (QWEN_BLOCK + "</tool_call></tool_call>", "</tool_call>"),  # one trailer per call; the next is text
    (QWEN_BLOCK + "</tool_call>X marks the spot", "X marks the spot"),
])
def test_the_trailer_after_a_bare_function_block_is_dropped_once_and_only_near_it(content, remaining):
    assert _calls(content) == (remaining, [FIXED])
    for pieces in _every_cut(content):
        assert "".join(_filtered(pieces)).strip() == remaining, pieces


def test_a_call_to_a_tool_not_offered_stays_text_and_a_later_call_is_still_recovered():
    unknown = '<tool_call>{"name": "delete_everything", "arguments": {}}</tool_call>'
    content = unknown + " then <tool_call>%s</tool_call>" % REPLACE
    assert _calls(content) == (unknown + " then", [FIXED])
    for pieces in _every_cut(content):
        assert "".join(_filtered(pieces)).strip() == unknown + " then", pieces
