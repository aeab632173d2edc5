"""``backgammon --install-desktop-entry``: a desktop entry and the icon
where a Linux desktop looks for one user's (under ``$XDG_DATA_HOME``), the
entry starting the installed command."""

from __future__ import annotations

import configparser
import os
import shlex
import stat
import sys
from pathlib import Path

import pygame

from game.system import desktop
from game.__main__ import main


def _entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys keep their case
    parser.read_string(path.read_text(encoding="utf-8"))
    return parser["Desktop Entry"]


def test_the_entry_and_icon_go_under_xdg_data_home_and_start_the_game(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # where the default for backgammon:// links goes
    monkeypatch.setenv("PATH", str(tmp_path / "no-tools"))  # no xdg-mime: the file is written
    assert main(["--install-desktop-entry"]) == 0
    path = tmp_path / "data" / "applications" / "backgammon.desktop"
    entry = _entry(path)
    assert entry["Type"] == "Application" and entry["Name"] == "Backgammon" and entry["Name[zh_CN]"] == "双陆棋"
    assert entry["Categories"] == "Game;BoardGame;" and entry["Terminal"] == "false"
    assert entry["Icon"] == "backgammon" and entry["StartupWMClass"] == "backgammon"  # the window's class: grouped with it
    argv = shlex.split(entry["Exec"])
    assert argv[:-1] == desktop.command() and argv[-1] == "%u"  # an invite link clicked comes as the argument
    assert entry["MimeType"] == "x-scheme-handler/backgammon;application/x-backgammon-mat;"  # links, and match files
    assert Path(argv[0]).is_file() and os.access(argv[0], os.X_OK)
    assert argv[1:-1] in ([], ["-m", "game"])
    icon = tmp_path / "data" / "icons" / "hicolor" / "256x256" / "apps" / "backgammon.png"
    assert pygame.image.load(str(icon)).get_size() == (256, 256)
    assert path.stat().st_mode & stat.S_IXUSR
    assert str(path) in capsys.readouterr().out  # it says where
    assert main(["--install-desktop-entry"]) == 0  # again: replaced, nothing left beside it
    assert sorted(p.name for p in path.parent.iterdir()) == ["backgammon.desktop"]
    mimeapps = tmp_path / "config" / "mimeapps.list"
    assert "x-scheme-handler/backgammon=backgammon.desktop;" in mimeapps.read_text().splitlines()
    assert "application/x-backgammon-mat=backgammon.desktop;" in mimeapps.read_text().splitlines()
    package = tmp_path / "data" / "mime" / "packages" / "backgammon.xml"  # the type: *.mat with a match's words
    assert 'type="application/x-backgammon-mat"' in package.read_text() and "*.mat" in package.read_text()
    assert main(["--remove-desktop-entry"]) == 0
    assert not path.exists() and not icon.exists() and not package.exists()
    assert "backgammon" not in mimeapps.read_text()


def test_the_entry_runs_the_backgammon_command_beside_the_python_it_was_installed_with(tmp_path):
    bin_dir = tmp_path / "env with space" / "bin"
    bin_dir.mkdir(parents=True)
    script = bin_dir / "backgammon"
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    assert desktop.command(str(bin_dir / "python3")) == [str(script)]
    assert desktop.command(str(tmp_path / "python3")) == [str(tmp_path / "python3"), "-m", "game"]  # none there
    home = tmp_path / "data"
    entry_path, _ = desktop.install_entry(home, desktop.command(str(bin_dir / "python3")), config=tmp_path / "config",
                                          which=lambda name: None)
    assert _entry(entry_path)["Exec"] == f'"{script}" %u'  # quoted: the folder has a space
    assert shlex.split(_entry(entry_path)["Exec"]) == [str(script), "%u"]


def test_xdg_data_home_unset_empty_or_relative_means_local_share(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    local = tmp_path / ".local" / "share"
    for environ in ({}, {"XDG_DATA_HOME": ""}, {"XDG_DATA_HOME": "relative/data"}):
        assert desktop.data_home(environ) == local
    assert desktop.data_home({"XDG_DATA_HOME": str(tmp_path / "x")}) == tmp_path / "x"


def test_the_command_line_offers_it():
    from game.__main__ import build_parser

    text = build_parser().format_help()
    assert "--install-desktop-entry" in text and "--remove-desktop-entry" in text
    assert sys.platform != "linux" or desktop.entry_path(Path("/d")) == Path("/d/applications/backgammon.desktop")
