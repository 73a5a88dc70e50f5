"""The About box: version, where the log is, which server the chat uses."""
from __future__ import annotations

from ..core.i18n import _
from ..core.version import __version__
from .settings import store as settings_store
from .office.log import log_file_path


def about_text(ctx) -> str:
    """The About box's text."""
    endpoint = settings_store.read_settings(ctx).endpoint
    server = ("%s (%s)" % (endpoint.url, endpoint.model or _("no model chosen"))) if endpoint.url \
        else _("not configured yet")
    return "\n".join([
        _("Marginalia %s: an AI assistant for LibreOffice Writer and Calc.") % __version__,
        _("Model server: %s") % server,
        _("Log file: %s") % log_file_path(ctx),
        _("Your documents are sent only to the model server above, and to web pages you allow."),
    ])


def show_about(ctx, frame) -> None:
    """Show the About box over the document window."""
    from com.sun.star.awt.MessageBoxType import INFOBOX
    toolkit = ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit", ctx)
    parent = frame.getContainerWindow() if frame is not None else None
    box = toolkit.createMessageBox(parent, INFOBOX, 1, _("About Marginalia"), about_text(ctx))
    box.execute()
