"""A combatant, computed: death and KO, danger threshold, befriending, swarms, evasion,
its weapons (crit scores) and its abilities resolved with its numbers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.rulesets.turns import tables as T
from builder.rulesets.turns.rules import combat as C
from builder.rulesets.turns.rules.grammar import GrammarError, parse_attribute, parse_use
from builder.rulesets.turns.views.ability import ability_view

if TYPE_CHECKING:
    from builder.io.project import Content
    from builder.rulesets.turns.models.combatant import Combatant
    from builder.rulesets.turns.models.weapon import Weapon

SWARM_SIZES = range(2, 7)
BEFRIEND_AT = (("full", 4), ("3/4", 3), ("1/2", 2), ("1/4", 1))
ATTACKER_ACCURACY = (0, 2, 4, 6)


def weapon_view(w: Weapon) -> dict[str, Any]:
    try:
        use: dict[str, Any] | None = parse_use(w.use).to_json()
    except GrammarError as err:
        use = {"text": str(w.use), "error": str(err)}
    attrs = []
    for a in w.attributes:
        try:
            p = parse_attribute(a)
            attrs.append({"name": p.name, "value": p.value, "enhanced": p.enhanced, "text": a})
        except GrammarError:
            attrs.append({"name": a, "value": None, "enhanced": False, "text": a})
    wc = w.weight_class.strip().upper()
    return {
        "name": w.name,
        "kind": "weapon",
        "type": w.type.value,
        "weight_class": wc,
        "weight_class_name": T.WEIGHT_CLASSES.get(wc),
        "use": use,
        "rank": w.rank,
        "crit_score": C.crit_score(w.rank),
        "weight": w.weight,
        "element": w.element.lower() if w.element else None,
        "range": str(w.range) if w.range is not None else None,
        "attributes": attrs,
        "description": w.description,
    }


def combatant_view(c: Combatant, content: Content | None = None) -> dict[str, Any]:
    hp = c.vitals.health
    intel = c.intelligence.strip().lower() if c.intelligence else None
    befriendable = (
        c.befriendable
        if c.befriendable is not None
        else (c.side.value == "monster" and C.can_befriend(intel))
    )
    monster_befriend = befriendable and C.can_befriend(intel)
    befriend = [
        {"health": label, "hp": hp * q // 4, "dc": C.befriend_dc(intel, hp * q // 4, hp)}
        for label, q in BEFRIEND_AT
    ]
    weapons: list[dict[str, Any]] = []
    abilities: list[dict[str, Any]] = []
    if content is not None:
        index = content.index()
        for ref in c.weapons:
            e = index.get(("weapon", ref))
            if e is not None:
                weapons.append(weapon_view(e.model))
        for ref in c.abilities:
            e = index.get(("ability", ref))
            if e is not None:
                abilities.append(ability_view(e.model, c))
    scores = {t: getattr(c, t) for t in T.SCORE_TYPES}
    return {
        "name": c.name,
        "kind": "combatant",
        "side": c.side.value,
        "rank": c.rank.value,
        "element": c.element.lower(),
        "intelligence": intel,
        "description": c.description,
        "vitals": c.vitals.model_dump(),
        "initiative": c.initiative,
        "scores": {t: s.model_dump() for t, s in scores.items()},
        "luck": c.luck,
        "levels": c.levels.model_dump(),
        "ko_at": C.KO_AT,
        "death_at": C.death_at(hp),
        "befriend_dc": C.befriend_dc(intel, hp, hp) if monster_befriend else None,
        "befriend": befriend if monster_befriend else [],
        "danger_threshold": C.danger_threshold(intel, hp),
        "teamwork_count": T.TEAMWORK_COUNT[c.rank.value],
        "swarm": [C.swarm(n).to_json() for n in SWARM_SIZES],
        "evade": [
            {
                "type": t,
                "evasion": s.evasion,
                "targets": [
                    {"accuracy": a, "below": C.evade_target(s.evasion, a)}
                    for a in ATTACKER_ACCURACY
                ],
            }
            for t, s in scores.items()
        ],
        "pit_damage": C.bottomless_pit_damage(hp),
        "harvest": c.harvest.model_dump() if c.harvest else None,
        "weapons": weapons,
        "abilities": abilities,
    }
