"""The make commands the grader tells a learner to run next, built in one place.

A report says how to grade again, how to grade one test, and how to get a
hint; a hint says how to get the next one. Each is built from the kata, the
folder given with DIR= (if any) and the tests given with ONLY= (if any), never
by rewriting another command's text.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass


@dataclass(frozen=True)
class Commands:
    kata: str
    folder: str = ""  # DIR=, as the learner typed it; "" for katas/<kata>
    only: tuple[str, ...] = ()  # ONLY=, for a partial check
    mode: str = ""  # MODE=, when not the default report (round mode)

    def _with(self, verb: str) -> str:
        # Quoted as a shell needs it, so that the command runs as pasted (a space in DIR).
        folder = f" DIR={shlex.quote(self.folder)}" if self.folder else ""
        return f"make {verb} KATA={self.kata}{folder}"

    @property
    def check(self) -> str:
        """The check that was run: the same again."""
        return (
            self.check_all
            + (f" ONLY={','.join(self.only)}" if self.only else "")
            + (f" MODE={self.mode}" if self.mode else "")
        )

    @property
    def practice(self) -> str:
        """The same check, with the full report (MODE=practice, which is the default)."""
        return self._with("check") + " MODE=practice"

    @property
    def check_all(self) -> str:
        """A full check of the same folder."""
        return self._with("check")

    def check_one(self, test: str) -> str:
        return f"{self.check_all} ONLY={test}"

    @property
    def hint(self) -> str:
        return self._with("hint")
