"""One attack as it lands (`zodiac tool damage`): a weapon, or a grappler's Squeeze or
Slam, with N Hearts against a combatant, as plain values and the arithmetic behind them.

STUN after the target's resilience (L198-206), immunity and susceptibility (L229-231),
LETHAL (L211), first blood (L317-318), what each side's flip gets (size L134-138, range
L122-131, cover L155-161, outnumbering L151, off-hand and dual-wield L288-289, Power
Attack L88, high ground L121), grid distance (L323-325), and the target's tracks after
the hit with temporary STUN and LETHAL lost first (L219-224) and the rest it needs (L247).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from builder.rulesets.towers99.models.weapon import AttackValue, Reach
from builder.rulesets.towers99.rules import combat as C
from builder.rulesets.towers99.views.entities import increment

if TYPE_CHECKING:
    from builder.rulesets.towers99.models.combatant import Combatant
    from builder.rulesets.towers99.models.weapon import Weapon

GRAPPLE_DAMAGE = ("squeeze", "slam")  # WEAPON words for the grappler's damage (L259-262)
POWER_ATTACK_DAMAGE = 2  # Power Attack (L88): base Damage +2, (flip-1) on the attack


@dataclass(frozen=True)
class Options:
    """What the Master says about the attack, beside the weapon, Hearts and target."""

    hearts: int
    px: int | None = None  # the wielder's <PX> when no attacker is named
    power_attack: bool = False
    off_hand: bool = False
    stance: str | None = None  # dual-wield: "aggressive" or "defensive"
    at: tuple[int, int] | None = None  # squares across and down from attacker to target
    cover: str = "none"
    friends: int | None = None  # outnumbering: your side in the melee, you included
    foes: int | None = None
    high_ground: bool = False
    flat_footed: bool = False  # the target has not acted yet: no [SS] on <PD> (L22)
    stun_now: int | None = None  # the target's STUN before the hit (default: its maximum)
    lethal_now: int | None = None
    temp_stun: int = 0
    temp_lethal: int = 0


def _mod(modifier: str, why: str) -> dict[str, str]:
    return {"modifier": modifier, "why": why}


def _damage(
    base: int,
    base_label: str,
    px: int | None,
    category: str,
    damage_type: str | None,
    target: Combatant,
    o: Options,
) -> dict[str, Any]:
    """STUN and LETHAL of the hit on ``target``, with each step of the arithmetic."""
    terms = [{"label": base_label, "amount": base}]
    if px is not None:
        terms.append({"label": "wielder's <PX>", "amount": px})
    if o.power_attack:
        terms.append({"label": "Power Attack: base Damage +2 (L88)", "amount": POWER_ATTACK_DAMAGE})
    pre = sum(t["amount"] for t in terms)
    terms.append({"label": "Hearts in the flip (L198)", "amount": o.hearts})
    name, res = C.resilience_for(category, target.values.er, target.values.ir)
    if name:
        terms.append({"label": f"target's <{name}> (L205)", "amount": -res})
    raw = sum(t["amount"] for t in terms)
    immune = damage_type is not None and damage_type in target.immunities
    susceptible = damage_type is not None and damage_type in target.susceptibilities
    hit = C.hit_damage(
        pre,
        o.hearts,
        resilience=res,
        immune=immune,
        susceptible=susceptible,
    )
    notes = []
    if not immune and raw < 1:
        notes.append(f"{raw} is less than 1: a hit does at least 1 STUN (L205)")
    if immune:
        notes.append(f"immune to {damage_type}: no STUN or LETHAL (L229)")
    if susceptible:
        notes.append(
            f"susceptible to {damage_type}: STUN after resilience and LETHAL doubled (L230)"
        )
    if not immune and o.hearts > max(1, raw):
        notes.append("LETHAL is never more than the STUN taken (L211)")
    return {
        "stun": hit.stun,
        "lethal": hit.lethal,
        "terms": terms,
        "before_minimum": raw,
        "category": category,
        "damage_type": damage_type,
        "resilience": {"name": name or None, "value": res},
        "immune": immune,
        "susceptible": susceptible,
        "first_blood": not immune and C.first_blood(raw + res, res),
        "notes": notes,
    }


def _after(target: Combatant, stun: int, lethal: int, o: Options) -> dict[str, Any]:
    """The target's tracks after the hit: temporary points go first (L220), STUN stops at
    0 (L208); its LETHAL state (L213, L223) and the hours of rest the LETHAL lost needs."""
    stun_now = target.stun if o.stun_now is None else o.stun_now
    lethal_now = target.lethal if o.lethal_now is None else o.lethal_now
    s = C.take(C.Track(stun_now, o.temp_stun), stun, floor=0)
    le = C.take(C.Track(lethal_now, o.temp_lethal), lethal)
    lost = max(0, target.lethal - le.current)
    return {
        "stun": {"current": s.current, "temporary": s.temporary, "maximum": target.stun},
        "lethal": {"current": le.current, "temporary": le.temporary, "maximum": target.lethal},
        "unconscious": C.unconscious(s),
        "state": C.lethal_state_with(le, target.lethal, target.endurance),
        "dead_at": C.dead_at(target.endurance),
        "rest_hours": C.lethal_rest_hours(lost),
    }


def attack_report(
    weapon_id: str,
    weapon: Weapon | None,
    target_id: str,
    target: Combatant,
    attacker_id: str | None,
    attacker: Combatant | None,
    o: Options,
) -> dict[str, Any]:
    """The whole attack: each side's flip and its modifiers, the damage, the tracks after.

    ``weapon`` None means ``weapon_id`` is "squeeze" or "slam" (the attacker's Hard
    Strength and size, L260). Raises ``C.RuleError`` on what the chapter does not allow.
    """
    if o.hearts < 0:
        raise C.RuleError("Hearts in a flip are 0 or more")
    attack_mods: list[dict[str, str]] = []
    defense_mods: list[dict[str, str]] = []
    report: dict[str, Any] = {
        "weapon": weapon_id,
        "target": target_id,
        "attacker": attacker_id,
        "hearts": o.hearts,
    }
    target_rank = C.size_rank(target.size)
    if attacker is not None:
        shifts = C.size_shifts(attacker.size, target.size)
        report["size"] = {
            "attacker": C.size_key(attacker.size),
            "target": C.size_key(target.size),
            "attacker_shift": shifts.attacker,
            "target_shift": shifts.defender,
        }

    if weapon is None:  # Squeeze or Slam: a damage flip of the grappler (L259-262)
        if attacker is None:
            raise C.RuleError(f"{weapon_id} is the grappler's Hard Strength and size: name --by")
        rank = C.size_rank(attacker.size)
        base = C.squeeze_damage(attacker.strength.hard, rank, target_rank)
        label = (
            f"{weapon_id.title()}: Hard Strength {attacker.strength.hard}"
            f" + size {max(0, rank)} - victim's size {max(0, target_rank)}"
            " (below Medium counts 0, L260)"
        )
        # L205: damage the source does not call Physical or Arcane meets no resilience.
        report["damage"] = _damage(base, label, None, "uncategorised", None, target, o)
        report["flip"] = None
        report["distance"] = None
        report["after"] = _after(target, report["damage"]["stun"], report["damage"]["lethal"], o)
        if weapon_id == "slam":
            report["damage"]["notes"].append("Slam: the foe is knocked down, the grapple breaks")
        return report

    # ---- the attacker's flip
    value_name = weapon.attack.value.upper()
    cards = None
    cards_terms: list[dict[str, Any]] = []
    if attacker is not None:
        v = attacker.values
        value = v.pa if weapon.attack is AttackValue.PA else v.sa
        cards_terms.append({"label": f"<{value_name}>", "amount": value})
        if weapon.attack_bonus:
            cards_terms.append({"label": f"{weapon.name}'s bonus", "amount": weapon.attack_bonus})
        if o.stance is not None:
            if weapon.type is not Reach.MELEE or weapon.attack is not AttackValue.PA:
                raise C.RuleError("a dual-wield stance is for two melee weapons (L289)")
            stance = C.dual_wield(v.pa, v.pd)[o.stance]
            cards_terms.append(
                {"label": f"dual-wield, {o.stance} (L289)", "amount": stance.pa - v.pa}
            )
        cards = C.attack_cards(0, sum(t["amount"] for t in cards_terms))
        if report["size"]["attacker_shift"]:
            attack_mods.append(
                _mod(C.modifier_text({"shift": report["size"]["attacker_shift"]}), "size (L136)")
            )
    elif o.stance is not None:
        raise C.RuleError("a dual-wield stance is the attacker's: name --by")
    if o.off_hand:
        attack_mods.append(_mod("flip-1", "the weapon in the off hand (L288)"))
    if o.power_attack:
        attack_mods.append(_mod("flip-1", "Power Attack (L88)"))
    if o.high_ground:
        attack_mods.append(_mod("shift+1", "attacking from higher ground (L121)"))
    if o.friends is not None or o.foes is not None:
        if weapon.type is not Reach.MELEE:
            raise C.RuleError("outnumbering counts in melee only (L151)")
        mine, theirs = o.friends or 1, o.foes or 1
        found = C.outnumbering(mine, theirs)
        if found:
            attack_mods.append(_mod(found, f"outnumbering {mine} to {theirs} (L151)"))

    distance = None
    if o.at is not None:
        distance = C.grid_distance(*o.at)
        inc = increment(weapon)
        if inc is not None and (weapon.type is Reach.RANGED or distance > 1):
            band = C.range_modifier(distance, inc)
            if band is None:
                raise C.RuleError(
                    f"{distance} spaces is beyond the 4th range increment of {weapon.name}"
                    f" ({4 * inc} spaces): impossible (L130)"
                )
            if band != "none":
                attack_mods.append(_mod(band, f"{distance} spaces, increment {inc} (L124-131)"))
        elif distance > 1 and "reach" not in [k.lower() for k in weapon.keywords]:
            raise C.RuleError(
                f"{weapon.name} is a melee weapon: the target is {distance} spaces away,"
                " not adjacent (R39)"
            )

    # ---- the defender's flip
    defends = "ID" if weapon.attack is AttackValue.SA else "PD"
    defense_terms = [
        {
            "label": f"<{defends}>",
            "amount": target.values.id if defends == "ID" else target.values.pd,
        }
    ]
    if defends == "PD" and not o.flat_footed:
        defense_terms.append(
            {"label": "[SS], not flat-footed (L22)", "amount": target.strength.soft}
        )
    if target_rank:
        defense_mods.append(_mod(C.modifier_text({"shift": -target_rank}), "size (L136)"))
    for m in C.cover_modifiers(o.cover):
        defense_mods.append(_mod(m, f"{o.cover} cover (L157-158)"))

    def side(
        n: int | None, name: str, terms: list[dict[str, Any]], mods: list[dict[str, str]]
    ) -> dict[str, Any]:
        net = C.net_modifiers([m["modifier"] for m in mods])
        return {
            "cards": n,
            "value": name,
            "cards_terms": terms,
            "modifiers": mods,
            "net": C.modifier_text(net),
        }

    report["flip"] = {
        "attacker": side(cards, value_name, cards_terms, attack_mods),
        "defender": side(
            sum(t["amount"] for t in defense_terms), defends, defense_terms, defense_mods
        ),
    }
    report["distance"] = distance
    px = None
    if weapon.px_adds:
        if attacker is not None:
            px = attacker.values.px
        elif o.px is not None:
            px = o.px
        else:
            raise C.RuleError(f"{weapon.name} adds the wielder's <PX>: name --by or give --px")
    report["damage"] = _damage(
        weapon.damage,
        f"{weapon.name} damage",
        px,
        weapon.damage_category.value,
        weapon.damage_type,
        target,
        o,
    )
    report["after"] = _after(target, report["damage"]["stun"], report["damage"]["lethal"], o)
    return report


def damage_line(report: dict[str, Any]) -> str:
    """'7 Heavy Rifle damage + 2 Hearts - 1 <ER> = 8 STUN', the arithmetic in one line."""
    d = report["damage"]
    parts = []
    for n, t in enumerate(d["terms"]):
        amount = t["amount"]
        sign = "" if n == 0 else ("+ " if amount >= 0 else "- ")
        parts.append(f"{sign}{abs(amount) if n else amount} {t['label']}")
    return " ".join(parts) + f" = {d['before_minimum']}"
