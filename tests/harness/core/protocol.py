"""What the grading child and the supervisor say to each other, in one place.

The supervisor hands the child a `Request` (one JSON line on its stdin, so a
child can be started ahead of time and wait for it); the child answers
with a stream of events, one JSON line each, on a pipe. Both ends use the
types here and `encode`/`decode`, so a name or a field is written once. The
plugin only emits events; the grading only reads them.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
from dataclasses import dataclass
from enum import Enum
from pathlib import Path


class ProtocolError(Exception):
    """A line on the pipe that is not an event of this protocol."""


class Status(str, Enum):
    """A test's verdict. The first four are Exercism's statuses plus `timeout`."""

    PASS = "pass"
    FAIL = "fail"
    TIMEOUT = "timeout"
    ERROR = "error"
    # Own tests only, once judged against the specification:
    WEAK = "weak"  # agrees, but passes on a defect it is there to catch
    PENDING = "pending"  # not judged: some spec test still fails
    # A whole check only: ONLY= ran some spec tests, and they all passed.
    PARTIAL = "partial"

    def __str__(self) -> str:
        return self.value


# How bad an outcome is: a test's verdict is the worst of its phases'.
SEVERITY = (Status.PASS, Status.FAIL, Status.TIMEOUT, Status.ERROR)


class Role(str, Enum):
    """What a group of tests is run for."""

    SPEC = "spec"  # the kata's spec tests, on the learner's code
    OWN_REFERENCE = "own_reference"  # the learner's own tests, on the reference
    OWN_YOURS = "own_yours"  # the learner's own tests, on the learner's code
    OWN_VARIANT = "own_variant"  # some of them, on a single-defect variant they must catch


# A regression run's name for the starter as shipped, beside the defects' ids.
STARTER = "the-starter"


@dataclass(frozen=True)
class Group:
    """Tests run together: where their files are, and where their modules come from."""

    role: Role
    tests: Path  # the folder of its test files
    source: Path  # the folder the kata's modules are imported from
    defect: str = ""  # a variant's group: the id of the defect (or STARTER) it runs on
    only: tuple[str, ...] | None = None  # run only these tests of the files, if given


@dataclass(frozen=True)
class TestId:
    """One test of one group of a grading: unique within the grading."""

    __test__ = False  # a value, not a test class, to pytest

    role: Role
    defect: str  # the group's defect, "" for the learner's own folder
    file: str  # the test file, relative to its group's folder
    name: str  # the test function

    @property
    def key(self) -> str:
        """The id as one string: how events name their test on the pipe."""
        group = f"{self.role.value}:{self.defect}" if self.defect else self.role.value
        return f"{group}:{self.file}::{self.name}"


@dataclass(frozen=True)
class Variant:
    """A wrong version of the kata's code, and the spec tests that must refuse it."""

    name: str  # the defect's id
    folder: Path
    only: tuple[str, ...]


@dataclass(frozen=True)
class Task:
    """What a grading runs, when it is not a full check of the learner's folder."""

    # Only these spec tests, and no own test: a partial check (make check ONLY=).
    only: tuple[str, ...] = ()
    # No check, but these test files of the learner's, on the reference and on
    # every single-defect variant of the kata (the debrief's regression run).
    regression: tuple[str, ...] = ()
    # No check, but some spec tests on each of these folders, all in one child:
    # how the self-tests prove that every defect of a kata is caught.
    variants: tuple[Variant, ...] = ()
    # Whether a generated sequence that breaks the contract is shrunk before it is
    # reported: a self-test that needs only the verdict saves the replays.
    shrink: bool = True
    # A full check whose own tests are judged apart (against the reference, the other
    # correct versions and the defects they must catch: a judgement kept from an
    # earlier check, or a child of its own, see `judge`): this child runs them on the
    # learner's code only.
    judged_apart: bool = False
    # No check, but the judgement a check with `judged_apart` leaves out: the learner's
    # own test file at this path (the check's copy of it) on the reference, the other
    # correct versions and the defects, in a child that never imports the learner's code.
    judge: str = ""

    @classmethod
    def from_data(cls, data: dict) -> Task:
        return cls(
            only=tuple(data["only"]),
            regression=tuple(data["regression"]),
            variants=tuple(
                Variant(v["name"], Path(v["folder"]), tuple(v["only"])) for v in data["variants"]
            ),
            shrink=bool(data["shrink"]),
            judged_apart=bool(data["judged_apart"]),
            judge=str(data["judge"]),
        )


# The task of an ordinary check: every spec test, and the own tests.
FULL_CHECK = Task()


@dataclass(frozen=True)
class Request:
    """What the supervisor asks of one grading child: the first line on its stdin.

    The second, `encode_skip`, says which tests an earlier child judged already.
    It comes when the child is needed: a spare child can be handed its request,
    import the learner's code and collect the tests while another child runs,
    and wait for it after collection (tests.harness.check.grading).
    """

    kata: str
    folder: Path  # the learner's folder, as every message names it
    # The copy of its files made as the check began (tests.harness.core.files.snapshot):
    # what the child reads, so that a file saved during the check changes none of it.
    source: Path
    work: Path  # a folder of the grading's own, for copies and the stack dump
    # The base limit, in seconds: what a scenario test may take (tests.harness.core.limits).
    limit: float
    events_fd: int  # the pipe the child writes its events to
    task: Task = FULL_CHECK
    key: str = ""  # the child signs its events with it, so that a line it did not write shows
    memory: float = 2048  # MiB the child may use (tests.harness.core.limits)

    def encode(self) -> bytes:
        return json.dumps(_plain(self)).encode() + b"\n"

    @classmethod
    def decode(cls, line: bytes) -> Request:
        data = json.loads(line)
        return cls(
            kata=data["kata"],
            folder=Path(data["folder"]),
            source=Path(data["source"]),
            work=Path(data["work"]),
            limit=float(data["limit"]),
            events_fd=int(data["events_fd"]),
            task=Task.from_data(data["task"]),
            key=data["key"],
            memory=float(data["memory"]),
        )

    @staticmethod
    def encode_skip(skip: tuple[str, ...]) -> bytes:
        """The second line: the keys of the tests already judged."""
        return json.dumps(list(skip)).encode() + b"\n"

    @staticmethod
    def decode_skip(line: bytes) -> tuple[str, ...]:
        return tuple(json.loads(line)) if line.strip() else ()

    @property
    def stack_file(self) -> Path:
        """Where the child writes its stack when the supervisor asks (SIGUSR1)."""
        return self.work / "stack.txt"

    @property
    def temporary(self) -> Path:
        """The child's own temporary folder (see `temporary_folder`)."""
        return temporary_folder(self.work)


def temporary_folder(work: Path) -> Path:
    """A grading child's own temporary folder, its TMPDIR (pytest's tmp_path, its
    captured output): with the folder graded, the one place the learner's code may
    write (tests.harness.engine.landlock). The rest of `work` is the grader's."""
    return work / "tmp"


# -- events, child to supervisor, in the order they come --


@dataclass(frozen=True)
class Planned:
    """The child has planned its test groups; `own_tests` is the learner's own test
    file as copied for this grading, or "" when the kata has none or it is missing."""

    own_tests: str


@dataclass(frozen=True)
class Probe:
    """Importing one of the learner's modules, before any test: a phase of its own,
    which may take `limit` seconds."""

    module: str
    limit: float


@dataclass(frozen=True)
class ProbeOk:
    """Every module imported; collecting the tests begins, a phase that may take `limit` s."""

    limit: float


@dataclass(frozen=True)
class ProbeError:
    """A module could not be imported: no test can run."""

    message: str


@dataclass(frozen=True)
class Item:
    test: TestId
    description: str  # the test's docstring, first paragraph

    @property
    def key(self) -> str:
        return self.test.key


@dataclass(frozen=True)
class Collected:
    items: tuple[Item, ...]


@dataclass(frozen=True)
class CollectError:
    """A test file of a group could not be loaded."""

    role: Role
    defect: str
    message: str


@dataclass(frozen=True)
class Start:
    """A test begins: a phase of its own, which may take `limit` seconds."""

    key: str
    limit: float


@dataclass(frozen=True)
class Result:
    key: str
    status: Status
    message: str = ""
    output: str = ""  # what the learner's code printed, cut


@dataclass(frozen=True)
class Finished:
    """The run ended as runs end: after its last test, the seal whole. A child that
    ends by itself between two tests without it ended on the learner's code's say."""


@dataclass(frozen=True)
class Tampered:
    """The learner's code changed the test runner (tests.harness.engine.integrity): no verdict
    of this grading can be trusted."""

    what: tuple[str, ...]


Event = (
    Planned
    | Probe
    | ProbeOk
    | ProbeError
    | Collected
    | CollectError
    | Start
    | Result
    | Tampered
    | Finished
)
EVENTS: dict[str, type] = {
    kind.__name__: kind
    for kind in (
        Planned,
        Probe,
        ProbeOk,
        ProbeError,
        Collected,
        CollectError,
        Start,
        Result,
        Tampered,
        Finished,
    )
}
# Events that open a phase: the watchdog gives each the limit it names, and a grace.
PHASES = (Probe, ProbeOk, Start)


class Forged(ProtocolError):
    """A line on the pipe that the grading child did not write: it is not signed with
    the key its request gave it (tests.harness.engine.integrity has the why)."""


def _signature(payload: bytes, key: str) -> str:
    return hmac.new(key.encode(), payload, hashlib.sha256).hexdigest()[:32]


def encode(event: Event, key: str) -> bytes:
    """One event as a line: its JSON, a tab, and its signature with the request's key."""
    payload = json.dumps(event_data(event)).encode("utf-8")
    return payload + b"\t" + _signature(payload, key).encode() + b"\n"


def decode(line: bytes, key: str) -> Event:
    """The event of a line, once its signature is checked: Forged if it is not the
    child's, ProtocolError if it is not an event at all."""
    payload, _, signature = line.rpartition(b"\t")
    if not hmac.compare_digest(signature.decode(errors="replace"), _signature(payload, key)):
        raise Forged(f"a line on the grader's channel not signed by the grader: {line[:200]!r}")
    try:
        return event_from_data(json.loads(payload))
    except (ValueError, KeyError, TypeError) as error:
        raise ProtocolError(f"not an event: {line[:200]!r} ({error})") from error


def event_data(event: Event) -> dict:
    """An event as JSON-ready data, its kind under "event" (see `event_from_data`)."""
    return {"event": type(event).__name__, **_plain(event)}


def event_from_data(data: dict) -> Event:
    """The event `event_data` gave; ValueError, KeyError or TypeError if `data` is not one."""
    data = dict(data)
    kind = EVENTS[data.pop("event")]
    if kind is Collected:
        return Collected(tuple(_item(item) for item in data["items"]))
    if kind is Result:
        data["status"] = Status(data["status"])
    if kind is CollectError:
        data["role"] = Role(data["role"])
    if kind is Tampered:
        data["what"] = tuple(data["what"])
    return kind(**data)


def _item(data: dict) -> Item:
    test = data["test"]
    return Item(
        TestId(Role(test["role"]), test["defect"], test["file"], test["name"]), data["description"]
    )


def _plain(value: object) -> dict:
    """A dataclass as JSON-ready data: paths and enums as strings, tuples as lists."""
    data = {}
    for item in dataclasses.fields(value):
        data[item.name] = _jsonable(getattr(value, item.name))
    return data


def _jsonable(value: object) -> object:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Path):
        return str(value)
    if dataclasses.is_dataclass(value):
        return _plain(value)
    if isinstance(value, (list, tuple)):
        return [_jsonable(item) for item in value]
    return value
