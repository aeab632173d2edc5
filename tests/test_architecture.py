"""The shape of the code, checked: no import cycles (lazy imports and imports
for type hints count), the client's packages in layers, no module importing
another's private names, no scene importing another scene, the engine
without pygame, and the size limits of the developers' guide."""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path
from typing import Dict, List, Set, Tuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "game")
#: modules of game/scenes that are not scenes (the package, the flow, the friend screen's parts)
SCENE_HELPERS = {"game.scenes", "game.scenes.flow", "game.scenes.friendviews", "game.scenes.friendhost", "game.scenes.friendinvite"}
#: the scenes built on another scene (a variant of it, not a way to it): the kiosk's
#: attract mode is the match scene playing itself
EXTENDS = {"game.scenes.attract": "game.scenes.match"}

#: the top of game/: the package, the app, its loop, its kiosk mode and the entry points
#: (python -m game, python -m game.screenshot, backgammon-server, the tests' and benchmarks' hands)
TOP = {"game", "game.__main__", "game.app", "game.loop", "game.kiosk", "game.screenshot", "game.server", "game.testing"}
#: the parts of game/ (each package, and each module at its top), from the floor up, and the
#: only other parts each may import (the engine aside, and "game" itself, which holds only the
#: version): the order docs/architecture.md writes down ("The order of the parts")
LAYERS = {
    "game.words": set(),
    "game.system": {"game.words"},
    "game.store": {"game.words"},
    "game.net": {"game.store"},
    "game.play": {"game.words", "game.store", "game.net"},
    "game.board": {"game.words", "game.system", "game.play"},
    "game.input": {"game.board"},
    "game.ui": {"game.words", "game.system", "game.store", "game.net", "game.play", "game.board", "game.input"},
    "game.match": {"game.words", "game.system", "game.store", "game.net", "game.play", "game.board", "game.input", "game.ui"},
    "game.scenes": {"game.words", "game.system", "game.store", "game.net", "game.play", "game.board", "game.input", "game.ui",
                    "game.match"},
    "game.kiosk": {"game.ui", "game.scenes"},
    "game.loop": {"game.ui"},
    "game.app": {"game.words", "game.system", "game.store", "game.net", "game.play", "game.board", "game.input", "game.ui",
                 "game.kiosk", "game.loop"},
    "game.__main__": {"game.system", "game.store", "game.play", "game.scenes", "game.kiosk", "game.app"},
    "game.testing": {"game.store", "game.play", "game.ui", "game.scenes", "game.app"},
    "game.screenshot": {"game.words", "game.store", "game.testing", "game.__main__"},
    "game.server": {"game.net"},
}
#: lower packages without pygame (the match in play is tested without it)
NO_PYGAME = ("game.store", "game.play", "game.net")
#: the only modules that know the app itself (they make it); the flow knows it as
#: game.scenes.flow.FlowHost, the other screens as game.ui.host.AppHost
KNOW_THE_APP = {"game.__main__", "game.testing"}


def _modules() -> Dict[str, Path]:
    out = {}
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    return out


MODULES = _modules()


def _resolve(module: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if not MODULES[module].name == "__init__.py":
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


@lru_cache(maxsize=None)
def _tree(module: str) -> ast.Module:
    """``module`` parsed, once for all the tests here (they only read the tree)."""
    return ast.parse(MODULES[module].read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def _imports(module: str) -> Tuple[tuple, ...]:
    """(imported module, names) for every import in ``module``, anywhere in
    it: in functions (a lazy import is an import) and under ``if
    TYPE_CHECKING:`` (an import for type hints is one too: it ties the
    modules together as much for the reader and the type checker)."""
    out = []
    for node in ast.walk(_tree(module)):
        if isinstance(node, ast.Import):
            out.extend((alias.name, ()) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(module, node)
            names = tuple(alias.name for alias in node.names)
            out.append((target, names))
            # "from pkg import module" imports a module
            for name in names:
                if f"{target}.{name}" in MODULES:
                    out.append((f"{target}.{name}", ()))
    return tuple(out)


@lru_cache(maxsize=None)
def _graph() -> Dict[str, Set[str]]:
    graph: Dict[str, Set[str]] = {}
    for module in MODULES:
        deps = set()
        for target, _ in _imports(module):
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != module and not module.startswith(target + "."):
                deps.add(target)
        graph[module] = deps
    return graph


def _package(module: str) -> str:
    """The part of the client ``module`` belongs to: ``game.<package>``, or
    the module itself at the top of game/."""
    if module in TOP:
        return module
    return ".".join(module.split(".")[:2])


def test_no_import_cycles_lazy_and_type_hint_imports_included():
    graph = _graph()
    state: Dict[str, int] = {}
    cycles: List[List[str]] = []

    def visit(node: str, path: List[str]) -> None:
        state[node] = 1
        for dep in sorted(graph[node]):
            if state.get(dep) == 1:
                cycles.append(path[path.index(dep):] + [dep] if dep in path else [node, dep])
            elif dep not in state:
                visit(dep, path + [dep])
        state[node] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    assert not cycles, "import cycles: " + "; ".join(" -> ".join(c) for c in cycles)


def test_every_folder_of_code_is_a_package():
    """setup.py's find_packages ships only folders with an ``__init__.py``."""
    missing = sorted({p.parent.relative_to(ROOT).as_posix() for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")
                      if not (p.parent / "__init__.py").is_file()})
    assert not missing, missing


def test_the_top_of_game_holds_only_the_app_its_loop_and_the_entry_points():
    game = [m for m in MODULES if m.split(".")[0] == "game"]
    top = {m for m in game if m.count(".") <= 1 and MODULES[m].name != "__init__.py"} | {"game"}
    assert top == TOP, sorted(top ^ TOP)


def test_every_part_of_game_has_its_place_in_the_order():
    """A new package (or module at the top) of game/ is placed in LAYERS,
    and so in the order the docs write down."""
    parts = {_package(m) for m in MODULES if m.split(".")[0] == "game"} - {"game"}
    assert parts == set(LAYERS), sorted(parts ^ set(LAYERS))


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_each_part_of_game_imports_only_the_parts_under_it(layer):
    allowed = LAYERS[layer] | {layer, "game"}  # "game": the package itself (its version)
    found = [f"{module} imports {dep}" for module, deps in _graph().items() if _package(module) == layer
             for dep in sorted(deps) if dep.split(".")[0] == "game" and _package(dep) not in allowed]
    assert not found, found


def test_the_layers_are_a_layering():
    """No part may reach itself through the parts it may import."""
    for layer in LAYERS:
        reach: Set[str] = set()
        todo = list(LAYERS[layer])
        while todo:
            dep = todo.pop()
            if dep not in reach:
                reach.add(dep)
                todo.extend(LAYERS.get(dep, ()))
        assert layer not in reach, layer


def _part_graph() -> Dict[str, Dict[str, List[str]]]:
    """part -> the parts of game/ it imports -> the imports that tie them
    (lazy ones and those for type hints included, as in the module graph)."""
    parts: Dict[str, Dict[str, List[str]]] = {}
    for module, deps in _graph().items():
        if module.split(".")[0] != "game":
            continue
        part = _package(module)
        edges = parts.setdefault(part, {})
        for dep in sorted(deps):
            if dep.split(".")[0] == "game" and _package(dep) != part:
                edges.setdefault(_package(dep), []).append(f"{module} -> {dep}")
    return parts


def test_the_parts_of_game_form_no_import_cycle():
    """Drawn from the imports themselves (whatever LAYERS says): no package
    of game/, nor module at its top, reaches itself through the others."""
    graph = _part_graph()
    state: Dict[str, int] = {}
    cycles: List[str] = []

    def visit(node: str, path: List[str]) -> None:
        state[node] = 1
        for dep in sorted(graph.get(node, {})):
            if state.get(dep) == 1:
                loop = path[path.index(dep):] + [dep]
                ties = [graph[a][b][0] for a, b in zip(loop, loop[1:])]
                cycles.append(" -> ".join(loop) + " (" + "; ".join(ties) + ")")
            elif dep not in state:
                visit(dep, path + [dep])
        state[node] = 2

    for part in sorted(graph):
        if part not in state:
            visit(part, [part])
    assert not cycles, "cycles between the parts of game/: " + " | ".join(cycles)


def test_the_docs_write_down_the_same_order():
    """docs/architecture.md's table of the parts says what LAYERS says."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## The order of the parts", 1)[1].split("\n## ", 1)[0]

    def part(name: str) -> str:
        return "game." + name.rstrip("/").removesuffix(".py")

    written = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[0].startswith("`"):
            written[part(cells[0].strip("`"))] = {part(n) for n in re.findall(r"`([^`]+)`", cells[1])}
    assert written == LAYERS, sorted(k for k in set(written) | set(LAYERS) if written.get(k) != LAYERS.get(k))
    assert list(written) == list(LAYERS), "the docs list the parts in another order"


@pytest.mark.parametrize("layer", NO_PYGAME)
def test_the_store_the_match_in_play_and_the_network_never_import_pygame(layer):
    found = [m for m in MODULES if _package(m) == layer for target, _ in _imports(m) if target.split(".")[0] in ("pygame", "pygame_gui")]
    assert not found, found


def test_only_the_entry_points_know_the_app():
    found = [m for m, deps in _graph().items() if "game.app" in deps and m not in KNOW_THE_APP]
    assert not found, found


def test_no_scene_imports_another_scene_only_the_flow_knows_them():
    scenes = [m for m in MODULES if m.startswith("game.scenes.") and m not in SCENE_HELPERS]
    assert {"game.scenes.lobby", "game.scenes.match", "game.scenes.result", "game.scenes.dialog", "game.scenes.attract"} <= set(scenes)
    found = []
    for module in scenes:
        for target, _ in _imports(module):
            if target in scenes and target != module and EXTENDS.get(module) != target:
                found.append(f"{module} imports {target}")
    assert not found, found
    # and who follows whom is said in one place: scenes only ask the app's flow
    switching = [m for m in scenes + ["game.kiosk"]
                 if re.search(r"\b(app\.switch|scenes\.(push|pop|replace|reset))\(", MODULES[m].read_text(encoding="utf-8"))]
    assert not switching, switching


@pytest.mark.parametrize("module", sorted(EXTENDS))
def test_a_scene_imports_the_scene_it_extends_only_to_extend_it(module):
    """What a variant takes of the scene it is built on: its base class, nothing else."""
    target = EXTENDS[module]
    names = {name for t, imported in _imports(module) if t == target for name in imported}
    bases = {b.id for node in ast.walk(_tree(module)) if isinstance(node, ast.ClassDef)
             for b in node.bases if isinstance(b, ast.Name)}
    assert names and names <= bases, (module, sorted(names - bases))


def test_no_module_imports_another_modules_private_names():
    found = []
    for module in MODULES:
        for target, names in _imports(module):
            for name in names:
                if name.startswith("_") and not name.startswith("__") and target != module:
                    found.append(f"{module} imports {target}.{name}")
    assert not found, found


def test_the_engine_never_imports_pygame():
    found = [m for m in MODULES if m.startswith("engine") for target, _ in _imports(m) if target.split(".")[0] in ("pygame", "pygame_gui", "game")]
    assert not found, found


def test_no_class_over_300_lines_no_module_over_500():
    long_modules, long_classes = [], []
    for module, path in MODULES.items():
        text = path.read_text(encoding="utf-8")
        if len(text.splitlines()) > 500:  # the words live in the catalogs (game/locale), not in modules
            long_modules.append(f"{module}: {len(text.splitlines())} lines")
        for node in ast.walk(_tree(module)):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                n = node.end_lineno - node.lineno + 1
                if n > 300:
                    long_classes.append(f"{module}.{node.name}: {n} lines")
    assert not long_modules and not long_classes, long_modules + long_classes


@pytest.mark.parametrize("private", [r"\._b\b", r"\._o\b", r"\._raw\("])
def test_board_internals_are_read_only_inside_position(private):
    """The computer players use Position.boards / key / from_boards, not the insides."""
    paths = dict(MODULES)
    paths.update({f"benchmarks.{p.stem}": p for p in (ROOT / "benchmarks").glob("*.py")})
    found = [m for m, path in paths.items() if m != "engine.position" and re.search(private, path.read_text(encoding="utf-8"))]
    assert not found, found


def test_the_game_and_the_play_path_never_load_the_teacher():
    # GNU Backgammon teaches at training time only: nothing outside engine/ai/teach imports it
    # or the teaching package, and a whole game of the client loads neither.
    import os
    import re
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    teaching = re.compile(r"^\s*(import gnubg|from gnubg|from engine\.ai\.teach|import engine\.ai\.teach|from \.+teach\b|from \.+ai\.teach)", re.M)
    for folder in ("game", "engine"):
        for path in (root / folder).rglob("*.py"):
            if "teach" not in path.relative_to(root).parts:
                assert not teaching.search(path.read_text(encoding="utf-8")), path
    code = (
        "import sys, engine, game.__main__\n"
        "from engine import Position, get_bot\n"
        "get_bot('expert', seed=1).choose_play(Position.initial(), (3, 1))\n"
        "print(sorted(m for m in sys.modules if m == 'gnubg' or m.startswith('engine.ai.teach')))\n"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"
