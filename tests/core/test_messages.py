"""The message vocabulary is what travels: the table in core/loop/messages.py lists every message,
and each is posted by some code and handled by some task."""
import ast
import glob
import importlib
import os
import pkgutil

import marginalia.core as core
from marginalia.core.loop import messages
from marginalia.core.loop.messages import Message

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def table():
    """The first word of each row of the docstring's table (between its second and third rule)."""
    lines = messages.__doc__.splitlines()
    rules = [number for number, line in enumerate(lines) if line.startswith("====")]
    return [line.split()[0] for line in lines[rules[1] + 1:rules[2]]]


def declared():
    for module in pkgutil.walk_packages(core.__path__, "marginalia.core."):
        importlib.import_module(module.name)
    found, pending = set(), list(Message.__subclasses__())
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        if cls.__module__.startswith("marginalia.") and not cls.__subclasses__():
            found.add(cls)
    return found


def runtime_trees():
    for package in ("core", "ui"):
        for path in glob.glob(os.path.join(ROOT, package, "**", "*.py"), recursive=True):
            if os.sep + "vendor" + os.sep not in path:
                with open(path, encoding="utf-8") as handle:
                    yield ast.parse(handle.read(), path)


def test_the_table_lists_every_message_and_nothing_else():
    assert sorted(table()) == sorted(cls.__name__ for cls in declared())


def test_every_message_is_posted_and_handled():
    built, handlers = set(), set()
    for tree in runtime_trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                built.add(node.func.id)
            elif isinstance(node, ast.FunctionDef):
                handlers.add(node.name)
    for cls in declared():
        assert cls.__name__ in built, "%s is never posted" % cls.__name__
        assert cls.handler_name in handlers, "no task handles %s (%s)" % (cls.__name__, cls.handler_name)
