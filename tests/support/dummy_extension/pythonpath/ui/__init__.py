"""A dummy extension's own top-level 'ui' package: it must not shadow Marginalia's."""
OWNER = "dummy"
