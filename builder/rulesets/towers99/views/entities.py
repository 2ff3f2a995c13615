"""A weapon's and a combatant's computed numbers, as plain values (JSON, cards, terminal)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.rulesets.towers99.models.weapon import DamageCategory, Reach, Weapon
from builder.rulesets.towers99.rules import combat as C

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.rulesets.towers99.models.combatant import Combatant

HEARTS = (0, 1, 2, 3)


def increment(w: Weapon) -> int | None:
    """The range increment bands come from: a ranged weapon's own, a thrown one's max / 4."""
    if w.type is Reach.RANGED:
        return w.range_increment
    if w.thrown_range is not None:
        return C.thrown_increment(w.thrown_range)
    return None


def weapon_view(w: Weapon, weapon_id: str) -> dict[str, Any]:
    inc = increment(w)
    bands = [b.to_json() for b in C.range_bands(inc)] if inc else []
    attack = w.attack.value.upper()
    damage = f"{w.damage}+PX" if w.px_adds else f"{w.damage}"
    category = "" if w.damage_category is DamageCategory.UNCATEGORISED else w.damage_category.value
    kind = " ".join(
        x for x in (category.title(), f"({w.damage_type.title()})" if w.damage_type else "") if x
    )
    return {
        "id": weapon_id,
        "name": w.name,
        "type": w.type.value,
        "thrown": w.thrown_range is not None,
        "attack": w.attack.value,
        "attack_bonus": w.attack_bonus,
        "attack_text": f"{w.attack_bonus}+{attack}" if w.attack_bonus else attack,
        "damage": w.damage,
        "px_adds": w.px_adds,
        "damage_text": f"{damage} {kind}".strip(),
        "damage_short": damage,
        "damage_note": _damage_note(w, kind),
        "cost_text": f"${w.cost}" if w.cost is not None else "–",
        "weight_text": f"{w.weight:g} lb" if w.weight is not None else "–",
        "damage_category": w.damage_category.value,
        "damage_type": w.damage_type,
        "range_increment": inc,
        "thrown_range": w.thrown_range,
        "shots": w.shots,
        "cost": w.cost,
        "weight": w.weight,
        "keywords": list(w.keywords),
        "range_bands": bands,
        "description": w.description,
    }


def _damage_note(w: Weapon, kind: str) -> str:
    less = {
        DamageCategory.PHYSICAL: "less the target's <ER>",
        DamageCategory.ARCANE: "less the target's <IR>",
    }.get(w.damage_category, "no resilience")
    return f"{kind + ' ' if kind else ''}STUN + Hearts, {less}; LETHAL 1 per Heart"


def attack_view(c: Combatant, weapon_id: str, w: Weapon | None) -> dict[str, Any]:
    """STUN and LETHAL a hit deals with 0-3 Hearts to a target of resilience 0."""
    if w is None:
        return {"weapon": weapon_id, "stun_by_hearts": [], "lethal_by_hearts": []}
    px = c.values.px if w.px_adds else 0
    hits = [C.hit_damage(w.damage, h, px=px) for h in HEARTS]
    return {
        "weapon": weapon_id,
        "stun_by_hearts": [h.stun for h in hits],
        "lethal_by_hearts": [h.lethal for h in hits],
    }


def combatant_view(c: Combatant, combatant_id: str, weapons: dict[str, Entity]) -> dict[str, Any]:
    """The contract keys (size_rank, dead_at, attacks) and what the cards print."""
    size = C.size_key(c.size)
    rank = C.size_rank(size)
    dead = C.dead_at(c.endurance)
    found = {i: weapons[i].model for i in c.weapons if i in weapons}
    v = c.values
    return {
        "id": combatant_id,
        "name": c.name,
        "size": size,
        "size_rank": rank,
        "values": v.model_dump(),
        "strength": c.strength.model_dump(),
        "endurance": c.endurance,
        "stun": c.stun,
        "lethal": c.lethal,
        "dead_at": dead,
        "lethal_track": lethal_track(c.lethal, c.endurance),
        "immunities": list(c.immunities),
        "susceptibilities": list(c.susceptibilities),
        "owner": c.owner,
        "companion_type": c.companion_type,
        "attacks": [attack_view(c, i, found.get(i)) for i in c.weapons],
        "weapons": [
            {"id": i, "name": found[i].name if i in found else i, "profile": _profile(found.get(i))}
            for i in c.weapons
        ],
        "aim_limit": {"pa": C.half_down(v.pa), "sa": C.half_down(v.sa)},
        "description": c.description,
    }


def _profile(w: Weapon | None) -> str:
    if w is None:
        return ""
    inc = increment(w)
    parts = [
        f"{w.attack_bonus}+{w.attack.value.upper()}" if w.attack_bonus else w.attack.value.upper()
    ]
    parts.append(f"{w.damage}+PX" if w.px_adds else str(w.damage))
    if inc:
        parts.append(f"inc {inc}")
    return ", ".join(parts)


def lethal_track(maximum: int, endurance: int) -> list[dict[str, Any]]:
    """Each LETHAL box from the maximum down to death, with its state (R: LETHAL Damage)."""
    return [
        {"value": n, "state": C.lethal_state(n, maximum, endurance)}
        for n in range(maximum, C.dead_at(endurance) - 1, -1)
    ]
