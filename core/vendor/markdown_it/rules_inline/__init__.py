__all__ = (
    "StateInline",
    "text",
    "fragments_join",
    "link_pairs",
    "linkify",
    "escape",
    "newline",
    "backtick",
    "emphasis",
    "image",
    "link",
    "autolink",
    "entity",
    "html_inline",
    "strikethrough",
)
from . import emphasis, strikethrough
from .autolink import autolink
from .backticks import backtick
from .balance_pairs import link_pairs
from .entity import entity
from .escape import escape
from .fragments_join import fragments_join
from .html_inline import html_inline
from .image import image
from .link import link
from .linkify import linkify
from .newline import newline
from .state_inline import StateInline
from .text import text
