"""Pictures named in content or by a tool call: where they come from, and their bytes.

A picture comes from a local file (an absolute path, ``~/…``, or a ``file:`` URL) or a
``data:`` URL; its bytes are read here, checked to be an image LibreOffice shows (by the
file's first bytes), and the picture goes into the document embedded, so the document does
not depend on the file staying where it is. Web addresses are never fetched by an insert:
:func:`load` refuses them with a :class:`RemotePicture` error the callers turn into a link
(content) or a refusal (the images tool).
"""
from __future__ import annotations

import base64
import binascii
import os
import re
from dataclasses import dataclass, replace
from typing import Optional
from urllib.parse import unquote, urlparse
from urllib.request import url2pathname

MAX_BYTES = 20 * 1024 * 1024
"""The largest picture file accepted."""
_SIGNATURES = ((b"\x89PNG\r\n\x1a\n", "image/png"), (b"\xff\xd8\xff", "image/jpeg"), (b"GIF87a", "image/gif"),
               (b"GIF89a", "image/gif"), (b"BM", "image/bmp"), (b"II*\x00", "image/tiff"), (b"MM\x00*", "image/tiff"),
               (b"\xd7\xcd\xc6\x9a", "image/x-wmf"))
_SVG = re.compile(rb"^\s*(<\?xml[^>]*>\s*)?(<!--.*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]", re.DOTALL)
_DATA = re.compile(r"^data:([^,;]*)((?:;[^,;]*)*),(.*)$", re.DOTALL | re.IGNORECASE)
REMOTE_SCHEMES = frozenset(("http", "https", "ftp", "ftps"))


class PictureError(ValueError):
    """A picture that cannot be used; the message says why, in words for the model."""


class RemotePicture(PictureError):
    """A picture on the web: never fetched by an insert."""


@dataclass(frozen=True)
class Picture:
    """A picture to place: its source as written, alt text, a size, and (once loaded) its bytes."""

    source: str
    alt: str = ""
    width_cm: Optional[float] = None
    height_cm: Optional[float] = None
    data: bytes = b""
    mime: str = ""

    @property
    def shown(self) -> str:
        """The source for messages: a data: URL shortened to its start."""
        return self.source if not self.source.lower().startswith("data:") else self.source[:30] + "…"


def is_remote(source: str) -> bool:
    """True for a web address (http, https, ftp, or ``//host/…``)."""
    source = source.strip()
    return source.startswith("//") or urlparse(source).scheme.lower() in REMOTE_SCHEMES


def load(picture: Picture) -> Picture:
    """``picture`` with its bytes and type, from its file or ``data:`` URL.

    Raises:
        RemotePicture: a web address (not fetched).
        PictureError: no such file, a relative path, too large, or not an image.
    """
    source = picture.source.strip()
    if is_remote(source):
        raise RemotePicture("%s is a web address; an insert never fetches from the web" % picture.shown)
    if source.lower().startswith("data:"):
        data = _data_url(source)
    else:
        data = _read(local_path(source))
    mime = sniff(data)
    if mime is None:
        raise PictureError("%s is not an image LibreOffice shows (PNG, JPEG, GIF, BMP, TIFF, WebP, SVG, EMF or WMF)"
                           % picture.shown)
    return replace(picture, data=data, mime=mime)


def local_path(source: str) -> str:
    """The file a local source names (an absolute path, ``~/…`` or a ``file:`` URL).

    Raises:
        PictureError: a relative path or another kind of address.
    """
    if source.lower().startswith("file:"):
        parsed = urlparse(source)
        if parsed.netloc not in ("", "localhost"):
            raise PictureError("%s names a file on another computer; give a local path" % source)
        return url2pathname(unquote(parsed.path))
    path = os.path.expanduser(source)
    if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]+:", path) and not re.match(r"^[a-zA-Z]:[\\/]", path):
        raise PictureError("%s is neither a file path nor a data: URL" % source)
    if not os.path.isabs(path):
        raise PictureError("%s is a relative path; give the picture's full path (e.g. /home/me/pictures/1.png)"
                           % source)
    if not os.path.exists(path) and os.path.exists(unquote(path)):
        return unquote(path)  # an address written as a URL (Markdown writes a space as %20)
    return path


def _read(path: str) -> bytes:
    if not os.path.isfile(path):
        raise PictureError("there is no file %s" % path)
    size = os.path.getsize(path)
    if size > MAX_BYTES:
        raise PictureError("%s has %.1f MB; pictures up to %d MB are inserted" % (path, size / 1048576,
                                                                                 MAX_BYTES // 1048576))
    with open(path, "rb") as stream:
        return stream.read()


def _data_url(source: str) -> bytes:
    match = _DATA.match(source)
    if not match:
        raise PictureError("the data: URL is malformed (expected data:image/png;base64,…)")
    payload = match.group(3)
    if ";base64" not in match.group(2).lower():
        return unquote(payload).encode("latin-1", "replace")
    try:
        data = base64.b64decode("".join(payload.split()), validate=False)
    except (binascii.Error, ValueError):
        raise PictureError("the data: URL's base64 text does not decode") from None
    if len(data) > MAX_BYTES:
        raise PictureError("the data: URL holds more than %d MB" % (MAX_BYTES // 1048576))
    return data


def sniff(data: bytes) -> Optional[str]:
    """The MIME type of an image LibreOffice shows, told by its first bytes; None for anything else."""
    for signature, mime in _SIGNATURES:
        if data.startswith(signature):
            return mime
    if data[:4] == b"\x01\x00\x00\x00" and data[40:44] == b" EMF":
        return "image/x-emf"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    if _SVG.match(data[:2048]):
        return "image/svg+xml"
    return None


def data_url(picture: Picture) -> str:
    """A ``data:`` URL carrying a loaded picture's bytes."""
    return "data:%s;base64,%s" % (picture.mime, base64.b64encode(picture.data).decode("ascii"))
