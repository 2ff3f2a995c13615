"""A proposed new version of a content file, checked with its project before it is written.

Shared by every rule set's in-place edits (`character level-up` / `level-down` of ZODIAC
and of 16 Bit Tactics): `check_candidate` checks the new bytes as `zodiac validate PATH`
would, with the rest of the project; `stale_expectations` says which of the document's
own ``expect:`` numbers the edit moved, when those are its only errors (ZS122), so
``--update-expect`` can rewrite them. Nothing here writes or prints.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from builder.checking import run_checks
from builder.diagnostics import Diagnostic, Report, display_path, place_in
from builder.explain import EXPECT_KEY, expectation_problems, paths

__all__ = ["StaleExpectation", "check_candidate", "stale_expectations"]


@dataclass(frozen=True)
class StaleExpectation:
    """One of the character's ``expect:`` values that the new level changes (ZS122)."""

    key: str  # the key as written in the file (its dotted path, maybe with spaces)
    old: int | float
    new: int

    @property
    def path(self) -> str:
        return self.key.strip()


def _whole(value: Any) -> int | None:
    """``value`` as an int when it is a number with no fraction (not a flag)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return int(value) if value == int(value) else None


def stale_expectations(
    diags: list[Diagnostic], ws: Any, entity: Any
) -> tuple[StaleExpectation, ...]:
    """The character's ``expect:`` numbers the new level changes, when those mismatches
    (ZS122 at its own ``expect:`` keys) are every error of the new file; else ``()``.

    The values are recomputed with the same view and comparison ``zodiac validate`` uses,
    and each mismatch must be one of the reported errors (same place), so an error in
    another document of the file, or a text or fractional value, still refuses as any
    error does (a text or fraction is not a number this splice rewrites).
    """
    errors = [d for d in diags if str(d.severity) == "error"]
    if not errors or entity is None or any(d.code != "ZS122" for d in errors):
        return ()
    data = entity.doc.data
    expect = data.get(EXPECT_KEY) if isinstance(data, dict) else None
    show = ws.rule_set.show_for(entity.kind)
    if not isinstance(expect, dict) or show is None:
        return ()
    shown = show(ws, entity).json
    values = paths(shown)
    found: dict[tuple[str, int, int], StaleExpectation] = {}
    for problem in expectation_problems(expect, shown):
        key = problem.path[-1]
        old, new = expect.get(key), _whole(values.get(str(key).strip()))
        number = isinstance(old, int | float) and not isinstance(old, bool)
        if problem.code != "ZS122" or not number or new is None:
            return ()
        at = place_in(problem, entity.doc)
        found[(at.path, at.line, at.column)] = StaleExpectation(str(key), old, new)
    if {(d.path, d.line, d.column) for d in errors} != set(found) or len(errors) != len(found):
        return ()
    return tuple(found.values())


def check_candidate(ws: Any, path: Path, data: bytes) -> tuple[list[Diagnostic], Any, Any]:
    """Check ``data`` as the new bytes of ``path`` with the rest of its project, as
    `zodiac validate PATH` would: (diagnostics of the file, the workspace, its character)."""
    from builder.io.project import add_core, core_files, find_files, load_content
    from builder.io.yaml import load_bytes, load_file

    game = ws.rule_set
    target = path.resolve()
    found = find_files([path, ws.root]) if ws.root is not None else find_files([path])
    files = found.files if any(f.resolve() == target for f in found.files) else [path]

    def loader(p: Path):
        return load_bytes(data, p) if p.resolve() == target else load_file(p)

    content = load_content(files, game, loader=loader)
    add_core(content, core_files(game), game, loader=load_file)
    shown = {display_path(path)} | {display_path(f) for f in files if f.resolve() == target}
    diags = [
        d
        for d in (*content.diagnostics, *run_checks(game, content, ws.settings))
        if d.path in shown
    ]
    # the same workspace over the new bytes; no import of builder.workspace, a layer up
    new_ws = replace(ws, content=content, report=Report(diags, files=1), content_found=False)
    chars = [
        e for e in content.entities if e.kind == "character" and e.doc.path.resolve() == target
    ]
    return diags, new_ws, (chars[0] if len(chars) == 1 else None)
