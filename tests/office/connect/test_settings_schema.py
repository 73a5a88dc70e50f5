"""The settings schema installs with its defaults, and values round-trip through the configuration API."""
from officectl import read_settings, write_settings


def test_endpoint_and_chat_groups_have_their_defaults(office):
    endpoint = read_settings(office.ctx, "Endpoint")
    chat = read_settings(office.ctx, "Chat")
    assert {"URL", "Model", "Preset", "CaFile", "PinnedCertificate", "RequestTimeout"} <= set(endpoint)
    assert endpoint["RequestTimeout"] == 120
    assert chat["MaxToolRounds"] == 15 and chat["MaxTokens"] == 0
    assert chat["Temperature"] < 0 and chat["ExtraInstructions"] == ""


def test_values_round_trip(office):
    before = read_settings(office.ctx, "Chat")
    try:
        write_settings(office.ctx, "Chat", Temperature=0.3, ExtraInstructions="Use British spelling.")
        after = read_settings(office.ctx, "Chat")
        assert abs(after["Temperature"] - 0.3) < 1e-9
        assert after["ExtraInstructions"] == "Use British spelling."
    finally:
        write_settings(office.ctx, "Chat", Temperature=before["Temperature"],
                       ExtraInstructions=before["ExtraInstructions"])


def test_the_openai_api_setting_is_installed_and_automatic_by_default(office):
    assert read_settings(office.ctx, "Endpoint")["Api"] == "auto"
