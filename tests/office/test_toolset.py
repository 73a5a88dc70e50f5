"""Every registered tool is declared well: a description and an object schema with typed parameters."""
import pytest

pytest.importorskip("uno")

from marginalia.ui.chat import toolset  # noqa: E402


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
        assert set(tool.apps) <= {"writer", "calc"} and tool.apps, tool.name
        assert not (tool.is_async and tool.changes_document), tool.name  # network tools never touch the document


def test_each_application_gets_a_small_sharp_set(registry):
    for app in ("writer", "calc"):
        names = registry.names(app)
        assert 10 <= len(names) <= 20, (app, names)
        assert len(set(names)) == len(names)
    assert "insert_content" in registry.names("writer") and "write_range" in registry.names("calc")
    assert "fetch_page" in registry.names("writer") and "fetch_page" in registry.names("calc")
