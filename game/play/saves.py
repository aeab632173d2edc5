"""The game in progress, kept on disk; and the records of finished games.

A :class:`Keeper` watches the match the app keeps (``App.keep_match``) through
the session's happenings and

- saves it (:func:`save_document`: the engine's match JSON with the score,
  the cube and whose turn it is, the :class:`~game.play.options.MatchOptions` it
  started with, and the move-log lines of earlier games) whenever a turn
  begins or anything but a step changes the game: a roll, a pass, the end of
  a turn, the cube, a resignation, a take-back, a new game.  The engine saves
  a turn in progress as its start with the dice already rolled, so a restored
  game repeats that turn with the same dice: killing the program cannot buy
  a better roll.  The app also saves when the window closes and on the way
  back to the lobby;
- discards the save when a new match replaces it (Play, Restart, play again)
  and when the match is over (a friend game over the network and a
  demonstration are not saved and leave the saved game alone); a match against the computer replaced before
  it is over counts in the records as abandoned, so a losing game cannot be
  erased silently;
- records every finished game and match (per mode and level, with gammons
  and backgammons) and the dice thrown, in :class:`game.store.records.Records`.

Whose results and dice are recorded: against the computer, the human's (the
human's wins and losses; the dice the human threw, including the human's
die of each opening throw).  With two players on one screen, the games and
matches count from White's side ("won" means White won), and the dice of
both players count.  A regular throw counts its two dice, as a roll, and as
doubles when they match; an opening throw counts each player's die as a
die only (it cannot be doubles).  Matches are those of more than one point:
a single game counts as a game only.  Demonstration games (computer against
computer, the attract mode) are neither saved nor recorded, and neither are
matches made by tools and tests without options.

The writing is done in order on a worker thread (:class:`Writer`), so a
turn never starts with a stall while the disk syncs; the app waits for it
(:meth:`Keeper.flush`) before reading the files and before it closes.  A
process killed in the few milliseconds between a roll and its save comes
back to the turn before the roll.  Everything here is careful never to stop
play: a disk that refuses is logged and reported as one line
(:attr:`Keeper.notice`).
"""

from __future__ import annotations

import json
import logging
import queue
import threading
import unicodedata
from typing import Any, Callable, List, Optional, Tuple

from engine import Match
from engine.dice import DiceSource

from ..words import i18n
from ..words.i18n import Message
from .options import MatchOptions
from .session import Happening, Session
from .takeback import TakenBack, keep_marks, marks_from_json
from ..store.settings import Settings
from ..store.records import Records, mode_key
from ..store.storage import Storage

LOG = logging.getLogger(__name__)

#: the version of the document inside the saved-game file (the file has its own schema)
VERSION = 1
#: matches that are saved and recorded
SAVED_MODES = ("computer", "hotseat")
#: matches that are recorded (a friend game over the network is recorded, not saved)
RECORDED_MODES = SAVED_MODES + ("friend",)
#: matches that leave the saved game alone: a demonstration, and a friend game over the
#: network (neither is saved, so neither may cost the player the game saved to continue)
SPARING_MODES = ("demo", "friend")
#: happenings after which the saved document cannot have changed (a turn in
#: progress is saved as its start)
QUIET = ("step", "undo")


def savable(options: Optional[MatchOptions]) -> bool:
    """Is a match started with ``options`` saved and recorded?"""
    return options is not None and options.mode in SAVED_MODES


def recorded(options: Optional[MatchOptions]) -> bool:
    """Are the results of a match started with ``options`` recorded?"""
    return options is not None and options.mode in RECORDED_MODES


# -- the document -------------------------------------------------------------------------
def save_document(session: Session, options: MatchOptions) -> dict:
    """The saved game: everything needed to continue ``session``."""
    return {
        "version": VERSION,
        "options": options.to_dict(),
        "match": session.match.to_json(),
        "old_log": [i18n.to_json(line) for line in session.earlier_log],  # translatable again when read
        "taken_back": [mark.to_json() for mark in session.taken_back],  # this game's take-backs (absent in older files)
        "assisted_games": session.assisted_games,
    }


def read_document(doc: Any, dice: Optional[DiceSource] = None) -> Tuple[Match, MatchOptions, List[str]]:
    """The match, its options and the earlier games' log lines from a saved
    document; raises ValueError (engine errors included) when it cannot be
    continued.  Loads no computer player: cheap enough to validate with."""
    if not isinstance(doc, dict):
        raise ValueError("a saved game is not an object")
    if doc.get("version") != VERSION:
        raise ValueError(f"saved game version {doc.get('version')!r} is not {VERSION}")
    options = MatchOptions.from_dict(doc.get("options"))
    if options.mode not in SAVED_MODES:
        raise ValueError(f"a {options.mode!r} match is not saved")
    match = Match.from_json(doc.get("match"), dice=dice)
    if match.length != options.length or match.cube != options.cube:
        raise ValueError("the saved match does not fit its options")
    if match.over:
        raise ValueError("the saved match is over")
    old_log = doc.get("old_log", [])
    if not isinstance(old_log, list):
        raise ValueError("the saved move log is not a list of lines")
    old_log = [i18n.from_json(line) for line in old_log]  # ValueError for what is not a line
    if not all(isinstance(line, str) for line in old_log):
        raise ValueError("the saved move log is not a list of lines")
    marks, assisted = read_take_backs(doc, match)
    try:  # what the board and the panel will ask of it at once
        probe = Session(match)
        probe.taken_back, probe.assisted_games = marks, assisted
        probe.snapshot()
        lines = probe.log_lines() + [str(line) for line in old_log]
        probe.legal_steps()
        match.game.can_take_back()
    except Exception as exc:
        raise ValueError(f"the saved game cannot be shown: {exc!r}") from exc
    if any(unicodedata.category(c) == "Cc" for line in lines for c in line):
        raise ValueError("the saved move log has control characters")  # a font cannot draw them
    return match, options, list(old_log)


def validate_document(doc: Any) -> None:
    """The storage's validator: raises when ``doc`` cannot be continued."""
    read_document(doc)


def restore_document(doc: Any, settings: Settings, dice: Optional[DiceSource] = None) -> Tuple[Session, MatchOptions]:
    """A session that continues the saved game, with its computer player.
    Raises ValueError when the document cannot be continued."""
    match, options, old_log = read_document(doc, dice=dice)
    session = Session(match, options.seats(), settings)
    session.earlier_log = old_log
    session.taken_back, session.assisted_games = read_take_backs(doc, match)
    keep_marks(match.game, session.taken_back)
    return session, options


def read_take_backs(doc: dict, match: Match) -> Tuple[List[TakenBack], int]:
    """The game's take-backs and the match's earlier assisted games from a
    saved document (none in a file from before they were kept); ValueError when damaged."""
    marks = marks_from_json(doc.get("taken_back"))
    if any(m.at > len(match.game.log) for m in marks):
        raise ValueError("a take-back stands past the end of the move log")
    assisted = doc.get("assisted_games", 0)
    if type(assisted) is not int or not 0 <= assisted < match.game_number:
        raise ValueError("the count of assisted games is not one of the earlier games")
    return marks, assisted


def _canonical(doc: dict) -> str:
    return json.dumps(doc, sort_keys=True, ensure_ascii=False)


# -- whose results and dice -------------------------------------------------------------------
def recorded_player(options: MatchOptions) -> int:
    """The side whose wins count: the human against the computer, White in hot-seat."""
    return options.human_colour() if options.mode in ("computer", "friend") else 0


def dice_to_record(happening: Happening, session: Session, options: MatchOptions) -> List[Tuple[int, ...]]:
    """The dice of a 'roll' happening that count for the records, as the
    groups to pass to :meth:`Records.record_dice`: ``(d1, d2)`` for a regular
    throw, ``(d,)`` for each counted die of an opening throw (ties included).
    A throw that came again from the dice tape after a take-back was counted
    when it was first drawn."""
    if happening.kind != "roll" or happening.dice is None or happening.replayed or not recorded(options):
        return []
    both = options.mode == "hotseat"
    human = recorded_player(options)
    if happening.opening:
        out: List[Tuple[int, ...]] = []
        for entry in session.game.log:  # the opening throws are all the log holds yet
            if entry.kind != "opening" or entry.dice is None:
                continue
            white, black = entry.dice
            if both:
                out += [(white,), (black,)]
            else:
                out.append((white if human == 0 else black,))
        return out
    if both or happening.player == human:
        return [tuple(happening.dice)]
    return []


# -- the writer ----------------------------------------------------------------------------------
class Writer:
    """Runs the disk work (each save is an atomic write with an fsync or
    four) in order on one worker thread, off the frame loop, so a turn never
    starts with a stall.  :meth:`flush` waits for all of it; the app flushes
    before it reads what was written and before it closes.  The thread ends
    when idle a while and starts again when needed."""

    IDLE_S = 5.0

    def __init__(self) -> None:
        self._jobs: "queue.Queue[Callable[[], None]]" = queue.Queue()
        self._lock = threading.Lock()
        self._thread: Optional[threading.Thread] = None

    def submit(self, job: Callable[[], None]) -> None:
        with self._lock:
            self._jobs.put(job)
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="saves", daemon=True)
                self._thread.start()

    def _work(self) -> None:
        while True:
            try:
                job = self._jobs.get(timeout=self.IDLE_S)
            except queue.Empty:
                with self._lock:
                    if self._jobs.empty():
                        self._thread = None
                        return
                continue
            try:
                job()
            except Exception:  # a job reports its own troubles; this is a bug, logged
                LOG.exception("saving failed")
            finally:
                self._jobs.task_done()

    def flush(self) -> None:
        """Wait until everything submitted is on disk (or has failed)."""
        self._jobs.join()


# -- the keeper ---------------------------------------------------------------------------------
class Keeper:
    """Saves the match the app keeps and records its results (see the module).

    The documents are made on the frame loop (a snapshot of the match) and
    written, in order, by a :class:`Writer`; :meth:`flush` waits for them."""

    def __init__(self, storage: Storage, tell: Optional[Callable[[str], None]] = None):
        self.storage = storage
        #: called with each line for the player (the app shows it in the lobby)
        self.tell = tell
        self.session: Optional[Session] = None
        self.options: Optional[MatchOptions] = None
        #: the last problem worth a line to the player (a disk that refused), or None
        self.notice: Optional[str] = None
        self.writer = Writer()
        self._watch: Optional[Callable[[Happening], None]] = None
        self._last: Optional[str] = None  # the document saved last (to skip saving it again)

    # -- which match ----------------------------------------------------------------
    def keep(self, session: Session, options: Optional[MatchOptions]) -> None:
        """The app keeps ``session`` (with the ``options`` it started with, or
        None for a match made by a tool).  A new match replaces the saved one
        (unless it is a demonstration or a friend game over the network, which
        are not saved and must not cost the player a saved game); the kept
        match is saved now."""
        if session is not self.session:
            if options is None or options.mode not in SPARING_MODES:
                self._record_abandoned()
                self._discard()
            self._follow(session, options)
        else:
            self.options = options if options is not None else self.options
        self.save()

    def _follow(self, session: Optional[Session], options: Optional[MatchOptions]) -> None:
        if self.session is not None and self._watch is not None:
            try:
                self.session.watchers.remove(self._watch)
            except (AttributeError, ValueError):
                pass
        self.session, self.options, self._watch = session, options, None
        if session is not None and recorded(options):
            watch = self._make_watch(session)
            session.watchers.append(watch)
            self._watch = watch

    def drop(self) -> None:
        """The match is left for good (over, or given up): forget and discard it."""
        was_savable = savable(self.options)
        self._follow(None, None)
        if was_savable:
            self._discard()

    # -- saving ------------------------------------------------------------------------------
    def save(self, force: bool = False) -> None:
        """Save the kept match, if it is one that is saved and still in play
        (a finished match is discarded instead).  Unless ``force``, a document
        just like the one saved last is not written again."""
        s, o = self.session, self.options
        if s is None or not savable(o):
            return
        assert o is not None
        try:
            if s.match.over:
                self._discard()
                return
            doc = save_document(s, o)
            text = _canonical(doc)
        except Exception as exc:  # a bug must not stop the game
            LOG.exception("could not save the game")
            self._tell(Message("saves.not_saved", reason=str(exc) or type(exc).__name__))
            return
        if text == self._last and not force:
            return
        self._last = text

        def write() -> None:
            try:
                message = self.storage.save_game(doc)
            except Exception as exc:  # not JSON: a bug, reported and survived
                LOG.exception("could not save the game")
                message = Message("saves.not_saved", reason=str(exc) or type(exc).__name__)
            if message:
                self._last = None
                self._tell(message)

        self.writer.submit(write)

    def _discard(self) -> None:
        self._last = None

        def discard() -> None:
            message = self.storage.discard_game()
            if message:
                self._tell(message)

        self.writer.submit(discard)

    def _tell(self, message: str) -> None:
        LOG.warning("%s", message)
        self.notice = message
        if self.tell is not None:
            self.tell(message)

    def flush(self) -> None:
        """Wait until every save, discard and record is on disk."""
        self.writer.flush()

    def has_game(self) -> bool:
        """Is there a saved game on disk (once what is pending is written)?"""
        self.flush()
        try:
            return bool(self.storage.has_game())
        except OSError:  # pragma: no cover
            return False

    # -- continuing -------------------------------------------------------------------------
    def restore(self, settings: Settings, dice: Optional[DiceSource] = None) -> Tuple[Optional[Tuple[Session, MatchOptions]], Optional[str]]:
        """The saved match as (session, options), or None; plus a line for the
        player (a damaged file, a backup used) or None.  Never raises; a file
        that cannot be continued is set aside by the storage, never deleted."""
        self.flush()
        try:
            doc, message = self.storage.load_game(validate=validate_document)
        except Exception:  # pragma: no cover - load_game never raises
            LOG.exception("could not load the saved game")
            return None, Message("saves.cannot_continue")
        if doc is None:
            return None, message
        try:
            session, options = restore_document(doc, settings, dice=dice)
        except Exception:
            LOG.exception("the saved game could not be continued")
            return None, message or Message("saves.cannot_continue")
        self._follow(session, options)
        try:
            self._last = _canonical(save_document(session, options))
        except Exception:  # pragma: no cover
            self._last = None
        return (session, options), message

    # -- what happens in the kept match ----------------------------------------------------------
    def _make_watch(self, session: Session) -> Callable[[Happening], None]:
        def watch(happening: Happening) -> None:
            if session is not self.session:
                return
            try:
                self._happened(session, happening)
            except Exception:  # recording must never stop play
                LOG.exception("could not record %s", happening.kind)

        return watch

    def _happened(self, session: Session, h: Happening) -> None:
        options = self.options
        if not recorded(options):
            return
        assert options is not None
        if h.kind == "roll":
            groups = dice_to_record(h, session, options)
            if groups:

                def record_dice(records: Records) -> None:
                    for group in groups:
                        records.record_dice(*group)

                self._update_records(record_dice)
        elif h.kind == "over":
            self._record_result(session, options)
        if h.kind not in QUIET:
            self.save()

    def _record_abandoned(self) -> None:
        """The kept match is being replaced: one against the computer that
        was started (a throw made) and is not over counts as abandoned."""
        s, o = self.session, self.options
        if s is None or o is None or o.mode != "computer":
            return
        m = s.match
        if m.over or (m.game_number == 1 and not m.game.log):
            return
        key = mode_key(o.mode, o.level)
        self._update_records(lambda r: r.record_abandoned(key))

    def _record_result(self, session: Session, options: MatchOptions) -> None:
        result = session.game.result
        if result is None:  # pragma: no cover - 'over' comes with a result
            return
        key = mode_key(options.mode, options.level)
        player = recorded_player(options)
        match = session.match
        match_won = match.winner == player if match.over and match.length > 1 else None

        assisted = session.assisted  # a take-back: counted apart (see Records)
        assisted_match = assisted or session.assisted_games > 0

        def record(r: Records) -> None:
            r.record_result(key, result, player, assisted)
            if match_won is not None:
                r.record_match(key, match_won, assisted_match)

        self._update_records(record)
        if match.over:
            names = getattr(session, "names", None)  # a friend game: the players' names, written in the .mat
            self._remember(match, options, names if isinstance(names, tuple) else None)

    def _remember(self, match: Match, options: MatchOptions, names: Optional[Tuple[str, str]] = None) -> None:
        """Keep the finished match for review (see :mod:`game.store.recent`); ``names``: the
        players' (a friend game), else White and Black."""
        from ..store.recent import RecentStore, entry_for

        viewer = options.human_colour() if options.mode in ("computer", "friend") else 0
        entry = entry_for(match, options.mode, options.level or "", viewer, names=names)
        if entry is None:
            return

        def remember() -> None:
            message = RecentStore(self.storage).add(entry)
            if message:
                self._tell(message)

        self.writer.submit(remember)

    def _update_records(self, change: Callable[[Records], object]) -> None:
        """Load, change and save the records (on the writer's thread, in order)."""

        def update() -> None:
            records, message = self.storage.load_records()
            if message:
                self._tell(message)
            change(records)
            message = self.storage.save_records(records)
            if message:
                self._tell(message)

        self.writer.submit(update)
