"""The 99 Towers combatant sheet a player plays from (issue #27): one page per combatant.

Everything a turn needs, computed here from ``rules.combat`` and the tables: the phase a
flipped card puts the combatant in, STUN and LETHAL as pencil boxes with the LETHAL
states, resilience, size shifts, each weapon's flip, damage by Hearts and range bands,
its tactics' phases, the Action List. Templates only read; with `fillable: true` the
trackers and notes are PDF form fields named here (``fields``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.render.forms import FieldNames
from builder.rulesets.towers99 import tables as T
from builder.rulesets.towers99.models.weapon import AttackValue, DamageCategory, Reach
from builder.rulesets.towers99.rules import combat as C
from builder.rulesets.towers99.views.books import action_rows
from builder.rulesets.towers99.views.entities import combatant_view, increment, weapon_view

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.rulesets.towers99.models.combatant import Combatant, Tactic
    from builder.rulesets.towers99.models.weapon import Weapon
    from builder.workspace import Workspace

# Card values a flip keeps (Entering Combat and Initiative: "a King (value 13)"); the
# chapter's Fate and Chance chapter says what an Ace is worth, so the sheet stops at K.
CARDS: tuple[tuple[str, int], ...] = (
    *((str(n), n) for n in range(2, 11)),
    ("J", 11),
    ("Q", 12),
    ("K", 13),
)
PHASE_BOXES = 14  # write-in boxes for the phases the combatant acts in
STUN_BOX_MAX = 60  # more STUN than this is written in numbers, not ticked
AMMO_BOX_MAX = 30
POWER_ATTACK_DAMAGE = 2  # Power Attack: "your base Damage goes up by 2"
HEARTS = (0, 1, 2, 3)
ACTION_COLUMNS = 3

# What a turn can leave a combatant in, as the chapter words it (Flat-Footed, the Action
# List, Grappling, STUN Damage): a box each to tick and rub out.
STATES: tuple[tuple[str, str], ...] = (
    ("Flat-footed", "until you first act: no [SS] on <PD>, no OA"),
    ("Prone", "Stand from Prone: 4 phases"),
    ("Grappled", "Escape or Reverse (5 phases)"),
    ("Grappling", "Restrain, Squeeze, Slam, Throw"),
    ("Full Defense", "+1 Defense on opposed checks"),
    ("Power Attack", "flip-1 on Defense till you act"),
    ("Reckless Move", "flip-1 on opposed checks"),
    ("Concentrating", "Concentrate each turn or it ends"),
    ("Holding", "act in a later phase"),
    ("Unconscious", "0 STUN: prone, out of the fight"),
)


def columns(items: list[Any], n: int) -> list[list[Any]]:
    """``items`` in ``n`` columns read downwards, the first ones longest: a sheet prints
    columns as boxes side by side (WeasyPrint measures multi-column text in a flex page
    unbalanced)."""
    size = -(-len(items) // n) if items else 0
    return [items[i * size : (i + 1) * size] for i in range(n) if items[i * size : (i + 1) * size]]


def initiative_rows(n: int) -> list[dict[str, Any]]:
    """Each card a flip may keep: the Calculated Initiative (card + [N]) and the phase it
    puts the combatant in (20 - it, 20 or more counts as 20), +10 when surprised."""
    return [
        {
            "card": label,
            "calculated": value + n,
            "phase": C.start_phase(value + n),
            "surprised": C.start_phase(value + n, surprised=True),
        }
        for label, value in CARDS
    ]


def size_line(size: str) -> dict[str, Any]:
    """A combatant's size on the map: its space, the shift its own rank puts on its <PA>
    flip and on its <PD>/<ID> flip (the inverse of the rank), and whether it threatens
    the squares around it (tiny or smaller do not; R39: the eight around)."""
    key = C.size_key(size)
    rank = C.size_rank(key)
    side = T.SIZE_SPACE[key]
    shifts = C.size_shifts(key, key)
    return {
        "size": key,
        "rank": rank,
        "space": f"{side} x {side}",
        "attack_shift": shifts.attacker,
        "defense_shift": shifts.defender,
        "attack_text": _shift(shifts.attacker),
        "defense_text": _shift(shifts.defender),
        "threatens": rank > T.SIZE_RANKS["tiny"],
    }


def _shift(n: int) -> str:
    return f"shift{n:+d}" if n else "no shift"


def weapon_line(c: Combatant, w: Weapon, weapon_id: str) -> dict[str, Any]:
    """One weapon as the combatant wields it: cards flipped, Aim at most, base STUN,
    STUN/LETHAL by Hearts before resilience, the same for a Power Attack, range bands."""
    wv = weapon_view(w, weapon_id)
    values = c.values
    attack_value = values.pa if w.attack is AttackValue.PA else values.sa
    px = values.px if w.px_adds else 0
    base = w.damage + px
    hits = [C.hit_damage(w.damage, h, px=px) for h in HEARTS]
    power = [C.hit_damage(w.damage + POWER_ATTACK_DAMAGE, h, px=px) for h in HEARTS]
    less = {
        DamageCategory.PHYSICAL: "less the target's <ER>",
        DamageCategory.ARCANE: "less the target's <IR>",
    }.get(w.damage_category, "no resilience")
    inc = increment(w)
    return {
        "id": weapon_id,
        "name": w.name,
        "reach": "thrown" if w.thrown_range is not None else w.type.value,
        "attack_text": wv["attack_text"],
        "flip": max(0, w.attack_bonus + attack_value),
        "aim_max": C.half_down(attack_value),
        "damage_text": wv["damage_short"],
        "base": base,
        "kind": wv["damage_text"].removeprefix(wv["damage_short"]).strip() or "uncategorised",
        "less": less,
        "hits": [
            {"hearts": h, "stun": x.stun, "lethal": x.lethal}
            for h, x in zip(HEARTS, hits, strict=True)
        ],
        "power_hits": [x.stun for x in power],
        "bands": [
            {"text": f"{b['from']}-{b['to']}", "modifier": b["modifier"]} for b in wv["range_bands"]
        ],
        "increment": inc,
        "shots": w.shots,
        "ammo_boxes": w.shots if w.shots and w.shots <= AMMO_BOX_MAX else 0,
        "keywords": list(w.keywords),
        "ranged": w.type is Reach.RANGED,
    }


def tactic_line(t: Tactic, names: dict[str, str]) -> dict[str, Any]:
    """A planned turn: its steps on the Combat Clock (Aim x N, then the attack, Shift
    Position added where it says), the phases it takes and the flip bonus Aim gives."""
    attack = f"shift+{t.shift_with}" if t.shift_with else "attack"
    steps = ["aim"] * t.aim + [attack]
    try:
        phases = C.clock_steps(0, steps)[-1]
    except C.RuleError:  # a check (NT117) reports it; the sheet prints no number
        phases = None
    act = T.ACTIONS_BY_ID.get(t.shift_with or "attack")
    words = ([f"Aim x{t.aim}"] if t.aim else []) + [
        f"Shift Position + {act.name}" if t.shift_with and act else (act.name if act else "?")
    ]
    return {
        "name": t.name,
        "weapon": names.get(t.weapon, t.weapon) if t.weapon else None,
        "steps": ", ".join(words),
        "phases": phases,
        "flip": f"flip+{t.aim}" if t.aim else "",
    }


def sheet_fields(v: dict[str, Any]) -> dict[str, Any]:
    """The names of one sheet's form fields (`fillable: true`): phases and initiative
    written in, STUN and LETHAL boxes (``stun_box_1`` is the top one), temporary STUN and
    LETHAL, the states, Aim and ammunition boxes, notes. Stable, unique on the sheet."""
    name = FieldNames()
    return {
        "initiative": name("calculated_initiative"),
        "phases": name.many(PHASE_BOXES, "phase"),
        "stun": name.many(len(v["stun_boxes"]), "stun_box") if v["stun_boxes"] else [],
        "stun_current": name("stun_current"),
        "stun_temp": name("stun_temporary"),
        "lethal": name.many(len(v["lethal_track"]), "lethal_box"),
        "lethal_temp": name("lethal_temporary"),
        "states": {s["name"]: name("state", s["name"]) for s in v["states"]},
        "aim": name.many(v["aim_boxes"], "aim"),
        "ammo": {w["id"]: name.many(w["ammo_boxes"], "ammo", w["id"]) for w in v["arms"]},
        "notes": name("notes"),
    }


def combatant_sheet(ws: Workspace, e: Entity, weapons: dict[str, Entity]) -> dict[str, Any]:
    """One combatant's play sheet: its view (views/entities.py) and what the page adds."""
    c: Combatant = e.model
    v = combatant_view(c, e.id, weapons)
    names = {e2.id: e2.model.name for e2 in ws.content.of_kind("combatant")}
    arms = [weapon_line(c, weapons[i].model, i) for i in c.weapons if i in weapons]
    v.update(
        owner_name=names.get(c.owner) if c.owner else None,
        size_line=size_line(c.size),
        initiative_rows=initiative_rows(c.values.n),
        phase_boxes=PHASE_BOXES,
        stun_boxes=list(range(c.stun, 0, -1)) if c.stun <= STUN_BOX_MAX else [],
        recover=c.endurance,
        arms=arms,
        missing_weapons=[i for i in c.weapons if i not in weapons],
        tactics=[tactic_line(t, {i: weapons[i].model.name for i in weapons}) for t in c.tactics],
        states=[{"name": n, "effect": x} for n, x in STATES],
        state_columns=columns([{"name": n, "effect": x} for n, x in STATES], 2),
        aim_boxes=max(C.half_down(c.values.pa), C.half_down(c.values.sa)),
    )
    v["fields"] = sheet_fields(v)
    return v


def combatant_sheets_context(ws: Workspace, entities: list[Entity]) -> dict[str, Any]:
    """`99-towers/sheet.html`: a play sheet per combatant; ``title`` is the PDF's title,
    the combatant's name when the book prints one file each (issue #27)."""
    weapons = {e.id: e for e in ws.content.of_kind("weapon")}
    sheets = [combatant_sheet(ws, e, weapons) for e in entities if e.kind == "combatant"]
    return {
        "sheets": sheets,
        "actions": action_rows(),
        "action_columns": columns(action_rows(), ACTION_COLUMNS),
        "shift_extra": T.SHIFT_COMBINATION_EXTRA,
        "oa_cost": T.OPPORTUNITY_ATTACK_COST,
        "title": sheets[0]["name"] if len(sheets) == 1 else None,
    }
