"""The error tree: shape, plain messages, hints, and redaction at construction."""
import inspect

import pytest

from marginalia.core import errors
from marginalia.core.errors import (AuthError, Cancelled, ConnectFailed, ContextOverflowError, HttpStatusError,
    MarginaliaError, NetworkError, NetworkTimeout, NotAStreamError, ProtocolError, RateLimited, ServerError, TlsError)

ALL_ERRORS = [cls for _, cls in inspect.getmembers(errors, inspect.isclass)
              if issubclass(cls, MarginaliaError)]


def test_module_docstring_draws_every_error_class():
    """The tree in the docstring is the map other engineers read; it must stay complete."""
    for cls in ALL_ERRORS:
        assert cls.__name__ in errors.__doc__, cls.__name__


@pytest.mark.parametrize("child, parent", [
    (ConnectFailed, NetworkError), (NetworkTimeout, NetworkError), (TlsError, NetworkError),
    (AuthError, HttpStatusError), (ContextOverflowError, HttpStatusError),
    (RateLimited, HttpStatusError), (ServerError, HttpStatusError),
    (NotAStreamError, ProtocolError), (Cancelled, MarginaliaError),
])
def test_tree_shape(child, parent):
    assert issubclass(child, parent)


def test_base_keeps_message_and_hint_and_str_is_the_message():
    error = MarginaliaError("Plain sentence.", "Do this.")
    assert (str(error), error.user_message, error.hint) == ("Plain sentence.", "Plain sentence.",
                                                            "Do this.")


def test_base_redacts_what_it_is_given():
    error = MarginaliaError("Rejected key sk-abcdefghijklmnop", "Header was Authorization: Bearer x1")
    assert "sk-abc" not in str(error) and "x1" not in error.hint


def test_subclass_of_base_works_with_defaults():
    class ToolFailed(MarginaliaError):
        default_message = "The tool failed."
        default_hint = "Try again."
    assert (str(ToolFailed()), ToolFailed().hint) == ("The tool failed.", "Try again.")


@pytest.mark.parametrize("problem, words", [
    ("expired", "expired"), ("self_signed", "self-signed"),
    ("hostname_mismatch", "different name"), ("unknown_ca", "authority"),
    ("not_tls", "did not answer with HTTPS"),
])
def test_tls_error_names_the_problem(problem, words):
    error = TlsError(problem, "example.test", "AB:CD")
    assert words in str(error)
    assert error.fingerprint_sha256 == "AB:CD"


def test_tls_error_hint_offers_the_fingerprint_and_warns_on_pin_mismatch():
    fingerprint = ":".join(["AB"] * 32)
    error = TlsError("self_signed", "nas.local", fingerprint, pin_mismatch=True)
    assert fingerprint in error.hint
    assert "changed" in str(error)


def test_context_overflow_message_carries_the_numbers():
    error = ContextOverflowError(400, "", "", prompt_tokens=9000, context_window=8192)
    assert "9000" in str(error) and "8192" in str(error)
    assert ContextOverflowError(413).context_window is None


def test_rate_limited_says_when_to_retry():
    assert "30 seconds" in str(RateLimited(retry_after=30))


def test_not_a_stream_keeps_the_body():
    error = NotAStreamError("application/json", b'{"choices": []}')
    assert error.body == b'{"choices": []}'


def test_every_error_the_user_can_act_on_has_a_hint():
    samples = [ConnectFailed("h", 1), ConnectFailed("h", 1, "unreachable"),
               NetworkTimeout("read", 5), NetworkTimeout("connect", 5), TlsError("expired", "h"),
               AuthError(401), ServerError(500), ServerError(503), RateLimited(),
               NotAStreamError("text/html"), errors.EmptyBodyError(), errors.DnsFailed("h"),
               errors.ProxyError("p:1", 407), errors.ConnectionDropped()]
    for error in samples:
        assert str(error) and error.hint, type(error).__name__
