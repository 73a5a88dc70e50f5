"""How long one MCP request may take at most, so that a client in between can wait longer.

A tool call from an agent the user has not allowed yet first shows the question in the
panel (:data:`PANEL_SECONDS` to get the main thread, as much again to use it), then waits
for the answer (the ``Agents/QuestionSeconds`` setting, at most :data:`MOST_QUESTION_SECONDS`;
no answer in time is not a denial: the agent is told to call again), then waits for its
turn on the main thread and runs (:data:`~.dispatch.DEFAULT_TIME_LIMIT` each). The stdio
bridge (``extension/bridge``) waits longer than :data:`LONGEST_ANSWER_SECONDS`, so the agent
always reads the server's own answer.
"""
from __future__ import annotations

from .dispatch import DEFAULT_TIME_LIMIT

MOST_QUESTION_SECONDS = 60.0
"""The longest a call waits for the user's answer about a new agent (the setting is capped here)."""
PANEL_SECONDS = 15.0
"""Time limit of showing the question on the main thread (to start, and again to finish)."""
LONGEST_ANSWER_SECONDS = 2 * PANEL_SECONDS + MOST_QUESTION_SECONDS + 2 * DEFAULT_TIME_LIMIT
"""The longest the server takes to answer one request (150 s)."""
