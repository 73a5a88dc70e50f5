"""Marginalia's settings in LibreOffice's configuration (schema: registry/org/marginalia/Settings.xcs).

:func:`read_settings` reads every group once into the typed views of
:mod:`marginalia.core.settings.views`; a turn does that when it starts, so a change made
in the settings dialog (or through the configuration API) applies to the next Send.
Only the dialog and the model picker write (:func:`write_group`). API keys are not here:
see keys.py.
"""
from __future__ import annotations

import uno
from com.sun.star.beans import PropertyValue

from ...core.settings.schema import Defaults, read_defaults
from ...core.settings.views import Settings
from ..office.extension import extension_url

ROOT = "/org.marginalia.Settings"
PROVIDER = "com.sun.star.configuration.ConfigurationProvider"
GROUPS = ("Endpoint", "Chat", "Writer", "Research", "Agents", "Calc")
SCHEMA = "registry/org/marginalia/Settings.xcs"


def _access(ctx, node: str, update: bool = False):
    provider = ctx.ServiceManager.createInstanceWithContext(PROVIDER, ctx)
    arg = PropertyValue()
    arg.Name, arg.Value = "nodepath", "%s/%s" % (ROOT, node)
    service = "com.sun.star.configuration.Configuration%sAccess" % ("Update" if update else "")
    return provider.createInstanceWithArguments(service, (arg,))


def group_access(ctx, group: str):
    """A read access to one settings group (to watch it for changes)."""
    return _access(ctx, group)


def read_settings(ctx) -> Settings:
    """Every settings group, read now, as typed views."""
    return Settings.from_groups({group: _read_group(ctx, group) for group in GROUPS}, schema_defaults(ctx))


def schema_defaults(ctx) -> Defaults:
    """The defaults of the .xcs schema the installed extension ships."""
    with open(uno.fileUrlToSystemPath(extension_url(ctx, SCHEMA)), encoding="utf-8") as handle:
        return read_defaults(handle.read())


def _read_group(ctx, group: str) -> dict:
    access = _access(ctx, group)
    return {name: access.getByName(name) for name in access.getElementNames()}


def write_group(ctx, group: str, values: dict) -> None:
    """Write ``values`` into a settings group and commit them."""
    access = _access(ctx, group, update=True)
    for name, value in values.items():
        access.replaceByName(name, value)
    access.commitChanges()
