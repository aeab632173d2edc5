"""A friend joins by clicking a link: the game started with an invite link
(``python -m game LINK``) opens the friend screen with it filled in and Join
focused, and one Enter joins a match hosted on a real server on 127.0.0.1;
while the game runs, a second launch with a link (a real subprocess) hands
it over and ends, and the running game opens it (game/system/instance.py);
a stale or damaged instance file, a wrong key, an over-long line are each
refused or passed by; links dropped on the window (macOS passes the ones the
system opens so) open the same way; the scheme is registered on Windows
(tested on a fake registry).  Every wait is bounded; the network is
127.0.0.1 only."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

import game.__main__ as entry
from game.net.inbound import State
from game.net.invite import is_link
from game.net.protocol import Create, format_code
from game.net.client import NetClient
from game.scenes.friend import FriendScene
from game.scenes.lobby import LobbyScene
from game.scenes.match import MatchScene
from game.system import desktop, instance, urlscheme
from game.system.instance import Handle, LinkListener, OpenLink, Ping
from game.testing import AppDriver
from game.words.i18n import t
from tests.net_support import start_server
from tests.test_client_friend import quick

ROOT = Path(__file__).resolve().parent.parent
FRAME = 1.0 / 60


@pytest.fixture
def hosted():
    """A match hosted on a real server on 127.0.0.1 by a client that waits for its friend: (host, invite link)."""
    thread, url = start_server()
    host = NetClient(url, Create(1, False, "Host"), backoff=(0.05, 0.1, 0.2)).start()
    try:
        host.wait_for(State, timeout=10)
        port = int(url.rsplit(":", 1)[1])
        yield host, f"backgammon://join/127.0.0.1:{port}/{format_code(host.code)}"
    finally:
        host.close()
        thread.stop()


def frames_until(app, cond, timeout: float = 20.0, host=None) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        app.frame(FRAME)
        if host is not None:
            host.poll()
        if cond():
            return
        time.sleep(0.002)
    raise AssertionError("timed out")


def focused(scene):
    current = scene.focus.current(scene.focusables())
    return current[0] if current is not None else None


def press_enter() -> None:
    """One real Enter, as a keyboard gives it."""
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=40, window=None))


def shows_the_link_ready_to_join(app, link: str) -> FriendScene:
    scene = app.scene
    assert isinstance(scene, FriendScene)
    assert scene.entry.get_text() == link and scene.error is None
    assert focused(scene) is scene.join_button and not scene.entry.is_focused
    return scene


def enter_joins(app, host) -> None:
    """One Enter: the host sees the friend come, and this game shows the match."""
    press_enter()
    frames_until(app, lambda: isinstance(app.scene, MatchScene) and host.last_state is not None
                 and host.last_state.connected[1], host=host)
    assert app.session is not None and app.session.me == 1


def start(argv):
    """The game as ``python -m game ARGS`` makes it, before its loop runs."""
    app = entry.make_app(entry.build_parser().parse_args(["--size", "1024x768", *argv]))
    pygame.event.clear()
    return app


# -- the game not running ---------------------------------------------------------------------
@pytest.mark.slow
def test_the_game_started_with_a_link_opens_it_and_one_enter_joins(hosted):
    host, link = hosted
    app = start([link])
    try:
        for _ in range(3):
            app.frame(FRAME)
        scene = shows_the_link_ready_to_join(app, link)
        assert len(app.scenes) == 2 and isinstance(app.scenes.below(scene), LobbyScene)  # over the lobby
        assert scene.client is None  # nothing joined before the player says so
        enter_joins(app, host)
    finally:
        app.links.close()


def test_a_link_that_is_not_an_invite_is_shown_with_why():
    for text, why in (("backgammon://join/nonsense", t("friend.bad_link")), ("hello", t("friend.bad_code", n=10))):
        app = start([text])
        try:
            app.frame(FRAME)
            scene = app.scene
            assert isinstance(scene, FriendScene)
            assert scene.entry.get_text() == text and scene.error == why
            assert focused(scene) is scene.join_button and scene.client is None
        finally:
            app.links.close()


def test_a_server_join_page_address_is_taken_as_the_invite():
    app = start(["https://play.example.org/join/ABCDE-FGHJK"])
    try:
        app.frame(FRAME)
        assert app.scene.entry.get_text() == "https://play.example.org/join/ABCDE-FGHJK" and app.scene.error is None
    finally:
        app.links.close()


def test_the_other_options_stay_as_they_are():
    args = entry.build_parser().parse_args(["--seed", "3", "backgammon://join/a:1/ABCDE-FGHJK", "--fullscreen"])
    assert (args.seed, args.fullscreen, args.link) == (3, True, "backgammon://join/a:1/ABCDE-FGHJK")
    assert entry.build_parser().parse_args([]).link is None
    help_text = entry.build_parser().format_help()
    assert "LINK" in help_text and "--register-links" in help_text and "--unregister-links" in help_text


# -- the game running: a second launch hands its link over ------------------------------------------
@pytest.mark.slow
def test_a_second_launch_hands_its_link_to_the_running_game(hosted, backgammon_home):
    host, link = hosted
    app = start([])
    try:
        app.frame(FRAME)
        assert isinstance(app.scene, LobbyScene) and app.links.listener is not None
        path = backgammon_home / instance.FILE_NAME
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        began = time.monotonic()
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", BACKGAMMON_HOME=str(backgammon_home))
        launch = subprocess.run([sys.executable, "-m", "game", link], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
        took = time.monotonic() - began
        assert launch.returncode == 0, launch.stderr
        assert took < 15 and launch.stdout == "" and "Traceback" not in launch.stderr  # no window: it ended at once
        frames_until(app, lambda: isinstance(app.scene, FriendScene), timeout=5)
        shows_the_link_ready_to_join(app, link)
        enter_joins(app, host)
    finally:
        app.links.close()
    assert not path.exists()  # the listener stopped: its file went with it


def test_a_link_handed_over_wakes_an_idle_loop_at_once():
    app = start([])
    try:
        app.frame(FRAME)
        folder = app.links.listener.folder
        assert instance.hand_over(folder, "backgammon://join/127.0.0.1:1/ABCDE-FGHJK")
        assert pygame.event.peek(), "the idle loop is woken"
        began = time.monotonic()
        app.run(max_seconds=5.0, max_frames=1)  # the loop would otherwise idle up to a second
        assert time.monotonic() - began < 0.5 and isinstance(app.scene, FriendScene)
    finally:
        app.links.close()


# -- the instance file, the key, the bounds ------------------------------------------------------
def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listen(folder: Path, got: list) -> LinkListener:
    listener = LinkListener.start(folder, is_link, lambda handed: got.append(handed) or True)
    assert listener is not None
    return listener


def test_a_stale_or_damaged_instance_file_means_the_launch_starts_itself_and_takes_it_over(tmp_path):
    link = "backgammon://join/127.0.0.1:1/ABCDE-FGHJK"
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait(timeout=30)
    for stale in (Handle(closed_port(), "old key", os.getpid()), Handle(closed_port(), "old key", dead.pid)):
        instance.write_handle(tmp_path, stale)
        began = time.monotonic()
        assert not instance.hand_over(tmp_path, link) and time.monotonic() - began < instance.TIMEOUT
    for garbage in (b"not json at all", b'{"port": "x"}', b"\xff\xfe", b'{"port": 99999, "key": "k", "pid": 1}', b"[]"):
        instance.handle_path(tmp_path).write_bytes(garbage)
        assert instance.read_handle(tmp_path) is None and not instance.hand_over(tmp_path, link)
    got: list = []
    listener = listen(tmp_path, got)  # taken over
    try:
        handle = instance.read_handle(tmp_path)
        assert handle == Handle(listener.port, listener.key, os.getpid()) and len(handle.key) >= 40
        assert stat.S_IMODE(instance.handle_path(tmp_path).stat().st_mode) == 0o600
        assert instance.hand_over(tmp_path, link) and got == [OpenLink(link)]
        assert LinkListener.start(tmp_path, is_link, got.append) is None  # a live game keeps the links
        assert instance.read_handle(tmp_path) == handle
    finally:
        listener.stop()
    assert not instance.handle_path(tmp_path).exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # no temporary file left


def ask_raw(port: int, data: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
        conn.sendall(data)
        conn.settimeout(5)
        reply = b""
        while not reply.endswith(b"\n"):
            part = conn.recv(100)
            if not part:
                break
            reply += part
        return reply


def test_a_wrong_key_an_over_long_line_and_what_is_not_a_link_are_refused(tmp_path):
    got: list = []
    listener = listen(tmp_path, got)
    link = "backgammon://join/127.0.0.1:1/ABCDE-FGHJK"
    try:
        port, key = listener.port, listener.key
        assert ask_raw(port, instance.encode("a guess", OpenLink(link))) == b"refused: wrong key\n"
        assert ask_raw(port, b'{"type": "open", "link": "' + b"x" * 5000 + b'"}\n') == b"refused: too long\n"
        assert ask_raw(port, b"x" * 20_000) == b"refused: too long\n"  # no newline ever: cut at the bound
        assert ask_raw(port, instance.encode(key, OpenLink("rm -rf /"))) == b"refused: not a link\n"
        long_link = link + "?" + "a" * instance.MAX_LINK
        assert ask_raw(port, instance.encode(key, OpenLink(long_link))) == b"refused: too long\n"
        assert ask_raw(port, b"{}\n") == b"refused: no key\n"
        assert not instance.hand_over(tmp_path, long_link)  # not even sent
        assert got == []
        assert ask_raw(port, instance.encode(key, Ping())) == b"ok\n" and got == []
        assert ask_raw(port, instance.encode(key, OpenLink(link))) == b"ok\n" and got == [OpenLink(link)]
        with socket.create_connection(("127.0.0.1", port), timeout=5):  # a launch that says nothing ...
            began = time.monotonic()
            assert instance.hand_over(tmp_path, link)  # ... holds the next one up, less long than it waits
            assert time.monotonic() - began < instance.LINE_TIMEOUT + 1.0
    finally:
        listener.stop()


def test_a_listener_leaves_a_file_another_game_took_over(tmp_path):
    listener = listen(tmp_path, [])
    instance.write_handle(tmp_path, Handle(closed_port(), "someone else's", os.getpid()))
    listener.stop()
    assert instance.read_handle(tmp_path).key == "someone else's"


def test_main_hands_over_before_any_window_and_a_kiosk_or_a_smoke_test_never(monkeypatch):
    asked = []
    monkeypatch.setattr(instance, "hand_over", lambda folder, link: asked.append(link) or True)

    def no_window(args):
        raise AssertionError("a window was opened")

    monkeypatch.setattr(entry, "make_app", no_window)
    assert entry.main(["backgammon://join/127.0.0.1:1/ABCDE-FGHJK"]) == 0
    assert asked == ["backgammon://join/127.0.0.1:1/ABCDE-FGHJK"]
    for option in ("--kiosk", "--smoke-test"):
        with pytest.raises(AssertionError, match="a window was opened"):
            entry.main(["backgammon://join/127.0.0.1:1/ABCDE-FGHJK", option])
    assert len(asked) == 1


def test_a_kiosk_takes_no_links_from_other_launches_nor_dropped(backgammon_home):
    app = start(["--kiosk"])
    try:
        app.frame(FRAME)
        assert app.links.listener is None and not (backgammon_home / instance.FILE_NAME).exists()
        pygame.event.post(pygame.event.Event(pygame.DROPTEXT, text="backgammon://join/127.0.0.1:1/ABCDE-FGHJK", window=None))
        app.frame(FRAME)
        assert not isinstance(app.scene, FriendScene)
    finally:
        app.links.close()


# -- a link dropped on the window (and macOS's "open this URL", which SDL passes on so) ----------------
@pytest.mark.parametrize("kind, field", [(pygame.DROPFILE, "file"), (pygame.DROPTEXT, "text")])
def test_a_link_dropped_on_the_window_opens_the_friend_screen(kind, field):
    d = AppDriver(settings=quick())
    link = "backgammon://join/127.0.0.1:1/ABCDE-FGHJK"
    d.post(kind, **{field: link, "window": None})
    d.frames(2)
    shows_the_link_ready_to_join(d.app, link)
    d.post(kind, **{field: "/home/someone/notes.txt", "window": None})  # not a link: not the links' business
    d.frames(1)
    assert d.scene.entry.get_text() == link


# -- Linux: the desktop entry opens the links, as the default ------------------------------------------
def fake_tool(folder: Path, name: str, status: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    tool = folder / name
    tool.write_text(f'#!/bin/sh\necho "$XDG_CONFIG_HOME $*" >> "{folder}/calls"\nexit {status}\n')
    tool.chmod(0o755)
    return tool


@pytest.mark.skipif(sys.platform == "win32", reason="a shell script stands for xdg-mime")
def test_xdg_mime_makes_the_entry_the_default_where_the_desktop_has_it(tmp_path):
    home, config = tmp_path / "data", tmp_path / "config"
    xdg_mime = fake_tool(tmp_path / "bin", "xdg-mime", 0)
    desktop.install_entry(home, ["/opt/bg/backgammon"], config, which=lambda name: str(xdg_mime) if name == "xdg-mime" else None)
    assert (tmp_path / "bin" / "calls").read_text().split("\n")[0] == (
        f"{config} default backgammon.desktop x-scheme-handler/backgammon application/x-backgammon-mat")  # links and match files
    assert not (config / "mimeapps.list").exists()  # xdg-mime's business
    failing = fake_tool(tmp_path / "bin2", "xdg-mime", 3)  # it fails: the file is written instead
    desktop.install_entry(home, ["/opt/bg/backgammon"], config, which=lambda name: str(failing) if name == "xdg-mime" else None)
    assert "x-scheme-handler/backgammon=backgammon.desktop;" in (config / "mimeapps.list").read_text().splitlines()


def test_mimeapps_list_is_changed_carefully_and_given_back(tmp_path):
    home, config = tmp_path / "data", tmp_path / "config"
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    original = ("# kept by hand\n[Added Associations]\nx-scheme-handler/backgammon=backgammon.desktop;other.desktop;\n"
                "text/plain=gedit.desktop;\n\n[Default Applications]\ntext/html=firefox.desktop\n"
                "x-scheme-handler/backgammon=other.desktop;\n\n[Removed Associations]\nimage/png=gimp.desktop;\n")
    (dotfiles / "mimeapps.list").write_text(original)
    config.mkdir()
    (config / "mimeapps.list").symlink_to(dotfiles / "mimeapps.list")
    desktop.install_entry(home, ["/opt/bg/backgammon"], config, which=lambda name: None)
    assert (config / "mimeapps.list").is_symlink()  # the file it points to was changed
    text = (dotfiles / "mimeapps.list").read_text()
    assert text == original.replace("x-scheme-handler/backgammon=other.desktop;\n", "x-scheme-handler/backgammon=backgammon.desktop;other.desktop;\n"
                                    "application/x-backgammon-mat=backgammon.desktop;\n")
    desktop.remove(home, config, which=lambda name: None)
    assert (dotfiles / "mimeapps.list").read_text() == original.replace("backgammon.desktop;", "")
    assert desktop.without(original.replace("backgammon.desktop;", "")) == original.replace("backgammon.desktop;", "")


# -- Windows: the registry (a fake one here) -----------------------------------------------------
def test_the_scheme_is_registered_once_and_follows_a_moved_program():
    reg = urlscheme.MemoryRegistry()
    exe = [r"C:\Users\ann\Games\backgammon\backgammon.exe"]
    assert urlscheme.register(reg, exe)
    assert reg.get(urlscheme.SCHEME_KEY, "") == "URL:Backgammon invite"
    assert reg.get(urlscheme.SCHEME_KEY, "URL Protocol") == ""
    assert reg.get(urlscheme.COMMAND_KEY, "") == r'"C:\Users\ann\Games\backgammon\backgammon.exe" "%1"'
    writes = reg.writes
    assert not urlscheme.register(reg, exe) and reg.writes == writes  # the next start writes nothing
    moved = [r"D:\backgammon\backgammon.exe"]
    assert urlscheme.register(reg, moved) and reg.writes == writes + 2  # only the commands changed (links, match files)
    assert reg.get(urlscheme.MATCH_COMMAND_KEY, "") == r'"D:\backgammon\backgammon.exe" "%1"'
    assert reg.get(urlscheme.OPEN_WITH_KEY, urlscheme.MATCH_PROGID) == ""  # offered for .mat files, not their default
    assert not urlscheme.unregister(reg, exe)  # another program's now: left alone
    assert urlscheme.unregister(reg, moved) and reg.values == {}


def test_register_links_on_the_command_line(monkeypatch, capsys):
    reg = urlscheme.MemoryRegistry()
    monkeypatch.setattr(urlscheme, "launch_command", lambda: [r"C:\bg\backgammon.exe"])
    assert urlscheme.run(True, registry=reg) == 0 and "backgammon:// links open with" in capsys.readouterr().out
    assert urlscheme.run(False, registry=reg) == 0 and reg.values == {}
    assert urlscheme.ensure_registered(reg) and not urlscheme.ensure_registered(reg)

    class Refusing(urlscheme.MemoryRegistry):
        def set(self, key, name, value):
            raise PermissionError("access denied")

    assert not urlscheme.ensure_registered(Refusing())  # the game starts anyway
    assert urlscheme.run(True, registry=Refusing()) == 1
    if sys.platform != "win32":
        assert entry.main(["--register-links"]) == 2  # says where it is done instead


def test_the_mac_bundle_declares_the_scheme():
    text = (ROOT / "build_exe.spec").read_text(encoding="utf-8")
    assert '"CFBundleURLTypes": [{"CFBundleURLName": "Backgammon invite", "CFBundleURLSchemes": ["backgammon"]}]' in text
    assert '"CFBundleTypeExtensions": ["mat"]' in text and '"LSHandlerRank": "Alternate"' in text
