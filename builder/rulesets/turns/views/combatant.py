"""A combatant, computed: death and KO, danger threshold, befriending, swarms, evasion,
its weapons (crit scores) and its abilities resolved with its numbers; ``*_terms`` say
how each number was reached (`zodiac show --explain`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.explain import Term, item_keys
from builder.rulesets.turns import tables as T
from builder.rulesets.turns.rules import combat as C
from builder.rulesets.turns.rules.grammar import GrammarError, parse_attribute, parse_use
from builder.rulesets.turns.views.ability import ability_terms, ability_view

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


def cover_rows(level: int) -> list[dict[str, Any]]:
    """R50: the temporary health Cover grants behind each rank of cover, {CL}(X5)."""
    return [
        {"name": name, "rank": rank, "temp_health": C.cover_temporary_health(level, rank)}
        for name, rank in T.COVER_RANKS
    ]


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
        "cover": cover_rows(c.levels.cl),
        "harvest": c.harvest.model_dump() if c.harvest else None,
        "weapons": weapons,
        "abilities": abilities,
    }


# --------------------------------------------------------------------------- breakdowns
# Keyed by the dotted paths of `zodiac show --format json` (``builder.explain``); top-level
# amounts add up to the number. What the file says (a score, max Health) has none.

Explained = dict[str, tuple[Term, ...]]


def weapon_terms(v: dict[str, Any], prefix: str = "") -> Explained:
    """A weapon's crit score: its rank + 1 (Weapons, Rank)."""
    at = f"{prefix}." if prefix else ""
    return {
        f"{at}crit_score": (
            Term(f"rank {v['rank']}", v["rank"], "rank"),
            Term(
                "+1: the Crit score, used for damage on a natural 20",
                1,
                "rule",
                rule="Weapons, Rank (L188); Critical Success (L272)",
            ),
        )
    }


def _befriend_terms(intel: str, health: int, hp: int, dc: int) -> tuple[Term, ...]:
    """Befriend: beat 16 / 18 / 20 by intelligence, less 1 per quarter of health missing."""
    base = T.BEFRIEND_BASE[intel]
    quarters = base - dc
    missing = hp - max(health, 0)
    how = (Term(f"{missing} of {hp} Health missing", missing, "vitals.health"),)
    return (
        Term(f"{base} for a {intel} monster", base, "table:befriend", rule="Befriend"),
        Term(
            f"{-quarters} for {quarters} whole quarter(s) of Health missing, 1 each",
            -quarters,
            "vitals.health",
            how,
            "Befriend; R1",
        ),
    )


def combatant_terms(c: Combatant, v: dict[str, Any]) -> Explained:
    """A combatant view's computed numbers: KO and death, danger threshold, befriending,
    Teamwork count, swarms, evade targets, pit damage, its weapons' crit scores and its
    abilities' numbers with its own scores."""
    hp = c.vitals.health
    health = Term(f"{hp} max Health", hp, "vitals.health")
    intel = v["intelligence"]
    out: Explained = {
        "ko_at": (Term("Knocked Out at 0 Health", C.KO_AT, "rule", rule="Knocked Out"),),
        "death_at": (
            Term(
                f"-half of {hp} max Health, rounded down",
                v["death_at"],
                "vitals.health",
                (health,),
                "Death (negative-half its max score); R1",
            ),
        ),
        "pit_damage": (
            Term(
                f"a quarter of {hp} max Health, rounded down",
                v["pit_damage"],
                "vitals.health",
                (health,),
                "Bottomless Pits; R1",
            ),
        ),
        "teamwork_count": (
            Term(
                f"a {v['rank']} counts as {v['teamwork_count']}",
                v["teamwork_count"],
                "table:teamwork",
                rule="Teamwork Attributes",
            ),
        ),
    }
    if v["danger_threshold"] is not None and intel is not None:
        pct = T.DANGER_PERCENT[intel]
        out["danger_threshold"] = (
            Term(
                f"{pct}% of {hp} max Health, rounded down",
                v["danger_threshold"],
                "table:danger_percent",
                (health, Term(f"{pct}% for a {intel} combatant", pct, "table:danger_percent")),
                "Aggro (danger threshold); R1",
            ),
        )
    if v["befriend_dc"] is not None and intel is not None:
        out["befriend_dc"] = _befriend_terms(intel, hp, hp, v["befriend_dc"])
    for key, row in zip(item_keys(v["befriend"]), v["befriend"], strict=True):
        q = dict(BEFRIEND_AT)[row["health"]]
        out[f"befriend.{key}.hp"] = (
            Term(
                f"{q}/4 of {hp} max Health, rounded down",
                row["hp"],
                "vitals.health",
                (health,),
                "Befriend; R1",
            ),
        )
        if row["dc"] is not None and intel is not None:
            out[f"befriend.{key}.dc"] = _befriend_terms(intel, row["hp"], hp, row["dc"])
    for key, row in zip(item_keys(v["swarm"]), v["swarm"], strict=True):
        n = row["members"]
        if n in T.SWARM:
            name = C.swarm_name(n)
            for field in ("accuracy", "evasion", "rank"):
                out[f"swarm.{key}.{field}"] = (
                    Term(
                        f"{row[field]:+} for a {name}", row[field], "table:swarm", rule="Swarming"
                    ),
                )
        else:
            size = Term(f"X = {n} members", n, "swarm.members")
            out[f"swarm.{key}.accuracy"] = (
                Term(f"+2 x {n} (X2)", row["accuracy"], "swarm.members", (size,), "Swarming"),
            )
            out[f"swarm.{key}.evasion"] = (
                Term(f"-2 x {n} (X2)", row["evasion"], "swarm.members", (size,), "Swarming"),
            )
            out[f"swarm.{key}.rank"] = (
                Term(f"{n} members", n, "swarm.members", rule="Swarming (X-1)"),
                Term("-1", -1, "rule", rule="Swarming (X-1)"),
            )
    for key, row in zip(item_keys(v["evade"]), v["evade"], strict=True):
        for tkey, target in zip(item_keys(row["targets"]), row["targets"], strict=True):
            out[f"evade.{key}.targets.{tkey}.below"] = (
                Term(
                    f"{row['evasion']} {row['type'].title()} Evasion",
                    row["evasion"],
                    f"scores.{row['type']}.evasion",
                    rule="Evade",
                ),
                Term(
                    f"-{target['accuracy']} the attacker's Accuracy",
                    -target["accuracy"],
                    "attacker",
                    rule="Evade",
                ),
            )
    cl = c.levels.cl
    for key, row in zip(item_keys(v["cover"]), v["cover"], strict=True):
        out[f"cover.{key}.temp_health"] = (
            Term(
                f"Class Level {cl} x {T.COVER_HEALTH_PER_RANK} x rank {row['rank']}",
                row["temp_health"],
                "levels.cl",
                (
                    Term(f"Class Level {cl}", cl, "levels.cl"),
                    Term(f"{row['name']}: rank {row['rank']}", row["rank"], "table:cover"),
                ),
                "Cover {CL}(X5) (L321); R50",
            ),
        )
    for key, w in zip(item_keys(v["weapons"]), v["weapons"], strict=True):
        out.update(weapon_terms(w, f"weapons.{key}"))
    for key, a in zip(item_keys(v["abilities"]), v["abilities"], strict=True):
        out.update(ability_terms(a, f"abilities.{key}", c))
    return out
