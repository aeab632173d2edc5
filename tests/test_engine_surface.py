"""The engine's public surface for the computer players, and queries that
never change state."""

from __future__ import annotations

import random

import pytest

from engine import Position, Turn, legal_plays
from engine.moves import all_leaves, legal_leaves
from support import random_positions

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def test_boards_keys_and_leaves_agree_with_the_public_plays():
    for pos in random_positions(40, seed=5):
        mine, theirs = pos.boards
        assert len(mine) == len(theirs) == 26 and Position.from_boards(mine, theirs) == pos
        assert Position.from_key(pos.key) == pos and pos.key == (mine, theirs[::-1])
        for dice in ROLLS[::4]:
            leaves = legal_leaves(pos, dice)
            assert [play for play, _ in leaves.values()] == legal_plays(pos, dice)
            for key, (play, used) in leaves.items():
                assert Position.from_key(key) == pos.apply(play) and len(used) == len(play)
            assert set(leaves) <= set(all_leaves(pos, (dice[0],) * 4 if dice[0] == dice[1] else dice))


class _Watched(Turn):
    """A turn that counts every call that changes it."""

    changes = 0

    def step(self, *args, **kw):  # type: ignore[no-untyped-def]
        _Watched.changes += 1
        return super().step(*args, **kw)

    def undo(self):  # type: ignore[no-untyped-def]
        _Watched.changes += 1
        return super().undo()


@pytest.mark.parametrize("seed", range(3))
def test_turn_destinations_is_a_query(seed):
    rng = random.Random(seed)
    for pos in random_positions(15, seed=seed):
        dice = rng.choice(ROLLS)
        turn = _Watched(pos, dice)
        _Watched.changes = 0
        before = (turn.steps, turn.position, turn.remaining, turn.legal_steps())
        routes = {frm: turn.destinations(frm) for frm in turn.movable()}
        assert _Watched.changes == 0
        assert (turn.steps, turn.position, turn.remaining, turn.legal_steps()) == before
        # and each route is a way the turn can really go
        for frm, targets in routes.items():
            for to, route in targets.items():
                trial = Turn(pos, dice)
                for s in route:
                    trial.step(s.frm, s.to, s.die)
                assert route[0].frm == frm and route[-1].to == to


def test_the_move_generator_leaves_no_garbage_cycles():
    """A search is freed as soon as it returns (its recursive helper no longer
    holds it in a cycle): a server or a computer player calling it all the
    time gives the garbage collector nothing to find."""
    import gc

    positions = random_positions(20, seed=11) + [Position.initial()]
    gc.collect()
    enabled, flags = gc.isenabled(), gc.get_debug()
    gc.disable()
    try:
        for pos in positions:
            for dice in ROLLS:
                legal_plays(pos, dice)
                all_leaves(pos, dice)
        gc.set_debug(gc.DEBUG_SAVEALL)  # what the collector finds is kept in gc.garbage to be looked at
        gc.collect()
        # other tests' threads may leave garbage meanwhile: only the search's own counts
        left = [o for o in gc.garbage if getattr(o, "__qualname__", "").startswith("_search.")]
        assert left == []
    finally:
        gc.set_debug(flags)
        gc.garbage.clear()
        if enabled:
            gc.enable()
