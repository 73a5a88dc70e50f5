"""images: insert a picture from a file or a data: URL, list images and other objects, change or delete one.

An inserted picture is embedded (never linked to its file) and stands either in a paragraph
of its own (before or after paragraph N, at the start or end: it moves with the text, aligned
as that paragraph) or floating in paragraph N with the text wrapping around it, or in the
text at the cursor. Without a size it keeps its own, shrunk to the width of the text. A
caption makes the figure Writer's Insert ▸ Caption makes (:mod:`.captions`). Web addresses
are not fetched. Writer does not record pictures as tracked changes: in review mode the
answer says so.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, List, Literal, Optional, Union

from com.sun.star.text.TextContentAnchorType import AS_CHARACTER, AT_PARAGRAPH
from com.sun.star.text.WrapTextMode import DYNAMIC, LEFT, NONE, PARALLEL, RIGHT, THROUGH

from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ...core.i18n import N_, _, ngettext
from ...core.text.match import quote
from ...core.text.pictures import Picture, PictureError, RemotePicture, load
from ..office.enumeration import elements
from .blocks import Block, block_at, body_blocks, containing_block, has_block
from .captions import caption_text, caption_words, copy_image, set_caption, wrap_in_figure
from .object_looks import Looks, change_recorded, changed, holding_paragraph, looks_of, wrap_words
from .objects import Placed, embedded, find, frames, images as all_images, layout, shapes, size_of, where
from .pictures import GRAPHIC, PictureMaker, fitted, text_width
from .placement import body_style, delete_blocks, open_paragraph_in, resolve_position
from .review import editing

ALIGN = {"left": 3, "center": 2, "right": 1}  # com.sun.star.text.HoriOrientation
PARAGRAPH_ALIGN = {"left": 0, "center": 3, "right": 1}  # com.sun.star.style.ParagraphAdjust
WRAPS = {"none": NONE, "around": PARALLEL, "optimal": DYNAMIC, "left": LEFT, "right": RIGHT, "through": THROUGH}
TOP = 1  # com.sun.star.text.VertOrientation
Position = Literal["before", "after", "start", "end", "in", "cursor"]
DELETED = {"image": N_("Deleted image %s"), "shape": N_("Deleted shape %s"), "object": N_("Deleted object %s")}
"""Summaries by the kind of thing deleted."""
CHANGED = {"image": N_("Changed image %s"), "shape": N_("Changed shape %s"), "object": N_("Changed object %s")}
"""Summaries by the kind of thing changed."""
UNTRACKED = (" Writer does not record pictures as tracked changes, so this was done directly (Ctrl+Z or Revert "
             "takes it back).")
UNTRACKED_OBJECTS = UNTRACKED.replace("pictures", "drawing shapes or embedded objects")


@dataclass(frozen=True)
class Look:
    """Size, place and look a call asks for (None: as it is, or the default)."""

    width_cm: Optional[float] = None
    height_cm: Optional[float] = None
    align: Optional[str] = None
    wrap: Optional[str] = None
    alt_text: Optional[str] = None
    caption: Optional[str] = None


@tool(apps=("writer",), changes_document=True)
def images(context, action: Literal["insert", "list", "change", "delete"],
           source: Optional[str] = Arg("insert: the picture's full file path (or a file: or data: URL). Web "
                                       "addresses are not fetched.", min_length=1),
           image: Union[str, int, None] = Arg("change/delete: the image's name (e.g. Image2) or number from list, "
                                              "or a drawing shape's or embedded object's name."),
           position: Optional[Position] = Arg(
               "insert, or change to move it: before/after paragraph N or at the start/end (in a paragraph of its "
               "own; default after), in paragraph N (floating beside its text, see wrap), or at the cursor."),
           paragraph: Optional[int] = Arg("The paragraph for before/after/in (a number from get_document).",
                                          minimum=1),
           width_cm: Optional[float] = Arg("Width in cm (give only width or height to keep the proportions).",
                                           minimum=0.1, maximum=100),
           height_cm: Optional[float] = Arg("Height in cm.", minimum=0.1, maximum=100),
           align: Optional[Literal["left", "center", "right"]] = Arg("Horizontal alignment."),
           wrap: Optional[Literal["none", "around", "optimal", "left", "right", "through"]] = Arg(
               "For a floating image (position in): none (text above and below only), around (both sides), optimal "
               "(the wider side), left/right (text on that side only), through (in front of the text)."),
           alt_text: Optional[str] = Arg("Alternative text describing the picture (for screen readers)."),
           caption: Optional[str] = Arg("A caption under the image (\"Figure 1: …\"; the text after the number).",
                                        min_length=1)) -> ToolOutcome:
    """Pictures and other objects. action "insert": a picture from source (a local file or a data: URL; web
    addresses are not fetched) after paragraph N (in a paragraph of its own), before it, at the start or end,
    in paragraph N with text wrapping around it, or at the cursor; with width_cm/height_cm, align, wrap,
    alt_text and caption. "list": every image, frame, drawing shape and embedded object with its name, size,
    paragraph, alignment, wrap, alt text and caption. "change": image=name or number: resize, move (position
    and paragraph), align, wrap, alt_text or caption; a drawing shape or embedded object (chart, formula) by
    its name, or a picture floating on a page: resize, align, wrap or alt_text, and a drawing shape moves
    into another paragraph (position "in" and paragraph); only what is given changes. "delete": remove
    image=name or number (with its caption), or a drawing shape or embedded object by its name.
    """
    look = Look(width_cm, height_cm, align, wrap, alt_text, caption)
    if action == "list":
        return _list(context.document)
    if action == "insert":
        return _insert(context, source, position, paragraph, look)
    if image is None:
        raise ToolError("Say which image: image=its name (e.g. Image2) or number from images action \"list\".")
    if action == "delete":
        return _delete(context, image)
    return _change(context, image, position, paragraph, look)


# --- list -----------------------------------------------------------------------------------------

def _list(document) -> ToolOutcome:
    found = {"image": all_images(document), "frame": frames(document), "shape": shapes(document),
             "object": embedded(document)}
    total = sum(len(items) for items in found.values())
    if not total:
        return ToolOutcome.success("The document has no images, frames, drawing shapes or embedded objects.",
                                   _("No images or objects"))
    counts = ", ".join("%d %s%s" % (len(items), kind, "" if len(items) == 1 else "s")
                       for kind, items in found.items() if items)
    lines = ["%s (change or delete an image by its name):" % counts]
    for kind, items in found.items():
        lines.extend(_line(kind, item) for item in items)
    return ToolOutcome.success("\n".join(lines), ngettext("Listed %d image", "Listed %d images",
                                                          len(found["image"])) % len(found["image"]))


def _line(kind: str, item: Placed) -> str:
    obj = item.obj
    parts = ["%s: %s, %s" % (item.label, size_of(obj), where(item))]
    looks = layout(item.frame if item.frame is not None else obj)
    if looks:
        parts.append(looks)
    if kind in ("image", "object", "shape") and (obj.Title or obj.Description):
        parts.append("alt text %s" % quote(obj.Title or obj.Description, 120))
    if kind == "image" and item.frame is not None and caption_text(item.frame):
        parts.append("caption %s" % quote(caption_text(item.frame), 120))
    if kind == "frame" and caption_text(obj):
        parts.append("text %s" % quote(caption_text(obj), 120))
    if kind == "shape":
        parts.append(obj.getShapeType().rsplit(".", 1)[-1])
    return ", ".join(parts)


# --- insert ---------------------------------------------------------------------------------------

@dataclass
class Placement:
    """Where a picture goes, checked before any change: its own paragraph, floating in one, or at the cursor."""

    kind: str
    """``own``, ``in`` or ``cursor``."""
    near: Any
    """A text range where it goes (its page gives the width of the text)."""
    before: bool = False
    anchor: Optional[Block] = None
    blocks: Any = None


def _insert(context, source: Optional[str], position: Optional[str], paragraph: Optional[int],
            look: Look) -> ToolOutcome:
    document = context.document
    if not source:
        raise ToolError("Give source: the picture's full file path (or a file: or data: URL).")
    position = position or ("after" if paragraph is not None else "end")
    _check_wrap(look, floating=position == "in")
    picture = _loaded(Picture(source.strip(), look.alt_text or "", look.width_cm, look.height_cm))
    maker = PictureMaker(document, context.office)
    graphic = maker.graphic(picture)
    place = _placement(document, position, paragraph)
    with editing(context) as scope:
        shape = maker.new_object(picture, graphic, text_width(document, place.near))
        number = _put(document, place, shape, look)
        placed = _placed_words(position, paragraph, number, shape)
        if look.caption:
            shape = wrap_in_figure(document, shape, look.caption)
    text = "Inserted image %s (%s%s) %s.%s%s" % (
        quote(shape.getName(), 60), size_of(shape), ", alt text %s" % quote(look.alt_text, 80) if look.alt_text
        else "", placed, " Captioned %s." % quote(look.caption, 80) if look.caption else "",
        UNTRACKED if scope.recording else "")
    return ToolOutcome.success(text, _("Inserted image %s") % quote(shape.getName(), 40))


def _loaded(picture: Picture) -> Picture:
    try:
        return load(picture)
    except RemotePicture:
        raise ToolError("%s is a web address: an insert never downloads from the web. Ask the user to save the "
                        "picture and give its file path." % picture.shown) from None
    except PictureError as error:
        raise ToolError("Nothing was inserted: %s." % error) from None


def _placement(document, position: str, paragraph: Optional[int]) -> Placement:
    blocks = body_blocks(document)
    if position == "cursor":
        return Placement("cursor", _cursor(document))
    if position == "in":
        target = _paragraph(blocks, paragraph, "in")
        return Placement("in", target.obj.getStart(), anchor=target)
    before, anchor = resolve_position(blocks, position, paragraph)
    return Placement("own", anchor.obj.getAnchor() if anchor.kind == "table" else anchor.obj.getStart(), before,
                     anchor, blocks)


def _put(document, place: Placement, shape, look: Look) -> int:
    """Insert ``shape`` (a new graphic object or frame) at ``place``; return the number of its paragraph (0: at
    the cursor)."""
    if place.kind == "cursor":
        shape.AnchorType = AS_CHARACTER
        place.near.getText().insertTextContent(place.near, shape, False)
        return 0
    if place.kind == "in":
        shape.AnchorType = AT_PARAGRAPH
        _float(shape, look.align or "right", look.wrap or "around")
        document.getText().insertTextContent(place.anchor.obj.getStart(), shape, False)
        return place.anchor.number
    paragraph, number, _blocks = open_paragraph_in(document, place.blocks, place.before, place.anchor,
                                                   body_style(place.blocks, place.anchor.number))
    paragraph.ParaAdjust = PARAGRAPH_ALIGN[look.align or "center"]
    shape.AnchorType = AS_CHARACTER
    document.getText().insertTextContent(paragraph.getStart(), shape, False)
    return number


def _float(target, align: str, wrap: str) -> None:
    target.HoriOrient = ALIGN[align]
    target.VertOrient = TOP
    target.TextWrap = WRAPS[wrap]


def _placed_words(position: str, paragraph: Optional[int], number: int, placed) -> str:
    """Where ``placed`` (the object just put there) stands, in words; a floating one with its alignment and wrap
    as read back from it."""
    if position == "cursor":
        return "at the cursor, in the text"
    if position == "in":
        return "floating in paragraph %d (%s)" % (number, layout(placed))
    return ("in a paragraph of its own: paragraph %d (%s); paragraphs after it moved down by 1" % (
        number, "before paragraph %d" % paragraph if position == "before" else "after paragraph %d" % paragraph
        if position == "after" else "at the %s of the document" % position))


def _cursor(document):
    selection = document.getCurrentController().getSelection()
    if selection is None or not selection.supportsService("com.sun.star.text.TextRanges"):
        raise ToolError("There is no text cursor (an object or table cells are selected). Insert before or after a "
                        "paragraph instead.")
    text_range = selection.getByIndex(0)
    return text_range.getText().createTextCursorByRange(text_range.getEnd())


def _paragraph(blocks, number: Optional[int], position: str) -> Block:
    if number is None:
        raise ToolError("position \"%s\" needs paragraph=N." % position)
    block = block_at(blocks, number)
    if block.kind != "paragraph":
        raise ToolError("Paragraph %d is a table; a picture floats in a paragraph (choose one before or after the "
                        "table)." % number)
    return block


def _check_wrap(look: Look, floating: bool) -> None:
    if look.wrap is not None and not floating:
        raise ToolError("wrap applies to a floating image (position \"in\"); this one stands in the text, where "
                        "nothing wraps around it. Give position=\"in\" and paragraph=N to make it float.")


# --- change ---------------------------------------------------------------------------------------

def _change(context, wanted, position: Optional[str], paragraph: Optional[int], look: Look) -> ToolOutcome:
    document = context.document
    item = find(document, wanted)
    if position is None and paragraph is None and look == Look():
        raise ToolError("Say what to change: width_cm/height_cm, position and paragraph (to move it), align, wrap, "
                        "alt_text or caption.")
    holder = _holder(document, item)
    if item.kind != "image" or (holder is item.obj and item.paragraph is None and holder.AnchorType != AS_CHARACTER):
        return _change_looks(context, item, position, paragraph, look)
    if paragraph is not None and position is None:
        position = "in" if holder.AnchorType != AS_CHARACTER else "after"
    if position == "cursor":
        raise ToolError("An image moves before or after a paragraph, to the start or end, or into a paragraph "
                        "(position \"in\"), not to the cursor.")
    _check_wrap(look, position == "in" if position is not None else holder.AnchorType != AS_CHARACTER)
    place = _placement(document, position, paragraph) if position is not None else None
    size = _new_size(item, look)
    floating = holder.AnchorType != AS_CHARACTER
    anew = place is None and (floating and bool(look.align or look.wrap) or size is not None)
    if anew and floating:  # made anew where it floats (see _remake)
        position, paragraph = "in", _floating_paragraph(item)
        place = _placement(document, position, paragraph)
    changes: List[str] = []
    with editing(context) as scope:
        if look.caption:  # first: a new figure makes the image anew, and the changes below go to that one
            changes.append(_caption(document, item, look.caption))
            item = find(document, item.name)
            holder = _holder(document, item)
        if look.alt_text is not None:
            item.obj.Title = look.alt_text
            changes.insert(len(changes) - bool(look.caption), "alt text %s" % quote(look.alt_text, 80))
        if place is not None or anew:
            note, image = _remake(document, holder, look, size, place, position, paragraph, "now" if anew else "moved")
            holder = _holder(document, find(document, item.name))
            if size is not None:
                changes.insert(0, "now %s" % size_of(image))
            if note:
                changes.append(note)
        if look.align and not floating and position is None:
            changes.append(_realign(holder, look.align))
    text = "Changed image %s: %s.%s" % (quote(item.name, 60), "; ".join(changes), UNTRACKED if scope.recording
                                        else "")
    return ToolOutcome.success(text, _("Changed image %s") % quote(item.name, 40))


def _floating_paragraph(item: Placed) -> int:
    """The body paragraph a floating image (or its figure) is anchored in; refused when it floats elsewhere."""
    if item.paragraph is None:
        raise ToolError("%s floats on a page or outside the body text: LibreOffice's undo does not record a change "
                        "of its alignment or wrap made through its API, so none is made. Move it into a paragraph "
                        "(position \"in\" and paragraph=N) with the alignment and wrap wanted." % quote(item.name, 60))
    return item.paragraph


def _kind_words(item: Placed) -> str:
    return {"shape": "drawing shape", "object": "embedded object"}.get(item.kind, "picture floating on a page")


def _change_looks(context, item: Placed, position: Optional[str], paragraph: Optional[int],
                  look: Look) -> ToolOutcome:
    """Resize, realign, re-wrap or describe a drawing shape, an embedded object or a picture floating on a page,
    with an undo action of our own (:mod:`.object_looks`)."""
    named = "%s %s" % (_kind_words(item), quote(item.name, 60))
    if look.caption:
        raise ToolError("The images tool does not caption the %s (only a picture); it can resize it "
                        "(width_cm/height_cm), align it, change its wrap or alt_text. Nothing was changed." % named)
    if position is not None or paragraph is not None:
        _check_shape_move(item, named, position, paragraph)
        _paragraph(body_blocks(context.document), paragraph, "in")
    old = looks_of(item.obj)
    if look.wrap is not None and not old.floating:
        raise ToolError("wrap applies to a floating object; the %s stands in the text, where nothing wraps around "
                        "it. Nothing was changed." % named)
    size = _new_size(item, look)
    wanted = changed(old, size.Width if size else None, size.Height if size else None,
                     ALIGN[look.align] if look.align and old.floating else None,
                     WRAPS[look.wrap] if look.wrap else None, look.alt_text)
    with editing(context) as scope:
        new = change_recorded(context.document, item, wanted, paragraph)
        changes = _looks_changes(old, new)
        if paragraph is not None:
            changes.insert(0, "anchored to paragraph %d (was paragraph %d), at the same offsets from it" % (
                paragraph, item.paragraph))
        if look.align and not old.floating:
            changes.append(_realign(item.obj, look.align))
    untracked = UNTRACKED if item.kind == "image" else UNTRACKED_OBJECTS
    text = "Changed %s: %s.%s" % (named, "; ".join(changes) or "it already looked so, nothing changed",
                                  untracked if scope.recording else "")
    return ToolOutcome.success(text, _(CHANGED[item.kind]) % quote(item.name, 40))


def _check_shape_move(item: Placed, named: str, position: Optional[str], paragraph: Optional[int]) -> None:
    """Refuse a move the tool cannot take back exactly: only a drawing shape anchored to a body paragraph moves,
    into another paragraph (position "in")."""
    if item.kind != "shape" or item.paragraph is None or item.obj.AnchorType.value not in ("AT_PARAGRAPH",
                                                                                           "AT_CHARACTER"):
        raise ToolError("The images tool does not move the %s to another paragraph (only a picture, or a drawing "
                        "shape anchored to a paragraph, moves); it can resize it (width_cm/height_cm), align it, "
                        "change its wrap or alt_text. Nothing was changed." % named)
    if position not in (None, "in") or paragraph is None:
        raise ToolError("A drawing shape moves into another paragraph: position \"in\" and paragraph=N (it keeps "
                        "its offsets from its paragraph). Nothing was changed.")


def _looks_changes(old: Looks, new: Looks) -> List[str]:
    """What differs between ``old`` and ``new``, in words (old → new)."""
    changes = []
    if (old.width, old.height) != (new.width, new.height):
        changes.append("size %s → %s" % (old.size_words(), new.size_words()))
    if old.floating and (old.hori, old.hori_position) != (new.hori, new.hori_position):
        changes.append("position %s → %s" % (old.horizontal_words(), new.horizontal_words()))
    if old.floating and old.wrap != new.wrap:
        changes.append("wrap %s → %s" % (wrap_words(old), wrap_words(new)))
    if old.title != new.title:
        changes.append("alt text %s" % quote(new.title, 80))
    return changes


def _holder(document, item: Placed):
    """What moves with the image: its figure frame, or the image itself (or the shape or object)."""
    if item.kind != "image":
        return item.obj
    return item.frame if item.frame is not None and _holds_only(document, item.frame) else item.obj


def _new_size(item: Placed, look: Look):
    """The image's size as the call asks (an awt Size), or None when it asks for none."""
    if not (look.width_cm or look.height_cm):
        return None
    size = item.obj.Size
    if not (look.width_cm and look.height_cm) and not (size.Width and size.Height):
        raise ToolError("%s is %s: with no width or no height (a line), its proportions cannot be kept. Give both "
                        "width_cm and height_cm. Nothing was changed." % (quote(item.name, 60), size_of(item.obj)))
    size.Width, size.Height = fitted((size.Width, size.Height), look.width_cm, look.height_cm, 0)
    return size


def _realign(holder, align: str) -> str:
    """Align the paragraph that holds ``holder`` (an image or figure in the text)."""
    holding_paragraph(holder).ParaAdjust = PARAGRAPH_ALIGN[align]
    return "its paragraph %s" % ("centred" if align == "center" else "aligned " + align)


def _named(names: dict, value, default: str) -> str:
    return next((name for name, known in names.items() if known == value), default)


def _remake(document, holder, look: Look, size, place: Optional[Placement], position: Optional[str],
            paragraph: Optional[int], verb: str):
    """Make ``holder`` (an image or its figure frame) anew at ``place`` (None: where it stands in the text), with
    ``size`` (None: its own), then remove the old one; return what the answer says of it and the new image.

    Writer cannot re-anchor an object anchored as a character through the API, and one turned
    into such an object again lands where it was shown, not where it was attached (measured), so
    a move makes the object again: an image from its own graphic, a figure with its caption words.
    A new size, or a floating one's new alignment or wrap, is given the same way: LibreOffice
    7.4's undo does not record them set on the object through the API (measured: its undo stack
    stayed empty), but it records the object made anew and the old one removed.
    """
    old_paragraph = holding_paragraph(holder) if place is not None and _in_body_text(document, holder) else None
    image = holder if holder.supportsService(GRAPHIC) else _image_in(document, holder)
    words, numbered = caption_words(holder) if image is not holder else ("", False)
    name, copy = image.getName(), copy_image(document, image)
    if size is not None:
        copy.Size = size
    if holder.AnchorType != AS_CHARACTER:
        for prop in ("HoriOrient", "TextWrap"):
            copy.setPropertyValue(prop, holder.getPropertyValue(prop))
    if place is None:
        _put_beside(holder, copy)
        note = ""
    else:
        number = _put(document, place, copy, _kept_look(holder, look))
        note = "%s %s" % (verb, _placed_words(position, paragraph, number, copy))
    frame_name = holder.getName() if image is not holder else ""
    holder.dispose()
    copy.setName(name)
    if words:
        copy = wrap_in_figure(document, copy, words, numbered)
        frame = copy.getAnchor().getText()
        frame.setName(frame_name)
        note += "; its caption reads %s" % quote(caption_text(frame), 80) if note else ""
    if old_paragraph is not None and _drop_if_empty(document, old_paragraph):
        note += "; its old paragraph, left empty, was removed (read again before using paragraph numbers)"
    return note, copy


def _put_beside(holder, copy) -> None:
    """Put ``copy`` (anchored as a character) just before ``holder`` (anchored as a character) in its text."""
    anchor = holder.getAnchor()
    text = anchor.getText()
    text.insertTextContent(text.createTextCursorByRange(anchor.getStart()), copy, False)


def _kept_look(holder, look: Look) -> Look:
    """The look to place with: what the call gives, else what a floating holder had."""
    if holder.AnchorType == AS_CHARACTER:
        return look
    return Look(align=look.align or _named(ALIGN, holder.HoriOrient, "right"),
                wrap=look.wrap or _named(WRAPS, holder.TextWrap, "around"))


def _image_in(document, frame):
    return next(placed.obj for placed in all_images(document) if placed.frame is not None and placed.frame == frame)


def _in_body_text(document, holder) -> bool:
    return holder.AnchorType == AS_CHARACTER and holder.getAnchor().getText() == document.getText()


def _drop_if_empty(document, paragraph) -> bool:
    """Delete ``paragraph`` (of the body) when nothing is left in it; True when it was."""
    if paragraph.getString() or any(p.TextPortionType != "Text" for p in elements(paragraph.createEnumeration())):
        return False
    blocks = body_blocks(document)
    block = containing_block(document, blocks, paragraph.getStart())
    if block is None or not has_block(blocks, 2):
        return False
    delete_blocks(document, block.number, block.number, blocks=blocks)
    return True


def _caption(document, item: Placed, caption: str) -> str:
    if item.frame is not None:
        set_caption(document, item.frame, caption)
    else:
        wrap_in_figure(document, item.obj, caption)
    return "caption %s" % quote(caption, 80)


# --- delete ---------------------------------------------------------------------------------------

def _delete(context, wanted) -> ToolOutcome:
    document = context.document
    item = find(document, wanted)
    holder = _holder(document, item)
    figure = holder is not item.obj
    frame_name = holder.getName() if figure else ""
    old_paragraph = holding_paragraph(holder) if _in_body_text(document, holder) else None
    with editing(context) as scope:
        holder.dispose()
        removed = old_paragraph is not None and _drop_if_empty(document, old_paragraph)
    text = "Deleted %s %s%s.%s%s" % (
        item.kind, quote(item.name, 60), " with its caption frame %s" % quote(frame_name, 60) if figure else "",
        " The paragraph that held only it was removed: the paragraphs after it moved up by 1." if removed else "",
        UNTRACKED if scope.recording else "")
    return ToolOutcome.success(text, _(DELETED[item.kind]) % quote(item.name, 40))


def _holds_only(document, frame) -> bool:
    """True when ``frame`` holds one image (with its caption: a figure)."""
    inside = [placed for placed in all_images(document) if placed.frame is not None and placed.frame == frame]
    return len(inside) == 1


TOOLS = [images]
