"""save_document: save the document, or write a copy as PDF, Word, ODF text, HTML or plain text.

A copy goes into the document's own folder, under a plain file name: writing anywhere else needs
the user's approval, which a tool running on the office's main thread cannot wait for, so such a
path is refused with what the user can do instead. A file that exists is replaced only when the
call says so, and never the document's own file (that is what "save" does). The answer names the
file written and its size as found on disk afterwards.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Literal, Optional

import uno
from com.sun.star.beans import PropertyValue
from com.sun.star.io import IOException

from ...core.agent.declare import Arg, tool
from ...core.agent.tools import ToolError, ToolOutcome
from ...core.i18n import _
from ...core.text.match import quote


@dataclass(frozen=True)
class FileFormat:
    """A format a copy can be written in."""

    filter_name: str
    extension: str
    label: str
    filter_options: str = ""


FORMATS = {
    "pdf": FileFormat("writer_pdf_Export", ".pdf", "PDF"),
    "docx": FileFormat("MS Word 2007 XML", ".docx", "Word (.docx)"),
    "odt": FileFormat("writer8", ".odt", "ODF text (.odt)"),
    "html": FileFormat("HTML (StarWriter)", ".html", "HTML"),
    "txt": FileFormat("Text (encoded)", ".txt", "plain text (UTF-8)", "UTF8,LF"),
}
ELSEWHERE = ("file_name must be a file name alone (no folder): the copy goes into the document's own folder, %s. "
             "Writing anywhere else needs the user's approval, which this tool cannot ask for: tell the user to use "
             "File ▸ Export (or Save As) for another folder.")


@tool(apps=("writer",), changes_document=True)
def save_document(context, action: Literal["save", "export"] = Arg(
                      "save: store the document in its file; export: write a copy in another format."),
                  format: Optional[Literal["pdf", "docx", "odt", "html", "txt"]] = Arg(
                      "export: the copy's format (default: from file_name's extension)."),
                  file_name: Optional[str] = Arg("export: the copy's file name, in the document's folder (default: "
                                                 "the document's name with the format's extension)."),
                  overwrite: bool = Arg("export: replace a file of that name (default false: refused).",
                                        default=False)) -> ToolOutcome:
    """Save the document, or export a copy (PDF, DOCX, ODT, HTML, plain text) into the document's own folder.
    action "save": store it in its file, in the format it has. "export": write a copy named file_name (a
    plain name, e.g. "report.pdf") next to the document; the document stays open as it is. A copy is
    written only into the document's folder; an existing file is replaced only with overwrite.
    """
    document = context.document
    if action == "save":
        return _save(document)
    return _export(document, format, file_name, overwrite)


def _save(document) -> ToolOutcome:
    path = _own_path(document, "save")
    if document.isReadonly():
        raise ToolError("The document is open read-only, so it cannot be saved. Tell the user: they can save a copy "
                        "with File ▸ Save As.")
    name = os.path.basename(path)
    try:
        document.store()
    except IOException as error:
        raise ToolError("LibreOffice could not save %s (%s); the file is as it was." % (quote(name), error.Message))
    return ToolOutcome.success("Saved the document to %s in %s (%s)." % (quote(name), os.path.dirname(path),
                                                                       _size(path)),
                               _("Saved %s") % name)


def _export(document, wanted: Optional[str], file_name: Optional[str], overwrite: bool) -> ToolOutcome:
    own = _own_path(document, "export")
    folder = os.path.dirname(own)
    kind, name = _format_and_name(wanted, file_name, own, folder)
    path = os.path.join(folder, name)
    if os.path.normcase(path) == os.path.normcase(own):
        raise ToolError("%s is the document's own file; use action \"save\" to store it, or give another "
                        "file_name." % quote(name))
    if os.path.isdir(path):
        raise ToolError("%s is a folder in %s; give another file_name." % (quote(name), folder))
    existed = os.path.exists(path)
    if existed and not overwrite:
        raise ToolError("%s already exists in %s; nothing was written. Give another file_name, or overwrite=true "
                        "once the user agrees to replace it." % (quote(name), folder))
    chosen = FORMATS[kind]
    try:
        document.storeToURL(uno.systemPathToFileUrl(path), _arguments(chosen))
    except IOException as error:
        raise ToolError("LibreOffice could not write %s in %s (%s)." % (quote(name), folder, error.Message))
    if not os.path.isfile(path):
        raise ToolError("LibreOffice reported no error, but %s is not in %s." % (quote(name), folder))
    return ToolOutcome.success("%s a copy of the document as %s: %s in %s (%s). The document itself is unchanged "
                               "and stays open." % ("Replaced with" if existed else "Wrote", chosen.label,
                                                    quote(name), folder, _size(path)),
                               _("Exported %s") % name)


def _own_path(document, doing: str) -> str:
    """The document's file (a local one), or a refusal saying why it cannot ``doing`` ("save", "export")."""
    if not document.hasLocation():
        raise ToolError("The document has never been saved, so it has no file or folder to %s to. Tell the user to "
                        "save it first (File ▸ Save As)." % doing)
    url = document.getLocation()
    if not url.startswith("file:"):
        raise ToolError("The document is not a local file (%s); the user can %s it with the File menu."
                        % (url, doing))
    return uno.fileUrlToSystemPath(url)


def _format_and_name(wanted: Optional[str], file_name: Optional[str], own: str, folder: str):
    """``(format key, file name)`` of a copy, from the call's format and file_name."""
    if file_name is None or not file_name.strip():
        if wanted is None:
            raise ToolError("Say which format (pdf, docx, odt, html or txt) or give file_name.")
        return wanted, os.path.splitext(os.path.basename(own))[0] + FORMATS[wanted].extension
    name = file_name.strip()
    if os.path.basename(name) != name or "\\" in name or name in (".", "..") or os.path.isabs(name):
        raise ToolError(ELSEWHERE % folder)
    stem, extension = os.path.splitext(name)
    by_extension = next((key for key, item in FORMATS.items() if item.extension == extension.lower()), None)
    if extension.lower() == ".htm":
        by_extension = "html"
    if wanted is None:
        if by_extension is None:
            raise ToolError("%s does not say a format; give format (pdf, docx, odt, html or txt)." % quote(name))
        return by_extension, name
    if by_extension is None:
        return wanted, name + FORMATS[wanted].extension
    if by_extension != wanted:
        raise ToolError("%s ends in %s but format is %s; make them agree." % (quote(name), extension, wanted))
    return wanted, name


def _arguments(chosen: FileFormat):
    values = [("FilterName", chosen.filter_name), ("Overwrite", True)]
    if chosen.filter_options:
        values.append(("FilterOptions", chosen.filter_options))
    return tuple(PropertyValue(Name=name, Value=value) for name, value in values)


def _size(path: str) -> str:
    size = os.path.getsize(path)
    return "%d bytes" % size if size < 10240 else "%d KB" % round(size / 1024)


TOOLS = [save_document]
