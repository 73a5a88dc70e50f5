"""The e2e tests run against the real embedded local model server (see tests/support/local_model_fixture.py)."""
import pytest

from support.local_model_fixture import local_model_server  # noqa: F401

SETUP_SECONDS = 1200
"""The per-test limit of the e2e tests: whichever runs first sets the model up (about 6 minutes on a fresh
machine), longer than pytest.ini's 300 s."""


def pytest_collection_modifyitems(items):
    for item in items:
        if item.get_closest_marker("e2e"):
            item.add_marker(pytest.mark.timeout(SETUP_SECONDS))
