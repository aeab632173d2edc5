"""Every shipped language (game/locale/LINGUAS): the catalogs, the fonts, the system locale,
switching at once, and a walk through every scene in both languages that
fails on a missing key, a character the font lacks, or a line that does not
fit its widget; screenshots of the lobby, the board and the result screen in
each language go to tests/output/ for review (and of every stage of the
walk to tests/output/i18n/ with I18N_SHOTS=1).  tests/test_catalogs.py checks
the catalogs' files themselves."""

import os
import re
import string
import time
import warnings

import pygame
import pygame.freetype
import pytest
from pygame_gui.elements import UIButton, UILabel, UITextBox

from engine import FixedDice, SeededDice
from game.words import catalogs, fonts, help_text, i18n
from game.app import App
from game.input.match_intents import Double, Drop, EndTurn, Hint, OpenSettings, Roll, ToLobby
from game.play.options import MatchOptions
from game.scenes.help import HelpScene
from game.scenes.lobby import LobbyScene, start_match
from game.scenes.match import MatchScene
from game.scenes.records import RecordsScene
from game.scenes.result import ResultScene
from game.scenes.settings import SettingsScene
from game.scenes.dialog import DialogScene
from game.play.session import format_log_entry
from game.store.settings import Settings
from game.store.storage import Storage
from game.testing import AppDriver
from support import OUTPUT

LANGS = catalogs.shipped()  # the languages shipped (game/locale/LINGUAS): each checked in full
#: the system locale that picks each language (a language shipped without one here fails the walks, on purpose)
SYSTEM_LOCALE = {"en": "en_US", "zh": "zh_CN", "es": "es_ES"}
SYSTEM_LOCALES = i18n.system_locales  # before conftest stands in for it
KEY_LIKE = re.compile(r"^[a-z_]+(\.[a-z0-9_]+)+$")  # what t() shows for a key no table has


# -- the tables ------------------------------------------------------------------------------
def placeholders(text):
    return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name is not None)


def test_the_shipped_languages_are_offered():
    assert {"en", "zh"} <= set(LANGS) <= set(i18n.CATALOGS)
    assert [code for code, _ in i18n.LANGUAGES][0] == "en"
    assert dict(i18n.LANGUAGES)["zh"] == "中文" and dict(i18n.LANGUAGES)["en"] == "English"


@pytest.mark.parametrize("lang", LANGS)
def test_catalogs_have_the_same_keys_and_placeholders(lang):
    en, other = i18n.table("en"), i18n.table(lang)
    assert sorted(set(en) - set(other)) == [], f"keys with no {lang}"
    assert sorted(set(other) - set(en)) == [], f"{lang} keys with no English"
    for key in en:
        assert placeholders(en[key]) == placeholders(other[key]), key
        assert other[key].strip(), key
    assert set(i18n.plurals(lang)) == set(i18n.plurals("en"))


def test_chinese_is_chinese():
    """Every Chinese line that has words has Chinese characters (not left in English)."""
    cjk = re.compile(r"[\u4e00-\u9fff]")
    for key, text in i18n.table("zh").items():
        words = re.sub(r"\{[^}]*\}", "", text)
        if re.search(r"[A-Za-z]{3,}", words) and key not in ("panel.keys1", "panel.keys2", "panel.keys3"):
            assert cjk.search(words), (key, text)
        if re.search(r"[A-Za-z]", words) or cjk.search(words):
            assert cjk.search(words) or key in ("common.joined",), (key, text)


def test_chinese_uses_the_help_vocabulary():
    zh = i18n.table("zh")
    assert zh["result.gammon"] == "全胜" and zh["result.backgammon"] == "完胜" and zh["result.single"] == "单胜"
    assert zh["button.take"] == "接受" and zh["button.drop"] == "放弃"
    assert zh["point.bar"] == "中栏" and zh["lobby.cube"] == "加倍骰"
    assert "克劳福德" in zh["panel.crawford"] and "总点数" in zh["panel.pips"] and zh["lobby.pips"] == "总点数"
    glossary = {term for term, _ in help_text.glossary("zh").values()}
    for word in ("中栏", "全胜", "完胜", "总点数"):
        assert any(word in term for term in glossary), word
    assert "pip" in help_text.glossary("zh")["pip_count"][0]
    # one word for the pip count everywhere (the design's 总点数, not 步数)
    texts = i18n.texts("zh") + [t for pair in help_text.glossary("zh").values() for t in pair]
    assert not any("步数" in text for text in texts)
    # one set of level names: 入门 / 普通 / 高手
    assert [zh[f"lobby.level.{lv}"] for lv in ("beginner", "intermediate", "expert")] == ["入门", "普通", "高手"]
    assert not any("中级" in text for text in texts)


_FONTS = {}


def font(path):
    """The font file at 16 px, kept; made again when pygame was quit since
    (another test's pygame.quit() leaves a kept font unusable)."""
    f = _FONTS.get(path)
    if f is not None:
        try:
            f.get_metrics("a")
            return f
        except pygame.error:
            pass
    pygame.freetype.init()
    _FONTS[path] = f = pygame.freetype.Font(path, 16)
    return f


def missing_glyphs(path, text):
    """The characters of ``text`` that the font file lacks (freetype says None)."""
    chars = [c for c in dict.fromkeys(text) if not c.isspace()]
    metrics = font(path).get_metrics("".join(chars)) if chars else []
    return [c for c, m in zip(chars, metrics) if m is None]


def test_the_glyph_check_finds_missing_glyphs():
    assert missing_glyphs(fonts.font_file("regular", "en"), "中→") == ["中", "→"]
    assert missing_glyphs(fonts.font_file("regular", "zh"), "中→Ab1") == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_string_has_its_glyphs_in_the_fonts_of_its_language(lang):
    """Each string of the table against each font that draws it in that
    language: the widgets' regular and bold, the board's (bold) and the move
    log's (regular); the step buttons' strings against the symbols font."""
    plural = [(key, form) for key, forms in i18n.plurals(lang).items() for form in forms]
    for key, text in list(i18n.table(lang).items()) + plural:
        roles = ("symbols",) if key in fonts.SYMBOL_KEYS else ("regular", "bold")
        for role in roles:
            path = fonts.font_file(role, lang)
            assert not missing_glyphs(path, text), (lang, key, role, missing_glyphs(path, text))
    for role in ("regular", "bold"):  # the language names, on the settings screen in every language
        path = fonts.font_file(role, fonts.ALL_LANGUAGES)
        for _, name in i18n.LANGUAGES:
            assert not missing_glyphs(path, name)


def test_help_text_has_its_glyphs():
    for lang in LANGS:
        for role in ("regular", "bold"):
            path = fonts.font_file(role, lang)
            text = re.sub(r"<[^>]*>", "", help_text.as_html(lang))
            assert not missing_glyphs(path, text), (lang, role, missing_glyphs(path, text))


def test_messages_are_english_text_shown_in_the_language_of_the_moment():
    m = i18n.Message("storage.unreadable", what=i18n.Message("storage.label.settings"),
                     lost=i18n.Message("storage.lost.settings"), kept="")
    assert m == "The settings file could not be read; default settings are used."
    i18n.set_language("zh")
    assert i18n.tr(m) == "无法读取设置文件，已改用默认设置。"
    assert i18n.tr("plain text") == "plain text"


# -- the language of the system, and the setting -------------------------------------------------
@pytest.mark.parametrize("locales, expected", [
    (["zh_CN.UTF-8"], "zh"),
    (["zh-Hans-CN"], "zh"),
    (["zh_TW"], "zh"),
    (["C.UTF-8", "zh_CN"], "zh"),
    (["en_GB.UTF-8", "zh_CN"], "en"),
    (["fr_FR"], "en"),
    ([], "en"),
])
def test_the_system_language(monkeypatch, locales, expected):
    monkeypatch.setattr(i18n, "system_locales", lambda: locales)
    assert i18n.system_language() == expected
    assert i18n.resolve("") == expected
    assert i18n.resolve("en") == "en" and i18n.resolve("zh_CN") == "zh" and i18n.resolve("xx") == "en"


def test_system_locales_reads_the_environment(monkeypatch):
    monkeypatch.setattr(i18n, "system_locales", SYSTEM_LOCALES)  # the real one, not conftest's stand-in
    monkeypatch.setenv("LANGUAGE", "zh_CN:en")  # gettext's list goes before the locale
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert i18n.system_locales()[:2] == ["zh_CN", "en"] and i18n.system_language() == "zh"
    monkeypatch.setenv("LANGUAGE", "en_GB:zh_CN")
    assert i18n.system_language() == "en"


@pytest.mark.slow
def test_first_start_follows_the_locale_then_the_setting_persists(monkeypatch):
    monkeypatch.setattr(i18n, "system_locales", lambda: ["zh_CN.UTF-8"])
    d = AppDriver(size=(800, 600))  # settings from the (empty) home: language ''
    assert d.settings.language == "" and i18n.language() == "zh"
    assert d.scene.play_button.text == "开始"
    d.click_button(d.scene.gear_button)
    st = d.scene
    assert isinstance(st, SettingsScene) and st.rows["language"].value == "zh"
    d.click_button(st.rows["language"].button_for("en"))  # at once, no restart
    assert i18n.language() == "en" and d.scene.back_button.text == "Back"
    assert Storage().load_settings()[0].language == "en"
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, LobbyScene) and d.scene.play_button.text == "Play"
    # the choice outlives the locale
    App(size=(640, 480))
    assert i18n.language() == "en"
    monkeypatch.setattr(i18n, "system_locales", lambda: ["en_US.UTF-8"])
    d.click_button(d.scene.gear_button)
    d.click_button(d.scene.rows["language"].button_for("zh"))
    App(size=(640, 480))
    assert i18n.language() == "zh" and Storage().load_settings()[0].language == "zh"


@pytest.mark.slow
def test_switching_during_a_match_relabels_board_panel_and_log():
    d = AppDriver(size=(1024, 768), settings=Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0))
    d.app.dice = FixedDice([3, 1, 6, 5])
    d.click_button(d.scene.rows["mode"].button_for("hotseat"))
    d.click_button(d.scene.play_button)
    d.click(d.dice_pos())
    d.settle()
    match = d.scene
    assert isinstance(match, MatchScene)
    english = match.session.log_lines()
    assert english[-1].startswith("Opening roll")
    match.do(OpenSettings())
    d.click_button(d.scene.rows["language"].button_for("zh"))
    d.key(pygame.K_ESCAPE)
    assert d.scene is match
    d.frames(2)
    assert match.topbar.lobby.text == "大厅" and match.panel.undo.text == "撤销"
    assert match.session.log_lines()[-1].startswith("开局掷骰")
    assert match.panel.log.lines == tuple(match.session.log_lines())
    assert {p for p in match.text.drawn.values()} <= {fonts.board_font(True, "zh"), fonts.board_font(True, "en")}
    assert format_log_entry(match.session.game.log[-1]) == match.session.log_lines()[-1]


# -- a walk through every scene, in both languages --------------------------------------------
def font_file_of(element):
    """The font file a pygame_gui element draws its text with."""
    fd = element.ui_theme.get_font_dictionary()
    used = element.ui_theme.get_font(element.combined_element_ids)
    for res in fd.loaded_fonts.values():
        if res.loaded_font is used:
            loc = res.location
            return loc if isinstance(loc, str) else str(fonts.FONT_DIR) + "/" + loc.resource
    raise AssertionError(f"no font file for {element}")


class Audit:
    """Looks at what a scene shows and notes every problem."""

    def __init__(self, lang, size):
        self.lang, self.size = lang, size
        self.problems = []
        self.seen = set()
        self.texts = 0

    def note(self, where, text, problem):
        self.problems.append(f"[{self.lang} {self.size[0]}x{self.size[1]} {where}] {problem}: {text!r}")

    def text(self, where, text, path, width=None, measure=None):
        if not text or not text.strip():
            return
        self.texts += 1
        plain = re.sub(r"<[^>]*>", "", text)
        if KEY_LIKE.match(plain.strip()):
            self.note(where, text, "a key, not a text")
        lacking = missing_glyphs(path, plain)
        if lacking:
            self.note(where, text, f"{''.join(lacking)!r} missing from {path.rsplit('/', 1)[-1]}")
        if self.lang == "en" and re.search(r"[\u4e00-\u9fff]", plain) and plain not in dict(i18n.LANGUAGES).values():
            self.note(where, text, "Chinese in English")
        if self.lang == "zh" and re.search(r"[A-Za-z]{2,}\W+[A-Za-z]{2,}\W+[A-Za-z]{2,}", re.sub(r"\S*\.(json|bak)\S*|\S*://\S*", "", plain)):
            self.note(where, text, "English in Chinese")  # three words in a row (file names and addresses aside)
        if width is not None and measure is not None and measure(plain) > width:
            self.note(where, text, f"cut: {measure(plain)} px wide in {width}")

    def scene(self, app, where):
        scene = app.scene
        app.frame(1 / 60)
        manager = scene.manager
        for el in manager.get_sprite_group().sprites():
            if not el.visible:
                continue
            if isinstance(el, (UIButton, UILabel)):
                pad = 4 if isinstance(el, UIButton) else 0
                self.text(f"{where} {type(el).__name__}", el.text, font_file_of(el), el.rect.width - pad,
                          lambda s, f=el.font: f.size(s)[0])
            elif isinstance(el, UITextBox):
                self.text(f"{where} text box", el.html_text, font_file_of(el))
                for role in ("bold",):  # <b> runs
                    self.text(f"{where} text box (bold)", el.html_text, fonts.font_file(role, self.lang))
        if isinstance(scene, MatchScene):
            for text, path in scene.text.drawn.items():
                self.text(f"{where} board", text, path)
            log = scene.panel.log
            for line in log.visible_lines():
                self.text(f"{where} log", line, log.font_file, log.rect.width - 2 * log.pad, lambda s: log.font.size(s)[0])
        self.seen.add(type(scene).__name__)
        if not os.environ.get("I18N_SHOTS"):
            return
        # every stage, for a closer look (I18N_SHOTS=1): tests/output/i18n/
        folder = OUTPUT / "i18n"
        folder.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"\W+", "-", where).strip("-")
        pygame.image.save(app.screen, str(folder / f"{self.lang}_{self.size[0]}x{self.size[1]}_{name}.png"))


def answer(d, key, **kw):
    scene = d.app.scene
    assert isinstance(scene, DialogScene), type(scene).__name__
    text = i18n.t(key, **kw)
    for b in scene.answer_buttons:
        if b.text == text:
            d.click_button(b)
            return
    raise AssertionError(f"no answer {text!r} in {[b.text for b in scene.answer_buttons]}")


def play_turn(d):
    """Roll and play the first legal steps by the panel's buttons."""
    match = d.scene
    match.do(Roll())
    d.settle()
    for _ in range(4):
        if not match.panel.step_buttons:
            break
        d.click_button(match.panel.step_buttons[0][0])
        d.settle()
    if match.session.can_end_turn():
        match.do(EndTurn())
    d.settle()


def shoot(d, name):
    OUTPUT.mkdir(parents=True, exist_ok=True)
    d.app.frame(1 / 60)
    pygame.image.save(d.app.screen, str(OUTPUT / name))


def walk(lang, size, monkeypatch, shots=False):
    quick = dict(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0)
    monkeypatch.setattr(i18n, "system_locales", lambda: [SYSTEM_LOCALE[lang] + ".UTF-8"])
    i18n.MISSING.clear()
    audit = Audit(lang, size)
    tag = f"{lang}_{size[0]}x{size[1]}"
    # a damaged settings file: the lobby says so (and the language follows the system)
    store = Storage()
    store.settings_store.path.parent.mkdir(parents=True, exist_ok=True)
    store.settings_store.path.write_text("{not json")
    d = AppDriver(size=size)
    assert i18n.language() == lang
    d.settings.update_from(Settings(**quick, language=""))
    audit.scene(d.app, "lobby with a notice")
    d.app.notice = None
    d.scene._rebuild(size)
    audit.scene(d.app, "lobby")
    if shots:
        shoot(d, f"lobby_{tag}.png")
    d.click_button(d.scene.gear_button)
    audit.scene(d.app, "settings")
    d.click_button(d.scene.access_button)
    audit.scene(d.app, "seeing and hearing")
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_ESCAPE)
    d.click_button(d.scene.help_button)
    assert isinstance(d.scene, HelpScene)
    audit.scene(d.app, "help")
    d.key(pygame.K_ESCAPE)
    store.records_store.path.parent.mkdir(parents=True, exist_ok=True)
    store.records_store.path.write_text("[1, 2")  # damaged: the records screen says so
    d.click_button(d.scene.records_button)
    assert isinstance(d.scene, RecordsScene)
    assert any(line == i18n.tr(d.scene.message) for line in d.scene.lines) and d.scene.message
    audit.scene(d.app, "records with a notice")
    d.key(pygame.K_ESCAPE)
    # play a friend: an error line, then hosting (the invite code shown large), then back
    from game.scenes.friend import FriendScene

    d.click_button(d.scene.friend_button)
    friend = d.scene
    assert isinstance(friend, FriendScene)
    friend.entry.set_text("nonsense")
    d.click_button(friend.join_button)
    audit.scene(d.app, "play a friend, an error")
    d.click_button(friend.host_button)
    deadline = time.monotonic() + 30.0  # the server starts on a thread: by the clock, not by frames
    while not friend.showing_code and friend.error is None and time.monotonic() < deadline:
        d.frames(1)
        time.sleep(0.002)
    d.frames(2)
    assert friend.showing_code, friend.error
    audit.scene(d.app, "play a friend, hosting")
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, LobbyScene) and d.app.hosted is None
    # hot-seat, a 5-point match with the cube
    lobby = d.scene
    for row, value in (("mode", "hotseat"), ("length", 5), ("cube", True)):
        d.click_button(lobby.rows[row].button_for(value))
    d.app.dice = SeededDice(7)
    d.click_button(lobby.play_button)
    match = d.scene
    assert isinstance(match, MatchScene)
    audit.scene(d.app, "match, opening")
    match.do(Roll())
    d.settle()
    audit.scene(d.app, "match, steps")
    if shots:  # the expert's hint (a second's thought): at one size
        match.do(Hint())
        match.session.wait_for_hint()
        d.frames(2)
        d.settle()
        assert match.board_view().hint_lines
        audit.scene(d.app, "match, hint")
    if shots:
        shoot(d, f"board_{tag}.png")
    for _ in range(4):
        if not match.panel.step_buttons:
            break
        d.click_button(match.panel.step_buttons[0][0])
        d.settle()
    if match.session.can_end_turn():
        match.do(EndTurn())
    d.settle()
    audit.scene(d.app, "match, to roll")
    # the top bar's questions
    d.click_button(match.topbar.lobby)
    audit.scene(d.app, "lobby question")
    answer(d, "button.no")
    d.click_button(match.topbar.restart)
    audit.scene(d.app, "restart question")
    answer(d, "button.no")
    d.click_button(match.topbar.resign)
    audit.scene(d.app, "resign menu")
    answer(d, "resign.backgammon", points=3)
    d.settle()
    audit.scene(d.app, "resignation offer")
    answer(d, "button.refuse")
    d.settle()
    audit.scene(d.app, "match, refused")
    # the cube: double, and the other side drops
    if match.session.can_double():
        match.do(Double())
        d.settle()
        audit.scene(d.app, "match, doubled")
        match.do(Drop())
    else:  # the refusal left the turn in the middle: play on, then double
        play_turn(d)
        match.do(Double())
        d.settle()
        audit.scene(d.app, "match, doubled")
        match.do(Drop())
    for _ in range(400):
        d.frames(1)
        if isinstance(d.scene, ResultScene):
            break
    d.settle()
    assert isinstance(d.scene, ResultScene), type(d.scene).__name__
    audit.scene(d.app, "result, dropped")
    d.click_button(d.scene.result_buttons["next_game"])
    d.settle()
    audit.scene(d.app, "match, game 2")
    d.app.scene.do(ToLobby())
    answer(d, "button.yes")
    assert isinstance(d.scene, LobbyScene)
    audit.scene(d.app, "lobby with a match to continue")
    # the kiosk's attract mode: the computer against itself under a caption
    from game.scenes.attract import AttractScene

    attract = AttractScene(d.app)
    d.app.switch(attract)
    d.frames(3)
    assert i18n.t("attract.caption") in attract.text.drawn
    audit.scene(d.app, "attract mode")
    d.app.switch(LobbyScene(d.app))
    if not shots:
        assert not i18n.MISSING, sorted(i18n.MISSING)
        return audit
    # computer against computer to the end: the result screen
    d.settings.pace = "instant"
    start_match(d.app, MatchOptions(mode="demo", level="random", length=1), seed=3)
    session = d.app.session
    for _ in range(20000):
        if isinstance(d.app.scene, ResultScene):
            break
        if session.thinking:
            session.wait_for_computer()
        d.app.frame(1 / 60)
    d.settle()
    assert isinstance(d.scene, ResultScene)
    audit.scene(d.app, "result")
    if shots:
        shoot(d, f"result_{tag}.png")
    d.click_button(d.scene.result_buttons["lobby"])
    d.click_button(d.scene.records_button)
    assert isinstance(d.scene, RecordsScene)
    audit.scene(d.app, "records after games")
    assert not i18n.MISSING, sorted(i18n.MISSING)
    return audit


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 600), (1280, 720)])
@pytest.mark.parametrize("lang", LANGS)
def test_every_scene_in_every_language(lang, size, monkeypatch):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        audit = walk(lang, size, monkeypatch, shots=size == (1280, 720))
    for w in caught:  # pygame_gui says so when a text does not fit its widget
        if "too small" in str(w.message) or "font" in str(w.message).lower():
            audit.problems.append(f"[{lang} {size}] pygame_gui: {w.message}")
    assert {"LobbyScene", "SettingsScene", "HelpScene", "RecordsScene", "MatchScene", "DialogScene", "ResultScene"} <= audit.seen
    assert audit.texts > 100
    assert not audit.problems, "\n".join(audit.problems)


def test_a_saved_move_log_stays_translatable():
    """Saves keep the earlier games' log lines as keys and arguments (i18n.to_json),
    so a game continued in the other language shows them in it."""
    import json

    from game.play.saves import restore_document, save_document

    options = MatchOptions(mode="hotseat", length=5)
    session = options.new_session(Settings(), dice=SeededDice(4))
    session.roll()
    session.resign("single")
    session.answer_resignation(True)
    assert session.next_game()
    doc = json.loads(json.dumps(save_document(session, options)))
    again, _ = restore_document(doc, Settings())
    english = again.log_lines()
    assert english[:2] == ["— Game 1 —", "Opening roll: White 2, Black 3"] or english[0] == "— Game 1 —"
    i18n.set_language("zh")
    assert again.log_lines()[0] == "— 第 1 局 —" and "认输" in "".join(again.log_lines())
    # plain lines (older saves) are kept as they are; anything else is refused
    assert i18n.from_json("an earlier line") == "an earlier line"
    for bad in ({"key": "no.such.key"}, {"key": "log.game", "args": {}}, {"key": 3}, [1], None, True):
        with pytest.raises(ValueError):
            i18n.from_json(bad)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_the_longest_match_lines_fit_at_800x600(lang, monkeypatch):
    """A Crawford game late in a 7-point match: the longest score lines of
    the panel and the top bar, and a log of several games."""
    monkeypatch.setattr(i18n, "system_locales", lambda: [SYSTEM_LOCALE[lang]])
    i18n.MISSING.clear()
    d = AppDriver(size=(800, 600), settings=Settings(animation_speed=0.0, bot_pace=0.0, pass_pause=0.0))
    start_match(d.app, MatchOptions(mode="hotseat", length=7, cube=True), seed=5)
    session = d.app.session
    for level in ("backgammon", "gammon", "single"):  # the side on roll resigns: 6 points in 3 games
        if session.can_roll():
            session.roll()
        session.resign(level)
        session.answer_resignation(True)
        assert session.next_game()
    d.settle()
    assert session.game.crawford and max(session.match.score) == 6
    audit = Audit(lang, (800, 600))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        d.app.switch(MatchScene(d.app, session))
        d.settle()
        audit.scene(d.app, "late match")
    problems = audit.problems + [str(w.message) for w in caught if "too small" in str(w.message)]
    assert not problems, "\n".join(problems)
    assert not i18n.MISSING
