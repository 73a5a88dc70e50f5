"""A web page's bytes to text: the encoding from the BOM, the header, the page, or a guess.

The order follows the HTML standard's encoding sniffing, simplified
(https://html.spec.whatwg.org/multipage/parsing.html#encoding-sniffing-algorithm):

1. a byte order mark (UTF-8, UTF-16 LE/BE) wins over everything;
2. the ``charset`` of the ``Content-Type`` header;
3. for HTML, a ``<meta charset>`` or ``<meta http-equiv content="…charset=…">`` in the
   first bytes; for XML, the ``encoding`` of the XML declaration;
4. UTF-8 when the bytes are valid UTF-8;
5. windows-1252, which decodes any byte (the web's fallback for Western pages).

Labels map as browsers map them: ``iso-8859-1``, ``latin1`` and ``us-ascii`` mean
windows-1252, ``gb2312`` and ``gbk`` mean GB18030. Unknown labels and UTF-7 (a
known cross-site scripting vector) are ignored. Undecodable bytes become U+FFFD.
"""
from __future__ import annotations

import codecs
import re
from typing import NamedTuple, Optional

PRESCAN_BYTES = 4096
"""Bytes searched for a ``<meta>`` charset (the standard says 1024; real pages put it later)."""
FALLBACK = "cp1252"

_BOMS = ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))
_ALIASES = {
    "iso-8859-1": FALLBACK, "iso8859-1": FALLBACK, "latin1": FALLBACK, "latin-1": FALLBACK, "l1": FALLBACK,
    "us-ascii": FALLBACK, "ascii": FALLBACK, "windows-1252": FALLBACK, "x-cp1252": FALLBACK,
    "iso-8859-9": "cp1254", "latin5": "cp1254", "windows-874": "cp874", "tis-620": "cp874",
    "iso-8859-11": "cp874", "gb2312": "gb18030", "gbk": "gb18030", "x-gbk": "gb18030",
    "x-sjis": "shift_jis", "ms_kanji": "shift_jis", "windows-31j": "shift_jis",
    "ks_c_5601-1987": "euc-kr", "x-mac-roman": "mac_roman", "macintosh": "mac_roman",
    "unicode-1-1-utf-8": "utf-8", "utf8": "utf-8",
}
_REFUSED = {"utf_7", "utf-7"}
_HEADER_CHARSET = re.compile(r"""charset\s*=\s*["']?\s*([^"';\s]+)""", re.IGNORECASE)
_META_CHARSET = re.compile(rb"""<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)""", re.IGNORECASE)
_XML_DECLARATION = re.compile(rb"""^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._-]+)""", re.IGNORECASE)


class Decoded(NamedTuple):
    """Text decoded from a body, and how its encoding was found."""

    text: str
    encoding: str
    """The Python codec used (``utf-8``, ``cp1252``, ``shift_jis`` …)."""
    source: str
    """``bom``, ``header``, ``meta``, ``xml``, ``utf-8`` (valid UTF-8) or ``fallback``."""


def codec_for(label: Optional[str]) -> Optional[str]:
    """Return the Python codec for an encoding label, or None if it is unknown or refused.

    Args:
        label: A label from a header or a page (``ISO-8859-1``, ``"utf-8"``, ``Shift_JIS``).

    Returns:
        A codec name usable with ``bytes.decode``, or None.
    """
    if not label:
        return None
    cleaned = label.strip().strip("\"'").lower()
    cleaned = _ALIASES.get(cleaned, cleaned)
    try:
        name = codecs.lookup(cleaned).name
    except LookupError:
        return None
    return None if name in _REFUSED else name


def header_charset(content_type: str) -> Optional[str]:
    """Return the codec named by a ``Content-Type`` header's ``charset``, if usable."""
    match = _HEADER_CHARSET.search(content_type or "")
    return codec_for(match.group(1)) if match else None


def declared_charset(data: bytes, is_html: bool) -> "tuple[Optional[str], str]":
    """Return ``(codec, source)`` declared inside the body (``meta`` or ``xml``), or ``(None, "")``."""
    head = data[:PRESCAN_BYTES]
    match = _XML_DECLARATION.match(head)
    if match:
        return codec_for(match.group(1).decode("ascii")), "xml"
    if is_html:
        match = _META_CHARSET.search(head)
        if match:
            codec = codec_for(match.group(1).decode("ascii"))
            # NOTE: a page that says UTF-16 in ASCII-readable bytes cannot be UTF-16 (standard, step 2.7)
            return ("utf-8" if codec and codec.startswith("utf-16") else codec), "meta"
    return None, ""


def _is_utf8(data: bytes) -> bool:
    """True when ``data`` is valid UTF-8, allowing a character cut at the very end."""
    try:
        codecs.getincrementaldecoder("utf-8")().decode(data, final=False)
        return True
    except UnicodeDecodeError:
        return False


def sniff(data: bytes, content_type: str = "", is_html: bool = True) -> "tuple[str, str]":
    """Return ``(codec, source)`` for a body, following the order in the module docstring."""
    for bom, codec in _BOMS:
        if data.startswith(bom):
            return codec, "bom"
    codec = header_charset(content_type)
    if codec:
        return codec, "header"
    codec, source = declared_charset(data, is_html)
    if codec:
        return codec, source
    if _is_utf8(data):
        return "utf-8", "utf-8"
    return FALLBACK, "fallback"


def decode_body(data: bytes, content_type: str = "", is_html: bool = True) -> Decoded:
    """Decode a page body to text.

    Args:
        data: The body (possibly cut at a byte limit, even inside a character).
        content_type: The ``Content-Type`` header ("" when absent).
        is_html: Look for ``<meta>`` charsets too.

    Returns:
        The text (BOM removed, bad bytes as U+FFFD), the codec and where it came from.
    """
    codec, source = sniff(data, content_type, is_html)
    if source == "bom":
        data = data[len(next(bom for bom, name in _BOMS if name == codec)):]
    text = data.decode(codec, errors="replace")
    return Decoded(text.lstrip("\ufeff"), codec, source)
