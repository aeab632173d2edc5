"""``backgammon --install-desktop-entry``: the game in a Linux desktop's
menus, for a ``pip install``: a desktop entry in
``$XDG_DATA_HOME/applications/backgammon.desktop`` and the icon in
``$XDG_DATA_HOME/icons/hicolor/256x256/apps/backgammon.png``
(``XDG_DATA_HOME`` unset or empty: ``~/.local/share``), as the freedesktop.org
Desktop Entry and Icon Theme specifications place them for one user.

The entry starts the installed ``backgammon`` command beside this Python
(the environment the game was installed into), or ``python -m game`` with
this Python where there is none (a checkout run from source).  Run it again
after moving the environment; ``--remove-desktop-entry`` takes both away.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import List, Optional, Sequence

from ..words.i18n import TABLES
from .window import WINDOW_CLASS

APP_ID = WINDOW_CLASS  # the entry's file name, the icon's name and the window's class: the desktop ties them together
ICON_SIZE = 256  # assets/icon.png


def data_home(environ: Optional[dict] = None) -> Path:
    """``$XDG_DATA_HOME``, or ``~/.local/share`` when it is unset, empty or not absolute (the specification's rule)."""
    env = os.environ if environ is None else environ
    value = env.get("XDG_DATA_HOME", "")
    return Path(value) if value and os.path.isabs(value) else Path.home() / ".local" / "share"


def entry_path(home: Path) -> Path:
    return home / "applications" / f"{APP_ID}.desktop"


def icon_path(home: Path) -> Path:
    return home / "icons" / "hicolor" / f"{ICON_SIZE}x{ICON_SIZE}" / "apps" / f"{APP_ID}.png"


def quote_exec(argument: str) -> str:
    r"""One argument of an ``Exec`` line: in double quotes when it has a
    space or a reserved character, with ``"``, `````, ``$`` and ``\``
    escaped, then every backslash doubled (a reader undoes the file's string
    escapes first); ``%`` doubled (a field code otherwise).

    >>> quote_exec("/usr/bin/backgammon"), quote_exec("/home/a b/venv/bin/backgammon")
    ('/usr/bin/backgammon', '"/home/a b/venv/bin/backgammon"')
    >>> quote_exec('/x/100%"$'), quote_exec("")
    ('"/x/100%%\\\\"\\\\$"', '""')
    """
    text = argument.replace("%", "%%")
    if argument and not any(c in argument for c in ' \t\n"\'\\><~|&;$*?#()`'):
        return text
    for c in ("\\", '"', "`", "$"):
        text = text.replace(c, "\\" + c)
    # the entry file's own escapes come on top of the Exec quoting: a backslash is written twice
    return '"' + text.replace("\\", "\\\\") + '"'


def command(python: str = sys.executable) -> List[str]:
    """What the entry runs: the ``backgammon`` command installed beside
    ``python`` (a virtual environment's ``bin``, or the system's), else
    ``python -m game``."""
    folder = Path(python).parent
    for name in ("backgammon", "backgammon.exe"):
        script = folder / name
        if script.is_file() and os.access(script, os.X_OK):
            return [str(script)]
    return [python, "-m", "game"]


def entry_text(argv: Sequence[str]) -> str:
    """The desktop entry that starts ``argv``, named in English and Chinese."""
    en, zh = TABLES["en"], TABLES["zh"]
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",
        f"Name={en['desktop.name']}",
        f"Name[zh_CN]={zh['desktop.name']}",
        f"GenericName={en['desktop.generic']}",
        f"GenericName[zh_CN]={zh['desktop.generic']}",
        f"Comment={en['desktop.comment']}",
        f"Comment[zh_CN]={zh['desktop.comment']}",
        "Exec=" + " ".join(quote_exec(a) for a in argv),
        f"Icon={APP_ID}",
        "Terminal=false",
        "Categories=Game;BoardGame;",
        f"Keywords={en['desktop.keywords']}",
        f"Keywords[zh_CN]={zh['desktop.keywords']}",
        f"StartupWMClass={WINDOW_CLASS}",
    ]
    return "\n".join(lines) + "\n"


def install_entry(home: Optional[Path] = None, argv: Optional[Sequence[str]] = None) -> List[Path]:
    """Write the entry and the icon (replacing earlier ones); returns their paths."""
    from engine.resources import assets_dir

    home = data_home() if home is None else home
    entry, icon = entry_path(home), icon_path(home)
    icon.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(assets_dir() / "icon.png", icon)
    entry.parent.mkdir(parents=True, exist_ok=True)
    tmp = entry.with_name(f".{entry.name}.tmp")
    tmp.write_text(entry_text(command() if argv is None else argv), encoding="utf-8")
    tmp.chmod(0o755)  # some desktops start only an entry marked executable
    tmp.replace(entry)
    return [entry, icon]


def remove(home: Optional[Path] = None) -> List[Path]:
    """Take the entry and the icon away; returns the paths removed."""
    home = data_home() if home is None else home
    gone = []
    for path in (entry_path(home), icon_path(home)):
        if path.is_file():
            path.unlink()
            gone.append(path)
    return gone


def run(install: bool = True) -> int:
    """The command line's part: install (or remove) and say where."""
    if install:
        entry, icon = install_entry()
        print(f"desktop entry: {entry}\nicon: {icon}")
    else:
        for path in remove():
            print(f"removed {path}")
    return 0
