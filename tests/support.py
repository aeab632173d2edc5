"""Paths and helpers shared by the tests."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
OUTPUT = ROOT / "tests" / "output"
