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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from builder.candidate import StaleExpectation, check_candidate, stale_expectations
from builder.diagnostics import Diagnostic, display_path
from builder.explain import EXPECT_KEY
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
