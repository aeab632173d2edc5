"""The move log as the player reads it: one line per engine ``LogEntry``,
and the players' names.

>>> from engine import LogEntry
>>> from engine.kinds import LogKind
>>> format_log_entry(LogEntry(0, LogKind.PLAY, (3, 1), "8/5 6/5"))
'White 31: 8/5 6/5'
"""

from __future__ import annotations

from typing import Optional, Sequence, Tuple

from engine import LogEntry, ordered_dice
from engine.kinds import LogKind

from ..words import i18n


def player_name(player: int) -> str:
    return i18n.t(f"player.{player}")


def _dice_text(dice: Optional[Sequence[int]]) -> Tuple[str, str]:
    """The roll's two dice in the order they are written (the larger first,
    :func:`engine.ordered_dice`, as the panel and the .mat file write them)."""
    if not dice:
        return ("", "")
    high, low = ordered_dice(dice)
    return (str(high), str(low))


def log_message(entry: LogEntry) -> i18n.Message:
    """One move-log line for an engine ``LogEntry``, as an :class:`i18n.Message`
    (its English text; :func:`i18n.tr` shows it in the language of the moment)."""
    M = i18n.Message
    name = M(f"player.{entry.player}")
    d1, d2 = _dice_text(entry.dice)
    kind = entry.kind
    if kind == LogKind.OPENING and entry.dice is not None:
        a, b = entry.dice
        if entry.text == "tie":
            return M("log.opening_tie", a=a)
        return M("log.opening", name0=M("player.0"), name1=M("player.1"), a=a, b=b)
    if kind == LogKind.PLAY:
        return M("log.play", name=name, d1=d1, d2=d2, text=entry.text)
    if kind == LogKind.PASS:
        return M("log.pass", name=name, d1=d1, d2=d2)
    if kind == LogKind.WIN:
        return M("log.win", name=name, kind=M(f"result.{entry.text}"), value=entry.value)
    if kind in (LogKind.RESIGN, LogKind.ACCEPT, LogKind.REJECT):  # text: the level resigned
        return M(f"log.{kind}", name=name, value=entry.value, text=M(f"result.{entry.text or 'single'}"))
    return M(f"log.{kind}", name=name, value=entry.value, text=entry.text)  # double, take, drop


def format_log_entry(entry: LogEntry) -> str:
    """One move-log line for an engine ``LogEntry``, in the language shown now."""
    return i18n.tr(log_message(entry))
