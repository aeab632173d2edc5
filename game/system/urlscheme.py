r"""``backgammon://`` invite links opened by this program on Windows: the
current user's part of the registry (no administrator needed)::

    HKEY_CURRENT_USER\Software\Classes\backgammon
        (Default)       "URL:Backgammon invite"
        URL Protocol    ""
        shell\open\command
            (Default)   "C:\...\backgammon.exe" "%1"

The built program writes it when it starts (each value only when it
differs: a folder moved is followed); an installer runs
``backgammon.exe --register-links`` (and ``--unregister-links`` when it
uninstalls).  The logic works on any :class:`Registry`, so it is tested
without Windows; :class:`WindowsRegistry` (``winreg``, imported on Windows
only) is the real one.  Linux has its desktop entry (game/system/desktop.py),
macOS the app bundle's ``CFBundleURLTypes`` (build_exe.spec).

Match files (``.mat``) get the program in their "Open with" list, not as
their default (MATLAB's data files end in ``.mat`` too)::

    HKEY_CURRENT_USER\Software\Classes\Backgammon.Match\shell\open\command
    HKEY_CURRENT_USER\Software\Classes\.mat\OpenWithProgids   Backgammon.Match ""

>>> reg = MemoryRegistry()
>>> register(reg, [r"C:\Games\backgammon\backgammon.exe"]), register(reg, [r"C:\Games\backgammon\backgammon.exe"])
(True, False)
>>> reg.get(COMMAND_KEY, "")
'"C:\\Games\\backgammon\\backgammon.exe" "%1"'
>>> unregister(reg, [r"C:\Games\backgammon\backgammon.exe"]), reg.values
(True, {})
"""

from __future__ import annotations

import logging
import sys
from typing import Dict, List, Optional, Protocol, Sequence, Tuple

from .desktop import command

LOG = logging.getLogger(__name__)

#: the scheme's key, under HKEY_CURRENT_USER
SCHEME_KEY = r"Software\Classes\backgammon"
COMMAND_KEY = SCHEME_KEY + r"\shell\open\command"
DESCRIPTION = "URL:Backgammon invite"
#: match files: a program id of the game's, offered for .mat files
MATCH_KEY = r"Software\Classes\Backgammon.Match"
MATCH_COMMAND_KEY = MATCH_KEY + r"\shell\open\command"
OPEN_WITH_KEY = r"Software\Classes\.mat\OpenWithProgids"
MATCH_PROGID = "Backgammon.Match"


class Registry(Protocol):
    """What the links need of a registry: string values by key (under
    HKEY_CURRENT_USER) and name (``""``: the key's default value)."""

    def get(self, key: str, name: str) -> Optional[str]:
        """The value, or None when it is missing or not a string."""

    def set(self, key: str, name: str, value: str) -> None:
        """Write a string value, making the key if need be (OSError when it cannot)."""

    def delete_tree(self, key: str) -> None:
        """Remove the key with everything under it (nothing if it is missing)."""

    def delete_value(self, key: str, name: str) -> None:
        """Remove one value (nothing if it is missing)."""


class MemoryRegistry:
    """A registry in a dict, for the tests and the doctests."""

    def __init__(self) -> None:
        self.values: Dict[Tuple[str, str], str] = {}
        self.writes = 0

    def get(self, key: str, name: str) -> Optional[str]:
        return self.values.get((key.lower(), name.lower()))

    def set(self, key: str, name: str, value: str) -> None:
        self.values[(key.lower(), name.lower())] = value
        self.writes += 1

    def delete_tree(self, key: str) -> None:
        low = key.lower()
        for k in [k for k in self.values if k[0] == low or k[0].startswith(low + "\\")]:
            del self.values[k]

    def delete_value(self, key: str, name: str) -> None:
        self.values.pop((key.lower(), name.lower()), None)


def command_line(argv: Sequence[str]) -> str:
    r"""The ``shell\open\command``: each word of ``argv`` in double quotes, then ``"%1"`` (the link).

    >>> command_line([r"C:\Program Files\Python\python.exe", "-m", "game"])
    '"C:\\Program Files\\Python\\python.exe" "-m" "game" "%1"'
    """
    return " ".join(f'"{word}"' for word in [*argv, "%1"])


def wanted(argv: Sequence[str]) -> List[Tuple[str, str, str]]:
    """(key, name, value) for every value that makes ``argv`` open the links."""
    return [(SCHEME_KEY, "", DESCRIPTION), (SCHEME_KEY, "URL Protocol", ""), (COMMAND_KEY, "", command_line(argv)),
            (MATCH_KEY, "", "Backgammon match"), (MATCH_COMMAND_KEY, "", command_line(argv)), (OPEN_WITH_KEY, MATCH_PROGID, "")]


def register(registry: Registry, argv: Sequence[str]) -> bool:
    """Make ``argv`` open ``backgammon://`` links, writing only the values
    that differ; whether anything was written."""
    changed = False
    for key, name, value in wanted(argv):
        if registry.get(key, name) != value:
            registry.set(key, name, value)
            changed = True
    return changed


def unregister(registry: Registry, argv: Sequence[str]) -> bool:
    """Take the scheme away if ``argv`` is what opens it (another program's
    registration is left alone); whether it was taken away."""
    if registry.get(COMMAND_KEY, "") != command_line(argv):
        return False
    registry.delete_tree(SCHEME_KEY)
    if registry.get(MATCH_COMMAND_KEY, "") == command_line(argv):
        registry.delete_tree(MATCH_KEY)
        registry.delete_value(OPEN_WITH_KEY, MATCH_PROGID)
    return True


def launch_command() -> List[str]:
    """This program: the built one itself, else the ``backgammon`` command beside this Python (or ``python -m game``)."""
    return [sys.executable] if getattr(sys, "frozen", False) else command()


if sys.platform == "win32":
    import winreg

    class WindowsRegistry:
        """HKEY_CURRENT_USER, through ``winreg``."""

        def get(self, key: str, name: str) -> Optional[str]:
            try:
                with winreg.OpenKey(winreg.HKEY_CURRENT_USER, key) as k:
                    value, _ = winreg.QueryValueEx(k, name)
            except OSError:
                return None
            return value if isinstance(value, str) else None

        def set(self, key: str, name: str, value: str) -> None:
            with winreg.CreateKeyEx(winreg.HKEY_CURRENT_USER, key, 0, winreg.KEY_WRITE) as k:
                winreg.SetValueEx(k, name, 0, winreg.REG_SZ, value)

        def delete_tree(self, key: str) -> None:
            try:
                with winreg.OpenKey(winreg.HKEY_CURRENT_USER, key, 0, winreg.KEY_READ) as k:
                    children = []
                    while True:
                        try:
                            children.append(winreg.EnumKey(k, len(children)))
                        except OSError:
                            break
            except FileNotFoundError:
                return
            for child in children:
                self.delete_tree(f"{key}\\{child}")
            winreg.DeleteKey(winreg.HKEY_CURRENT_USER, key)

        def delete_value(self, key: str, name: str) -> None:
            try:
                with winreg.OpenKey(winreg.HKEY_CURRENT_USER, key, 0, winreg.KEY_SET_VALUE) as k:
                    winreg.DeleteValue(k, name)
            except FileNotFoundError:
                return


def system_registry() -> Registry:
    """The current user's registry (OSError where there is none: not Windows)."""
    if sys.platform == "win32":
        return WindowsRegistry()
    raise OSError("the registry is Windows'")


def ensure_registered(registry: Optional[Registry] = None) -> bool:
    """At the built program's start: this program opens the links (written
    only where it differs); never raises: the game starts either way."""
    try:
        return register(system_registry() if registry is None else registry, launch_command())
    except OSError as exc:
        LOG.warning("backgammon:// links cannot be registered: %s", exc)
        return False


def run(on: bool = True, registry: Optional[Registry] = None) -> int:
    """``--register-links`` / ``--unregister-links``: do it and say what was done."""
    if registry is None and sys.platform != "win32":
        print("--register-links and --unregister-links are for Windows; on Linux --install-desktop-entry registers "
              "backgammon:// links, on macOS the app bundle does", file=sys.stderr)
        return 2
    argv = launch_command()
    try:
        reg = system_registry() if registry is None else registry
        if on:
            changed = register(reg, argv)
            print(f"backgammon:// links open with {command_line(argv)}" + ("" if changed else " (already so)"))
        elif unregister(reg, argv):
            print("backgammon:// links no longer open with this program")
        else:
            print("backgammon:// links were not opened by this program: left as they are")
    except OSError as exc:
        print(f"the registry refused: {exc}", file=sys.stderr)
        return 1
    return 0
