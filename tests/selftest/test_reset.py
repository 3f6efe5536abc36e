"""`make reset`: the shipped starter comes back, and the learner's files are kept."""

import subprocess

import pytest

from tests.harness.core import files
from tests.harness.core.layout import ROOT, kata_names
from tests.harness.kata import catalog, starter

KATAS = [catalog.load(name) for name in kata_names()]


def by_name(kata: catalog.Kata) -> str:
    return kata.name


def committed(kata: catalog.Kata, name: str) -> bytes:
    """katas/<kata>/<name> as committed; the working tree outside a git checkout."""
    relative = kata.starter_dir.relative_to(ROOT) / name
    shown = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"HEAD:{relative.as_posix()}"], capture_output=True
    )
    return shown.stdout if shown.returncode == 0 else (ROOT / relative).read_bytes()


@pytest.mark.parametrize("kata", KATAS, ids=by_name)
def test_the_shipped_starter_is_the_committed_one(kata):
    """Planted bugs applied to the reference, hand-written files, the README without
    its answers: together they rebuild katas/<kata>/ byte for byte."""
    shipped = starter.shipped(kata)
    listed = sorted(files.every_file(kata.starter_dir))  # a package's files too
    assert sorted(shipped) == listed
    for name, data in shipped.items():
        assert data == committed(kata, name), (
            f"katas/{kata.name}/{name} is not what make reset would write back: "
            "the starter and its sources (kata.toml's bugs, tests/<kata>/starter/, "
            "the solution's README) have drifted apart"
        )


def learner_copy(kata: catalog.Kata, folder):
    """A learner's folder: the starter, one file edited, a file and a folder added."""
    for name, data in starter.shipped(kata).items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    module = folder / kata.files[0]
    module.write_bytes(module.read_bytes() + b"\n# my fix, in progress\n")
    (folder / "scratch.py").write_text("print('trying things')\n")
    (folder / "notes").mkdir()
    (folder / "notes" / "plan.txt").write_bytes(bytes(range(256)))
    (folder / "__pycache__").mkdir()
    (folder / "__pycache__" / "x.pyc").write_bytes(b"cache")
    return folder


@pytest.mark.parametrize("kata", KATAS, ids=by_name)
def test_reset_backs_up_every_file_then_restores_the_starter(kata, tmp_path):
    folder = learner_copy(kata, tmp_path / "mine")
    before = files.every_file(folder)
    done = starter.reset(kata, folder, tmp_path / "backups")
    assert done.backup is not None and done.backup.parent == tmp_path / "backups" / kata.name
    assert files.every_file(done.backup) == before, "the backup is not byte-identical"
    assert files.every_file(folder) == starter.shipped(kata)
    assert not (folder / "__pycache__").exists() and not (folder / "notes").exists()
    assert done.restored == (kata.files[0],)
    assert set(done.removed) == {"scratch.py", "notes/plan.txt"}


def test_an_untouched_kata_has_nothing_to_reset(tmp_path):
    kata = KATAS[0]
    folder = tmp_path / "mine"
    folder.mkdir()
    for name, data in starter.shipped(kata).items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    done = starter.reset(kata, folder, tmp_path / "backups")
    assert done.backup is None and not (tmp_path / "backups").exists()


def test_resets_in_the_same_second_never_share_a_backup(tmp_path):
    kata = KATAS[0]
    folder = learner_copy(kata, tmp_path / "mine")
    backups = []
    for attempt in range(3):
        (folder / "scratch.py").write_text(f"attempt {attempt}\n")
        backups.append(starter.reset(kata, folder, tmp_path / "backups").backup)
    assert len(set(backups)) == 3
    texts = [(backup / "scratch.py").read_text() for backup in backups]
    assert texts == ["attempt 0\n", "attempt 1\n", "attempt 2\n"]


def test_a_backup_that_cannot_be_written_changes_nothing(tmp_path):
    kata = KATAS[0]
    folder = learner_copy(kata, tmp_path / "mine")
    before = files.every_file(folder)
    blocked = tmp_path / "backups"
    blocked.write_text("a file where the backups folder should be")
    with pytest.raises(starter.ResetError):
        starter.reset(kata, folder, blocked)
    assert files.every_file(folder) == before
