"""The hash_ring kata matches its seed: the README's table and example."""

import importlib.util
import re

from tests.harness.kata import catalog

KATA = catalog.load("hash_ring")
ROW = re.compile(r"^\| (point|key) (\S+) \| ([\d,]+) \|$", re.MULTILINE)


def load(name: str):
    spec = importlib.util.spec_from_file_location(
        f"reference_{name}", KATA.solution_dir / f"{name}.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_readme_table_is_what_ringhash_computes_in_ring_order():
    position = load("ringhash").position
    rows = ROW.findall((KATA.starter_dir / "README.md").read_text(encoding="utf-8"))
    assert len(rows) == 9, f"expected the seed's 9 rows, found {len(rows)}"
    numbers = [int(number.replace(",", "")) for _, _, number in rows]
    for (_, text, _), number in zip(rows, numbers, strict=True):
        assert position(text) == number, f"position({text!r}) is {position(text):,}, not {number:,}"
    assert numbers == sorted(numbers), "the table is not in ring order"
