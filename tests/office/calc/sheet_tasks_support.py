"""Helpers for the tests of the sheet tools: corpus documents, one assistant turn, the xlsx round trip."""
import json
import os
import shutil

from calc_driver import calc_tools

CORPUS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "fixtures",
                      "documents")


def open_corpus(office, name, tmp_path):
    """A fresh copy of the corpus file ``name``, opened (visible, as a user has it)."""
    path = str(tmp_path / name)
    shutil.copy(os.path.join(CORPUS, name), path)
    return office.open_document(path)


def turn(doc, ctx, request, calls):
    """Run ``calls`` ([(tool, args)]) as one assistant turn; return the outcomes (all must succeed)."""
    from marginalia.core.agent.tools import ToolContext, ToolRegistry
    from marginalia.core.stream.message import ToolCall
    from marginalia.ui.office.document_tools import DocumentTools
    from marginalia.ui.office.undo import DocumentUndo
    runner = DocumentTools(ToolRegistry(calc_tools()), ToolContext(document=doc, app="calc", office=ctx),
                           undo=DocumentUndo(doc), title=request)
    outcomes = []
    for name, args in calls:
        outcome = runner.run(ToolCall("c-%s" % name, name, json.dumps(args), 0))
        assert outcome.ok, outcome.content
        outcomes.append(outcome)
    return outcomes


def reopened_as_xlsx(office, doc, tmp_path, name="saved.xlsx"):
    """Save ``doc`` as xlsx and open that file (the caller closes it)."""
    import uno
    from com.sun.star.beans import PropertyValue
    prop = PropertyValue()
    prop.Name, prop.Value = "FilterName", "Calc MS Excel 2007 XML"
    path = str(tmp_path / name)
    doc.storeToURL(uno.systemPathToFileUrl(path), (prop,))
    return office.open_document(path, hidden=True)


def xlsx_part(tmp_path, member, name="saved.xlsx"):
    """The text of one part of the xlsx saved by :func:`reopened_as_xlsx`."""
    import zipfile
    with zipfile.ZipFile(str(tmp_path / name)) as archive:
        return archive.read(member).decode("utf-8")
