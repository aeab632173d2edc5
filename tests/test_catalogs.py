"""The gettext catalogs (game/locale): complete in every shipped language,
placeholders and markup kept, the template up to date with the code, the
compiled catalogs reading as their sources, a damaged or stale one handled,
a new language found without code, and no word left in the code outside
the catalogs."""

import ast
import gettext
import io
import logging
import re
import shutil
import string
import subprocess
import sys
from pathlib import Path

import pytest

from game.words import catalogs, i18n

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
POT = LOCALE / "backgammon.pot"
SHIPPED = catalogs.shipped()
#: gettext's Plural-Forms, by language: the number of forms
NPLURALS = {"en": 2, "es": 2, "zh": 1}


def entries(lang):
    po, _ = catalogs.catalog_files(lang)
    return catalogs.read_po_file(po)


def messages(found):
    """msgid -> entry, the header left out."""
    return {e.msgid: e for e in found if e.msgid}


def names(text):
    return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name is not None)


TEMPLATE = messages(catalogs.read_po_file(POT))
ENGLISH = messages(entries("en"))


def test_english_and_chinese_are_shipped():
    assert SHIPPED[0] == "en" and "zh" in SHIPPED
    assert set(SHIPPED) <= set(catalogs.available())


@pytest.mark.parametrize("lang", SHIPPED)
def test_every_message_of_the_template_is_translated(lang):
    """A shipped language is complete: each message of the template has a
    text in every plural form its Plural-Forms has, none fuzzy, none left over."""
    found = entries(lang)
    header = found[0]
    assert not header.msgid and "Plural-Forms" in header.msgstr[0]
    nplurals = int(re.search(r"nplurals=(\d+)", header.msgstr[0]).group(1))
    assert nplurals == NPLURALS.get(lang, nplurals)
    table = messages(found)
    assert sorted(set(TEMPLATE) - set(table)) == [], f"missing from {lang}"
    assert sorted(set(table) - set(TEMPLATE)) == [], f"in {lang} but not in the template"
    for key, entry in table.items():
        assert entry.translated, (lang, key)
        assert (entry.msgid_plural is None) == (TEMPLATE[key].msgid_plural is None), (lang, key)
        assert len(entry.msgstr) == (1 if entry.msgid_plural is None else nplurals), (lang, key)


@pytest.mark.parametrize("lang", SHIPPED)
def test_every_placeholder_and_tag_survives_translation(lang):
    """The same ``{name}`` fields as English in every form (plural forms too:
    no ``1 play`` for ``{n} plays``), and the same ``<b>`` markup."""
    for key, entry in messages(entries(lang)).items():
        english = ENGLISH[key].msgstr
        fields = sorted(set().union(*(names(text) for text in english)))
        for form in entry.msgstr:
            assert names(form) == fields or sorted(set(names(form))) == fields, (lang, key, form)
            assert sorted(re.findall(r"<[^>]*>", form)) == sorted(re.findall(r"<[^>]*>", english[-1])), (lang, key, form)


@pytest.mark.parametrize("lang", SHIPPED)
def test_every_message_shows_its_english_text_to_the_translator(lang):
    """Each message's extracted comment (#.) is its English text, in every
    catalog and the template: what Poedit, Weblate or Lokalize show beside the key."""
    for found in (messages(entries(lang)), TEMPLATE):
        for key, entry in found.items():
            english = ENGLISH[key].msgstr
            expected = english if len(english) == 1 else [f"one: {english[0]}", f"other: {english[1]}"]
            said = " ".join(c for c in entry.comments if not c.startswith("(the name of"))
            assert said.split() == " ".join(expected).split(), (lang, key)


def test_the_template_is_extracted_from_the_code(tmp_path):
    """``pybabel extract`` (tools/catalogs.py extract) over the code gives the
    template's messages: a key added to the code, or left in the template
    after the code stopped asking for it, fails here."""
    pytest.importorskip("babel")
    out = tmp_path / "extracted.pot"
    subprocess.run([sys.executable, str(ROOT / "tools" / "catalogs.py"), "extract", str(out)], check=True,
                   capture_output=True)
    extracted = messages(catalogs.read_po_file(out))
    assert sorted(set(extracted) - set(TEMPLATE)) == [], "in the code but not in the template: run tools/catalogs.py extract"
    assert sorted(set(TEMPLATE) - set(extracted)) == [], "in the template but no longer in the code"
    for key, entry in extracted.items():
        assert entry.msgid_plural == TEMPLATE[key].msgid_plural, key


@pytest.mark.parametrize("lang", catalogs.available())
def test_the_compiled_catalog_reads_as_its_source(lang):
    """The .mo compiled by Babel (the build) and by the game's own compiler (a
    checkout), read by the standard library's gettext, give the .po's texts."""
    babel_mofile = pytest.importorskip("babel.messages.mofile")
    from babel.messages.pofile import read_po

    po, _ = catalogs.catalog_files(lang)
    with open(po, "rb") as f:
        built = io.BytesIO()
        babel_mofile.write_mo(built, read_po(f))
    ours = catalogs.load_mo(catalogs.compile_po(po.read_bytes()))
    theirs = catalogs.load_mo(built.getvalue())
    for key, entry in messages(entries(lang)).items():
        if not entry.translated:
            continue
        for reader in (ours, theirs):
            if entry.msgid_plural is None:
                assert reader.gettext(key) == entry.msgstr[0], (lang, key)
            else:
                for n in (0, 1, 2, 5, 11, 21):
                    form = reader.plural(n)  # type: ignore[attr-defined]
                    assert reader.ngettext(key, key, n) == entry.msgstr[form], (lang, key, n)
    assert catalogs.messages(ours) == catalogs.messages(theirs)
    assert catalogs.plural_messages(ours) == catalogs.plural_messages(theirs)


def test_counted_words_take_the_form_of_their_number():
    i18n.set_language("en")
    try:
        assert i18n.counted("rollout.count", 1) == "1 play" and i18n.counted("rollout.count", 3) == "3 plays"
        i18n.set_language("zh")
        assert i18n.counted("rollout.count", 1) == "1 种走法" and i18n.counted("rollout.count", 3) == "3 种走法"
    finally:
        i18n.set_language("en")


# -- loading: a new language, a damaged catalog, a stale .mo -----------------------------------------
@pytest.fixture
def locale_dir(tmp_path):
    """A copy of the English catalog in a folder of its own; the real catalogs are read again afterwards."""
    (tmp_path / "en" / "LC_MESSAGES").mkdir(parents=True)
    shutil.copy(catalogs.catalog_files("en")[0], tmp_path / "en" / "LC_MESSAGES")
    yield tmp_path
    i18n.load_catalogs()
    i18n.set_language("en")
    i18n.MISSING.clear()  # (what the made-up languages lacked: not another test's finding)


def add_language(base, code, body):
    folder = base / code / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "backgammon.po").write_text(body, encoding="utf-8")


def test_a_new_language_is_a_folder_and_a_catalog(locale_dir):
    add_language(locale_dir, "xx", 'msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
                 'msgid "language.name"\nmsgstr "Xxish"\n\nmsgid "button.roll"\nmsgstr "Xroll"\n')
    i18n.load_catalogs(locale_dir)
    assert i18n.LANGUAGES == (("en", "English"), ("xx", "Xxish"))
    i18n.set_language("xx_YY.UTF-8")
    assert i18n.language() == "xx" and i18n.t("button.roll") == "Xroll"
    assert i18n.t("button.undo") == "Undo"  # a message it lacks: English
    assert ("xx", "button.undo") in i18n.MISSING
    add_language(locale_dir, "yy", 'msgid ""\nmsgstr ""\n\nmsgid "button.roll"\nmsgstr "Yroll"\n')
    i18n.load_catalogs(locale_dir)
    assert "yy" not in dict(i18n.LANGUAGES)  # no language.name yet: not offered


def test_a_damaged_catalog_falls_back_to_english_with_a_log_line(locale_dir, caplog):
    add_language(locale_dir, "xx", 'msgid ""\nmsgstr ""\n\nmsgid "language.name"\nmsgstr "Xxish\n')
    (locale_dir / "yy" / "LC_MESSAGES").mkdir(parents=True)
    (locale_dir / "yy" / "LC_MESSAGES" / "backgammon.mo").write_bytes(b"\x00not a catalog at all")
    with caplog.at_level(logging.WARNING, logger="game.words.catalogs"):
        i18n.load_catalogs(locale_dir)
    assert [code for code, _ in i18n.LANGUAGES] == ["en"]
    assert sum("damaged" in r.getMessage() for r in caplog.records) == 2
    i18n.set_language("xx")
    assert i18n.language() == "en" and i18n.t("button.roll") == "Roll"


def test_a_missing_english_catalog_shows_the_keys(tmp_path):
    try:
        i18n.load_catalogs(tmp_path)
        assert i18n.LANGUAGES == (("en", "English"),) and i18n.t("button.roll") == "button.roll"
    finally:
        i18n.load_catalogs()


def test_a_mo_older_than_its_po_is_compiled_again(locale_dir):
    po, mo = catalogs.catalog_files("en", locale_dir)
    mo.write_bytes(catalogs.compile_po(po.read_bytes()).replace(b"Roll\0", b"Rool\0"))
    assert catalogs.load("en", locale_dir).gettext("button.roll") == "Rool"  # a fresh .mo is read as it is
    po.write_bytes(po.read_bytes())  # the .po edited since
    stamp = mo.stat().st_mtime - 10
    import os

    os.utime(mo, (stamp, stamp))
    assert catalogs.load("en", locale_dir).gettext("button.roll") == "Roll"
    mo.unlink()
    assert catalogs.load("en", locale_dir).gettext("button.roll") == "Roll"  # no .mo: compiled from the .po


def test_the_po_reader_reads_what_gettext_tools_write():
    text = ('# a translator\'s comment\n#. the English\n#: game/x.py\n#, fuzzy, python-format\nmsgctxt "c"\n'
            'msgid "a.b"\nmsgstr ""\n"two "\n"lines\\n"\n\n#~ msgid "old"\n#~ msgstr "gone"\n\n'
            'msgid "n"\nmsgid_plural "n"\nmsgstr[0] "{n} one"\nmsgstr[1] "{n} \\"more\\""\n')
    first, second = catalogs.parse_po(text)
    assert (first.msgctxt, first.msgid, first.msgstr, first.fuzzy) == ("c", "a.b", ["two lines\n"], True)
    assert first.comments == ["a translator's comment", "the English"]
    assert (second.msgid_plural, second.msgstr) == ("n", ["{n} one", '{n} "more"'])
    with pytest.raises(catalogs.CatalogError):
        catalogs.parse_po('msgid "a"\nmsgstr[1] "b"\n')
    reader = gettext.GNUTranslations(io.BytesIO(catalogs.mo_bytes([first, second])))
    assert reader.gettext("a.b") == "a.b"  # fuzzy: left out, as msgfmt does
    assert reader.ngettext("n", "n", 2) == '{n} "more"'


# -- no word outside the catalogs ----------------------------------------------------------------------
#: the calls that draw, label or say their arguments
SHOWN = {"say", "speak", "announce", "tell", "ask", "render", "set_text", "set_caption", "label", "draw_text",
         "UIButton", "UILabel", "UITextBox", "UITextEntryLine"}
#: the arguments of a shown call that are not text (widget ids, roles, encodings ...)
NOT_TEXT_ARGS = {"object_id", "role", "encoding"}
#: calls whose literals are never shown: logs, the command line's help, patterns and binary formats
QUIET = {"debug", "info", "warning", "error", "exception", "critical", "warn", "print", "add_argument", "ArgumentParser",
         "add_parser", "compile", "match", "fullmatch", "search", "sub", "split", "findall", "pack", "unpack", "einsum",
         "getenv", "get", "setdefault", "startswith", "endswith", "open", "write", "join"}
#: the parts of the screens: here any literal with letters is a word, unless it is one of the non-words below
SCREENS = ("game/scenes/", "game/match/", "game/ui/", "game/board/")
#: left out: the catalogs' own code, and the server side (game/net, game/server.py), which draws and says nothing
NOT_SCANNED = ("game/words/", "game/net/", "game/server.py")
#: literals with letters that are not words: widget ids and markup are matched by NON_WORD; these few by name
#: (an encoding, an analysis's value, ids with a mark, text measured for its height, pygame_gui's warning matched)
ALLOWED = {"utf-8", "no double", "computer:", "luck+", "luck-", "label:", "Ag", "Hg", "Unable to load resource with path: "}
NON_WORD = re.compile(r"^(#[a-z_]+|</?b>|<br>|[\w-]+\.(ttf|otf|png|json|mat|wav|ogg|txt)|[a-z_][a-z0-9_]*|[A-Z][A-Z0-9_]*|[A-Z][a-z0-9]+([A-Z][a-z0-9]*)+)$")
KEY = re.compile(r"^[a-z0-9_]+(\.[a-z0-9_ ]+)*\.?$")


def is_word(text, keys):
    """Does a literal hold words a player would read or hear?"""
    plain = re.sub(r"\{[^{}]*\}", "", text)  # format fields are not words
    if not re.search(r"[^\W\d_]{2,}", plain) or text in ALLOWED or NON_WORD.match(plain.strip()):
        return False
    return not (text in keys or KEY.match(text))  # a key or a key's prefix


def name_of(func):
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def words_in(path, keys, screen):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            skip.add(id(body[0].value))  # docstrings
        if isinstance(node, ast.Raise) or (isinstance(node, ast.Call) and name_of(node.func) in QUIET):
            skip.update(id(n) for n in ast.walk(node))
        for note in (getattr(node, "annotation", None), getattr(node, "returns", None)):  # types named in quotes
            if isinstance(note, ast.AST):
                skip.update(id(n) for n in ast.walk(note))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and name_of(node.func) in SHOWN:
            args = list(node.args) + [k.value for k in node.keywords if k.arg not in NOT_TEXT_ARGS]
            found += [(node.lineno, a.value) for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str)
                      and is_word(a.value, keys)]
        if screen and isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip \
                and is_word(node.value, keys):
            found.append((node.lineno, node.value))
    return sorted(set(found))


def test_no_word_is_written_in_the_code():
    """Every word shown or said comes from the catalogs: no literal with words
    passed to a call that draws, labels or says it, anywhere in game/, and no
    literal with words at all in the screens' code (game/scenes, game/match,
    game/ui, game/board), docstrings, logs and exceptions aside."""
    keys = set(TEMPLATE) | {k[: i + 1] for k in TEMPLATE for i, c in enumerate(k) if c == "."}
    found = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(NOT_SCANNED):
            continue
        found += [f"{rel}:{line}: {text!r}" for line, text in words_in(path, keys, rel.startswith(SCREENS))]
    assert found == []


def test_the_word_scan_finds_words(tmp_path):
    keys = {"button.roll", "lobby.level."}
    code = tmp_path / "scene.py"
    code.write_text('"""A docstring."""\nimport logging\nlogging.info("Not shown")\nb = UIButton(r, "Play now", object_id="#play")\n'
                    'x = t("button.roll")\ny = "Left here"\ndef f(a: "Session") -> "Box":\n    raise ValueError("Not shown")\n')
    assert words_in(code, keys, screen=False) == [(4, "Play now")]
    assert words_in(code, keys, screen=True) == [(4, "Play now"), (6, "Left here")]
    assert is_word("Roll the dice", keys) and is_word("Quit", keys)
    assert not is_word("hotseat", keys) and not is_word("MatchScene", keys) and not is_word("WOOD_DARK", keys)  # names
    assert not is_word("button.roll", keys) and not is_word("lobby.level.", keys) and not is_word("#small", keys)
    assert not is_word("{a} → {b}", keys) and not is_word("13/7*", keys) and not is_word("<br>", keys)
    assert is_word("Game {number}", keys)
