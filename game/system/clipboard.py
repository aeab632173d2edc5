"""Copy and paste text (Position and Match IDs) through the system clipboard
where pygame can reach it; the last text copied in this run is always kept
too, so pasting works even without a system clipboard (a kiosk, a headless
test)."""

from __future__ import annotations

import logging

import pygame

LOG = logging.getLogger(__name__)
_kept = {"text": ""}


def copy(text: str) -> bool:
    """Put ``text`` on the clipboard; whether the system clipboard took it."""
    _kept["text"] = text
    try:
        pygame.scrap.put_text(text)
        return True
    except (pygame.error, AttributeError, NotImplementedError) as exc:
        LOG.info("no system clipboard: %s", exc)
        return False


def paste() -> str:
    """The clipboard's text (the system's when it has some, else what was
    last copied here)."""
    try:
        if pygame.scrap.has_text():
            text = pygame.scrap.get_text()
            if text:
                return str(text)
    except (pygame.error, AttributeError, NotImplementedError) as exc:
        LOG.info("no system clipboard: %s", exc)
    return _kept["text"]
