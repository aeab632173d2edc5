"""The pygame client: window, scenes, board drawing and input.

The client only shows and asks: every rule decision comes from :mod:`engine`.
"""

import os

__version__ = "0.1.0"  # the one place the version is written (pyproject reads it)

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
