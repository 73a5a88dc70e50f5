"""The office driver used by the tests lives in scripts/officectl.py (make run uses it too)."""
from officectl import (BUSY_PORTS, SOFFICE, UNOPKG, Office, clean_env, free_port,  # noqa: F401
                       office_available)
