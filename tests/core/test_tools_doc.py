"""docs/tools.md lists exactly the tools models see (tests/fixtures/tool_declarations.json), where and how they act.

The snapshot itself is compared with the registry by tests/office/test_toolset.py.
"""
import json
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SNAPSHOT = os.path.join(ROOT, "tests", "fixtures", "tool_declarations.json")
PAGE = os.path.join(ROOT, "docs", "tools.md")
SECTIONS = {"Writer": ["writer"], "Calc": ["calc"], "Web research (Writer and Calc)": ["writer", "calc"],
            "Other open documents (Writer, Calc, Impress and Draw)": ["writer", "calc", "impress", "draw"],
            "Impress": ["impress"], "Impress and Draw": ["impress", "draw"], "Draw": ["draw"]}
ROW = re.compile(r"^\| `(\w+)` \| (yes|no) \| (.+) \|$")


def documented(text):
    """``{tool: (apps, changes, what)}`` from the page's tables, the apps taken from the section's heading."""
    found, apps = {}, None
    for line in text.splitlines():
        if line.startswith("## "):
            apps = SECTIONS[line[3:]]
        row = ROW.match(line)
        if row:
            assert row.group(1) not in found, "listed twice: " + row.group(1)
            found[row.group(1)] = (apps, row.group(2) == "yes", row.group(3))
    return found


def declared():
    with open(SNAPSHOT, encoding="utf-8") as handle:
        return {tool["name"]: (tool["apps"], tool["changes_document"]) for tool in json.load(handle)}


def test_the_tools_page_lists_every_declared_tool_once_where_and_as_it_acts():
    with open(PAGE, encoding="utf-8") as handle:
        page = documented(handle.read())
    assert {name: entry[:2] for name, entry in page.items()} == declared()
    assert all(len(entry[2]) >= 20 for entry in page.values())


def test_a_tool_missing_from_the_page_or_in_the_wrong_place_is_found():
    text = "## Writer\n\n| `get_document` | no | Reads the document as numbered paragraphs. |\n" \
           "## Calc\n\n| `fetch_page` | yes | Reads a web page, wrongly placed and marked. |\n"
    page = documented(text)
    assert page == {"get_document": (["writer"], False, "Reads the document as numbered paragraphs."),
                    "fetch_page": (["calc"], True, "Reads a web page, wrongly placed and marked.")}
    assert {name: entry[:2] for name, entry in page.items()} != declared()
