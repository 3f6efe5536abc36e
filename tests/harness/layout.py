"""Where things are in the repository; cheap to import, so the grader can
check a kata's name before it spends anything on reading the kata."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KATAS = ROOT / "katas"
SOLUTIONS = ROOT / "solutions"
SPECS = ROOT / "tests"
METADATA = "kata.toml"


def kata_names() -> list[str]:
    return sorted(path.parent.name for path in SPECS.glob(f"*/{METADATA}"))


def is_kata(name: str) -> bool:
    return bool(name) and "/" not in name and (SPECS / name / METADATA).is_file()
