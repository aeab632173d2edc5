"""One game for the links: a second launch with an invite link hands it to
the game already running instead of opening a second window.

The running game listens on 127.0.0.1 (a port the system picks) on a daemon
thread, and writes where and with which key into ``instance.json`` in its
data folder (mode 0600, written atomically)::

    {"port": 50123, "key": "<a random secret>", "pid": 4242}

A launch with a link reads that file, connects (a short timeout), sends the
key and the link as one line of JSON, and waits for ``ok``; then it exits
without opening a window.  Anything else (no file, a damaged one, nothing
listening, a refusal, no answer in time) and it starts as ever, and takes
the file over.

What may come in is bounded and typed: one line of at most
:data:`MAX_LINE` bytes, the key compared in constant time, and only a text
the game's ``accept`` takes for a link (:func:`game.net.invite.is_link`), of
at most :data:`MAX_LINK` characters, which the game puts in the join field:
nothing received is ever run.  The listener stops, and removes its file,
when the game ends.

Pure Python (no pygame): :mod:`game.system.links` brings the links to the
frame loop.

>>> line = encode("k3y", OpenLink("backgammon://join/127.0.0.1:1/ABCDE-FGHJK"))
>>> decode(line, "k3y")
OpenLink(link='backgammon://join/127.0.0.1:1/ABCDE-FGHJK')
>>> decode(line, "another key")
Traceback (most recent call last):
...
game.system.instance.Refused: wrong key
"""

from __future__ import annotations

import hmac
import json
import logging
import os
import secrets
import socket
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional, Union

LOG = logging.getLogger(__name__)

#: the file that says where the running game listens (in its data folder)
FILE_NAME = "instance.json"
#: the longest line the listener reads (the key and the link, as JSON)
MAX_LINE = 2048
#: the longest link handed over, in characters
MAX_LINK = 1024
#: seconds a launch waits to connect and for the answer
TIMEOUT = 3.0
#: seconds the listener waits for a connection's line (one at a time: a silent one holds the next up this long)
LINE_TIMEOUT = 1.0
#: how often the listener's thread looks whether it is to stop
POLL = 0.2
OK = b"ok\n"

PathLike = Union[str, "os.PathLike[str]"]


# -- the messages -------------------------------------------------------------------------
@dataclass(frozen=True)
class Handle:
    """Where the running game listens: the contents of :data:`FILE_NAME`."""

    port: int
    key: str
    pid: int


@dataclass(frozen=True)
class OpenLink:
    """A second launch's link, for the friend screen."""

    link: str


@dataclass(frozen=True)
class Ping:
    """Is a game listening here? (asked before taking the file over)"""


Request = Union[OpenLink, Ping]


class Refused(ValueError):
    """A line the listener does not take (the message says why)."""


def encode(key: str, request: Request) -> bytes:
    """``request`` as the one line a launch sends."""
    body = {"key": key, "type": "open", "link": request.link} if isinstance(request, OpenLink) else {"key": key, "type": "ping"}
    return json.dumps(body).encode("utf-8") + b"\n"


def decode(line: bytes, key: str, accept: Callable[[str], bool] = lambda text: True) -> Request:
    """The request in ``line`` (without its newline or with it); :class:`Refused`
    for anything else: too long, not JSON, the wrong key, a link ``accept``
    does not take.

    >>> decode(b'{"key": "k", "type": "open", "link": "x"}', "k", accept=lambda t: t.startswith("backgammon:"))
    Traceback (most recent call last):
    ...
    game.system.instance.Refused: not a link
    """
    if len(line) > MAX_LINE:
        raise Refused("too long")
    try:
        body = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise Refused("not JSON") from None
    if not isinstance(body, dict) or not isinstance(body.get("key"), str):
        raise Refused("no key")
    if not hmac.compare_digest(body["key"].encode("utf-8"), key.encode("utf-8")):
        raise Refused("wrong key")
    kind = body.get("type")
    if kind == "ping":
        return Ping()
    link = body.get("link")
    if kind != "open" or not isinstance(link, str):
        raise Refused("not a request")
    if len(link) > MAX_LINK:
        raise Refused("too long")
    if not link.isprintable() or not accept(link):
        raise Refused("not a link")
    return OpenLink(link)


# -- the file -----------------------------------------------------------------------------
def handle_path(folder: PathLike) -> Path:
    return Path(folder) / FILE_NAME


def read_handle(folder: PathLike) -> Optional[Handle]:
    """The handle in ``folder``'s file; None when there is none or it is not one."""
    try:
        raw = handle_path(folder).read_bytes()[:MAX_LINE]
        body = json.loads(raw.decode("utf-8"))
        port, key, pid = body["port"], body["key"], body["pid"]
    except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError):
        return None
    if not (isinstance(port, int) and 0 < port < 65536 and isinstance(key, str) and key and isinstance(pid, int)):
        return None
    return Handle(port, key, pid)


def write_handle(folder: PathLike, handle: Handle) -> None:
    """Write the file: readable by this user only, whole or not at all (OSError if it cannot be)."""
    path = handle_path(folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{FILE_NAME}.{os.getpid()}.", suffix=".tmp")  # mode 0600
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({"port": handle.port, "key": handle.key, "pid": handle.pid}, f)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _gone(pid: int) -> bool:
    """Is there surely no process ``pid``? (POSIX only: elsewhere the connection tells)"""
    if os.name != "posix" or pid <= 0 or pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (OSError, OverflowError, ValueError):
        return False
    return False


# -- a launch -----------------------------------------------------------------------------
def ask(folder: PathLike, request: Request, timeout: float = TIMEOUT) -> bool:
    """Send ``request`` to the game whose handle is in ``folder``; whether it answered ``ok``."""
    handle = read_handle(folder)
    if handle is None or _gone(handle.pid):
        return False
    end = time.monotonic() + timeout
    try:
        with socket.create_connection(("127.0.0.1", handle.port), timeout=timeout) as conn:
            conn.sendall(encode(handle.key, request))
            answer = b""
            while not answer.endswith(b"\n") and len(answer) < 64:
                conn.settimeout(max(0.01, end - time.monotonic()))
                got = conn.recv(64)
                if not got:
                    break
                answer += got
    except OSError:  # nothing listens, or no answer in time
        return False
    return answer == OK


def hand_over(folder: PathLike, link: str, timeout: float = TIMEOUT) -> bool:
    """Give ``link`` to the game running with this data folder: True when it
    took it (this launch then ends), False when it has to start itself."""
    if len(link) > MAX_LINK:
        return False
    if sys.platform == "win32":  # the running game may come to the front (Windows lets the launch in front allow it)
        handle = read_handle(folder)
        if handle is not None:
            try:
                import ctypes

                ctypes.windll.user32.AllowSetForegroundWindow(handle.pid)
            except (OSError, AttributeError):
                pass
    return ask(folder, OpenLink(link), timeout)


# -- the running game ----------------------------------------------------------------------
class LinkListener:
    """The running game's end: a daemon thread that takes the lines of later
    launches on 127.0.0.1, one connection at a time, and gives each link
    taken to ``deliver`` (called on that thread: it hands over, e.g. to a
    queue, and says whether it took the link)."""

    def __init__(self, folder: PathLike, accept: Callable[[str], bool], deliver: Callable[[OpenLink], bool]) -> None:
        self.folder = Path(folder)
        self.accept = accept
        self.deliver = deliver
        self.key = secrets.token_urlsafe(32)
        self.sock: Optional[socket.socket] = None
        self.thread: Optional[threading.Thread] = None
        self._stop = threading.Event()

    @property
    def port(self) -> int:
        return self.sock.getsockname()[1] if self.sock is not None else 0

    @classmethod
    def start(cls, folder: PathLike, accept: Callable[[str], bool], deliver: Callable[[OpenLink], bool]) -> Optional["LinkListener"]:
        """Listen and write the file; None (and nothing started) when another
        game answers there already, or the socket or the file cannot be made."""
        if ask(folder, Ping()):
            LOG.info("another copy of the game takes the links")
            return None
        listener = cls(folder, accept, deliver)
        try:
            listener.open()
        except OSError as exc:
            LOG.warning("links from a second launch cannot be taken: %s", exc)
            listener.stop()
            return None
        return listener

    def open(self) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock = sock
        sock.bind(("127.0.0.1", 0))
        sock.listen(8)
        sock.settimeout(POLL)
        write_handle(self.folder, Handle(self.port, self.key, os.getpid()))
        self.thread = threading.Thread(target=self._serve, name="link-listener", daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        sock = self.sock
        assert sock is not None
        while not self._stop.is_set():
            try:
                conn, _ = sock.accept()
            except socket.timeout:
                continue
            except OSError:
                return  # closed
            with conn:
                try:
                    conn.sendall(self.answer(self._read_line(conn)))
                    self._drain(conn)
                except OSError as exc:
                    LOG.info("a launch's link was not read: %s", exc)

    @staticmethod
    def _read_line(conn: socket.socket) -> bytes:
        """One line, whole, within :data:`LINE_TIMEOUT` seconds: more than :data:`MAX_LINE` bytes is cut there."""
        end = time.monotonic() + LINE_TIMEOUT
        data = b""
        while b"\n" not in data and len(data) <= MAX_LINE:
            left = end - time.monotonic()
            if left <= 0:
                raise socket.timeout("no whole line in time")
            conn.settimeout(left)
            got = conn.recv(MAX_LINE + 1 - len(data))
            if not got:
                break
            data += got
        return data.split(b"\n", 1)[0] if b"\n" in data else data

    @staticmethod
    def _drain(conn: socket.socket) -> None:
        """Done: what more was sent (a line too long) is read and dropped, a
        little and briefly, so that closing does not reset the connection
        before the launch has read the answer."""
        conn.shutdown(socket.SHUT_WR)
        conn.settimeout(POLL)
        left = 16 * MAX_LINE
        while left > 0 and (got := conn.recv(min(left, 4096))):
            left -= len(got)

    def answer(self, line: bytes) -> bytes:
        """The reply to ``line``: ``ok`` (a link delivered, or a ping), else why not."""
        try:
            request = decode(line, self.key, self.accept)
        except Refused as exc:
            LOG.info("a launch's line refused: %s", exc)
            return f"refused: {exc}\n".encode("utf-8")
        if isinstance(request, OpenLink) and not self.deliver(request):
            return b"refused: busy\n"  # links pile up unopened: the launch starts itself
        return OK

    def stop(self) -> None:
        """Stop listening and remove the file (if it is still this listener's)."""
        self._stop.set()
        if self.sock is not None:
            self.sock.close()
        if self.thread is not None and self.thread is not threading.current_thread():
            self.thread.join(timeout=LINE_TIMEOUT + 1.0)
        held = read_handle(self.folder)
        if held is not None and held.key == self.key:
            try:
                handle_path(self.folder).unlink()
            except OSError:
                pass
