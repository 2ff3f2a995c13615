"""16 Bit Tactics `character level-up` / `level-down`: a step, spliced into the user's text.

The step (`rules.progression.plan_level_up` / `plan_level_down`) says what the level
changes: the job held at it appended to (or taken from) ``level_jobs:`` (R38), ``xp:``
moved by the battle's award and ``ap_earned:`` of that job by as much (R35), so the AP
over all jobs stay within the XP (R48). `builder.io.roundtrip` writes it into the text
the user wrote, touching only that entry, those two numbers and a note on the ``xp:``
line (``# +4 XP/AP at level 2``) that lets level-down take off exactly the award and give
back the original bytes. The new text is checked with the rest of the project
(`builder.candidate`), as `zodiac validate` would; nothing here writes or prints.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from builder.candidate import StaleExpectation, check_candidate, stale_expectations
from builder.diagnostics import Diagnostic, did_you_mean, display_path, place_in
from builder.explain import EXPECT_KEY
from builder.io.atomic import EditableText
from builder.io.roundtrip import (
    Append,
    Edit,
    Remove,
    SetComment,
    SetValue,
    SpliceError,
    apply,
    item_comment,
)
from builder.models.base import norm_id
from builder.problems import Problem
from builder.rulesets.bit16.rules.progression import (
    LevelError,
    LevelStep,
    noted_award,
    plan_level_down,
    plan_level_up,
    with_note,
    without_note,
)

__all__ = ["LevelChange", "LevelError", "level_down", "level_up"]


@dataclass
class LevelChange:
    """The proposed new file and what it means; ``ok`` when it may be written."""

    path: Path
    source: EditableText
    step: LevelStep
    new_text: str
    diagnostics: list[Diagnostic]  # of the new file (lines as it would be written)
    stale: tuple[StaleExpectation, ...] = ()  # `expect:` values moved, not rewritten
    updated: tuple[StaleExpectation, ...] = ()  # ...or rewritten (--update-expect)

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
                f"{name} (level {self.step.from_level})",
                f"{name} (level {self.step.to_level})",
            )
        )


def job_gains(ws: Any) -> dict[str, dict[str, int]]:
    """Each job of the project: its per-level HP, MP, DMG and M.Dmg (Game Terms: Base)."""
    return {e.id: e.model.per_level.model_dump() for e in ws.content.of_kind("job")}


def level_up(
    ws: Any,
    entity: Any,
    source: EditableText,
    *,
    job: str | None = None,
    award: int | None = None,
    update_expect: bool = False,
) -> LevelChange:
    """The file one level up: ``job`` held (default the primary job), ``award`` XP and AP
    (default the XP that just reaches the level). Raises `LevelError`, located."""
    c = entity.model
    gains = job_gains(ws)
    held = None
    if job is not None:
        held = norm_id(job)
        if held not in gains:
            known = sorted(gains)
            raise LevelError(
                f"--job {job}: no job with that id in the project{did_you_mean(held, known)} "
                f"(jobs: {', '.join(known) or 'none'})"
            )
    step = _located(entity, lambda: plan_level_up(c, gains, job=held, award=award))
    text, index = source.text, entity.doc.index
    comment = item_comment(text, index, ("xp",))
    edits: list[Edit] = [
        Append(("level_jobs",), step.job),
        SetValue(("jobs", step.job, "ap_earned"), step.new_ap),
        SetValue(("xp",), step.new_xp),
        SetComment(("xp",), with_note(comment, step.award, step.to_level)),
    ]
    return _change(ws, entity, source, step, edits, update_expect)


def level_down(
    ws: Any,
    entity: Any,
    source: EditableText,
    *,
    award: int | None = None,
    update_expect: bool = False,
) -> LevelChange:
    """The file with its last level undone: the noted award (or ``award``, ``--xp``) off
    the XP and off the AP of the job held at it, its ``level_jobs`` entry gone."""
    c = entity.model
    level = len(c.level_jobs)
    comment = item_comment(source.text, entity.doc.index, ("xp",))
    noted = noted_award(comment, level)
    taken = noted if award is None else award
    step = _located(entity, lambda: plan_level_down(c, job_gains(ws), award=taken))
    edits: list[Edit] = [
        Remove(("level_jobs", level - 1)),
        SetValue(("jobs", step.job, "ap_earned"), step.new_ap),
        SetValue(("xp",), step.new_xp),
    ]
    if noted is not None and comment is not None:  # the note goes with its level
        edits.append(SetComment(("xp",), without_note(comment, noted, level)))
    return _change(ws, entity, source, step, edits, update_expect)


def _located(entity: Any, plan: Any) -> LevelStep:
    """``plan()``, its refusal placed at ``file:line:col`` of what it is about."""
    try:
        return plan()
    except LevelError as exc:
        if not exc.path:
            raise
        at = place_in(Problem("", str(exc), "", exc.path), entity.doc)
        raise LevelError(f"{at.path}:{at.line}:{at.column}: {exc}") from exc


def _change(
    ws: Any,
    entity: Any,
    source: EditableText,
    step: LevelStep,
    edits: list[Edit],
    update_expect: bool,
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
        diags, _, _ = check_candidate(ws, path, source.encode(new_text))
        stale, updated = (), stale
    return LevelChange(path, source, step, new_text, diags, stale, updated)


def _splice(path: Path, text: str, index: int, edits: list[Edit]) -> str:
    try:
        return apply(text, index, edits)
    except SpliceError as exc:  # a file shape the splicer does not edit: say so, write nothing
        where = display_path(path)
        if exc.at is not None:
            line = text.count("\n", 0, exc.at) + 1
            where += f":{line}:{exc.at - text.rfind(chr(10), 0, exc.at)}"
        raise LevelError(f"cannot edit {where} in place ({exc}); make the change by hand") from exc
