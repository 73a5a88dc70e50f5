"""The MCP server's bearer token, kept in LibreOffice's password store like the API keys.

It is filed under a fixed address of its own (:data:`TOKEN_URL`), made on first use and
renewable from the settings dialog. Call from the main thread (the master password may
be asked for).
"""
from __future__ import annotations

from ...core.mcp.guard import new_token
from ..settings import keys

TOKEN_URL = "http://127.0.0.1/marginalia-mcp"
"""Where the token is filed in the password store (not a real endpoint)."""


def read_token(ctx) -> str:
    """The stored token, or "" when there is none (or the master password was not given)."""
    return keys.read_key(ctx, TOKEN_URL)


def ensure_token(ctx) -> str:
    """The stored token, made and stored first when there is none."""
    token = read_token(ctx)
    if not token:
        token = renew_token(ctx)
    return token


def renew_token(ctx) -> str:
    """Replace the token with a fresh one (connected agents must be given the new one)."""
    token = new_token()
    keys.store_key(ctx, TOKEN_URL, token)
    return token
