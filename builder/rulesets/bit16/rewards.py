"""`zodiac encounter rewards` in a 16 Bit Tactics project (Rewards; R34, R35).

Registered as ``RULESET.rewards``: ``(lines, party) -> Shown`` where ``lines`` are
``(entity, count)`` pairs of monsters; the CLI prints what this returns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from builder.rulesets.bit16.rules.progression import battle_award, enemy_xp
from builder.views import Shown

if TYPE_CHECKING:
    from builder.io.project import Entity


def encounter_rewards(lines: Sequence[tuple[Entity, int]], party: int) -> Shown:
    """Base award, difficulty (enemies / PCs), the award (half up) and as much AP."""
    levels = [e.model.level for e, n in lines for _ in range(n)]
    award = battle_award(levels, party)
    detail: list[tuple[str, str]] = [
        (f"{e.model.name} x {n}", f"level {e.model.level}: {enemy_xp(e.model.level)} XP each")
        for e, n in lines
    ]
    data: dict[str, Any] = award.to_json()
    summary = [
        ("Base XP", str(award.base_xp)),
        ("Difficulty", f"{award.enemies} enemies / {award.pcs} PCs = {float(award.difficulty):g}"),
        (
            "Award",
            f"{award.base_xp} x {float(award.difficulty):g}, rounded half up (R35) = "
            f"{award.award} XP",
        ),
        ("AP", f"{award.ap} AP each, on the job each character fought in (R35)"),
    ]
    return Shown(
        f"Encounter rewards, party of {party}",
        data,
        [("Enemies", detail), ("Every PC who fought", summary)],
    )
