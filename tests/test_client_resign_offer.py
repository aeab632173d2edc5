"""The computer offers to resign when it can no longer win; the player
accepts or refuses in the dialog, by real clicks."""

from __future__ import annotations

from engine import FixedDice, Position, get_bot
from game.words import i18n
from game.scenes.match import MatchScene
from game.scenes.dialog import DialogScene
from game.testing import Driver


def _hopeless_computer(d: Driver, computer: list, human: list) -> None:
    """Put the game at the computer's (player 1's) roll with ``computer`` and
    ``human`` as the two sides' 25 counts, and run frames until the computer
    has acted (or a question waits for the human)."""
    g = d.game
    g._position = Position(computer, human)
    g._turn = None
    g.turn = 1
    g.phase = "roll"
    for _ in range(600):
        if isinstance(d.app.scene, DialogScene) or g.phase == "over" or (g.turn == 0 and not d.scene.animator.busy):
            break
        if d.session.thinking:
            d.session.wait_for_computer()
        d.frames(1)


def _answer(d: Driver, key: str) -> None:
    """Click the dialog's button labelled ``key``."""
    dialog = d.app.scene
    assert isinstance(dialog, DialogScene), type(dialog).__name__
    assert dialog.title == i18n.t("resign.offer_title", name=i18n.t("player.1"))
    for button in dialog.answer_buttons:
        if button.text == i18n.t(key):
            d.click_button(button)
            return
    raise AssertionError(f"no {key} button")


def _start(seed_dice: list) -> Driver:
    d = Driver(size=(1024, 768), seats=(None, get_bot("intermediate")), dice=FixedDice(seed_dice))
    return d


def test_computer_offers_a_single_and_the_player_accepts():
    d = _start([5, 1] + [2, 1] * 40)
    # the computer: 15 checkers on its 1-point, against one human checker on the 1-point
    _hopeless_computer(d, [15] + [0] * 24, [1] + [0] * 24)
    assert d.game.phase == "resigning" and d.game.resignation == "single"
    _answer(d, "button.accept")
    d.settle()
    assert d.game.phase == "over"
    assert d.game.result.kind == "resigned" and d.game.result.winner == 0 and d.game.result.points == 1


def test_no_offer_while_the_size_of_the_loss_is_uncertain():
    d = _start([5, 1] + [2, 1] * 40)
    # the computer's 15 checkers are all on its 6-point, the human has one checker
    # left: lost, but a gammon only if no checker comes off this roll (19 in 36)
    _hopeless_computer(d, [0] * 5 + [15] + [0] * 19, [1] + [0] * 24)
    assert not any(e.kind == "resign" for e in d.game.log)
    assert isinstance(d.app.scene, MatchScene)


def test_refused_offer_is_not_repeated_and_the_game_goes_on():
    d = _start([5, 1] + [2, 1] * 40)
    # the computer has 5 checkers on its 6-point (at most 4 come off in a roll), the
    # human one on its 1-point: lost for sure, and no gammon (the computer has borne 10 off)
    _hopeless_computer(d, [0] * 5 + [5] + [0] * 19, [1] + [0] * 24)
    assert d.game.phase == "resigning" and d.game.resignation == "single"
    _answer(d, "button.refuse")
    d.settle()
    g = d.game
    assert any(e.kind == "reject" for e in g.log)
    # the computer rolls and plays on; the human then wins with any roll
    assert g.phase != "resigning" and [e.kind for e in g.log].count("resign") == 1
    for _ in range(10):
        if g.phase == "over":
            break
        if d.session.can_roll():
            d.session.roll()
        elif d.session.human_to_act and g.phase == "move":
            for step in d.session.legal_steps()[:1]:
                d.session.step(step.frm, step.to, step.die)
            if d.session.can_end_turn():
                d.session.end_turn()
        d.settle()
    assert g.phase == "over" and g.result.winner == 0 and [e.kind for e in g.log].count("resign") == 1


def test_computer_does_not_offer_while_it_can_still_win():
    d = _start([5, 1] + [2, 1] * 40)
    _hopeless_computer(d, [1] + [0] * 24, [0] * 5 + [2] + [0] * 19)
    assert not any(e.kind == "resign" for e in d.game.log)
    assert get_bot("expert").offers_resignation(Position([0] * 5 + [15] + [0] * 19, [1] + [0] * 24)) is None
    assert get_bot("expert").offers_resignation(Position([0] * 5 + [2] + [0] * 19, [1] + [0] * 24)) is None  # 3-3 and up win
    assert get_bot("expert").offers_resignation(Position([0] * 5 + [5] + [0] * 19, [1] + [0] * 24)) == "single"
    # a gammon for sure: 15 checkers far away in a race that the other side ends at once
    lost = Position([0] * 12 + [15] + [0] * 12, [1] + [0] * 24)
    assert get_bot("expert").offers_resignation(lost) == "gammon"
    assert get_bot("random").offers_resignation(lost) is None
