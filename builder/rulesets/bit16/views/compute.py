"""Every number the text makes a group compute, as plain dicts (templates only read them),
and how each was reached (``*_terms``: the breakdowns `zodiac show` carries)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from builder.explain import Term, item_keys
from builder.models.base import norm_id
from builder.rulesets.bit16.rules import combat, progression
from builder.rulesets.bit16.rules.tables import (
    COMBO_PER_LEVEL,
    ENEMY_XP,
    LIMIT_MAX,
    LIMIT_USABLE,
    PC_XP_MIN,
)

if TYPE_CHECKING:
    from builder.io.project import Content, Entity
    from builder.rulesets.bit16.models.character import Character
    from builder.rulesets.bit16.models.common import Ability
    from builder.rulesets.bit16.models.job import Job
    from builder.rulesets.bit16.models.monster import Monster
    from builder.rulesets.bit16.models.project import HouseRules

STATS = ("hp", "mp", "dmg", "mdmg")
THRESHOLD_LABELS = (
    ("eva", "EVA"),
    ("def2", "2DEF"),
    ("def_", "DEF"),
    ("m_eva", "M.Eva"),
    ("m_def2", "2M.Def"),
    ("m_def", "M.Def"),
)


def ability_view(a: Ability) -> dict[str, Any]:
    return {
        "id": a.id or norm_id(a.name),
        "name": a.name,
        "type": "spell" if a.spell else "ability",
        "ap": a.ap,
        "mp": progression.spell_mp(a.ap, a.mp) if a.spell else None,
        "range": combat.ability_range(a.range, a.ae),  # 1, or 0 for an AE attack (L93)
        "ae": a.ae,
        "two_weapons": a.two_weapons,
        "effect": a.effect,
    }


def thresholds(t: Any) -> dict[str, int]:
    return {label: getattr(t, attr) for attr, label in THRESHOLD_LABELS}


def crit_ignores_bands(house: HouseRules | None) -> bool:
    """Whether the project reads a Crit as ignoring the bands (R47's house rule)."""
    return bool(getattr(house, "crit_ignores_bands", False))


def cuts(t: Any, *, magic: bool) -> tuple[int, int, int]:
    """EVA, 2DEF and DEF (or M.Eva, 2M.Def and M.Def, R37) of a thresholds model."""
    return (t.m_eva, t.m_def2, t.m_def) if magic else (t.eva, t.def2, t.def_)


def attack_chances(
    die: str, t: Any, *, magic: bool, house: HouseRules | None = None
) -> combat.Chances:
    """``die`` against these thresholds, read by R47 or its house rule."""
    return combat.chances(die, *cuts(t, magic=magic), crit_ignores_bands=crit_ignores_bands(house))


def attack_table(
    die: str, t: Any, *, magic: bool, house: HouseRules | None = None
) -> dict[str, float]:
    """Chances of each band for ``die`` against these thresholds (R37 for magic), and the
    share of DMG a roll deals on average (``mean_multiplier``, R47)."""
    return attack_chances(die, t, magic=magic, house=house).to_json()


DICE = ("d4", "d6", "d8", "d10", "d12")


def outcomes(t: Any, house: HouseRules | None = None) -> dict[str, dict[str, dict[str, float]]]:
    """Every attacker die against these thresholds: chance of each band (R37 for magic)
    and the mean share of DMG one roll deals (R47; ``crit_ignores_bands``)."""
    return {
        "physical": {d: attack_table(d, t, magic=False, house=house) for d in DICE},
        "magical": {d: attack_table(d, t, magic=True, house=house) for d in DICE},
    }


def job_view(entity: Entity, house: HouseRules | None = None) -> dict[str, Any]:
    j: Job = entity.model
    return {
        "id": entity.id,
        "name": j.name,
        "description": j.description,
        "atk": j.atk.value,
        "matk": j.matk.value,
        "per_level": j.per_level.model_dump(),
        "thresholds": thresholds(j.thresholds),
        "mov": j.mov,
        "jump": j.jump,
        "status_rounds": combat.status_rounds(j.matk.value),
        "outcomes": outcomes(j.thresholds, house),
        "abilities": [ability_view(a) for a in j.abilities if not a.spell],
        "spells": [ability_view(a) for a in j.abilities if a.spell],
    }


def monster_view(entity: Entity, house: HouseRules | None = None) -> dict[str, Any]:
    m: Monster = entity.model
    xp = progression.enemy_xp(m.level)
    return {
        "id": entity.id,
        "name": m.name,
        "description": m.description,
        "level": m.level,
        "xp": xp,
        "ap": xp,
        "atk": m.atk.value,
        "matk": m.matk.value,
        "hp": m.hp,
        "mp": m.mp,
        "dmg": m.dmg,
        "mdmg": m.mdmg,
        "thresholds": thresholds(m.thresholds),
        "mov": m.mov,
        "jump": m.jump,
        "initiative_phase": combat.initiative_phase(m.thresholds.eva),
        "combo_bonus": progression.combo_bonus(m.level),
        "status_rounds": combat.status_rounds(m.matk.value),
        "outcomes": outcomes(m.thresholds, house),
        "abilities": [ability_view(a) for a in m.abilities],
    }


def weapon_view(entity: Entity) -> dict[str, Any]:
    """A weapon with its RNG as played: as written, else 1, 2 for Long and Reach (L93,
    L235), and a ranged weapon's RNG from 2 HT above the target (L95)."""
    w = entity.model
    rng = combat.weapon_range(w.type.value, w.range)
    return {
        "id": entity.id,
        "name": w.name,
        "type": w.type.value,
        "atk": w.atk.value if w.atk else None,
        "ammo": w.ammo,
        "range": rng,
        "range_from_above": combat.range_from_above(w.type.value, rng),
        "description": w.description,
    }


def _jobs(content: Content) -> dict[str, Job]:
    return {e.id: e.model for e in content.of_kind("job")}


def character_view(
    content: Content, entity: Entity, house: HouseRules | None = None
) -> dict[str, Any]:
    """The character's computed block: level, XP, summed stats (R38), AP ledgers; its
    outcome chances read by R47 or the project's ``crit_ignores_bands``."""
    c: Character = entity.model
    jobs = _jobs(content)
    level = progression.level_for_xp(c.xp)
    gains = {k: j.per_level.model_dump() for k, j in jobs.items()}
    summed = {s: progression.summed_gains(c.level_jobs, gains, s) for s in STATS}
    primary = jobs.get(c.primary_job)
    ledgers: dict[str, dict[str, Any]] = {}
    for job_id, record in c.jobs.items():
        job = jobs.get(job_id)
        known = {a["id"]: a for a in (ability_view(x) for x in job.abilities)} if job else {}
        learned = [known[a] for a in record.learned if a in known]
        ledgers[job_id] = {
            "name": job.name if job else job_id,
            "ap_earned": record.ap_earned,
            "ap_spent": sum(a["ap"] for a in learned),
            "learned": learned,
        }
    weapons = {e.id: e for e in content.of_kind("weapon")}
    equipment = [weapon_view(weapons[i]) for i in c.equipment if i in weapons]
    in_use = []
    for job_id in (c.primary_job, c.secondary_job):
        if job_id in ledgers:
            for a in ledgers[job_id]["learned"]:
                if a["id"] in c.abilities and a not in in_use:
                    in_use.append({**a, "job": job_id})
    history = [
        {"level": n, "job": job_id, "name": jobs[job_id].name if job_id in jobs else job_id}
        for n, job_id in enumerate(c.level_jobs, start=1)
    ]
    return {
        "id": entity.id,
        "name": c.name,
        "description": c.description,
        "level": level,
        "xp": c.xp,
        "xp_to_next_level": progression.xp_to_next_level(c.xp),
        "hp": summed["hp"].value,
        "mp": summed["mp"].value,
        "dmg": summed["dmg"].value,
        "mdmg": summed["mdmg"].value,
        "how": {s: summed[s].explain() for s in STATS},
        "combo_bonus": progression.combo_bonus(level),
        "skills": {k: getattr(c.skills, k) for k in ("might", "agility", "lore", "charm")},
        "primary_job": c.primary_job,
        "secondary_job": c.secondary_job,
        "atk": primary.atk.value if primary else None,
        "matk": primary.matk.value if primary else None,
        "thresholds": thresholds(primary.thresholds) if primary else {},
        "mov": primary.mov if primary else None,
        "jump": primary.jump if primary else None,
        "initiative_phase": combat.initiative_phase(primary.thresholds.eva) if primary else None,
        "status_rounds": combat.status_rounds(primary.matk.value) if primary else None,
        "outcomes": outcomes(primary.thresholds, house) if primary else None,
        "jobs": {
            k: {"ap_earned": v["ap_earned"], "ap_spent": v["ap_spent"]} for k, v in ledgers.items()
        },
        "job_ledgers": ledgers,
        "abilities": in_use,
        "equipment": equipment,
        "level_history": history,
        "limit": {"max": LIMIT_MAX, "usable_from": LIMIT_USABLE},
        "notes": c.notes,
    }


def entity_level(entity: Any) -> int:
    """For `sort: level`: a monster's level, a character's level by XP, else 0."""
    model = entity.model
    if entity.kind == "monster":
        return int(model.level)
    if entity.kind == "character":
        return progression.level_for_xp(model.xp)
    return 0


# --------------------------------------------------------------------------- breakdowns
# Each ``*_terms`` function keys the numbers its view computed by their dotted paths in
# `zodiac show --format json` (``builder.explain``): `show --explain PATH` prints them as
# a tree, `expect:` quotes them. Top-level amounts add up to the number; a lookup or a
# product says so in its label and nests its inputs. Numbers written in a file (a job's
# per-level gains, a monster's HP) have none: `--explain` says they are as written.

Explained = dict[str, tuple[Term, ...]]

_BANDS = {
    "miss": "at or under {eva}",
    "quarter": "above {eva}, at or under {def2}",
    "half": "above {def2}, at or under {def_}",
    "full": "above {def_}",
}


def _rolls(rolls: list[int]) -> str:
    """``[2, 3, 4, 7]`` -> ``2-4, 7``; ``[]`` -> ``none``."""
    runs: list[list[int]] = []
    for r in rolls:
        if runs and r == runs[-1][-1] + 1:
            runs[-1].append(r)
        else:
            runs.append([r])
    return ", ".join(f"{x[0]}-{x[-1]}" if len(x) > 1 else f"{x[0]}" for x in runs) or "none"


def _frac(x: Fraction) -> str:
    """``Fraction(1, 4)`` -> ``1/4``; ``Fraction(2)`` -> ``2``."""
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _crit_term(die: str, top: int, ignores: bool, rule: str) -> Term:
    """The Crit's chance: the die's top face, one face of ``top`` (Crits; R47)."""
    chance = round(1 / top, 4)
    if ignores:
        how = Term(
            "house rule crit_ignores_bands: a Crit deals the doubled DMG whatever the bands",
            None,
            "house_rule:crit_ignores_bands",
            rule="R47",
        )
        label = f"1 of {top} faces: roll {top}, the top face, a Crit (it ignores the bands)"
    else:
        how = Term(
            f"roll {top} also meets its band, of the doubled DMG", None, "ruling:R47", rule="R47"
        )
        label = f"1 of {top} faces: roll {top}, the top face, a Crit (DMG doubled, R47)"
    inputs = (
        Term("1 top face", 1, f"die:{die}"),
        Term(f"{top} faces of a {die}", top, f"die:{die}"),
        how,
    )
    return Term(label, chance, f"die:{die}", inputs, rule + "; R47")


def _mean_term(
    die: str, cut: tuple[int, int, int], shown: dict[str, str], ignores: bool, rule: str
) -> Term:
    """The mean share of DMG a roll of ``die`` deals: each group of faces, its chance
    times the share it deals (a band's, doubled on the Crit; R47)."""
    top = combat.faces(die)
    groups: dict[tuple[str, bool], list[int]] = {}
    for roll in range(1, top + 1):
        band = combat.outcome(roll, top, *cut, crit_ignores_bands=ignores)
        groups.setdefault((band, roll == top), []).append(roll)
    parts = []
    for (band, crit), rolls in groups.items():
        n = len(rolls)
        dealt = combat.share(rolls[0], top, *cut, crit_ignores_bands=ignores)
        amount = round(float(Fraction(n, top) * dealt), 4)
        if not crit:
            label = f"rolls {_rolls(rolls)} ({band}): {n}/{top} x {_frac(dealt)}"
            parts.append(Term(label, amount, f"die:{die}", rule=rule))
        elif ignores:
            label = f"roll {top}, a Crit ignoring the bands: 1/{top} x 2"
            parts.append(Term(label, amount, "house_rule:crit_ignores_bands", rule="R47"))
        else:
            half = _frac(combat.SHARE[band])
            label = f"roll {top}, a Crit meeting {band}: 1/{top} x {half} x 2 = {_frac(dealt)}"
            parts.append(Term(label, amount, "ruling:R47", rule="R47"))
    chances = combat.chances(die, *cut, crit_ignores_bands=ignores)
    value = chances.to_json()["mean_multiplier"]
    against = ", ".join(shown.values())
    label = (
        f"x{value} of DMG a roll deals on average: each face's share over {top} faces ({against})"
    )
    return Term(label, value, f"die:{die}", tuple(parts), rule + "; R47")


def outcome_terms(t: Any, prefix: str = "outcomes", house: HouseRules | None = None) -> Explained:
    """Each band's chance of ``outcomes``: the faces of the die that land in it, over its
    faces, and the mean share of DMG a roll deals (Making an Attack; R37 reads magic alike;
    R47 the top face, or its house rule ``crit_ignores_bands``)."""
    ignores = crit_ignores_bands(house)
    out: Explained = {}
    for kind, magic in (("physical", False), ("magical", True)):
        if magic:
            names = {"eva": "M.Eva", "def2": "2M.Def", "def_": "M.Def"}
            rule = "Making an Attack, Magical Attacks; R37"
        else:
            names = {"eva": "EVA", "def2": "2DEF", "def_": "DEF"}
            rule = "Making an Attack"
        cut = cuts(t, magic=magic)
        shown = {k: f"{names[k]} {n}" for k, n in zip(("eva", "def2", "def_"), cut, strict=True)}
        for die in DICE:
            top = combat.faces(die)
            rolls: dict[str, list[int]] = {b: [] for b in combat.BANDS}
            for roll in range(1, top + 1):
                rolls[combat.outcome(roll, top, *cut, crit_ignores_bands=ignores)].append(roll)
            chances = combat.chances(die, *cut, crit_ignores_bands=ignores).to_json()
            for band in combat.HIT_BANDS:
                n = len(rolls[band])
                where = _BANDS[band].format(**shown)
                out[f"{prefix}.{kind}.{die}.{band}"] = (
                    Term(
                        f"{n} of {top} faces: rolls {_rolls(rolls[band])} ({where})",
                        chances[band],
                        f"die:{die}",
                        (
                            Term(f"{n} faces {where}", n, "thresholds"),
                            Term(f"{top} faces of a {die}", top, f"die:{die}"),
                        ),
                        rule,
                    ),
                )
            out[f"{prefix}.{kind}.{die}.critical"] = (_crit_term(die, top, ignores, rule),)
            out[f"{prefix}.{kind}.{die}.mean_multiplier"] = (
                _mean_term(die, cut, shown, ignores, rule),
            )
    return out


def _status_terms(matk: str, source: str, whose: str) -> tuple[Term, ...]:
    rounds = combat.status_rounds(matk)
    die = Term(f"{matk} M.Atk of {whose}", None, source)
    return (
        Term(
            f"{rounds} rounds for a {matk} M.Atk caster",
            rounds,
            "table:status_rounds",
            (die,),
            "Status Effects; R36",
        ),
    )


def _combo_terms(level: int) -> tuple[Term, ...]:
    inputs = (
        Term(f"{COMBO_PER_LEVEL} per level", COMBO_PER_LEVEL, "table:combo"),
        Term(f"level {level}", level, "level"),
    )
    return (
        Term(
            f"{COMBO_PER_LEVEL} x level {level}",
            progression.combo_bonus(level),
            "level",
            inputs,
            "Limit and Limit Attacks (Combo Status: 5 x LV)",
        ),
    )


def _mp_terms(a: dict[str, Any], written: int | None) -> tuple[Term, ...]:
    """A spell's MP: the AP to learn it unless the spell names its own (Magical Attacks)."""
    rule = "Magical Attacks (a Spell costs MP = AP needed to learn it)"
    if written is not None:
        return (Term(f"{written} MP, as the spell says", written, f"ability:{a['id']}", rule=rule),)
    return (Term(f"{a['ap']} AP to learn {a['name']}", a["ap"], f"ability:{a['id']}", rule=rule),)


def range_terms(written: int | None, ae: int | None, source: str) -> tuple[Term, ...]:
    """An ability's RNG: as written, else 1, or 0 for an AE attack (Range, L93)."""
    rng = combat.ability_range(written, ae)
    rule = "Range (L93)"
    if written is not None:
        return (Term(f"RNG {rng}, as written", rng, source, rule=rule),)
    if ae:
        return (Term(f"RNG 0: no range written, an AE {ae} attack", rng, source, rule=rule),)
    return (Term("RNG 1: no range written", rng, source, rule=rule),)


def _ability_terms(prefix: str, views: list[dict[str, Any]], models: list[Ability]) -> Explained:
    """``<prefix>.<id>.mp`` of each spell and ``.range`` of each ability, keyed as `paths`
    names the list's items."""
    written = {ability_view(m)["id"]: m for m in models}
    out: Explained = {}
    for key, a in zip(item_keys(views), views, strict=True):
        model = written.get(a["id"])
        if a["mp"] is not None:
            out[f"{prefix}.{key}.mp"] = _mp_terms(a, model.mp if model else None)
        if model is not None:
            out[f"{prefix}.{key}.range"] = range_terms(model.range, model.ae, f"ability:{a['id']}")
    return out


def weapon_terms(w: Any, source: str, prefix: str = "") -> Explained:
    """A weapon's RNG (as written, else 1, 2 for Long and Reach: L93, L235) and, for a
    ranged weapon, its RNG from 2 HT above the target (L95)."""
    kind = w.type.value
    rng = combat.weapon_range(kind, w.range)
    if rng is None:
        return {}
    if w.range is not None:
        how = Term(f"RNG {rng}, as written", rng, source, rule="Range (L93)")
    elif kind in ("long", "reach"):
        how = Term(f"RNG 2: a {kind.title()} weapon", rng, source, rule="Melee Attacks (L235)")
    else:
        how = Term("RNG 1: no range written", rng, source, rule="Range (L93)")
    out: Explained = {f"{prefix}range": (how,)}
    above = combat.range_from_above(kind, rng)
    if above is not None:
        out[f"{prefix}range_from_above"] = (
            Term(f"RNG {rng} of {w.name}", rng, source),
            Term(
                f"+1 RNG from {combat.HEIGHT_BONUS_HT} HT above the target",
                above - rng,
                "table:height",
                rule="Range (L95)",
            ),
        )
    return out


def initiative_terms(eva: int, whose: str, source: str) -> tuple[Term, ...]:
    """The phase a character or monster acts in: its EVA (Initiative, L65-71)."""
    phase = combat.initiative_phase(eva)
    return (
        Term(
            f"phase {phase}: EVA {eva} of {whose}; higher phases act first",
            phase,
            source,
            rule="Initiative (L65-71)",
        ),
    )


def _block_terms(j: Job, job_id: str) -> Explained:
    """A character's ATK, M.Atk, thresholds, MOV and Jump: its primary job's (R38's jobs)."""
    src = f"job:{job_id}"
    out: Explained = {
        "atk": (Term(f"{j.atk.value} ATK of {j.name} (primary job)", None, src),),
        "matk": (Term(f"{j.matk.value} M.Atk of {j.name} (primary job)", None, src),),
        "mov": (Term(f"{j.mov} MOV of {j.name} (primary job)", j.mov, src),),
        "jump": (Term(f"{j.jump} Jump of {j.name} (primary job)", j.jump, src),),
    }
    for attr, label in THRESHOLD_LABELS:
        n = getattr(j.thresholds, attr)
        out[f"thresholds.{label}"] = (Term(f"{n} {label} of {j.name} (primary job)", n, src),)
    return out


def xp_terms(level: int, *, ap: bool = False) -> tuple[Term, ...]:
    """An enemy's XP (or AP: always the same amount, R35) by its level (Rewards; R34)."""
    xp = progression.enemy_xp(level)
    if level in ENEMY_XP:
        how = Term(
            f"{xp} XP for a level {level} enemy",
            xp,
            "table:enemy_xp",
            rule="Rewards (Enemy Level / XP/AP); R34",
        )
    else:
        how = Term(f"{level} x {level + 1} / 2 above level 10", xp, "level", rule="Rewards; R34")
    if not ap:
        return (how,)
    return (Term(f"{xp} AP, as much as its XP", xp, "xp", (how,), "Rewards; R35"),)


def _limit_terms() -> Explained:
    rule = "Limit and Limit Attacks"
    return {
        "limit.max": (Term(f"{LIMIT_MAX}, the gauge's top", LIMIT_MAX, "table:limit", rule=rule),),
        "limit.usable_from": (
            Term(f"a Limit Attack from {LIMIT_USABLE}", LIMIT_USABLE, "table:limit", rule=rule),
        ),
    }


def job_terms(entity: Entity, v: dict[str, Any], house: HouseRules | None = None) -> Explained:
    """A job view's computed numbers: status rounds, outcomes, spells' MP, ranges."""
    j: Job = entity.model
    out = {"status_rounds": _status_terms(j.matk.value, f"job:{entity.id}", j.name)}
    out.update(outcome_terms(j.thresholds, house=house))
    out.update(_ability_terms("abilities", v["abilities"], [a for a in j.abilities if not a.spell]))
    out.update(_ability_terms("spells", v["spells"], [a for a in j.abilities if a.spell]))
    return out


def monster_terms(entity: Entity, v: dict[str, Any], house: HouseRules | None = None) -> Explained:
    """A monster view's computed numbers: XP and AP, combo bonus, initiative phase, status
    rounds, outcomes, abilities' ranges."""
    m: Monster = entity.model
    src = f"monster:{entity.id}"
    out = {
        "xp": xp_terms(m.level),
        "ap": xp_terms(m.level, ap=True),
        "combo_bonus": _combo_terms(m.level),
        "initiative_phase": initiative_terms(m.thresholds.eva, m.name, f"{src}.thresholds"),
        "status_rounds": _status_terms(m.matk.value, src, m.name),
    }
    out.update(outcome_terms(m.thresholds, house=house))
    out.update(_ability_terms("abilities", v["abilities"], list(m.abilities)))
    return out


def _gain_terms(level_jobs: list[str], jobs: dict[str, Job], stat: str) -> tuple[Term, ...]:
    """HP, MP, DMG or M.Dmg: per job held, levels x its gain (R38)."""
    held: dict[str, list[int]] = {}
    for n, job_id in enumerate(level_jobs, start=1):
        if job_id in jobs:
            held.setdefault(job_id, []).append(n)
    out = []
    for job_id, levels in held.items():
        j = jobs[job_id]
        gain = getattr(j.per_level, stat)
        count = len(levels)
        at = _rolls(levels)
        inputs = (
            Term(f"{gain} {stat.upper()} per level", gain, f"job:{job_id}.per_level"),
            Term(
                f"{count} level{'s' if count != 1 else ''} as {j.name} ({at})",
                count,
                "level_jobs",
                rule="R38",
            ),
        )
        out.append(Term(f"{count} x {gain} {j.name}", count * gain, f"job:{job_id}", inputs, "R38"))
    return tuple(out)


def character_terms(
    content: Content, entity: Entity, v: dict[str, Any], house: HouseRules | None = None
) -> Explained:
    """A character view's computed numbers (``character_view``): level and XP to the next
    (R34), HP/MP/DMG/M.Dmg (R38), combo bonus, AP spent, the primary job's block, status
    rounds and outcomes, spells' MP and the Limit gauge."""
    c: Character = entity.model
    jobs = _jobs(content)
    level = v["level"]
    out: Explained = {
        "level": (
            Term(
                f"level {level}, the highest whose XP Min ({PC_XP_MIN[level]}) {c.xp} XP reach",
                level,
                "table:pc_level",
                (Term(f"{c.xp} XP", c.xp, "xp"),),
                "Rewards (PC Level / XP Min); R34",
            ),
        ),
        "combo_bonus": _combo_terms(level),
    }
    if v["xp_to_next_level"] is not None:
        least = PC_XP_MIN[level + 1]
        out["xp_to_next_level"] = (
            Term(
                f"{least} XP Min of level {level + 1}",
                least,
                "table:pc_level",
                rule="Rewards (PC Level / XP Min); R34",
            ),
            Term(f"-{c.xp} XP earned", -c.xp, "xp"),
        )
    for stat in STATS:
        out[stat] = _gain_terms(list(c.level_jobs), jobs, stat)
    primary = jobs.get(c.primary_job)
    if primary is not None:
        out.update(_block_terms(primary, c.primary_job))
        out["status_rounds"] = _status_terms(
            primary.matk.value, f"job:{c.primary_job}", f"{primary.name} (primary job)"
        )
        out["initiative_phase"] = initiative_terms(
            primary.thresholds.eva, f"{primary.name} (primary job)", f"job:{c.primary_job}"
        )
        out.update(outcome_terms(primary.thresholds, house=house))
    weapons = {e.id: e.model for e in content.of_kind("weapon")}
    for key, w in zip(item_keys(v["equipment"]), v["equipment"], strict=True):
        if w["id"] in weapons:
            out.update(weapon_terms(weapons[w["id"]], f"weapon:{w['id']}", f"equipment.{key}."))
    for job_id, ledger in v["job_ledgers"].items():
        spent = tuple(
            Term(
                f"{a['ap']} {a['name']}",
                a["ap"],
                f"ability:{a['id']}",
                rule="Rewards (XP & AP)",
            )
            for a in ledger["learned"]
        )
        out[f"jobs.{job_id}.ap_spent"] = spent or (
            Term("nothing learned yet", 0, f"jobs.{job_id}.learned"),
        )
    models = [
        a
        for j in (jobs.get(c.primary_job), jobs.get(c.secondary_job or ""))
        if j
        for a in j.abilities
    ]
    out.update(_ability_terms("abilities", v["abilities"], models))
    out.update(_limit_terms())
    return out
