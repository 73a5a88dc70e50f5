"""The settings schema (registry/org/marginalia/Settings.xcs): each group's properties and defaults.

The .xcs is the one place defaults are written. Inside the office the configuration
always answers with a value (the user's, or the schema's default), so the typed views
(:mod:`.views`) need defaults only for a stored value that cannot be used (a negative
timeout typed into the expert configuration): they take it from here, read from the
same .xcs the extension ships.
"""
from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from typing import Dict

OOR = "{http://openoffice.org/2001/registry}"

Defaults = Dict[str, Dict[str, object]]
"""``{group: {property: default value}}``."""


def read_defaults(xcs_text: str) -> Defaults:
    """Every group's properties and their default values, typed as the schema says.

    Args:
        xcs_text: The content of Settings.xcs.

    Returns:
        ``{"Endpoint": {"URL": "", "RequestTimeout": 120, …}, "Chat": {…}, …}``.
    """
    root = ElementTree.fromstring(xcs_text)
    groups: Defaults = {}
    for group in root.iter("group"):
        properties = {}
        for prop in group.findall("prop"):
            value = prop.find("value")
            properties[prop.get(OOR + "name")] = _typed(prop.get(OOR + "type"), value.text if value is not None else None)
        groups[group.get(OOR + "name")] = properties
    return groups


def _typed(kind: str, text):
    text = (text or "").strip()
    if kind == "xs:int":
        return int(text or 0)
    if kind == "xs:double":
        return float(text or 0)
    if kind == "xs:boolean":
        return text == "true"
    return text
