"""search_text: find text in the body and tables, each match with its paragraph and context."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

from ...core.i18n import _, ngettext
from ...core.text.match import context_around, normalize, quote
from ...core.text.quick_find import texts_finder
from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from .block_info import portion_blocks, portion_paragraphs, reads_by_portion
from .blocks import Block, body_blocks
from .body_walk import BodyWalk
from .char_targets import Scope, formatted_stretches, scope_regions, text_matches
from .locate import Match, _in_table as in_table
from .plain_strings import paragraph_strings, walked_strings
from .run_looks import Formatted
from .spans import span_text

DEFAULT_RESULTS = 20


@tool(apps=("writer",))
def search_text(context, text: Optional[str] = Arg("The text to find (leave it out to find text by its formatting "
                                                   "alone).", min_length=1),
                match_case: bool = Arg("Capitals must match (default false).", default=False),
                whole_words: bool = Arg("Only whole words (default false).", default=False),
                max_results: int = Arg("Most matches to list (default 20).", default=DEFAULT_RESULTS, minimum=1,
                                       maximum=200),
                formatted: Optional[Formatted] = Arg("Only text formatted so, e.g. {\"bold\": true}, {\"color\": "
                                                     "\"blue\"} (any shade), {\"font\": \"Arial\"}; without text, "
                                                     "every stretch of text formatted so.")) -> ToolOutcome:
    """Find text in the document (body paragraphs and table cells), by its words, its formatting (formatted), or
    both. Returns each match with its paragraph number and the words around it, marked [[like this]]. Quotes,
    dashes and spacing need not match exactly.
    """
    if text is None and formatted is None:
        raise ToolError("Say what to find: text, formatted (e.g. {\"italic\": true}), or both.")
    wanted = formatted.criteria(context.document) if formatted is not None else None
    if wanted is None:
        matches = find_in_body(context.document, text, match_case, whole_words)
    else:
        matches = find_formatted(context.document, text, wanted, match_case, whole_words)
    sought = quote(text) if wanted is None else "text that is %s" % wanted.words() if text is None else \
        "%s formatted %s" % (quote(text), wanted.words())
    if not matches:
        return ToolOutcome.success("No match for %s in the document body or its tables%s." % (
            sought, "" if not match_case or text is None else " (with matching case)"),
            _("No match for %s") % quote(text or wanted.words(), 40))
    lines = ["%d match%s for %s:" % (len(matches), "" if len(matches) == 1 else "es", sought)]
    for number, match in enumerate(matches[:max_results], 1):
        lines.append("%d. %s: %s" % (number, match.where, context_around(match.source, match.start, match.end)))
    if len(matches) > max_results:
        lines.append("… and %d more (raise max_results or search a longer phrase)." % (len(matches) - max_results))
    lines.append("To change one match, call replace_text with its paragraph=N (and occurrence=K when the "
                 "paragraph holds several); all=true changes every match.")
    if wanted is not None:
        lines.append("format_text with where_formatted set as formatted here formats every match at once.")
    places = sorted({m.block for m in matches})
    found = ngettext("%d match", "%d matches", len(matches)) % len(matches)
    paragraphs = ngettext("%d paragraph", "%d paragraphs", len(places)) % len(places)
    return ToolOutcome.success("\n".join(lines), _("Found %s for %s in %s") % (
        found, quote(text or wanted.words(), 40), paragraphs))


def find_formatted(document, text: Optional[str], wanted, match_case: bool, whole_words: bool) -> List[Match]:
    """The places of the body and its tables formatted as ``wanted`` asks (of ``text``, when given), in order."""
    regions, _where = scope_regions(document, body_blocks(document), Scope())
    if text is None:
        return formatted_stretches(regions, wanted)
    return text_matches(regions, text, match_case, wanted, whole_words)


def find_in_body(document, text: str, match_case: bool = False, whole_words: bool = False,
                 walk: bool = True) -> List[Match]:
    """Every occurrence of ``text`` in the body paragraphs and table cells, in order, without positions.

    The matches are those :func:`~.locate.in_document` finds, but a paragraph is read
    portion by portion only where that reading differs from its plain string (a tracked
    deletion, a note or an object anchored as a character is in it, see
    :func:`~.block_info.portion_blocks`), not everywhere as soon as the document has one
    change or note. The body is walked (:class:`~.body_walk.BodyWalk`) rather than read
    paragraph by paragraph where it can be (``walk``: False reads every block, as where it cannot),
    and its paragraphs are searched at once (:func:`~marginalia.core.text.quick_find.texts_finder`).
    """
    target = normalize(text, match_case).text.strip()
    if not target:
        return []
    by_portion = reads_by_portion(document)
    walked = BodyWalk.of(document) if walk else None
    body = _walked_texts(document, walked, by_portion) if walked is not None else _read_texts(document, by_portion)
    matches = [body.match(index, start, end) for index, start, end in
               texts_finder(text, match_case, whole_words)(body.texts)]
    for number, table in body.tables_that_may_hold(texts_finder(text, match_case)):
        matches.extend(in_table(Block(number, "table", table), text, match_case, whole_words, by_portion))
    if body.tables:
        matches.sort(key=lambda match: match.block)  # stable: a paragraph's matches keep their order
    return matches


@dataclass
class _BodyTexts:
    """The body's paragraphs as the tools read them, and its tables."""

    texts: List[str]
    """Each paragraph's text, in order."""
    numbers: Callable[[int], int]
    """The block number of the paragraph at an index of ``texts``."""
    tables: List[Tuple[int, Any]]
    """``(block number, table)`` of each table standing in the body."""
    walk: Optional[BodyWalk] = None
    """The walk the texts come from (None: a whole read)."""

    def match(self, index: int, start: int, end: int) -> Match:
        """The match at ``start:end`` of the paragraph text at ``index``."""
        number = self.numbers(index)
        return Match(self.texts[index], start, end, number, "paragraph %d" % number)

    def tables_that_may_hold(self, find: Callable[[List[str]], list]) -> Iterator[Tuple[int, Any]]:
        """The tables but those whose text, read at once around them (:meth:`~.body_walk.BodyWalk.text_after`),
        holds nothing ``find`` finds."""
        if self.walk is None:
            yield from self.tables
            return
        around: Dict[int, Optional[str]] = {}
        for table in self.walk.tables:
            before = table.paragraphs_before
            if before not in around:
                around[before] = self.walk.text_after(before)
            if around[before] is None or find([around[before]]):
                yield table.number, table.table


def _read_texts(document, by_portion: bool) -> _BodyTexts:
    """The body's texts from a whole read."""
    blocks = body_blocks(document)
    special = portion_blocks(document, blocks) if by_portion else set()
    plain = paragraph_strings(blocks, special)
    paragraphs = [block for block in blocks if block.kind == "paragraph"]
    texts = [span_text(block.obj) if block.number in special else plain[block.number] for block in paragraphs]
    return _BodyTexts(texts, lambda index: paragraphs[index].number,
                      [(block.number, block.obj) for block in blocks if block.kind == "table"])


def _walked_texts(document, walk: BodyWalk, by_portion: bool) -> _BodyTexts:
    """:func:`_read_texts` from a walk of the body."""
    special = portion_paragraphs(document, walk) if by_portion else set()
    plain = walked_strings(walk, special)
    texts = [span_text(walk.paragraph_range(paragraph)) if paragraph in special else plain[paragraph]
             for paragraph in range(1, walk.paragraphs + 1)]
    return _BodyTexts(texts, lambda index: walk.block_number(index + 1),
                      [(table.number, table.table) for table in walk.tables], walk)


TOOLS = [search_text]
