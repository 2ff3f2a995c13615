"""Every number the text makes a group compute, as plain dicts (templates only read them)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.models.base import norm_id
from builder.rulesets.bit16.rules import combat, progression
from builder.rulesets.bit16.rules.tables import LIMIT_MAX, LIMIT_USABLE

if TYPE_CHECKING:
    from builder.io.project import Content, Entity
    from builder.rulesets.bit16.models.character import Character
    from builder.rulesets.bit16.models.common import Ability
    from builder.rulesets.bit16.models.job import Job
    from builder.rulesets.bit16.models.monster import Monster

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
        "range": a.range,
        "ae": a.ae,
        "two_weapons": a.two_weapons,
        "effect": a.effect,
    }


def thresholds(t: Any) -> dict[str, int]:
    return {label: getattr(t, attr) for attr, label in THRESHOLD_LABELS}


def attack_table(die: str, t: Any, *, magic: bool) -> dict[str, float]:
    """Chances of each band for ``die`` against these thresholds (R37 for magic)."""
    if magic:
        return combat.chances(die, t.m_eva, t.m_def2, t.m_def).to_json()
    return combat.chances(die, t.eva, t.def2, t.def_).to_json()


DICE = ("d4", "d6", "d8", "d10", "d12")


def outcomes(t: Any) -> dict[str, dict[str, dict[str, float]]]:
    """Every attacker die against these thresholds: chance of each band (R37 for magic)."""
    return {
        "physical": {d: attack_table(d, t, magic=False) for d in DICE},
        "magical": {d: attack_table(d, t, magic=True) for d in DICE},
    }


def job_view(entity: Entity) -> dict[str, Any]:
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
        "outcomes": outcomes(j.thresholds),
        "abilities": [ability_view(a) for a in j.abilities if not a.spell],
        "spells": [ability_view(a) for a in j.abilities if a.spell],
    }


def monster_view(entity: Entity) -> dict[str, Any]:
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
        "combo_bonus": progression.combo_bonus(m.level),
        "status_rounds": combat.status_rounds(m.matk.value),
        "outcomes": outcomes(m.thresholds),
        "abilities": [ability_view(a) for a in m.abilities],
    }


def weapon_view(entity: Entity) -> dict[str, Any]:
    w = entity.model
    return {
        "id": entity.id,
        "name": w.name,
        "type": w.type.value,
        "atk": w.atk.value if w.atk else None,
        "ammo": w.ammo,
        "range": w.range,
        "description": w.description,
    }


def _jobs(content: Content) -> dict[str, Job]:
    return {e.id: e.model for e in content.of_kind("job")}


def character_view(content: Content, entity: Entity) -> dict[str, Any]:
    """The character's computed block: level, XP, summed stats (R38), AP ledgers."""
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
        "skills": {k: getattr(c.skills, k).value for k in ("might", "agility", "lore", "charm")},
        "primary_job": c.primary_job,
        "secondary_job": c.secondary_job,
        "atk": primary.atk.value if primary else None,
        "matk": primary.matk.value if primary else None,
        "thresholds": thresholds(primary.thresholds) if primary else {},
        "mov": primary.mov if primary else None,
        "jump": primary.jump if primary else None,
        "status_rounds": combat.status_rounds(primary.matk.value) if primary else None,
        "outcomes": outcomes(primary.thresholds) if primary else None,
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
