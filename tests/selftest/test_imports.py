"""The grader's folders are its layers, and imports go one way between them.

Data flows request → child → events → verdicts → report; a module that
imported one further up that flow, or words that imported the models they
describe, would tie the two together. This reads every `import` of
tests/harness/ (wherever it stands in a module, TYPE_CHECKING ones too) and
fails on an import between subpackages that LAYERS does not allow, and on any
cycle between modules.
"""

import ast
from pathlib import Path

HARNESS = Path(__file__).parents[1] / "harness"
PACKAGE = "tests.harness"

# Each layer of tests/harness/, and the layers it may import. The order is the
# map of docs/grader.md: each may import only layers listed before it.
LAYERS = {
    "core": set(),  # primitives: layout, limits, protocol, places, files, diffs, timer, terminal
    "wording": {"core"},  # every sentence the learner reads
    "kata": {"core", "wording"},  # catalogue, variants, starter, scaffold
    "toolkit": {"core", "wording"},  # what the spec tests import
    "engine": {"core", "wording", "kata", "toolkit"},  # one supervised child
    "check": {"core", "wording", "kata", "engine"},  # one grading, verdicts, report
    "learner": {"core", "wording", "kata", "engine", "check"},  # hint, watch, interview...
    "teacher": {"core", "wording", "kata", "engine", "check"},  # make grade, Classroom
    "__main__": {"core", "wording", "kata", "check", "learner", "teacher"},
    "__init__": set(),
}


def module_name(path: Path) -> str:
    parts = path.relative_to(HARNESS).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" and len(parts) > 1 else parts)


def imports_of(path: Path) -> set[str]:
    """The harness modules `path` imports, by dotted name below tests.harness."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PACKAGE):
            below = node.module[len(PACKAGE) + 1 :]
            if not below or "." not in below:  # from tests.harness(.layer) import module
                found |= {".".join(filter(None, (below, alias.name))) for alias in node.names}
            else:
                found.add(below)
        elif isinstance(node, ast.Import):
            found |= {
                alias.name[len(PACKAGE) + 1 :]
                for alias in node.names
                if alias.name.startswith(f"{PACKAGE}.")
            }
    return found - {module_name(path)}


def layer(module: str) -> str:
    return module.split(".")[0]


GRAPH = {module_name(path): imports_of(path) for path in HARNESS.rglob("*.py")}


def test_every_module_is_in_a_known_layer():
    unknown = sorted(m for m in GRAPH if layer(m) not in LAYERS)
    assert not unknown, f"modules outside the layers of LAYERS: {unknown}"


def test_layers_import_only_the_layers_below_them():
    wrong = sorted(
        f"{module} imports {imported}"
        for module, imported_set in GRAPH.items()
        for imported in imported_set
        if layer(imported) != layer(module)
        and layer(imported) not in LAYERS.get(layer(module), set())
    )
    assert not wrong, "imports against the layers' order:\n" + "\n".join(wrong)


def test_the_harness_has_no_import_cycle():
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            cycle = [*path[path.index(module) :], module]
            raise AssertionError("an import cycle: " + " -> ".join(cycle))
        if module in done or module not in GRAPH:
            return
        for imported in sorted(GRAPH[module]):
            visit(imported, [*path, module])
        done.add(module)

    for module in sorted(GRAPH):
        visit(module, [])
