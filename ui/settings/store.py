"""Marginalia's settings in LibreOffice's configuration (schema: registry/org/marginalia/Settings.xcs).

Read when a turn starts, so a change made through the configuration API (or the
settings dialog) takes effect on the next Send. API keys are not here: see keys.py.
"""
from __future__ import annotations

import uno
from com.sun.star.beans import PropertyValue

ROOT = "/org.marginalia.Settings"
PROVIDER = "com.sun.star.configuration.ConfigurationProvider"


def _access(ctx, node: str, update: bool = False):
    provider = ctx.ServiceManager.createInstanceWithContext(PROVIDER, ctx)
    arg = PropertyValue()
    arg.Name, arg.Value = "nodepath", "%s/%s" % (ROOT, node)
    service = "com.sun.star.configuration.Configuration%sAccess" % ("Update" if update else "")
    return provider.createInstanceWithArguments(service, (arg,))


def read_group(ctx, group: str) -> dict:
    """Return every property of a settings group as a dict."""
    access = _access(ctx, group)
    return {name: access.getByName(name) for name in access.getElementNames()}


def write_group(ctx, group: str, values: dict) -> None:
    """Write ``values`` into a settings group and commit them."""
    access = _access(ctx, group, update=True)
    for name, value in values.items():
        access.replaceByName(name, value)
    access.commitChanges()


def read_endpoint(ctx) -> dict:
    """Return ``{"URL": ..., "Model": ...}`` of the configured endpoint."""
    values = read_group(ctx, "Endpoint")
    return {"URL": (values.get("URL") or "").strip(), "Model": (values.get("Model") or "").strip()}


def file_url_to_path(url: str) -> str:
    """Convert a file:// URL to a system path."""
    return uno.fileUrlToSystemPath(url)
