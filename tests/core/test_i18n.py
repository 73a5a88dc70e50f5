"""The catalogs cover every user-visible string, with the same placeholders, and the code marks them.

The msgids come from the code itself (scripts/i18n_extract.py reads every ``_()``, ``N_()``
and ``ngettext()`` of core/ and ui/ with ``ast``); the checks below also catch the
cheap-to-detect forms of a user-visible string left unwrapped.
"""
import ast
import glob
import importlib
import os
import re
import xml.etree.ElementTree as ElementTree
import zipfile

import pytest

import i18n_extract
from marginalia.core import i18n
from marginalia.core.errors import MarginaliaError
from marginalia.core.i18n import _, ngettext, parse_po, set_language

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LANGUAGES = ("de", "fr")
SOURCES = i18n_extract.source_files(ROOT)
PLACEHOLDER = re.compile(r"%(?:\((\w+)\))?[-#0 +]*\d*(?:\.\d+)?([sdigfrxX%])|\{(\w*)\}")


@pytest.fixture(scope="module")
def extracted():
    return i18n_extract.extract(ROOT)


@pytest.fixture(scope="module", params=LANGUAGES)
def catalog(request):
    path = os.path.join(ROOT, "core", "locale", request.param + ".po")
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    translations, plurals = parse_po(text)
    return request.param, text, translations, plurals


@pytest.fixture
def german():
    set_language("de")
    yield
    set_language("en")


def _placeholders(text):
    """Positional placeholders in order, and the set of named ones (``%%`` left out)."""
    positional, named = [], set()
    for name, kind, brace in PLACEHOLDER.findall(text):
        if kind == "%":
            continue
        if name:
            named.add(name)
        elif brace:
            named.add("{%s}" % brace)
        else:
            positional.append(kind or "{}")
    return positional, named


def _parse(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as handle:
        return ast.parse(handle.read(), path)


# --- the catalogs ------------------------------------------------------------------------

def test_catalogs_parse_with_a_standard_header(catalog):
    language, text, translations, plurals = catalog
    assert translations and plurals
    header = text.split("\n\n", 1)[0]
    for field in ("Project-Id-Version:", "Language: %s\\n" % language, "Content-Type: text/plain; charset=UTF-8",
                  "Plural-Forms: nplurals=2; plural=%s;" % ("(n != 1)" if language == "de" else "(n > 1)")):
        assert field in header, field


def test_every_msgid_in_the_code_has_a_translation(extracted, catalog):
    language, _text, translations, plurals = catalog
    missing = []
    for msgid, plural in extracted.messages.items():
        if plural is None:
            ok = bool(translations.get(msgid, "").strip())
        else:
            forms = plurals.get(msgid, ())
            ok = len(forms) == 2 and all(form.strip() for form in forms)
        if not ok:
            missing.append("%s (%s)" % (msgid, extracted.references[msgid][0]))
    assert not missing, "%s.po lacks (run scripts/i18n_extract.py --update, then translate):\n%s" % (
        language, "\n".join(missing))


def test_no_obsolete_entries(extracted, catalog):
    language, _text, translations, _plurals = catalog
    obsolete = [msgid for msgid in translations if msgid not in extracted.messages]
    assert not obsolete, "%s.po has entries no code uses: %s" % (language, obsolete)


def test_placeholders_match(extracted, catalog):
    language, _text, translations, plurals = catalog
    wrong = []
    for msgid, plural in extracted.messages.items():
        pairs = ([(msgid, translations.get(msgid, ""))] if plural is None else
                 list(zip((msgid, plural), plurals.get(msgid, ()))))
        for english, translated in pairs:
            positional, named = _placeholders(english)
            got_positional, got_named = _placeholders(translated)
            named_ok = got_named == named if plural is None else got_named <= (named | _placeholders(msgid)[1])
            if got_positional != positional or not named_ok:
                wrong.append("%r -> %r" % (english, translated))
    assert not wrong, "%s.po: placeholders differ:\n%s" % (language, "\n".join(wrong))


def test_mnemonics_survive(extracted, catalog):
    language, _text, translations, _plurals = catalog
    for msgid in extracted.messages:
        if "~" in msgid:
            assert translations[msgid].count("~") == msgid.count("~"), (language, msgid)


def test_updating_a_catalog_keeps_its_translations(extracted, catalog):
    language, _text, translations, plurals = catalog
    path = os.path.join(ROOT, "core", "locale", language + ".po")
    again = parse_po(i18n_extract.updated_po(extracted, path))
    assert again == (translations, plurals)


def test_the_extraction_script_reports_complete_catalogs(capsys):
    assert i18n_extract.main(["--check"]) == 0, capsys.readouterr().out


def test_ngettext_uses_each_language_plural_rule():
    try:
        assert set_language("de-DE") == "de"
        assert ngettext("%d word", "%d words", 1) % 1 == "1 Wort"
        assert ngettext("%d word", "%d words", 0) % 0 == "0 Wörter"
        assert ngettext("%d word", "%d words", 2) % 2 == "2 Wörter"
        assert set_language("fr_FR") == "fr"
        assert ngettext("%d word", "%d words", 0) % 0 == "0 mot"
        assert ngettext("%d word", "%d words", 1) % 1 == "1 mot"
        assert ngettext("%d word", "%d words", 2) % 2 == "2 mots"
        assert _("Settings…") == "Paramètres…"
        assert set_language("pt-BR") == "en"
        assert ngettext("%d word", "%d words", 1) % 1 == "1 word" and _("Settings…") == "Settings…"
    finally:
        set_language("en")


def test_counts_are_grouped_as_each_language_writes_them():
    try:
        assert i18n.format_count(40960) == "40,960"
        set_language("de")
        assert i18n.format_count(40960) == "40.960" and i18n.format_count(512) == "512"
        set_language("fr")
        assert i18n.format_count(1234567) == "1\u202f234\u202f567"
    finally:
        set_language("en")


def test_language_names_fall_back_to_english():
    try:
        for locale, language in (("de", "de"), ("de_AT.UTF-8".split(".")[0], "de"), ("FR-ca", "fr"),
                                 ("en-US", "en"), ("", "en"), (None, "en"), ("xx", "en")):
            assert set_language(locale) == language, locale
    finally:
        set_language("en")


# --- what the code marks ------------------------------------------------------------------

def _error_classes():
    for path in glob.glob(os.path.join(ROOT, "core", "*.py")):
        importlib.import_module("marginalia.core." + os.path.basename(path)[:-3])
    seen, todo = [], [MarginaliaError]
    while todo:
        cls = todo.pop()
        seen.append(cls)
        todo.extend(cls.__subclasses__())
    return [cls for cls in seen if cls.__module__.startswith("marginalia.core")]


def test_error_defaults_are_marked_and_translated(extracted, german):
    classes = _error_classes()
    assert len(classes) > 15
    checked = 0
    for cls in classes:
        for attribute in ("default_message", "default_hint"):
            text = cls.__dict__.get(attribute)
            if not text:
                continue
            assert text in extracted.messages, "%s.%s is not marked with N_()" % (cls.__name__, attribute)
            error = cls.__new__(cls)
            MarginaliaError.__init__(error)
            shown = error.user_message if attribute == "default_message" else error.hint
            assert shown == _(text) != text, "%s.%s is not translated when raised" % (cls.__name__, attribute)
            checked += 1
    assert checked >= 10


def test_errors_built_in_code_are_translated(german):
    from marginalia.core.errors import ConnectFailed, NetworkTimeout, RateLimited
    assert ConnectFailed("h", 1).user_message == "Keine Verbindung zu h:1: Dort lauscht nichts."
    assert NetworkTimeout("read", 5).user_message == "Der Server hat 5 Sekunden lang keine Daten mehr gesendet."
    assert RateLimited(retry_after=3).user_message.endswith("versuchen Sie es in 3 Sekunden erneut.")


WORD = re.compile(r"[A-Za-z]{2,}")
SENTENCE = re.compile(r"[A-Za-z]{2,}\s+\S*[A-Za-z]")


def _is_literal_text(node, words=WORD):
    """Words in a string literal, an f-string, or a literal formatted with % or .format()."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(words.search(node.value))
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mod, ast.Add)):
        return (_is_literal_text(node.left, words)
                or (isinstance(node.op, ast.Add) and _is_literal_text(node.right, words)))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return _is_literal_text(node.func.value, words)
    if isinstance(node, ast.IfExp):
        return _is_literal_text(node.body, words) or _is_literal_text(node.orelse, words)
    return False


def _summary_arguments(tree):
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("success", "failure")
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "ToolOutcome"):
            continue
        if len(node.args) >= 2:
            yield node.args[1]
        yield from (keyword.value for keyword in node.keywords if keyword.arg == "summary")


def test_tool_summaries_go_through_the_catalogs():
    unwrapped, count = [], 0
    for path in SOURCES:
        for summary in _summary_arguments(_parse(path)):
            count += 1
            if _is_literal_text(summary):
                unwrapped.append("%s:%d" % (path, summary.lineno))
    assert count > 50
    assert not unwrapped, "ToolOutcome summaries shown untranslated (wrap the template in _()):\n%s" % (
        "\n".join(unwrapped))


def test_literal_messages_given_to_errors_are_wrapped():
    """``SomeError("literal")`` for a MarginaliaError (tools' ToolError aside: the model reads those)."""
    names = {cls.__name__ for cls in _error_classes()} - {"ToolError", "WebStatusError"}
    unwrapped = []
    for path in SOURCES:
        for node in ast.walk(_parse(path)):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names
                    and any(_is_literal_text(argument, SENTENCE) for argument in node.args)):
                unwrapped.append("%s:%d %s" % (path, node.lineno, node.func.id))
    assert not unwrapped, "\n".join(unwrapped)


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp, ast.SetComp,
           ast.DictComp, ast.GeneratorExp)


def _own_nodes(scope):
    """The nodes of ``scope`` outside the scopes nested in it."""
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, _SCOPES):
            todo.extend(ast.iter_child_nodes(node))


def test_underscore_is_never_rebound_where_it_translates():
    """``x, _ = …`` in a function that calls ``_()`` makes ``_`` local there (UnboundLocalError)."""
    clashes = []
    for path in SOURCES:
        tree = _parse(path)
        for scope in [tree] + [n for n in ast.walk(tree) if isinstance(n, _SCOPES)]:
            rebinds = [n.lineno for n in _own_nodes(scope) if isinstance(n, ast.Name)
                       and n.id in ("_", "ngettext", "N_") and isinstance(n.ctx, ast.Store)]
            translates = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                             and n.func.id in ("_", "ngettext") for n in ast.walk(scope))
            if rebinds and translates:
                clashes.append("%s:%s" % (path, rebinds))
    assert not clashes, clashes


def _is_tool_decorator(node) -> bool:
    call = node.func if isinstance(node, ast.Call) else node
    return isinstance(call, ast.Name) and call.id == "tool"


def test_every_tool_has_a_translatable_title():
    from marginalia.core.chat.tool_titles import TITLES, tool_title
    names = set()
    for path in SOURCES:
        for node in ast.walk(_parse(path)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Tool":
                given = [node.args[0]] if node.args else [k.value for k in node.keywords if k.arg == "name"]
                names.update(n.value for n in given if isinstance(n, ast.Constant))
            if isinstance(node, ast.FunctionDef) and any(_is_tool_decorator(d) for d in node.decorator_list):
                names.add(node.name)  # @tool: the tool is named after the function
    assert len(names) >= 25
    assert sorted(names - set(TITLES)) == []
    try:
        set_language("de")
        assert tool_title("replace_text") == "Text ersetzen" and tool_title("new_tool") == "new tool"
    finally:
        set_language("en")
    assert tool_title("replace_text") == "replace text"


# --- what ships ------------------------------------------------------------------------------

def test_menu_and_deck_titles_have_german_and_french():
    namespace = "{http://openoffice.org/2001/registry}"
    lang = "{http://www.w3.org/XML/1998/namespace}lang"
    titles = 0
    for name in ("Office/Addons.xcu", "Office/UI/Sidebar.xcu"):
        tree = ElementTree.parse(os.path.join(ROOT, "registry", "org", "openoffice", name))
        for prop in tree.iter("prop"):
            if prop.get(namespace + "name") != "Title":
                continue
            titles += 1
            languages = {value.get(lang) for value in prop.findall("value")}
            assert {"en-US", "de", "fr"} <= languages, (name, [v.text for v in prop.findall("value")])
    assert titles >= 6


def test_the_oxt_ships_the_catalogs(tmp_path):
    import build_oxt
    path = build_oxt.build(str(tmp_path / "marginalia.oxt"))
    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
        for language in LANGUAGES:
            entry = "pythonpath/marginalia/core/locale/%s.po" % language
            assert entry in names
            assert archive.read(entry) == open(os.path.join(ROOT, "core", "locale", language + ".po"), "rb").read()
        assert "description/description-de.txt" in names and "description/description-fr.txt" in names


def test_a_msgid_defined_twice_in_a_catalog_is_found(tmp_path):
    catalog = tmp_path / "xx.po"
    catalog.write_text('msgid ""\nmsgstr ""\n\nmsgid "Save"\nmsgstr "A"\n\nmsgid "Open"\nmsgstr "B"\n\n'
                       'msgid "Save"\nmsgstr "C"\n', encoding="utf-8")
    assert i18n_extract.duplicates(str(catalog)) == ["Save"]


def test_no_catalog_defines_a_msgid_twice():
    for path in i18n_extract.catalog_paths():
        assert i18n_extract.duplicates(path) == [], path
