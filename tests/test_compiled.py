"""The compiled engine (engine/compiled.py, setup.py) and the pure one: the
same plays and the same search values for the same positions; the choice of
build said by ``--version``; the stamp that keeps an edited source from
running stale compiled code."""

import json
import os
import subprocess
import sys

import pytest
from support import ROOT

from engine import compiled
from engine.moves import legal_leaves

SCRIPT = r"""
import json, random, sys
sys.path.insert(0, "benchmarks")
from movegen import reachable_positions, ROLLS
from engine.moves import legal_leaves
from engine.ai import search
from engine.ai.bots import get_bot, default_network
from engine.ai import race
from engine.compiled import describe
positions = reachable_positions(40, seed=17)
leaves = [[[list(map(list, k)), [list(map(list, v[0])), list(v[1])]] for k, v in legal_leaves(p, r).items()] for p in positions for r in ROLLS]
expert = get_bot("expert", seed=1)
rng = random.Random(5)
plays = [list(map(list, expert.choose_play(p, (rng.randint(1, 6), rng.randint(1, 6))))) for p in positions[:12]]
net = default_network()
ev = lambda a, b: race.evaluate_boards(net.evaluate_boards, a, b)
keys = search.leaf_keys(positions[3], (6, 5))[:2]
deep = [round(float(v), 6) for v in search.two_ply(ev, keys)]
print(json.dumps({"build": describe(), "leaves": leaves, "plays": plays, "deep": deep}))
"""


def _run(pure: bool) -> dict:
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE_ENV}
    if pure:
        env[compiled.PURE_ENV] = "1"
    proc = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


@pytest.mark.slow
def test_the_compiled_and_the_pure_engine_give_the_same_plays_and_values():
    pure, built = _run(True), _run(False)
    assert pure["build"] == "pure Python"
    if os.environ.get("BACKGAMMON_EXPECT_COMPILED"):  # CI: the editable install must have compiled it
        assert built["build"].startswith("compiled (mypyc)"), built["build"]
    assert built["leaves"] == pure["leaves"]  # every legal play of 40 positions x 21 rolls, in the same order
    assert built["plays"] == pure["plays"]
    assert built["deep"] == pure["deep"]


def test_describe_names_the_running_build():
    text = compiled.describe()
    running = [m for m in compiled.MODULES if compiled.is_compiled(sys.modules[m])]
    if running:
        assert text.startswith("compiled (mypyc)") or text.startswith("partly compiled")
        assert all(name in text for name in running)
    else:
        assert text == "pure Python"
    if os.environ.get(compiled.PURE_ENV, "").strip() not in ("", "0"):
        assert text == "pure Python"


def test_the_version_says_which_engine_runs():
    env = dict(os.environ, **{compiled.PURE_ENV: "1"})
    out = subprocess.run([sys.executable, "-m", "game", "--version"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip().endswith("(engine: pure Python)"), out.stdout + out.stderr


def test_the_stamp_names_every_compiled_source(tmp_path):
    lines = [f"{name} {compiled.source_digest(ROOT.joinpath(*name.split('.')).with_suffix('.py'))}" for name in compiled.MODULES]
    assert len(lines) == len(compiled.MODULES) and all(len(line.split()[1]) == 64 for line in lines)
    paths = compiled.source_paths(ROOT)
    assert [p.endswith(name.replace(".", os.sep) + ".py") for name, p in zip(compiled.MODULES, paths)] == [True] * len(paths)


def test_a_stale_compiled_module_is_not_used(tmp_path, monkeypatch):
    # a copy of the engine's compiled sources with a fake built module beside one, and a stamp that
    # no longer matches its source: stale() names it
    engine_dir = tmp_path / "engine"
    (engine_dir / "ai").mkdir(parents=True)
    for name in compiled.MODULES:
        src = ROOT.joinpath(*name.split(".")).with_suffix(".py")
        dest = tmp_path.joinpath(*name.split(".")).with_suffix(".py")
        dest.write_bytes(src.read_bytes())
        dest.with_name(dest.stem + ".cpython-fake.so").write_bytes(b"")
    monkeypatch.setattr(compiled, "STAMP", engine_dir / "compiled.stamp")
    monkeypatch.setattr(compiled, "__file__", str(engine_dir / "compiled.py"))
    compiled.write_stamp(tmp_path)
    assert compiled.stale() == ()
    moves = tmp_path / "engine" / "moves.py"
    moves.write_text(moves.read_text() + "\n# edited\n")
    assert compiled.stale() == ("engine.moves",)


def test_the_generator_answers_the_same_through_the_trusted_entry():
    from engine import Position
    from engine.moves import key_leaves

    pos = Position.initial()
    for roll in ((3, 1), (6, 6), (5, 2)):
        assert key_leaves(*pos.key, *roll) == legal_leaves(pos, roll)
