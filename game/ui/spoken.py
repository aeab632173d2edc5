"""A screen's buttons in words, for players who do not look: what the
keyboard or controller focus is on ("Play, button."; "Level: expert,
chosen."; the gear: "Settings, button."), said through the app's announcer
when the focus moves; a screen's choices in a list; that an arrow found
nothing that way."""

from __future__ import annotations

from typing import Sequence, Tuple

from pygame_gui.elements import UIButton

from ..words.i18n import t


def focus_words(button: UIButton, action: Tuple[object, ...]) -> str:
    """The words for the focused ``button`` (doing ``action``); a button
    that shows a picture (the gear) by its name."""
    text = button.text or (t("settings.title") if action and action[0] == "settings" else str(action[0]))
    if action and action[0] == "choose" and len(action) > 1:
        row = action[1]
        label = getattr(getattr(row, "label", None), "text", "")
        state = t("say.focus.chosen" if button.is_selected else "say.focus.not_chosen")
        return t("say.focus.choice", label=label, text=text, state=state)
    if not button.is_enabled:
        return t("say.focus.disabled", text=text)
    return t("say.focus.button", text=text)


def choices_words(texts: Sequence[str]) -> str:
    """A screen's answers in one sentence: "Choices: Next game, Back to the lobby."."""
    return t("say.focus.choices", choices=t("say.focus.list_sep").join(texts)) if texts else ""


def edge_words(direction: str) -> str:
    """An arrow (``direction``: left, right, up, down) found nothing that way."""
    return t(f"say.focus.edge.{direction}")


def spelled(code: str) -> str:
    """An invite code as a listener takes it down: one sign at a time, a pause at the dash.

    >>> spelled("DW5H2-J79SY")
    'D W 5 H 2, J 7 9 S Y'
    """
    return ", ".join(" ".join(part) for part in code.split("-") if part)
