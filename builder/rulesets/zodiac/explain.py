"""ZODIAC's numbers with their breakdowns, keyed by the dotted paths of `zodiac show` JSON.

Each function takes a computed view (the same object its `zodiac show` JSON is made from)
and returns ``{dotted path: (Term, ...)}`` for the numbers the rules computed: a
character's own stats, derived stats, attack damage, XP to next level, turns (SP per
round), Tech Points, gold and Tech costs; a monster's derived stats,
stat total, Tech Levels and rewards; a Tech's costs; an item's price and sell price; a
job's level-1 numbers; a potion's sell price. The terms come from the rules layer (one
place per number: ``rules.character.Value`` and its ``*_terms`` functions, ``rules.monsters.Figure``,
``rules.techs.TechCosts``, ``rules.equipment.price_terms``); this module only keys them.
Numbers written in the file (a stat, an Enemy Skill's MP) have no terms: `show --explain`
says they are as written. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from builder.explain import Term
from builder.models.base import norm_id
from builder.rulesets.zodiac.rules import character as rules
from builder.rulesets.zodiac.rules.character import DERIVED_KEYS, Value
from builder.rulesets.zodiac.rules.equipment import price_terms, sell_price_terms

Explained = dict[str, tuple[Term, ...]]

_COSTS = ("mp_cost", "sp_cost", "hp_cost", "tp_cost")


def character_terms(v: Any) -> Explained:
    """A character view (``views.character_base.CharacterView``), fully computed."""
    out: Explained = {f"derived.{k}": v.derived[k].breakdown() for k in DERIVED_KEYS}
    out.update({f"stats.{k}": terms for k, terms in v.stat_terms.items()})
    out["xp_to_next_level"] = v.xp_next_terms
    if v.speed is not None:
        out.update({f"speed.{k}": t for k, t in rules.speed_terms(v.derived["speed"]).items()})
    out.update(_attack_terms(v))
    if v.class_power == "tech":
        total = rules.tech_points_terms(v.level, v.stats["mag"])  # own Magic (R7)
        spent = tuple(
            Term(f"{t['tp_paid']} {t['name']}", t["tp_paid"], f"tech:{t['id']}", rule="R15")
            for t in v.techs
            if t.get("tp_paid")
        )
        out["tech_points.total"] = total
        out["tech_points.spent"] = spent
        out["tech_points.available"] = (
            Term(f"{v.tech_points_total} earned", v.tech_points_total, "tech_points.total", total),
            Term(f"-{v.tech_points_spent} spent", -v.tech_points_spent, "tech_points.spent", spent),
        )
    if v.gold is not None and v.gold_breakdown:
        out["gold"] = tuple(Term(t.label, t.amount, t.source, rule="R25") for t in v.gold_breakdown)
    for tech_id, costs in getattr(v, "tech_terms", {}).items():
        for cost, terms in costs.items():
            if cost != "tp_cost":  # a character's Techs show what was paid (tp_paid)
                out[f"techs.{tech_id}.{cost}"] = tuple(terms)
    return out


def _attack_terms(v: Any) -> Explained:
    """Each attack line's ``min`` and ``max`` (``rules.character.attack_damage_terms``),
    keyed as `paths` names the line (its name in id form, else its position)."""
    out: Explained = {}
    weapon = next((i for i in v.equipment if i.slot == "weapon"), None)
    seen: set[str] = set()
    for n, a in enumerate(v.attacks):
        key = norm_id(a.name) or str(n)
        key = str(n) if key in seen else key
        seen.add(key)
        armed = weapon is not None and a.name == weapon.name
        if armed:  # the derived AP and Strength Dice, with their own terms
            source = f"equipment:{weapon.set_id}/{weapon.id}" if weapon.set_id else "equipment"
            shared = {
                "dice_terms": v.derived["str_dice"].breakdown(),
                "die_source": source,
                "ap_terms": v.derived["ap"].breakdown(),
            }
        else:  # Ch. VI Unarmed Attacks: d4, Strength halved for dice and AP
            shared = {"unarmed": True}
        for end in ("min", "max"):
            out[f"attacks.{key}.{end}"] = rules.attack_damage_terms(
                a.dice, a.die, a.multiplier, a.ap, a.house, high=end == "max", **shared
            )
    return out


def monster_terms(v: Any) -> Explained:
    """A monster view (``rules.monsters.MonsterView``)."""
    out: Explained = {f"derived.{k}": getattr(v.derived, k).terms for k in v.derived.values()}
    out["stat_total"] = v.stat_total.terms
    out["tech_levels.total"] = v.tech_levels_total.terms
    out["tech_levels.spent"] = v.tech_levels_spent.terms
    out["rewards.xp"] = v.rewards.xp.terms
    out["rewards.gold"] = v.rewards.gold.terms
    return {k: t for k, t in out.items() if t}


def tech_terms(terms: Mapping[str, Iterable[Term]], prefix: str = "") -> Explained:
    """A Tech's costs (``rules.techs.TechCosts.terms``): MP, SP, HP and TP."""
    return {f"{prefix}{k}": tuple(terms[k]) for k in _COSTS if k in terms}


def set_terms(items: Iterable[Any]) -> Explained:
    """An equipment set's items (``views.equipment.ItemView``): price and sell price."""
    out: Explained = {}
    seen: set[str] = set()
    for i in items:
        if i.id in seen:  # the JSON names a repeated id by position; leave it unexplained
            continue
        seen.add(i.id)
        price = price_terms(i.slot, i.level, i.points, i.artifact)
        if price:
            out[f"items.{i.id}.price"] = price
        out[f"items.{i.id}.sell_price"] = sell_price_terms(i.price)
    return out


def job_terms(derived: Mapping[str, Value]) -> Explained:
    """A job's level-1 numbers, unequipped (``rules.character.derived_stats``)."""
    return {f"level_1.{k}": v.breakdown() for k, v in derived.items()}


def potion_terms(price: int | None) -> Explained:
    """A potion's sell price (R25)."""
    return {"sell_price": sell_price_terms(price)}


def enemy_skill_terms(mp: int, tech_level: int) -> Explained:
    """An Enemy Skill's MP is written (R20); the MP table's cells of its Tech Level, nested,
    are what a Tech of that level would cost (the check warns when none matches)."""
    from builder.rulesets.zodiac.rules.techs import POWER_LEVELS, mp_cost

    cells = tuple(
        Term(
            f"{mp_cost(tech_level, p)} MP for a {p} Tech Level {tech_level}", None, "table:mp_cost"
        )
        for p in POWER_LEVELS
    )
    return {"mp_cost": (Term(f"{mp} as written", mp, "written", cells, rule="R20"),)}


def check_sum(value: int | float, terms: Iterable[Term]) -> bool:
    """Whether the top-level amounts add up to ``value`` (a table lookup has one term)."""
    amounts = [t.amount for t in terms]
    return all(a is not None for a in amounts) and sum(a for a in amounts if a) == value
