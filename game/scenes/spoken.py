"""A screen's buttons in words, for players who do not look: what the
keyboard or controller focus is on ("Play, button."; "Level: expert,
chosen."), said through the app's announcer when the focus moves."""

from __future__ import annotations

from typing import Tuple

from pygame_gui.elements import UIButton

from ..words.i18n import t


def focus_words(button: UIButton, action: Tuple[object, ...]) -> str:
    """The words for the focused ``button`` (doing ``action``)."""
    text = button.text or str(action[0])
    if action and action[0] == "choose" and len(action) > 1:
        row = action[1]
        label = getattr(getattr(row, "label", None), "text", "")
        state = t("say.focus.chosen" if button.is_selected else "say.focus.not_chosen")
        return t("say.focus.choice", label=label, text=text, state=state)
    if not button.is_enabled:
        return t("say.focus.disabled", text=text)
    return t("say.focus.button", text=text)
