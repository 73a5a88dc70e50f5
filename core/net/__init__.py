"""The network edge: HTTP/1.1 connections, TLS, proxies, retries, and HTTP errors mapped to ours.

Owns the one HTTP client (:mod:`.transport`) with its transport seam, the keep-alive
pool, the cancel token that stops network work, opening an event stream, and turning
socket, ssl and status failures into :mod:`marginalia.core.errors`.

May import: core.
"""
