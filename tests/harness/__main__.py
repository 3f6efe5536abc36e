"""Command-line front end of the grader; the Makefile calls it.

    python -m tests.harness check KATA [--dir DIR] [--format human|json] [--mode M]
                                       [--timeout S] [--check-timeout S] [--only T,...]
    python -m tests.harness hint KATA [--dir DIR] [--timeout S] [--check-timeout S]
    python -m tests.harness watch KATA [--dir DIR] [--mode M] [--timeout S] ...
    python -m tests.harness interview KATA [--dir DIR] [--minutes M] [--mode M] ...
    python -m tests.harness debrief KATA [--dir DIR] [--format human|json] [--timeout S] ...
    python -m tests.harness reset KATA|all
    python -m tests.harness grade KATA SUBMISSIONS [--jobs N|auto]   (for teachers)
    python -m tests.harness classroom < CHECK_JSON   (for the Classroom workflow)
    python -m tests.harness list
    python -m tests.harness variant KATA DEFECT FOLDER   (for maintainers)
    python -m tests.harness new-kata KATA   (for authors: a skeleton to grow)

--mode is practice (the full report; check's and watch's default) or round
(what a real round gives; interview's default on a round kata), "" for the
default (tests.harness.wording.rounds).

Exit status of check: 0 solved, 1 not solved (failures, an error in the
learner's code, or a partial check: ONLY= never solves a kata). Of the
others: 0 done. Of every command: 2 the command itself was wrong (unknown
kata, bad folder or limit) or could not be carried out.

A check starts its grading child before anything else is loaded (see
tests.harness.check.grading); the rest of the grader is imported meanwhile.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from tests.harness.check import grading
from tests.harness.check.commands import Commands
from tests.harness.core import layout, limits
from tests.harness.core.protocol import Status, Task
from tests.harness.wording import commandline, common, rounds

if TYPE_CHECKING:
    from tests.harness.kata.catalog import Kata
    from tests.harness.learner.progress import Attempt, Outcome, Progress

SOLVED, NOT_SOLVED, USAGE = 0, 1, 2
INTERRUPTED = 130  # as a shell reports a command ended by Ctrl-C
LIMIT_HELP = f"seconds a scenario test may take (a slow one: {limits.SLOW_FACTOR} times it)"
MODE_HELP = "practice (the full report) or round (what a real round gives)"


def _positive(unit: str) -> Callable[[str], float]:
    """A positive number of `unit`s, as an option's type."""

    def positive(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = 0.0
        if not 0 < value < float("inf"):
            raise argparse.ArgumentTypeError(f"expected a positive number of {unit}, got {text!r}")
        return value

    return positive


def _jobs(text: str) -> int:
    if text == "auto":
        return os.cpu_count() or 1
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(
            f"expected a number of gradings at once, or auto: {text!r}"
        )
    return int(text)


class _Parser(argparse.ArgumentParser):
    """A command line make wrote from its variables: a value it refuses is said in one
    line, not after a usage block of options the learner never typed."""

    def error(self, message: str) -> NoReturn:
        _complain(f"error: {message}")
        sys.exit(USAGE)

    def parse_args(self, args=None, namespace=None):  # type: ignore[override]
        parsed = super().parse_args(args, namespace)
        # argparse reads --option=-- as no value at all (an empty list): say so.
        for name, value in vars(parsed).items():
            if isinstance(value, list):
                self.error(f"argument --{name.replace('_', '-')}: cannot be just --")
        return parsed


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="make", description="Grade and list the katas.")
    commands = parser.add_subparsers(dest="command", required=True)

    def grading_options(command: argparse.ArgumentParser, folder: bool = True) -> None:
        if folder:
            command.add_argument("--dir", help="folder holding your files (default: katas/KATA)")
        command.add_argument(
            "--timeout", type=_positive("seconds"), default=limits.DEFAULT, help=LIMIT_HELP
        )
        command.add_argument(
            "--check-timeout",
            type=_positive("seconds"),
            default=60.0,
            help="seconds for the whole check",
        )
        command.add_argument(
            "--memory", type=_positive("MiB"), default=limits.MEMORY, help="MiB the code may use"
        )

    check = commands.add_parser("check", help="grade a kata")
    check.add_argument("kata")
    grading_options(check)
    check.add_argument("--format", choices=("human", "json"), default="human")
    check.add_argument(
        "--only", default="", help="run only these spec tests (comma-separated names)"
    )
    check.add_argument("--mode", default="", help=MODE_HELP)
    for name, what in (
        ("hint", "the next hint for a kata"),
        ("watch", "grade on every save"),
        ("debrief", "once solved: the bugs, your fix, your tests"),
        ("interview", "the kata against the clock, then the debrief"),
    ):
        command = commands.add_parser(name, help=what)
        command.add_argument("kata")
        grading_options(command)
        if name == "debrief":
            command.add_argument("--format", choices=("human", "json"), default="human")
        if name == "interview":
            command.add_argument(
                "--minutes", type=_positive("minutes"), help="the time box (default: the kata's)"
            )
        if name in ("watch", "interview"):
            command.add_argument("--mode", default="", help=MODE_HELP)
    grade = commands.add_parser("grade", help="grade a folder of learners' submissions")
    grade.add_argument("kata")
    grade.add_argument("submissions", help="a folder: one entry per learner")
    grade.add_argument("--jobs", type=_jobs, default="auto", help="gradings at once, or auto")
    grading_options(grade, folder=False)
    grade_one = commands.add_parser("grade-one", help="(make grade's) one submission's row")
    grade_one.add_argument("kata")
    grade_one.add_argument("folder", help="a submission's private copy, named as it")
    grading_options(grade_one, folder=False)
    commands.add_parser("classroom", help="a check's JSON on stdin as a Classroom result")
    reset = commands.add_parser("reset", help="back to the starter, after a backup")
    reset.add_argument("kata", help="a kata, or all")
    commands.add_parser("list", help="the katas in learning order, and where you stand")
    new_kata = commands.add_parser("new-kata", help="write the skeleton of a new kata")
    new_kata.add_argument("kata", help="its name: a module name, lower case")
    variant = commands.add_parser(
        "variant", help="write the reference with one bug or mutant of kata.toml applied"
    )
    variant.add_argument("kata")
    variant.add_argument("defect", help="the id of a [[bugs]] or [[mutants]] entry")
    variant.add_argument("folder", help="where to write it (created if need be)")
    return parser


class Refused(Exception):
    """A command that cannot be carried out as asked: said in one line, exit status 2."""


def _kata(name: str) -> Kata:
    """The kata `name`, read from its kata.toml; Refused if there is none or it is broken."""
    from tests.harness.kata import catalog

    if not layout.is_kata(name):
        raise Refused(commandline.unknown_kata(name, layout.kata_names()))
    try:
        return catalog.load(name)
    except catalog.CatalogError as error:
        raise Refused(str(error)) from error


def _folder(args: argparse.Namespace) -> Path:
    """The folder to grade: DIR=, or katas/<kata>."""
    if not layout.is_kata(args.kata):
        raise Refused(commandline.unknown_kata(args.kata, layout.kata_names()))
    folder = Path(args.dir) if args.dir else layout.KATAS / args.kata
    if not folder.is_dir():
        raise Refused(commandline.not_a_folder(args.dir))
    return folder


def _mode(args: argparse.Namespace, default: str = rounds.PRACTICE) -> str:
    """MODE=, or `default` when it is not given; Refused if it is not a mode."""
    mode = args.mode.strip() or default
    if mode not in rounds.MODES:
        raise Refused(rounds.unknown_mode(args.mode))
    return mode


def _check(args: argparse.Namespace) -> int:
    mode = _mode(args)
    folder = _folder(args)
    only = tuple(name.strip() for name in args.only.split(",") if name.strip())
    if only and mode == rounds.ROUND:
        raise Refused(rounds.only_in_round_mode())
    task = Task(only=only)
    limit, check_limit = args.timeout, args.check_timeout
    with grading.Check(args.kata, folder, limit, check_limit, task, reuse=True) as check:
        from tests.harness.check import report
        from tests.harness.core import terminal
        from tests.harness.learner.progress import Outcome, Progress

        kata = _kata(args.kata)
        known = kata.spec_tests if only else []  # found by parsing every spec file
        unknown = [name for name in only if name not in known]
        if unknown:
            raise Refused(commandline.unknown_tests(kata.name, unknown, known))
        graded = check.finish(kata)
    if args.format == "json":
        print(report.as_json(graded, mode))
    else:
        shown_mode = "" if mode == rounds.PRACTICE else mode
        commands = Commands(kata.name, args.dir or "", only, shown_mode)
        colour = terminal.colour_wanted(sys.stdout)
        print(report.as_text(graded, commands, colour=colour, mode=mode))
    if not only:
        state = Progress()
        outcome = Outcome.of(graded)
        if state.record(kata.name, folder, outcome) and args.format != "json":
            # The check that solves the kata ends as the interview would: with the debrief.
            print("\n" + _debrief_text(kata, folder, state, outcome, args.check_timeout))
    return SOLVED if graded.status is Status.PASS else NOT_SOLVED


def _debrief_text(kata: Kata, folder: Path, state: Progress, outcome: Outcome, limit: float) -> str:
    from tests.harness.learner import debrief

    effort = state.current(kata.name).effort
    return debrief.as_text(debrief.build(kata, folder, effort, outcome, True, limit))


def _kata_and_folder(args: argparse.Namespace) -> tuple[Kata, Path]:
    folder = _folder(args)
    return _kata(args.kata), folder


def _current(args: argparse.Namespace, kata: Kata, folder: Path, state: Progress) -> Outcome:
    """The outcome of a full check of the files as they are: the latest check's
    if they have not changed since, else a new check's (recorded)."""
    from tests.harness.core import files
    from tests.harness.learner.progress import Outcome

    fingerprint = files.fingerprint(folder)
    outcome = state.latest_outcome(kata.name)
    if outcome is None or outcome.fingerprint != fingerprint:
        print(commandline.grading_first(_shown(folder)), file=sys.stderr, flush=True)
        graded = grading.grade(kata.name, folder, args.timeout, args.check_timeout, reuse=True)
        outcome = Outcome.of(graded)
        state.record(kata.name, folder, outcome)
    return outcome


def _hint(args: argparse.Namespace) -> int:
    from tests.harness.learner import hints
    from tests.harness.learner.progress import Progress

    kata, folder = _kata_and_folder(args)
    state = Progress()
    outcome = _current(args, kata, folder, state)
    command = Commands(kata.name, args.dir or "").hint
    print("\n".join(hints.give(kata, folder, outcome, state, command=command)))
    return SOLVED


def _debrief(args: argparse.Namespace) -> int:
    from tests.harness.learner import debrief
    from tests.harness.learner.progress import Progress

    kata, folder = _kata_and_folder(args)
    state = Progress()
    outcome = _current(args, kata, folder, state)
    if not outcome.solved:
        _complain(commandline.debrief_not_solved(kata.name))
        return NOT_SOLVED
    effort = state.current(kata.name).effort
    built = debrief.build(kata, folder, effort, outcome, True, args.check_timeout)
    print(debrief.as_json(built) if args.format == "json" else debrief.as_text(built))
    return SOLVED


def _watch(args: argparse.Namespace) -> int:
    from tests.harness.learner.watch import Watch

    mode = _mode(args)
    kata, folder = _kata_and_folder(args)
    watch = Watch(kata, folder, args.timeout, args.check_timeout, _shown(folder), mode=mode)
    return watch.run()


def _interview(args: argparse.Namespace) -> int:
    from tests.harness.learner.interview import Interview

    kata, folder = _kata_and_folder(args)
    # A debugging round is rehearsed as it is run: in round mode, unless MODE= says not.
    mode = _mode(args, rounds.ROUND if kata.is_round else rounds.PRACTICE)
    minutes = args.minutes or kata.time_box_minutes
    interview = Interview(
        kata, folder, args.timeout, args.check_timeout, _shown(folder), mode=mode, minutes=minutes
    )
    return interview.run()


def _grade(args: argparse.Namespace) -> int:
    from tests.harness.teacher import grades

    kata = _kata(args.kata)
    folder = Path(args.submissions)
    if not folder.is_dir():
        raise Refused(commandline.not_a_submissions_folder(args.submissions))
    started = time.monotonic()
    progress = sys.stderr.isatty()
    rows = grades.grade_all(kata, folder, args.jobs, args.timeout, args.check_timeout, progress)
    grades.write(rows, folder)
    print(grades.summary(rows, time.monotonic() - started, args.jobs))
    return SOLVED


def _grade_one(args: argparse.Namespace) -> int:
    """One submission's row, as JSON: what make grade's supervisor of it prints."""
    from tests.harness.teacher import grades

    row = grades.grade_one(_kata(args.kata), Path(args.folder), args.timeout, args.check_timeout)
    print(json.dumps(row.to_data()))
    return SOLVED


def _classroom(args: argparse.Namespace) -> int:
    from tests.harness.teacher import classroom

    print(classroom.encoded(sys.stdin.read()))
    return SOLVED


def _reset(args: argparse.Namespace) -> int:
    from tests.harness.kata import starter
    from tests.harness.learner.progress import Progress

    names = layout.kata_names() if args.kata == "all" else [args.kata]
    katas = [_kata(name) for name in names]
    state = Progress()
    for kata in katas:
        try:
            done = starter.reset(kata, kata.starter_dir, state.state / "backups")
        except starter.ResetError as error:
            raise Refused(str(error)) from error
        if done.backup is None:
            print(commandline.nothing_to_reset(kata.name))
            continue
        state.after_reset(kata.name)
        shown = _shown(done.backup)
        lines = commandline.reset_done(kata.name, shown, list(done.restored), list(done.removed))
        print("\n".join(lines))
    return SOLVED


def _shown(path: Path) -> str:
    """A path as the learner would type it: relative to the repository when inside it."""
    path = path.resolve()
    return str(path.relative_to(layout.ROOT)) if path.is_relative_to(layout.ROOT) else str(path)


def _list(args: argparse.Namespace) -> int:
    from tests.harness.learner.progress import Progress

    katas = [_kata(name) for name in layout.kata_names()]
    state = Progress()
    up_next = None
    width = max((len(kata.name) for kata in katas), default=0) + 2
    columns = shutil.get_terminal_size().columns  # descriptions wrapped at words
    for place, kata in enumerate(sorted(katas, key=lambda kata: (kata.order, kata.name)), 1):
        where, solved = _standing(state.attempts(kata.name))
        if not solved and up_next is None:
            up_next = kata.name
        in_time = [
            interview.seconds for interview in state.interviews(kata.name) if interview.in_time
        ]
        if in_time:
            where += f" · {commandline.best_interview(min(in_time))}"
        print(f"{place:>2}. {kata.name:<{width}}{where}")
        for line in textwrap.wrap(kata.description, max(40, columns - 5)):
            print(f"    {line}")
    print("")
    print(commandline.next_kata(up_next))
    return SOLVED


def _standing(attempts: list[Attempt]) -> tuple[str, bool]:
    """Where the learner stands on a kata, in words, and whether it is solved now."""
    from tests.harness.learner.progress import Attempt

    current = attempts[-1] if attempts and not attempts[-1].closed else Attempt()
    solved_before = [a.time_to_solve_s for a in attempts if a.time_to_solve_s]
    if current.solved_at:
        return commandline.state_solved(current.time_to_solve_s or 0, current.hints_taken), True
    if current.history:
        passed, total = current.history[-1][1], current.history[-1][2]
        if not total:
            return commandline.state_broken(current.checks, current.hints_taken), False
        return commandline.state_in_progress(
            passed, total, current.checks, current.hints_taken
        ), False
    if solved_before:
        return commandline.state_solved_before(min(solved_before)), False
    return commandline.state_not_started(), False


def _variant(args: argparse.Namespace) -> int:
    from tests.harness.kata import catalog, variants

    kata = _kata(args.kata)
    defects = {defect.id: defect for defect in kata.defects}
    if args.defect not in defects:
        raise Refused(commandline.unknown_defect(kata.name, args.defect, list(defects)))
    try:
        folder = variants.build(kata, [defects[args.defect]], Path(args.folder))
    except catalog.CatalogError as error:
        raise Refused(str(error)) from error
    print(commandline.variant_written(kata.name, folder))
    return SOLVED


def _new_kata(args: argparse.Namespace) -> int:
    from tests.harness.kata import scaffold

    try:
        written = scaffold.create(args.kata)
    except scaffold.ScaffoldError as error:
        raise Refused(str(error)) from error
    print("\n".join(commandline.scaffolded(args.kata, [str(path) for path in written])))
    return SOLVED


COMMANDS = {
    "check": _check,
    "hint": _hint,
    "debrief": _debrief,
    "interview": _interview,
    "watch": _watch,
    "reset": _reset,
    "grade": _grade,
    "grade-one": _grade_one,
    "classroom": _classroom,
    "list": _list,
    "variant": _variant,
    "new-kata": _new_kata,
}


def main(argv: list[str] | None = None) -> int:
    # A terminal whose encoding lacks a character of the reports (PYTHONIOENCODING=ascii)
    # shows "?" for it, rather than a traceback in place of the report.
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")
    args = _parser().parse_args(argv)
    limits.set_memory(getattr(args, "memory", limits.MEMORY))
    try:
        return COMMANDS[args.command](args)
    except Refused as refused:
        if getattr(args, "format", "human") == "json":
            from tests.harness.check import report

            print(report.refusal_as_json(str(refused), getattr(args, "kata", "")))
        _complain(f"error: {refused}")
        return USAGE
    except BrokenPipeError:  # `make list | head`: the reader has all it wants
        sys.stderr.close()
        return SOLVED
    except KeyboardInterrupt:  # Ctrl-C: the children are stopped on the way out
        _complain("stopped")
        return INTERRUPTED


def _complain(message: str) -> None:
    """One line on stderr; on a terminal, wrapped at words (a terminal's own wrap
    cuts names and commands in two)."""
    lines = common.paragraph(message, then="  ") if sys.stderr.isatty() else [message]
    print("\n".join(lines), file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
