"""What 99 Towers adds to `zodiac export`: stat blocks, CSV tables, JSON promises.

Registered as ``RULESET.exports``. The numbers come from the `show` views (the JSON
`zodiac show --format json` prints); the one number `show` leaves to the table, where a
combatant starts on the Combat Clock, is the chapter's own function
(``rules.combat.start_phase``) at a King flipped, the chapter's example card.

- Markdown: a combatant's block has its Combat Values as the table, STUN and LETHAL
  with the LETHAL thresholds, its start phase and its attacks by Hearts; a weapon's has
  its profile and range bands.
- CSV: ``combatant.csv`` and ``weapon.csv``, one row per entity: a combatant's LETHAL
  bands (disabled, dying, dead), start phase, aim limits and STUN/LETHAL by Hearts; a
  weapon's range increment and the last space of each range band.
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

KINDS = ("combatant", "weapon")
VALUES = ("n", "pa", "sa", "pd", "id", "px", "spd", "er", "ir")  # the Combat Values
# "He keeps the King (value 13)": the chapter's example card (Entering Combat). Where a
# combatant starts with any other card is 13 minus that card later (and 20 at most).
KING = 13
MODIFIERS = ("none", "shift-1", "flip-1", "shift-1 flip-1")  # Range Modifiers, in order


# --------------------------------------------------------------------------- JSON Schema

_INT = {"type": "integer"}
_INT_OR_NULL = {"type": ["integer", "null"]}
_NAME = {"type": "string", "minLength": 1}
_TEXT_OR_NULL = {"type": ["string", "null"]}
_INTS = {"type": "array", "items": _INT}
_STRINGS = {"type": "array", "items": {"type": "string"}}


def _object(required: dict[str, Any], description: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object", "required": list(required), "properties": required}
    if description:
        out["description"] = description
    return out


_BAND = _object(
    {"from": _INT, "to": _INT, "modifier": {"enum": list(MODIFIERS)}},
    "A range band in spaces and its PA penalty (Range Modifiers).",
)
_SCHEMAS: dict[str, dict[str, Any]] = {
    "combatant": _object(
        {
            "name": _NAME,
            "size": {"type": "string"},
            "size_rank": _INT,
            "values": _object({k: _INT for k in VALUES}, "The Combat Values."),
            "strength": _object({"soft": _INT, "hard": _INT}),
            "endurance": _INT,
            "stun": _INT,
            "lethal": _INT,
            "dead_at": _INT,
            "lethal_track": {
                "type": "array",
                "items": _object(
                    {
                        "value": _INT,
                        "state": {"enum": ["healthy", "wounded", "disabled", "dying", "dead"]},
                    }
                ),
            },
            "immunities": _STRINGS,
            "susceptibilities": _STRINGS,
            "owner": _TEXT_OR_NULL,
            "attacks": {
                "type": "array",
                "items": _object(
                    {
                        "weapon": {"type": "string"},
                        "stun_by_hearts": _INTS,
                        "lethal_by_hearts": _INTS,
                    },
                    "STUN and LETHAL a hit deals with 0-3 Hearts (resilience 0).",
                ),
            },
            "aim_limit": _object({"pa": _INT, "sa": _INT}, "Aim: half PA or SA, down."),
        },
        "A combatant as `zodiac show --format json` prints it.",
    ),
    "weapon": _object(
        {
            "name": _NAME,
            "type": {"type": "string"},
            "thrown": {"type": "boolean"},
            "attack": {"enum": ["pa", "sa"]},
            "attack_bonus": _INT,
            "damage": _INT,
            "px_adds": {"type": "boolean"},
            "damage_category": {"type": "string"},
            "range_increment": _INT_OR_NULL,
            "shots": _INT_OR_NULL,
            "cost": _INT_OR_NULL,
            "weight": {"type": ["number", "null"]},
            "keywords": _STRINGS,
            "range_bands": {"type": "array", "items": _BAND},
        },
        "A weapon profile as `zodiac show --format json` prints it (R41).",
    ),
}


# --------------------------------------------------------------------------- the numbers


def start_phases(d: dict[str, Any]) -> tuple[int, int]:
    """The phase a combatant first acts in with a King flipped, and when surprised."""
    from builder.rulesets.towers99.rules.combat import start_phase

    initiative = KING + int(d["values"]["n"])
    return start_phase(initiative), start_phase(initiative, surprised=True)


def _first(track: Sequence[dict[str, Any]], state: str) -> int | None:
    """The highest LETHAL value in ``state`` on the track (None when it has none)."""
    return next((box["value"] for box in track if box["state"] == state), None)


def _hits(d: dict[str, Any], attack: dict[str, Any]) -> str:
    """``Ember Wand: 6/0, 7/1, 8/2, 9/3`` (STUN/LETHAL with 0-3 Hearts)."""
    names = {w["id"]: w["name"] for w in d.get("weapons") or []}
    pairs = zip(attack["stun_by_hearts"], attack["lethal_by_hearts"], strict=True)
    return f"{names.get(attack['weapon'], attack['weapon'])}: " + ", ".join(
        f"{s}/{le}" for s, le in pairs
    )


def _band_ends(d: dict[str, Any]) -> list[int | None]:
    """The last space of each range band, by modifier (None: no such band)."""
    ends = {b["modifier"]: b["to"] for b in d.get("range_bands") or []}
    return [ends.get(m) for m in MODIFIERS]


# --------------------------------------------------------------------------- Markdown


def markdown(ws: Workspace, entity: Entity, shown: Shown) -> str | None:
    """A combatant's or weapon's stat block."""
    if entity.kind == "combatant":
        return _combatant_block(shown.json)
    if entity.kind == "weapon":
        return _weapon_block(shown.json)
    return None


def _combatant_block(d: dict[str, Any]) -> str:
    start, surprised = start_phases(d)
    track = d.get("lethal_track") or []
    aim = d.get("aim_limit") or {}
    head = [
        ("STUN", str(d["stun"])),
        (
            "LETHAL",
            f"{d['lethal']} (disabled at {_first(track, 'disabled')}, dying below, "
            f"dead at {d['dead_at']})",
        ),
        ("Strength", f"soft {d['strength']['soft']}, hard {d['strength']['hard']}"),
        ("Endurance", str(d["endurance"])),
    ]
    more = [
        ("Start phase", f"{start} with a King flipped ({surprised} when surprised)"),
        ("Aim at most", f"{aim.get('pa')} (PA), {aim.get('sa')} (SA)"),
        ("Immunities", ", ".join(d.get("immunities") or [])),
        ("Susceptibilities", ", ".join(d.get("susceptibilities") or [])),
        ("Companion of", d.get("owner") or ""),
    ]
    profiles = {w["id"]: w for w in d.get("weapons") or []}
    attacks = []
    for a in d.get("attacks") or []:
        name, _, hits = _hits(d, a).partition(": ")
        profile = (profiles.get(a["weapon"]) or {}).get("profile") or ""
        text = f"STUN/LETHAL by Hearts 0-3: {hits}" if hits else "no profile"
        attacks.append((name, f"{profile}; {text}" if profile else text))
    return stat_block(
        d["name"],
        f"{str(d['size']).title()} combatant (Size Rank {d['size_rank']})",
        [head, more],
        stats={k: d["values"][k] for k in VALUES},
        sections=[("Attacks", attacks)],
        prose=[d["description"]] if d.get("description") else [],
    )


def _weapon_block(d: dict[str, Any]) -> str:
    head = [
        ("Attack", d.get("attack_text") or ""),
        ("Damage", d.get("damage_text") or ""),
        ("Range increment", "" if d.get("range_increment") is None else str(d["range_increment"])),
        ("Shots", "" if d.get("shots") is None else str(d["shots"])),
        ("Cost", f"${d['cost']}" if d.get("cost") is not None else ""),
        ("Weight", f"{d['weight']:g} lbs." if d.get("weight") is not None else ""),
        ("Keywords", ", ".join(d.get("keywords") or [])),
    ]
    bands = d.get("range_bands") or []
    rows = [(f"{b['from']}-{b['to']} spaces", b["modifier"]) for b in bands]
    if bands:
        rows.append((f"{bands[-1]['to'] + 1}+ spaces", "impossible"))
    kind = str(d.get("type") or "") + (" (thrown)" if d.get("thrown") else "")
    return stat_block(
        d["name"],
        f"{kind} weapon".strip(),
        [head],
        sections=[("Range bands", rows)],
        prose=[d["description"]] if d.get("description") else [],
    )


# --------------------------------------------------------------------------- CSV

_COMBATANT_COLUMNS = (
    *("id", "name", "size", "size rank"),
    *(k.upper() for k in VALUES),
    *("soft strength", "hard strength", "endurance", "STUN", "LETHAL"),
    *("disabled at", "dying from", "dead at"),
    *("start phase (King)", "start phase surprised (King)", "aim PA", "aim SA"),
    *("immunities", "susceptibilities", "companion of", "companion type"),
    *("weapons", "STUN/LETHAL by Hearts 0-3"),
)


def _combatant_row(d: dict[str, Any]) -> list[Any]:
    track = d.get("lethal_track") or []
    start, surprised = start_phases(d)
    aim = d.get("aim_limit") or {}
    return [
        d.get("id"),
        d["name"],
        d["size"],
        d["size_rank"],
        *(d["values"][k] for k in VALUES),
        d["strength"]["soft"],
        d["strength"]["hard"],
        d["endurance"],
        d["stun"],
        d["lethal"],
        _first(track, "disabled"),
        _first(track, "dying"),
        d["dead_at"],
        start,
        surprised,
        aim.get("pa"),
        aim.get("sa"),
        "; ".join(d.get("immunities") or []),
        "; ".join(d.get("susceptibilities") or []),
        d.get("owner"),
        d.get("companion_type"),
        "; ".join(w["name"] for w in d.get("weapons") or []),
        "; ".join(_hits(d, a) for a in d.get("attacks") or []),
    ]


_WEAPON_COLUMNS = (
    *("id", "name", "type", "thrown", "attack", "attack bonus", "damage", "PX adds"),
    *("damage category", "damage type", "range increment", "thrown range", "shots"),
    *("cost", "weight", "keywords"),
    *(f"{m} to (spaces)" for m in MODIFIERS),
)


def _weapon_row(d: dict[str, Any]) -> list[Any]:
    return [
        d.get("id"),
        d["name"],
        d["type"],
        d["thrown"],
        str(d["attack"]).upper(),
        d["attack_bonus"],
        d["damage"],
        d["px_adds"],
        d.get("damage_category"),
        d.get("damage_type"),
        d.get("range_increment"),
        d.get("thrown_range"),
        d.get("shots"),
        d.get("cost"),
        d.get("weight"),
        "; ".join(d.get("keywords") or []),
        *_band_ends(d),
    ]


_ROWS = {
    "combatant": (_COMBATANT_COLUMNS, _combatant_row),
    "weapon": (_WEAPON_COLUMNS, _weapon_row),
}


def tables(ws: Workspace, entities: Sequence[Entity]) -> list[Table]:
    """One table per kind with entities: a row of computed numbers per entity."""
    out = []
    for kind in KINDS:
        members = [e for e in entities if e.kind == kind]
        view = ws.rule_set.show_for(kind)
        if not members or view is None:
            continue
        columns, row = _ROWS[kind]
        out.append(Table(kind, columns, [row(view(ws, e).json) for e in members]))
    return out


EXPORTS = RuleSetExports(markdown=markdown, tables=tables, schemas=_SCHEMAS)
