"""The differential kit writes values, loops and repros as Python a learner can paste."""

import sys

import pytest

from tests.harness.toolkit.differential import Broken, Call, Numbered, Script, code
from tests.harness.toolkit.folding import folded

AWKWARD = [
    "",
    "a ",
    "a\n",
    "é",
    "e\u0301",
    "\ud800",
    "\u200b",
    "x" * 300,
    "e\u0301" * 9,
    ["é", "e\u0301"],
    {"é": 1, "e\u0301": 2**64},
]


@pytest.mark.parametrize("value", AWKWARD, ids=ascii)
def test_code_reads_back_as_the_same_value(value):
    assert eval(code(value)) == value


def test_ids_that_look_alike_are_written_differently():
    composed, decomposed = "é", "e\u0301"
    assert composed == "\u00e9" and code(composed) != code(decomposed)
    assert "\\u0301" in code(decomposed), code(decomposed)


def test_a_repeated_block_is_written_as_a_loop_that_pastes():
    lines = ["x = []", *["x.append(1)", "x.append(2)"] * 5, "y = len(x)"]
    written = folded(lines)
    assert written == [
        "x = []",
        "for _ in range(5):",
        "    x.append(1)",
        "    x.append(2)",
        "",
        "y = len(x)",
    ]
    namespace: dict = {}
    exec(compile("\n".join(written), "<repro>", "exec"), namespace)
    assert namespace["y"] == 10


class Counter:
    """A counter the model keeps right and a learner's keeps wrong after 7 calls."""

    def __init__(self, wraps: int | None = None) -> None:
        self.count, self.wraps = 0, wraps

    def up(self) -> int:
        self.count += 1
        if self.wraps and self.count == self.wraps:
            self.count = 0
        return self.count


def repro(broken: Broken) -> str:
    """The lines of a break's repro, as a learner pastes them."""
    return "\n".join(
        line.removeprefix("    ") for line in str(broken).splitlines() if line.startswith("    ")
    )


@pytest.mark.parametrize("numbered", [False, True])
def test_rounds_break_at_the_call_that_disagrees_and_the_repro_shows_it(numbered, tmp_path):
    script = Script(sys.modules[__name__])
    learner, model = Counter(wraps=7), Counter()
    if numbered:
        call = Numbered("c.up()", lambda n: learner.up(), lambda n: model.up())
        run = lambda: script.numbered_rounds([call], 100)  # noqa: E731
    else:
        run = lambda: script.rounds([Call("c.up()", learner.up, model.up)], 100)  # noqa: E731
    with pytest.raises(Broken) as raised:
        run()
    text = repro(raised.value)
    assert "range(6)" in text and "c.up()  # <- here" in text, text
    assert "The last call should give 7; it gave 0." in str(raised.value)
