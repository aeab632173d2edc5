"""Joining and hosting a friend game, in the real client: the invite typed
as it is (spaces too), an invite that cannot be one said so, a connection
that fails for any reason said so (never "Connecting…" for ever), and
nothing that waits on the network done on the frame loop (the local
network's announcement is a fake here: the tests never announce on a real
interface)."""

from __future__ import annotations

import threading
import time

import pygame
import pytest
from pygame_gui.elements import UILabel

from game.words.i18n import t
from game.net import client as net_client
from game.net import hosting
from game.net.client import NetClient
from game.net.inbound import Link, LinkChanged
from game.net.protocol import Join, format_code
from game.scenes.friend import FriendScene, read_invite
from game.scenes.lobby import LobbyScene
from game.testing import AppDriver
from tests.test_client_friend import quick, until


def friend_scene() -> tuple:
    d = AppDriver(settings=quick())
    d.click_button(d.scene.friend_button)
    fs = d.scene
    assert isinstance(fs, FriendScene)
    return d, fs


def test_a_space_typed_in_the_invite_is_part_of_it():
    d, fs = friend_scene()
    d.click(fs.entry.rect.center)  # the invite's entry has the keyboard
    assert fs.entry.is_focused
    typed = "127.0.0.1:1 ABCDE-FGHJK"
    d.type_text(typed)  # the space too, as the hint shows it
    assert fs.entry.get_text() == typed and fs.error is None and fs.client is None
    d.key(pygame.K_RETURN)  # Enter joins with the whole invite
    try:
        assert fs.error is None and fs.waiting == "join" and fs.client is not None and fs.client.url == "ws://127.0.0.1:1"
    finally:
        fs.back()


@pytest.mark.parametrize("invite, words", [
    ("127.0.0.1:99999 ABCDE-FGHJK", "friend.bad_port"),
    ("127.0.0.1:0 ABCDE-FGHJK", "friend.bad_port"),
    ("-bad-:8765 ABCDE-FGHJK", "friend.bad_host"),
    ("127.0.0.1:8765 ABCDE", "friend.bad_code"),
])
def test_an_invite_that_cannot_be_one_is_said_so(invite, words):
    d, fs = friend_scene()
    fs.entry.set_text(invite)
    d.click_button(fs.join_button)
    assert fs.error == t(words, n=10) and fs.client is None and fs.waiting is None
    with pytest.raises(ValueError):
        read_invite(invite, "")


def test_any_failure_of_the_connection_thread_ends_as_a_failure():
    client = NetClient("ws://127.0.0.1:99999", Join("ABCDEFGHJK", "")).start()  # (the port out of range)
    try:
        failed = client.wait_for(LinkChanged, timeout=10, where=lambda m: m.link == Link.FAILED)
        assert "ValueError" in failed.detail
    finally:
        client.close()


def test_a_connection_that_fails_for_any_reason_is_said_so_on_screen(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("broken here")

    monkeypatch.setattr(net_client, "connect", broken)
    d, fs = friend_scene()
    fs.entry.set_text("127.0.0.1:8765 ABCDE-FGHJK")
    d.click_button(fs.join_button)
    until([d], lambda: fs.error is not None, timeout=10)
    assert fs.error == t("friend.connect_failed", reason="RuntimeError: broken here") and fs.client is None


class SlowAnnouncer:
    """A local network that takes a second to take an announcement (and to withdraw it)."""

    made: list = []

    def __init__(self, name: str, port: int, code: str):
        self.code = code
        self.threads: list = []
        self.started = self.stopped = False
        SlowAnnouncer.made.append(self)

    def start(self) -> bool:
        self.threads.append(threading.current_thread())
        time.sleep(1.0)
        self.started = True
        return True

    def stop(self) -> None:
        self.threads.append(threading.current_thread())
        time.sleep(1.0)
        self.stopped = True


def shown_words(fs: FriendScene) -> str:
    """Every label's words on the friend screen, as shown (lines joined without spaces)."""
    labels = [e for e in fs.manager.get_root_container().elements if isinstance(e, UILabel)]
    return "".join(lab.text for lab in labels).replace(" ", "")


class SlowStart:
    """Servers that take a second to start (their store, their socket), then start."""

    threads: list = []

    @classmethod
    def around(cls, real):
        def start(server, *args, **kwargs):
            cls.threads.append(threading.current_thread())
            time.sleep(1.0)
            return real(server, *args, **kwargs)
        return start


def cpu_wait() -> float:
    """Seconds this thread has been ready to run but waited for a CPU (Linux's
    schedstat; 0 where unknown): a frame's time less this is what the frame
    itself took (or waited for), however busy the machine is."""
    try:
        with open("/proc/thread-self/schedstat", encoding="ascii") as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return 0.0


def test_hosting_never_waits_on_the_network_on_the_frame_loop(monkeypatch):
    # A slow server start (a second) and a slow local network (a second to announce, a second to
    # withdraw): the press, "Starting…", the code shown and announced, the cancel: no frame waits
    # for them.  A frame of the loop takes a few ms; one that waited would take a whole second, so
    # the bound sits at half of that: a slow or busy machine's frame never comes near it.
    SlowAnnouncer.made, SlowStart.threads = [], []
    monkeypatch.setattr(hosting, "LanAnnouncer", SlowAnnouncer)
    monkeypatch.setattr(hosting.ServerThread, "start", SlowStart.around(hosting.ServerThread.start))
    d, fs = friend_scene()
    times: list = []
    frame = d.app.frame

    def timed(dt):
        start, queued = time.perf_counter(), cpu_wait()
        frame(dt)
        times.append(time.perf_counter() - start - (cpu_wait() - queued))

    monkeypatch.setattr(d.app, "frame", timed)
    d.click_button(fs.host_button)
    assert d.app.hosted is None and fs.busy  # not started yet: it starts on a thread of its own
    assert t("friend.starting").replace(" ", "") in shown_words(fs)
    until([d], lambda: fs.showing_code and bool(SlowAnnouncer.made), timeout=10)
    d.frames(5)
    assert d.app.hosted is not None and fs.code_label.text == format_code(fs.client.code)
    announcer = SlowAnnouncer.made.pop()
    assert announcer.code == fs.client.code
    d.key(pygame.K_ESCAPE)  # cancel: the announcement is withdrawn, the server stops
    assert isinstance(d.scene, LobbyScene) and d.app.hosted is None
    assert max(times) < 0.5, [(i, round(x, 3)) for i, x in enumerate(times) if x > 0.05] + [len(times)]
    assert SlowStart.threads and threading.main_thread() not in SlowStart.threads
    end = time.monotonic() + 5
    while not announcer.stopped:
        assert time.monotonic() < end
        time.sleep(0.05)
    assert announcer.started and announcer.threads and threading.main_thread() not in announcer.threads


def test_going_back_while_the_server_starts_stops_it_once_started(monkeypatch):
    SlowStart.threads = []
    monkeypatch.setattr(hosting.ServerThread, "start", SlowStart.around(hosting.ServerThread.start))
    stopped: list = []
    real_stop = hosting.Hosting.stop
    monkeypatch.setattr(hosting.Hosting, "stop", lambda self, keep=True: (stopped.append(keep), real_stop(self, keep)))
    d, fs = friend_scene()
    d.click_button(fs.host_button)
    d.key(pygame.K_ESCAPE)  # back at once: the start goes on off the loop ...
    assert isinstance(d.scene, LobbyScene) and d.app.hosted is None
    end = time.monotonic() + 10
    while not stopped:  # ... and what it started is stopped (its matches not kept: none was begun)
        assert time.monotonic() < end
        time.sleep(0.05)
    assert stopped == [False] and d.app.hosted is None
