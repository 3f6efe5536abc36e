"""A learner's folder as the learner loop sees it: which files count, and
whether they changed.

Grading reads the kata's Python files; a watch loop polls them with os.stat
(which works on WSL, NFS and network drives, where inotify does not) and
re-grades only when their bytes changed; a hint reuses the latest check when
the fingerprint of the files it graded is still the same.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
from pathlib import Path


def graded(folder: Path) -> list[Path]:
    """The Python files of `folder` and of its packages, by path (nothing hidden, no
    cache): what a save may change. A folder linked into it is walked as Python imports
    through it, but a link back up to a folder being walked is not."""
    return sorted(_python_files(folder, frozenset()))


def _python_files(folder: Path, walking: frozenset[tuple[int, int]]) -> list[Path]:
    seen = os.stat(folder)
    walking |= {(seen.st_dev, seen.st_ino)}
    found = []
    for entry in os.scandir(folder):
        if _hidden(entry.name):
            continue
        path = Path(entry.path)
        if entry.is_dir():
            inside = entry.stat()
            if (inside.st_dev, inside.st_ino) not in walking:
                found += _python_files(path, walking)
        elif entry.name.endswith(".py") and entry.is_file():
            found.append(path)
    return found


def _hidden(name: str) -> bool:
    return name.startswith(".") or name == "__pycache__"


def python_source(path: Path) -> str:
    """The text of a Python file of the learner's as Python reads it: a UTF-8 BOM or a
    coding line says how it is encoded (SyntaxError or ValueError if it lies)."""
    return importlib.util.decode_source(path.read_bytes())


def fingerprint(folder: Path) -> str:
    """A digest of the graded files' names and bytes: equal exactly when they are."""
    return _digest(_contents(folder))


def snapshot(folder: Path, into: Path) -> str:
    """Copy the graded files of `folder` into `into` as they are now (but those that
    cannot be read), and return their fingerprint: one check grades, and records, one
    version of the learner's files, however often they are saved while it runs."""
    contents = _contents(folder)
    for name, data in contents:
        if data is not None:
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            (into / name).write_bytes(data)
    return _digest(contents)


def _contents(folder: Path) -> list[tuple[str, bytes | None]]:
    """The graded files of `folder` by relative path, with their bytes (None: unreadable)."""
    contents: list[tuple[str, bytes | None]] = []
    for path in graded(folder):
        try:
            data: bytes | None = path.read_bytes()
        except OSError:
            data = None
        contents.append((path.relative_to(folder).as_posix(), data))
    return contents


def _digest(contents: list[tuple[str, bytes | None]]) -> str:
    digest = hashlib.sha256()
    for name, data in contents:
        data = b"\0unreadable" if data is None else data
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()


def signature(folder: Path) -> tuple[tuple[str, int, int, int], ...]:
    """What os.stat says of each graded file: cheap to poll, changes with every save."""
    seen = []
    for path in graded(folder):
        try:
            info = path.stat()
        except OSError:  # deleted between the listing and the stat
            continue
        seen.append(
            (path.relative_to(folder).as_posix(), info.st_mtime_ns, info.st_size, info.st_ino)
        )
    return tuple(seen)


def every_file(folder: Path) -> dict[str, bytes]:
    """Every file below `folder` by relative path, bytecode caches aside: what a reset backs up."""
    found = {}
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if path.is_file() and "__pycache__" not in relative.parts:
            found[relative.as_posix()] = path.read_bytes()
    return found


def write_atomically(path: Path, data: bytes) -> None:
    """Write `path` so that a reader sees the old bytes or the new, never half of them."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with temporary.open("wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
