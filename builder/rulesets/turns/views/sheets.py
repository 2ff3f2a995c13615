"""The Turns and Actions combatant sheet a player plays from (issue #27): one page each.

Everything a turn needs, computed here: the 20 AP of a turn as boxes, Health with its
thresholds (danger, KO, death), the pools, evade targets, each weapon's Basic Attack
(AP, hit bonus, damage and crit, element shifts), abilities with their costs and charge,
the element chart seen from the combatant, status rows with their turns, the common
actions. Templates only read; with `fillable: true` the trackers and notes are PDF form
fields named here (``fields``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from builder.render.forms import FieldNames
from builder.rulesets.turns import tables as T
from builder.rulesets.turns.rules import combat as C
from builder.rulesets.turns.views.combatant import combatant_view

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.workspace import Workspace

TRACK_CELLS = 16
HEALTH_WRITE_INS = 5
POOL_BOX_MAX = 30
STATUS_TURNS = 3  # Status Effects: negative ones "last 3 turns at most"
# Status Effects: "The three most common negative ... positive status effects".
NEGATIVE_STATUSES = ("Bleeding", "Poison", "Burning")
POSITIVE_STATUSES = ("Immune", "Restore", "Increase")
STATUS_EFFECTS: dict[str, str] = {
    "Bleeding": "actions cost Health",
    "Poison": "damage at the end of each turn",
    "Burning": "% of max Health at the end of each turn",
    "Immune": "to the effect named",
    "Restore": "recover as specified",
    "Increase": "a score or maximum goes up",
}
BLANK_STATUS_ROWS = 1
# Marks a combatant carries in a fight (Aggro, Stealth, Taunt, Knocked Out).
MARKS: tuple[tuple[str, str], ...] = (
    ("Aggro", "enemies go for you; die with it: +5 on Luck checks for your body"),
    ("Stealth", "every Evasion is 20"),
    ("Taunted", "you go for the taunter"),
    ("Guarding", "+3 every Evasion till your turn"),
    ("KO", "Health 0: out of the fight"),
)


def health_track(max_hp: int, danger: int | None, death: int) -> list[dict[str, Any]]:
    """Marks from max health down to death: a cell per step, coloured by what it means."""
    step = max(1, math.ceil((max_hp - death) / TRACK_CELLS))
    values = list(range(max_hp, death, -step))
    for must in (danger, 0):
        if must is not None and must not in values and death < must <= max_hp:
            values.append(must)
    values = [*sorted(set(values), reverse=True), death]
    out = []
    for v in values:
        if v == death:
            state, note = "dead", "dead"
        elif v <= 0:
            state, note = "ko", "KO" if v == 0 else ""
        elif danger is not None and v <= danger:
            state, note = "danger", "danger" if v == danger else ""
        else:
            state, note = "ok", ""
        out.append({"value": v, "state": state, "note": note})
    return out


def pool_boxes(n: int) -> int | None:
    """Tick boxes for a small pool; None when it is written in numbers instead."""
    return n if 0 < n <= POOL_BOX_MAX else None


def element_lines(element: str) -> dict[str, Any]:
    """The element chart seen from one combatant (R45): whose attacks gain or lose a
    rank against it, and against whom its own-element attacks gain or lose one."""
    mine = element if element in T.ELEMENTS else None

    def by(shift: int, attacking: bool) -> list[str]:
        return [
            e
            for e in T.ELEMENTS
            if mine
            and (C.element_shift(mine, e) if attacking else C.element_shift(e, mine)) == shift
        ]

    return {
        "element": element,
        "hurts_you": by(1, False),
        "eases_on_you": by(-1, False),
        "you_beat": by(1, True),
        "you_weak": by(-1, True),
    }


def attack_line(w: dict[str, Any], scores: dict[str, dict[str, int]], own: str) -> dict[str, Any]:
    """A weapon's Basic Attack for its wielder: AP, the Accuracy added to the hit check,
    damage (rank x the matching Power) and on a natural 20 the crit (rank + 1), and the
    element it hits with (the weapon's, else the wielder's) with the rank shifts (R45)."""
    kind = w["type"] if w["type"] in scores else "melee"
    s = scores[kind]
    element = w["element"] or own
    element = element if element in T.ELEMENTS else None
    rank = w["rank"] or 0
    return {
        **w,
        "ap": (w["use"] or {}).get("ap"),
        "accuracy": s["accuracy"],
        "power": s["power"],
        "damage": C.damage(rank, s["power"]),
        "crit": C.damage(C.crit_score(rank), s["power"]),
        "hit_element": element,
        "up": C.damage(rank + 1, s["power"]),
        "down": C.damage(rank - 1, s["power"]),
        "beats": [e for e in T.ELEMENTS if element and C.element_shift(element, e) > 0],
        "weak": [e for e in T.ELEMENTS if element and C.element_shift(element, e) < 0],
    }


def ability_line(a: dict[str, Any]) -> dict[str, Any]:
    """An ability's costs as the sheet prints them, its charge, its damage by element."""
    use = a.get("use") or {}
    dmg = a.get("damage") or {}
    against = dmg.get("against") or []
    return {
        **a,
        "cost": use.get("text", ""),
        "turns": (a.get("charge") or {}).get("turns"),
        "base": dmg.get("base"),
        "up": next((x["damage"] for x in against if x["shift"] > 0), None),
        "down": next((x["damage"] for x in against if x["shift"] < 0), None),
        "beats": [x["element"] for x in against if x["shift"] > 0],
        "weak": [x["element"] for x in against if x["shift"] < 0],
        "main": (a.get("on_hit") or a.get("effect") or {}).get("resolved", ""),
    }


def status_rows() -> list[dict[str, Any]]:
    """The chapter's six common statuses, then blank rows to write others in."""
    rows = [
        {"name": n, "effect": STATUS_EFFECTS[n], "negative": True, "turns": STATUS_TURNS}
        for n in NEGATIVE_STATUSES
    ]
    rows += [{"name": "", "effect": "", "negative": True, "turns": STATUS_TURNS}] * (
        BLANK_STATUS_ROWS
    )
    rows += [
        {"name": n, "effect": STATUS_EFFECTS[n], "negative": False, "turns": 0}
        for n in POSITIVE_STATUSES
    ]
    return rows


def sheet_fields(v: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """The names of one sheet's form fields (`fillable: true`): Health written in, the
    pools (boxes or written), the turn's AP boxes and charge, statuses (amount and turns;
    a blank row's name too), marks, notes. Stable, unique on the sheet; ``prefix`` (the
    combatant's id) in a book of several sheets, whose fields share one form."""
    name = FieldNames(prefix)
    pools = {}
    for p in v["pools"]:
        key = p["name"].lower()
        pools[key] = name.many(p["boxes"], key, "box") if p["boxes"] else [name(key, "current")]
    statuses = []
    for i, s in enumerate(v["statuses"], start=1):
        word = s["name"] or f"status {i}"
        statuses.append(
            {
                "name": None if s["name"] else name(word, "name"),
                "amount": name(word, "amount"),
                "turns": name.many(s["turns"], word, "turn"),
                "on": None if s["turns"] else name(word, "on"),
            }
        )
    return {
        "health": [name("health_current")]
        + [name("health_current", i) for i in range(2, HEALTH_WRITE_INS + 1)],
        "health_temp": name("health_temporary"),
        "pools": pools,
        "ap": name.many(T.AP_PER_TURN, "ap"),
        "charging": name("charging"),
        "burn": name("burn"),
        "statuses": statuses,
        "marks": {m["name"]: name("mark", m["name"]) for m in v["marks"]},
        "notes": name("notes"),
    }


def combatant_sheet(ws: Workspace, e: Entity, prefix: str = "") -> dict[str, Any]:
    """One combatant's play sheet: its view (views/combatant.py) and what the page adds."""
    v = combatant_view(e.model, ws.content)
    vit = v["vitals"]
    v["health_track"] = health_track(vit["health"], v["danger_threshold"], v["death_at"])
    v["health_write_ins"] = HEALTH_WRITE_INS
    v["pools"] = [
        {"name": name, "max": vit[key], "boxes": pool_boxes(vit[key])}
        for key, name in (("stamina", "Stamina"), ("mana", "Mana"), ("focus", "Focus"))
    ]
    v["attacks"] = [attack_line(w, v["scores"], v["element"]) for w in v["weapons"]]
    v["ability_lines"] = [ability_line(a) for a in v["abilities"]]
    v["elements"] = element_lines(v["element"])
    v["statuses"] = status_rows()
    v["marks"] = [{"name": n, "effect": x} for n, x in MARKS]
    v["ap_per_turn"] = T.AP_PER_TURN
    rewards = getattr(e.model, "rewards", None)
    v["drops"] = rewards.model_dump() if rewards is not None else None
    v["fields"] = sheet_fields(v, prefix)
    rows = [{**s, "names": n} for s, n in zip(v["statuses"], v["fields"]["statuses"], strict=True)]
    v["negative_statuses"] = [r for r in rows if r["negative"]]
    v["positive_statuses"] = [r for r in rows if not r["negative"]]
    return v


def combatant_sheets_context(ws: Workspace, entities: list[Entity]) -> dict[str, Any]:
    """`turns-and-actions/sheets.html`: a play sheet per combatant; ``title`` is the PDF's
    title, the combatant's name when the book prints one file each (issue #27). In a book
    of several combatants each sheet's field names start with the combatant's id."""
    chosen = [e for e in entities if e.kind == "combatant"]
    several = len(chosen) > 1
    sheets = [combatant_sheet(ws, e, e.id if several else "") for e in chosen]
    actions = [{"name": n, "ap": ap, "note": note} for n, ap, note in T.COMMON_ACTIONS]
    return {
        "sheets": sheets,
        "ap_per_turn": T.AP_PER_TURN,
        "actions": actions,
        "title": sheets[0]["name"] if len(sheets) == 1 else None,
    }
