"""`zodiac character level-up` / `level-down`: a plan, spliced into the user's text, checked.

The plan (`rules.levelling`) says what changes; `builder.io.roundtrip` writes it into
the text the user wrote, touching only the new or removed entries and the `level:` /
`xp:` values; the new text is then loaded with the rest of the project and checked by
every check `zodiac validate` runs. Nothing here writes or prints: the CLI shows the
result (`LevelChange`) and writes ``new_bytes`` with `builder.io.atomic`.

A character's own ``expect:`` values describe the level it is at, so a new level breaks
them (ZS122). When those are the new file's only errors the change says which values
move (``stale``); asked to (``update_expect``), the same splice rewrites their numbers.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from builder.diagnostics import Diagnostic, Report, display_path, place_in
from builder.explain import EXPECT_KEY, expectation_problems, paths
from builder.io.atomic import EditableText
from builder.io.roundtrip import Append, Edit, Remove, SetValue, SpliceError, apply, item_comment
from builder.models.base import Stat
from builder.rulesets.zodiac.rules.character_techs import resolve_techs
from builder.rulesets.zodiac.rules.levelling import (
    ChoiceError,
    LevelPlan,
    NextLevel,
    next_level,
    plan_level_down,
    plan_level_up,
)
from builder.rulesets.zodiac.views.character import full_character_view
from builder.rulesets.zodiac.views.character_base import CharacterView
from builder.rulesets.zodiac.views.techs import content_finder

__all__ = ["Choices", "LevelChange", "StaleExpectation", "level_down", "level_up", "preview"]

# "# level 12" after an advancement entry: the next entry gets "# level 13".
_LEVEL_COMMENT = re.compile(r"level\s+(\d+)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Choices:
    """What the player chose for the new level (CLI options or prompts)."""

    points: dict[Stat, int]
    overflow: dict[Stat, int] | None = None
    learn: tuple[str, ...] = ()
    upgrade: tuple[tuple[str, int | None], ...] = ()


@dataclass(frozen=True)
class StaleExpectation:
    """One of the character's ``expect:`` values that the new level changes (ZS122)."""

    key: str  # the key as written in the file (its dotted path, maybe with spaces)
    old: int | float
    new: int

    @property
    def path(self) -> str:
        return self.key.strip()


@dataclass
class LevelChange:
    """The proposed new file and what it means; ``ok`` when it may be written."""

    path: Path
    source: EditableText
    plan: LevelPlan
    new_text: str
    diagnostics: list[Diagnostic]  # of the new file (lines as it would be written)
    before: CharacterView
    after: CharacterView | None
    # ``expect:`` values the level changes: the only errors, not rewritten (``stale``)...
    stale: tuple[StaleExpectation, ...] = ()
    # ...or rewritten in ``new_text`` (``update_expect``)
    updated: tuple[StaleExpectation, ...] = ()

    @property
    def ok(self) -> bool:
        return not any(str(d.severity) == "error" for d in self.diagnostics)

    @property
    def new_bytes(self) -> bytes:
        """The new text with the file's own BOM and line endings."""
        return self.source.encode(self.new_text)

    @property
    def diff(self) -> str:
        name = display_path(self.path)
        return "".join(
            difflib.unified_diff(
                self.source.text.splitlines(keepends=True),
                self.new_text.splitlines(keepends=True),
                f"{name} (level {self.plan.from_level})",
                f"{name} (level {self.plan.to_level})",
            )
        )


def preview(ws: Any, entity: Any) -> NextLevel:
    """What the next level brings this character (raises `ChoiceError` at 99)."""
    return next_level(entity.model)


def level_up(
    ws: Any, entity: Any, source: EditableText, choices: Choices, *, update_expect: bool = False
) -> LevelChange:
    """The file one level up with ``choices``, checked in its project; with
    ``update_expect`` the character's stale ``expect:`` numbers follow the level."""
    c = entity.model
    find = content_finder(ws.content)
    levels = {
        r.key: r.final_level
        for r in resolve_techs(c.techs, lambda key: find("tech", key))
        if r.final_level is not None
    }
    plan = plan_level_up(
        c,
        choices.points,
        overflow=choices.overflow,
        learn=choices.learn,
        upgrade=choices.upgrade,
        tech_levels=levels,
    )
    edits = _up_edits(source.text, entity.doc.index, c, plan)
    return _change(ws, entity, source, plan, edits, update_expect)


def level_down(
    ws: Any, entity: Any, source: EditableText, *, update_expect: bool = False
) -> LevelChange:
    """The file with its last level undone, checked in its project (``update_expect``:
    as in `level_up`)."""
    plan = plan_level_down(entity.model)
    return _change(ws, entity, source, plan, _down_edits(plan), update_expect)


def _up_edits(text: str, index: int, c: Any, plan: LevelPlan) -> list[Edit]:
    edits: list[Edit] = []
    if plan.level is not None:
        edits.append(SetValue(("level",), plan.level))
    if plan.xp is not None:
        edits.append(SetValue(("xp",), plan.xp))
    if plan.advancement is not None:
        comment = None
        if c.advancement:
            last = item_comment(text, index, ("advancement", len(c.advancement) - 1))
            if last is not None and _LEVEL_COMMENT.fullmatch(last.strip()):
                comment = f"level {plan.to_level}"
        edits.append(Append(("advancement",), plan.advancement, comment))
    edits += [Append(("techs", i, "upgrades"), up) for i, up in plan.upgrades]
    edits += [Append(("techs",), entry) for entry in plan.learn]
    edits += [Append(("enemy_skills",), entry) for entry in plan.learn_skills]
    return edits


def _down_edits(plan: LevelPlan) -> list[Edit]:
    """Removals from the last index back, so earlier indices stay true."""
    edits: list[Edit] = [
        Remove(("techs", i, "upgrades", j)) for i, j in sorted(plan.remove_upgrades, reverse=True)
    ]
    edits += [Remove(("techs", i)) for i in sorted(plan.remove_techs, reverse=True)]
    edits += [Remove(("enemy_skills", i)) for i in sorted(plan.remove_skills, reverse=True)]
    if plan.remove_advancement is not None:
        edits.append(Remove(("advancement", plan.remove_advancement)))
    if plan.level is not None:
        edits.append(SetValue(("level",), plan.level))
    if plan.xp is not None:
        edits.append(SetValue(("xp",), plan.xp))
    return edits


def _change(
    ws: Any,
    entity: Any,
    source: EditableText,
    plan: LevelPlan,
    edits: list[Edit],
    update_expect: bool = False,
) -> LevelChange:
    path = source.path
    new_text = _splice(path, source.text, entity.doc.index, edits)
    diags, new_ws, new_entity = check_candidate(ws, path, source.encode(new_text))
    stale = stale_expectations(diags, new_ws, new_entity)
    updated: tuple[StaleExpectation, ...] = ()
    if stale and update_expect:
        # Only each number's characters change; the result is checked again like any.
        fix = [SetValue((EXPECT_KEY, s.key), s.new) for s in stale]
        new_text = _splice(path, new_text, entity.doc.index, fix)
        diags, new_ws, new_entity = check_candidate(ws, path, source.encode(new_text))
        stale, updated = (), stale
    before = full_character_view(ws, entity)
    after = None
    if new_entity is not None and not any(str(d.severity) == "error" for d in diags):
        after = full_character_view(new_ws, new_entity)
    return LevelChange(path, source, plan, new_text, diags, before, after, stale, updated)


def _splice(path: Path, text: str, index: int, edits: list[Edit]) -> str:
    try:
        return apply(text, index, edits)
    except SpliceError as exc:  # a file shape the splicer does not edit: say so, write nothing
        where = display_path(path)
        if exc.at is not None:  # e.g. an alias whose anchor's value cannot be written out
            line = text.count("\n", 0, exc.at) + 1
            where += f":{line}:{exc.at - text.rfind(chr(10), 0, exc.at)}"
        raise ChoiceError(f"cannot edit {where} in place ({exc}); make the change by hand") from exc


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

    content = load_content(files, game.id, loader=loader)
    add_core(content, core_files(game.id), game.id, loader=load_file)
    shown = {display_path(path)} | {display_path(f) for f in files if f.resolve() == target}
    diags = [d for d in (*content.diagnostics, *game.check(content, ws.ruleset)) if d.path in shown]
    # the same workspace over the new bytes; no import of builder.workspace, a layer up
    new_ws = replace(ws, content=content, report=Report(diags, files=1), content_found=False)
    chars = [
        e for e in content.entities if e.kind == "character" and e.doc.path.resolve() == target
    ]
    return diags, new_ws, (chars[0] if len(chars) == 1 else None)
