"""Build wrong versions of a reference solution from the catalogue's edits.

A single-bug variant is the reference with one defect's edits applied; a
planted starter is the reference with every planted defect applied. Keeping
them as edits rather than copies means a variant can never drift from the
reference it claims to break: an edit that no longer matches fails loudly.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterable
from pathlib import Path

from tests.harness.kata.catalog import Defect, Kata


def build(kata: Kata, defects: Iterable[Defect], folder: Path) -> Path:
    """Write the reference's files to `folder` with `defects` applied, in order."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in kata.files:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(kata.solution_dir / name, folder / name)
    for defect in defects:
        path = folder / defect.file
        path.write_text(defect.apply(path.read_text(encoding="utf-8")), encoding="utf-8")
    return folder
