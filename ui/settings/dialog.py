"""Marginalia ▸ Settings: server, address, model, key, generation settings, agents, PROMPT(), Test.

The dialog (extension/dialogs/Settings.xdl) runs modally with ``execute()``. Nothing
in it blocks: the model list and the Test run on worker threads and come back through
a channel of the main-thread pump. OK checks every field
(:func:`~marginalia.core.settings.form.parse_form`); a wrong value gets a message next
to its field and nothing is saved. Otherwise the ``Endpoint``, ``Chat``, ``Agents`` and ``Calc`` settings
are written (the MCP server follows the ``Agents`` ones at once; its token is shown, copyable, and renewable) and the key goes to LibreOffice's password store (:mod:`.keys`). What Test found
for the address and model saved (the tool strategy, which OpenAI API the endpoint speaks)
is saved with them; a new address that was not tested goes back to ``auto``.
"""
from __future__ import annotations

from typing import Dict, Optional

import uno  # noqa: F401  (installs the com.sun.star import hook)
from com.sun.star.beans import NamedValue

from ...core.settings.check import CheckResult, CheckTarget
from ...core.llm.endpoints import PRESETS
from ...core.i18n import _, ngettext
from ...core.settings.form import form_from_settings, parse_form, preset_for_url, url_preview
from ...core.settings.views import PICTURE_SETTINGS, EndpointSettings
from ...core.net.tls import TlsOptions
from ...core.errors import InvalidUrlError
from ...core.llm.url_normalize import normalize_base_url
from . import keys, store as settings_store, texts as settings_texts
from ..office.listeners import OnAction, OnFocusLost, OnHidden, OnItem, OnText
from ..office.dialog_texts import apply_texts
from ..office.log import get_logger
from .model_list import ModelListLoader
from ..office.extension import extension_url
from .request_settings import tls_options
from .check import CheckRunner

log = get_logger("settings")

DIALOG = "dialogs/Settings.xdl"
PRESET_KEYS = list(PRESETS)
ERROR_LABELS = {"url": "url_error", "key": "key_info", "temperature": "temperature_error",
                "max_tokens": "max_tokens_error", "timeout": "timeout_error",
                "max_rounds": "max_rounds_error", "extra": "extra_error", "agents_port": "agents_port_error",
                "prompt_concurrency": "prompt_concurrency_error", "prompt_confirm": "prompt_confirm_error"}
TEXT_CONTROLS = ("url", "model", "key", "temperature", "max_tokens", "timeout", "max_rounds", "extra",
                 "agents_port", "prompt_concurrency", "prompt_confirm")


class SettingsDialog:
    """One open settings dialog."""

    def __init__(self, app, parent=None):
        ctx = self.ctx = app.ctx
        self._facts = app.facts
        self._agents = app.agents
        provider = ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.DialogProvider2", ctx)
        if parent is None:
            self.dialog = provider.createDialog(extension_url(ctx, DIALOG))
        else:
            arg = NamedValue()
            arg.Name, arg.Value = "ParentWindow", parent
            self.dialog = provider.createDialogWithArguments(extension_url(ctx, DIALOG), (arg,))
        apply_texts(self.dialog, settings_texts.title(), settings_texts.control_texts())
        self.main = app.pump.channel()
        self.models = ModelListLoader(ctx, self.main)
        self.check = CheckRunner(ctx, self.main, self.control("report"), self.control("test"),
                                 self.control("test_status"), self._checked, app.facts)
        self._filling = False
        self._key_dirty = False
        self._key_locked = False   # the shown address has a key the locked password store would not give
        self._listed_url: Optional[str] = None
        self._loaded_url = ""
        self._endpoint: Optional[EndpointSettings] = None
        self._defaults = settings_store.schema_defaults(ctx)
        self._pin: Optional[str] = None
        self._fingerprint: Optional[str] = None
        self._key_note = ""
        self._listeners = []
        self._discovery = None
        self._strategy = None      # (base URL, model, tool strategy) Test found
        self._openai_api = None    # (base URL, model, OpenAI API) Test found
        self._hidden = False       # the window was hidden: the dialog is ending

    def control(self, name: str):
        return self.dialog.getControl(name)

    # -- filling -----------------------------------------------------------------------

    def load(self) -> None:
        """Show the stored settings and start reading the model list."""
        stored = settings_store.read_settings(self.ctx)
        self._endpoint = stored.endpoint
        self._loaded_url = stored.endpoint.url
        form = form_from_settings(stored, self._stored_key(self._loaded_url))
        self.control("preset").addItems(tuple(_(PRESETS[k].label) for k in PRESET_KEYS), 0)
        self.control("pictures").addItems(settings_texts.picture_choices(), 0)
        self.control("pictures").selectItemPos(PICTURE_SETTINGS.index(form["pictures"]), True)
        self._filling = True
        try:
            for name in TEXT_CONTROLS:
                self.control(name).setText(form[name])
            preset = form["preset"] or preset_for_url(form["url"]) or "custom"
            self.control("preset").selectItemPos(PRESET_KEYS.index(preset), True)
        finally:
            self._filling = False
        self._show_key_note()
        self._load_agents(stored.agents)
        self._show_url_preview()
        self._reload_models()
        if not form["url"].strip():
            from .discovery import discover_later
            self._discovery = discover_later(self.ctx, self.main, self._found_local_server)

    def _found_local_server(self, found) -> None:
        """First run: propose the server found on this computer (if the user typed nothing)."""
        if self.control("url").getText().strip():
            return
        self._filling = True
        try:
            self.control("preset").selectItemPos(PRESET_KEYS.index(found.preset), True)
            self.control("url").setText(found.base_url)
        finally:
            self._filling = False
        self._show_url_preview()
        self._reload_models()
        count = len(found.models)
        self.control("report").setText(
            ngettext("Found %s running on this computer (%d model). Press Test to check it, then OK.",
                     "Found %s running on this computer (%d models). Press Test to check it, then OK.", count)
            % (_(PRESETS[found.preset].label), count))

    def _listen(self) -> None:
        pairs = [("preset", "addItemListener", OnItem(self._preset_chosen)),
                 ("url", "addTextListener", OnText(self._url_typed)),
                 ("url", "addFocusListener", OnFocusLost(lambda e: self._url_done())),
                 ("key", "addTextListener", OnText(self._key_typed)),
                 ("refresh_models", "addActionListener", OnAction(lambda e: self._reload_models(True))),
                 ("test", "addActionListener", OnAction(lambda e: self._test())),
                 ("trust", "addActionListener", OnAction(lambda e: self._trust())),
                 ("agents_enabled", "addItemListener", OnItem(lambda e: self._agents_toggled())),
                 ("agents_renew", "addActionListener", OnAction(lambda e: self._renew_token())),
                 ("ok", "addActionListener", OnAction(lambda e: self._ok()))]
        for name, method, listener in pairs:
            getattr(self.control(name), method)(listener)
            self._listeners.append(listener)
        hidden = OnHidden(lambda e: setattr(self, "_hidden", True))
        self.dialog.addWindowListener(hidden)
        self._listeners.append(hidden)

    # -- reacting to the user ------------------------------------------------------------

    def _preset_key(self) -> str:
        position = self.control("preset").getSelectedItemPos()
        return PRESET_KEYS[position] if 0 <= position < len(PRESET_KEYS) else ""

    def _preset_chosen(self, event) -> None:
        if self._filling:
            return
        preset = PRESETS.get(self._preset_key())
        if preset is not None and preset.base_url:
            self._set_quietly("url", preset.base_url)
            self._show_url_preview()
            self._url_done()

    def _url_typed(self, event) -> None:
        if self._filling:
            return
        self._show_url_preview()
        guess = preset_for_url(self.control("url").getText())
        if guess and guess != self._preset_key():
            self._filling = True
            try:
                self.control("preset").selectItemPos(PRESET_KEYS.index(guess), True)
            finally:
                self._filling = False
            self._show_url_preview()

    def _url_done(self) -> None:
        """The address may have changed: read its key (unless one was typed) and models."""
        url = self.control("url").getText()
        if not self._key_dirty:
            self._set_quietly("key", self._stored_key(url))
            self._show_key_note()
        self._reload_models()

    def _stored_key(self, url: str) -> str:
        """The key stored for ``url``; "" when none, or when the store is locked (then it is kept, never replaced)."""
        try:
            key, self._key_locked = keys.find_key(self.ctx, url), False
        except Exception as error:  # StoreLocked, or the store failed: what is stored is unknown, so it stays
            log.warning("the key for %s could not be read: %s", url, type(error).__name__)
            key, self._key_locked = "", True
        return key

    def _show_key_note(self) -> None:
        if self._key_locked:
            self._key_note = _("A key is stored for this address, but LibreOffice's master password was not "
                               "entered: it is kept as it is unless you type a new one.")
        else:
            self._key_note = keys.protection_note(keys.protection(self.ctx))
        self.control("key_info").setText(self._key_note)

    def _key_typed(self, event) -> None:
        if not self._filling:
            self._key_dirty = True

    def _set_quietly(self, name: str, text: str) -> None:
        self._filling = True
        try:
            self.control(name).setText(text)
        finally:
            self._filling = False

    def _show_url_preview(self) -> None:
        info, error = url_preview(self.control("url").getText(), self._preset_key())
        self.control("url_info").setText(info)
        self.control("url_error").setText(error)

    # -- model list --------------------------------------------------------------------

    def _reload_models(self, force: bool = False) -> None:
        url = self.control("url").getText().strip()
        if not url or url_preview(url)[1] or (url == self._listed_url and not force):
            return
        self._listed_url = url
        self.control("model_info").setText(_("Reading the model list…"))
        self.models.load(url, self.control("key").getText().strip(), self._tls(), self._models_read)

    def _models_read(self, names, error) -> None:
        combo = self.control("model")
        combo.removeItems(0, combo.getItemCount())
        if error is not None:
            self.control("model_info").setText(_("The model list could not be read: %s") % error.user_message)
            return
        combo.addItems(tuple(names), 0)
        if names and not combo.getText().strip():
            combo.setText(names[0])
        count = len(names)
        self.control("model_info").setText(
            ngettext("%d model on the server.", "%d models on the server.", count) % count if count
            else _("The server lists no models; type the model's name."))

    # -- Test and certificates -----------------------------------------------------------

    def _tls(self) -> Optional[TlsOptions]:
        options = tls_options(self._endpoint)
        if self._pin:
            return TlsOptions(options.ca_file if options else None, self._pin)
        return options

    def _test(self) -> None:
        form = self.form()
        values, _errors = parse_form(form, self._defaults)
        timeout = float(values.timeout) if values else 120.0
        target = CheckTarget(form["url"], form["model"].strip(), form["key"].strip(), self._tls(),
                             self._preset_key())
        self.control("trust").setEnable(False)
        self.check.toggle(target, timeout)

    def _checked(self, result: CheckResult) -> None:
        data = result.data
        if data.get("tool_strategy"):
            self._strategy = (data.get("base_url"), data.get("model"), data["tool_strategy"])
        if result.ok:
            self._openai_api = (data.get("base_url"), data.get("model"), data.get("openai_api") or "auto")
        self._fingerprint = (data.get("error") or {}).get("fingerprint_sha256")
        self.control("trust").setEnable(bool(self._fingerprint))
        if data.get("server") == "ollama" and self._preset_key() != "ollama":
            self._filling = True
            try:
                self.control("preset").selectItemPos(PRESET_KEYS.index("ollama"), True)
            finally:
                self._filling = False
            self._show_url_preview()
        if result.ok and data.get("model") and not self.control("model").getText().strip():
            self.control("model").setText(data["model"])

    def _trust(self) -> None:
        fingerprint = self._fingerprint
        if not fingerprint:
            return
        self._pin = fingerprint
        self.control("trust").setEnable(False)
        self.control("report").setText(
            _("This certificate will be trusted (SHA-256 %s); press Test to check again. It is saved "
              "when you press OK.") % fingerprint)

    # -- agents (the MCP server) -------------------------------------------------------------

    def _load_agents(self, agents) -> None:
        self._agents_port = agents.port
        self.control("agents_enabled").setState(1 if agents.server_enabled else 0)
        self.control("agents_read_only").setState(1 if agents.read_only else 0)
        if agents.server_enabled:
            self._show_token(create=False)
        else:
            self.control("agents_token").setText("")
        self._show_agents_info()

    def _agents_toggled(self) -> None:
        if self.control("agents_enabled").getState() and not self.control("agents_token").getText():
            self._show_token(create=True)
        self._show_agents_info()

    def _show_token(self, create: bool) -> None:
        """Show the stored token (made first when ``create``); a locked store shows none and makes none."""
        try:
            token = self._agents.stored_token(create=create)
        except keys.StoreLocked:
            token = ""
        self.control("agents_token").setText(token)

    def _renew_token(self) -> None:
        try:
            self.control("agents_token").setText(self._agents.renew_token())
        except keys.StoreLocked:
            self._show_agents_info(_("The token was not renewed: LibreOffice's master password was not entered. "
                                     "The old token still works."))
            return
        self._show_agents_info(_("A new token was made: give it to your agents; the old one no longer works."))

    def _show_agents_info(self, note: str = "") -> None:
        enabled = bool(self.control("agents_enabled").getState())
        for name in ("agents_read_only", "agents_token", "agents_renew", "agents_port"):
            self.control(name).setEnable(enabled)
        self.control("agents_info").setText(note or (self._agents_state() if enabled else ""))

    def _agents_state(self) -> str:
        """Where the server listens, or why it does not."""
        if self._agents.waiting_for_store:
            return _("The MCP server waits for LibreOffice's master password: its token is in the password store, "
                     "which is locked. Enter the master password (Options ▸ LibreOffice ▸ Security ▸ "
                     "Connections) and the server starts.")
        if self._agents.problem:
            return _("The MCP server could not start (%s).") % self._agents.problem
        return _("Endpoint: http://127.0.0.1:%d/mcp") % self._agents_port

    def _agents_group(self, values) -> Dict[str, object]:
        return {"ServerEnabled": bool(self.control("agents_enabled").getState()),
                "ReadOnly": bool(self.control("agents_read_only").getState()), "Port": values.agents_port}

    # -- OK ------------------------------------------------------------------------------

    def form(self) -> Dict[str, str]:
        """The fields' current texts."""
        form = {name: self.control(name).getText() for name in TEXT_CONTROLS}
        form["preset"] = self._preset_key()
        position = self.control("pictures").getSelectedItemPos()
        form["pictures"] = PICTURE_SETTINGS[position] if 0 <= position < len(PICTURE_SETTINGS) else ""
        return form

    def _ok(self) -> None:
        values, errors = parse_form(self.form(), self._defaults)
        self._show_errors(errors)
        if errors:
            self.control(next(n for n in ERROR_LABELS if n in errors)).setFocus()
            return
        endpoint = values.endpoint_group()
        if self._pin:
            endpoint["PinnedCertificate"] = self._pin
        strategy = self._strategy
        if _found_for(strategy, endpoint):
            endpoint["ToolStrategy"] = strategy[2]  # what Test found for this server and model
        openai_api = self._openai_api
        if _found_for(openai_api, endpoint):
            endpoint["Api"] = openai_api[2]
        elif values.url != self._loaded_url:
            endpoint["Api"] = "auto"  # a new address: the chat finds out which API it speaks
        if not self._store_key(values):
            return
        settings_store.write_group(self.ctx, "Endpoint", endpoint)
        settings_store.write_group(self.ctx, "Chat", values.chat_group())
        settings_store.write_group(self.ctx, "Agents", self._agents_group(values))
        settings_store.write_group(self.ctx, "Calc", values.calc_group())
        self._facts.forget()
        log.info("settings saved for %s (model %s)", values.url or "(no endpoint)", values.model)
        self.dialog.endDialog(1)

    def _store_key(self, values) -> bool:
        """Keep the typed key (an untouched key the locked store would not give stays); False when it failed."""
        changed = self._key_dirty or (values.url != self._loaded_url and not self._key_locked)
        if not values.url or not changed:
            return True
        try:
            keys.store_key(self.ctx, values.url, values.key, self.dialog.getPeer())
        except keys.StoreLocked:
            self.control("key_info").setText(_("The key was not saved: LibreOffice's master password was not "
                                               "entered. Press OK again to enter it, or Cancel."))
            return False
        return True

    def _show_errors(self, errors: Dict[str, str]) -> None:
        for field, label in ERROR_LABELS.items():
            default = self._key_note if field == "key" else ""
            self.control(label).setText(errors.get(field, default))

    # -- running -------------------------------------------------------------------------

    def run(self) -> int:
        """Show the dialog modally; return 1 when saved, 0 when cancelled."""
        try:
            self.load()
            self._listen()
            return self.dialog.execute()
        finally:
            self.close()

    def closing(self) -> bool:
        """True once the dialog's window was hidden (OK, Cancel or its close box: its modal loop is ending)."""
        return self._hidden

    def to_front(self) -> None:
        """Raise the open dialog above other windows."""
        try:
            self.dialog.toFront()
        except Exception:  # a window going away
            log.debug("could not bring the settings dialog to the front", exc_info=True)

    def close(self) -> None:
        """Stop background work and free the dialog."""
        self.main.close()
        if self._discovery is not None:
            self._discovery.cancel()
        self.models.close()
        self.check.close()
        self.dialog.dispose()


def _found_for(found, endpoint: Dict[str, object]) -> bool:
    """Whether ``found`` (``(base URL, model, value)`` from Test) is about the endpoint being saved."""
    if not found or not found[0] or found[1] != endpoint.get("Model"):
        return False
    try:
        return normalize_base_url(str(endpoint.get("URL", ""))).base_url == found[0]
    except InvalidUrlError:  # an address that cannot be read was not what Test checked
        return False
