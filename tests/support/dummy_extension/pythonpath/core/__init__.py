"""A dummy extension's own top-level 'core' package: it must not shadow Marginalia's."""
OWNER = "dummy"
