"""What Turns and Actions adds to `zodiac export`: stat blocks, CSV tables, JSON promises.

Registered as ``RULESET.exports``. Every number comes from the `show` views (the JSON
`zodiac show --format json` prints), so an export says what `show` and the sheets say:
this module arranges values, it computes no rule.

- Markdown: a combatant's block has its vitals as the table, its thresholds (KO, death,
  danger, befriending, harvest), scores, weapons and abilities resolved for it;
  abilities and weapons use the generic block of ``builder.export``.
- CSV: ``combatant.csv`` (vitals, scores, thresholds), ``ability.csv`` and
  ``weapon.csv`` (costs: AP, Stamina, Mana, Focus, burn, charging turns), and
  ``combatant_abilities.csv``: each ability as its owner uses it, with the accuracy
  bonus and damage its owner's scores give (the numbers the ability cards print).
- JSON Schema: the keys scripts may rely on for each kind; more keys are allowed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from builder.export import RuleSetExports, Table, stat_block

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.views import Shown
    from builder.workspace import Workspace

KINDS = ("combatant", "ability", "weapon")
SCORES = ("melee", "skill", "magic")
VITALS = ("health", "stamina", "mana", "focus")
BEFRIEND = ("full", "3/4", "1/2", "1/4")  # the health a befriending check is made at


# --------------------------------------------------------------------------- JSON Schema

_INT = {"type": "integer"}
_INT_OR_NULL = {"type": ["integer", "null"]}
_NAME = {"type": "string", "minLength": 1}
_TEXT_OR_NULL = {"type": ["string", "null"]}


def _object(required: dict[str, Any], description: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object", "required": list(required), "properties": required}
    if description:
        out["description"] = description
    return out


_USE = {
    "type": ["object", "null"],
    "required": ["text"],
    "properties": {
        "text": {"type": "string"},
        "ap": _INT_OR_NULL,
        "burn": {"type": "boolean"},
        "stamina": _INT_OR_NULL,
        "mana": _INT_OR_NULL,
        "focus": _INT_OR_NULL,
    },
    "description": "A cost as written (`12AP, 4Mna`) and read; `error` when it does not parse.",
}
_SCORE = _object({"accuracy": _INT, "evasion": _INT, "power": _INT})
_ABILITY = _object(
    {
        "name": _NAME,
        "kind": {"const": "ability"},
        "application": {"type": "string"},
        "owner": _TEXT_OR_NULL,
        "use": _USE,
        "charge": {"type": ["object", "null"]},
        "damage": {"type": ["object", "null"]},
    },
    "An ability as `zodiac show --format json` prints it (resolved for its owner in a "
    "combatant's `abilities`).",
)
_WEAPON = _object(
    {
        "name": _NAME,
        "kind": {"const": "weapon"},
        "type": {"type": "string"},
        "weight_class": {"type": "string"},
        "use": _USE,
        "rank": _INT,
        "crit_score": _INT,
        "weight": {"type": ["number", "null"]},
        "element": _TEXT_OR_NULL,
    },
    "A weapon as `zodiac show --format json` prints it.",
)
_SCHEMAS: dict[str, dict[str, Any]] = {
    "ability": _ABILITY,
    "weapon": _WEAPON,
    "combatant": _object(
        {
            "name": _NAME,
            "kind": {"const": "combatant"},
            "side": {"enum": ["player", "monster"]},
            "rank": {"type": "string"},
            "element": {"type": "string"},
            "vitals": _object({k: _INT for k in VITALS}),
            "initiative": _INT,
            "scores": _object({k: _SCORE for k in SCORES}),
            "luck": _INT,
            "ko_at": _INT,
            "death_at": _INT,
            "befriend_dc": _INT_OR_NULL,
            "befriend": {
                "type": "array",
                "items": _object({"health": {"type": "string"}, "hp": _INT, "dc": _INT}),
            },
            "danger_threshold": _INT_OR_NULL,
            "teamwork_count": _INT,
            "pit_damage": _INT,
            "harvest": {"type": ["object", "null"]},
            "weapons": {"type": "array", "items": _WEAPON},
            "abilities": {"type": "array", "items": _ABILITY},
        },
        "A combatant as `zodiac show --format json` prints it.",
    ),
}


# --------------------------------------------------------------------------- Markdown


def _num(value: Any) -> str:
    return "-" if value is None else str(value)


def markdown(ws: Workspace, entity: Entity, shown: Shown) -> str | None:
    """A combatant's stat block; None: the generic block (abilities, weapons)."""
    if entity.kind == "combatant":
        return _combatant_block(shown.json)
    return None


def _ability_line(a: dict[str, Any]) -> str:
    """``10AP; d20 + melee Accuracy vs melee Evasion; Deal 4 damage.``"""
    use = (a.get("use") or {}).get("text")
    acc = a.get("accuracy") or {}
    bits = [
        use,
        acc.get("reads") or acc.get("text"),
        *((a.get(k) or {}).get("resolved") for k in ("on_hit", "effect")),
    ]
    return "; ".join(b for b in bits if b)


def _combatant_block(d: dict[str, Any]) -> str:
    harvest = d.get("harvest")
    head = [
        ("Initiative", _num(d.get("initiative"))),
        ("Luck", _num(d.get("luck"))),
        ("Knocked out at", _num(d.get("ko_at"))),
        ("Death at", _num(d.get("death_at"))),
    ]
    more = [
        (
            "Danger threshold",
            "" if d.get("danger_threshold") is None else str(d["danger_threshold"]),
        ),
        ("Befriend", ", ".join(f"{b['health']}: beat {b['dc']}" for b in d.get("befriend") or [])),
        ("Harvest", f"beat {harvest['score']}: {harvest['loot']}" if harvest else ""),
        ("Bottomless pit", f"{d['pit_damage']} damage" if d.get("pit_damage") is not None else ""),
        ("Teamwork count", _num(d.get("teamwork_count"))),
    ]
    scores = [
        (
            t.title(),
            f"Accuracy {s['accuracy']}, Evasion {s['evasion']}, Power {s['power']}",
        )
        for t, s in (d.get("scores") or {}).items()
    ]
    weapons = [
        (
            w["name"],
            f"rank {w['rank']}, crit {w['crit_score']}, {(w.get('use') or {}).get('text', '')}",
        )
        for w in d.get("weapons") or []
    ]
    abilities = [(a["name"], _ability_line(a)) for a in d.get("abilities") or []]
    bits = [d.get("rank"), d.get("side"), d.get("element")]
    return stat_block(
        d["name"],
        ", ".join(str(b) for b in bits if b),
        [head, more],
        stats={k: (d.get("vitals") or {}).get(k) for k in VITALS},
        sections=[("Scores", scores), ("Weapons", weapons), ("Abilities", abilities)],
        prose=[d["description"]] if d.get("description") else [],
    )


# --------------------------------------------------------------------------- CSV

_COMBATANT_COLUMNS = (
    *("name", "side", "rank", "element", "intelligence"),
    *VITALS,
    *("initiative", "luck"),
    *(f"{t} {s}" for t in SCORES for s in ("accuracy", "evasion", "power")),
    *("KO at", "death at", "danger threshold"),
    *(f"befriend DC at {h} health" for h in BEFRIEND),
    *("harvest score", "harvest loot", "pit damage", "teamwork count"),
    *("weapons", "abilities"),
)


def _combatant_row(d: dict[str, Any]) -> list[Any]:
    vitals = d.get("vitals") or {}
    scores = d.get("scores") or {}
    dcs = {b["health"]: b["dc"] for b in d.get("befriend") or []}
    harvest = d.get("harvest") or {}
    return [
        d["name"],
        d.get("side"),
        d.get("rank"),
        d.get("element"),
        d.get("intelligence"),
        *(vitals.get(k) for k in VITALS),
        d.get("initiative"),
        d.get("luck"),
        *((scores.get(t) or {}).get(s) for t in SCORES for s in ("accuracy", "evasion", "power")),
        d.get("ko_at"),
        d.get("death_at"),
        d.get("danger_threshold"),
        *(dcs.get(h) for h in BEFRIEND),
        harvest.get("score"),
        harvest.get("loot"),
        d.get("pit_damage"),
        d.get("teamwork_count"),
        "; ".join(w["name"] for w in d.get("weapons") or []),
        "; ".join(a["name"] for a in d.get("abilities") or []),
    ]


_COSTS = ("cost", "AP", "stamina", "mana", "focus", "burn (!)")


def _cost_cells(use: dict[str, Any] | None) -> list[Any]:
    use = use or {}
    return [
        use.get("text"),
        use.get("ap"),
        use.get("stamina"),
        use.get("mana"),
        use.get("focus"),
        use.get("burn"),
    ]


_ABILITY_COLUMNS = (
    *("name", "application", "sideboard"),
    *_COSTS,
    *("per battle", "per round", "charge turns", "charging turns"),
    *("range", "targeting", "AoE", "accuracy", "evade", "element"),
    *("damage rank", "crit rank", "damage power", "on hit", "effect"),
)


def _ability_cells(d: dict[str, Any]) -> list[Any]:
    use = d.get("use") or {}
    charge = d.get("charge") or {}
    aoe = d.get("aoe")
    acc = d.get("accuracy") or {}
    damage = d.get("damage") or {}
    return [
        *_cost_cells(d.get("use")),
        use.get("per_battle"),
        use.get("per_round"),
        charge.get("turns"),
        charge.get("charging_turns"),
        d.get("range_reads") or d.get("range_text"),  # words: "=0" is no formula
        d.get("targeting_name"),
        f"{aoe['shape']} {aoe['size']}" if aoe else None,
        acc.get("text"),
        d.get("evade"),
        d.get("element"),
        damage.get("rank"),
        damage.get("crit_rank"),
        damage.get("power"),
        (d.get("on_hit") or {}).get("resolved"),
        (d.get("effect") or {}).get("resolved"),
    ]


def _ability_row(d: dict[str, Any]) -> list[Any]:
    return [d["name"], d.get("application"), d.get("sideboard"), *_ability_cells(d)]


_WEAPON_COLUMNS = (
    *("name", "type", "weight class"),
    *_COSTS,
    *("rank", "crit score", "weight", "element", "range", "attributes"),
)


def _weapon_row(d: dict[str, Any]) -> list[Any]:
    return [
        d["name"],
        d.get("type"),
        d.get("weight_class"),
        *_cost_cells(d.get("use")),
        d.get("rank"),
        d.get("crit_score"),
        d.get("weight"),
        d.get("element"),
        d.get("range"),
        "; ".join(a["text"] for a in d.get("attributes") or []),
    ]


_OWNED_COLUMNS = (
    *("combatant", "ability"),
    *_COSTS,
    *("charge turns", "accuracy bonus", "damage rank", "damage power", "base damage"),
    *("on hit", "effect"),
)


def _owned_rows(d: dict[str, Any]) -> list[list[Any]]:
    """Each of a combatant's abilities with the numbers its scores give it."""
    rows = []
    for a in d.get("abilities") or []:
        damage = a.get("damage") or {}
        rows.append(
            [
                d["name"],
                a["name"],
                *_cost_cells(a.get("use")),
                (a.get("charge") or {}).get("turns"),
                (a.get("accuracy") or {}).get("bonus"),
                damage.get("rank"),
                damage.get("power_score"),
                damage.get("base"),
                (a.get("on_hit") or {}).get("resolved"),
                (a.get("effect") or {}).get("resolved"),
            ]
        )
    return rows


_ROWS = {
    "combatant": (_COMBATANT_COLUMNS, _combatant_row),
    "ability": (_ABILITY_COLUMNS, _ability_row),
    "weapon": (_WEAPON_COLUMNS, _weapon_row),
}


def tables(ws: Workspace, entities: Sequence[Entity]) -> list[Table]:
    """One table per kind with entities, then the combatants' abilities as they use them."""
    out = []
    owned: list[list[Any]] = []
    for kind in KINDS:
        members = [e for e in entities if e.kind == kind]
        view = ws.rule_set.show_for(kind)
        if not members or view is None:
            continue
        columns, row = _ROWS[kind]
        shown = [view(ws, e).json for e in members]
        out.append(Table(kind, columns, [row(d) for d in shown]))
        if kind == "combatant":
            owned = [r for d in shown for r in _owned_rows(d)]
    if owned:
        out.append(Table("combatant_abilities", _OWNED_COLUMNS, owned))
    return out


EXPORTS = RuleSetExports(markdown=markdown, tables=tables, schemas=_SCHEMAS)
