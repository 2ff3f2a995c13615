"""Jobs and monsters: the thresholds' order (R37) and the abilities' ids."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from builder.problems import Problem, Severity

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.rulesets.bit16.checks import CheckContext

CODES: dict[str, str] = {
    "BT120": "thresholds out of order: EVA <= 2DEF <= DEF, M.Eva <= 2M.Def <= M.Def (warning)",
    "BT121": "two abilities of one job or monster share an id",
}


def _order(model: Any) -> Iterator[Problem]:
    t = model.thresholds
    for names, values in (
        (("eva", "2def", "def"), (t.eva, t.def2, t.def_)),
        (("m_eva", "2m_def", "m_def"), (t.m_eva, t.m_def2, t.m_def)),
    ):
        if not values[0] <= values[1] <= values[2]:
            shown = ", ".join(f"{n} {v}" for n, v in zip(names, values, strict=True))
            yield Problem(
                "BT120",
                f"thresholds {shown} are expected to run {' <= '.join(names)}; "
                "the bands read oddly otherwise",
                "R37",
                ("thresholds", names[1]),
                Severity.WARNING,
            )


def _ids(model: Any) -> Iterator[Problem]:
    from builder.rulesets.bit16.checks.character import ability_id

    seen: set[str] = set()
    for i, a in enumerate(model.abilities):
        key = ability_id(a)
        if key in seen:
            yield Problem(
                "BT121",
                f"ability id '{key}' is used twice; give one an `id:` of its own",
                "R31",
                ("abilities", i),
            )
        seen.add(key)


def check_stats(entity: Entity, ctx: CheckContext) -> Iterator[Problem]:
    yield from _order(entity.model)
    yield from _ids(entity.model)
