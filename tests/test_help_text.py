"""The Rules & Help text: every shipped language complete and parallel, terms
explained, opening moves legal, and the text fit for pygame_gui."""

import re
from html.parser import HTMLParser
from pathlib import Path

import pygame
import pytest

import pygame_gui
from engine import Position
from engine.notation import parse_play
from game.words import catalogs, keys
from game.words.help_text import (
    GLOSSARY_KEYS,
    OPENING_MOVES,
    Section,
    as_html,
    glossary,
    normalise_language,
    sections,
    wrap_html,
)
from game.words.help_text import keys as help_keys

#: the languages shipped (game/locale/LINGUAS), each with the whole help text
LANGUAGES = catalogs.shipped()
HELP = {lang: sections(lang) for lang in LANGUAGES}
GLOSSARY = {lang: glossary(lang) for lang in LANGUAGES}

CJK = re.compile(r"[\u4e00-\u9fff]")
TAG = re.compile(r"<[^>]*>")
GUI_DATA = Path(pygame_gui.__file__).resolve().parent / "data"

REQUIRED_SECTIONS = {
    "setup", "movement", "opening_roll", "doubles", "hitting", "entering", "both_dice",
    "bearing_off", "winning", "cube", "crawford", "matches", "glossary", "openings", "tips", "views",
}


def plain(text):
    return TAG.sub("", text)


def all_text(lang):
    return [s.title for s in HELP[lang]] + [p for s in HELP[lang] for p in s.paragraphs]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_the_same_sections_in_the_same_order(lang):
    assert {"en", "zh"} <= set(HELP)
    en, other = HELP["en"], HELP[lang]
    assert [s.key for s in en] == [s.key for s in other]
    names = [s.key for s in en]
    assert len(set(names)) == len(names) and all(names)
    assert REQUIRED_SECTIONS <= set(names)
    for a, b in zip(en, other):
        assert isinstance(a, Section) and isinstance(b, Section)
        assert len(a.paragraphs) == len(b.paragraphs), a.key


def test_the_help_keys_are_in_the_catalogs_and_listed_for_extraction():
    """Every message the help screen asks for is one of the markers the
    extraction reads (game/words/keys.py), in the same order."""
    assert list(keys.HELP) == help_keys()
    assert len(set(help_keys())) == len(help_keys())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_empty_title_or_paragraph(lang):
    for section in HELP[lang]:
        assert section.title.strip(), section.key
        assert section.paragraphs, section.key
        for p in section.paragraphs:
            assert isinstance(p, str)
            assert plain(p).strip(), (section.key, p)
            assert "\n" not in p and "\t" not in p and p == p.strip(), (section.key, p)


def test_every_glossary_term_is_explained_in_both_languages():
    assert set(GLOSSARY_KEYS) == {
        "point", "home_board", "outer_board", "bar", "blot", "hit", "made_point", "prime",
        "anchor", "entering", "bearing_off", "pip_count", "race", "gammon", "backgammon",
    }
    for lang in LANGUAGES:
        assert set(GLOSSARY[lang]) == set(GLOSSARY_KEYS), lang
        glossary = next(s for s in HELP[lang] if s.key == "glossary")
        assert len(glossary.paragraphs) == len(GLOSSARY_KEYS)
        for key, paragraph in zip(GLOSSARY_KEYS, glossary.paragraphs):
            term, definition = GLOSSARY[lang][key]
            assert term and len(definition) >= 10, (lang, key)
            assert paragraph.startswith(f"<b>{term}</b>"), (lang, key)
            assert definition in paragraph


def test_english_glossary_terms_appear_by_name():
    text = " ".join(plain(p) for p in next(s for s in HELP["en"] if s.key == "glossary").paragraphs).lower()
    for key in GLOSSARY_KEYS:
        assert key.replace("_", " ") in text, key


def test_chinese_glossary_keeps_the_english_term_alongside():
    # Many players meet these terms in English first; the Chinese glossary names both.
    for key in GLOSSARY_KEYS:
        term = GLOSSARY["zh"][key][0]
        assert CJK.search(term), key
        assert GLOSSARY["en"][key][0].lower() in term.lower(), key


def test_chinese_is_really_chinese():
    for section in HELP["zh"]:
        assert CJK.search(section.title), section.key
        for p in section.paragraphs:
            assert CJK.search(p), (section.key, p)
        # mostly Chinese, not English with a few characters sprinkled in
        text = plain(" ".join(section.paragraphs))
        letters = sum(ch.isascii() and ch.isalpha() for ch in text)
        assert len(CJK.findall(text)) > 2 * letters, section.key


def test_english_has_no_cjk():
    for text in all_text("en"):
        assert not CJK.search(text), text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_facts_are_stated(lang):
    text = plain(" ".join(all_text(lang)))
    for fact in ("24", "13", "8", "6", "167", "64", "1", "5", "7", "8/5 6/5", "24/13", "13/7 8/7"):
        assert fact in text, (lang, fact)


def test_opening_moves_are_legal_from_the_starting_position():
    start = Position.initial()
    rolls = [roll for roll, _ in OPENING_MOVES]
    assert len(set(rolls)) == len(rolls)
    for required in (("3-1", "8/5 6/5"), ("4-2", "8/4 6/4"), ("6-1", "13/7 8/7"), ("5-3", "8/3 6/3"), ("6-5", "24/13")):
        assert required in OPENING_MOVES
    for roll, play in OPENING_MOVES:
        a, b = (int(x) for x in roll.split("-"))
        assert a >= b
        parse_play(start, play, (a, b))  # raises if illegal or not a whole play
    for lang in LANGUAGES:
        openings = " ".join(next(s for s in HELP[lang] if s.key == "openings").paragraphs)
        for roll, play in OPENING_MOVES:
            assert f"{roll}  {play}" in openings, (lang, roll)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_markup_is_only_balanced_bold(lang):
    for text in all_text(lang):
        tags = TAG.findall(text)
        assert set(tags) <= {"<b>", "</b>"}, text
        assert text.count("<b>") == text.count("</b>"), text
        depth = 0
        for tag in tags:
            depth += 1 if tag == "<b>" else -1
            assert depth in (0, 1), text
        leftover = plain(text)
        assert "<" not in leftover and ">" not in leftover and "&" not in leftover, text


def test_language_fallback():
    assert sections("en") == HELP["en"]
    assert sections("zh") == HELP["zh"]
    for lang in ("zh_CN", "zh-Hans", "ZH_cn.UTF-8", "zh_TW"):
        assert normalise_language(lang) == "zh"
        assert sections(lang) == HELP["zh"]
    for lang in ("fr", "de_DE", "", None, "xx"):
        assert normalise_language(lang) == "en"
        assert sections(lang) == HELP["en"]


def test_fonts_have_every_glyph():
    """pygame_gui's bundled Noto fonts can draw every character of the text
    (pygame.freetype says None for a glyph the font lacks; pygame.font's
    metrics would give the empty box's)."""
    import pygame.freetype

    pygame.freetype.init()
    fonts = {
        "en": [GUI_DATA / "NotoSans-Regular.ttf", GUI_DATA / "NotoSans-Bold.ttf"],
        "zh": [GUI_DATA / "NotoSansSC-Regular.otf", GUI_DATA / "NotoSansSC-Bold.otf"],
        "es": [GUI_DATA / "NotoSans-Regular.ttf", GUI_DATA / "NotoSans-Bold.ttf"],
    }
    for lang, paths in fonts.items():
        chars = sorted(set("".join(plain(t) for t in all_text(lang))))
        for path in paths:
            font = pygame.freetype.Font(str(path), 16)
            missing = [c for c, m in zip(chars, font.get_metrics("".join(chars))) if m is None and not c.isspace()]
            assert not missing, (lang, path.name, missing)


# -- wrapping for pygame_gui --------------------------------------------------------

def width_of(text):
    """A stand-in font: CJK characters and full-width punctuation 2 units, the rest 1."""
    return sum(2 if ord(c) >= 0x2E80 else 1 for c in text) * 8


def lines_of(html):
    return [plain(line) for line in html.split("<br>")]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("width", [160, 320, 640])
def test_wrap_keeps_every_character_and_fits(lang, width):
    for text in all_text(lang):
        wrapped = wrap_html(text, width_of, width)
        # nothing lost but the spaces where lines were broken
        assert re.sub(r"\s", "", plain(wrapped.replace("<br>", ""))) == re.sub(r"\s", "", plain(text))
        assert TAG.sub(lambda m: "" if m.group() == "<br>" else m.group(), wrapped).count("<b>") == text.count("<b>")
        for line in lines_of(wrapped):
            assert line and line == line.strip()
            if width_of(line) > width:  # only an unbreakable piece may overflow
                assert " " not in line and not (len(line) > 1 and CJK.search(line[1:])), line


def test_wrap_breaks_chinese_between_characters_and_respects_punctuation():
    text = "双方各掷一颗骰子，点数大的一方先走，并且直接用刚掷出的这两个点数走第一步。"
    wrapped = wrap_html(text, width_of, 16 * 9)
    lines = lines_of(wrapped)
    assert len(lines) > 2
    for line in lines:
        assert width_of(line) <= 16 * 9
        assert line[0] not in "，。：；）" and line[-1] not in "（"
    assert "".join(lines) == text


def test_wrap_leaves_short_and_english_text_alone():
    assert wrap_html("短句。", width_of, 400) == "短句。"
    text = "one two three four five six"
    assert wrap_html(text, width_of, 10_000) == text
    assert wrap_html(text, width_of, 8 * 9) == "one two<br>three<br>four five<br>six"


def test_wrap_keeps_tags_with_their_words():
    wrapped = wrap_html("<b>全胜（gammon）</b>：对手一枚棋子都还没收。", width_of, 8 * 12)
    lines = wrapped.split("<br>")
    assert len(lines) > 1
    for line in lines:
        assert plain(line).strip(), wrapped  # no line made of tags alone
        assert not line.endswith("<b>") and not line.startswith("</b>"), wrapped
    assert wrapped.startswith("<b>全")
    assert "）</b>：" in wrapped  # a closing tag stays with the text before it
    assert "<b><br>" not in wrapped and "<br></b>" not in wrapped


class _Checker(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags = set()

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)


@pytest.mark.parametrize("lang", ["en", "zh", "fr"])
def test_as_html(lang):
    html = as_html(lang)
    checker = _Checker()
    checker.feed(html)
    assert checker.tags <= {"b", "br"}
    for section in sections(lang):
        assert f"<b>{section.title}</b>" in html
    wrapped = as_html(lang, width_of, 480)
    assert plain(wrapped.replace("<br>", "")).replace(" ", "") == plain(html.replace("<br>", "")).replace(" ", "")
    for line in lines_of(wrapped):
        if " " in line.strip() or CJK.search(line[1:] if line else ""):
            assert width_of(line) <= 480, line


@pytest.mark.slow
def test_pygame_gui_renders_the_help_without_warnings(recwarn):
    """Build a real UITextBox with each language's text on the dummy video driver."""
    was_init = pygame.get_init()
    pygame.init()
    try:
        surface = pygame.display.get_surface() or pygame.display.set_mode((640, 480))
        for lang in LANGUAGES:
            manager = pygame_gui.UIManager(surface.get_size(), starting_language=lang)
            font = "noto_sans_sc" if lang == "zh" else "noto_sans"
            manager.preload_fonts([
                {"name": font, "point_size": 14, "style": style, "antialiased": "1"} for style in ("bold",)
            ])
            box = pygame_gui.elements.UITextBox(as_html(lang), pygame.Rect(0, 0, 600, 440), manager=manager)
            manager.update(0.01)
            manager.draw_ui(surface)
            assert box.rect.width == 600
            box.kill()
        problems = [str(w.message) for w in recwarn if "HTML" in str(w.message) or "font" in str(w.message).lower()]
        assert not problems, problems
    finally:
        if not was_init:
            pygame.quit()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_views_section_describes_both_views_and_how_to_move_them(lang):
    """By the names the settings give them, with the buttons, the keys and
    the controls that switch, turn, zoom and reset them."""
    from game.words import i18n

    i18n.set_language(lang)
    try:
        names = [i18n.t(f"view.{v}") for v in ("top", "oblique")]
    finally:
        i18n.set_language("en")
    section = next(s for s in HELP[lang] if s.key == "views")
    raw = plain(" ".join([section.title] + list(section.paragraphs)))
    for key in ("V", "Home", "Tab"):
        assert re.search(rf"\b{key}\b", raw), (lang, key)
    text = raw.lower()
    for name in names:
        assert name.lower() in text, (lang, name)
    words = {
        "en": ["top-right corner", "drag", "wheel", "pinch", "right stick", "triggers", "remembers", "d-pad"],
        "zh": ["右上角", "拖动", "滚轮", "捏合", "右摇杆", "扳机键", "记住", "十字键"],
        "es": ["esquina superior derecha", "arrastra", "rueda", "pellizcar", "stick derecho", "gatillos", "recuerda",
               "cruceta"],
    }[lang]
    for word in words:
        assert word in text, (lang, word)
