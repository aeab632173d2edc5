"""Training from a teacher, end to end on a tiny corpus, with the project's
own network as the teacher (no other program needed)."""

import argparse
import random

import numpy as np
import pytest

from engine import Position
from engine.ai.encode import N_INPUTS_V3, boards, encode_v2, encode_v3
from engine.ai.network import Network
from engine.ai.teach import corpus, fit, label
from engine.ai.teach.cli import main as cli
from engine.ai.teach.kinds import KINDS, classify
from engine.ai.teach.teacher import GnubgTeacher, NetworkTeacher, as_boards, get_teacher
from engine.errors import InvalidArgumentError


def test_the_network_teacher_gives_probabilities_from_the_side_on_roll():
    teacher = NetworkTeacher()
    start = Position.initial()
    p = teacher.probabilities(*as_boards([start]))
    assert p.shape == (1, 5) and 0.4 < p[0, 0] < 0.6
    # a side far ahead in a race is the favourite, whichever side is on roll
    ahead = Position([2] * 6 + [0] * 19, [0] * 12 + [3] * 5 + [0] * 8)
    p = teacher.probabilities(*as_boards([ahead, ahead.swapped()]))
    assert p[0, 0] > 0.9 and p[1, 0] < 0.1
    deep = NetworkTeacher(plies=1).probabilities(*as_boards([start]))
    assert deep.shape == (1, 5) and abs(float(deep[0, 0]) - 0.5) < 0.1


def test_teachers_are_named_and_bad_names_are_refused():
    assert get_teacher("net0").name == "net0"
    for bad in ("gnubg9", "nope", "net2"):
        with pytest.raises(InvalidArgumentError):
            get_teacher(bad)
    with pytest.raises(InvalidArgumentError):
        NetworkTeacher(plies=2)


def test_gnubg_boards_put_the_side_on_roll_second():
    me, them = as_boards([Position([0] * 5 + [5] + [0] * 19, [0] * 23 + [2, 1])])
    not_on_roll, on_roll = GnubgTeacher.board(me[0], them[0])
    assert on_roll[5] == 5 and len(on_roll) == 25
    assert not_on_roll[23] == 2 and not_on_roll[24] == 1  # the bar last


def test_every_setup_is_a_legal_position_and_most_are_of_their_kind():
    rng = random.Random(3)
    for kind in corpus.SETUP_KINDS:
        hits = 0
        for _ in range(60):
            pos = corpus.setup(kind, rng)
            Position(*(side[1:] for side in pos.boards))  # the checked constructor: 15 a side, no shared point
            hits += KINDS[int(classify(*as_boards([pos]))[0])] == kind
        assert hits >= 15, (kind, hits)  # a quarter at least: the set-ups lean the corpus their way


def test_race_setups_have_no_contact_and_reach_lopsided_races():
    rng = random.Random(5)
    positions = [corpus.setup("race", rng) for _ in range(300)]
    assert all(KINDS[k] == "race" for k in classify(*as_boards(positions)))
    for pos in positions:
        Position(*(side[1:] for side in pos.boards))
        assert corpus.is_race(pos.boards[0] + pos.boards[1])
    # some races where a side still has checkers in the other's home board (a backgammon at stake)
    deep = [p for p in positions if any(p.boards[1][19:25]) and not any(p.boards[0][7:26])]
    assert len(deep) >= 5
    assert not corpus.is_race(Position.initial().boards[0] + Position.initial().boards[1])


def test_a_race_corpus_keeps_only_races(tmp_path):
    out = tmp_path / "race"
    _run(out, "corpus", "--positions", "150", "--teacher", "net0", "--phase", "race", "--seed", "3")
    boards_, sources = corpus.load(out)
    assert len(boards_) >= 100
    assert all(KINDS[k] == "race" for k in classify(boards_[:, :26], boards_[:, 26:]))
    assert corpus.SOURCES.index("setup") in set(sources.tolist())
    with pytest.raises(ValueError):
        corpus.generate(out, "net0", 10, phase="contact")


def test_the_positions_after_every_play_of_a_roll_are_added_before_labels(tmp_path):
    from engine.moves import legal_leaves

    start = Position.initial()
    rows = corpus.after_plays(start, (3, 1))
    # each play's result, the other side on roll: what a search values after it
    assert sorted(rows) == sorted(tuple(sum(start.apply(p).swapped().boards, ())) for p, *_ in legal_leaves(start, (3, 1)).values())
    home = Position([1, 1] + [0] * 23, [0] * 12 + [15] + [0] * 12)
    assert corpus.after_plays(home, (6, 5)) == []  # its last checkers bear off: the game over
    assert corpus.after_plays(Position([0] * 4 + [1, 1] + [0] * 19, [0] * 12 + [15] + [0] * 12), (2, 1))  # not over

    out = tmp_path / "after"
    out.mkdir()
    first = [start, home]
    np.savez_compressed(out / "positions.npz", boards=np.array([sum(p.boards, ()) for p in first], dtype=np.uint8),
                        source=np.array([0, 2], dtype=np.uint8))
    _run(out, "after-plays", "--count", "1", "--seed", "4")
    boards_, sources = corpus.load(out)
    roll = random.Random(4)
    dice = (roll.randint(1, 6), roll.randint(1, 6))
    added = {tuple(r) for r in corpus.after_plays(start, dice)}
    assert {tuple(int(v) for v in r) for r in boards_} == added | {sum(p.boards, ()) for p in first}
    assert len(boards_) == len(added | {sum(p.boards, ()) for p in first})
    assert sources.tolist().count(2) == 1  # the second position's source, itself only (count 1)
    (out / "labels").mkdir()
    with pytest.raises(InvalidArgumentError):
        corpus.add_after_plays(out, 1)


def test_kinds_of_textbook_positions():
    race = Position([2] * 6 + [0] * 19, [0] * 12 + [3] * 5 + [0] * 8)
    back_game = Position([0, 0, 3, 3, 3, 2] + [0] * 13 + [0, 2, 0, 2, 0, 0], [3, 0, 3, 0, 3, 3, 2, 1] + [0] * 17)
    crashed = Position([5, 4, 2] + [0] * 20 + [2, 0], [0, 2, 2, 2, 2, 2, 2] + [0] * 18)
    found = [KINDS[k] for k in classify(*as_boards([race, back_game, crashed]))]
    assert found == ["race", "back_game", "crashed"]


def test_encoding_v3_adds_timing_contact_and_containment():
    start = Position.initial()
    x = encode_v3(*boards([start]))[0]
    assert x.shape == (N_INPUTS_V3,)
    assert np.array_equal(x[:213], encode_v2(*boards([start]))[0])
    assert x[213] == 0  # nothing on the bar
    assert x[213 + 2] == pytest.approx(1.52)  # 167 pips less 15 x 1 to pass the checkers on my 1-point
    # a checker on the bar against a closed board never enters
    shut = Position([0] * 24 + [1], [2, 2, 2, 2, 2, 2] + [0] * 19)
    assert encode_v3(*boards([shut]))[0, 213] == pytest.approx(1.0)


def _run(out, *argv):
    cli([argv[0], "--out", str(out), *argv[1:]])


@pytest.mark.slow
def test_the_pipeline_end_to_end_resumes_and_reports(tmp_path, capsys):
    out = tmp_path / "teach"
    _run(out, "corpus", "--positions", "400", "--teacher", "net0", "--seed", "2")
    boards_, sources = corpus.load(out)
    assert len(boards_) >= 300 and len(np.unique(boards_, axis=0)) == len(boards_)
    assert set(np.unique(sources)) <= set(range(len(corpus.SOURCES)))
    _run(out, "label", "--teacher", "net0", "--block", "100")
    _run(out, "label", "--teacher", "net1", "--block", "50", "--limit", "100")
    first = sorted((out / "labels" / "net0").glob("b*.npz"))
    stamp = first[0].stat().st_mtime_ns
    first[-1].unlink()  # as if stopped before its last block
    _run(out, "label", "--teacher", "net0", "--block", "100")
    assert first[0].stat().st_mtime_ns == stamp and first[-1].exists()  # only the missing block was made again
    b, p, who = label.best_labels(out, ["net1", "net0"])
    assert len(b) == len(boards_) and int((who == 0).sum()) == 100
    _run(out, "report")
    said = capsys.readouterr().out
    assert "labels net0" in said and "labels net1: 100 positions" in said and "setup" in said
    args = argparse.Namespace(out=out, weights="", hidden=8, epochs=2, lr=3e-3, batch=32, save="", seed=0, inputs=N_INPUTS_V3)
    net = fit.main(args)
    said = capsys.readouterr().out
    assert "pass 2/2" in said and "RMS" in said and "all" in said
    assert isinstance(net, Network) and net.inputs == N_INPUTS_V3 and net.meta["teachers"] == "net1,net0"
    _run(out, "report", "--weights", str(out / "net.npz"), "--teacher", "net0")
    assert "held-out positions: RMS" in capsys.readouterr().out
    # a finished run resumes at its end and trains no more
    args.epochs = 2
    fit.main(args)
    assert "resumed after pass 2" in capsys.readouterr().out
    # one teacher's labels only: a network (and a checkpoint) of its own, not the run above resumed
    only = fit.main(argparse.Namespace(**{**vars(args), "teachers": "net1", "epochs": 1}))
    said = capsys.readouterr().out
    assert "100 labelled positions: net1 100" in said and "resumed" not in said
    assert only.meta["teachers"] == "net1" and (out / "net-net1.npz").exists() and (out / "fit" / "ckpt-net1.npz").exists()
    for wrong, said in (("gnbug2", "unknown teacher 'gnbug2'"), ("gnubg2", "no labels of gnubg2")):
        with pytest.raises(SystemExit, match=said):
            fit.main(argparse.Namespace(**{**vars(args), "teachers": wrong}))


@pytest.mark.slow
def test_a_race_network_answers_for_the_positions_without_contact(tmp_path, capsys):
    out = tmp_path / "teach"
    _run(out, "corpus", "--positions", "500", "--teacher", "net0", "--seed", "4")
    _run(out, "label", "--teacher", "net0", "--block", "250")
    nets = {}
    for phase in ("contact", "race"):
        args = argparse.Namespace(out=out, weights="", hidden=6, epochs=1, lr=3e-3, batch=32, save="", seed=1, inputs=N_INPUTS_V3, phase=phase)
        nets[phase] = fit.main(args)
        assert nets[phase].meta["phase"] == phase
    cli(["combine", "--contact", str(out / "net-contact.npz"), "--race", str(out / "net-race.npz"), "--save", str(out / "both.npz")])
    both = Network.load(out / "both.npz")
    assert both.race is not None
    race = Position([2] * 6 + [0] * 19, [0] * 12 + [3] * 5 + [0] * 8)
    start = Position.initial()
    me, them = boards([race, start])
    got = both.evaluate_boards(me, them)
    assert np.allclose(got[0], nets["race"].evaluate_boards(me[:1], them[:1])[0], atol=1e-6)
    assert np.allclose(got[1], nets["contact"].evaluate_boards(me[1:], them[1:])[0], atol=1e-6)


def test_the_fitting_step_is_the_gradient_of_the_loss_through_every_layer(tmp_path):
    from engine.ai.teach.fit import _params, step
    from engine.ai.train import Adam, train_step

    rng = np.random.default_rng(0)
    x = rng.random((64, N_INPUTS_V3)).astype(np.float32)
    y = rng.random((64, 5)).astype(np.float32)
    # one layer: the same update as the self-play trainer's step
    a, b = Network.random(hidden=7, seed=1, inputs=N_INPUTS_V3), Network.random(hidden=7, seed=1, inputs=N_INPUTS_V3)
    opt_a, opt_b = Adam([p.shape for p in _params(a)]), Adam([p.shape for p in _params(b)])
    step(a, opt_a, x, y)
    train_step(b, opt_b, x, y)
    assert all(np.allclose(p, q, atol=1e-7) for p, q in zip(_params(a), _params(b)))
    # two layers: the loss falls, and the network saves and loads whole
    deep = Network.random(hidden=9, seed=2, inputs=N_INPUTS_V3, more=[4])

    def loss(net):
        p = net.forward(x)
        return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())

    before = loss(deep)
    opt = Adam([p.shape for p in _params(deep)], lr=1e-2)
    for _ in range(50):
        step(deep, opt, x, y)
    assert loss(deep) < before - 0.01
    deep.save(tmp_path / "deep.npz")
    again = Network.load(tmp_path / "deep.npz")
    assert len(again.mid) == 1 and np.allclose(again.forward(x), deep.forward(x))


def test_a_deeper_network_goes_on_from_weights_of_its_own_shape(tmp_path):
    from engine.ai.teach.fit import _start_network

    deep = Network.random(hidden=9, seed=2, inputs=N_INPUTS_V3, more=[4])
    deep = deep.with_race(Network.random(hidden=5, seed=3, inputs=N_INPUTS_V3))
    deep.save(tmp_path / "deep.npz")
    x = np.random.default_rng(1).random((16, N_INPUTS_V3)).astype(np.float32)

    def start(hidden, more):
        return _start_network(argparse.Namespace(weights=str(tmp_path / "deep.npz"), hidden=hidden, more=more, seed=7, inputs=N_INPUTS_V3))

    same = start(9, "4")
    assert np.allclose(same.forward(x), deep.forward(x)) and same.race is None  # the phase's network only
    other = start(9, "6")  # another shape: a new network
    assert [w.shape for w, _ in other.mid] == [(9, 6)] and not np.allclose(other.forward(x), deep.forward(x))


@pytest.mark.slow
def test_labels_of_the_contact_phase_only_leave_the_races_out(tmp_path):
    from engine.ai.encode import contact

    out = tmp_path / "teach"
    _run(out, "corpus", "--positions", "300", "--teacher", "net0", "--seed", "5")
    _run(out, "label", "--teacher", "net0", "--block", "100", "--phase", "contact")
    with np.load(out / "positions.npz") as d:
        every = d["boards"].astype(np.float32)
    boards, probs = label.load_labels(out, "net0")
    touching = contact(every[:, :26], every[:, 26:]) > 0
    assert 0 < touching.sum() < len(every)  # the corpus has both
    assert len(boards) == touching.sum() and (contact(boards[:, :26].astype(np.float32), boards[:, 26:].astype(np.float32)) > 0).all()
    assert probs.shape == (len(boards), 5)
    with pytest.raises(ValueError):
        label.label(out, "net0", phase="races")
