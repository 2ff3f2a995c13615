"""Character sheet contexts: a character view plus what only the sheet needs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.models.base import STAT_NAMES, STATS
from builder.rulesets.zodiac.rules.character import DERIVED_KEYS, DERIVED_LABELS
from builder.rulesets.zodiac.rules.tables import STAT_CAP

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
# Speed Points per round are Speed, plus 1d8 in the first round (Ch. VI Combat Sequence).
FIRST_ROUND_SP_BONUS = 8


def character_sheet_context(ws: Workspace, entities: list[Entity]) -> dict[str, Any]:
    from builder.rulesets.zodiac.views.character import full_character_view

    [entity] = entities
    view = full_character_view(ws, entity)
    data = view.to_json()
    map_combat = ws.ruleset.house.map_combat
    c = entity.model
    data.update(
        player=c.player,
        job_title=c.job_title,
        description=c.description,
        notes=c.notes,
        inventory=list(c.inventory),
        derived_rows=[
            {
                "key": k,
                "label": DERIVED_LABELS[k],
                "value": view.derived[k].value,
                "how": view.derived[k].explain(),
            }
            for k in DERIVED_KEYS
            if map_combat or k not in MAP_COMBAT_ONLY
        ],
        stat_rows=_stat_rows(data["stats"]),
        command=_skill(view.command_skill),
        support=_skill(view.support_skill),
        sp_boxes=view.derived["speed"].value + FIRST_ROUND_SP_BONUS,
        map_combat=_map_block(view.map_combat) if map_combat else None,
        history_pairs=_pairs(data["history"]),
        learning=getattr(c, "learning", None),
    )
    data.update(
        equipment=[_item_row(item) for item in view.equipment],
        attacks=[_attack_row(a) for a in data.get("attacks") or []],
        affinities=_by_kind(data.get("affinities") or {}),
    )
    return {"character": data}


def _item_row(item: Any) -> dict[str, Any]:
    from builder.rulesets.zodiac.views.equipment import bonus_text

    gives = [bonus_text(item.bonus), *item.abilities]
    return {
        "slot": item.slot,
        "name": item.name,
        "level": item.level,
        "summary": ", ".join(g for g in gives if g),
    }


def _attack_row(a: dict[str, Any]) -> dict[str, Any]:
    crit = f"critical on {a['critical']}+"
    if a.get("critical_multiplier", 2) != 2:
        crit += f" (x{a['critical_multiplier']} damage)"
    note = [f"Accuracy {a['accuracy']}", crit]
    if a.get("always_hits"):
        note.insert(0, "always hits (Concentrate)")
    if a.get("element"):
        note.append(str(a["element"]))
    if a.get("long_range"):
        note.append("long range")
    grid = None
    if a.get("range") is not None:  # Map Combat is on (R30)
        from builder.rulesets.zodiac.views.map_combat import attack_note

        grid = attack_note(bool(a.get("long_range")), a["accuracy"])
    return {
        "name": a["name"],
        "line": f"{a['text']} ({a['min']}-{a['max']})",
        "note": " · ".join(note),
        "map": grid,
    }


def _map_block(movement: Any) -> dict[str, Any] | None:
    """Move, Jump, climbing, gaps and the falling table for the sheet (R29)."""
    from builder.rulesets.zodiac.views.map_combat import sheet_block

    return sheet_block(movement) if movement is not None else None


AFFINITY_ORDER = ("weak", "resist", "immune", "absorb")


def _by_kind(affinities: dict[str, str]) -> dict[str, list[str]]:
    """{element: kind} -> {kind: [elements]} in a fixed reading order."""
    out: dict[str, list[str]] = {}
    for kind in (*AFFINITY_ORDER, *sorted(set(affinities.values()) - set(AFFINITY_ORDER))):
        elements = sorted(e for e, k in affinities.items() if k == kind)
        if elements:
            out[kind] = elements
    return out


def _stat_rows(stats: dict[str, int]) -> list[dict[str, Any]]:
    top = max(max(stats.values()), 1)
    scale = max(top, 40)  # small characters still get readable bars
    return [
        {
            "key": s.value,
            "name": STAT_NAMES[s],
            "value": stats[s.value],
            "bar": round(100 * min(stats[s.value], STAT_CAP) / scale, 1),
            "colour": STAT_COLOURS[s.value],
        }
        for s in STATS
    ]


def _pairs(rows: list[Any]) -> list[tuple[Any, Any]]:
    """The level history in two side-by-side halves, so 99 levels fit one page."""
    if len(rows) <= 20:
        return [(r, None) for r in rows]
    half = (len(rows) + 1) // 2
    left, right = rows[:half], rows[half:]
    return [(left[i], right[i] if i < len(right) else None) for i in range(half)]


def _skill(skill: Any) -> dict[str, str] | None:
    return {"name": skill.name, "summary": skill.summary} if skill else None


def blank_sheet_context(ws: Workspace, entities: list[Entity]) -> dict[str, Any]:
    map_combat = ws.ruleset.house.map_combat
    return {
        "derived_labels": [
            DERIVED_LABELS[k] for k in DERIVED_KEYS if map_combat or k not in MAP_COMBAT_ONLY
        ],
        "stat_names": [STAT_NAMES[s] for s in STATS],
        "map_combat": map_combat,
    }
