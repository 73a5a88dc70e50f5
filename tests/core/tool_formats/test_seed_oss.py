"""ByteDance Seed-OSS tool calls written as text.

Sources: ggml-org/llama.cpp models/templates/ByteDance-Seed-OSS.jinja (``<seed:tool_call>\\n<function=name>\\n``,
``<parameter=key>value</parameter>\\n`` per argument, a value spanning lines as written) and ggml-org/llama.cpp
tests/test-chat.cpp (Seed-OSS section: the calls below, among them "tool call with inside quotes", whose values end
in a newline of their own); vllm-project/vllm tests/tool_parsers/test_seed_oss_tool_parser.py for the one-line form.
"""
from support.text_calls import check_recovered, check_text

EDIT = {"type": "object", "properties": {"filename": {"type": "string"}, "oldString": {"type": "string"},
                                        "newString": {"type": "string"}}}
SCHEMAS = {"edit": EDIT, "get_weather": {"type": "object", "properties": {"location": {"type": "string"}}},
           "special_function": {"type": "object", "properties": {"arg1": {"type": "integer"}}}}
HIDDEN = ("seed:tool_call", "<function", "parameter")


def test_values_keep_their_own_last_newline():
    content = ('<seed:tool_call>\n<function=edit>\n<parameter=filename>\nfoo.cpp\n</parameter>\n'
               '<parameter=oldString>def foo(arg = "14"):\n    return arg + "bar"\n\n</parameter>\n'
               '<parameter=newString>def foo(arg = "15"):\n    pass\n\n</parameter>\n</function>\n</seed:tool_call>')
    check_recovered(content, SCHEMAS, "", [("edit", {
        "filename": "foo.cpp", "oldString": 'def foo(arg = "14"):\n    return arg + "bar"\n',
        "newString": 'def foo(arg = "15"):\n    pass\n'})], HIDDEN)


def test_one_line_values_and_a_number_typed_by_the_schema():
    check_recovered('<seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona, Spain</parameter>\n'
                    '</function>\n</seed:tool_call>', SCHEMAS, "", [("get_weather", {"location": "Barcelona, Spain"})],
                    HIDDEN)
    check_recovered('<seed:tool_call>\n<function=special_function>\n<parameter=arg1>\n42\n</parameter>\n</function>\n'
                    '</seed:tool_call>', SCHEMAS, "", [("special_function", {"arg1": 42})], HIDDEN)


def test_unknown_tools_and_prose_stay_text():
    check_text('<seed:tool_call>\n<function=web_search>\n<parameter=q>x</parameter>\n</function>\n</seed:tool_call>',
               SCHEMAS)
    check_text("Seed-OSS wraps its calls in <seed:tool_call> tags.", SCHEMAS)
