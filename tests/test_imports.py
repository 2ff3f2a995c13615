"""The shape of ``builder/``: no import circle, and data flowing one way (issue #9).

Models -> rules -> checks / views -> outputs. A circle means two modules cannot be
understood (or loaded) one without the other, and a rule that only a check or a view can
reach is a rule the other side must climb to fetch. These tests read the source with
``ast`` (nothing is imported), so they see imports inside functions too: a lazy import
still ties two modules together. Imports under ``if TYPE_CHECKING:`` never run and are
not counted.
"""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "builder"
RULESETS = "builder.rulesets"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    """``if TYPE_CHECKING:`` or ``if typing.TYPE_CHECKING:``."""
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _import_nodes(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement that can run: any depth, minus ``if TYPE_CHECKING:`` bodies."""
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        yield node
        return
    if isinstance(node, ast.If) and _is_type_checking(node.test):
        for child in node.orelse:
            yield from _import_nodes(child)
        return
    for child in ast.iter_child_nodes(node):
        yield from _import_nodes(child)


def _imported(module: str, path: Path, known: set[str]) -> Iterator[tuple[str, int]]:
    """(imported module, line) for every import in ``path``; any module, not only builder's.

    ``from a.b import c`` names ``a.b.c`` when ``c`` is a module of ours, else ``a.b``.
    Relative imports are resolved against the module's package.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in _import_nodes(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
            continue
        if node.level:
            base_parts = package.split(".")
            base_parts = base_parts[: len(base_parts) - (node.level - 1)]
            base = ".".join(base_parts + ([node.module] if node.module else []))
        else:
            base = node.module or ""
        for alias in node.names:
            sub = f"{base}.{alias.name}"
            yield (sub if sub in known else base), node.lineno


def import_graph() -> dict[str, dict[str, int]]:
    """module -> {builder module it imports: line of the first such import}."""
    modules = _modules()
    known = set(modules)
    graph: dict[str, dict[str, int]] = {}
    for module, path in modules.items():
        edges: dict[str, int] = {}
        for target, line in _imported(module, path, known):
            if target in known and target != module:
                edges.setdefault(target, line)
        graph[module] = edges
    return graph


def _shortest_path(graph: dict[str, dict[str, int]], start: str, goal: str) -> list[str]:
    previous: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        if node == goal:
            path = [goal]
            while (step := previous[path[-1]]) is not None:
                path.append(step)
            return path[::-1]
        for nxt in sorted(graph[node]):
            if nxt not in previous:
                previous[nxt] = node
                queue.append(nxt)
    return []


def find_cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """For every edge that lies on a circle, the shortest circle through it, deduplicated.

    Every edge that ties a circle appears in some reported chain, so fixing what is
    reported fixes everything; each chain starts at its smallest module name.
    """
    seen: set[tuple[str, ...]] = set()
    cycles: list[list[str]] = []
    for source in sorted(graph):
        for target in sorted(graph[source]):
            back = _shortest_path(graph, target, source)
            if not back:
                continue
            ring = [source, *back[:-1]]
            turn = ring.index(min(ring))
            key = tuple(ring[turn:] + ring[:turn])
            if key not in seen:
                seen.add(key)
                cycles.append([*key, key[0]])
    return cycles


def _chain(graph: dict[str, dict[str, int]], cycle: list[str]) -> str:
    short = [m.removeprefix("builder.") for m in cycle]
    lines = [f"{a}:{graph[x][y]}" for a, x, y in zip(short, cycle, cycle[1:], strict=False)]
    return " -> ".join([*lines, short[-1]])


def test_the_graph_sees_what_it_should() -> None:
    """The walker itself: resolves relative and submodule imports, skips TYPE_CHECKING."""
    graph = import_graph()
    # `from builder.rulesets import RuleSet` names the package, not a submodule.
    assert "builder.rulesets" in graph["builder.rulesets.zodiac"]
    # `from builder.rulesets.zodiac import RULESET` from checks/ ties it to the package.
    assert "builder.rulesets.zodiac" in graph["builder.rulesets.zodiac.checks"]
    # TYPE_CHECKING-only imports are not edges: the registry names Content for types only.
    assert "builder.io.project" not in graph["builder.rulesets"]


def test_the_walker_finds_a_circle(tmp_path: Path) -> None:
    """A planted circle, lazy and relative, is found and printed as a chain."""
    graph = {"a": {"b": 1}, "b": {"c": 3}, "c": {"a": 7}, "d": {"a": 2}}
    assert find_cycles(graph) == [["a", "b", "c", "a"]]
    assert _chain(graph, ["a", "b", "c", "a"]) == "a:1 -> b:3 -> c:7 -> a"
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "one.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from pkg import three\n"
        "def f():\n    from . import two\n"
    )
    known = {"pkg", "pkg.one", "pkg.two", "pkg.three"}
    names = {name for name, _ in _imported("pkg.one", pkg / "one.py", known)}
    assert names == {"typing", "pkg.two"}


def test_no_import_circle_in_builder() -> None:
    graph = import_graph()
    cycles = find_cycles(graph)
    assert not cycles, "import circles (module:line of the import):\n" + "\n".join(
        _chain(graph, c) for c in cycles
    )


def _layer(module: str) -> tuple[str, str] | None:
    """(rule set id, layer) for ``builder.rulesets.<id>.<layer>[...]``, else None."""
    parts = module.split(".")
    if len(parts) >= 4 and module.startswith(RULESETS + "."):
        return parts[2], parts[3]
    return None


# layer -> the layers of its own rule set it must never import. ``tables/`` is the book's
# data that models and rules both read, so it sits under both and imports neither.
FORBIDDEN = {
    "tables": {"models", "rules", "checks", "views"},
    "models": {"rules", "checks", "views"},
    "rules": {"checks", "views"},
    "checks": {"views"},
}


def test_layers_point_one_way() -> None:
    """Each layer imports only layers under it (issue #9): tables, models, rules, checks."""
    graph = import_graph()
    wrong = []
    for module, edges in sorted(graph.items()):
        here = _layer(module)
        if here is None or here[1] not in FORBIDDEN:
            continue
        for target, line in sorted(edges.items()):
            there = _layer(target)
            if there and there[0] == here[0] and there[1] in FORBIDDEN[here[1]]:
                wrong.append(f"{module}:{line} imports {target}")
    assert not wrong, "\n".join(wrong)


def _is_front_door(module: str) -> bool:
    """builder/cli/ and each rule set's own commands (``builder/rulesets/<id>/commands``),
    mounted on the app through the registry (issue #27)."""
    parts = module.split(".")
    if parts[:2] == ["builder", "cli"]:
        return True
    return module.startswith(RULESETS + ".") and len(parts) >= 4 and parts[3] == "commands"


@pytest.mark.parametrize("library", ["typer", "rich", "click"])
def test_only_the_cli_prints(library: str) -> None:
    """Terminal libraries stay in the front door: everything else returns data."""
    modules = _modules()
    known = set(modules)
    wrong = []
    for module, path in modules.items():
        if _is_front_door(module):
            continue
        for target, line in _imported(module, path, known):
            if target == library or target.startswith(library + "."):
                wrong.append(f"{module}:{line} imports {target}")
    assert not wrong, "\n".join(wrong)


# The layers from the top (issue #27): the front door (cli/ and rule sets' commands/),
# then what opens a project and prints its books, then the rule sets, then the shared
# code and the registry. An import may go down or sideways, never up.
_APP = {"builder.workspace", "builder.build", "builder.serve", "builder.codepages"}


def _rank(module: str) -> int:
    if _is_front_door(module) or module == "builder.__main__":
        return 3
    if module in _APP or module.startswith("builder.build."):  # the build's package (#27)
        return 2
    if module.startswith(RULESETS + "."):
        return 1
    return 0  # shared code, and the registry itself (builder.rulesets)


def test_no_arrow_runs_up_a_layer() -> None:
    """cli -> workspace/build -> rule sets -> shared: nothing imports a layer above it;
    in particular nothing outside the front door imports ``builder.cli``."""
    graph = import_graph()
    wrong = [
        f"{module}:{line} imports {target}"
        for module, edges in sorted(graph.items())
        for target, line in sorted(edges.items())
        if _rank(target) > _rank(module)
    ]
    assert not wrong, "\n".join(wrong)


def _names_a_rule_set(path: Path) -> Iterator[tuple[int, str]]:
    """(line, module) of each ``import builder.rulesets.x`` / ``from builder.rulesets.x
    import ...`` / ``from builder.rulesets import x`` naming a rule set's package."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    packages = {p.name for p in (PACKAGE / "rulesets").iterdir() if p.is_dir()}
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            module = node.module or ""
            names = [module, *(f"{module}.{alias.name}" for alias in node.names)]
        for name in names:
            parts = name.split(".")
            if parts[:2] == ["builder", "rulesets"] and len(parts) > 2 and parts[2] in packages:
                yield node.lineno, name
                break


def test_shared_code_names_no_rule_set() -> None:
    """Issue #9, #27: what every game shares, the CLI included, asks the registry; only a
    rule set's own package (its commands too) names it. Imports inside functions count."""
    offenders = [
        f"{path.relative_to(ROOT).as_posix()}:{line}: {name}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if not path.relative_to(PACKAGE).as_posix().startswith("rulesets/")
        for line, name in _names_a_rule_set(path)
    ]
    assert offenders == []


def test_the_rule_set_check_sees_every_spelling(tmp_path: Path) -> None:
    """``import builder.rulesets.x`` and ``from builder.rulesets import x`` are caught too."""
    planted = tmp_path / "planted.py"
    planted.write_text(
        "import builder.rulesets.zodiac.rules.speed as S\n"
        "def f():\n    from builder.rulesets import bit16\n"
        "from builder.rulesets.towers99 import tables\n"
        "from builder.rulesets import RuleSet, get\n"
        "import builder.rulesets\n"
    )
    assert sorted(line for line, _ in _names_a_rule_set(planted)) == [1, 3, 4]
