__all__ = (
    "StateBlock",
    "paragraph",
    "heading",
    "lheading",
    "code",
    "fence",
    "hr",
    "list_block",
    "reference",
    "blockquote",
    "html_block",
    "table",
)

from .blockquote import blockquote
from .code import code
from .fence import fence
from .heading import heading
from .hr import hr
from .html_block import html_block
from .lheading import lheading
from .list import list_block
from .paragraph import paragraph
from .reference import reference
from .state_block import StateBlock
from .table import table
