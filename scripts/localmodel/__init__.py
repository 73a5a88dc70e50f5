"""Embedded local model tooling (see scripts/local_model.py). Standard library only."""
