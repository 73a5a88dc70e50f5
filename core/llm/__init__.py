"""Talking to a model server: the request of a round, endpoints, context window and budget, Ollama.

Owns what a chat request looks like for each server kind, what is known about an
endpoint (presets, headers, model list, context size), fitting the conversation into the
context window, and running one streamed round on a worker thread.

May import: core, core.loop, core.net, core.stream.
"""
