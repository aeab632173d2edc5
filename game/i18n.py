"""Every user-visible string of the client, by key.

``t(key, **kwargs)`` looks the key up in the current language's table and
formats it.  Only English exists for now; a later issue adds more tables.

>>> t("player.0")
'White'
>>> t("step.button", frm="13", to="8", die=5)
'13 → 8 (5)'
"""

from __future__ import annotations

from typing import Dict

EN: Dict[str, str] = {
    "app.title": "Backgammon",
    "player.0": "White",
    "player.1": "Black",
    # start screen
    "start.title": "Backgammon",
    "start.subtitle": "Two players on one screen",
    "start.single": "One game",
    "start.match5": "5-point match (with cube)",
    "start.quit": "Quit",
    "start.hint": "Tab or arrows to choose, Enter to start",
    # board
    "board.roll_prompt": "Click or press Space to roll",
    "board.no_moves": "No legal moves",
    "board.pips": "{pips}",
    "board.thinking": "{name} is thinking…",
    "board.hint_line": "{rank}. {play}   {equity}",
    # panel
    "panel.to_roll": "{name} to roll",
    "panel.opening": "Opening roll",
    "panel.to_move": "{name} to move {dice}",
    "panel.doubled": "{name}: take or drop?",
    "panel.over": "{name} wins",
    "panel.match_over": "{name} wins the match",
    "panel.pips": "Pips  {name0} {pips0}  ·  {name1} {pips1}",
    "panel.score": "Game {number} · {name0} {score0} – {score1} {name1} · to {length}",
    "panel.single": "Single game",
    "panel.crawford": "Crawford game",
    "panel.steps": "Legal steps",
    "panel.no_steps": "—",
    "panel.keys1": "Space or Enter: roll, done",
    "panel.keys2": "U or Backspace: undo · T: take back",
    "panel.keys3": "Tab or arrows, Enter: a step",
    "button.roll": "Roll",
    "button.done": "Done",
    "button.undo": "Undo",
    "button.take_back": "Take back",
    "button.double": "Double",
    "button.take": "Take",
    "button.drop": "Drop",
    "button.next_game": "Next game",
    "button.menu": "Menu",
    "button.auto_on": "Auto: on",
    "button.auto_off": "Auto: off",
    "button.hint": "Hint",
    "button.log_show": "Show log",
    "button.log_hide": "Hide log",
    "step.button": "{frm} → {to} ({die})",
    "point.bar": "bar",
    "point.off": "off",
    # move log
    "log.game": "— Game {number} —",
    "log.opening": "Opening roll: {name0} {a}, {name1} {b}",
    "log.opening_tie": "Opening roll: both threw {a}, again",
    "log.play": "{name} {d1}{d2}: {text}",
    "log.pass": "{name} {d1}{d2}: no legal moves",
    "log.double": "{name} doubles to {value}",
    "log.take": "{name} takes",
    "log.drop": "{name} drops",
    "log.resign": "{name} offers to resign ({text})",
    "log.accept": "{name} accepts",
    "log.reject": "{name} rejects",
    "log.win": "{name} wins: {kind}, {value} pt",
    # results
    "result.single": "a single game",
    "result.gammon": "a gammon",
    "result.backgammon": "a backgammon",
    "result.resigned": "by resignation",
    "result.dropped": "the double was dropped",
    "result.banner": "{name} wins {kind} · {points} pt",
    "result.match": "{name} wins the match {score0}–{score1}",
}

TABLES: Dict[str, Dict[str, str]] = {"en": EN}
_language = "en"


def set_language(code: str) -> None:
    """Choose the table ``t`` reads (unknown codes fall back to English)."""
    global _language
    _language = code if code in TABLES else "en"


def t(key: str, **kwargs: object) -> str:
    """The text for ``key`` in the current language, formatted with ``kwargs``.
    A key missing from the table is shown as itself, so a gap is visible."""
    text = TABLES[_language].get(key) or EN.get(key) or key
    return text.format(**kwargs) if kwargs else text
