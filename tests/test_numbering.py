"""One numbering everywhere: the points a player hears and reads (the
narration of both sides' steps, W, the quarters 1-4, M, the panel's lists
of checkers, its step buttons and move log) are all in the listener's
numbering: the side at the screen (against the computer the human's; in
hot-seat the side on roll), or always White's when the player chooses so.
A hit says whose checker went to the bar.

The oracle: each side counts its points 1..24 from its own home board, so
a point is ``p`` for its own side and ``25 - p`` for the other (the bar and
off are words).  The lists are checked against the engine's board, the
steps against the steps the session reports, the log against the engine's
log: each in its own numbering, turned into the listener's by that rule.
"""

import re
from typing import List, Set, Tuple

import pygame
import pytest

from engine import FixedDice, Match, Position, get_bot
from engine.match import set_up_game
from game.match.ask import point_sentence, spoken_play
from game.input.match_intents import PlayStep
from game.play.happenings import HappeningKind
from game.play.options import MatchOptions
from game.play.session import Session
from game.store.settings import Settings
from game.testing import AppDriver, Driver
from game.words import i18n
from tests.test_speech import keyboard_turn, recording, tab_to

t = i18n.t
NAMES = ("White", "Black")
QUARTER_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)


def own(point: int, side: int, listener: int) -> int:
    """The oracle: ``side``'s point ``point`` as ``listener`` counts it."""
    return point if point in (0, 25) or side == listener else 25 - point


def word(point: int) -> str:
    return t("say.bar") if point == 25 else t("say.off") if point == 0 else str(point)


def number(text: str) -> int:
    return 25 if text in (t("say.bar"), t("point.bar")) else 0 if text in (t("say.off"), t("point.off")) else int(text)


def said_for(d, rec, key: int) -> str:
    n = len(rec.said)
    d.key(key)
    assert len(rec.said) == n + 1
    return rec.said[-1]


def listed(line: str, key: str = "panel.dist.point") -> Set[Tuple[int, int]]:
    """(point, checkers) of a panel line "White: 6 ×5, 8 ×3" (or of words made with ``key``: "5 on 6")."""
    pattern = re.escape(t(key, point="\0", n="\1")).replace("\0", r"(?P<point>\d+)").replace("\1", r"(?P<n>\d+)")
    return {(int(m["point"]), int(m["n"])) for m in re.finditer(pattern, line)}


def split(text: str, template: str) -> List[str]:
    """``text`` made by ``template`` (with one ``@`` for what varies): what varies."""
    head, tail = template.split("@")
    assert text.startswith(head) and text.endswith(tail), (text, template)
    return [text[len(head): len(text) - len(tail)]]


def on_board(snap, side: int, listener: int) -> Set[Tuple[int, int]]:
    """(point, checkers) of ``side`` on the engine's board, in ``listener``'s numbering."""
    return {(own(p, side, listener), n) for p, n in enumerate(snap.counts[side]) if 1 <= p <= 24 and n}


def check_position_words(d, rec, listener: int) -> None:
    """The panel's lists, W and the quarters 1-4 name the board's checkers in ``listener``'s numbering."""
    s = d.session
    snap = s.snapshot()
    shown = d.scene.panel.dist.texts  # the lines on the panel
    for side in (0, 1):
        assert listed(shown[side]) == on_board(snap, side, listener), (side, shown)
    words = said_for(d, rec, pygame.K_w)  # W: both sides, in words
    black = words.index(t("ask.dist", name=NAMES[1], points=""))
    for side, part in ((0, words[:black]), (1, words[black:])):
        assert listed(part, "ask.dist.point") == on_board(snap, side, listener), (side, words)
    for q, key in enumerate(QUARTER_KEYS, 1):
        words = said_for(d, rec, key)
        where = t(f"ask.quadrant.{q}", name=NAMES[listener], other=NAMES[1 - listener])
        assert words.startswith(where)
        found = {(int(p), NAMES.index(name), int(n)) for p, name, n in re.findall(r"(\d+) (White|Black) (\d+)", words[len(where):])}
        assert found == {(p, side, n) for side in (0, 1) for p, n in on_board(snap, side, listener) if 6 * q - 5 <= p <= 6 * q}


def check_steps_offered(d, rec, listener: int) -> None:
    """M and the panel's step buttons name the legal steps in ``listener``'s numbering."""
    s = d.session
    mover = s.game.turn
    wanted = {(own(st.frm, mover, listener), own(st.to, mover, listener)) for st in s.legal_steps()}
    words = said_for(d, rec, pygame.K_m)  # "Steps you may play: 24 to 21; 13 to 10 or 8."
    between = t("ask.step", frm="@", to="@").split("@")[1]
    said = set()
    for group in split(words, t("ask.moves", steps="@"))[0].split(t("ask.moves.sep")):
        frm, tos = group.split(between)
        said |= {(number(frm), number(to)) for to in tos.split(t("ask.or"))}
    assert said == wanted
    labels = [button.text for button, _ in d.scene.panel.step_buttons]  # as the panel shows them
    assert {(number(a), number(b)) for a, b in (re.match(r"(\w+) ?→ ?(\w+)", label).groups() for label in labels)} == wanted


def check_focus(d, rec, listener: int) -> None:
    """An arrow on the board says the point the focus lands on, in ``listener``'s numbering."""
    heard = []
    for key in (pygame.K_RIGHT, pygame.K_LEFT):  # (one of them moves the focus, wherever it is)
        n = len(rec.said)
        d.key(key)
        at = d.scene.controller.board_focus.at
        assert at is not None and at[0] == "checker"  # (the arrows go first to the checkers that may move)
        point = own(at[1], d.scene.viewer(), listener)  # the focus is on the board, in the numbering it is drawn in
        said = point_sentence(d.session.snapshot(), listener, point)
        assert str(point) in said and NAMES[listener] in said
        heard.append(said in rec.said[n:])
    assert any(heard)


def record_steps(monkeypatch) -> List[Tuple[int, object]]:
    """Every step either side makes, in order, as the session reports it."""
    steps: List[Tuple[int, object]] = []
    real_emit = Session._emit

    def emit(self, kind, player, before, after=None, **kw):
        real_emit(self, kind, player, before, after, **kw)
        if kind == HappeningKind.STEP:
            steps.append((player, kw["step"]))

    monkeypatch.setattr(Session, "_emit", emit)
    return steps


def step_sentence(player: int, step, listener: int, hurt_human: bool) -> str:
    """What a step is said as, in ``listener``'s numbering."""
    words = dict(name=NAMES[player], frm=word(own(step.frm, player, listener)), to=word(own(step.to, player, listener)))
    if not step.hit:
        return t("say.step", **words)
    if hurt_human:
        return t("say.step_hit_you", **words)
    return t("say.step_hit_other", other=NAMES[1 - player], **words)


STEP_LINE = re.compile(r"^(White|Black): (\w+) to (\w+)[,.]")


def numbers_in_play(text: str) -> Set[int]:
    """The points of a play in notation ("bar/22 13/8*(2)": 25, 22, 13, 8)."""
    found = set()
    for move in text.split():
        for stop in move.split("(")[0].split("/"):
            found.add(number(stop.rstrip("*").replace("bar", t("say.bar")).replace("off", t("say.off"))))
    return found


def check_log(d, listener_of_entry) -> None:
    """The panel's move log writes each play in the listener's numbering (the engine's log: the mover's)."""
    plays = [e for e in d.session.game.log if e.kind == "play"]
    lines = [line for line in d.scene.panel_state().log if re.match(r"^(White|Black) \d\d: ", line)]
    assert len(lines) == len(plays) > 3
    for entry, line in zip(plays, lines):
        heard = listener_of_entry(entry)
        assert numbers_in_play(line.split(": ", 1)[1]) == {own(p, entry.player, heard) for p in numbers_in_play(entry.text)}, (entry, line)


@pytest.mark.parametrize("colour, numbering", [("white", "own"), ("black", "own"), ("black", "white")])
def test_against_the_computer_every_word_names_the_listeners_points(colour, numbering, backgammon_home, monkeypatch):
    d = AppDriver(size=(1280, 720), seed=7, settings=Settings(pace="instant", sound=False, numbering=numbering))
    rec = recording(d)
    steps = record_steps(monkeypatch)
    d.app.flow.start_match(MatchOptions(mode="computer", level="beginner", colour=colour, length=1))
    d.settle()
    human = 1 if colour == "black" else 0
    heard = human if numbering == "own" else 0
    lists = offered = 0
    for _ in range(600):
        s = d.session
        g = s.game
        if g.phase == "over" or (lists >= 4 and offered >= 4):
            break
        if s.can_roll() and g.phase == "roll":  # the computer's turn is shown: everything names the same points
            check_position_words(d, rec, heard)
            lists += 1
        if s.human_to_move and s.legal_steps() and not g.current_turn.steps:
            check_steps_offered(d, rec, heard)
            if not offered:
                check_focus(d, rec, heard)
            offered += 1
        keyboard_turn(d)
    assert lists >= 3 and offered >= 3
    said = [line for line in rec.said if STEP_LINE.match(line)]
    assert said == [step_sentence(p, st, heard, p != human) for p, st in steps]
    assert {p for p, _ in steps} == {0, 1}
    check_log(d, lambda entry: heard)
    check_board_numbers(d, heard)


def check_board_numbers(d, heard: int) -> None:
    """The numbers written on the board are the listener's too: a Black player who hears White's
    numbering reads White's numbers on the board shown from Black's side."""
    from game.board.backdrop import draw_flat
    from game.scenes.match import MatchScene

    scene = d.scene if isinstance(d.scene, MatchScene) else next(s for s in d.app.scenes.visible() if isinstance(s, MatchScene))
    view = scene.board_view()
    assert view.flip_numbers == (heard != view.viewer)
    d.frames(2)
    renderer = scene.renderer
    assert renderer.flip_numbers == view.flip_numbers
    drawn = pygame.image.tobytes(renderer.background, "RGB")
    as_heard = draw_flat(renderer.layout, renderer.text, True, heard != view.viewer)
    other = draw_flat(renderer.layout, renderer.text, True, heard == view.viewer)
    assert drawn == pygame.image.tobytes(as_heard, "RGB") != pygame.image.tobytes(other, "RGB")


@pytest.mark.parametrize("numbering", ["own", "white"])
def test_in_hot_seat_the_side_on_roll_hears_its_own_points(numbering, backgammon_home, monkeypatch):
    d = AppDriver(size=(1280, 720), seed=5, settings=Settings(pace="instant", sound=False, numbering=numbering))
    rec = recording(d)
    steps = record_steps(monkeypatch)
    d.app.flow.start_match(MatchOptions(mode="hotseat", length=1))
    d.settle()
    seen = set()
    for _ in range(300):
        s = d.session
        g = s.game
        if g.phase == "over" or len(seen) == 2 and len(steps) > 16:
            break
        if s.human_to_move and s.legal_steps() and not g.current_turn.steps:
            heard = g.turn if numbering == "own" else 0
            check_position_words(d, rec, heard)
            check_steps_offered(d, rec, heard)
            seen.add(g.turn)
        keyboard_turn(d)
    assert seen == {0, 1}
    said = [line for line in rec.said if STEP_LINE.match(line)]
    assert said == [step_sentence(p, st, p if numbering == "own" else 0, False) for p, st in steps]
    # the log as the side on roll now reads it
    now = d.session.viewer_for(d.session.snapshot())
    check_log(d, lambda entry: now if numbering == "own" else 0)


def set_up(on_roll: int, dice: Tuple[int, int], seats, numbering: str, speech_log) -> Driver:
    """``on_roll`` to play ``dice``: one checker on its 8-point (and two on its
    1-point); the other side a blot on the 7-point of ``on_roll`` (its own
    18-point) and two checkers on its 1-point.  The first step, 8 to 7, hits.
    What is said goes to ``speech_log`` from the first frame (a computer on
    roll plays at once)."""
    mover = [0] * 25
    mover[7], mover[0] = 1, 2
    other = [0] * 25
    other[17], other[0] = 1, 2
    m = Match(length=1, dice=FixedDice([1, 2]))
    m.game = set_up_game(Position(mover, other), on_roll, dice, dice_source=m.dice_source)
    return Driver(size=(1280, 720), match=m, seats=seats, settings=Settings(pace="instant", sound=False, numbering=numbering))


@pytest.fixture
def speech_log(tmp_path, monkeypatch):
    """Every announcement, one a line (the game's speech log)."""
    path = tmp_path / "said.txt"
    monkeypatch.setenv("BACKGAMMON_SPEECH_LOG", str(path))
    return lambda: path.read_text(encoding="utf-8").splitlines() if path.exists() else []


@pytest.mark.parametrize("human, numbering", [(0, "own"), (1, "own"), (1, "white")])
def test_the_computer_hitting_says_it_is_your_blot_and_you_are_on_the_bar(human, numbering, speech_log):
    computer = 1 - human
    seats = (None, get_bot("beginner")) if human == 0 else (get_bot("beginner"), None)
    d = set_up(computer, (1, 1), seats, numbering, speech_log)
    d.settle()
    heard = human if numbering == "own" else 0
    expected = t("say.step_hit_you", name=NAMES[computer], frm=str(own(8, computer, heard)), to=str(own(7, computer, heard)))
    assert expected in speech_log()
    assert d.session.snapshot().counts[human][25] == 1  # it was so: the human is on the bar
    # the blot was on the human's 18-point: in the human's own numbering the sentence names it
    if numbering == "own":
        assert t("say.step_hit_you", name=NAMES[computer], frm="17", to="18") == expected


@pytest.mark.parametrize("hitter, numbering, hot_seat", [(0, "own", False), (1, "white", False), (0, "own", True), (1, "own", True)])
def test_a_hit_by_the_player_names_whose_blot(hitter, numbering, hot_seat, speech_log):
    seats = (None, None) if hot_seat else ((None, get_bot("beginner")) if hitter == 0 else (get_bot("beginner"), None))
    d = set_up(hitter, (2, 1), seats, numbering, speech_log)
    d.settle()
    heard = hitter if numbering == "own" else 0
    # the step's button is labelled in the listener's numbering; Enter on it plays 8 to 7 (the mover's numbering)
    button = next(b for b, step in d.scene.panel.step_buttons if (step.frm, step.to) == (8, 7))
    assert re.match(rf"{own(8, hitter, heard)} ?→ ?{own(7, hitter, heard)}\b", button.text)
    tab_to(d, lambda i: isinstance(i, PlayStep) and (i.frm, i.to) == (8, 7))
    n = len(speech_log())
    d.key(pygame.K_RETURN)
    d.settle()
    expected = t("say.step_hit_other", name=NAMES[hitter], frm=str(own(8, hitter, heard)), to=str(own(7, hitter, heard)),
                 other=NAMES[1 - hitter])
    assert expected in speech_log()[n:]
    assert d.session.snapshot().counts[1 - hitter][25] == 1


def test_the_setting_on_the_seeing_and_hearing_screen_renumbers_the_match_at_once(backgammon_home, monkeypatch):
    from game.scenes.access import AccessScene
    from game.scenes.match import MatchScene
    from game.store.storage import Storage

    d = AppDriver(size=(1280, 720), seed=3, settings=Settings(pace="instant", sound=False))
    rec = recording(d)
    d.app.flow.start_match(MatchOptions(mode="computer", level="beginner", colour="black", length=1))
    d.settle()
    snap = d.session.snapshot()
    assert listed(d.scene.panel.dist.texts[1]) == on_board(snap, 1, 1)  # Black's own: 6 ×5, 8 ×3 ...
    d.app.flow.settings()
    d.click_button(d.scene.access_button)
    access = d.scene
    assert isinstance(access, AccessScene) and access.rows["numbering"].value == "own"
    d.click_button(access.rows["numbering"].button_for("white"))
    assert d.settings.numbering == "white"
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, MatchScene)
    snap = d.session.snapshot()
    assert listed(d.scene.panel.dist.texts[1]) == on_board(snap, 1, 0)  # Black's in White's: 1 ×2, 12 ×5 ...
    check_position_words(d, rec, 0)
    stored, _ = Storage().load_settings()
    assert stored.numbering == "white"


@pytest.mark.parametrize("numbering", ["own", "white"])
def test_the_hint_box_and_its_words_name_the_listeners_points(numbering, speech_log):
    """Black on roll at a hot-seat screen: the hint, drawn and said, in Black's numbering, or White's."""
    d = Driver(size=(1280, 720), seed=5, settings=Settings(pace="instant", sound=False, numbering=numbering))
    g = d.game
    for _ in range(40):  # to Black's first turn
        if g.phase == "move" and g.turn == 1:
            break
        if g.phase in ("opening", "roll"):
            d.key(pygame.K_SPACE)
        elif d.session.legal_steps():
            step = d.session.legal_steps()[0]
            d.session.step(step.frm, step.to)
        else:
            d.session.end_turn()
        d.settle()
    assert g.phase == "move" and g.turn == 1
    heard = 1 if numbering == "own" else 0
    n = len(speech_log())
    d.key(pygame.K_h)
    hint = d.session.wait_for_hint()
    assert hint is not None and hint.plays
    d.frames(3)
    view = d.scene.board_view()
    plays = [line.split(" ", 1)[1] for line in view.hint_lines[0::2]]  # "1. 24/18 13/11"
    assert len(plays) == len(hint.plays)
    for shown, (_, _, text) in zip(plays, hint.plays):
        assert numbers_in_play(shown) == {own(p, 1, heard) for p in numbers_in_play(text)}, (shown, text)
    # said as the box shows them
    said = t("say.hint", plays=" ".join(t("say.hint_play", rank=i + 1, play=spoken_play(p)) for i, p in enumerate(plays)))
    assert said in speech_log()[n:]
