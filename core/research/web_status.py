"""What went wrong reading a web address, in sentences a model can act on.

The HTTP client raises :mod:`..errors` exceptions written for the model server's user
(their hints talk about Settings and model servers). Research reports to the model
instead: what failed, for which URL, and what to do next (another source, a
different address, giving up on that page).
"""
from __future__ import annotations

from ..errors import (ConnectFailed, ConnectionDropped, DnsFailed, MarginaliaError, NetworkTimeout, ProxyError,
    TlsError)
from ..agent.tools import ToolError


class WebStatusError(ToolError):
    """A research request answered with a status that is not 2xx (``status`` kept for callers)."""

    def __init__(self, status: int, url: str):
        self.status = status
        super().__init__(describe_status(status, url))


def describe_status(status: int, url: str) -> str:
    """The error text for a non-2xx answer to a research request.

    Args:
        status: The HTTP status.
        url: The URL that answered.
    """
    if status in (404, 410):
        return ("The page was not found (HTTP %d): %s. Check the address, or search for the page instead."
                % (status, url))
    if status in (401, 403, 451):
        return ("The site refused access (HTTP %d): %s. It may need a login or block automated readers; use "
                "another source." % (status, url))
    if status == 429:
        return "The site is limiting requests (HTTP 429): %s. Use another source, or try later." % url
    if status >= 500:
        return ("The site had an error (HTTP %d) at %s. Try again later or use another source." % (status, url))
    if 300 <= status < 400:
        return "The site answered with a redirect (HTTP %d) but said not where to: %s." % (status, url)
    return "The site rejected the request (HTTP %d): %s." % (status, url)


def describe_network_error(error: MarginaliaError, url: str) -> str:
    """The error text for a failure of the connection itself.

    Args:
        error: What the HTTP client raised.
        url: The URL being read.
    """
    if isinstance(error, DnsFailed):
        return ('The host name "%s" could not be found (%s). Check the address; the site may not exist.'
                % (error.host, url))
    if isinstance(error, ConnectFailed):
        return "Could not connect to %s:%s to read %s (%s)." % (
            error.host, error.port, url, "nothing accepts connections there" if error.reason == "refused"
            else "the host or network is unreachable")
    if isinstance(error, NetworkTimeout):
        if error.phase == "connect":
            return "%s did not accept a connection in time (%s). The site may be down; use another source." % (
                error.host or "The site", url)
        return ("The site stopped sending data%s while %s was read. It is too slow now; use another source."
                % (" for %g seconds" % error.seconds if error.seconds else "", url))
    if isinstance(error, TlsError):
        return "%s The page %s was not read: its secure connection cannot be trusted." % (error.user_message, url)
    if isinstance(error, ProxyError):
        return "%s (reading %s)" % (error.user_message, url)
    if isinstance(error, ConnectionDropped):
        return "The site closed the connection before the page was complete (%s)." % url
    return "Could not read %s: %s" % (url, error.user_message)
