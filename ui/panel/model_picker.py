"""The panel's model list: filled from the endpoint in the background, the choice saved.

:class:`ModelPicker` takes the panel's ``model`` combobox. It shows the configured
model, reads the endpoint's model list on a worker thread (never blocking the panel)
and, when the user picks or types another model, writes it to the ``Model`` setting,
so the next Send uses it. It follows the settings: when the address, key or model
change (the settings dialog, another panel), it shows the new model and reloads the list.

It never asks for the master password: with one set and not yet entered in this
session, the list is read without the key (a local server needs none).
"""
from __future__ import annotations

from typing import Callable, Optional

import unohelper
from com.sun.star.util import XChangesListener

from ...core.settings.views import EndpointSettings
from ..settings import keys, store as settings_store
from ..office.listeners import OnAction, OnFocusLost, OnItem
from ..office.log import get_logger, logged
from ..settings.model_list import ModelListLoader
from ..settings.request_settings import tls_options

log = get_logger("model_picker")

ReadSettings = Callable[[], EndpointSettings]


class _SettingsChanged(unohelper.Base, XChangesListener):
    def __init__(self, callback):
        self._callback = callback

    @logged
    def changesOccurred(self, event):
        self._callback()

    def disposing(self, event):
        pass


class ModelPicker:
    """Binds one model combobox to the ``Endpoint`` settings.

    Args:
        ctx: The office's component context.
        combobox: The panel's ``model`` control (``XComboBox`` + ``XTextComponent``).
        main: The panel's channel to the main thread (closed with the picker).
        read_settings: Returns the ``Endpoint`` settings (default: from the configuration).
        on_settings_changed: Called on the main thread after the endpoint settings changed.
    """

    def __init__(self, ctx, combobox, main, read_settings: Optional[ReadSettings] = None, on_settings_changed=None):
        self.ctx, self.combobox = ctx, combobox
        self._on_settings_changed = on_settings_changed
        self._read = read_settings or (lambda: settings_store.read_settings(ctx).endpoint)
        self.main = main
        self.loader = ModelListLoader(ctx, self.main)
        self._listed: Optional[tuple] = None
        self._chosen = OnItem(lambda event: self.save_choice())
        self._entered = OnAction(lambda event: self.save_choice())
        self._left = OnFocusLost(lambda event: self.save_choice())
        combobox.addItemListener(self._chosen)
        combobox.addActionListener(self._entered)
        combobox.addFocusListener(self._left)
        self._watch = self._watch_settings()
        self.refresh()

    def _watch_settings(self):
        try:
            access = settings_store._access(self.ctx, "Endpoint")
            listener = _SettingsChanged(lambda: self.main.call_soon(self._settings_changed))
            access.addChangesListener(listener)
            return access, listener
        except Exception:
            log.warning("cannot follow settings changes", exc_info=True)
            return None

    def _settings_changed(self) -> None:
        self.refresh()
        if self._on_settings_changed is not None:
            self._on_settings_changed()

    def refresh(self, force: bool = False) -> None:
        """Show the configured model; read the list again if the endpoint changed."""
        endpoint = self._read()
        url, model = endpoint.url, endpoint.model
        if self.combobox.getText() != model:
            self.combobox.setText(model)
        if not url:
            self._listed = None
            self.combobox.removeItems(0, self.combobox.getItemCount())
            return
        key = keys.read_key(self.ctx, url, ask=False)
        wanted = (url, key, endpoint.pinned_certificate, endpoint.ca_file)
        if wanted != self._listed or force:
            self._listed = wanted
            self.loader.load(url, key, tls_options(endpoint), self._filled)

    def _filled(self, names, error) -> None:
        if error is not None:
            log.info("model list not available: %s", error.user_message)
            return
        text = self.combobox.getText()
        self.combobox.removeItems(0, self.combobox.getItemCount())
        self.combobox.addItems(tuple(names), 0)
        self.combobox.setText(text)
        if names and not text.strip():
            self.combobox.setText(names[0])
            self.save_choice()

    def save_choice(self) -> None:
        """Store the model shown in the combobox as the ``Model`` setting (if it changed)."""
        text = self.combobox.getText().strip()
        if text and text != self._read().model:
            settings_store.write_group(self.ctx, "Endpoint", {"Model": text})
            log.info("model set to %s from the panel", text)

    def dispose(self) -> None:
        """Stop listening and reading (the panel is going away)."""
        self.main.close()
        self.loader.close()
        for remove, listener in ((self.combobox.removeItemListener, self._chosen),
                                 (self.combobox.removeActionListener, self._entered),
                                 (self.combobox.removeFocusListener, self._left)):
            try:
                remove(listener)
            except Exception:
                pass
        if self._watch is not None:
            access, listener = self._watch
            try:
                access.removeChangesListener(listener)
            except Exception:
                pass
