"""Which shape a call means: its number on the slide, or a placeholder named by kind, or the speaker notes.

The model names a shape the way get_presentation showed it (``shape=2``) or by what it is: ``title``,
``subtitle``, ``body`` (the first of that kind on the slide) or ``notes`` (the slide's speaker notes).
A shape is found again on a copy of its slide by the same rule (the copy keeps the order of shapes).
"""
from __future__ import annotations

from typing import Union

from ...core.agent.tools import ToolError
from .deck import TEXT_KINDS, kind_of, shape_at, shapes_of
from .reading import notes_shape

NAMED = ("title", "subtitle", "body", "notes")


def find_shape(page, shape: Union[int, str], where: str):
    """The shape ``shape`` names on ``page`` (``where``: "slide 3", for refusals)."""
    if isinstance(shape, int):
        return shape_at(page, shape, where)
    name = shape.strip().lower()
    if name == "notes":
        found = notes_shape(page)
        if found is None:
            raise ToolError("%s has no speaker notes placeholder." % where.capitalize())
        return found
    if name not in NAMED:
        raise ToolError("shape must be a number from get_presentation or one of: %s." % ", ".join(NAMED))
    for candidate in shapes_of(page):
        if kind_of(candidate) == name:
            return candidate
    raise ToolError("%s has no %s placeholder; name the shape by its number (see get_presentation)."
                    % (where.capitalize(), name))


def text_shape(page, shape: Union[int, str], where: str):
    """Like :func:`find_shape`, refused unless the shape holds text the tools change."""
    found = find_shape(page, shape, where)
    kind = kind_of(found)
    if kind not in TEXT_KINDS:
        raise ToolError("Shape %s of %s is %s %s; it holds no text to change here." % (
            shape, where, "an" if kind[0] in "aeiou" else "a", kind))
    return found


def same_shape_on(copy, original_page, shape: Union[int, str], where: str):
    """The shape of ``copy`` (a duplicate of ``original_page``) that ``shape`` names there."""
    return find_shape(copy, shape, where)


def describe_target(shape: Union[int, str], where: str) -> str:
    """``the title of slide 2`` / ``shape 3 of slide 2`` / ``the notes of slide 2``."""
    if isinstance(shape, int):
        return "shape %d of %s" % (shape, where)
    return "the %s of %s" % (shape.strip().lower(), where)
