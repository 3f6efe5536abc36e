"""The grader's modules import one way: no cycle, even through TYPE_CHECKING imports.

Data flows request → child → events → verdicts → report; a module that
imported one further down that flow, or words that imported the models they
describe, would tie the two together. This reads every `import` of
tests/harness/ (wherever it stands in a module) and fails on any cycle.
"""

import ast
from pathlib import Path

HARNESS = Path(__file__).parents[1] / "harness"
PACKAGE = "tests.harness"


def imports_of(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == PACKAGE:
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(f"{PACKAGE}."):
            found.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            found |= {
                alias.name.split(".")[2]
                for alias in node.names
                if alias.name.startswith(f"{PACKAGE}.")
            }
    return found - {path.stem}


def test_the_harness_has_no_import_cycle():
    graph = {path.stem: imports_of(path) for path in HARNESS.glob("*.py")}
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            cycle = [*path[path.index(module) :], module]
            raise AssertionError("an import cycle: " + " -> ".join(cycle))
        if module in done or module not in graph:
            return
        for imported in sorted(graph[module]):
            visit(imported, [*path, module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])
