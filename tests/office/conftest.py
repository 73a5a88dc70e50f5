"""Office tests: the fixtures come from tests/support/office_fixtures.py (loaded for the whole suite)."""
from support.office_fixtures import ARTIFACTS, ROOT, marginalia_log  # noqa: F401
