"""Command-line front end of the grader; the Makefile calls it.

    python -m tests.harness check KATA [--dir DIR] [--format human|json]
                                       [--timeout S] [--check-timeout S] [--only T,...]
    python -m tests.harness list
    python -m tests.harness variant KATA DEFECT FOLDER   (for maintainers)

Exit status: 0 solved, 1 not solved (failures, an error in the learner's
code, or a partial check: ONLY= never solves a kata), 2 the command itself
was wrong (unknown kata, bad folder or limit).

A check starts its grading child before anything else is loaded (see
tests.harness.grading); the rest of the grader is imported meanwhile.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tests.harness import grading, layout, wording

SOLVED, NOT_SOLVED, USAGE = 0, 1, 2


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="make", description="Grade and list the katas.")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="grade a kata")
    check.add_argument("kata")
    check.add_argument("--dir", help="folder holding your files (default: katas/KATA)")
    check.add_argument("--format", choices=("human", "json"), default="human")
    check.add_argument(
        "--only", default="", help="run only these spec tests (comma-separated names)"
    )
    check.add_argument("--timeout", type=_positive, default=2.0, help="seconds per test")
    check.add_argument(
        "--check-timeout",
        type=_positive,
        default=60.0,
        help="seconds for the whole check",
    )
    commands.add_parser("list", help="list the katas")
    variant = commands.add_parser(
        "variant", help="write the reference with one bug or mutant of kata.toml applied"
    )
    variant.add_argument("kata")
    variant.add_argument("defect", help="the id of a [[bugs]] or [[mutants]] entry")
    variant.add_argument("folder", help="where to write it (created if need be)")
    return parser


def _refuse(message: str, kata: str, as_json: bool) -> int:
    if as_json:
        print(
            json.dumps(
                {
                    "kata": kata,
                    "status": "error",
                    "message": message,
                    "tests": [],
                    "own_tests": [],
                },
                indent=2,
            )
        )
    print(f"error: {message}", file=sys.stderr)
    return USAGE


def _check(args: argparse.Namespace) -> int:
    as_json = args.format == "json"
    if not layout.is_kata(args.kata):
        return _refuse(wording.unknown_kata(args.kata, layout.kata_names()), args.kata, as_json)
    folder = Path(args.dir) if args.dir else layout.KATAS / args.kata
    if not folder.is_dir():
        return _refuse(wording.not_a_folder(args.dir), args.kata, as_json)

    only = tuple(name.strip() for name in args.only.split(",") if name.strip())
    with grading.Check(args.kata, folder, args.timeout, args.check_timeout, only) as check:
        from tests.harness import catalog, report
        from tests.harness.protocol import Status

        try:
            kata = catalog.load(args.kata)
        except catalog.CatalogError as error:
            return _refuse(str(error), args.kata, as_json)
        known = [name for path in kata.spec_files for name in catalog.tests_in(path)]
        unknown = [name for name in only if name not in known]
        if unknown:
            return _refuse(wording.unknown_tests(kata.name, unknown, known), kata.name, as_json)
        graded = check.finish(kata)
    if as_json:
        print(report.as_json(graded))
    else:
        rerun = f"make check KATA={kata.name}" + (f" DIR={args.dir}" if args.dir else "")
        print(report.as_text(graded, rerun + (f" ONLY={args.only}" if only else "")))
    return SOLVED if graded.status is Status.PASS else NOT_SOLVED


def _list() -> int:
    from tests.harness import catalog

    try:
        katas = [catalog.load(name) for name in layout.kata_names()]
    except catalog.CatalogError as error:
        return _refuse(str(error), "", as_json=False)
    for kata in sorted(katas, key=lambda kata: (kata.order, kata.name)):
        print(f"{kata.name:<16} {kata.description}")
    return SOLVED


def _variant(args: argparse.Namespace) -> int:
    from tests.harness import catalog, variants

    try:
        kata = catalog.load(args.kata)
    except catalog.CatalogError as error:
        return _refuse(str(error), args.kata, as_json=False)
    defects = {defect.id: defect for defect in kata.defects}
    if args.defect not in defects:
        message = wording.unknown_defect(kata.name, args.defect, list(defects))
        return _refuse(message, kata.name, as_json=False)
    try:
        folder = variants.build(kata, [defects[args.defect]], Path(args.folder))
    except catalog.CatalogError as error:
        return _refuse(str(error), kata.name, as_json=False)
    print(wording.variant_written(kata.name, folder))
    return SOLVED


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    commands = {"check": _check, "list": lambda _: _list(), "variant": _variant}
    return commands[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
