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
    if v.speed is not None:
        sections.append(("Speed and turns", speed_rows(v.speed)))
    if v.equipment:
        sections.append(("Equipment", [(_words(i.slot).title(), i.name) for i in v.equipment]))
    if v.attacks:
        sections.append(("Attacks", [(a.name, _attack_row(a)) for a in v.attacks]))
    if v.skill_numbers:
        sections.append(("Skills", [_skill_row(r) for r in v.skill_numbers]))
    if v.gold is not None:
        sections.append(("Gold", _gold_rows(v.gold, v.gold_breakdown)))
    if v.inventory_rows:
        sections.append(("Inventory", [_inventory_row(r) for r in v.inventory_rows]))
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
    return Shown(f"{v.name}, level {v.level}", character_json(v), sections)


def character_json(v: Any) -> dict[str, Any]:
    """`zodiac character show --format json` (and `zodiac show`): the view's object with
    its numbers' breakdowns under ``"explain"`` (``builder.rulesets.zodiac.explain``)."""
    from builder.explain import attach
    from builder.rulesets.zodiac.explain import character_terms

    return attach(v.to_json(), character_terms(v))


def _attack_row(a: Any) -> str:
    """``1d8 x 10 + 69, Accuracy 7; drains 20%: 15-29 HP; vs flying Accuracy -53``."""
    out = f"{a.text}, Accuracy {a.accuracy}"
    drain = a.drain()
    if drain is not None:
        out += f"; drains {drain['percent']}%: {drain['min']}-{drain['max']} HP a hit"
    if a.flying_penalty:  # Ch. VI Weapon Range: short-range weapons only
        out += f"; vs flying Accuracy {a.flying_accuracy} ({a.flying_penalty})"
    # Ch. VI: how a hit lands (critical, affinities, Defend, Mini), and Blind/Mini/Frog/Curse.
    lands = "; ".join(f"{o.label} {o.text}" for o in a.outcomes())
    return out + f"; {lands}; while Blind Accuracy {a.blind_accuracy}"


def _skill_row(r: dict[str, str]) -> tuple[str, str]:
    """``Kick: damage``: ``23-46; to every enemy (1/3 of Sword 70-140)``."""
    text = r["value"] + (f"; {r['note']}" if r["note"] else "")
    return (r["label"], text + (f" ({r['breakdown']})" if r["breakdown"] else ""))


def _gold_rows(gold: int, terms: list[Any]) -> list[tuple[str, str]]:
    """``Now: 340 G`` then one row per term: ``Ogre bounty  +350 G  (ledger[1])``."""
    out = [("Now", f"{gold:,} G")]
    if len(terms) > 1 or (terms and terms[0].source != "gold"):
        out += [(t.label, f"{t.amount:+,} G  ({t.source})") for t in terms]
    return out


def _inventory_row(r: Any) -> tuple[str, str]:
    """``Potion``: ``x2, 25 G (sells for 12 G); ledger``."""
    price = "" if r.price is None else f", {r.price:,} G (sells for {r.sell_price:,} G)"
    return (r.name, f"x{r.count}{price}; {r.source}")


def speed_rows(summary: Any) -> list[tuple[str, str]]:
    """SP per round and actions in the first rounds, plain and under Haste / Slow (Ch. VI)."""
    from builder.rulesets.zodiac.rules.speed import SP_PER_ACTION, effective_speed

    first = summary.first_round_sp
    out = [
        (
            "SP per round",
            f"{summary.speed} (first round {first.text}: Speed + 1d8); "
            f"an action costs {SP_PER_ACTION} SP; leftover SP carry to the next round",
        )
    ]
    for status, spans in summary.rounds.items():
        label = "Actions" if status == "normal" else f"  with {status.title()}"
        if status != "normal":
            label += f" (Speed {effective_speed(summary.speed, status)})"
        counts = ", ".join(r.actions.text for r in spans)
        out.append((label, f"rounds 1-{len(spans)}: {counts}"))
    return out


def _tech_row(t: dict[str, Any]) -> str:
    cost = f"{t['mp_cost']} MP" if t.get("mp_cost") is not None else f"{t.get('sp_cost')} SP"
    effect = t.get("effect") or ""
    return f"Tech Level {t['tech_level']}, {cost}" + (f"; {effect}" if effect else "")


# --------------------------------------------------------------------------- Techs


def show_tech(ws: Workspace, entity: Entity) -> Shown:
    """`zodiac tech show`'s view: costs, and effects for the reference character."""
    from builder.rulesets.zodiac.views.techs import tech_view

    v = tech_view(entity.model, None, ws.settings)
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
    return Shown(f"{v.name} (Tech Level {v.tech_level})", tech_json(v), sections)


def tech_json(v: Any) -> dict[str, Any]:
    """`zodiac tech show --format json` (and `zodiac show`): costs with their breakdowns."""
    from builder.explain import attach
    from builder.rulesets.zodiac.explain import tech_terms

    return attach(v.to_json(), tech_terms(v.terms))


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
        w = reference_wielder(ws.settings)
        damage = enemy_skill_damage(s, w, ws.settings)
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
    from builder.explain import attach
    from builder.rulesets.zodiac.explain import enemy_skill_terms

    data = attach(data, enemy_skill_terms(s.mp, s.tech_level))
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

    techs = resolve_techs(entity.model, CheckContext(ws.content, ws.settings))
    mult = ws.settings.house.damage_die_multiplier
    view = monster_view(entity.model, techs.levels, die_multiplier=mult, house=ws.settings.house)
    rows = monster_tech_rows(ws, entity.model, view, techs, mult)  # costs and effects
    return replace(view, techs=tuple(rows)), techs


def monster_grid(ws: Workspace, entity: Entity, view: MonsterView) -> dict[str, Any] | None:
    """The monster's Map Combat block, or None: the supplement is off unless played (R32)."""
    if not ws.settings.house.map_combat:
        return None
    from builder.rulesets.zodiac.views.map_combat import monster_map_combat

    return monster_map_combat(ws, entity.model, view)


# Powers' parameters, as written in the monster file (models.monster.PowerEntry).
_POWER_PARAMS = ("element", "status", "item", "skill", "monsters", "tech", "tech_level", "extra")
_POWER_PARAMS += ("resists", "variant", "custom")


def _power_params(p: Any) -> dict[str, Any]:
    """A power's parameters that are set, as plain JSON values."""
    out: dict[str, Any] = {}
    for key in _POWER_PARAMS:
        value = getattr(p, key)
        if value in (None, False, [], {}):
            continue
        if key == "extra":
            value = {str(getattr(k, "value", k)): n for k, n in value.items()}
        elif key == "monsters":
            value = list(value)
        out[key] = getattr(value, "value", value)
    return out


def monster_json(
    ws: Workspace, entity: Entity, view: MonsterView, grid: dict[str, Any] | None
) -> dict[str, Any]:
    """`zodiac monster show --format json` (and `zodiac show`): the DESIGN contract keys,
    then every value the card and the bestiary stat block print (both read the same
    ``monster_card``), plus the Map Combat block when the project plays it."""
    from builder.rulesets.zodiac.rules import monsters as R
    from builder.rulesets.zodiac.views.bestiary import monster_card

    m = entity.model
    card = monster_card(ws, m, die_multiplier=view.damage.multiplier, map_combat=grid is not None)
    d = view.damage
    shown_powers = [p for p in m.powers if p.id not in R.AFFINITY_POWERS]  # as the card
    powers = [
        {
            "id": p.id,
            "name": row["name"],
            "level": row["level"],
            "parameters": _power_params(p),
            "detail": row["detail"],
            "summary": row["summary"],
            "effect": row["effect"],
        }
        for p, row in zip(shown_powers, card["powers"], strict=True)
    ]
    touches = [
        {"power": p.id, "status": p.status, "level": R.power_level(p, len(m.parts))}
        for p in m.powers
        if p.id in R.STATUS_TOUCH_LEVELS and p.status
    ]
    figures = {
        **{key: getattr(view.derived, key).breakdown for key in R.DERIVED_KEYS},
        "stat_total": view.stat_total.breakdown,
        "attack": d.breakdown,
        "tech_levels_total": view.tech_levels_total.breakdown,
        "tech_levels_spent": view.tech_levels_spent.breakdown,
        "xp": view.rewards.xp.breakdown,
        "gold": view.rewards.gold.breakdown,
    }
    data = view.to_json()  # the contract's keys first
    data.update(
        {
            "id": entity.id,
            "family": m.family,
            "description": m.description,
            "stat_total": view.stat_total.value,
            "attack": {
                "dice": d.dice,
                "die": d.die,
                "multiplier": d.multiplier,
                "attack_power": d.attack_power,
                "minimum": d.minimum,
                "maximum": d.maximum,
                "text": card["attack"]["text"],
                # Ch. VI Attacking: critical x2, resistant, weak, Defend, Mini, Frog, Curse.
                "outcomes": card["attack"]["outcomes"],
                # Appendix I gives a monster's normal attack a die, never an element
                # (book reading, no ruling yet); Status Touch adds a status to it.
                "element": None,
                "status": touches,
            },
            "affinities": {k: list(view.affinities.get(k, [])) for k in R.AFFINITIES},
            "status_immunities": list(view.status_immunities),
            "defenses": {
                "physical": view.defenses.physical,
                "magical": view.defenses.magical,
                "notes": list(view.defenses.notes),
            },
            "powers": powers,
            "techs": [dict(row) for row in card["techs"]],
            "parts": [dict(part) for part in card["parts"]],
            "drops": [{"id": i, "name": n} for i, n in zip(m.drops, card["drops"], strict=True)],
            "steals": [{"id": i, "name": n} for i, n in zip(m.steals, card["steals"], strict=True)],
            "drop_chance": card["drop_chance"],
            "breakdown": figures,
        }
    )
    data["speed"] = monster_speed(view).to_json()  # turns (Ch. VI Combat Sequence)
    if grid is not None:
        data["map_combat"] = grid["json"]
    from builder.explain import attach
    from builder.rulesets.zodiac.explain import monster_terms

    return attach(data, monster_terms(view))


def monster_speed(view: MonsterView) -> Any:
    """SP per round and actions in rounds 1-3 for the monster's Speed (rules.speed)."""
    from builder.rulesets.zodiac.rules.speed import speed_summary

    return speed_summary(view.derived.speed.value)


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
        "Attack": f"{d.formula_of('AP')} = {d.minimum}-{d.maximum}",
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
    sections.append(("Speed and turns", speed_rows(monster_speed(v))))
    if m.description:
        sections.append(("Description", [("", m.description)]))
    return Shown(f"{v.name}, level {v.level}", monster_json(ws, entity, v, grid), sections)


# --------------------------------------------------------------------------- equipment


def set_json(v: Any) -> dict[str, Any]:
    """`zodiac equipment show --format json` (and `zodiac show`): the set view's object
    (DESIGN contract keys) with the description the table prints, and the breakdowns."""
    from builder.explain import attach
    from builder.rulesets.zodiac.explain import set_terms

    return attach({**v.to_json(), "description": v.description}, set_terms(v.items))


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
    return Shown(v.name, set_json(v), sections)


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
    from builder.explain import attach
    from builder.rulesets.zodiac.explain import potion_terms

    return Shown(p.name, attach(data, potion_terms(p.price)), [("Potion", rows(facts))])


# --------------------------------------------------------------------------- statuses


def show_status(ws: Workspace, entity: Entity) -> Shown:
    """A status effect (Ch. VI): sign, duration, what cures it, what it does."""
    from builder.rulesets.zodiac.views.statuses import potion_names, status_row

    row = status_row(entity.model, potion_names(ws.content))
    data = {"kind": "status", **row}
    facts = {
        "Kind": "positive" if row["positive"] else "negative",
        "Duration": row["duration_text"],
        "Cure": row["cure"],
        "Effect": row["effect"],
        "Also called": [_words(a) for a in row["aliases"]] or None,
    }
    return Shown(row["name"], data, [("Status", rows(facts))])


# --------------------------------------------------------------------------- jobs


def show_job(ws: Workspace, entity: Entity) -> Shown:
    """A job's plan, and the level-1 numbers it gives before equipment (Ch. I Step 5)."""
    from builder.rulesets.zodiac.rules.character import DERIVED_LABELS, derived_stats

    j = entity.model
    base = j.base_stats.as_block()
    derived = derived_stats(base, 1, j.support_skill, None, ws.settings)

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
    from builder.explain import attach
    from builder.rulesets.zodiac.explain import job_terms

    return Shown(f"{j.name} (job)", attach(data, job_terms(derived)), sections)


def _plan_tech(t: dict[str, Any]) -> str:
    ups = ", ".join(f"Tech Level {u['to']} at level {u['at']}" for u in t["upgrades"])
    return t["tech"] + (f" (then {ups})" if ups else "")
