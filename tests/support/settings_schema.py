"""The settings schema the extension ships (registry/org/marginalia/Settings.xcs), for pure tests.

Views built here get the same defaults as inside the office, where the configuration
answers with the schema's values.
"""
import dataclasses
import os

from marginalia.core.settings.schema import read_defaults
from marginalia.core.settings.views import ResearchSettings, Settings

XCS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                   "registry", "org", "marginalia", "Settings.xcs")


def defaults():
    """``{group: {property: default}}`` from the .xcs."""
    with open(XCS, encoding="utf-8") as handle:
        return read_defaults(handle.read())


def settings(**groups) -> Settings:
    """Every view, from the schema's defaults with ``groups`` ({"Endpoint": {"URL": …}}) laid over them."""
    return Settings.from_groups(groups, defaults())


def research(**fields) -> ResearchSettings:
    """The research view with the schema's defaults and ``fields`` changed (e.g. ``local_only=True``)."""
    return dataclasses.replace(settings().research, **fields)
