"""The corpus of real documents (tests/fixtures/documents/INDEX.md) and a tool runner for them."""
import glob
import json
import os

DOCUMENTS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                         "fixtures", "documents")
TEXT_EXTENSIONS = (".odt", ".ott", ".docx")
SHEET_EXTENSIONS = (".ods", ".xlsx")


def documents(extensions):
    """The corpus files with one of ``extensions``, by name."""
    return sorted(os.path.basename(path) for path in glob.glob(os.path.join(DOCUMENTS, "*"))
                  if path.endswith(extensions))


class Tools:
    """Runs tool calls on one document with every tool, as the chat would."""

    def __init__(self, document, ctx):
        from marginalia.core.agent.tools import ToolContext
        from marginalia.ui.chat import toolset
        from marginalia.ui.office.document_tools import DocumentTools
        from marginalia.ui.office.open_documents import app_of
        self.runner = DocumentTools(toolset.build_registry(), ToolContext(document=document,
                                                                          app=app_of(document), office=ctx))

    def ok(self, name, /, **args):
        """Run a call that must succeed; return its content."""
        from marginalia.core.stream.message import ToolCall
        outcome = self.runner.run(ToolCall("c1", name, json.dumps(args), 0))
        assert outcome.ok, outcome.content
        return outcome.content
