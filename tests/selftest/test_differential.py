"""The differential kit writes values as Python a learner can paste and read."""

import pytest

from tests.harness.differential import code

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
