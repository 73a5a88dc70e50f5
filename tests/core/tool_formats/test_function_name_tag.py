"""The older Hermes/llama.cpp function tag ``<function name="…">{arguments}</function>``.

Source: ggml-org/llama.cpp tests/test-chat.cpp (Hermes 2 Pro section: ``<function name=\\"special_function\\">\\n``
``{\\"arg1\\": 1}\\n</function>`` parses as a call to special_function with {"arg1": 1}) and common/chat.cpp, whose
Hermes 2 Pro parser reads ``<function name="…">`` beside ``<function=…>``.
"""
from support.text_calls import check_malformed, check_recovered, check_text

KNOWN = {"special_function", "get_weather"}
HIDDEN = ("<function", "</function>", "arg1")


def test_llama_cpps_case_and_the_issues_example_are_recovered():
    check_recovered('<function name="special_function">\n{"arg1": 1}\n</function>', KNOWN, "",
                    [("special_function", {"arg1": 1})], HIDDEN)
    check_recovered('<function name="get_weather">\n{"city": "Paris"}\n</function>', KNOWN, "",
                    [("get_weather", {"city": "Paris"})], ("<function", "Paris"))


def test_text_around_and_a_tag_without_its_closing_at_the_end():
    check_recovered('Checking.\n<function name="get_weather">{"city": "Paris"}</function>\nDone.', KNOWN,
                    "Checking.\n\nDone.", [("get_weather", {"city": "Paris"})], ("<function", "Paris"))
    check_recovered('<function name="special_function">{"arg1": 1}', KNOWN, "", [("special_function", {"arg1": 1})],
                    HIDDEN)


def test_broken_arguments_are_explained_to_the_model():
    assert check_malformed('<function name="special_function">{"arg1": 1,}</function>', KNOWN, "special_function",
                           '{"arg1": 1,}') == ""


def test_unknown_tools_and_html_like_prose_stay_text():
    check_text('<function name="web_search">{"q": "x"}</function>', KNOWN)
    check_text('Write <function name="get_weather extra"> in the markup.', KNOWN)
    check_text("In XML, <function name=...> declares one.", KNOWN)
