"""Load what a command needs: the files named, their project, and the checks' verdict."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder import rulesets
from builder.diagnostics import Diagnostic, Report, display_path
from builder.errors import UsageError
from builder.io.project import (
    PROJECT_FILE,
    Content,
    Entity,
    add_core,
    core_files,
    find_files,
    find_project_root,
    link_display_path,
    load_config,
    load_content,
)
from builder.problems import Severity
from builder.rulesets import RuleSet


@dataclass
class Workspace:
    root: Path | None
    content: Content
    report: Report
    ruleset: Any  # the rule set's settings: for ZODIAC, its tables and house rules
    config: Any = None  # ProjectConfig when the files belong to a project
    rule_set: RuleSet = field(default_factory=lambda: rulesets.get(rulesets.DEFAULT))

    def diagnostics_for(self, path: Path) -> list[Diagnostic]:
        shown = display_path(path)
        return [d for d in self.report.sorted() if d.path == shown]

    def entities_in(self, path: Path) -> list[Entity]:
        r = path.resolve()
        return [e for e in self.content.entities if e.doc.path.resolve() == r]


def _existing(paths: Sequence[Path]) -> None:
    for p in paths:
        if not p.exists():
            raise UsageError(f"no such file or folder: {p}")


def open_workspace(paths: Sequence[Path], *, with_project: bool = True) -> Workspace:
    """Load ``paths`` (and, for references, the rest of their content project) and check them.

    The report covers only the files named; the rest of the project is loaded so that
    references from the named files resolve.
    """
    _existing(paths)
    root = find_project_root(paths[0]) if paths and with_project else None
    named_found = find_files(paths)
    found = find_files([*paths, root]) if root is not None else named_found
    named = {f.resolve() for f in named_found.files}
    shown = {d.path for d in named_found.refused}  # links leading out, by their own name
    config, config_diags = load_config(root) if root is not None else (None, [])
    if root is not None and any(p.resolve() == root for p in paths):
        named.add((root / PROJECT_FILE).resolve())  # validating the project checks its config too
        shown.add(link_display_path(root / PROJECT_FILE))
    game = rulesets.get(config.ruleset if config is not None else rulesets.DEFAULT)
    content = load_content(found.files, game.id)
    content.diagnostics.extend(found.refused)  # symlinks leading out of the project (ZY112)
    add_core(content, core_files(game.id), game.id)  # shipped catalogues, shadowed by the project
    ruleset = game.settings(config.house_rules if config is not None else None)
    shown |= {display_path(f) for f in named}
    diags = [
        d
        for d in (*config_diags, *content.diagnostics, *game.check(content, ruleset))
        if d.path in shown
    ]
    files = len(named) + len(named_found.refused)
    return Workspace(root, content, Report(diags, files=files), ruleset, config, game)


def has_errors(diags: Sequence[Diagnostic]) -> bool:
    return any(d.severity is Severity.ERROR for d in diags)
