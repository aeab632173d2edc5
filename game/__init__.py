"""The pygame client: window, scenes, board drawing and input.

The client only shows and asks: every rule decision comes from :mod:`engine`.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
