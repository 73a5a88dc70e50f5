"""The MCP server's bearer token, kept in LibreOffice's password store like the API keys.

It is filed under a fixed address of its own (:data:`TOKEN_URL`), made on first use and
renewable from the settings dialog. A token that cannot be read (the master password was
not entered) is never taken for a missing one: :class:`~marginalia.ui.settings.keys.StoreLocked`
is raised and the stored token stays. Call from the main thread (the master password may
be asked for).
"""
from __future__ import annotations

from ...core.mcp.guard import new_token
from ..settings import keys

TOKEN_URL = "http://127.0.0.1/marginalia-mcp"
"""Where the token is filed in the password store (not a real endpoint)."""


def read_token(ctx, ask: bool = True) -> str:
    """The stored token, or "" when there is none.

    Raises:
        StoreLocked: A token is stored but the master password was not entered (with ``ask``
            False, the master password is never asked for).
    """
    return keys.find_key(ctx, TOKEN_URL, ask=ask)


def ensure_token(ctx, ask: bool = True) -> str:
    """The stored token, made and stored first when there is none.

    Raises:
        StoreLocked: The store is locked; nothing was made or replaced.
    """
    return read_token(ctx, ask) or renew_token(ctx)


def renew_token(ctx) -> str:
    """Replace the token with a fresh one (connected agents must be given the new one).

    Raises:
        StoreLocked: The master password was not entered; the old token stays.
    """
    token = new_token()
    keys.store_key(ctx, TOKEN_URL, token)
    return token
