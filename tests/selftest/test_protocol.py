"""The protocol between the grading child and the supervisor: every event survives the
pipe, a line not signed with the request's key is Forged, and anything else is refused
with a clear error."""

import pytest

from tests.harness.core import protocol
from tests.harness.core.protocol import Item, Role, Status, TestId

EVENTS = [
    protocol.Planned("/tmp/x/own_tests/test_a.py"),
    protocol.Probe("round_robin", 0.5),
    protocol.ProbeOk(10.0),
    protocol.ProbeError("SyntaxError in round_robin.py line 1: invalid syntax"),
    protocol.Collected((Item(TestId(Role.SPEC, "", "test_a.py", "test_b"), "does b"),)),
    protocol.Collected((Item(TestId(Role.OWN_VARIANT, "off-by-one", "test_a.py", "test_b"), ""),)),
    protocol.CollectError(Role.OWN_REFERENCE, "", "SyntaxError at test_a.py line 3"),
    protocol.Start("spec:test_a.py::test_b", 2.0),
    protocol.Result("spec:test_a.py::test_b", Status.TIMEOUT, "ran out", "printed\nlines"),
    protocol.Finished(),
]
KEY = "k" * 32


@pytest.mark.parametrize("event", EVENTS, ids=lambda event: type(event).__name__)
def test_every_event_survives_the_pipe(event):
    line = protocol.encode(event, KEY)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert protocol.decode(line.rstrip(b"\n"), KEY) == event


def test_a_line_signed_with_another_key_or_changed_is_forged():
    line = protocol.encode(EVENTS[-2], KEY).rstrip(b"\n")
    with pytest.raises(protocol.Forged):
        protocol.decode(line, "other")
    with pytest.raises(protocol.Forged):
        protocol.decode(line.replace(b'"timeout"', b'"pass"'), KEY)
    with pytest.raises(protocol.Forged):
        protocol.decode(line.partition(b"\t")[0], KEY)


@pytest.mark.parametrize(
    "line",
    [
        b"not json",
        b'{"event": "Nope"}',
        b'{"event": "Start"}',
        b'{"event": "Result", "key": "k", "status": "maybe"}',
    ],
)
def test_anything_else_is_a_protocol_error(line):
    signed = protocol._signature(line, KEY).encode()
    with pytest.raises(protocol.ProtocolError, match="not an event"):
        protocol.decode(line + b"\t" + signed, KEY)
