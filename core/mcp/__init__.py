"""The MCP server's engine: Model Context Protocol over Streamable HTTP, standard library only.

Owns the JSON-RPC 2.0 messages (:mod:`.jsonrpc`), the protocol's methods and version
negotiation (:mod:`.protocol`), the clients' sessions (:mod:`.sessions`), the request
guard (bearer token, Origin and Host rules against DNS rebinding, :mod:`.guard`), the
threaded HTTP server bound to loopback (:mod:`.http_server`) and the dispatcher that
runs each tool call elsewhere (the office's main thread), one at a time, with a time
limit (:mod:`.dispatch`), and how long a request may take in all (:mod:`.waits`). It
knows nothing of LibreOffice: the office side provides a :class:`~.protocol.ToolHost`
and the function that posts work to its main thread.

May import: core.
"""
