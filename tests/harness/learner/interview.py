"""`make interview`: the kata as a timed round, a watch loop with the clock on.

It shows the story and the time box, starts the clock (on a terminal, at a
key press, once the story is read), then grades on every save with the time
left in the footer. Hints stay at hand and each one is counted. A debugging
round is graded in round mode (tests.harness.wording.rounds): the team's tests
and a count; the full report is the a key away, each ask of it counted like a
hint. When the kata turns solved the clock stops and the debrief follows;
when time runs out it says so, and offers to go on untimed (piped, it goes
on); the debrief then waits until the learner stops.

On a terminal the interview ends, solved or stopped, on a screen that stays
with the time it took, until a key is pressed; then the debrief is printed
below it, whole, for the terminal's scrollback. Each interview is recorded in
the progress file, also one ended by Ctrl-C.
"""

from __future__ import annotations

import re
import time

from tests.harness.check.verdicts import Grading
from tests.harness.core import terminal
from tests.harness.core.protocol import Status
from tests.harness.kata import starter
from tests.harness.learner import progress
from tests.harness.learner.progress import Effort, Outcome
from tests.harness.learner.watch import Watch
from tests.harness.wording import common, interviews, loop, rounds
from tests.harness.wording.interviews import Moment
from tests.harness.wording.rounds import ROUND


class Interview(Watch):
    doing = loop.INTERVIEWING

    def __init__(self, *args: object, minutes: float, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.box = self.time_box = minutes * 60
        self.started: float | None = None  # time.monotonic() when the clock started
        self.started_at = ""
        self.timed = True
        self.checks = self.hints_taken = 0
        self.solved_after: float | None = None
        self.stopped_after: float | None = None  # when the loop ended, solved or not
        self.shown_clock = ""
        self.asking = False  # the time-up question is on screen
        # What each check found, and when hints were taken: the attempt's picture.
        self.timeline: list[Moment] = []
        self.hints_at: list[float] = []
        self.debriefed = ""  # on a terminal, the debrief, printed once the last screen is left

    @property
    def elapsed(self) -> float:
        if self.started is None:
            return 0.0
        if self.stopped_after is not None:
            return self.stopped_after
        return time.monotonic() - self.started

    @property
    def asked_interviewer(self) -> int | None:
        """The asks of the full report, in round mode; None in practice mode."""
        return self.asks if self.mode == ROUND else None

    def begin(self) -> None:
        readme = starter.shipped(self.kata)[starter.README].decode("utf-8")
        intro = interviews.interview_intro(self.kata.title, _story(readme), self.box, self.shown)
        if self.mode == ROUND:
            intro += ["", *common.paragraph(rounds.interview_round(self.kata.is_round))]
        self.say([*intro, *interviews.interview_tools(_tools(readme))])
        if self.interactive:
            self.say([interviews.INTERVIEW_PRESS_A_KEY])
            if _wait_for_key() in ("q", "Q"):
                self.going = False
                return
        self.started, self.started_at = time.monotonic(), progress.now()

    def clock(self) -> str:
        if self.solved_after is not None:
            return interviews.clock_stopped(self.solved_after)
        if self.stopped_after is not None:
            return interviews.clock_ended(self.stopped_after)
        if not self.timed:
            return interviews.CLOCK_UNTIMED
        return interviews.clock_left(max(self.box - self.elapsed, 0))

    def keys(self) -> str:
        if self.mode != ROUND:
            return loop.keys()
        return loop.keys(rounds.BACK_KEY if self.full else rounds.ASK_KEY)

    def showing_full(self, counted: bool) -> str:
        return rounds.asked(self.asks, counted)

    def footer(self) -> str:
        """The clock, and the keys: they work timed or untimed."""
        if not self.interactive or self.started is None or self.asking:
            return ""  # no clock yet, or a question on screen whose keys are its own
        self.shown_clock = self.clock()
        footer = interviews.interview_footer(self.shown_clock, self.keys())
        return terminal.bold(footer, self.colour)

    def tick(self) -> None:
        if self.timed and self.started is not None and self.elapsed >= self.box:
            self._time_up()
        elif self.interactive and self.started is not None and self.clock() != self.shown_clock:
            # The last line on the screen is the clock: rewrite it in place.
            print(f"\r\033[2K{self.footer()}", end="", flush=True)

    def after(self, graded: Grading, outcome: Outcome, solved_now: bool) -> list[str]:
        """The interview ends at the first check that passes, whatever came before it."""
        self.checks += 1
        self.timeline.append(Moment(self.elapsed, graded.passed, len(graded.tests)))
        if graded.status is not Status.PASS or self.solved_after is not None:
            return []
        self.solved_after, self.going = self.elapsed, False
        effort = Effort(self.solved_after, self.checks, self.hints_taken, self.asked_interviewer)
        head = terminal.bold(interviews.interview_solved(self.solved_after, self.box), self.colour)
        debriefed = self.debrief(effort, outcome, solved=True)
        if self.interactive:
            self.debriefed = debriefed  # below the last screen, once it is left
            return [head]
        return [head, "", debriefed]

    def _hint(self) -> None:
        self.hints_taken += 1
        self.hints_at.append(self.elapsed)
        super()._hint()

    def debrief(self, effort: Effort, outcome: Outcome, solved: bool) -> str:
        """The debrief, and a picture of the attempt: a chart on a terminal, a table piped."""
        attempt = interviews.attempt_chart if self.interactive else interviews.attempt_table
        chart = attempt(self.timeline, self.hints_at, self.box)
        return super().debrief(effort, outcome, solved) + "\n\n" + "\n".join(chart)

    def _time_up(self) -> None:
        """Say so; the debrief, which reveals the bugs, waits until the learner stops
        (see `end`) or solves it: going on untimed must not start from the answers."""
        self.timed = False
        said = interviews.time_up(self.box, self.outcome.passed if self.outcome else 0)
        if not self.interactive:
            self.say([*said, "", *common.paragraph(interviews.INTERVIEW_GOES_ON)])
            return
        # On the screen, under the report: the header stays in sight.
        self.asking = True
        self._show(
            *self._last, below=[*said, "", *common.paragraph(interviews.INTERVIEW_KEEP_GOING)]
        )
        answer = _wait_for_key()
        self.asking = False
        if answer in ("y", "Y"):
            self._show(*self._last)  # the report again, under the untimed header
        else:
            self.going = False

    def end(self) -> None:
        """Stop the clock; debrief an interview whose time ran out, and record the
        interview, however it ended (of katas/<kata>, as progress is)."""
        if self.started is None:
            return
        self.stopped_after = self.elapsed
        solved = self.solved_after is not None
        if not self.timed and not solved and self.outcome is not None and self.outcome.tests:
            effort = Effort(None, self.checks, self.hints_taken, self.asked_interviewer)
            debriefed = self.debrief(effort, self.outcome, solved=False)
            if self.interactive:
                self.debriefed = debriefed
            else:
                self.say(["", debriefed])
        if self.folder.resolve() != self.kata.starter_dir.resolve():
            return
        self.progress.record_interview(
            self.kata.name,
            progress.Interview(
                started=self.started_at,
                ended=progress.now(),
                time_box_s=self.box,
                seconds=self.solved_after if solved else self.stopped_after,
                checks=self.checks,
                hints=self.hints_taken,
                solved=solved,
                in_time=solved and self.solved_after <= self.box,
                mode=self.mode,
                asked=self.asks,
            ),
        )

    def leave(self) -> None:
        """The last screen: the time it took, where things stand, and a key to press; then
        the debrief, printed whole below it for the terminal's scrollback."""
        if self.started is None:
            return
        self.asking = True  # the footer's keys no longer work
        passed = self.outcome.passed if self.outcome else 0
        total = len(self.outcome.tests) if self.outcome else 0
        if self.solved_after is not None:
            said = [interviews.interview_solved(self.solved_after, self.box)]
        else:
            said = interviews.interview_stopped(self.stopped_after or 0, self.box, passed, total)
        said = [terminal.bold(line, self.colour) for line in said]
        said.append(
            interviews.interview_effort(self.checks, self.hints_taken, self.asked_interviewer)
        )
        if self.solved_after is None and not self.debriefed:
            said += ["", *common.paragraph(interviews.debrief_waits(self.kata.name))]
        said += ["", *common.paragraph(interviews.leave_key(bool(self.debriefed)))]
        header = self._header("")
        print(f"{terminal.CLEAR}{header}\n\n" + "\n".join(said), end="", flush=True)
        _wait_for_key()
        if self.debriefed:
            # Printed after the screen is left, whole: the terminal's scrollback keeps it.
            print(f"{terminal.CLEAR}{self.debriefed}", flush=True)

    def farewell(self) -> str:
        if self.started is None:
            return super().farewell()
        return interviews.interview_over(
            self.stopped_after or 0, self.solved_after is not None, bool(self.debriefed)
        )


def _story(readme: str) -> str:
    """The README's story section, without its heading."""
    start = readme.find("\n## ")
    if start < 0:
        return ""
    body = readme[start + 1 :].split("\n", 1)[1]
    end = body.find("\n## ")
    return _plain((body if end < 0 else body[:end]).strip())


def _tools(readme: str) -> list[str]:
    """The commands of the README's "Your loop" block that run the code (saves grade it)."""
    loop = readme.partition("\n## Your loop")[2]
    block = loop.partition("```sh\n")[2].partition("```")[0]
    return [
        line for line in block.splitlines() if line.strip() and not line.startswith(("make ", "#"))
    ]


def _plain(markdown: str) -> str:
    """Markdown as a terminal shows it: links as their text, no emphasis marks."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", markdown)
    return re.sub(r"(?<!\w)(\*{1,2})(\S[^*]*?)\1(?!\w)", r"\2", text)


def _wait_for_key() -> str:
    """Block until a key is pressed (inside terminal.keys)."""
    return terminal.key_pressed(wait=True)
