"""Small picture files written by the tests (PNG, from the standard library only)."""
import base64
import struct
import zlib


def png_bytes(width: int, height: int, rgb=(200, 30, 30)) -> bytes:
    """A plain PNG of one colour."""
    raw = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def write_png(path, width: int = 40, height: int = 20, rgb=(200, 30, 30)) -> str:
    """Write a PNG at ``path`` (a str or pathlib path); return the path as a string."""
    with open(str(path), "wb") as stream:
        stream.write(png_bytes(width, height, rgb))
    return str(path)


def png_data_url(width: int = 4, height: int = 4, rgb=(30, 30, 200)) -> str:
    """A data: URL of a PNG."""
    return "data:image/png;base64," + base64.b64encode(png_bytes(width, height, rgb)).decode("ascii")
