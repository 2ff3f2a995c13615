"""ZODIAC's views for `zodiac show`: one function per kind, ``(workspace, entity) -> Shown``.

The JSON of a character, Tech, monster or equipment set is exactly what its noun command
(`zodiac character show`, `tech show`, `monster show`, `equipment show`) prints with
``--format json``: both call the same view functions here and in ``views/``, so the two
commands cannot disagree. Enemy Skills, potions and jobs have no noun command; their
views say what the book makes you compute (an Enemy Skill's damage for the reference
character, a job's numbers at level 1). Registered in ``RULESET.shows``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from builder.models.base import STAT_NAMES, STATS, Stat
from builder.views import Shown, rows

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.rulesets.zodiac.checks.monsters import ResolvedTechs
    from builder.rulesets.zodiac.rules.monsters import MonsterView
    from builder.workspace import Workspace


def _words(key: object) -> str:
    """``class_power`` / ``blue_magic`` -> ``class power`` / ``blue magic``."""
    return str(key).replace("_", " ")


def _stats(block: dict[str, int]) -> list[tuple[str, str]]:
    return [(STAT_NAMES[s], str(block[s.value])) for s in STATS]


# --------------------------------------------------------------------------- characters


def show_character(ws: Workspace, entity: Entity) -> Shown:
    """`zodiac character show`'s view at the file's level (no target Evade)."""
    from builder.rulesets.zodiac.rules.character import DERIVED_LABELS
    from builder.rulesets.zodiac.views.character import full_character_view

    v = full_character_view(ws, entity)
    xp = f"{v.xp:,}" if v.xp is not None else None
    about = {
        "Class Power": _words(v.class_power),
        "Armor type": v.armor_type,
        "Weapon class": v.weapon_class,
        "Command skill": v.command_skill.name if v.command_skill else None,
        "Support skill": v.support_skill.name if v.support_skill else None,
        "Experience": xp,
        "To next level": f"{v.xp_next:,} XP" if v.xp_next is not None else "max level",
    }
    derived = [
        (label, f"{v.derived[key].value}  ({v.derived[key].explain()})")
        for key, label in DERIVED_LABELS.items()
    ]
    sections: list[tuple[str, list[tuple[str, str]]]] = [
        ("Character", rows(about)),
        ("Base stats", _stats(v.stats)),
        ("Derived stats", derived),
    ]
    if v.equipment:
        sections.append(("Equipment", [(_words(i.slot).title(), i.name) for i in v.equipment]))
    if v.attacks:
        sections.append(
            ("Attacks", [(a.name, f"{a.text}, Accuracy {a.accuracy}") for a in v.attacks])
        )
    if v.class_power == "tech":
        points = f"{v.tech_points_total} total, {v.tech_points_spent} spent"
        sections.append(("Tech Points", [("Available", f"{v.tech_points_available} ({points})")]))
    if v.techs:
        sections.append(
            (
                "Techs" if v.class_power == "tech" else "Enemy Skills",
                [(t["name"], _tech_row(t)) for t in v.techs],
            )
        )
    return Shown(f"{v.name}, level {v.level}", v.to_json(), sections)


def _tech_row(t: dict[str, Any]) -> str:
    cost = f"{t['mp_cost']} MP" if t.get("mp_cost") is not None else f"{t.get('sp_cost')} SP"
    effect = t.get("effect") or ""
    return f"Tech Level {t['tech_level']}, {cost}" + (f"; {effect}" if effect else "")


# --------------------------------------------------------------------------- Techs


def show_tech(ws: Workspace, entity: Entity) -> Shown:
    """`zodiac tech show`'s view: costs, and effects for the reference character."""
    from builder.rulesets.zodiac.views.techs import tech_view

    v = tech_view(entity.model, None, ws.ruleset)
    costs = {
        "Tech Level": v.tech_level,
        "Power Level": v.power_level,
        "Primary": _words(v.primary),
        "Secondary": [_secondary(s) for s in v.secondary],
        "Element": v.element,
        "Damage type": v.damage_type,
        "MP": v.mp_cost,
        "SP": v.sp_cost,
        "HP": v.hp_cost or None,
        "TP to learn": v.tp_cost,
        "How": v.breakdown,
        "Reach": v.reach,
        "Clone of": v.clone_of,
    }
    sections = [("Costs", rows(costs)), (f"Effects for a {v.computed_for}", _lines(v.effects))]
    if v.notes:
        sections.append(("Rules applied", _lines(v.notes)))
    if v.description:
        sections.append(("Description", [("", v.description)]))
    return Shown(f"{v.name} (Tech Level {v.tech_level})", v.to_json(), sections)


def _secondary(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{_words(k)} {v}" for k, v in value.items())
    return _words(value)


def _lines(lines: list[str]) -> list[tuple[str, str]]:
    return [("", line) for line in lines]


def show_enemy_skill(ws: Workspace, entity: Entity) -> Shown:
    """An Enemy Skill (Blue Magic): its MP, Tech Level (R20) and '#PX'/'#MX' damage."""
    from builder.rulesets.zodiac.views.techs import enemy_skill_damage, reference_wielder

    s = entity.model
    notation = s.attack_notation
    damage = meaning = computed_for = None
    if notation is not None:
        meaning = f"Tech Level {notation.level} {_words(notation.primary)}, {notation.power_level}"
        w = reference_wielder(ws.ruleset)
        damage = enemy_skill_damage(s, w, ws.ruleset)
        computed_for = w.label if damage is not None else None
    data = {
        "kind": "enemy_skill",
        "id": entity.id,
        "name": s.name,
        "tech_level": s.tech_level,
        "mp_cost": s.mp,
        "attack": notation.text if notation else None,
        "attack_meaning": meaning,
        "damage": damage,
        "computed_for": computed_for,
        "element": str(s.element) if s.element else None,
        "description": s.description,
    }
    facts = {
        "Tech Level": s.tech_level,
        "MP": s.mp,
        "Attack": data["attack"],
        "Means": meaning,
        "Damage": f"{damage} for a {computed_for}" if damage else None,
        "Element": data["element"],
    }
    sections = [("Enemy Skill", rows(facts))]
    if s.description:
        sections.append(("Description", [("", s.description)]))
    return Shown(f"{s.name} (Enemy Skill, Tech Level {s.tech_level})", data, sections)


# --------------------------------------------------------------------------- monsters


def monster_stat_block(ws: Workspace, entity: Entity) -> tuple[MonsterView, ResolvedTechs]:
    """A monster's computed stat block and its Techs resolved against its project.

    `zodiac monster show` and `zodiac show` both start here, so their JSON is the same.
    """
    from builder.rulesets.zodiac.checks import CheckContext
    from builder.rulesets.zodiac.checks.monsters import resolve_techs
    from builder.rulesets.zodiac.rules.monsters import monster_view
    from builder.rulesets.zodiac.views.bestiary import monster_tech_rows

    techs = resolve_techs(entity.model, CheckContext(ws.content, ws.ruleset))
    mult = ws.ruleset.house.damage_die_multiplier
    view = monster_view(entity.model, techs.levels, die_multiplier=mult)
    rows = monster_tech_rows(ws, entity.model, view, techs, mult)  # costs and effects
    return replace(view, techs=tuple(rows)), techs


def monster_grid(ws: Workspace, entity: Entity, view: MonsterView) -> dict[str, Any] | None:
    """The monster's Map Combat block, or None: the supplement is off unless played (R32)."""
    if not ws.ruleset.house.map_combat:
        return None
    from builder.rulesets.zodiac.views.map_combat import monster_map_combat

    return monster_map_combat(ws, entity.model, view)


def monster_json(view: MonsterView, grid: dict[str, Any] | None) -> dict[str, Any]:
    """`zodiac monster show --format json` (and `zodiac show`): the stat block, plus the
    Map Combat block when the project plays it."""
    data = view.to_json()
    if grid is not None:
        data["map_combat"] = grid["json"]
    return data


def _monster_tech_text(row: dict[str, Any]) -> str:
    """``Tech Level 4; 21 MP; 3d8 x 10 + 320 (350-560) shadow``."""
    level = row.get("tech_level")
    bits = [f"Tech Level {level if level is not None else '?'}", row.get("cost") or ""]
    return "; ".join(b for b in (*bits, row.get("effect") or "") if b)


def show_monster(ws: Workspace, entity: Entity) -> Shown:
    """`zodiac monster show`'s stat block: stats, derived stats, attack, Tech Levels, rewards."""
    from builder.rulesets.zodiac.rules.character import DERIVED_LABELS
    from builder.rulesets.zodiac.rules.monsters import DERIVED_KEYS

    v, _ = monster_stat_block(ws, entity)
    grid = monster_grid(ws, entity, v)
    m = entity.model
    d = v.damage
    about = {
        "Level": v.level,
        "Boss": "yes" if v.boss else None,
        "Family": m.family,
        "Attack": (
            f"{d.dice}{d.die} x {d.multiplier} + {d.attack_power} AP = {d.minimum}-{d.maximum}"
        ),
        "Stat points": v.stat_total.breakdown.split(" = ", 1)[-1],
        "Status immune": [_words(s) for s in v.status_immunities],
        **{_words(k).title(): list(names) for k, names in v.affinities.items()},
    }
    derived = [
        (DERIVED_LABELS[k], f"{getattr(v.derived, k).value}  ({getattr(v.derived, k).breakdown})")
        for k in DERIVED_KEYS
        if grid is not None or k not in ("move", "jump")  # Map Combat only (R32)
    ]
    spent, total = v.tech_levels_spent, v.tech_levels_total
    sections = [
        ("Monster", rows(about)),
        ("Stats", [*(_stats(v.stats)), ("Total", str(v.stat_total.value))]),
        ("Derived stats", derived),
        (
            "Tech Levels",
            [
                ("Spent", f"{spent.value} of {total.value}  ({total.breakdown})"),
                *((f"Tech: {row['name']}", _monster_tech_text(row)) for row in v.techs),
            ],
        ),
        (
            "Rewards",
            [
                ("XP", f"{v.rewards.xp.value:,}  ({v.rewards.xp.breakdown})"),
                ("Gold", f"{v.rewards.gold.value:,}  ({v.rewards.gold.breakdown})"),
            ],
        ),
    ]
    if m.description:
        sections.append(("Description", [("", m.description)]))
    return Shown(f"{v.name}, level {v.level}", monster_json(v, grid), sections)


# --------------------------------------------------------------------------- equipment


def show_set(ws: Workspace, entity: Entity) -> Shown:
    """`zodiac equipment show`'s table of a weapon, armor or relic set, with its pools."""
    from builder.rulesets.zodiac.views.equipment import bonus_text, set_view

    v = set_view(entity)
    facts = {_words(k).capitalize(): v for k, v in v.facts.items() if v not in (False, None)}
    items = []
    for i in v.items:
        price = f"{i.price:,} G" if i.price is not None else "not sold"
        level = f"level {i.level}" if i.level is not None else ("artifact" if i.artifact else "")
        bits = [level, price, bonus_text(i.bonus), ", ".join(i.abilities), f"{i.points} pts"]
        items.append((f"{_words(i.slot).title()}: {i.name}", "; ".join(b for b in bits if b)))
    pools = []
    for name, pool in v.pools.items():
        if "regular" in pool:
            reg, art = pool["regular"], pool["artifact"]
            text = f"{reg['used']} of {reg['size']} points, artifact {art['used']} of {art['size']}"
        else:
            text = (
                f"{pool['points']} of {pool['max_points']} points in {pool['count']} of "
                f"{pool['max_count']} relics, {pool['artifacts']} of {pool['max_artifacts']} "
                "artifacts"
            )
        pools.append((name.title(), text))
    sections = [(_words(v.kind), rows(facts)), ("Items", items), ("Pools", pools)]
    if v.description:
        sections.append(("Description", [("", v.description)]))
    return Shown(v.name, v.to_json(), sections)


def show_potion(ws: Workspace, entity: Entity) -> Shown:
    """A potion: what it restores and its price (null where shops never sell it, R25)."""
    p = entity.model
    data = {
        "kind": "potion",
        "id": entity.id,
        "name": p.name,
        "effect": p.effect,
        "price": p.price,
        "sell_price": p.price // 2 if p.price is not None else None,  # R25: half the price
        "hp": p.hp,
        "mp": p.mp,
        "revive_hp_percent": p.revive_hp_percent,
        "cures": list(p.cures),
    }
    facts = {
        "Effect": p.effect,
        "Price": f"{p.price:,} G" if p.price is not None else "not sold in shops (R25)",
        "Sells for": f"{data['sell_price']:,} G" if data["sell_price"] is not None else None,
        "HP": p.hp,
        "MP": p.mp,
        "Revives with": f"{p.revive_hp_percent}% of max HP" if p.revive_hp_percent else None,
        "Cures": [_words(c) for c in p.cures],
    }
    return Shown(p.name, data, [("Potion", rows(facts))])


# --------------------------------------------------------------------------- jobs


def show_job(ws: Workspace, entity: Entity) -> Shown:
    """A job's plan, and the level-1 numbers it gives before equipment (Ch. I Step 5)."""
    from builder.rulesets.zodiac.rules.character import DERIVED_LABELS, derived_stats

    j = entity.model
    base = j.base_stats.as_block()
    derived = derived_stats(base, 1, j.support_skill, None, ws.ruleset)

    def points(step: Any) -> str:
        block = step.as_block()
        return ", ".join(f"+{n} {s.value.upper()}" for s, n in block.items() if n)

    techs = [
        {
            "tech": t.tech,
            "at": t.at,
            "upgrades": [{"to": u.to, "at": u.at} for u in t.upgrades],
        }
        for t in j.techs
    ]
    bands = [
        {
            "from_level": b.from_level,
            **{slot: getattr(b, slot) for slot in ("weapon", "armor", "guard", "relic")},
        }
        for b in j.equipment
    ]
    data = {
        "kind": "job",
        "id": entity.id,
        "name": j.name,
        "class_power": j.class_power.value,
        "armor_type": j.armor_type.value,
        "weapon_class": j.weapon_class,
        "command_skill": j.command_skill,
        "support_skill": j.support_skill,
        "base_stats": {s.value: base[s] for s in STATS},
        "growth": [{s.value: n for s, n in g.as_block().items() if n} for g in j.growth],
        "overflow_to": [str(s.value if isinstance(s, Stat) else s) for s in j.overflow_to],
        "techs": techs,
        "enemy_skills": [{"skill": e.skill, "at": e.at} for e in j.enemy_skills],
        "equipment": bands,
        "level_1": {k: derived[k].value for k in DERIVED_LABELS},
        "description": j.description,
    }
    about = {
        "Class Power": _words(j.class_power.value),
        "Armor type": j.armor_type.value,
        "Weapon class": j.weapon_class,
        "Command skill": _words(j.command_skill),
        "Support skill": _words(j.support_skill),
        "Growth (repeats)": " / ".join(points(g) for g in j.growth),
        "Overflow to": data["overflow_to"],
    }
    sections = [
        ("Job", rows(about)),
        ("Base stats", _stats(data["base_stats"])),
        (
            "At level 1, unequipped",
            [(DERIVED_LABELS[k], f"{v.value}  ({v.explain()})") for k, v in derived.items()],
        ),
    ]
    plan = [(f"level {t['at']}", _plan_tech(t)) for t in techs]
    plan += [(f"level {e.at}", f"Enemy Skill {e.skill}") for e in j.enemy_skills]
    if plan:
        sections.append(("Learns", plan))
    if bands:
        sections.append(
            (
                "Equipment",
                [
                    (
                        f"from level {b['from_level']}",
                        ", ".join(
                            f"{k} {b[k]}" for k in ("weapon", "armor", "guard", "relic") if b[k]
                        ),
                    )
                    for b in bands
                ],
            )
        )
    if j.description:
        sections.append(("Description", [("", j.description)]))
    return Shown(f"{j.name} (job)", data, sections)


def _plan_tech(t: dict[str, Any]) -> str:
    ups = ", ".join(f"Tech Level {u['to']} at level {u['at']}" for u in t["upgrades"])
    return t["tech"] + (f" (then {ups})" if ups else "")
