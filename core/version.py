"""The single place where Marginalia's version is kept (the build reads it)."""

__version__ = "0.1.0"
