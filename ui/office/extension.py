"""Where the installed extension lives, for the files it ships (dialogs, icons)."""
from __future__ import annotations

EXTENSION_ID = "org.marginalia.Marginalia"
"""The identifier in description.xml."""


def extension_url(ctx, relative: str) -> str:
    """Return the file URL of ``relative`` inside the installed extension."""
    provider = ctx.getValueByName("/singletons/com.sun.star.deployment.PackageInformationProvider")
    return provider.getPackageLocation(EXTENSION_ID) + "/" + relative
