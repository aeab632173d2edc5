"""The player's first name as the system knows it (a default for the name a
friend sees): the first word of the account's full name (the GECOS field on
Linux and macOS, the display name on Windows); "" when there is none.  The
caller cleans it as names are cleaned (:func:`game.net.names.clean_name`).

>>> first_word("Ann Smith,Room 5,,")
'Ann'
>>> first_word(",,,"), first_word("")
('', '')
"""

from __future__ import annotations

import os
import sys


def first_word(full_name: str) -> str:
    """The first word of a full name (a GECOS field's first part)."""
    words = full_name.split(",", 1)[0].split()
    return words[0] if words and words[0].isprintable() else ""


def system_first_name() -> str:
    """The first name of the account the game runs as, or "" (never raises)."""
    try:
        if sys.platform == "win32":
            return first_word(_windows_display_name())
        import pwd

        return first_word(pwd.getpwuid(os.getuid()).pw_gecos)
    except Exception:  # no account database, no name: the caller's default
        return ""


def _windows_display_name() -> str:  # pragma: no cover - Windows only
    import ctypes

    size = ctypes.c_ulong(0)
    secur32 = ctypes.WinDLL("secur32")  # type: ignore[attr-defined]
    NAME_DISPLAY = 3
    secur32.GetUserNameExW(NAME_DISPLAY, None, ctypes.byref(size))
    buffer = ctypes.create_unicode_buffer(size.value or 1)
    if not secur32.GetUserNameExW(NAME_DISPLAY, buffer, ctypes.byref(size)):
        return ""
    return str(buffer.value)
