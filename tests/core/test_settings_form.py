"""The settings dialog's field checks and conversions (no office needed)."""
import pytest

from marginalia.core.settings.form import form_from_settings, parse_form, preset_for_url, url_preview
from support.settings_schema import defaults, settings

FORM = {"preset": "ollama", "url": "localhost:11434", "model": " qwen3:8b ", "key": "",
        "temperature": "0,7", "max_tokens": "2048", "timeout": "300", "max_rounds": "20",
        "extra": "  Use British spelling. "}


def test_a_valid_form_gives_the_values_to_store():
    values, errors = parse_form(FORM, defaults())
    assert errors == {}
    assert values.endpoint_group() == {"URL": "http://localhost:11434/v1", "Model": "qwen3:8b",
                                       "Preset": "ollama", "RequestTimeout": 300}
    assert values.chat_group() == {"Temperature": 0.7, "MaxTokens": 2048, "MaxToolRounds": 20,
                                   "ExtraInstructions": "Use British spelling.", "Pictures": "auto"}


def test_empty_optional_fields_mean_the_defaults():
    values, errors = parse_form(dict(FORM, temperature="", max_tokens=" ", timeout="", max_rounds="", url=""),
                                defaults())
    assert errors == {}
    assert (values.temperature, values.max_tokens, values.timeout, values.max_rounds, values.url) == \
        (-1.0, 0, 120, 15, "")


@pytest.mark.parametrize("field, text, message", [
    ("temperature", "hot", "Enter a number from 0 to 2."),
    ("temperature", "2.5", "Must be from 0 to 2."),
    ("max_tokens", "1.5", "Enter a whole number from 1 to 1,000,000."),
    ("max_tokens", "0", "Must be from 1 to 1,000,000."),
    ("timeout", "2", "Must be from 5 to 3,600."),
    ("max_rounds", "many", "Enter a whole number from 1 to 100."),
    ("key", "sk-abc def", "An API key has no spaces or line breaks."),
    ("url", "ftp://example.com", None),
    ("url", "http://host:99999", None),
    ("extra", "x" * 4001, "Keep the instructions under 4000 characters."),
    ("agents_port", "80", "Must be from 1,024 to 65,535."),
    ("agents_port", "http", "Enter a whole number from 1,024 to 65,535."),
    ("prompt_concurrency", "0", "Must be from 1 to 16."),
    ("prompt_confirm", "-1", "Must be from 0 to 100,000."),
])
def test_each_wrong_field_gets_its_own_message(field, text, message):
    values, errors = parse_form(dict(FORM, **{field: text}), defaults())
    assert values is None and list(errors) == [field]
    if message:
        assert errors[field] == message
    else:
        assert "http" in errors[field]


def test_several_errors_at_once():
    _, errors = parse_form(dict(FORM, temperature="x", max_rounds="0"), defaults())
    assert set(errors) == {"temperature", "max_rounds"}


def test_stored_settings_become_field_texts_and_back():
    endpoint = {"URL": "http://127.0.0.1:1234/v1", "Model": "m", "Preset": "lmstudio", "RequestTimeout": 120}
    chat = {"Temperature": -1.0, "MaxTokens": 0, "MaxToolRounds": 15, "ExtraInstructions": "", "Pictures": "auto"}
    stored = settings(Endpoint=endpoint, Chat=chat)
    form = form_from_settings(stored, "k")
    assert form == {"preset": "lmstudio", "url": "http://127.0.0.1:1234/v1", "model": "m", "key": "k",
                    "temperature": "", "max_tokens": "", "timeout": "120", "max_rounds": "15", "extra": "",
                    "agents_port": "8765", "prompt_concurrency": "4", "prompt_confirm": "50", "pictures": "auto"}
    values, _ = parse_form(form, defaults())
    assert values.endpoint_group() == endpoint and values.chat_group() == chat
    tuned = settings(Chat={"Temperature": 0.3, "MaxTokens": 512})
    assert form_from_settings(tuned)["temperature"] == "0.3"


def test_the_mcp_port_and_prompt_fields_become_texts_and_back():
    stored = settings(Agents={"Port": 9100}, Calc={"PromptConcurrency": 2, "PromptConfirmAbove": 0})
    form = form_from_settings(stored)
    assert (form["agents_port"], form["prompt_concurrency"], form["prompt_confirm"]) == ("9100", "2", "0")
    values, errors = parse_form(dict(FORM, agents_port="9100", prompt_concurrency="2", prompt_confirm="0"),
                                defaults())
    assert errors == {} and values.agents_port == 9100
    assert values.calc_group() == {"PromptConcurrency": 2, "PromptConfirmAbove": 0}
    values, _ = parse_form(dict(FORM, agents_port="", prompt_concurrency=" ", prompt_confirm=""), defaults())
    assert (values.agents_port, values.calc_group()) == (8765, {"PromptConcurrency": 4, "PromptConfirmAbove": 50})


def test_sending_pictures_to_the_model_is_auto_by_default_and_kept_as_chosen():
    assert settings().chat.pictures == "auto" and form_from_settings(settings())["pictures"] == "auto"
    assert settings(Chat={"Pictures": "ON "}).chat.pictures == "on"
    assert settings(Chat={"Pictures": "sometimes"}).chat.pictures == "auto"
    values, _ = parse_form(dict(FORM, pictures="off"), defaults())
    assert values.chat_group()["Pictures"] == "off"
    values, _ = parse_form(dict(FORM, pictures="maybe"), defaults())
    assert values.pictures == "auto"


def test_url_preview_and_preset_guess():
    assert url_preview("http://localhost:11434/api/chat") == (
        "Requests go to http://localhost:11434/api/chat (Ollama's native API)", "")
    assert url_preview("http://10.0.0.2:9000/v1/", "ollama")[0] == \
        "Requests go to http://10.0.0.2:9000/api/chat (Ollama's native API)"
    assert url_preview("http://10.0.0.2:9000") == (
        "Requests go to http://10.0.0.2:9000/v1/chat/completions. "
        "Added /v1, where OpenAI-compatible servers answer.", "")
    info, error = url_preview("http://a b")
    assert info == "" and "spaces" in error
    assert url_preview("  ") == ("", "")
    assert preset_for_url("127.0.0.1:1234") == "lmstudio" and preset_for_url("example.org") is None
    assert defaults()["Endpoint"]["RequestTimeout"] == 120  # the default a new profile gets, from the .xcs
