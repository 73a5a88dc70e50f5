"""The explicit list of tool modules names exactly the modules that define TOOLS."""
import ast
import glob
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _listed_modules():
    with open(os.path.join(ROOT, "ui", "chat", "toolset.py"), encoding="utf-8") as handle:
        tree = ast.parse(handle.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "TOOL_MODULES":
            return set(ast.literal_eval(node.value))
    raise AssertionError("toolset.py has no TOOL_MODULES")


def _modules_defining_tools():
    found = set()
    for path in glob.glob(os.path.join(ROOT, "ui", "**", "*.py"), recursive=True):
        with open(path, encoding="utf-8") as handle:
            tree = ast.parse(handle.read())
        if any(isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "TOOLS" for node in tree.body):
            found.add(os.path.relpath(path, os.path.join(ROOT, "ui"))[:-3].replace(os.sep, "."))
    return found


def test_every_module_with_tools_is_listed_and_every_listed_module_has_tools():
    assert _listed_modules() == _modules_defining_tools()
