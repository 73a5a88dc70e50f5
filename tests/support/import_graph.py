"""The import graph of the runtime packages (core/, ui/), read from the source with ast.

Every import counts: at module level, inside functions, under ``if TYPE_CHECKING``,
relative or absolute (``marginalia.core…``). Module names are relative to the
``marginalia`` package (``core.net.tls``); a package is named by its folder
(``core.net``), and its ``__init__`` is the module of that name.
"""
import ast
import glob
import os
import re
from typing import Dict, List, Set

RUNTIME_PACKAGES = ("core", "ui")
VENDORED = os.path.join("core", "vendor") + os.sep
"""Third-party code kept verbatim (its own rules; checked by tests/core/test_vendor.py), outside the graph."""
RULE = re.compile(r"^May import:\s*(.+?)\.?\s*$", re.MULTILINE)


def modules(root: str) -> Dict[str, str]:
    """Map every runtime module name to its file."""
    found = {}
    for package in RUNTIME_PACKAGES:
        for path in glob.glob(os.path.join(root, package, "**", "*.py"), recursive=True):
            if os.path.relpath(path, root).startswith(VENDORED):
                continue
            name = os.path.relpath(path, root)[:-3].replace(os.sep, ".")
            found[name[:-len(".__init__")] if name.endswith(".__init__") else name] = path
    return found


def is_package(path: str) -> bool:
    return os.path.basename(path) == "__init__.py"


def package_of(name: str, path: str) -> str:
    """The package a module belongs to (a package's ``__init__`` belongs to itself)."""
    return name if is_package(path) else name.rpartition(".")[0]


def _import_base(node: ast.ImportFrom, name: str, path: str):
    if node.level == 0:
        module = node.module or ""
        if module == "marginalia" or module.startswith("marginalia."):
            return module[len("marginalia."):] if module != "marginalia" else ""
        return None
    parts = package_of(name, path).split(".")
    parts = parts[:len(parts) - (node.level - 1)]
    return ".".join(parts + ([node.module] if node.module else []))


def imports(root: str) -> Dict[str, Set[str]]:
    """Map every runtime module to the runtime modules it imports."""
    known = modules(root)
    graph: Dict[str, Set[str]] = {}
    for name, path in known.items():
        with open(path, encoding="utf-8") as handle:
            tree = ast.parse(handle.read(), path)
        targets = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = _import_base(node, name, path)
                if base is None:
                    continue
                for alias in node.names:
                    full = base + "." + alias.name if base else alias.name
                    targets.add(full if full in known else base)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("marginalia."):
                        targets.add(alias.name[len("marginalia."):])
        graph[name] = {t for t in targets if t in known and t != name}
    return graph


def cycles(graph: Dict[str, Set[str]]) -> List[List[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index: Dict[str, int] = {}
    low: Dict[str, int] = {}
    stack: List[str] = []
    on_stack: Set[str] = set()
    found: List[List[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def allowed_imports(root: str) -> Dict[str, List[str]]:
    """Each package's ``May import:`` rule from its docstring (patterns like ``core``, ``core.*``)."""
    rules = {}
    for name, path in modules(root).items():
        if not is_package(path):
            continue
        with open(path, encoding="utf-8") as handle:
            docstring = ast.get_docstring(ast.parse(handle.read())) or ""
        match = RULE.search(docstring)
        rules[name] = [item.strip() for item in match.group(1).split(",")] if match else []
    return rules


def permitted(patterns: List[str], target_package: str) -> bool:
    """True when a package matching one of ``patterns`` may be imported."""
    for pattern in patterns:
        if pattern.endswith(".*"):
            if target_package == pattern[:-2] or target_package.startswith(pattern[:-1]):
                return True
        elif target_package == pattern:
            return True
    return False
