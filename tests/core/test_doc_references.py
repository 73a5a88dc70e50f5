"""Docstrings and docs name only modules, files, sections and links that exist (tests/support/doc_references.py)."""
import ast
import os
import re
import textwrap

from support import doc_references
from support.doc_references import Resolver

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _listing(references):
    return "\n".join("%s: %s" % (reference.where, reference.target) for reference in references)


def test_every_docstring_reference_resolves():
    dangling = doc_references.dangling_in_python(ROOT, Resolver(ROOT))
    assert dangling == [], "docstrings name what does not exist:\n" + _listing(dangling)


def test_every_reference_and_link_of_the_docs_resolves():
    dangling = doc_references.dangling_in_markdown(ROOT, Resolver(ROOT))
    assert dangling == [], "README.md or docs/ name what does not exist:\n" + _listing(dangling)


def test_the_finder_finds_each_kind_of_dangling_reference(tmp_path):
    package = tmp_path / "core" / "stream"
    package.mkdir(parents=True)
    (tmp_path / "core" / "__init__.py").write_text('"""Core.\n\nMay import: core.\n"""\n')
    (package / "__init__.py").write_text('"""Stream.\n\nMay import: core.\n"""\n')
    (tmp_path / "core" / "errors.py").write_text('class Cancelled(Exception):\n    pass\n')
    (package / "message.py").write_text(textwrap.dedent('''\
        """Messages: :class:`.message.ToolCall` and :class:`~.stream_events.StreamError` (gone).

        See :mod:`marginalia.core.stream.missing`, ``core/stream/message.py``, ``core/stream/gone.py``
        and ``tests/x.py::test_y``; :func:`..message.ToolCall` looks in core.
        Relative as imports are: :class:`~..errors.Cancelled`, not :class:`~.errors.Cancelled`.
        """


        class ToolCall:
            """One call; :meth:`.ToolCall.run` and :meth:`.ToolCall.fly`."""

            def run(self):
                """Run it."""
        '''))
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# Title\n\n## The token\n")
    (tmp_path / "README.md").write_text(
        "See [a](docs/a.md), [b](docs/b.md), [c](docs/a.md#the-token), [d](docs/a.md#nothing), "
        "![e](docs/e.png), `ui/gone.py`, `llama.cpp:tests/test-chat.cpp`, marginalia.core.stream.message.Nope.\n")
    resolver = Resolver(str(tmp_path))
    found = [r.target for r in doc_references.dangling_in_python(str(tmp_path), resolver)]
    assert found == [":class:`~.stream_events.StreamError`", ":mod:`marginalia.core.stream.missing`",
                     ":func:`..message.ToolCall`", ":class:`~.errors.Cancelled`", "marginalia.core.stream.missing", "core/stream/gone.py",
                     "tests/x.py::test_y", ":meth:`.ToolCall.fly`"]
    found = [r.target for r in doc_references.dangling_in_markdown(str(tmp_path), resolver)]
    assert found == ["marginalia.core.stream.message.Nope", "ui/gone.py", "[b](docs/b.md)",
                     "[d](docs/a.md#nothing)", "![e](docs/e.png)"]


def _subpackages(package):
    folder = os.path.join(ROOT, package)
    return sorted(name for name in os.listdir(folder) if os.path.exists(os.path.join(folder, name, "__init__.py")))


def _top_modules(package):
    folder = os.path.join(ROOT, package)
    return sorted(name[:-3] for name in os.listdir(folder) if name.endswith(".py") and name != "__init__.py")


def _package_map(package):
    """The subpackages a package's docstring lists in its ``::`` block, and the top-level modules it names."""
    with open(os.path.join(ROOT, package, "__init__.py"), encoding="utf-8") as handle:
        docstring = ast.get_docstring(ast.parse(handle.read()))
    block = docstring.split("::\n", 1)[1].strip("\n").split("\n\n", 1)[0]
    listed = sorted(line.split()[0] for line in block.splitlines())
    named = re.search(r"The top level holds what\s.*?\(([^)]*)\)", docstring, re.DOTALL).group(1)
    return listed, sorted(name.strip() for name in named.split(","))


def test_the_package_maps_of_core_and_ui_name_every_subpackage_and_top_level_module():
    for package in ("core", "ui"):
        assert _package_map(package) == (_subpackages(package), _top_modules(package)), package


def _layout_tree():
    """``{"core": [...], "ui": [...]}``: the folders docs/development.md's layout lists under each."""
    with open(os.path.join(ROOT, "docs", "development.md"), encoding="utf-8") as handle:
        text = handle.read()
    block = text.split("## Layout", 1)[1].split("```", 2)[1]
    tree, top = {}, None
    for line in block.splitlines():
        if re.match(r"^[\w.-]+/", line):
            top = line.split("/")[0]
            tree.setdefault(top, [])
        elif re.match(r"^  \w", line):
            for word in line.split():   # "  writer/ calc/   the Writer and Calc tools"
                if not re.fullmatch(r"\w+/", word):
                    break
                tree[top].append(word[:-1])
    return tree


def test_the_layout_in_the_development_doc_names_every_subpackage():
    tree = _layout_tree()
    for package in ("core", "ui"):
        assert sorted(tree[package]) == _subpackages(package), package


def test_the_readme_stays_a_five_minute_read_and_links_every_doc():
    """At most 350 lines (issue 31); the details live under docs/, each page linked from the README."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as handle:
        readme = handle.read()
    assert len(readme.splitlines()) <= 350
    linked = {os.path.normpath(target.split("#")[0]) for _, target in doc_references.LINK.findall(readme)}
    pages = {os.path.join("docs", name) for name in os.listdir(os.path.join(ROOT, "docs")) if name.endswith(".md")}
    assert pages - linked == set()
