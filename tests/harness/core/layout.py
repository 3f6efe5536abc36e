"""Where things are in the repository; cheap to import, so the grader can
check a kata's name before it spends anything on reading the kata."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
KATAS = ROOT / "katas"
SOLUTIONS = ROOT / "solutions"
SPECS = ROOT / "tests"
METADATA = "kata.toml"
# Folders of tests/ that hold the grader and the self-tests, never a kata.
RESERVED = frozenset({"harness", "selftest"})


def kata_names() -> list[str]:
    found = (path.parent.name for path in SPECS.glob(f"*/{METADATA}"))
    return sorted(name for name in found if name not in RESERVED)


def is_kata(name: str) -> bool:
    usable = bool(name) and "/" not in name and name not in RESERVED
    return usable and (SPECS / name / METADATA).is_file()
