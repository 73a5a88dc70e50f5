__all__ = (
    "StateCore",
    "normalize",
    "block",
    "inline",
    "replace",
    "smartquotes",
    "linkify",
    "text_join",
)

from .block import block
from .inline import inline
from .linkify import linkify
from .normalize import normalize
from .replacements import replace
from .smartquotes import smartquotes
from .state_core import StateCore
from .text_join import text_join
