"""What 16 Bit Tactics adds to `zodiac export`: stat blocks, CSV tables, JSON promises.

Registered as ``RULESET.exports``. Every number comes from the `show` views (the JSON
`zodiac show --format json` prints), so an export says what `show` and the sheets say:
this module arranges values, it computes no rule.

- Markdown: characters, monsters and jobs get a Homebrewery V3 stat block (HP, MP, DMG
  and M.Dmg as its table, the attack dice and threshold bands as its lines, then the
  abilities); weapons use the generic block of ``builder.export``.
- CSV: one ``<kind>.csv`` per kind, one row per entity with its computed numbers (a
  character's HP/MP/DMG/M.Dmg from its level history, R38; the primary job's bands).
- JSON Schema: the keys scripts may rely on for each kind; more keys are allowed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from builder.export import RuleSetExports, Table, stat_block
from builder.rulesets.bit16.rules.tables import SKILL_DICE

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.views import Shown
    from builder.workspace import Workspace

KINDS = ("character", "job", "monster", "weapon")
# The threshold bands in the text's stat block order (Making an Attack).
THRESHOLDS = ("EVA", "2DEF", "DEF", "M.Eva", "2M.Def", "M.Def")
SKILLS = ("might", "agility", "lore", "charm")
STATS = {"hp": "HP", "mp": "MP", "dmg": "DMG", "mdmg": "M.Dmg"}


# --------------------------------------------------------------------------- JSON Schema

_INT = {"type": "integer"}
_INT_OR_NULL = {"type": ["integer", "null"]}
_TEXT = {"type": "string"}
_TEXT_OR_NULL = {"type": ["string", "null"]}
_NAME = {"type": "string", "minLength": 1}
_DIE = {"enum": ["d4", "d6", "d8", "d10", "d12"]}
_DIE_OR_NULL = {"enum": ["d4", "d6", "d8", "d10", "d12", None]}


def _object(required: dict[str, Any], description: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object", "required": list(required), "properties": required}
    if description:
        out["description"] = description
    return out


_THRESHOLDS = _object({k: _INT for k in THRESHOLDS}, "The threshold bands (Making an Attack).")
_ABILITY = _object(
    {"name": _NAME, "type": {"enum": ["ability", "spell"]}, "ap": _INT, "mp": _INT_OR_NULL},
    "An ability or spell; a spell's MP is its AP unless written (Spells).",
)
_ABILITIES = {"type": "array", "items": _ABILITY}
_BLOCK = {  # the stat block every job, monster and character carries
    "atk": _DIE,
    "matk": _DIE,
    "thresholds": _THRESHOLDS,
    "mov": _INT,
    "jump": _INT,
    "status_rounds": _INT,
}

_SCHEMAS: dict[str, dict[str, Any]] = {
    "character": _object(
        {
            "name": _NAME,
            "level": _INT,
            "xp": _INT,
            "xp_to_next_level": _INT_OR_NULL,
            **{k: _INT for k in STATS},
            "combo_bonus": _INT,
            "skills": _object({k: {"enum": list(SKILL_DICE)} for k in SKILLS}),  # L133
            "primary_job": _TEXT,
            "secondary_job": _TEXT_OR_NULL,
            "atk": _DIE_OR_NULL,
            "matk": _DIE_OR_NULL,
            "thresholds": {"type": "object", "additionalProperties": _INT},
            "mov": _INT_OR_NULL,
            "jump": _INT_OR_NULL,
            "status_rounds": _INT_OR_NULL,
            "jobs": {
                "type": "object",
                "additionalProperties": _object({"ap_earned": _INT, "ap_spent": _INT}),
            },
            "abilities": _ABILITIES,
            "limit": _object({"max": _INT, "usable_from": _INT}),
        },
        "A character as `zodiac show --format json` prints it: HP, MP, DMG and M.Dmg "
        "summed over its level history (R38), the primary job's stat block.",
    ),
    "job": _object(
        {
            "name": _NAME,
            "per_level": _object({k: _INT for k in STATS}),
            **_BLOCK,
            "abilities": _ABILITIES,
            "spells": _ABILITIES,
        },
        "A job as `zodiac show --format json` prints it.",
    ),
    "monster": _object(
        {
            "name": _NAME,
            "level": _INT,
            "xp": _INT,
            "ap": _INT,
            **{k: _INT for k in STATS},
            **_BLOCK,
            "combo_bonus": _INT,
            "abilities": _ABILITIES,
        },
        "A monster as `zodiac show --format json` prints it.",
    ),
    "weapon": _object(
        {
            "name": _NAME,
            "type": _TEXT,
            "atk": _DIE_OR_NULL,
            "ammo": _TEXT_OR_NULL,
            "range": _INT_OR_NULL,
        },
        "A weapon as `zodiac show --format json` prints it.",
    ),
}


# --------------------------------------------------------------------------- Markdown


def _num(value: Any) -> str:
    return "-" if value is None else str(value)


def _bands(thresholds: dict[str, Any]) -> list[tuple[str, str]]:
    """``Defense :: EVA 1, 2DEF 2, DEF 4`` and its magical twin."""
    physical = ", ".join(f"{k} {thresholds[k]}" for k in THRESHOLDS[:3] if k in thresholds)
    magical = ", ".join(f"{k} {thresholds[k]}" for k in THRESHOLDS[3:] if k in thresholds)
    return [("Defense", physical), ("Magic Defense", magical)]


def _cost(a: dict[str, Any]) -> str:
    """``5 AP, RNG 4``: what an ability costs and reaches."""
    bits = [f"{a['ap']} AP"]
    if a.get("mp") is not None:
        bits.append(f"{a['mp']} MP")
    if a.get("range") is not None:
        bits.append(f"RNG {a['range']}")
    if a.get("ae") is not None:
        bits.append(f"AE {a['ae']}")
    return ", ".join(bits)


def _ability_text(a: dict[str, Any]) -> str:
    return _cost(a) + (f": {a['effect']}" if a.get("effect") else "")


def _abilities(items: Sequence[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(a["name"], _ability_text(a)) for a in items]


def _table(d: dict[str, Any]) -> dict[str, Any]:
    return {label: _num(d.get(key)) for key, label in STATS.items()}


def markdown(ws: Workspace, entity: Entity, shown: Shown) -> str | None:
    """A character's, monster's or job's stat block; None: the generic block (weapons)."""
    d = shown.json
    if entity.kind == "character":
        return _character_block(d)
    if entity.kind == "monster":
        return _monster_block(d)
    if entity.kind == "job":
        return _job_block(d)
    return None


def _attack_lines(d: dict[str, Any]) -> list[tuple[str, str]]:
    return [
        ("Attack", f"ATK {_num(d.get('atk'))}, M.Atk {_num(d.get('matk'))}"),
        *_bands(d.get("thresholds") or {}),
        ("Move", f"MOV {_num(d.get('mov'))}, Jump {_num(d.get('jump'))}"),
    ]


def _character_block(d: dict[str, Any]) -> str:
    jobs = " / ".join(j for j in (d.get("primary_job"), d.get("secondary_job")) if j)
    xp = _num(d.get("xp"))
    if d.get("xp_to_next_level") is not None:
        xp += f" ({d['xp_to_next_level']} to next level)"
    limit = d.get("limit") or {}
    more = [
        ("Experience", xp),
        ("Combo bonus", _num(d.get("combo_bonus"))),
        ("Status rounds", _num(d.get("status_rounds"))),
        (
            "Limit",
            f"0-{_num(limit.get('max'))}, a Limit Attack from {_num(limit.get('usable_from'))}",
        ),
        ("Skills", ", ".join(f"{k} {v}" for k, v in (d.get("skills") or {}).items())),
    ]
    ledger = [
        (job, f"{j['ap_earned']} AP earned, {j['ap_spent']} spent")
        for job, j in (d.get("jobs") or {}).items()
    ]
    return stat_block(
        d["name"],
        f"Level {d['level']} character" + (f", {jobs}" if jobs else ""),
        [_attack_lines(d), more],
        stats=_table(d),
        sections=[
            ("Abilities", _abilities(d.get("abilities") or [])),
            ("Jobs", ledger),
            (
                "Equipment",
                [(w["name"], str(w.get("type") or "")) for w in d.get("equipment") or []],
            ),
        ],
        prose=[d["description"]] if d.get("description") else [],
    )


def _monster_block(d: dict[str, Any]) -> str:
    more = [
        ("Rewards", f"{_num(d.get('xp'))} XP, {_num(d.get('ap'))} AP"),
        ("Combo bonus", _num(d.get("combo_bonus"))),
        ("Status rounds", _num(d.get("status_rounds"))),
    ]
    return stat_block(
        d["name"],
        f"Level {d['level']} monster",
        [_attack_lines(d), more],
        stats=_table(d),
        sections=[("Abilities", _abilities(d.get("abilities") or []))],
        prose=[d["description"]] if d.get("description") else [],
    )


def _job_block(d: dict[str, Any]) -> str:
    more = [("Status rounds", _num(d.get("status_rounds")))]
    return stat_block(
        d["name"],
        "job (HP, MP, DMG and M.Dmg gained per level)",
        [_attack_lines(d), more],
        stats=_table(d.get("per_level") or {}),
        sections=[
            ("Abilities", _abilities(d.get("abilities") or [])),
            ("Spells", _abilities(d.get("spells") or [])),
        ],
        prose=[d["description"]] if d.get("description") else [],
    )


# --------------------------------------------------------------------------- CSV


def _names(items: Sequence[dict[str, Any]]) -> str:
    return "; ".join(f"{a['name']} ({_cost(a)})" for a in items)


def _threshold_cells(d: dict[str, Any]) -> list[Any]:
    bands = d.get("thresholds") or {}
    return [bands.get(k) for k in THRESHOLDS]


_BLOCK_COLUMNS = ("ATK", "M.Atk", *THRESHOLDS, "MOV", "Jump", "status rounds")


def _block_cells(d: dict[str, Any]) -> list[Any]:
    return [
        d.get("atk"),
        d.get("matk"),
        *_threshold_cells(d),
        d.get("mov"),
        d.get("jump"),
        d.get("status_rounds"),
    ]


def _character_row(d: dict[str, Any]) -> list[Any]:
    skills = d.get("skills") or {}
    limit = d.get("limit") or {}
    jobs = d.get("jobs") or {}
    return [
        d.get("id"),
        d["name"],
        d["level"],
        d["xp"],
        d.get("xp_to_next_level"),
        d.get("primary_job"),
        d.get("secondary_job"),
        *(d.get(k) for k in STATS),
        *_block_cells(d),
        d.get("combo_bonus"),
        limit.get("max"),
        limit.get("usable_from"),
        *(skills.get(k) for k in SKILLS),
        sum(j["ap_earned"] for j in jobs.values()),
        sum(j["ap_spent"] for j in jobs.values()),
        _names(d.get("abilities") or []),
        "; ".join(w["name"] for w in d.get("equipment") or []),
    ]


_CHARACTER_COLUMNS = (
    *("id", "name", "level", "XP", "XP to next level", "primary job", "secondary job"),
    *STATS.values(),
    *_BLOCK_COLUMNS,
    *("combo bonus", "Limit max", "Limit usable from"),
    *SKILLS,
    *("AP earned", "AP spent", "abilities in use", "equipment"),
)


def _job_row(d: dict[str, Any]) -> list[Any]:
    per = d.get("per_level") or {}
    return [
        d.get("id"),
        d["name"],
        *(per.get(k) for k in STATS),
        *_block_cells(d),
        _names(d.get("abilities") or []),
        _names(d.get("spells") or []),
    ]


_JOB_COLUMNS = (
    *("id", "name"),
    *(f"{label} per level" for label in STATS.values()),
    *_BLOCK_COLUMNS,
    *("abilities", "spells"),
)


def _monster_row(d: dict[str, Any]) -> list[Any]:
    return [
        d.get("id"),
        d["name"],
        d["level"],
        d.get("xp"),
        d.get("ap"),
        *(d.get(k) for k in STATS),
        *_block_cells(d),
        d.get("combo_bonus"),
        _names(d.get("abilities") or []),
    ]


_MONSTER_COLUMNS = (
    *("id", "name", "level", "XP", "AP"),
    *STATS.values(),
    *_BLOCK_COLUMNS,
    *("combo bonus", "abilities"),
)


def _weapon_row(d: dict[str, Any]) -> list[Any]:
    return [d.get("id"), d["name"], d.get("type"), d.get("atk"), d.get("ammo"), d.get("range")]


_ROWS = {
    "character": (_CHARACTER_COLUMNS, _character_row),
    "job": (_JOB_COLUMNS, _job_row),
    "monster": (_MONSTER_COLUMNS, _monster_row),
    "weapon": (("id", "name", "type", "ATK", "ammo", "RNG"), _weapon_row),
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
