"""Every registered tool is declared well: a description and an object schema with typed parameters."""
import json
import os
import subprocess
import sys

import pytest

pytest.importorskip("uno")

from marginalia.ui.chat import toolset  # noqa: E402

SNAPSHOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fixtures",
                        "tool_declarations.json")


@pytest.fixture(scope="module")
def registry():
    return toolset.build_registry()


def test_every_tool_has_a_description_and_an_object_schema(registry):
    tools = [registry.get(name) for name in registry.names()]
    assert len(tools) >= 25
    for tool in tools:
        assert len(tool.description) >= 30, tool.name
        assert tool.parameters.get("type") == "object", tool.name
        for name, schema in tool.parameters.get("properties", {}).items():
            assert "type" in schema or "anyOf" in schema or "enum" in schema, (tool.name, name)
        assert set(tool.parameters.get("required", [])) <= set(tool.parameters.get("properties", {})), tool.name
        assert set(tool.apps) <= {"writer", "calc", "impress", "draw"} and tool.apps, tool.name
        assert not (tool.is_async and tool.changes_document), tool.name  # network tools never touch the document


def test_each_application_gets_a_small_sharp_set(registry):
    """A model handles a few dozen tools well; beyond that, tools are grouped by actions (tables, comments…)."""
    for app in ("writer", "calc"):
        names = registry.names(app)
        assert 10 <= len(names) <= 36, (app, names)
        assert len(set(names)) == len(names)
    assert "insert_content" in registry.names("writer") and "write_range" in registry.names("calc")
    assert "fetch_page" in registry.names("writer") and "fetch_page" in registry.names("calc")


def _declarations(registry):
    """What the model is sent for every tool (and how each is run), in registration order."""
    return [{"name": tool.name, "description": tool.description, "parameters": tool.parameters,
             "is_async": tool.is_async, "apps": list(tool.apps), "changes_document": tool.changes_document,
             "handler": tool.handler.__name__}
            for tool in (registry.get(name) for name in registry.names())]


def test_tool_declarations_match_the_snapshot(registry):
    """Names, descriptions and schemas are part of saved conversations and of what models learned: byte for byte.

    After a deliberate change, re-record with MARGINALIA_RECORD_TOOLS=1 and review the diff of the snapshot.
    """
    text = json.dumps(_declarations(registry), ensure_ascii=False, indent=1) + "\n"
    if os.environ.get("MARGINALIA_RECORD_TOOLS") == "1":
        with open(SNAPSHOT, "w", encoding="utf-8") as handle:
            handle.write(text)
    with open(SNAPSHOT, encoding="utf-8") as handle:
        assert text == handle.read()


_DECLARED_AFTER_UNIONS = """
import itertools, json, sys
from typing import Optional, Union
sys.path[:0] = [%r, %r]
import devpath
devpath.install()
types = (str, int, float, bool)
orders = [p for size in (2, 3) for p in itertools.permutations(types, size)]
for order in (reversed(orders) if sys.argv[1] == "reversed" else orders):
    Optional[Union[order]]
from marginalia.ui.chat import toolset
registry = toolset.build_registry()
print(json.dumps([registry.get(name).parameters for name in registry.names()]))
"""


@pytest.mark.parametrize("order", ["forward", "reversed"])
def test_declarations_do_not_depend_on_unions_written_elsewhere_first(order):
    """typing caches ``Optional[Union[A, B]]`` as equal to ``Optional[Union[B, A]]``: whichever a process
    writes first gives its order of types to the other. Tools write such unions flat (``Union[A, B, None]``)."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    script = _DECLARED_AFTER_UNIONS % (os.path.join(root, "scripts"), os.path.join(root, "tests"))
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    printed = subprocess.run([sys.executable, "-c", script, order], capture_output=True, text=True, check=True,
                             env=environment, timeout=120).stdout
    with open(SNAPSHOT, encoding="utf-8") as handle:
        assert json.loads(printed) == [tool["parameters"] for tool in json.load(handle)]
