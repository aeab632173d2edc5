"""Every user-visible string of the client, by key.

``t(key, **kwargs)`` looks the key up in the current language's table and
formats it.  Only English exists for now; a later issue adds more tables.

>>> t("player.0")
'White'
>>> t("step.button", frm="13", to="8", die=5)
'13 → 8 (5)'
"""

from __future__ import annotations

from typing import Dict, Tuple

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
    "result.wins": "{name} wins",
    "result.how": "{kind} · {points} pt",
    "result.how_resigned": "by resignation ({level}) · {points} pt",
    "result.score": "Match to {length}: {name0} {score0} – {score1} {name1}",
    "result.single_game": "Single game",
    "result.next_game": "Next game",
    "result.again": "Play again",
    "result.again_swapped": "Play again, colours swapped",
    "result.lobby": "Back to the lobby",
    # common
    "common.on": "On",
    "common.off": "Off",
    "button.back": "Back",
    "button.cancel": "Cancel",
    "button.yes": "Yes",
    "button.no": "No",
    "button.accept": "Accept",
    "button.refuse": "Refuse",
    # lobby
    "lobby.title": "Backgammon",
    "lobby.opponent": "Play against",
    "lobby.mode.computer": "The computer",
    "lobby.mode.hotseat": "Two players here",
    "lobby.level": "Computer level",
    "lobby.level.beginner": "Beginner",
    "lobby.level.intermediate": "Intermediate",
    "lobby.level.expert": "Expert",
    "lobby.colour": "Your colour",
    "lobby.colour.white": "White",
    "lobby.colour.black": "Black",
    "lobby.colour.random": "Random",
    "lobby.length": "Length",
    "lobby.length.1": "1 game",
    "lobby.length.n": "{n} points",
    "lobby.cube": "Doubling cube",
    "lobby.options": "Board",
    "lobby.point_numbers": "Point numbers",
    "lobby.pips": "Pip counts",
    "lobby.auto_end": "End turn by itself",
    "lobby.play": "Play",
    "lobby.continue": "Continue last game",
    "lobby.help": "Rules & help",
    "lobby.records": "Records",
    "lobby.settings": "Settings",
    "lobby.quit": "Quit",
    "lobby.keys": "Tab or arrows to choose, Enter to play",
    # settings
    "settings.title": "Settings",
    "settings.sound": "Sound",
    "settings.pace": "Computer pace",
    "settings.pace.realistic": "Realistic",
    "settings.pace.fast": "Fast",
    "settings.pace.instant": "Instant",
    "settings.pace_hint": "Realistic: 2–5 s a move · Fast: 1–2 s · Instant: no waiting",
    "settings.fullscreen": "Full screen",
    "settings.language": "Language",
    # rules & help, records
    "help.title": "Rules & help",
    "records.title": "Records",
    "records.games": "Games: {played} played, {won} won",
    "records.matches": "Matches: {played} played, {won} won",
    "records.gammons": "Gammons: {won} won, {lost} lost",
    "records.backgammons": "Backgammons: {won} won, {lost} lost",
    # the match's top bar and its questions
    "top.lobby": "Lobby",
    "top.restart": "Restart",
    "top.resign": "Resign",
    "top.single": "Single game",
    "top.match": "Match to {length} · {name0} {score0} – {score1} {name1}",
    "top.crawford": "Crawford",
    "top.turn": "{name} to play",
    "top.answer": "{name} to answer",
    "top.over": "{name} wins",
    "confirm.lobby.title": "Back to the lobby?",
    "confirm.lobby.text": "The game is kept: continue it from the lobby.",
    "confirm.restart.title": "Restart?",
    "confirm.restart.text": "This game is discarded and a new one starts.",
    "resign.title": "Resign",
    "resign.text": "Give up how much? The other side may refuse.",
    "resign.single": "Single ({points} pt)",
    "resign.gammon": "Gammon ({points} pt)",
    "resign.backgammon": "Backgammon ({points} pt)",
    "resign.offer_title": "{name} offers to resign",
    "resign.offer_text": "{name}: accept {kind} for {points} pt?",
    "panel.resigning": "{name}: accept the resignation?",
}

#: the languages the settings offer: (code, name in that language)
LANGUAGES: Tuple[Tuple[str, str], ...] = (("en", "English"),)

TABLES: Dict[str, Dict[str, str]] = {"en": EN}
_language = "en"


def set_language(code: str) -> None:
    """Choose the table ``t`` reads (unknown codes fall back to English)."""
    global _language
    _language = code if code in TABLES else "en"


def language() -> str:
    """The code of the language ``t`` reads now."""
    return _language


def t(key: str, **kwargs: object) -> str:
    """The text for ``key`` in the current language, formatted with ``kwargs``.
    A key missing from the table is shown as itself, so a gap is visible."""
    text = TABLES[_language].get(key) or EN.get(key) or key
    return text.format(**kwargs) if kwargs else text
