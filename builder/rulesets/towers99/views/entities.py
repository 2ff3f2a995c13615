"""A weapon's and a combatant's computed numbers, as plain values (JSON, cards, terminal),
and how each was reached (``weapon_terms``, ``combatant_terms``: `zodiac show`'s breakdowns)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.explain import Term, item_keys
from builder.rulesets.towers99.models.weapon import AttackValue, DamageCategory, Reach, Weapon
from builder.rulesets.towers99.rules import combat as C
from builder.rulesets.towers99.tables import (
    INITIATIVE_BASE,
    LETHAL_REST_HOURS,
    OFF_HAND_FLIP,
    SURPRISE_DELAY,
    TWO_HANDED,
)

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.rulesets.towers99.models.combatant import Combatant

HEARTS = (0, 1, 2, 3)
# The card a start phase is shown for: a King (13), the chapter's example flip (Entering
# Combat and Initiative: Tony keeps a King, adds his <N> 2 and acts in phase 5).
KING = 13


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
        "grapple": vars(C.grapple(v.pa, v.pd, c.strength.hard, rank)),
        "off_hand": [
            {
                "weapon": i,
                "cards": C.attack_cards(w.attack_bonus, _attack_value(c, w)),
                "modifier": f"flip{OFF_HAND_FLIP:+d}",
            }
            for i, w in found.items()
            if one_handed(w)
        ],
        "dual_wield": _dual_wield(c, found),
        "lethal_rest_hours": C.lethal_rest_hours(c.lethal),
        "start_phase": {
            "card": KING,
            "initiative": KING + v.n,
            "phase": C.start_phase(KING + v.n),
            "surprised": C.start_phase(KING + v.n, surprised=True),
        },
        "description": c.description,
    }


def one_handed(w: Weapon) -> bool:
    """A weapon a hand can hold alone: not Two-Handed (the Heavy Rifle's keyword)."""
    return TWO_HANDED not in (k.lower() for k in w.keywords)


def _attack_value(c: Combatant, w: Weapon) -> int:
    return c.values.pa if w.attack is AttackValue.PA else c.values.sa


def dual_wielded(found: dict[str, Weapon]) -> list[str]:
    """The one-handed melee weapons a combatant carries; two or more can be dual-wielded
    (L289; two ranged, or one of each, give nothing without an Advantage, L291)."""
    return [i for i, w in found.items() if w.type is Reach.MELEE and one_handed(w)]


def _dual_wield(c: Combatant, found: dict[str, Weapon]) -> dict[str, Any] | None:
    if len(dual_wielded(found)) < 2:
        return None
    return {k: vars(s) for k, s in C.dual_wield(c.values.pa, c.values.pd).items()}


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


# --------------------------------------------------------------------------- breakdowns
# Keyed by the dotted paths of `zodiac show --format json` (``builder.explain``); top-level
# amounts add up to the number. What the file says (a weapon's damage, a combatant's STUN)
# has none: `--explain` says it is as written.

Explained = dict[str, tuple[Term, ...]]


def weapon_terms(w: Weapon, v: dict[str, Any]) -> Explained:
    """A thrown weapon's range increment, and every range band's first and last space."""
    out: Explained = {}
    inc = v["range_increment"]
    if not inc:
        return out
    if w.type is Reach.RANGED:
        source = Term(f"{inc} spaces, the weapon's range increment", inc, "range_increment")
    else:
        most = w.thrown_range or 0
        out["range_increment"] = (
            Term(
                f"{most} spaces thrown at most / 4, rounded down (at least 1)",
                inc,
                "thrown_range",
                (Term(f"{most} spaces", most, "thrown_range"),),
                "Grappling, Throw: increments are the maximum range divided by 4",
            ),
        )
        source = Term(f"{inc} spaces, a quarter of its thrown range", inc, "range_increment")
    rule = "Range Modifiers"
    for n, key in enumerate(item_keys(v["range_bands"]), start=1):
        if n == 1:
            out[f"range_bands.{key}.from"] = (
                Term("0 spaces: the first increment starts here", 0, "rule", rule=rule),
            )
        else:
            out[f"range_bands.{key}.from"] = (
                Term(
                    f"{n - 1} x {inc}, the end of increment {n - 1}",
                    (n - 1) * inc,
                    "range_increment",
                    (source,),
                    rule,
                ),
                Term("+1 space", 1, "rule", rule=rule),
            )
        out[f"range_bands.{key}.to"] = (
            Term(f"{n} x {inc}, increment {n}", n * inc, "range_increment", (source,), rule),
        )
    return out


def _stun_terms(
    c: Combatant, w: Weapon, weapon_id: str, hearts: int, stun: int
) -> tuple[Term, ...]:
    """STUN of a hit against resilience 0 (STUN Damage): damage (+ PX) + Hearts, at least 1."""
    rule = "STUN Damage"
    out = [Term(f"{w.damage} {w.name} damage", w.damage, f"weapon:{weapon_id}", rule=rule)]
    if w.px_adds:
        out.append(
            Term(f"{c.values.px} PX (the weapon adds it)", c.values.px, "values.px", rule=rule)
        )
    out.append(Term(f"{hearts} Hearts in the flip", hearts, "hearts", rule=rule))
    out.append(
        Term(
            "less 0 resilience (a target of resilience 0, as the card shows)",
            0,
            "resilience",
            rule=rule,
        )
    )
    raw = sum(t.amount or 0 for t in out)
    if stun > raw:
        out.append(
            Term(f"+{stun - raw}: a hit does at least 1 STUN", stun - raw, "rule", rule=rule)
        )
    return tuple(out)


def _lethal_terms(hearts: int, lethal: int) -> tuple[Term, ...]:
    """LETHAL of a hit (LETHAL Damage): one per Heart, never more than the STUN taken."""
    rule = "LETHAL Damage"
    out = [Term(f"{hearts} Hearts x 1 LETHAL", hearts, "hearts", rule=rule)]
    if lethal < hearts:
        out.append(
            Term(
                f"-{hearts - lethal}: no more than the STUN taken",
                lethal - hearts,
                "rule",
                rule=rule,
            )
        )
    return tuple(out)


def combatant_terms(c: Combatant, v: dict[str, Any], weapons: dict[str, Entity]) -> Explained:
    """A combatant view's computed numbers: Size Rank, death at, the LETHAL track, each
    attack's STUN and LETHAL by Hearts, the Aim limits and the start phase."""
    size = v["size"]
    e = c.endurance
    vals = c.values
    out: Explained = {
        "size_rank": (
            Term(
                f"{v['size_rank']} for {size.title()}",
                v["size_rank"],
                "table:size_rank",
                rule="Size Modifiers",
            ),
        ),
        "dead_at": (
            Term(
                f"-2 x {e} Endurance",
                -2 * e,
                "endurance",
                (Term(f"{e} Endurance [E]", e, "endurance"),),
                "LETHAL Damage (dead at negative double the Endurance)",
            ),
        ),
        "aim_limit.pa": (
            Term(
                f"half of PA {vals.pa}, rounded down",
                C.half_down(vals.pa),
                "values.pa",
                rule="Aim (up to half your PA or SA)",
            ),
        ),
        "aim_limit.sa": (
            Term(
                f"half of SA {vals.sa}, rounded down",
                C.half_down(vals.sa),
                "values.sa",
                rule="Aim (up to half your PA or SA)",
            ),
        ),
    }
    for key, box in zip(item_keys(v["lethal_track"]), v["lethal_track"], strict=True):
        down = c.lethal - box["value"]
        track = [Term(f"{c.lethal} LETHAL at most", c.lethal, "lethal", rule="LETHAL Damage")]
        if down:
            track.append(Term(f"-{down} boxes down the track", -down, "lethal_track"))
        out[f"lethal_track.{key}.value"] = tuple(track)
    for key, attack in zip(item_keys(v["attacks"]), v["attacks"], strict=True):
        found = weapons.get(attack["weapon"])
        if found is None:
            continue
        w = found.model
        for h, stun in zip(HEARTS, attack["stun_by_hearts"], strict=True):
            out[f"attacks.{key}.stun_by_hearts.{h}"] = _stun_terms(c, w, attack["weapon"], h, stun)
        for h, lethal in zip(HEARTS, attack["lethal_by_hearts"], strict=True):
            out[f"attacks.{key}.lethal_by_hearts.{h}"] = _lethal_terms(h, lethal)
    out.update(_grapple_terms(c, v))
    out.update(_hands_terms(c, v, weapons))
    lethal_rule = "Healing: 1 LETHAL per 8 hours without exertion (L247)"
    out["lethal_rest_hours"] = (
        Term(
            f"{c.lethal} LETHAL from 0 back to the maximum x {LETHAL_REST_HOURS} hours",
            c.lethal * LETHAL_REST_HOURS,
            "lethal",
            (Term(f"{c.lethal} LETHAL at most", c.lethal, "lethal"),),
            lethal_rule,
        ),
    )
    start = v["start_phase"]
    rule = "Entering Combat and Initiative"
    flip = (
        Term(f"{start['card']} a King flipped", start["card"], "card", rule=rule),
        Term(f"{vals.n} Initiative <N>", vals.n, "values.n", rule=rule),
    )
    counted = min(start["initiative"], INITIATIVE_BASE)
    phase = (
        Term(f"{INITIATIVE_BASE} phases", INITIATIVE_BASE, "rule", rule=rule),
        Term(
            f"-{counted} Calculated Initiative (20 or more counts as 20)",
            -counted,
            "start_phase.initiative",
            flip,
            rule,
        ),
    )
    out["start_phase.card"] = (
        Term(
            f"{start['card']}, a King: the chapter's own example flip",
            start["card"],
            "card",
            rule=rule,
        ),
    )
    out["start_phase.initiative"] = flip
    out["start_phase.phase"] = phase
    out["start_phase.surprised"] = (
        *phase,
        Term(f"+{SURPRISE_DELAY} surprised", SURPRISE_DELAY, "surprised", rule=rule),
    )
    return out


def _at_least_0(total: int, terms: list[Term], rule: str) -> tuple[Term, ...]:
    """Terms of a card count, with the step that keeps it from going below 0."""
    raw = sum(t.amount or 0 for t in terms)
    if total > raw:
        terms.append(
            Term(f"+{total - raw}: never fewer than 0 cards", total - raw, "rule", rule=rule)
        )
    return tuple(terms)


def _grapple_terms(c: Combatant, v: dict[str, Any]) -> Explained:
    """Grappling (L254, L260, L273): <PA>, <PD> or Hard Strength plus the Size Rank."""
    rank, g, vals, hs = v["size_rank"], v["grapple"], c.values, c.strength.hard
    size = Term(f"{rank} Size Rank ({v['size'].title()})", rank, "size_rank")
    test = "Grappling: Attack <PA> plus Size versus Physical Defense plus Size (L254)"
    reverse = "Reverse the Grapple: Hard Strength plus size, at (flip-1) (L273)"
    squeeze = (
        "Squeeze: Hard Strength plus your size minus the victim's, below Medium counted 0 (L260)"
    )
    out: Explained = {
        "grapple.attack": _at_least_0(
            g["attack"], [Term(f"{vals.pa} <PA>", vals.pa, "values.pa", rule=test), size], test
        ),
        "grapple.defense": _at_least_0(
            g["defense"], [Term(f"{vals.pd} <PD>", vals.pd, "values.pd", rule=test), size], test
        ),
        "grapple.reverse": _at_least_0(
            g["reverse"],
            [Term(f"{hs} Hard Strength [HS]", hs, "strength.hard", rule=reverse), size],
            reverse,
        ),
    }
    counted = max(0, rank)
    out["grapple.squeeze"] = (
        Term(f"{hs} Hard Strength [HS]", hs, "strength.hard", rule=squeeze),
        Term(
            f"{counted} size ({v['size'].title()}{', below Medium: 0' if rank < 0 else ''})",
            counted,
            "size_rank",
            rule=squeeze,
        ),
        Term("-0 a victim of Medium size or smaller", 0, "victim", rule=squeeze),
    )
    return out


def _hands_terms(c: Combatant, v: dict[str, Any], weapons: dict[str, Entity]) -> Explained:
    """Off-hand cards (L288: the same cards at flip-1) and the dual-wield stances (L289)."""
    out: Explained = {}
    rule = "Off-Hand Weapons: (flip-1) with the off-hand weapon (L288)"
    for key, row in zip(item_keys(v["off_hand"]), v["off_hand"], strict=True):
        w = weapons[row["weapon"]].model
        name = w.attack.value.upper()
        value = _attack_value(c, w)
        terms = [Term(f"{value} <{name}>", value, f"values.{w.attack.value}", rule=rule)]
        if w.attack_bonus:
            terms.append(
                Term(
                    f"{w.attack_bonus:+d} {w.name}'s attack bonus",
                    w.attack_bonus,
                    f"weapon:{row['weapon']}",
                    rule=rule,
                )
            )
        out[f"off_hand.{key}.cards"] = _at_least_0(row["cards"], terms, rule)
    if v["dual_wield"]:
        rule = "Dual-wielding two melee weapons (L289)"
        pa, pd = c.values.pa, c.values.pd
        for stance, sign_pa in (("aggressive", 1), ("defensive", -1)):
            got = v["dual_wield"][stance]
            for stat, base, sign in (("pa", pa, sign_pa), ("pd", pd, -sign_pa)):
                terms = [
                    Term(f"{base} <{stat.upper()}>", base, f"values.{stat}", rule=rule),
                    Term(f"{sign:+d} fighting {stance}ly", sign, "stance", rule=rule),
                ]
                out[f"dual_wield.{stance}.{stat}"] = _at_least_0(got[stat], terms, rule)
    return out
