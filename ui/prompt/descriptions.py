"""What the Function Wizard shows for PROMPT (``com.sun.star.sheet.XAddIn``), in the user's language."""
from __future__ import annotations

from ...core.i18n import N_, _

FUNCTION = "prompt"
"""The programmatic (method) name."""
DISPLAY_NAME = "PROMPT"

DESCRIPTION = N_("Marginalia: asks the AI model for one value from an instruction and the given inputs. "
                 "The cell shows the answer when it arrives and keeps it.")
ARGUMENTS = {
    "instruction": (N_("instruction"), N_("What the model should do, e.g. \"Translate to French\".")),
    "inputs": (N_("input"), N_("Cells, ranges, text or numbers the instruction works on.")),
}
ARGUMENT_ORDER = ("document", "instruction", "inputs")
"""The method's parameters; the first is filled by Calc with the document and never shown."""


def programmatic_name(display_name: str) -> str:
    """``PROMPT`` → ``prompt`` (anything else: "")."""
    return FUNCTION if display_name.upper() == DISPLAY_NAME else ""


def display_name(programmatic: str) -> str:
    """``prompt`` → ``PROMPT``."""
    return DISPLAY_NAME if programmatic == FUNCTION else ""


def function_description(programmatic: str) -> str:
    """The function's description in the Function Wizard."""
    return _(DESCRIPTION) if programmatic == FUNCTION else ""


def _argument(index: int):
    """The argument's texts; Calc counts either every parameter or only the visible ones."""
    names = ARGUMENT_ORDER[1:]
    name = names[index - 1] if 1 <= index <= len(names) else names[-1]
    return ARGUMENTS[name]


def argument_name(programmatic: str, index: int) -> str:
    """The ``index``-th argument's name (index as Calc passes it)."""
    return _(_argument(index)[0]) if programmatic == FUNCTION else ""


def argument_description(programmatic: str, index: int) -> str:
    """The ``index``-th argument's description."""
    return _(_argument(index)[1]) if programmatic == FUNCTION else ""
