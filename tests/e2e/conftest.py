"""The e2e tests run against the real embedded local model server (see tests/support/local_model_fixture.py)."""
from support.local_model_fixture import local_model_server  # noqa: F401
