"""The locale a spreadsheet reads typed input in, and the one its number formats are registered with.

* **The document's locale** is its default language (``CharLocale``, stored in the file; Tools ▸
  Options ▸ Languages ▸ Default languages for documents), or the office's locale setting when
  the document names none. Typed input (``25.05.2011`` in German, ``5/25/2011`` in English) is read
  in it.
* **Number formats** are registered with the document's locale. When that is also the office's
  locale setting, they are registered with Calc's "default" locale, as the formats of Calc's own
  dialogs are, so an xlsx file gets ``m/d/yyyy`` and not ``[$-409]m/d/yyyy``.
"""
from __future__ import annotations

from typing import Optional

import uno
from com.sun.star.lang import Locale

from ...core.agent.tools import ToolError

ENGLISH = Locale("en", "US", "")
DEFAULT = Locale()
"""Calc's "default" locale: whatever the office's locale setting is."""


def locale_tag(locale) -> str:
    """``de-DE`` for a Locale (``en-US`` style; the language alone when it has no country)."""
    return "-".join(part for part in (locale.Language, locale.Country) if part)


def parse_locale(tag: str):
    """A Locale for ``de-DE``, ``de_DE`` or ``de``.

    Raises:
        ToolError: not a language tag.
    """
    parts = tag.strip().replace("_", "-").split("-")
    if not parts[0].isalpha() or not 2 <= len(parts[0]) <= 3 or len(parts) > 2 or (
            len(parts) == 2 and not (parts[1].isalnum() and 2 <= len(parts[1]) <= 3)):
        raise ToolError("'%s' is not a locale; give a language tag such as en-US, de-DE or fr-FR. Nothing was "
                        "changed." % tag)
    return Locale(parts[0].lower(), parts[1].upper() if len(parts) == 2 else "", "")


def office_locale(ctx):
    """The office's locale setting (Tools ▸ Options ▸ Languages), or the system's when it is "Default"."""
    ctx = ctx or uno.getComponentContext()
    for path, name in (("/org.openoffice.Setup/L10N", "ooSetupSystemLocale"), ("/org.openoffice.System/L10N",
                                                                                 "Locale")):
        try:
            value = _configuration(ctx, path).getByName(name)
        except Exception:  # a configuration without the node: try the next one
            continue
        if value:
            return parse_locale(value)
    return ENGLISH


def document_locale(document, ctx):
    """The locale typed input is read in (see the module docstring)."""
    locale = document.getPropertyValue("CharLocale")
    if locale.Language:
        return Locale(locale.Language, locale.Country, locale.Variant)
    return office_locale(ctx)


def format_locale(document, ctx, explicit: Optional[str] = None):
    """The locale to register number formats with: ``explicit`` (a tag), else the document's (see above)."""
    if explicit:
        return parse_locale(explicit)
    locale = document_locale(document, ctx)
    return DEFAULT if same_locale(locale, office_locale(ctx)) else locale


def same_locale(first, second) -> bool:
    """True when two Locales name the same language and country."""
    return (first.Language, first.Country) == (second.Language, second.Country)


def _configuration(ctx, path: str):
    from com.sun.star.beans import PropertyValue
    provider = ctx.ServiceManager.createInstanceWithContext("com.sun.star.configuration.ConfigurationProvider", ctx)
    argument = PropertyValue()
    argument.Name, argument.Value = "nodepath", path
    return provider.createInstanceWithArguments("com.sun.star.configuration.ConfigurationAccess", (argument,))
