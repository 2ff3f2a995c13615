"""Construction checks of combatants (Weapons, Befriend, Aggro, Elements)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from builder.problems import Problem
from builder.rulesets.turns import tables as T
from builder.rulesets.turns.checks.common import element_problems
from builder.rulesets.turns.models.combatant import Combatant, Side

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.rulesets.turns.checks import CheckContext

CODES: dict[str, str] = {
    "TA130": "a combatant carries more than two weapons (primary and secondary)",
    "TA131": "only drone, instinctive and sapient monsters can be befriended",
    "TA132": "a combatant's element is not one of the chapter's",
    "TA133": "an intelligence is not drone, instinctive, sapient, wise or brilliant",
    "TA134": "a combatant names a weapon the project does not have",
    "TA135": "a combatant names an ability the project does not have",
}


def check_combatant_entity(entity: Entity, ctx: CheckContext) -> Iterator[Problem]:
    yield from check_combatant(entity.model)
    c: Combatant = entity.model
    for field, kind, code in (("weapons", "weapon", "TA134"), ("abilities", "ability", "TA135")):
        known = ctx.ids(kind)
        for i, ref in enumerate(getattr(c, field)):
            if ctx.find(kind, ref) is None:
                yield Problem(
                    code,
                    f"no {kind} '{ref}' in this project"
                    + (f"; there are: {', '.join(sorted(known)[:12])}" if known else ""),
                    "Weapons" if kind == "weapon" else "Abilities",
                    (field, i),
                )


def check_combatant(c: Combatant) -> Iterator[Problem]:
    if len(c.weapons) > 2:
        yield Problem(
            "TA130",
            f"{len(c.weapons)} weapons: you have two slots, primary and secondary",
            "Weapons",
            ("weapons", 2),
        )
    yield from element_problems(c.element, ("element",), "TA132")
    intel = c.intelligence.strip().lower() if c.intelligence else None
    if intel is not None and intel not in T.INTELLIGENCE:
        yield Problem(
            "TA133",
            f"intelligence '{c.intelligence}' is not one of {', '.join(T.INTELLIGENCE)}",
            "Aggro",
            ("intelligence",),
        )
    if c.befriendable and (c.side is Side.PLAYER or intel not in T.BEFRIEND_BASE):
        who = "a player" if c.side is Side.PLAYER else f"intelligence {intel or 'unknown'}"
        yield Problem(
            "TA131",
            f"befriendable, but {who}: only drone, instinctive or sapient monsters "
            "can be befriended",
            "Befriend",
            ("befriendable",),
        )
