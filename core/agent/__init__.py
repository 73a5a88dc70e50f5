"""The assistant's turn: the tool-calling state machine, tools and their checks, strategies, prompts.

Owns how a turn goes (stream, run tools, stream again), how tools are declared, checked
and run, how tool calls are obtained from a model (native, forced, prompted, written as
text), and what the model is told (system prompt, selection prompts, each round's request).

May import: core, core.loop, core.llm, core.stream, core.agent.tool_formats.
"""
