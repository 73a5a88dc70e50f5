"""Third-party libraries vendored verbatim (see VENDORED.md): markdown-it-py and mdurl.

Their imports of each other are relative, so inside the office they live only under
``marginalia.core.vendor`` and never clash with another extension's ``markdown_it``.
``make check`` verifies the files against the pinned hash list ``SHA256SUMS``.

May import: core.vendor.*.
"""
