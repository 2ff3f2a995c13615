"""What ZODIAC adds to `zodiac export`: its stat blocks, CSV tables and JSON promises.

Registered as ``RULESET.exports``. Every number comes from the `show` views (the JSON
`zodiac show --format json` prints), so an export says what `show` and the books say:
this module only arranges values, it computes no rule.

- Markdown: monsters and characters get a stat block shaped like a Homebrewery V3
  monster block (name, a type line, the key lines, the five-stat table, then Powers,
  Techs...); other kinds use the generic block of ``builder.export``.
- CSV: ``equipment`` (every item of every weapon, armor and relic set, and potions) and
  ``techs`` (every Tech), for spreadsheets.
- JSON Schema: the keys the DESIGN contract promises for `show`'s objects (character,
  Tech, monster, equipment sets); more keys are allowed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from builder.export import RuleSetExports, Table, stat_block

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.views import Shown
    from builder.workspace import Workspace

STAT_KEYS = ("str", "mag", "vit", "spr", "agi")  # the book's five stats, in its order
SET_KINDS = ("weapon_set", "armor_set", "relic_set")


# --------------------------------------------------------------------------- JSON Schema

_INT = {"type": "integer"}
_INT_OR_NULL = {"type": ["integer", "null"]}
_STATS = {
    "type": "object",
    "required": list(STAT_KEYS),
    "properties": {k: _INT for k in STAT_KEYS},
    "description": "STR, MAG, VIT, SPR, AGI.",
}
_DERIVED_KEYS = (
    *("hp", "mp", "ap", "map", "str_dice", "mag_dice", "accuracy", "magic_accuracy"),
    *("evade", "resist", "critical", "speed"),
)
_MAP_KEYS = ("move", "jump")  # Map Combat (R32): null when the project does not play it


def _derived(*extra: str) -> dict[str, Any]:
    keys = (*_DERIVED_KEYS, *extra, *_MAP_KEYS)
    return {
        "type": "object",
        "required": list(keys),
        "properties": {k: (_INT_OR_NULL if k in _MAP_KEYS else _INT) for k in keys},
    }


def _object(required: dict[str, Any], description: str) -> dict[str, Any]:
    return {
        "type": "object",
        "description": description,
        "required": list(required),
        "properties": required,
    }


_NAME = {"type": "string", "minLength": 1}
_SCHEMAS: dict[str, dict[str, Any]] = {
    "character": _object(
        {
            "name": _NAME,
            "level": _INT,
            "stats": _STATS,
            "derived": _derived("max_tech_levels"),
            "tech_points": _object(
                {"total": _INT, "spent": _INT, "available": _INT}, "Tech Points (Ch. II)."
            ),
            "techs": {"type": "array", "items": {"type": "object"}},
        },
        "A character as `zodiac character show --format json` prints it.",
    ),
    "tech": _object(
        {
            "name": _NAME,
            "tech_level": _INT,
            "power_level": {"type": "string"},
            "effective_level": _INT,
            "mp_cost": _INT_OR_NULL,
            "tp_cost": _INT,
            "sp_cost": _INT_OR_NULL,
            "hp_cost": _INT,
        },
        "A Tech as `zodiac tech show --format json` prints it.",
    ),
    "monster": _object(
        {
            "name": _NAME,
            "level": _INT,
            "boss": {"type": "boolean"},
            "stats": _STATS,
            "derived": _derived(),
            "tech_levels": _object({"total": _INT, "spent": _INT}, "Tech Levels (App. I)."),
            "rewards": _object({"xp": _INT, "gold": _INT}, "XP and gold (App. I)."),
        },
        "A monster as `zodiac monster show --format json` prints it.",
    ),
    **{
        kind: _object(
            {
                "kind": {"const": kind},
                "name": _NAME,
                "items": {
                    "type": "array",
                    "items": _object(
                        {"name": _NAME, "level": _INT_OR_NULL, "price": _INT_OR_NULL},
                        "An item; `price` is null where it cannot be bought (R25).",
                    ),
                },
                "pools": {"type": "object"},
            },
            f"A {kind.replace('_', ' ')} as `zodiac equipment show --format json` prints it.",
        )
        for kind in SET_KINDS
    },
}


# --------------------------------------------------------------------------- Markdown


def _labels() -> dict[str, str]:
    from builder.rulesets.zodiac.rules.character import DERIVED_LABELS

    return DERIVED_LABELS


def _num(value: Any) -> str:
    return "-" if value is None else (f"{value:,}" if isinstance(value, int) else str(value))


def _stats(data: dict[str, Any]) -> dict[str, Any]:
    stats = data.get("stats") or {}
    return {k: stats.get(k) for k in STAT_KEYS}


def markdown(ws: Workspace, entity: Entity, shown: Shown) -> str | None:
    """A monster's or character's stat block; None: the generic block for other kinds."""
    if entity.kind == "monster":
        return _monster_block(shown.json)
    if entity.kind == "character":
        return _character_block(shown.json)
    return None


def _derived_lines(data: dict[str, Any], skip: Sequence[str]) -> list[tuple[str, str]]:
    derived = data.get("derived") or {}
    return [
        (label, _num(derived[key]))
        for key, label in _labels().items()
        if key in derived and key not in skip and derived[key] is not None
    ]


def _monster_block(d: dict[str, Any]) -> str:
    derived = d.get("derived") or {}
    attack = d.get("attack") or {}
    subtitle = f"Level {d['level']} {'boss ' if d.get('boss') else ''}monster"
    if d.get("family"):
        subtitle += f", {d['family']}"
    head = [
        ("Hit Points", _num(derived.get("hp"))),
        ("Magic Points", _num(derived.get("mp"))),
        (
            "Attack",
            f"{attack.get('text', '')} ({_num(attack.get('minimum'))}-{_num(attack.get('maximum'))})",
        ),
        ("Speed", _num(derived.get("speed"))),
    ]
    first = ("hp", "mp", "speed")
    tl, rewards = d.get("tech_levels") or {}, d.get("rewards") or {}
    affinities = [
        (key.replace("_", " ").capitalize(), ", ".join(names))
        for key, names in (d.get("affinities") or {}).items()
        if names
    ]
    drops = ", ".join(x["name"] for x in d.get("drops") or [])
    if drops and d.get("drop_chance"):
        drops += f" ({d['drop_chance']})"
    more = [
        *affinities,
        ("Status immunities", ", ".join(d.get("status_immunities") or [])),
        ("Tech Levels", f"{_num(tl.get('spent'))} of {_num(tl.get('total'))} spent"),
        ("Rewards", f"{_num(rewards.get('xp'))} XP, {_num(rewards.get('gold'))} G"),
        ("Drops", drops),
        ("Steals", ", ".join(x["name"] for x in d.get("steals") or [])),
    ]
    powers = [
        (p["name"], "; ".join(x for x in (p.get("detail"), p.get("summary"), p.get("effect")) if x))
        for p in d.get("powers") or []
    ]
    techs = [(t.get("name", ""), _tech_text(t)) for t in d.get("techs") or []]
    return stat_block(
        d["name"],
        subtitle,
        [head, _derived_lines(d, first), more],
        stats=_stats(d),
        sections=[("Powers", powers), ("Techs", techs)],
        prose=[d["description"]] if d.get("description") else [],
    )


def _tech_text(t: dict[str, Any]) -> str:
    """``Tech Level 2; 6 MP; Heals 65 HP``: a Tech row of a monster or character."""
    level = t.get("tech_level")
    cost = t.get("cost")
    if cost is None and t.get("mp_cost") is not None:
        cost = f"{t['mp_cost']} MP"
    elif cost is None and t.get("sp_cost") is not None:
        cost = f"{t['sp_cost']} SP"
    effect = t.get("effect")
    if effect is None and t.get("effects"):
        effect = "; ".join(t["effects"])
    bits = [f"Tech Level {level}" if level is not None else "", cost or "", effect or ""]
    return "; ".join(b for b in bits if b)


def _character_block(d: dict[str, Any]) -> str:
    derived = d.get("derived") or {}
    subtitle = f"Level {d['level']} character"
    kit = [d.get("weapon_class"), f"{d['armor_type']} armor" if d.get("armor_type") else None]
    if any(kit):
        subtitle += ", " + " / ".join(k for k in kit if k)
    xp = _num(d.get("xp"))
    if d.get("xp_to_next_level") is not None:
        xp += f" ({_num(d['xp_to_next_level'])} to next level)"
    head = [
        ("Hit Points", _num(derived.get("hp"))),
        ("Magic Points", _num(derived.get("mp"))),
        ("Speed", _num(derived.get("speed"))),
        ("Experience", xp if d.get("xp") is not None else ""),
    ]
    skills = d.get("skills") or {}
    tp = d.get("tech_points") or {}
    more = [
        ("Class Power", str(d.get("class_power") or "").replace("_", " ")),
        ("Command Skill", (skills.get("command") or {}).get("name", "")),
        ("Support Skill", (skills.get("support") or {}).get("name", "")),
        (
            "Tech Points",
            f"{_num(tp.get('available'))} available ({_num(tp.get('total'))} total, "
            f"{_num(tp.get('spent'))} spent)"
            if tp
            else "",
        ),
        ("Gold", f"{_num(d['gold'])} G" if d.get("gold") is not None else ""),
    ]
    attacks = [
        (
            a.get("name", ""),
            f"{a.get('text', '')} ({_num(a.get('min'))}-{_num(a.get('max'))}), "
            f"Accuracy {_num(a.get('accuracy'))}, Critical {_num(a.get('critical'))}",
        )
        for a in d.get("attacks") or []
    ]
    techs = [(t.get("name", ""), _tech_text(t)) for t in d.get("techs") or []]
    gear = [
        (str(i.get("slot", "")).replace("_", " ").capitalize(), i.get("name", ""))
        for i in d.get("equipment") or []
    ]
    bag = [(i.get("name", ""), f"x{i.get('count', 1)}") for i in d.get("inventory") or []]
    return stat_block(
        d["name"],
        subtitle,
        [head, _derived_lines(d, ("hp", "mp", "speed")), more],
        stats=_stats(d),
        sections=[("Attacks", attacks), ("Techs", techs), ("Equipment", gear), ("Inventory", bag)],
        wide=True,
    )


# --------------------------------------------------------------------------- CSV


def tables(ws: Workspace, entities: Sequence[Entity]) -> list[Table]:
    """``equipment`` and ``techs``, each only when the project has rows for it."""
    out = []
    equipment = _equipment_rows(ws, entities)
    if equipment:
        out.append(
            Table(
                "equipment",
                ("set", "name", "slot", "level", "price", "sell price", "bonus", "abilities"),
                equipment,
            )
        )
    techs = _tech_rows(ws, entities)
    if techs:
        out.append(
            Table("techs", ("name", "level", "power", "MP", "TP", "element", "effect"), techs)
        )
    return out


def _equipment_rows(ws: Workspace, entities: Sequence[Entity]) -> list[list[Any]]:
    """Every item of every set, in the set's order, then every potion."""
    from builder.rulesets.zodiac.views.armory import ability_label
    from builder.rulesets.zodiac.views.equipment import bonus_text, set_view

    rows: list[list[Any]] = []
    for entity in entities:
        if entity.kind not in SET_KINDS:
            continue
        view = set_view(entity)
        by_id = {
            str(x.id): x
            for attr in ("weapons", "armors", "guards", "relics")
            for x in getattr(entity.model, attr, None) or []
        }
        for item in view.items:
            model = by_id.get(str(item.id))
            found = getattr(model, "abilities", None)
            if found is None:
                found = getattr(model, "options", None) or []
            words = [ability_label(a) for a in found]
            rows.append(
                [
                    view.name,
                    item.name,
                    item.slot.replace("_", " "),
                    item.level,
                    item.price,
                    item.sell_price,
                    bonus_text(item.bonus),
                    "; ".join(words),
                ]
            )
    for entity in entities:
        if entity.kind != "potion":
            continue
        p = entity.model
        sell = p.price // 2 if p.price is not None else None  # R25: half the price
        rows.append(["", p.name, "potion", None, p.price, sell, "", p.effect or ""])
    return rows


def _tech_rows(ws: Workspace, entities: Sequence[Entity]) -> list[list[Any]]:
    from builder.rulesets.zodiac.views.techs import tech_view

    rows: list[list[Any]] = []
    for entity in entities:
        if entity.kind != "tech":
            continue
        v = tech_view(entity.model, None, ws.settings)
        mp = v.mp_cost if v.mp_cost is not None else (f"{v.sp_cost} SP" if v.sp_cost else None)
        rows.append(
            [
                v.name,
                v.tech_level,
                str(getattr(v.power_level, "value", v.power_level)).replace("_", " "),
                mp,
                v.tp_cost,
                str(getattr(v.element, "value", v.element) or ""),
                "; ".join(v.effects),
            ]
        )
    return rows


EXPORTS = RuleSetExports(markdown=markdown, tables=tables, schemas=_SCHEMAS)
