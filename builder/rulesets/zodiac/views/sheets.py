"""Character sheet contexts: a character view laid out for play, plus a blank sheet.

Page 1 is the combat page (stats with equipment, derived stats, HP / MP / SP trackers,
attacks, every Tech, status boxes, a legend); page 2 is the audit (how each number is
reached) and the rest. Templates only read: every label, number and sentence a sheet
prints is made here, with players' names for every id (`display_name`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from builder.models.base import STAT_NAMES, STATS, norm_key
from builder.rulesets.zodiac.rules.character import DERIVED_KEYS, DERIVED_LABELS
from builder.rulesets.zodiac.rules.tables import STAT_CAP
from builder.rulesets.zodiac.tables.equipment import canonical_status

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.workspace import Workspace

MAP_COMBAT_ONLY = {"move", "jump"}
STAT_COLOURS = {
    "str": "#b4432d",
    "mag": "#6b3fa0",
    "vit": "#2f7d4a",
    "spr": "#1f6f8c",
    "agi": "#b0861e",
}
STAT_ABBR = {s.value: s.value.upper() for s in STATS}
# Speed Points per round are Speed, plus 1d8 in the first round (Ch. VI Combat Sequence):
# the SP tally has room for the most a first round can bring (the die's 8).
FIRST_ROUND_SP_BONUS = 8
SP_PER_ACTION = 8  # Ch. VI Combat Sequence: "Taking an action requires ... 8 Speed Points"
# Ch. VI status effects that take a share of max HP / MP each tick or turn: Poison and
# Regen 10% of HP, Venom 20% of HP and 10% of MP; Reraise revives with 10% of HP.
HP_TICK_PCT = 10
VENOM_HP_PCT = 20
VENOM_MP_PCT = 10
# Target Evades the attack line gives a hit chance against: the book's base Evade (25,
# Ch. I Step 5) and three harder targets. A sheet choice (no ruling needed).
EVADE_SAMPLES = (25, 35, 50, 75)

# Chapter VI status effects, in the book's order: the status boxes until the status
# catalogue exists (see `status_boxes_for`). Names as the book prints them.
CH6_NEGATIVE = (
    "Berserk", "Blind", "Charm", "Confusion", "Curse", "Death Sentence", "Frog", "Mini",
    "Poison", "Seal", "Sleep", "Slow", "Stone", "Stop", "Stun", "Unconscious", "Venom",
    "Zombie",
)  # fmt: skip
CH6_POSITIVE = ("Barrier", "Haste", "MBarrier", "Regen", "Reraise", "Wall")
# Chapter V status names the Chapter VI list lacks (canonical ids, tables/equipment.py).
_OTHER_STATUS_NAMES = {"instant_death": "Instant Death"}
_STATUS_NAMES: dict[str, str] = {
    **{canonical_status(n): n for n in (*CH6_NEGATIVE, *CH6_POSITIVE)},
    **_OTHER_STATUS_NAMES,
}
# Words that title-casing would spoil.
_WORDS = {"mp": "MP", "hp": "HP", "ap": "AP", "sp": "SP", "tp": "TP", "gp": "GP", "xp": "XP"}
_STAT_LONG = {s.value: n for s, n in STAT_NAMES.items()}


def display_name(key: Any) -> str:
    """An id as a player reads it: ``str`` -> Strength, ``keen_edge`` -> Keen Edge,
    ``confuse`` -> Confusion, ``max_tech_levels`` -> Max Tech Levels, ``mp_steal`` -> MP Steal.

    The one mapping every printed id goes through, so no sheet shows an internal id. It
    uses the names the code already has (stat names, derived-stat labels, the book's
    status names) and otherwise spells the id's words out.
    """
    if key is None:
        return ""
    raw = str(getattr(key, "value", key))
    k = norm_key(raw)
    if not k:
        return raw
    if k in _STAT_LONG:
        return _STAT_LONG[k]
    status = _STATUS_NAMES.get(canonical_status(k))
    if status is not None:
        return status
    if k in DERIVED_LABELS and k not in ("hp", "mp", "map"):
        return DERIVED_LABELS[k]
    return " ".join(_WORDS.get(p, p[:1].upper() + p[1:]) for p in k.split("_"))


# --------------------------------------------------------------------------- statuses


def status_boxes_for(ws: Workspace) -> dict[str, list[str]]:
    """Status check boxes: ``{"negative": [...], "positive": [...]}`` names.

    From the status catalogue when it exists (``views.statuses.status_boxes``), else
    Chapter VI's names (``CH6_NEGATIVE`` / ``CH6_POSITIVE``).
    """
    try:  # hook: the status catalogue (kind `status` entities) when it lands
        from builder.rulesets.zodiac.views.statuses import (  # type: ignore[import-not-found]
            status_boxes,
        )
    except ImportError:
        status_boxes = None
    if status_boxes is not None:
        try:
            rows = list(status_boxes(ws.content))
        except Exception:  # a catalogue mid-change must not cost the sheet its boxes
            rows = []
        boxes = _split_boxes(rows)
        if boxes["negative"] or boxes["positive"]:
            return boxes
    return {"negative": list(CH6_NEGATIVE), "positive": list(CH6_POSITIVE)}


def _field(row: Any, name: str, default: Any = None) -> Any:
    """A field of a row that may be a mapping or an object."""
    if isinstance(row, Mapping):
        return row.get(name, default)
    return getattr(row, name, default)


def _split_boxes(rows: Iterable[Any]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {"negative": [], "positive": []}
    for row in rows:
        name = row if isinstance(row, str) else _field(row, "name")
        if not name:
            continue
        positive = bool(_field(row, "positive", False)) if not isinstance(row, str) else False
        out["positive" if positive else "negative"].append(str(name))
    return out


# --------------------------------------------------------------------------- form fields

# Write-in boxes per HP / MP / SP tracker (templates/partials/tracker.html `write_ins`).
WRITE_INS = 4
_FIELD_CHARS = re.compile(r"[^a-z0-9]+")


def field_name(*parts: Any) -> str:
    """A PDF form field name from words: ``("status", "Death Sentence")`` ->
    ``status_death_sentence``. ASCII letters, digits and ``_`` only: a ``.`` would nest
    fields in PDF readers, and names come from content (a status catalogue)."""
    words = (_FIELD_CHARS.sub("_", norm_key(str(p))).strip("_") for p in parts)
    return "_".join(w for w in words if w) or "field"


def form_fields(
    statuses: Mapping[str, list[str]], *, sp_boxes: int, inventory_lines: int, blank: bool
) -> dict[str, Any]:
    """The names of a sheet's form fields (`fillable: true` books), unique per sheet.

    The first write-in box of a tracker is its current value (``hp_current``), the
    others ``hp_current_2``...; statuses are check boxes (``status_poison``); the first
    line under gold is ``gold``, the others ``inventory_1``...; notes are one text box.
    A blank sheet also names the boxes a filled sheet prints (``hp_max``, ``speed``).
    Stable names let a player's tool fill a sheet and a new build keep its layout.
    """
    seen: set[str] = set()

    def unique(name: str) -> str:
        out, n = name, 2
        while out in seen:
            out, n = f"{name}_{n}", n + 1
        seen.add(out)
        return out

    def current(track: str) -> list[str]:
        first = f"{track}_current"
        return [unique(first if i == 1 else f"{first}_{i}") for i in range(1, WRITE_INS + 1)]

    out: dict[str, Any] = {
        "hp": current("hp"),
        "mp": current("mp"),
        "sp": current("sp"),
        "sp_boxes": [unique(f"sp_box_{i}") for i in range(1, sp_boxes + 1)],
        "gold": unique("gold"),
        "inventory": [unique(f"inventory_{i}") for i in range(1, inventory_lines + 1)],
        "notes": unique("notes"),
    }
    out["ledger"] = [out["gold"], *out["inventory"]]  # the lines under Gold & inventory
    out["status"] = {
        name: unique(field_name("status", name))
        for kind in ("negative", "positive")
        for name in statuses.get(kind, [])
    }
    if blank:
        out["max"] = {"hp": unique("hp_max"), "mp": unique("mp_max")}
        out["speed"] = unique("speed")
    return out


# --------------------------------------------------------------------------- the legend


def legend(*, map_combat: bool, blue_magic: bool | None, multiplier: int) -> list[dict[str, str]]:
    """Plain words for the sheet's short forms; ``blue_magic`` None: a blank sheet (all)."""
    rows = [
        {
            "term": f"1d8 x {multiplier} + 98",
            "text": (
                f"roll the dice (here one eight-sided die), multiply by {multiplier}, "
                "add the number after + (Attack Power for weapons, Magic Attack Power for "
                "magic)."
            ),
        },
        {
            "term": "To hit",
            "text": (
                "1d100 + Accuracy must beat the target's Evade; a natural 90+ always hits. "
                "Critical 87+: a hit whose natural roll is at least that deals double damage."
            ),
        },
        {
            "term": "Status roll",
            "text": (
                "1d100 + Magic Accuracy + the modifier; it works when the total is at least "
                "the target's Resist."
            ),
        },
        {
            "term": "TL · Power",
            "text": (
                "Tech Level (1-6) and Power Level (Weak, Medium, Strong): together they set "
                "the MP cost."
            ),
        },
    ]
    if blue_magic is None or blue_magic:
        rows.append(
            {
                "term": "1P2 · 3M2",
                "text": (
                    "an Enemy Skill's attack: the first number is its level on the damage "
                    "table, P a Power Attack (Strength Dice, weapon, Attack Power), M Attack "
                    "Magic (Magic Dice, Magic Attack Power); the last number its power: "
                    "1 Weak, 2 Medium, 3 Strong."
                ),
            }
        )
    if map_combat:
        rows.append(
            {
                "term": "R4 E1 V0",
                "text": (
                    "Map Combat reach. R: the target square is at most that many squares "
                    "away. E: the effect spreads that many squares from the target square, "
                    "counting it (E1: that square only). V: it reaches that many height "
                    "levels above and below the target square."
                ),
            }
        )
    return rows


# --------------------------------------------------------------------------- the sheet


def character_sheet_context(ws: Workspace, entities: list[Entity]) -> dict[str, Any]:
    """`sheets/character.html`: the character view plus the sheet's own values."""
    from builder.rulesets.zodiac.views.character import full_character_view

    [entity] = entities
    view = full_character_view(ws, entity)
    data = view.to_json()
    map_combat = bool(ws.settings.house.map_combat)
    c = entity.model
    d = view.derived
    equip_stats = _equipment_stats(view.equipment)
    blue = c.class_power.value != "tech"
    data.update(
        player=c.player,
        job_title=c.job_title,
        description=c.description,
        notes=c.notes,
        inventory=list(c.inventory),
        class_power_name=display_name(c.class_power.value),
        armor_type_name=f"{display_name(c.armor_type.value)} armor",
        weapon_class_name=display_name(c.weapon_class) if c.weapon_class else None,
        derived_rows=[
            {
                "key": k,
                "label": DERIVED_LABELS[k],
                "value": d[k].value,
                "how": d[k].explain(),
            }
            for k in DERIVED_KEYS
            if map_combat or k not in MAP_COMBAT_ONLY
        ],
        derived_tiles=_derived_tiles(d, map_combat),
        stat_rows=_stat_rows(data["stats"], equip_stats),
        command=_skill(view.command_skill, getattr(view, "skill_numbers", None)),
        support=_skill(view.support_skill),
        vitals=_vitals(d),
        sp_boxes=_sp_boxes(view),
        sp_per_action=SP_PER_ACTION,
        map_combat=_map_block(view.map_combat) if map_combat else None,
        history_pairs=_pairs(data["history"]),
        note_lines=_note_lines(len(data["history"])),
        learning=display_name(getattr(c, "learning", None)) or None,
        statuses=status_boxes_for(ws),
        legend=legend(
            map_combat=map_combat,
            blue_magic=blue,
            multiplier=ws.settings.house.damage_die_multiplier,
        ),
        status_immunity_names=[display_name(s) for s in view.status_immunities],
        damage_taken=[
            f"{display_name(kind)} damage taken {pct:+d}%"
            for kind, pct in view.damage_taken_pct.items()
        ],
    )
    data.update(
        equipment=_item_rows(ws, entity, view.equipment),
        attacks=[_attack_row(a, data["equipment"]) for a in data.get("attacks") or []],
        affinities=_by_kind(data.get("affinities") or {}),
        techs=_tech_rows(ws, c, data.get("techs") or [], view, map_combat),
    )
    data.update(_others(view))
    data["fields"] = form_fields(
        data["statuses"],
        sp_boxes=data["sp_boxes"],
        inventory_lines=max(0, data["note_lines"] - 1),  # the first line is gold's
        blank=False,
    )
    first = data["first_round_sp"]
    if first is not None:
        data["vitals"]["sp_note"] += f" Round 1 brings {first['low']}-{first['high']} SP."
    return {"character": data}


def _others(view: Any) -> dict[str, Any]:
    """What other parts of the character view add when present (Chapter IV skill
    numbers, the gold ledger, inventory rows, the speed block), as plain rows; None when
    the view has none, so the template's guards read the same either way."""
    out: dict[str, Any] = dict.fromkeys(
        ("skill_numbers", "gold_breakdown", "inventory_rows", "speed_table", "first_round_sp")
    )
    rows = getattr(view, "skill_numbers", None)
    if rows:
        out["skill_numbers"] = [
            {
                "label": str(_field(r, "label", "")),
                "value": _field(r, "value"),
                "note": _field(r, "note") or "",
                "breakdown": _as_text(_field(r, "breakdown")),
            }
            for r in rows
        ]
    out["gold_breakdown"] = _gold_text(getattr(view, "gold_breakdown", None) or [])
    inv = getattr(view, "inventory_rows", None)
    if inv:
        out["inventory_rows"] = [
            {
                "name": str(_field(r, "name", "")),
                "count": _field(r, "count", 1),
                "price": _field(r, "price"),
                "sell_price": _field(r, "sell_price"),
            }
            for r in inv
        ]
    speed = getattr(view, "speed", None)
    block = speed.to_json() if hasattr(speed, "to_json") else speed
    if isinstance(block, Mapping):
        first = block.get("first_round_sp")
        if isinstance(first, (list, tuple)) and len(first) == 2:
            out["first_round_sp"] = {"low": first[0], "high": first[1]}
        out["speed_table"] = _speed_table(block.get("rounds") or {})
    return out


def _span(value: Any) -> str:
    """``[13, 20]`` -> ``13-20``; ``[2, 2]`` -> ``2``."""
    if isinstance(value, (list, tuple)) and len(value) == 2:
        low, high = value
        return str(low) if low == high else f"{low}-{high}"
    return str(value)


def _speed_table(rounds: Mapping[str, Any]) -> dict[str, Any] | None:
    """Rounds 1-N by status: ``13-20 SP, 1-2 actions`` in each cell (Ch. VI)."""
    rows = []
    count = 0
    for status, spans in rounds.items():
        cells = [
            f"{_span(_field(r, 'sp'))} SP, {_span(_field(r, 'actions'))} actions" for r in spans
        ]
        count = max(count, len(cells))
        rows.append({"label": display_name(status), "cells": cells})
    return {"rounds": list(range(1, count + 1)), "rows": rows} if rows else None


def _gold_text(terms: Iterable[Any]) -> str:
    """``200 starting - 75 Oak Rod at creation - ...``; empty when the file's gold stands
    as written (nothing to explain)."""
    parts = [(str(_field(t, "label", "")), _field(t, "amount", 0)) for t in terms]
    if len(parts) <= 1:
        return ""
    text = ""
    for i, (label, amount) in enumerate(parts):
        if i == 0:
            text = f"{amount:,} {label}"
        else:
            text += f" {'-' if amount < 0 else '+'} {abs(amount):,} {label}"
    return text


def _as_text(value: Any) -> str:
    """A breakdown that may be a string, a list of terms or a mapping, as one line."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if hasattr(value, "explain"):
        return str(value.explain())
    if isinstance(value, Mapping):
        return ", ".join(f"{display_name(k)} {_as_text(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return "; ".join(_as_text(v) for v in value)
    return str(value)


def _sp_boxes(view: Any) -> int:
    """Boxes for the most SP a first round can bring: from the view's speed block when
    it has one, else Speed + the 1d8's 8 (Ch. VI Combat Sequence)."""
    speed = getattr(view, "speed", None)
    first = getattr(speed, "first_round_sp", None)
    high = getattr(first, "high", None)
    return (
        int(high) if isinstance(high, int) else view.derived["speed"].value + FIRST_ROUND_SP_BONUS
    )


def _equipment_stats(items: Iterable[Any]) -> dict[str, list[tuple[str, int]]]:
    """Each stat's bonuses from the equipped items, as (item name, amount) (R7: derived
    stats use equipped stats)."""
    out: dict[str, list[tuple[str, int]]] = {}
    for item in items:
        for k, v in getattr(item.bonus, "stats", {}).items():
            if v:
                out.setdefault(k, []).append((item.name, v))
    return out


def _stat_rows(
    own: dict[str, int], equip: Mapping[str, list[tuple[str, int]]]
) -> list[dict[str, Any]]:
    """Base (own), equipment and total of each stat; the bar shows the total (R7)."""
    bonus = {s.value: sum(v for _, v in equip.get(s.value, [])) for s in STATS}
    totals = {s.value: own[s.value] + bonus[s.value] for s in STATS}
    scale = max(max(totals.values()), 40)  # small characters still get readable bars
    return [
        {
            "key": s.value,
            "abbr": STAT_ABBR[s.value],
            "name": STAT_NAMES[s],
            "base": own[s.value],
            "equipment": bonus[s.value],
            "equipment_from": ", ".join(f"{n} {v:+d}" for n, v in equip.get(s.value, [])),
            "total": totals[s.value],
            "value": own[s.value],
            "bar": round(100 * min(totals[s.value], STAT_CAP) / scale, 1),
            "colour": STAT_COLOURS[s.value],
        }
        for s in STATS
    ]


_TILE_SHORT = {  # page-1 tiles are narrow; page 2 prints the book's full names
    "hp": "HP",
    "mp": "MP",
    "ap": "Attack Power",
    "map": "Magic Attack",
    "str_dice": "Str Dice",
    "mag_dice": "Magic Dice",
    "magic_accuracy": "Magic Acc.",
    "max_tech_levels": "Max Tech Lv",
}


def _derived_tiles(d: Mapping[str, Any], map_combat: bool) -> list[dict[str, Any]]:
    """Derived stats as page-1 tiles (the how is on page 2)."""
    return [
        {"key": k, "label": _TILE_SHORT.get(k, DERIVED_LABELS[k]), "value": d[k].value}
        for k in DERIVED_KEYS
        if map_combat or k not in MAP_COMBAT_ONLY
    ]


def _vitals(d: Mapping[str, Any]) -> dict[str, Any]:
    """HP / MP maxima with the quarter marks of the bar and the Chapter VI shares."""
    hp, mp, speed = d["hp"].value, d["mp"].value, d["speed"].value
    return {
        "hp": {
            "max": hp,
            "marks": _quarters(hp),
            "note": (
                f"Poison / Regen {HP_TICK_PCT}%: {hp * HP_TICK_PCT // 100:,} · "
                f"Venom {VENOM_HP_PCT}%: {hp * VENOM_HP_PCT // 100:,} · "
                f"Reraise: {hp * HP_TICK_PCT // 100:,}"
            ),
        },
        "mp": {
            "max": mp,
            "marks": _quarters(mp),
            "note": f"Venom {VENOM_MP_PCT}%: {mp * VENOM_MP_PCT // 100:,} a turn",
        },
        "speed": speed,
        "sp_note": (
            f"+{speed} SP each round (+1d8 in the first); an action costs "
            f"{SP_PER_ACTION} SP; leftover SP carries over."
        ),
    }


def _quarters(top: int) -> list[str]:
    """The bar's marks at 1/4, 1/2 and 3/4 of a maximum, rounded down (R1)."""
    return [f"{top * q // 4:,}" for q in (1, 2, 3)]


def _item_rows(ws: Workspace, entity: Entity, items: list[Any]) -> list[dict[str, Any]]:
    """Equipped items with what each gives, in players' words (no ability ids)."""
    from builder.rulesets.zodiac.items import item_index
    from builder.rulesets.zodiac.views.equipment import resolve_equipment

    models = {r.id: r.item for r in resolve_equipment(entity.model, item_index(ws.content)).items}
    names = _tech_names(ws)
    rows = []
    for item in items:
        model = models.get(item.id)
        abilities = getattr(model, "abilities", None)
        if abilities is None:
            abilities = getattr(model, "options", None) or []
        gives = [*_bonus_parts(item.bonus), *_ability_words(abilities, names)]
        rows.append(
            {
                "slot": display_name(item.slot),
                "name": item.name,
                "level": item.level,
                "summary": ", ".join(g for g in gives if g),
                "abilities": [a for a in _ability_words(abilities, names) if a],
            }
        )
    return rows


def _tech_names(ws: Workspace) -> dict[str, str]:
    return {str(e.id): e.model.name for e in ws.content.entities if e.kind == "tech"}


def _bonus_parts(b: Any) -> list[str]:
    """``AP +50 (d8)``, ``MAP +30 (d8)``, ``HP +70``, ``Strength +11``, ``Evade +8``..."""
    from builder.rulesets.zodiac.rules.equipment import die_label

    parts: list[str] = []
    if b.die is not None:
        parts.append(f"AP +{b.ap} ({die_label(b.die)})")
        magic = f" ({die_label(b.magic_die)})" if b.magic_die is not None else ""
        parts.append(f"MAP +{b.map}{magic}")
    else:
        parts += [f"{label} +{v}" for label, v in (("AP", b.ap), ("MAP", b.map)) if v]
    parts += [f"{label} +{v}" for label, v in (("HP", b.hp), ("MP", b.mp)) if v]
    parts += [f"{display_name(k)} +{v}" for k, v in b.stats.items() if v]
    for label, v in (("Evade", b.evade), ("Resist", b.resist), ("Move", b.move), ("Jump", b.jump)):
        if v:
            parts.append(f"{label} +{v}")
    if b.critical:
        parts.append(f"Critical {b.critical:+d}")
    return parts


# Abilities whose whole effect is a number the bonus already prints.
_IN_BONUS = {"stat_bonus", "stat_boost", "critical_boost", "move_boost", "jump_boost"}
_AFFINITY_WORDS = {
    "elemental_resistance": "resistance",
    "elemental_immunity": "immunity",
    "elemental_absorbency": "absorbency",
    "elemental_absorption": "absorption",
    "elemental_weakness": "weakness",
}


def _ability_words(abilities: Iterable[Any], tech_names: Mapping[str, str]) -> list[str]:
    """Item abilities in players' words: ``Keen Edge``, ``Holy element``, ``Immune to
    Poison, Stone``, ``Spell Effect: Fire``; stat bonuses are left to the bonus line."""
    out = []
    for a in abilities:
        aid = str(getattr(a.id, "value", a.id))
        p = a.param
        if aid in _IN_BONUS:
            continue
        if aid in _AFFINITY_WORDS:
            out.append(f"{display_name(p)} {_AFFINITY_WORDS[aid]}")
        elif aid == "elemental":
            out.append(f"{display_name(p)} element")
        elif aid == "elemental_resistance_all":
            out.append("Resistance to all elements")
        elif aid == "status_immunity_all":
            out.append("Immune to every status")
        elif aid == "status_immunity":
            shown = p if isinstance(p, list) else [p]
            out.append("Immune to " + ", ".join(display_name(s) for s in shown))
        elif aid == "status_effect" and isinstance(p, Mapping):
            out.append(
                "Status Effect: "
                + ", ".join(display_name(s) + (f" {c}%" if c else "") for s, c in p.items())
            )
        elif aid == "elemental_boost" and isinstance(p, Mapping):
            dice = p.get("dice", 1)
            out.append(f"{display_name(p.get('element'))} Techs +{dice} {_plural(dice, 'die')}")
        elif aid == "spell_effect":
            out.append(f"Spell Effect: {tech_names.get(str(p), display_name(p))}")
        elif aid == "dedicated":
            out.append(f"Dedicated ({p})")
        elif p is None:
            out.append(display_name(aid))
        else:
            out.append(f"{display_name(aid)}: {display_name(p)}")
    return out


def _plural(n: Any, word: str) -> str:
    return word if n == 1 else {"die": "dice"}.get(word, word + "s")


def _attack_row(a: dict[str, Any], items: list[dict[str, Any]]) -> dict[str, Any]:
    """An attack as the combat page prints it: damage, range, to-hit, critical, extras."""
    from builder.rulesets.zodiac.views.equipment import hit_chance

    crit = f"critical on {a['critical']}+"
    if a.get("critical_multiplier", 2) != 2:
        crit += f" (x{a['critical_multiplier']} damage)"
    extras = []
    if a.get("always_hits"):
        extras.append("always hits (Concentrate)")
    if a.get("element"):
        extras.append(f"{display_name(a['element'])} element")
    if a.get("long_range"):
        extras.append("long range")
    weapon = next((i for i in items if i["slot"] == "Weapon" and i["name"] == a["name"]), None)
    if weapon is not None:
        extras += [w for w in weapon["abilities"] if not w.endswith(" element")]
    evades = list(EVADE_SAMPLES)
    if a.get("target_evade") is not None and a["target_evade"] not in evades:
        evades.append(a["target_evade"])
    hits = [
        {"evade": e, "chance": 100 if a.get("always_hits") else hit_chance(a["accuracy"], e)}
        for e in sorted(evades)
    ]
    grid = None
    if a.get("range") is not None:  # Map Combat is on (R30)
        from builder.rulesets.zodiac.views.map_combat import attack_note

        grid = attack_note(bool(a.get("long_range")), a["accuracy"])
    return {
        "name": a["name"],
        "damage": a["text"],
        "lands": _lands(a.get("outcomes") or {}, a.get("blind")),
        "range": f"{a['min']:,}-{a['max']:,}",
        "line": f"{a['text']} ({a['min']}-{a['max']})",
        "accuracy": a["accuracy"],
        "critical": crit,
        "extras": extras,
        "note": " · ".join([f"Accuracy {a['accuracy']}", crit, *extras]),
        "hits": hits,
        "map": grid,
    }


# Which outcomes (rules.damage) a sheet's attack line prints, in its two short lines: how
# a hit lands on the target, and what the attacker's own statuses make of it (Ch. VI).
LANDS_ON_TARGET = ("critical", "vs_resistant", "vs_weak", "vs_defending", "vs_mini")
LANDS_WHILE = ("while_mini", "while_frog", "while_cursed")
_SHORT = {
    "critical": "Crit",
    "vs_resistant": "Resist",
    "vs_weak": "Weak",
    "vs_defending": "Defending",
    "vs_mini": "Mini target",
    "while_mini": "Mini",
    "while_frog": "Frog",
    "while_cursed": "Curse",
}


def _range(o: Mapping[str, Any]) -> str:
    low, high = o["min"], o["max"]
    return f"{low:,}-{high:,}" if low != high else f"{low:,}"


def _lands(outcomes: Mapping[str, Any], blind: Mapping[str, Any] | None) -> dict[str, str]:
    """An attack's landed damage (Ch. VI): ``Crit x2 216-356 · Resist 54-89 · Weak 216-356
    · Defending 54-89 · Mini target 162-267``, then what the attacker's own Blind, Mini,
    Frog and Curse make of it: ``Blind Accuracy -22 · Mini 10-17 · Frog 10-17 · Curse 108``."""
    target = []
    for key in LANDS_ON_TARGET:
        if key in outcomes:
            o = outcomes[key]
            name = _SHORT[key] + (f" x{o['factor']}" if key == "critical" else "")
            target.append(f"{name} {_range(o)}")
    own = [f"Blind Accuracy {blind['accuracy']}"] if blind else []
    own += [f"{_SHORT[k]} {_range(outcomes[k])}" for k in LANDS_WHILE if k in outcomes]
    return {"target": " · ".join(target), "own": " · ".join(own)}


def _tech_rows(
    ws: Workspace, c: Any, rows: list[dict[str, Any]], view: Any, map_combat: bool
) -> list[dict[str, Any]]:
    """Every Tech or Enemy Skill with its costs, element, reach and effect, named."""
    from builder.rulesets.zodiac.rules.character_techs import resolve_techs
    from builder.rulesets.zodiac.views.techs import content_finder

    find = content_finder(ws.content)
    models: dict[str, Any] = {}
    if c.class_power.value == "tech":
        for r in resolve_techs(c.techs, lambda tech_id: find("tech", tech_id)):
            if r.tech is not None:
                models[r.key] = r.tech
    ranged = bool(view.attacks and view.attacks[0].long_range)
    out = []
    for t in rows:
        row = dict(t)
        model = models.get(t.get("id", ""))
        skill = find("enemy_skill", t["id"]) if t.get("enemy_skill") else None
        element = getattr(model or skill, "element", None)
        row["element"] = display_name(element) if element else None
        row["element_kind"] = str(getattr(element, "value", element)) if element else None
        row["primary_name"] = display_name(t.get("primary")) if t.get("primary") else None
        row["power_name"] = display_name(t.get("power_level")) if t.get("power_level") else None
        row["damage_type"] = getattr(model, "effective_damage_type", None) if model else None
        if map_combat and not row.get("reach") and skill is not None:
            row["reach"] = _skill_reach(skill, ranged)
        if not map_combat:
            row["reach"] = None
        row["effects"] = list(t.get("effects") or ([t["effect"]] if t.get("effect") else []))
        # Ch. VI: a damaging Tech against a resistant and a weak target (rules.damage).
        landed = (t.get("damage") or {}).get("outcomes") or {}
        for key in ("vs_resistant", "vs_weak"):
            row[key] = _range(landed[key]) if key in landed else None
        for key in ("attack", "clone_of", "learned_at", "sp_cost", "hp_cost", "reach"):
            row.setdefault(key, None)
        row["kind_line"] = _kind_line(row, blue=bool(t.get("enemy_skill")))
        out.append(row)
    return out


def _kind_line(row: Mapping[str, Any], *, blue: bool) -> str:
    """``TL 2 Medium Healing`` / ``TL 1 · 1P2 · learned at 3``: what kind of Tech it is."""
    parts = [f"TL {row['tech_level']}"]
    words = " ".join(w for w in (row.get("power_name"), row.get("primary_name")) if w)
    if words:
        parts[0] += f" {words}"
    if row.get("attack"):
        parts.append(str(row["attack"]))
    if blue and row.get("learned_at"):
        parts.append(f"learned at {row['learned_at']}")
    return " · ".join(parts) + ":"


def _skill_reach(skill: Any, ranged: bool) -> str:
    """An Enemy Skill's R/E/V for a character (R30), as `views.map_combat.reach_of` reads
    a monster's: a '#PX' skill as a weapon Tech (ranged with a Long Range weapon), any
    other as an "other" Tech, with no area. Book reading (no ruling yet)."""
    from builder.rulesets.zodiac.rules import techs as T

    notation = skill.attack_notation
    if notation is not None and notation.primary == "power_attack":
        return T.tech_reach("ranged" if ranged else "melee").text
    return T.tech_reach("other").text


def _map_block(movement: Any) -> dict[str, Any] | None:
    """Move, Jump, climbing, gaps and the falling table for the sheet (R29)."""
    from builder.rulesets.zodiac.views.map_combat import sheet_block

    return sheet_block(movement) if movement is not None else None


AFFINITY_ORDER = ("weak", "resist", "immune", "absorb")
AFFINITY_NAMES = {
    "weak": "Weak to",
    "resist": "Resists",
    "immune": "Immune to",
    "absorb": "Absorbs",
}


def _by_kind(affinities: dict[str, str]) -> dict[str, list[dict[str, str]]]:
    """{element: kind} -> {kind label: [{name, kind}]} in a fixed reading order."""
    out: dict[str, list[dict[str, str]]] = {}
    for kind in (*AFFINITY_ORDER, *sorted(set(affinities.values()) - set(AFFINITY_ORDER))):
        elements = sorted(e for e, k in affinities.items() if k == kind)
        if elements:
            out[AFFINITY_NAMES.get(kind, display_name(kind))] = [
                {"name": display_name(e), "kind": e} for e in elements
            ]
    return out


def _note_lines(levels: int) -> int:
    """Blank lines under gold and notes: fewer as the level history grows, so page 2
    holds the history of a high-level character too."""
    return 3 if levels <= 20 else 2 if levels <= 40 else 1


def _pairs(rows: list[Any]) -> list[tuple[Any, Any]]:
    """The level history in two side-by-side halves, so 99 levels fit one page."""
    if len(rows) <= 20:
        return [(r, None) for r in rows]
    half = (len(rows) + 1) // 2
    left, right = rows[:half], rows[half:]
    return [(left[i], right[i] if i < len(right) else None) for i in range(half)]


def _skill(skill: Any, numbers: Iterable[Any] | None = None) -> dict[str, Any] | None:
    """A skill's name and summary; with ``numbers`` (the view's skill rows), its own
    numbers too, so page 1 carries what a turn needs (Deathblow's attack roll and damage,
    the Dice table, Kick's and Jump's damage), not only page 2's audit (issue 23)."""
    if not skill:
        return None
    mine = [r for r in numbers or () if _field(r, "skill") == skill.id]
    return {"name": skill.name, "summary": skill.summary, "numbers": _skill_lines(mine)}


def _skill_lines(rows: list[Any]) -> list[str]:
    """``Attack roll -32 (a natural 90+ does not hit)``, ``Damage 216-356 (...)``; the Dice
    table as one line, ``5d6 roll 5: 1 · 6-8: 4 · ... · 30: 480 (to all enemies; ...)``."""
    out: list[str] = []
    table: list[str] = []
    table_note = ""
    for r in rows:
        label = str(_field(r, "label", ""))
        value = _field(r, "value")
        note = str(_field(r, "note") or "")
        _, _, short = label.partition(": ")
        short = short or label
        head, sep, rolls = short.partition(" roll ")
        if sep:  # a table row: "5d6 roll 6-8"
            table.append(f"{rolls}: {value}")
            table_note = note
            if len(table) == 1:
                table[0] = f"{head} roll {table[0]}"
            continue
        text = f"{short[:1].upper()}{short[1:]} {value}" if value not in (None, "") else short
        out.append(text + (f" ({note})" if note else ""))
    if table:
        out.insert(0, " · ".join(table) + (f" ({table_note})" if table_note else ""))
    return out


# --------------------------------------------------------------------------- blank


# Letter is 18 mm shorter than A4: page 1 keeps two fewer Tech rows there.
BLANK_TECH_ROWS = {"a4": 5, "letter": 3}
BLANK_MORE_TECH_ROWS = 6
BLANK_ATTACK_ROWS = 2
BLANK_HISTORY_ROWS = 7
BLANK_SP_BOXES = 40  # five actions' worth, in groups of 8
BLANK_LINES = 4  # under Gold & inventory and under Notes


def _paper(ws: Workspace) -> str:
    """The project's paper size (``a4`` / ``letter``), ``a4`` when there is no project."""
    paper = getattr(getattr(ws, "config", None), "paper", None)
    return str(getattr(paper, "value", paper or "a4"))


def blank_sheet_context(ws: Workspace, entities: list[Entity]) -> dict[str, Any]:
    """`sheets/blank.html`: the same page 1 as a filled sheet, with boxes to write in."""
    map_combat = bool(ws.settings.house.map_combat)
    statuses = status_boxes_for(ws)
    return {
        "fields": form_fields(
            statuses, sp_boxes=BLANK_SP_BOXES, inventory_lines=BLANK_LINES - 1, blank=True
        ),
        "lines": BLANK_LINES,
        "derived_labels": [
            DERIVED_LABELS[k] for k in DERIVED_KEYS if map_combat or k not in MAP_COMBAT_ONLY
        ],
        "derived_tiles": [
            {"key": k, "label": _TILE_SHORT.get(k, DERIVED_LABELS[k])}
            for k in DERIVED_KEYS
            if map_combat or k not in MAP_COMBAT_ONLY
        ],
        "stat_names": [STAT_NAMES[s] for s in STATS],
        "stat_rows": [{"abbr": STAT_ABBR[s.value], "name": STAT_NAMES[s]} for s in STATS],
        "head_fields": [
            [
                {"label": "Name", "wide": True},
                {"label": "Player", "wide": False},
                {"label": "Level", "wide": False},
                {"label": "XP", "wide": False},
            ],
            [
                {"label": "Class", "wide": False},
                {"label": "Class Power", "wide": False},
                {"label": "Armor type", "wide": False},
                {"label": "Weapon class", "wide": False},
            ],
        ],
        "vitals": [
            {
                "key": "hp",
                "name": "HP",
                "note": (
                    f"Poison / Regen {HP_TICK_PCT}% a tick · Venom {VENOM_HP_PCT}% · "
                    f"Reraise {HP_TICK_PCT}%"
                ),
            },
            {"key": "mp", "name": "MP", "note": f"Venom: {VENOM_MP_PCT}% of max MP a turn"},
        ],
        "sp_note": (
            f"+Speed SP each round (+1d8 in the first); an action costs {SP_PER_ACTION} SP; "
            "leftover SP carries over. One group of boxes is one action."
        ),
        "sp_boxes": BLANK_SP_BOXES,
        "skill_lines": ["Command skill", "Support skill"],
        "defence_lines": ["Elemental affinities", "Status immunities"],
        "equipment_slots": ["Weapon", "Armor", "Guard", "Relic"],
        "statuses": statuses,
        "legend": legend(
            map_combat=map_combat,
            blue_magic=None,
            multiplier=ws.settings.house.damage_die_multiplier,
        ),
        "sp_per_action": SP_PER_ACTION,
        "tech_rows": BLANK_TECH_ROWS.get(_paper(ws), min(BLANK_TECH_ROWS.values())),
        "more_tech_rows": BLANK_MORE_TECH_ROWS,
        "attack_rows": BLANK_ATTACK_ROWS,
        "history_rows": BLANK_HISTORY_ROWS,
        "map_combat": map_combat,
    }
