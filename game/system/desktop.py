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

The entry also opens ``backgammon://`` invite links (``MimeType=
x-scheme-handler/backgammon;``, the link passed as ``%u``), and is made the
user's default for them: by ``xdg-mime default`` where the desktop has it,
else in the ``[Default Applications]`` of ``$XDG_CONFIG_HOME/mimeapps.list``
(``~/.config`` by default), every other line of that file kept as it was.
Removing the entry takes that line's mention of it away again.

It opens match files too: a MIME type of its own for JellyFish ``.mat``
files (:data:`MATCH_MIME`, defined in
``$XDG_DATA_HOME/mime/packages/backgammon.xml``: the ``*.mat`` glob and,
as MATLAB's data files end in ``.mat`` too, the text a match file holds),
named in the entry and made the user's default the same way; a file the
desktop passes (a path or a ``file://`` URI) opens in the review.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from functools import partial
from pathlib import Path
from typing import Callable, List, Optional, Sequence

from ..words import i18n
from .window import WINDOW_CLASS

APP_ID = WINDOW_CLASS  # the entry's file name, the icon's name and the window's class: the desktop ties them together
ICON_SIZE = 256  # assets/icon.png
ENTRY_NAME = f"{APP_ID}.desktop"
#: the links the entry opens: backgammon:// (game/net/invite.py's SCHEME)
MIME = "x-scheme-handler/backgammon"
#: match files (.mat as GNU Backgammon, eXtreme Gammon and JellyFish write them)
MATCH_MIME = "application/x-backgammon-mat"
#: the desktop's definition of :data:`MATCH_MIME` (shared-mime-info's format)
MIME_PACKAGE = f"""<?xml version="1.0" encoding="UTF-8"?>
<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
  <mime-type type="{MATCH_MIME}">
    <comment>Backgammon match</comment>
    <sub-class-of type="text/plain"/>
    <glob pattern="*.mat" weight="40"/>
    <magic priority="60">
      <match type="string" value="point match" offset="0:4096"/>
    </magic>
  </mime-type>
</mime-info>
"""
DEFAULTS = "[Default Applications]"
ADDED = "[Added Associations]"
#: seconds a desktop tool (xdg-mime, update-desktop-database) may take
TOOL_TIMEOUT = 20
Which = Callable[[str], Optional[str]]


def data_home(environ: Optional[dict] = None) -> Path:
    """``$XDG_DATA_HOME``, or ``~/.local/share`` when it is unset, empty or not absolute (the specification's rule)."""
    env = os.environ if environ is None else environ
    value = env.get("XDG_DATA_HOME", "")
    return Path(value) if value and os.path.isabs(value) else Path.home() / ".local" / "share"


def config_home(environ: Optional[dict] = None) -> Path:
    """``$XDG_CONFIG_HOME``, or ``~/.config`` when it is unset, empty or not absolute."""
    env = os.environ if environ is None else environ
    value = env.get("XDG_CONFIG_HOME", "")
    return Path(value) if value and os.path.isabs(value) else Path.home() / ".config"


def entry_path(home: Path) -> Path:
    return home / "applications" / ENTRY_NAME


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


#: a catalog's language -> the locale a desktop entry names it by, where they differ
DESKTOP_LOCALES = {"zh": "zh_CN"}


def _localised(name: str, key: str) -> List[str]:
    """``Name=...`` in English, then ``Name[locale]=...`` in every other language the game offers."""
    lines = [f"{name}={i18n.text_in(i18n.DEFAULT, key)}"]
    for code, _ in i18n.LANGUAGES:
        text = i18n.lookup(code, key)
        if code != i18n.DEFAULT and text is not None:
            lines.append(f"{name}[{DESKTOP_LOCALES.get(code, code)}]={text}")
    return lines


def entry_text(argv: Sequence[str]) -> str:
    """The desktop entry that starts ``argv``, named in every language the game offers."""
    lines = [
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",
        *_localised("Name", "desktop.name"),
        *_localised("GenericName", "desktop.generic"),
        *_localised("Comment", "desktop.comment"),
        "Exec=" + " ".join(quote_exec(a) for a in argv) + " %u",
        f"MimeType={MIME};{MATCH_MIME};",
        f"Icon={APP_ID}",
        "Terminal=false",
        "Categories=Game;BoardGame;",
        *_localised("Keywords", "desktop.keywords"),
        f"StartupWMClass={WINDOW_CLASS}",
    ]
    return "\n".join(lines) + "\n"


# -- the default for backgammon:// links ----------------------------------------------------------
def _split(line: str, mime: str = MIME) -> Optional[List[str]]:
    """The desktop entries a ``MIME=a.desktop;b.desktop;`` line names, or None when it is not that type's line."""
    key, eq, value = line.partition("=")
    if not eq or key.strip() != mime:
        return None
    return [v.strip() for v in value.strip().split(";") if v.strip()]


def _sections(lines: List[str], header: str) -> List[range]:
    """The lines (after the header) of each section called ``header``."""
    out, start = [], None
    for i, line in enumerate(lines + ["["]):
        if line.strip().startswith("["):
            if start is not None:
                out.append(range(start, i))
            start = i + 1 if line.strip() == header else None
    return out


def with_default(text: str, entry: str = ENTRY_NAME, mime: str = MIME) -> str:
    r"""``mimeapps.list`` text with ``entry`` first for :data:`MIME` in its
    ``[Default Applications]``; every other line as it was.

    >>> print(with_default("[Default Applications]\ntext/html=firefox.desktop\n"), end="")
    [Default Applications]
    text/html=firefox.desktop
    x-scheme-handler/backgammon=backgammon.desktop;
    >>> with_default("# mine\n[Default Applications]\nx-scheme-handler/backgammon=old.desktop;\n[Added Associations]\n")
    '# mine\n[Default Applications]\nx-scheme-handler/backgammon=backgammon.desktop;old.desktop;\n[Added Associations]\n'
    """
    lines = text.splitlines()
    found = _sections(lines, DEFAULTS)
    if not found:
        head = [""] if lines and lines[-1].strip() else []
        return "\n".join(lines + head + [DEFAULTS, f"{mime}={entry};"]) + "\n"
    section = found[0]
    for i in section:
        named = _split(lines[i], mime)
        if named is not None:
            lines[i] = f"{mime}=" + "".join(f"{e};" for e in [entry] + [e for e in named if e != entry])
            return "\n".join(lines) + "\n"
    last = max([i for i in section if lines[i].strip()], default=section.start - 1)
    lines.insert(last + 1, f"{mime}={entry};")
    return "\n".join(lines) + "\n"


def without(text: str, entry: str = ENTRY_NAME, mime: str = MIME) -> str:
    r"""``mimeapps.list`` text with ``entry`` no longer named for :data:`MIME`
    (its line goes when it named nothing else); every other line as it was.

    >>> without("[Default Applications]\nx-scheme-handler/backgammon=backgammon.desktop;\ntext/html=a.desktop\n")
    '[Default Applications]\ntext/html=a.desktop\n'
    """
    lines = text.splitlines()
    drop, changed = set(), False
    for section in _sections(lines, DEFAULTS) + _sections(lines, ADDED):
        for i in section:
            named = _split(lines[i], mime)
            if named is None or entry not in named:
                continue
            rest, changed = [e for e in named if e != entry], True
            if rest:
                lines[i] = f"{mime}=" + "".join(f"{e};" for e in rest)
            else:
                drop.add(i)
    if not changed:
        return text  # (not written again)
    kept = [line for i, line in enumerate(lines) if i not in drop]
    return "\n".join(kept) + "\n" if kept else ""


def mimeapps_path(config: Path) -> Path:
    return config / "mimeapps.list"


def _rewrite(path: Path, change: Callable[[str], str]) -> None:
    """Change the text of ``path`` (a file a link points to: that file), whole or not at all, keeping its mode."""
    path = path.resolve() if path.is_symlink() else path
    try:
        text = path.read_text(encoding="utf-8")
        mode = path.stat().st_mode & 0o777
    except FileNotFoundError:
        text, mode = "", 0o644
    new = change(text)
    if new == text:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(new)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def _tool(argv: List[str], home: Path, config: Path) -> bool:
    """Run a desktop tool with these XDG folders; whether it did its part."""
    env = dict(os.environ, XDG_DATA_HOME=str(home), XDG_CONFIG_HOME=str(config))
    try:
        done = subprocess.run(argv, env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=TOOL_TIMEOUT, check=False)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def make_default(home: Path, config: Path, which: Which = shutil.which) -> str:
    """Make the entry the user's default for ``backgammon://`` links and match
    files; says how (``xdg-mime`` or the file)."""
    xdg_mime = which("xdg-mime")
    if xdg_mime and _tool([xdg_mime, "default", ENTRY_NAME, MIME, MATCH_MIME], home, config):
        return "xdg-mime"
    for mime in (MIME, MATCH_MIME):
        _rewrite(mimeapps_path(config), partial(with_default, mime=mime))
    return str(mimeapps_path(config))


def mime_package_path(home: Path) -> Path:
    return home / "mime" / "packages" / f"{APP_ID}.xml"


def _refresh(home: Path, config: Path, which: Which) -> None:
    """The desktop's cache of which entry opens what, brought up to date where the tool is there."""
    tool = which("update-desktop-database")
    if tool:
        _tool([tool, "-q", str(home / "applications")], home, config)
    tool = which("update-mime-database")
    if tool and (home / "mime" / "packages").is_dir():
        _tool([tool, str(home / "mime")], home, config)


def install_entry(home: Optional[Path] = None, argv: Optional[Sequence[str]] = None, config: Optional[Path] = None,
                  which: Which = shutil.which) -> List[Path]:
    """Write the entry and the icon (replacing earlier ones), and make the
    entry the default for ``backgammon://`` links; returns their paths."""
    from engine.resources import assets_dir

    home = data_home() if home is None else home
    config = config_home() if config is None else config
    entry, icon = entry_path(home), icon_path(home)
    icon.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(assets_dir() / "icon.png", icon)
    entry.parent.mkdir(parents=True, exist_ok=True)
    tmp = entry.with_name(f".{entry.name}.tmp")
    tmp.write_text(entry_text(command() if argv is None else argv), encoding="utf-8")
    tmp.chmod(0o755)  # some desktops start only an entry marked executable
    tmp.replace(entry)
    package = mime_package_path(home)
    package.parent.mkdir(parents=True, exist_ok=True)
    package.write_text(MIME_PACKAGE, encoding="utf-8")
    _refresh(home, config, which)
    make_default(home, config, which)
    return [entry, icon]


def remove(home: Optional[Path] = None, config: Optional[Path] = None, which: Which = shutil.which) -> List[Path]:
    """Take the entry and the icon away, and the entry's mention as the
    default for the links; returns the paths removed."""
    home = data_home() if home is None else home
    config = config_home() if config is None else config
    gone = []
    for path in (entry_path(home), icon_path(home), mime_package_path(home)):
        if path.is_file():
            path.unlink()
            gone.append(path)
    for mime in (MIME, MATCH_MIME):
        _rewrite(mimeapps_path(config), partial(without, mime=mime))
    if gone:
        _refresh(home, config, which)
    return gone


def run(install: bool = True) -> int:
    """The command line's part: install (or remove) and say where."""
    if install:
        entry, icon = install_entry()
        print(f"desktop entry: {entry}\nicon: {icon}\nbackgammon:// links and .mat match files open with it")
    else:
        for path in remove():
            print(f"removed {path}")
    return 0
