"""The pygame_gui theme, built for a window size so text scales with it."""

from __future__ import annotations

import os
from typing import Any, Dict, Tuple

import pygame_gui

#: the monospace font pygame_gui ships; unlike its Noto Sans it has the arrow "→"
SYMBOL_FONT = os.path.join(os.path.dirname(pygame_gui.__file__), "data", "FiraCode-Regular.ttf")


def ui_font_px(size: Tuple[int, int]) -> int:
    """Panel text height for a window: readable from a sofa at any size."""
    w, h = size
    return max(12, min(64, int(min(h / 40, w / 60))))


def theme(font_px: int) -> Dict[str, Any]:
    font = {"name": "noto_sans", "size": str(font_px), "bold": "0", "italic": "0"}
    small = {"name": "noto_sans", "size": str(max(10, int(font_px * 0.85))), "bold": "0", "italic": "0"}
    button_font = {"name": "noto_sans", "size": str(max(10, int(font_px * 0.9))), "bold": "0", "italic": "0"}
    title = {"name": "noto_sans", "size": str(int(font_px * 2.2)), "bold": "1", "italic": "0"}
    button_colours = {
        "normal_bg": "#3a3f46",
        "hovered_bg": "#525a63",
        "disabled_bg": "#23272c",
        "selected_bg": "#6b5a1e",
        "active_bg": "#8a7224",
        "normal_text": "#f2ede2",
        "hovered_text": "#ffffff",
        "disabled_text": "#6c7076",
        "selected_text": "#ffffff",
        "active_text": "#ffffff",
        "normal_border": "#5d646c",
        "hovered_border": "#f5c542",
        "disabled_border": "#33383e",
        "selected_border": "#f5c542",
        "active_border": "#f5c542",
    }
    radius = str(max(3, font_px // 4))
    return {
        "defaults": {"colours": {"dark_bg": "#181c21", "normal_text": "#ece3cf"}},
        "button": {
            "font": button_font,
            "colours": button_colours,
            "misc": {
                "shape": "rounded_rectangle",
                "shape_corner_radius": radius,
                "border_width": "1",
                "shadow_width": "0",
                "text_horiz_alignment_padding": "2",
            },
        },
        "#step": {
            "font": {"name": "fira_code", "size": str(max(10, int(font_px * 0.9))), "bold": "0", "italic": "0", "regular_path": SYMBOL_FONT},
            "misc": {"text_horiz_alignment_padding": "2"},
            "colours": dict(button_colours, normal_bg="#2f4a3c", hovered_bg="#3f6450"),
        },
        "label": {"font": font, "colours": {"normal_text": "#ece3cf"}, "misc": {"text_horiz_alignment": "left"}},
        "#small": {"font": small, "colours": {"normal_text": "#b9b2a3"}},
        "#hint": {"font": small, "colours": {"normal_text": "#b9b2a3"}, "misc": {"text_horiz_alignment": "center"}},
        "#title": {"font": title, "colours": {"normal_text": "#f5c542"}, "misc": {"text_horiz_alignment": "center"}},
        "#centred": {"font": font, "misc": {"text_horiz_alignment": "center"}},
        "text_box": {
            "font": small,
            "colours": {"dark_bg": "#11151a", "normal_text": "#e6dfcf", "normal_border": "#3a3f46"},
            "misc": {"border_width": "1", "shadow_width": "0", "padding": "6,4"},
        },
        "panel": {"colours": {"dark_bg": "#181c21", "normal_border": "#2c3138"}, "misc": {"border_width": "0", "shadow_width": "0"}},
    }
