"""An incident never invents a symptom: every command INCIDENT.md quotes prints, on
the starter as shipped, exactly the output it quotes.

A round kata's INCIDENT.md is the on-call ticket. Its ```console blocks hold a
`$ command` line and then the output; this runs each command from the kata's
folder (a copy of the starter as shipped, with the hash seed fixed as the
grader fixes it) and compares what it prints, line for line.
"""

import os
import re
import subprocess
import sys

import pytest

from tests.harness.core.layout import kata_names
from tests.harness.kata import catalog
from tests.selftest.checking import committed_starter
from tests.selftest.pythons import FOLLOWS_STR_HASH, same_str_hash

INCIDENT = "INCIDENT.md"
BLOCK = re.compile(r"^```console\n(.*?)^```$", re.MULTILINE | re.DOTALL)
ASSIGNMENT = re.compile(r"[A-Z_][A-Z0-9_]*=")
KATAS = [catalog.load(name) for name in kata_names()]
ROUNDS = [kata for kata in KATAS if INCIDENT in kata.files]


def quoted(text: str) -> list[tuple[str, str]]:
    """Each quoted command and the output quoted under it."""
    found = []
    for block in BLOCK.findall(text):
        command, output = None, []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command is not None:
                    found.append((command, "\n".join(output)))
                command, output = line[2:], []
            else:
                output.append(line)
        if command is not None:
            found.append((command, "\n".join(output)))
    return found


@pytest.mark.parametrize("kata", ROUNDS, ids=lambda kata: kata.name)
def test_every_quoted_command_prints_what_the_incident_quotes(kata, tmp_path):
    if kata.name in FOLLOWS_STR_HASH and not same_str_hash(sys.version_info, (3, 11)):
        pytest.skip(f"{kata.name}'s ticket quotes what Python 3.11 and later print")
    folder = committed_starter(kata, tmp_path / kata.name)
    commands = quoted((folder / INCIDENT).read_text(encoding="utf-8"))
    assert commands, f"{kata.name}: {INCIDENT} quotes no command in a ```console block"
    for command, expected in commands:
        words = command.split()
        # NAME=value words before `python` set the environment, as in a shell. A command
        # that leaves PYTHONHASHSEED unset must print its quote under any hash salt:
        # it is run under two.
        assigned = {}
        while words and ASSIGNMENT.match(words[0]):
            name, _, value = words.pop(0).partition("=")
            assigned[name] = value
        assert words[0] == "python", f"{kata.name}: not a python command: {command}"
        seeds = [assigned.pop("PYTHONHASHSEED")] if "PYTHONHASHSEED" in assigned else ["1", "2"]
        for seed in seeds:
            env = {**os.environ, **assigned, "PYTHONHASHSEED": seed}
            env["PYTHONDONTWRITEBYTECODE"] = "1"
            done = subprocess.run(
                [sys.executable, *words[1:]],
                cwd=folder,
                capture_output=True,
                text=True,
                timeout=60,
                env=env,
            )
            got = (done.stdout + done.stderr).rstrip("\n")
            assert got == expected.rstrip("\n"), (
                f"{kata.name}: `{command}` in {INCIDENT} quotes\n{expected}\nbut prints, "
                f"under PYTHONHASHSEED={seed},\n{got}"
            )
