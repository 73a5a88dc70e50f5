"""Run Calc tool calls on a real sheet in the test process, as the chat would (see conftest.py)."""
import importlib
import json
import pkgutil


def calc_tools():
    """Every Tool declared by a module of marginalia.ui.calc."""
    import marginalia.ui.calc as package
    tools = []
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        module = importlib.import_module("marginalia.ui.calc." + info.name)
        tools.extend(getattr(module, "TOOLS", ()))
    return tools


class ToolDriver:
    """Runs tool calls on one document, as the chat would."""

    def __init__(self, document, ctx):
        from marginalia.core.agent.tools import ToolContext, ToolRegistry
        from marginalia.ui.office.document_tools import DocumentTools
        self.document = document
        self.runner = DocumentTools(ToolRegistry(calc_tools()), ToolContext(document=document, app="calc", office=ctx))

    def __call__(self, tool_name, /, **args):
        from marginalia.core.stream.message import ToolCall
        return self.runner.run(ToolCall("c1", tool_name, json.dumps(args), 0))

    def ok(self, tool_name, /, **args):
        """Run a call that must succeed; return its outcome."""
        outcome = self(tool_name, **args)
        assert outcome.ok, outcome.content
        return outcome

    def fails(self, tool_name, /, **args):
        """Run a call that must fail; return its message."""
        outcome = self(tool_name, **args)
        assert not outcome.ok, outcome.content
        return outcome.content
