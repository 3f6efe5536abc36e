"""Where things are in the repository; cheap to import, so the grader can
check a kata's name before it spends anything on reading the kata."""

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
KATAS = ROOT / "katas"
SOLUTIONS = ROOT / "solutions"
SPECS = ROOT / "tests"
METADATA = "kata.toml"
# Folders of tests/ that hold the grader and the self-tests, never a kata.
RESERVED = frozenset({"harness", "selftest"})
# The grader itself.
GRADER = SPECS / "harness"


def state() -> Path:
    """The learner's state (progress, backups, what a check keeps for the next):
    .katas/, gitignored; KATAS_STATE moves it (the self-tests do)."""
    return Path(os.environ.get("KATAS_STATE") or ROOT / ".katas")


def kata_names() -> list[str]:
    found = (path.parent.name for path in SPECS.glob(f"*/{METADATA}"))
    return sorted(name for name in found if name not in RESERVED)


def is_kata(name: str) -> bool:
    usable = bool(name) and "/" not in name and name not in RESERVED
    return usable and (SPECS / name / METADATA).is_file()
