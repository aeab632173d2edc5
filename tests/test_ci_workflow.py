"""The GitHub workflow (.github/workflows/build.yml) is .ci/run on three
systems: the same commands in the same order, the same spec, the same smoke
test and its line.  It cannot run here; this keeps the two from drifting."""

from __future__ import annotations

import re

from support import ROOT

RUN = ROOT / ".ci" / "run"
WORKFLOW = ROOT / ".github" / "workflows" / "build.yml"


def _commands(text: str, tool_dir: str) -> list:
    """The project's commands in order, each as its words after the tool's
    folder (``.venv/bin/ruff check .`` and ``"$BIN/ruff" check .`` alike:
    ``ruff check .``), quotes aside."""
    out = []
    for match in re.finditer(tool_dir + r"/(\w+)\"?([^\n|&]*)", text):
        words = (match.group(1) + match.group(2)).replace('"', "").replace("'", "")
        out.append(" ".join(words.split()))
    return out


def test_the_workflow_runs_the_steps_of_ci_run_in_the_same_order():
    run = _commands(RUN.read_text(encoding="utf-8"), r"\.venv/bin")
    flow = _commands(WORKFLOW.read_text(encoding="utf-8"), r"\$BIN")
    assert run == [
        "pip install -q -e .[test]",
        "ruff check .",
        "mypy",
        "python -m pytest -q",
        "python -m pytest -q engine tests/test_ai.py tests/test_analysis.py tests/test_api_errors.py tests/test_bearoff.py tests/test_compiled.py tests/test_cube_advice.py tests/test_engine_surface.py tests/test_game.py tests/test_golden.py tests/test_ids.py tests/test_kinds.py tests/test_longrace.py tests/test_match_cube.py tests/test_matfile.py tests/test_notation.py tests/test_position.py tests/test_properties.py tests/test_rules.py tests/test_rollout.py",
        "pip install -q pyinstaller>=6",
        "pyinstaller build_exe.spec --noconfirm --clean --log-level WARN",
    ]
    assert flow == run


def test_the_workflow_smoke_tests_the_build_as_ci_run_does_on_three_systems():
    run, flow = RUN.read_text(encoding="utf-8"), WORKFLOW.read_text(encoding="utf-8")
    line = re.search(r'grep -q "(smoke test: [^"]+)"', run).group(1)
    assert f'grep -q "{line}"' in flow
    for words in ("SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy", "BACKGAMMON_HOME=", "--smoke-test", "300"):
        assert words in run and words in flow, words
    assert "dist/backgammon/backgammon --smoke-test" in run
    assert "PROGRAM=dist/backgammon/backgammon.exe" in flow and "PROGRAM=dist/backgammon/backgammon\"" in flow
    assert re.search(r"os: \[ubuntu-latest, windows-latest, macos-latest\]", flow)
    assert "build_exe.spec" in flow and (ROOT / "build_exe.spec").is_file()
    assert "smoke-test.txt" in flow  # where a windowed Windows build leaves its line


def test_a_build_without_standard_output_leaves_the_smoke_line_in_the_data_folder(monkeypatch, backgammon_home, capsys):
    import sys

    from game.__main__ import SMOKE_FILE, say_smoke

    say_smoke("smoke test: expert against itself, printed")
    assert capsys.readouterr().out == "smoke test: expert against itself, printed\n"
    monkeypatch.setattr(sys, "stdout", None)  # a windowed PyInstaller build on Windows
    say_smoke("smoke test: expert against itself, no console")
    assert (backgammon_home / SMOKE_FILE).read_text(encoding="utf-8") == "smoke test: expert against itself, no console\n"
