"""Put translated texts on a dialog made from an XDL file.

The XDL files keep their English texts (the fallback, and what a dialog editor shows);
each dialog's module lists its texts through ``_()`` and applies them right after
creating the dialog, so the dialog shows the office's language.
"""
from __future__ import annotations

from typing import Dict, Optional, Tuple

from .log import get_logger

log = get_logger("dialog_texts")

Texts = Dict[str, Tuple[Optional[str], Optional[str]]]
"""Control name to (label, tooltip); None leaves that property as the XDL has it."""


def apply_texts(dialog, title: Optional[str], texts: Texts) -> None:
    """Set the dialog's title and its controls' labels and tooltips (missing controls are skipped)."""
    if title is not None:
        dialog.getModel().Title = title
    for name, (label, tip) in texts.items():
        control = dialog.getControl(name)
        if control is None:
            log.warning("dialog has no control %r for its text", name)
            continue
        model = control.getModel()
        if label is not None:
            model.Label = label
        if tip is not None:
            model.HelpText = tip
