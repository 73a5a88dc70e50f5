"""Find the references that docstrings and the Markdown docs make to modules, files and sections.

A reference is one of:

- a Sphinx role with a dotted target (``:mod:`.jsonrpc```, ``:class:`~.message.ToolCall```,
  ``:func:`marginalia.core.redact.redact```): relative targets start from the package of the
  module whose docstring holds them; the module part must exist and the first name after it must
  be defined at its top level;
- a dotted runtime name (``marginalia.core.loop.task.Task``, ``ui.office``);
- a repository path (``core/agent/tools.py``, ``tests/office/mcp/``, ``tests/x.py::test_y``):
  the file or folder must exist, and a ``::name`` must be defined in that file;
- in Markdown, a relative link or image (``[text](docs/mcp.md#the-token)``): the file must exist
  and an anchor must name one of its headings.

Paths of other projects are written ``project:path`` (``llama.cpp:common/chat.cpp``) and are
not checked; nor are paths with ``...``, ``*`` or ``<placeholders>``.
"""
import ast
import glob
import os
import re
from typing import Dict, Iterator, List, NamedTuple, Optional

from support import import_graph

DOCSTRING_ROOTS = ("core", "ui", "scripts", "extension")
PATH_ROOTS = ("core", "ui", "scripts", "extension", "tests", "registry", "docs", "META-INF", ".ci")
ROLE = re.compile(r":(?:mod|class|func|meth|attr|data|exc|obj):`~?([^`<>\s]+)`")
DOTTED = re.compile(r"(?<![\w./:-])(?:marginalia\.)?((?:core|ui)(?:\.[A-Za-z_]\w*)+)")
PATH = re.compile(r"(?<![\w./:<>@-])((?:%s)/[\w./-]*(?:::\w+)?)" % "|".join(re.escape(r) for r in PATH_ROOTS))
LINK = re.compile(r"!?\[([^\]]*)\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


class Reference(NamedTuple):
    """One reference and where it was found."""

    where: str
    """The file holding it (relative to the repository)."""
    target: str
    """The reference as written."""


def runtime_modules(root: str) -> Dict[str, str]:
    """Every importable module named as docstrings name it: ``core.x``, ``ui.x``, script modules."""
    found = dict(import_graph.modules(root))
    for path in glob.glob(os.path.join(root, "core", "vendor", "**", "*.py"), recursive=True):
        found[_module_name(os.path.relpath(path, root))] = path
    for top in ("scripts", "extension"):
        for path in glob.glob(os.path.join(root, top, "**", "*.py"), recursive=True):
            found[_module_name(os.path.relpath(path, os.path.join(root, top)))] = path
    return found


def _module_name(relative: str) -> str:
    name = relative[:-3].replace(os.sep, ".")
    return name[:-len(".__init__")] if name.endswith(".__init__") else name


def _top_level_names(path: str) -> Dict[str, ast.AST]:
    with open(path, encoding="utf-8") as handle:
        tree = ast.parse(handle.read(), path)
    names: Dict[str, ast.AST] = {}
    for node in tree.body:
        for name in _defined(node):
            names[name] = node
    return names


def _defined(node: ast.AST) -> List[str]:
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [node.name]
    if isinstance(node, ast.Assign):
        return [target.id for target in node.targets if isinstance(target, ast.Name)]
    if isinstance(node, (ast.AnnAssign, ast.AugAssign)) and isinstance(node.target, ast.Name):
        return [node.target.id]
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return [(alias.asname or alias.name).split(".")[0] for alias in node.names]
    if isinstance(node, (ast.If, ast.Try, ast.With)):
        inner = list(node.body) + list(getattr(node, "orelse", [])) + list(getattr(node, "finalbody", []))
        for handler in getattr(node, "handlers", []):
            inner += handler.body
        return [name for sub in inner for name in _defined(sub)]
    return []


def _class_names(node: ast.ClassDef) -> set:
    names = {name for sub in node.body for name in _defined(sub)}
    for sub in ast.walk(node):
        if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and sub.value.id == "self":
            names.add(sub.attr)
    return names


class Resolver:
    """Answers whether a dotted name or a path exists in the repository at ``root``."""

    def __init__(self, root: str) -> None:
        self.root = root
        self.modules = runtime_modules(root)
        self._names: Dict[str, Dict[str, ast.AST]] = {}

    def dotted(self, name: str) -> bool:
        """True when the longest module prefix of ``name`` exists and what follows is defined in it."""
        parts = name.split(".")
        for cut in range(len(parts), 0, -1):
            module = ".".join(parts[:cut])
            if module in self.modules:
                return self._defines(module, parts[cut:])
        return False

    def _defines(self, module: str, rest: List[str]) -> bool:
        if not rest:
            return True
        if module not in self._names:
            self._names[module] = _top_level_names(self.modules[module])
        node = self._names[module].get(rest[0])
        if node is None:
            return False
        if len(rest) > 1 and isinstance(node, ast.ClassDef) and not node.bases:
            return rest[1] in _class_names(node)
        return True

    def path(self, reference: str) -> bool:
        """True when a repository path exists (and, after ``::``, names something defined in it)."""
        path, _, name = reference.partition("::")
        full = os.path.join(self.root, path.rstrip("."))
        if not os.path.exists(full):
            return False
        if not name:
            return True
        with open(full, encoding="utf-8") as handle:
            return re.search(r"^\s*(?:async\s+)?(?:def|class)\s+%s\b" % re.escape(name), handle.read(),
                             re.MULTILINE) is not None


def _skip_path(path: str) -> bool:
    return "..." in path or "*" in path


# --- docstrings --------------------------------------------------------------------------------------

def python_files(root: str) -> List[str]:
    """The runtime and script files whose docstrings are checked (vendored code is not ours)."""
    found = []
    for top in DOCSTRING_ROOTS:
        for path in glob.glob(os.path.join(root, top, "**", "*.py"), recursive=True):
            if not os.path.relpath(path, root).startswith(import_graph.VENDORED):
                found.append(path)
    return sorted(found)


def docstrings(path: str) -> Iterator[str]:
    """The docstrings of a module, its classes and functions, and the string after an assignment."""
    with open(path, encoding="utf-8") as handle:
        tree = ast.parse(handle.read(), path)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            text = ast.get_docstring(node, clean=False)
            if text:
                yield text
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for before, after in zip(body, body[1:]):
                if isinstance(before, (ast.Assign, ast.AnnAssign)) and isinstance(after, ast.Expr) \
                        and isinstance(after.value, ast.Constant) and isinstance(after.value.value, str):
                    yield after.value.value


def _package_of(root: str, path: str) -> Optional[str]:
    """The dotted package a module's relative references start from (None outside the runtime)."""
    relative = os.path.relpath(path, root)
    top = relative.split(os.sep)[0]
    if top in ("scripts", "extension"):
        relative = os.path.relpath(path, os.path.join(root, top))
    name = relative[:-3].replace(os.sep, ".")
    if name.endswith("__init__"):
        return name[:-len(".__init__")] if "." in name else ""
    return name.rpartition(".")[0]


def _role_targets(package: Optional[str], module: str, target: str) -> Optional[List[str]]:
    """The dotted names a role's target may mean; None when it is not ours to check."""
    if target.startswith("marginalia."):
        return [target[len("marginalia."):]]
    if target.startswith("."):
        dots = len(target) - len(target.lstrip("."))
        if package is None:
            return None
        parts = package.split(".") if package else []
        base = ".".join(parts[:len(parts) - (dots - 1)]) if dots - 1 <= len(parts) else None
        if base is None:
            return []
        rest = target[dots:]
        candidates = [base + "." + rest if base else rest]
        if dots == 1:
            candidates.append(module + "." + rest)
        return candidates
    return None


def dangling_in_python(root: str, resolver: Resolver) -> List[Reference]:
    """The references in docstrings that name nothing in the repository."""
    dangling = []
    for path in python_files(root):
        where = os.path.relpath(path, root)
        package = _package_of(root, path)
        module = _module_name(os.path.relpath(path, os.path.join(root, where.split(os.sep)[0]))) \
            if where.split(os.sep)[0] in ("scripts", "extension") else _module_name(where)
        for text in docstrings(path):
            for match in ROLE.finditer(text):
                target = match.group(1).rstrip("()")
                candidates = _role_targets(package, module, target)
                if candidates is None and "." in target and target.split(".")[0] in resolver.modules:
                    candidates = [target]   # a script module named absolutely (``inside.Inside``)
                if candidates is not None and not any(resolver.dotted(name) for name in candidates):
                    dangling.append(Reference(where, match.group(0)))
            dangling += _dangling_names_and_paths(where, text, resolver)
    return dangling


def _dangling_names_and_paths(where: str, text: str, resolver: Resolver) -> List[Reference]:
    dangling = [Reference(where, match.group(0)) for match in DOTTED.finditer(text)
                if not resolver.dotted(match.group(1))]
    dangling += [Reference(where, match.group(1)) for match in PATH.finditer(text)
                 if not _skip_path(match.group(1)) and not resolver.path(match.group(1))]
    return dangling


# --- Markdown ----------------------------------------------------------------------------------------

def markdown_files(root: str) -> List[str]:
    """README.md and every file under docs/."""
    return [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "docs", "*.md")))


def anchors(path: str) -> set:
    """The anchors GitHub gives the headings of a Markdown file."""
    with open(path, encoding="utf-8") as handle:
        text = FENCE.sub("", handle.read())
    found, seen = set(), {}
    for line in text.splitlines():
        heading = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if heading:
            slug = re.sub(r"[^\w\- ]", "", heading.group(1).strip().lower()).replace(" ", "-")
            count = seen.get(slug, 0)
            seen[slug] = count + 1
            found.add(slug if count == 0 else "%s-%d" % (slug, count))
    return found


def dangling_in_markdown(root: str, resolver: Resolver) -> List[Reference]:
    """The module, path and link references of the Markdown docs that name nothing."""
    dangling = []
    for path in markdown_files(root):
        where = os.path.relpath(path, root)
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
        dangling += _dangling_names_and_paths(where, LINK.sub(lambda m: m.group(1), text), resolver)
        for match in LINK.finditer(text):
            if not _link_resolves(path, match.group(2)):
                dangling.append(Reference(where, match.group(0)))
    return dangling


def _link_resolves(source: str, target: str) -> bool:
    if re.match(r"^[a-z][a-z0-9+.-]*:", target):
        return True   # http:, https:, mailto: …: not ours to check
    file_part, _, anchor = target.partition("#")
    full = os.path.normpath(os.path.join(os.path.dirname(source), file_part)) if file_part else source
    if not os.path.exists(full):
        return False
    return not anchor or not full.endswith(".md") or anchor in anchors(full)
