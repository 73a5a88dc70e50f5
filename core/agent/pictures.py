"""Pictures shown to the model: a tool's rendering of a slide, sent as an image part of the next message.

A tool result is text only (the ``tool`` role takes no image on most servers), so a picture a tool
made (:class:`~.tools.Picture` on its outcome) goes in a ``user`` message right after the round's
tool results, in the OpenAI content-part form every image-taking endpoint reads::

    {"role": "user", "content": [{"type": "text", "text": "…"},
                                 {"type": "image_url", "image_url": {"url": "data:image/png;base64,…"}}]}

(Ollama's native chat and the Responses API convert it: :mod:`marginalia.core.llm.ollama_native`,
:mod:`marginalia.core.llm.responses_request`.) Only the latest pictures travel as images: earlier
ones, and all of them once the turn ends, become a line of text, so a saved conversation and the
next turns carry no image data.

Whether pictures are sent at all is a setting (``Chat/Pictures``): ``on``, ``off``, or ``auto``
(on where Ollama lists ``vision`` among the model's capabilities).
"""
from __future__ import annotations

from typing import List, Sequence

from .tools import Picture

SHOWN_MARK = "[Pictures shown to the model]"
"""The first words of a pictures message (how it is found again to be put to text)."""


def sends_pictures(setting: str, capabilities: Sequence[str]) -> bool:
    """Whether pictures go to the model: ``on``; or ``auto`` and the model is known to see images."""
    if setting == "on":
        return True
    return setting == "auto" and "vision" in capabilities


def pictures_message(pictures: Sequence[Picture]) -> dict:
    """The user message carrying ``pictures`` (each with its caption) after a round's tool results."""
    content: List[dict] = [{"type": "text", "text": "%s %s" % (
        SHOWN_MARK, " ".join(picture.caption for picture in pictures))}]
    content.extend({"type": "image_url", "image_url": {"url": picture.data_url}} for picture in pictures)
    return {"role": "user", "content": content}


def put_pictures_to_text(history: List[dict]) -> None:
    """Replace, in place, every pictures message of ``history`` by its text (the images are not kept)."""
    for index, message in enumerate(history):
        if _is_pictures_message(message):
            text = message["content"][0]["text"]
            history[index] = {"role": "user", "content": text + " (The pictures are no longer attached.)"}


def _is_pictures_message(message: dict) -> bool:
    content = message.get("content")
    return message.get("role") == "user" and isinstance(content, list) and bool(content) and \
        isinstance(content[0], dict) and str(content[0].get("text", "")).startswith(SHOWN_MARK)
