"""The client side of a friend game: a WebSocket connection on a background
thread, bridged to the game's frame loop through queues.

The frame loop calls :meth:`NetClient.send` (never blocks) and
:meth:`NetClient.poll` (what arrived since, as typed values from
:mod:`game.net.inbound`).  If the connection drops, the thread reconnects by
itself and takes its seat back with its token; the changes of the link come
in the same queue as :class:`~game.net.inbound.LinkChanged`.

Reconnecting waits 0.5 s, then twice as long each time up to 10 s, each wait
shortened by a random part (so that many clients of one server that came
back do not all knock at once).  A client that holds a seat keeps trying,
to the same address, until it is closed or the server (perhaps a restarted
one) says the seat is gone; only a first connection gives up early.  A
server that keeps its matches closes the connections with code 1012 when
it stops (it comes back with them); one that does not says ``ended`` with
``server_closing``, and that is the end of the match.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import queue
import random
import re
import ssl
import threading
import time
from dataclasses import replace
from typing import Any, Callable, Dict, List, Optional, Sequence, Type, TypeVar
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from .inbound import (
    MAX_SERVER_MESSAGE,
    Ended,
    Link,
    LinkChanged,
    SeatInfo,
    ServerError,
    ServerMessage,
    State,
    Synced,
    Takeover,
    Update,
    parse_server,
)
from .mirror import Mirror
from .protocol import ClientMessage, Create, ErrorCode, ProtocolError, Resume, Sync, encode, new_code
from .routing import CLOSE_RESTART, moved_to, route_key, routed_url

log = logging.getLogger(__name__)
T = TypeVar("T")
#: the waits before reconnecting: 0.5 s doubling to 10 s (each shortened by up to JITTER of itself)
#: why the link failed when the server could not be reached (LinkChanged.detail)
NO_CONNECTION = "no connection"
BACKOFF = (0.5, 1.0, 2.0, 4.0, 8.0, 10.0)
JITTER = 0.25
#: seconds a seated client goes on trying to reconnect: as long as a server keeps an idle match
SEATED_GIVE_UP = 30 * 60.0


def backoff_delay(backoff: Sequence[float], attempt: int, rand: Callable[[], float] = random.random) -> float:
    """The wait before reconnecting attempt ``attempt`` (0 first): the
    sequence's value (its last once past its end), less a random part of up
    to :data:`JITTER` of it.

    >>> backoff_delay(BACKOFF, 0, lambda: 0.0), backoff_delay(BACKOFF, 9, lambda: 0.0), backoff_delay(BACKOFF, 9, lambda: 1.0)
    (0.5, 10.0, 7.5)
    """
    base = backoff[min(attempt, len(backoff) - 1)]
    return base * (1.0 - JITTER * rand())


def server_url(address: str) -> str:
    """``host:port`` (or a ws:// URL) as the URL to connect to.

    >>> server_url('192.168.1.5:8765'), server_url('ws://example.org:9000')
    ('ws://192.168.1.5:8765', 'ws://example.org:9000')
    >>> server_url('::1')
    'ws://[::1]:8765'
    """
    from .protocol import DEFAULT_PORT

    text = address.strip()
    if text.startswith(("ws://", "wss://")):
        return text
    if text.count(":") > 1 and not text.startswith("["):  # a bare IPv6 address
        return f"ws://[{text}]:{DEFAULT_PORT}"
    if ":" not in text.rsplit("]", 1)[-1]:
        text = f"{text}:{DEFAULT_PORT}"
    return f"ws://{text}"


class BadAddress(ValueError):
    """Not a server address; ``reason``: "format" (what it should look like) or "port" (out of range)."""

    def __init__(self, reason: str):
        super().__init__(f"not a server address ({reason})")
        self.reason = reason


_HOST_NAME = re.compile(r"(?!-)[A-Za-z0-9-]{1,63}(?<!-)(\.(?!-)[A-Za-z0-9-]{1,63}(?<!-))*\.?")


def check_address(text: str) -> str:
    """A server address as the settings keep it (trimmed; '' for none: host
    on this computer), or :class:`BadAddress`.  Accepted: ``host``,
    ``host:port``, an IPv6 address (bare or ``[addr]:port``), or a ``ws://`` /
    ``wss://`` URL; the port 1..65535 (8765 when left out).

    >>> check_address(' example.org:9000 '), check_address('[::1]:8765'), check_address('')
    ('example.org:9000', '[::1]:8765', '')
    >>> check_address('192.168.1.5:99999')
    Traceback (most recent call last):
    ...
    game.net.client.BadAddress: not a server address (port)
    >>> check_address('http://example.org')
    Traceback (most recent call last):
    ...
    game.net.client.BadAddress: not a server address (format)
    """
    cleaned = text.strip()
    if not cleaned:
        return ""
    if len(cleaned) > 200 or not cleaned.isprintable() or any(c.isspace() for c in cleaned):
        raise BadAddress("format")
    if "://" in cleaned and not cleaned.startswith(("ws://", "wss://")):
        raise BadAddress("format")
    try:
        parts = urlsplit(server_url(cleaned))
    except ValueError:  # e.g. an unclosed [ of an IPv6 address
        raise BadAddress("format") from None
    try:
        port = parts.port
    except ValueError:  # not a number, or out of range
        raise BadAddress("port" if re.search(r":\d+$", parts.netloc) else "format") from None
    host = parts.hostname or ""
    if port == 0 or parts.query or parts.fragment or parts.username is not None or parts.netloc.endswith(":"):
        raise BadAddress("port" if port == 0 else "format")
    if "://" not in cleaned and parts.path:
        raise BadAddress("format")
    try:
        ipaddress.ip_address(host)
    except ValueError:
        try:
            ascii_host = host.encode("idna").decode("ascii")  # a name in any script
        except UnicodeError:
            raise BadAddress("format") from None
        if not _HOST_NAME.fullmatch(ascii_host) or ascii_host.replace(".", "").isdigit():
            raise BadAddress("format") from None
    return cleaned


def _nothing() -> None:
    """No one to wake."""


def _with_code(hello: ClientMessage) -> ClientMessage:
    """A create proposes its invite code, so that the connection is routed
    by it (:mod:`game.net.routing`) from the first message on."""
    if isinstance(hello, Create) and hello.code is None:
        return replace(hello, code=new_code())
    return hello


class NetClient:
    """One player's connection to a match server.

    ``hello`` is the first message (:class:`~game.net.protocol.Create` or
    :class:`~game.net.protocol.Join`); after a drop the client sends
    :class:`~game.net.protocol.Resume` with the token it was given instead
    (``token``: a seat held before, e.g. by a run of the game that crashed:
    the first message is then that Resume).  Without a seat it gives up
    (``Link.FAILED``) after ``give_up_after`` seconds without a connection,
    or at once if the very first connection fails three times; with one,
    after ``seated_give_up`` seconds.  ``first_give_up``: seconds it keeps
    trying before its first connection, even with a seat (a seat held before,
    taken back: a server that cannot be reached is said soon, not after
    half an hour); once connected, the rules above.

    A ``wss://`` server's certificate is checked as a browser would (the
    system's certificate authorities, the host name); ``ssl_context``: another
    client context to check it with (e.g. one that trusts a test's own
    authority).  A certificate that is not trusted fails at once
    (``Link.FAILED``, the detail says why): trying again cannot help.
    """

    def __init__(self, url: str, hello: ClientMessage, give_up_after: float = 300.0,
                 backoff: Sequence[float] = BACKOFF, token: Optional[str] = None,
                 seated_give_up: float = SEATED_GIVE_UP, first_give_up: Optional[float] = None,
                 ssl_context: Optional[ssl.SSLContext] = None):
        self.url = url
        self.ssl_context = ssl_context
        self.hello = _with_code(hello)
        self.give_up_after = give_up_after
        self.seated_give_up = seated_give_up
        self.first_give_up = first_give_up
        self.backoff = tuple(backoff)
        self.inbox: "queue.Queue[ServerMessage]" = queue.Queue()
        #: called on the connection's thread after each message arrives (the game wakes its idle frame loop)
        self.wake: Callable[[], None] = _nothing
        self.link = Link.CONNECTING
        self.token: Optional[str] = token
        self.seat: Optional[int] = None
        self.role = ""
        self.code = ""
        #: the server runs inside the host's game (its ``seat`` says so)
        self.in_game = False
        self.last_state: Optional[State] = None
        self.mirror = Mirror()
        self._sync_asked = False
        self.reconnects = 0
        self._loop: Optional[asyncio.AbstractEventLoop] = None
        self._outbox: Optional["asyncio.Queue[str]"] = None
        self._ws: Optional[ClientConnection] = None
        self._thread: Optional[threading.Thread] = None
        self._closing = False
        self._finished = False
        self._again = False
        self._at: Optional[str] = None  # the server process the last close sent this client to
        self._did_connect = False
        self._started = threading.Event()

    # -- the frame loop's side ---------------------------------------------------------
    def start(self) -> "NetClient":
        self._thread = threading.Thread(target=self._run, name="net-client", daemon=True)
        self._thread.start()
        self._started.wait(5.0)
        return self

    def send(self, msg: ClientMessage) -> None:
        """Queue a message for the server (sent as soon as connected)."""
        loop, outbox = self._loop, self._outbox
        if loop is not None and outbox is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(outbox.put_nowait, encode(msg))
            except RuntimeError:  # the loop has just closed
                pass

    def poll(self) -> List[ServerMessage]:
        """What arrived since the last call, oldest first (the server's syncs
        and updates as :class:`~game.net.inbound.State`).  It stops after a
        whole copy of the match (a sync: a match joined, resumed or begun
        again), so that whoever starts from that state's match finds it as
        it was; what came after waits for the next call."""
        out: List[ServerMessage] = []
        while True:
            try:
                raw = self.inbox.get_nowait()
            except queue.Empty:
                return out
            msg = self._digest(raw)
            if msg is not None:
                out.append(msg)
                if isinstance(raw, Synced):
                    return out

    def _digest(self, msg: ServerMessage) -> Optional[ServerMessage]:
        """Keep the mirror in step (in the caller's thread); None: nothing to show yet."""
        if isinstance(msg, (Synced, Update)):
            state = self.mirror.take(msg)
            if state is None:
                if not self._sync_asked:
                    self._sync_asked = True
                    self.send(Sync())
                return None
            self._sync_asked = False
            self.last_state = state
            return state
        return msg

    def wait_for(self, kind: Type[T], timeout: float = 10.0,
                 where: Optional[Callable[[T], bool]] = None) -> T:
        """Block until a message of ``kind`` (that ``where`` accepts) comes; others are dropped.
        For tests, tools and bots, never the frame loop."""
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {kind.__name__} within {timeout} s")
            try:
                got = self._digest(self.inbox.get(timeout=left))
            except queue.Empty:
                continue
            msg = got
            if isinstance(msg, kind) and (where is None or where(msg)):
                return msg

    def drop_connection(self) -> None:
        """Cut the connection as a network fault would (the client reconnects)."""
        loop, ws = self._loop, self._ws
        if loop is not None and ws is not None and ws.transport is not None:
            loop.call_soon_threadsafe(ws.transport.abort)

    def close(self) -> None:
        """Close for good (send :class:`~game.net.protocol.Leave` first to leave the match)."""
        self._closing = True
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._close_now)
            except RuntimeError:
                pass
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(5.0)

    # -- the thread's side ---------------------------------------------------------------
    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        self._outbox = asyncio.Queue()
        self._started.set()
        try:
            loop.run_until_complete(self._main())
        except Exception as exc:  # whatever it is, the player is told: never a silent "Connecting…"
            log.exception("the connection to %s failed", self.url)
            self._set_link(Link.FAILED, f"{type(exc).__name__}: {exc}"[:200])
        finally:
            loop.close()

    def _close_now(self) -> None:
        if self._ws is not None:
            asyncio.ensure_future(self._graceful(self._ws))
        if self._outbox is not None:
            self._outbox.put_nowait("")  # wakes the sender

    async def _graceful(self, ws: ClientConnection) -> None:
        assert self._outbox is not None
        # what was queued before close() (a Leave) goes out first
        while not self._outbox.empty():
            text = self._outbox.get_nowait()
            if text:
                await ws.send(text)
        await ws.close()

    def _deliver(self, msg: ServerMessage) -> None:
        self.inbox.put(msg)
        try:
            self.wake()
        except Exception:  # waking is a courtesy: the message is there all the same
            log.exception("waking the frame loop failed")

    def _set_link(self, link: Link, detail: str = "") -> None:
        if link != self.link or detail:
            self.link = link
            self._deliver(LinkChanged(link, detail))

    def _note(self, msg: ServerMessage) -> None:
        if isinstance(msg, SeatInfo):
            self.token, self.seat, self.role, self.code = msg.token, msg.seat, msg.role, msg.code
            self.in_game = msg.in_game
        elif isinstance(msg, (Ended, Takeover)):  # (server_closing too: a server that keeps its matches closes with 1012)
            self._finished = True
        elif isinstance(msg, ServerError) and msg.code == ErrorCode.CODE_TAKEN.value and isinstance(self.hello, Create):
            self.hello = _with_code(replace(self.hello, code=None))  # another code, on a new connection
            self._again = True
        elif isinstance(msg, ServerError) and msg.ref in ("create", "join", "resume"):
            self._finished = True  # the seat was refused: reconnecting cannot help

    async def _pump(self, ws: ClientConnection) -> None:
        assert self._outbox is not None
        while True:
            text = await self._outbox.get()
            if not text:
                return
            await ws.send(text)

    async def _session(self) -> None:
        secure: Dict[str, Any] = {}
        if self.ssl_context is not None and self.url.startswith("wss:"):
            secure["ssl"] = self.ssl_context
        first = Resume(self.token) if self.token else self.hello
        at, self._at = self._at, None
        async with connect(routed_url(self.url, route_key(first), at), max_size=MAX_SERVER_MESSAGE, open_timeout=5, ping_interval=10,
                           ping_timeout=10, compression=None, close_timeout=2, **secure) as ws:
            self._ws = ws
            self._did_connect = True
            self._set_link(Link.CONNECTED)
            await ws.send(encode(first))
            pump = asyncio.ensure_future(self._pump(ws))
            try:
                async for raw in ws:
                    try:
                        msg = parse_server(raw)
                    except ProtocolError as exc:
                        log.warning("ignored a bad server message: %s", exc)
                        continue
                    self._note(msg)
                    if self._again:  # not the player's business: a new code, at once
                        self._again = False
                        await ws.close()
                        break
                    self._deliver(msg)
                    if self._finished:
                        await ws.close()
            finally:
                pump.cancel()
                self._ws = None
                if ws.close_code == CLOSE_RESTART:  # the match moved (to the process named, if one is)
                    self._at = moved_to(ws.close_reason or "")

    async def _main(self) -> None:
        first_failure: Optional[float] = None
        attempt = 0
        ever_connected = False
        while not self._closing:
            self._did_connect = False
            try:
                await self._session()
            except ssl.SSLCertVerificationError as exc:  # not a server this client may trust
                self._set_link(Link.FAILED, f"the server's certificate is not trusted ({exc.verify_message})")
                return
            except (OSError, ConnectionClosed, InvalidHandshake, asyncio.TimeoutError) as exc:
                log.info("connection to %s lost: %r", self.url, exc)
            except InvalidURI as exc:
                self._set_link(Link.FAILED, str(exc))
                return
            if self._did_connect:
                ever_connected, first_failure, attempt = True, None, 0
            if self._closing:
                break
            if self._finished:
                self._set_link(Link.CLOSED)
                return
            now = time.monotonic()
            first_failure = first_failure if first_failure is not None else now
            seated = self.token is not None
            patience = self.seated_give_up if seated else self.give_up_after
            if not ever_connected and self.first_give_up is not None:
                patience = self.first_give_up
            if (not ever_connected and not seated and attempt >= 2) or now - first_failure > patience:
                self._set_link(Link.FAILED, NO_CONNECTION)
                return
            self._set_link(Link.RECONNECTING)
            if self._at is None:  # (sent to another process: at once)
                await asyncio.sleep(backoff_delay(self.backoff, attempt))
            attempt += 1
            if self.token is not None:
                self.reconnects += 1
        self._set_link(Link.CLOSED)
