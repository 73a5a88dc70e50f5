"""Typed tool functions (core/agent/declare.py): what the function receives for array parameters."""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Union

from marginalia.core.agent.declare import Arg, tool
from marginalia.core.agent.tools import ToolContext

received = {}


@dataclass(frozen=True)
class Key:
    column: str = Arg("Column letter.")
    descending: bool = False


@tool()
def sample(context, rows: List[List[Optional[Union[str, float, bool]]]] = Arg(default=None),
           keys: List[Key] = Arg(default=None), sizes: List[float] = Arg(default=None)):
    """A tool that keeps what it received."""
    received.update(rows=rows, keys=keys, sizes=sizes)
    return "ok"


def test_arrays_of_plain_values_arrive_as_given_without_a_copy():
    rows = [["Item", 3], [None, True]]
    sample.handler(ToolContext(), {"rows": rows})
    assert received["rows"] is rows and received["rows"][0][1] == 3  # ints in a union stay ints


def test_arrays_of_objects_and_of_floats_are_typed():
    sample.handler(ToolContext(), {"keys": [{"column": "B"}, {"column": "A", "descending": True}], "sizes": [2, 1.5]})
    assert received["keys"] == [Key("B", False), Key("A", True)]
    assert received["sizes"] == [2.0, 1.5] and isinstance(received["sizes"][0], float)
