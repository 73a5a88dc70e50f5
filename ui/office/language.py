"""Which language Marginalia speaks: LibreOffice's UI language, chosen once per office process.

The office's UI locale is ``/org.openoffice.Setup/L10N/ooLocale`` (``de-DE``, ``fr``, or
empty when LibreOffice follows the system); when it is empty or unreadable, the
environment (``LC_ALL``, ``LC_MESSAGES``, ``LANG``) decides. Languages without a
catalog show English.
"""
from __future__ import annotations

import os
from typing import Mapping, Optional

from ...core.i18n import set_language
from .log import get_logger

log = get_logger("language")

L10N_NODE = "/org.openoffice.Setup/L10N"


def office_locale(ctx) -> str:
    """LibreOffice's UI locale (``ooLocale``), or ``""`` when it is not set or cannot be read."""
    try:
        from com.sun.star.beans import PropertyValue
        provider = ctx.ServiceManager.createInstanceWithContext(
            "com.sun.star.configuration.ConfigurationProvider", ctx)
        arg = PropertyValue()
        arg.Name, arg.Value = "nodepath", L10N_NODE
        access = provider.createInstanceWithArguments("com.sun.star.configuration.ConfigurationAccess", (arg,))
        return str(access.getByName("ooLocale") or "").strip()
    except Exception:
        log.warning("could not read the office's UI language", exc_info=True)
        return ""


def environment_locale(environ: Optional[Mapping[str, str]] = None) -> str:
    """The locale the environment asks for (``de_DE`` from ``de_DE.UTF-8``), or ``""``."""
    environ = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = (environ.get(name) or "").split(".")[0].split("@")[0]
        if value and value not in ("C", "POSIX"):
            return value
    return ""


def choose_language(ctx) -> str:
    """Load the catalog of the office's language (the process-wide owner calls this once); return it."""
    locale = office_locale(ctx) or environment_locale()
    language = set_language(locale)
    log.info("UI locale %r: Marginalia speaks %s", locale, language)
    return language
