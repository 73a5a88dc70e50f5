"""A document's conversation: the session, its history on disk, the transcript and what a turn shows.

May import: core, core.loop, core.llm, core.agent, core.text.
"""
