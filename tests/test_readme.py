"""The README, read in two minutes: short, its first screen the two commands
(play; run the tests), the picture, links that lead somewhere; the rest in
docs/, whose links lead somewhere too; no paths of one machine."""

from __future__ import annotations

import re

from support import ROOT

README = ROOT / "README.md"
PLAY = "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/python -m game"
TESTS = "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/python -m pytest -q"
PAGES = [README, ROOT / "CONTRIBUTING.md"] + sorted((ROOT / "docs").glob("*.md"))


def test_the_readme_is_short_and_starts_with_the_two_commands():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200
    first_screen = "\n".join(lines[:25])
    assert f"    {PLAY}" in first_screen and f"    {TESTS}" in first_screen
    assert "![" in first_screen and "(docs/screenshot.png)" in first_screen
    for heading in ("## On a fresh machine", "## What is in it", "## Documentation", "## The computer players"):
        assert any(line.startswith(heading) for line in lines), heading


def test_the_readme_links_every_page_of_the_docs():
    text = README.read_text(encoding="utf-8")
    for page in ("docs/playing.md", "docs/friend-play.md", "docs/review-and-files.md", "docs/building.md",
                 "docs/architecture.md", "docs/protocol.md", "docs/strength.md", "docs/performance.md", "CONTRIBUTING.md"):
        assert f"({page}" in text, page


def test_every_relative_link_and_anchor_leads_somewhere():
    def anchors(page):
        return {re.sub(r"[^\w\- ]", "", h.strip("# ").lower()).replace(" ", "-")
                for h in page.read_text(encoding="utf-8").splitlines() if h.startswith("#")}

    for page in PAGES:
        for target in re.findall(r"\]\(([^)\s]+)\)", page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            assert linked.exists(), (page.name, target)
            if anchor:
                assert anchor in anchors(linked), (page.name, target)


def test_no_page_names_a_path_of_one_machine():
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"(/home/|/Users/|/root/|/tmp/|/work/|C:\\\\Users)", text), page.name
