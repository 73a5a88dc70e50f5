"""The settings dialog's texts in the current language (extension/dialogs/Settings.xdl has the English)."""
from __future__ import annotations

from ...core.i18n import _
from ..office.dialog_texts import Texts


def title() -> str:
    """The dialog's title."""
    return _("Marginalia Settings")


def control_texts() -> Texts:
    """Label and tooltip of each control (None: the control has no such text)."""
    return {
        "preset_label": (_("~Server:"), None),
        "preset": (None, _("The kind of server; choosing one fills in its usual address")),
        "url_label": (_("~Address:"), None),
        "url": (None, _("Paste any form: http://localhost:11434, …/v1, …/v1/chat/completions, …/api")),
        "model_label": (_("~Model:"), None),
        "model": (None, _("The model, from the server's list or typed")),
        "refresh_models": (_("~Reload list"), _("Read the server's model list again")),
        "key_label": (_("API ~key:"), None),
        "key": (None, _("Only remote services need one; it is kept in LibreOffice's password store")),
        "temperature_label": (_("~Temperature:"), None),
        "temperature": (None, _("0 to 2; empty uses the server's default")),
        "max_tokens_label": (_("Ma~x tokens:"), None),
        "max_tokens": (None, _("Longest answer in tokens; empty uses the server's default")),
        "timeout_label": (_("Time~out (s):"), None),
        "timeout": (None, _("Seconds to wait for the server to send data")),
        "max_rounds_label": (_("Tool ~rounds:"), None),
        "max_rounds": (None, _("Most model rounds (answer, tools, answer again) for one request")),
        "extra_label": (_("~Instructions for every chat:"), None),
        "extra": (None, _("Added to every conversation, e.g. Use British spelling.")),
        "pictures_label": (_("Slide pi~ctures:"), None),
        "pictures": (None, _("Whether the assistant sends pictures of slides to the model to check its work (only "
                             "models that see images take them)")),
        "agents_enabled": (_("Let other ~agents work in the open documents (MCP server on 127.0.0.1)"),
                           _("Claude Desktop, Claude Code and other MCP clients can use Marginalia's tools; each "
                             "request needs the token")),
        "agents_read_only": (_("Agents may only rea~d documents"),
                             _("Offer agents only the tools that do not change documents")),
        "agents_token_label": (_("Agent to~ken:"), None),
        "agents_token": (None, _("Give this token to your agent (select it and copy); it is kept in LibreOffice's "
                                 "password store")),
        "agents_renew": (_("Ne~w token"), _("Make a new token; the old one stops working at once")),
        "agents_port_label": (_("MCP ~port:"), None),
        "agents_port": (None, _("Port of the MCP server on 127.0.0.1 (1024 to 65535); agents connect to "
                                "http://127.0.0.1:PORT/mcp")),
        "prompt_concurrency_label": (_("PROMPT() at o~nce:"), None),
        "prompt_concurrency": (None, _("Most PROMPT() cells of Calc asked from the model at the same time (1 to 16)")),
        "prompt_confirm_label": (_("Ask a~bove (cells):"), None),
        "prompt_confirm": (None, _("When more new PROMPT() cells than this would be asked at once, Marginalia asks "
                                   "you first; 0 never asks")),
        "test": (test_label(), _("Check the connection, streaming, tool calls and context size")),
        "trust": (_("Trust this certificate"),
                  _("Accept exactly the certificate the test found (for your own self-signed server)")),
        "report": (None, _("Test report")),
        "cancel": (_("Cancel"), None),
    }


def picture_choices() -> tuple:
    """The entries of the Slide pictures list, in the order of ``PICTURE_SETTINGS`` (auto, on, off)."""
    return (_("Automatic: when Ollama says the model sees images"), _("Send them: the model takes images"),
            _("Never: the layout check in words only"))


def test_label() -> str:
    """The Test button's label while no check runs."""
    return _("T~est")


def stop_label() -> str:
    """The Test button's label while a check runs."""
    return _("~Stop")
