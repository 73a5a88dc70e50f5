"""The Edit Selection instruction box (extension/dialogs/EditSelection.xdl)."""
from __future__ import annotations

from typing import Optional

from com.sun.star.beans import NamedValue

from ...core.i18n import N_, _
from ...core.text.match import quote
from ..office.dialog_texts import Texts, apply_texts
from ..office.extension import extension_url

DIALOG = "dialogs/EditSelection.xdl"
CONTROLS = ("prompt", "instruction", "selected", "ok", "cancel")
NOTHING_SELECTED = N_("Nothing is selected: Marginalia will write new text at the cursor.")

def control_texts() -> Texts:
    """Label and tooltip of each control, in the current language."""
    return {
        "prompt": (_("What should Marginalia do with the selected text?"), None),
        "instruction": (None, _("For example: make it formal, fix the grammar, translate into German, "
                                "shorten to one sentence")),
        "ok": (_("~Edit"), None),
        "cancel": (_("Cancel"), None),
    }


def create(ctx, frame=None):
    """Create the dialog (not shown yet), parented to the document window when there is one."""
    provider = ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.DialogProvider2", ctx)
    url = extension_url(ctx, DIALOG)
    if frame is None:
        dialog = provider.createDialog(url)
    else:
        parent = NamedValue()
        parent.Name, parent.Value = "ParentWindow", frame.getContainerWindow()
        dialog = provider.createDialogWithArguments(url, (parent,))
    apply_texts(dialog, _("Marginalia: Edit Selection"), control_texts())
    return dialog


def fill(dialog, selected_text: str, last_instruction: str = "") -> None:
    """Show the selection (or that there is none) and the last instruction."""
    shown = quote(selected_text, 120) if selected_text.strip() else _(NOTHING_SELECTED)
    dialog.getControl("selected").setText(shown)
    dialog.getControl("instruction").setText(last_instruction)


def ask(ctx, frame, selected_text: str, last_instruction: str = "") -> Optional[str]:
    """Run the dialog; return the instruction, or None when cancelled or left empty."""
    dialog = create(ctx, frame)
    try:
        fill(dialog, selected_text, last_instruction)
        if dialog.execute() != 1:
            return None
        text = dialog.getControl("instruction").getText().strip()
    finally:
        dialog.dispose()
    return text or None
