"""Context builders of the 16 Bit Tactics books: plain values, every number computed here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from builder.render.forms import FieldNames
from builder.rulesets.bit16.rules import tables
from builder.rulesets.bit16.rules.combat import BANDS, status_rounds
from builder.rulesets.bit16.rules.progression import enemy_xp
from builder.rulesets.bit16.views import compute

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.workspace import Workspace

BAND_LABELS = {"miss": "Miss", "quarter": "¼", "half": "½", "full": "Full", "critical": "Crit"}


def _percent_rows(outcomes: dict[str, Any] | None, kind: str) -> list[dict[str, Any]]:
    if not outcomes:
        return []
    return [
        {"die": die, "cells": [f"{bands[b] * 100:.0f}" for b in BANDS]}
        for die, bands in outcomes[kind].items()
    ]


def _with_tables(v: dict[str, Any]) -> dict[str, Any]:
    return {
        **v,
        "physical_rows": _percent_rows(v.get("outcomes"), "physical"),
        "magical_rows": _percent_rows(v.get("outcomes"), "magical"),
    }


def _base() -> dict[str, Any]:
    return {"bands": [BAND_LABELS[b] for b in BANDS]}


def quarter_marks(top: int | None) -> list[str]:
    """What a pool holds at 3/4, 1/2 and 1/4 (rounded down, R1), printed under the
    pencil bar of the sheet: the bar fills from the left as the pool drains."""
    if not top:
        return []
    return [str(top * q // 4) for q in (3, 2, 1)]


def _attacks(v: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per way to hurt: Fight with each weapon (ATK, DMG), Magic (M.Atk, M.Dmg);
    a Crit (the die's top face, R47) doubles the damage; the bands are the target's."""
    rows = []
    for w in v["equipment"] or [{"name": "Unarmed", "range": 1, "type": "melee"}]:
        rng = w.get("range") if w.get("range") is not None else 1
        rows.append(
            {"name": f"Fight: {w['name']}", "die": v["atk"], "weapon_die": w.get("atk"),
             "damage": v["dmg"], "crit": v["dmg"] * 2, "range": rng, "kind": "physical"}
        )  # fmt: skip
    rows.append(
        {"name": "Magic (spell)", "die": v["matk"], "weapon_die": None, "damage": v["mdmg"],
         "crit": v["mdmg"] * 2, "range": None, "kind": "magical"}
    )  # fmt: skip
    return rows


def _sheet(v: dict[str, Any]) -> dict[str, Any]:
    """A character view with what its one-page play sheet adds (issue #27)."""
    negative = [n for n, kind, _ in tables.STATUSES if kind == "negative"]
    positive = [n for n, kind, _ in tables.STATUSES if kind == "positive"]
    return {
        **_with_tables(v),
        "hp_marks": quarter_marks(v["hp"]),
        "mp_marks": quarter_marks(v["mp"]),
        "attacks": _attacks(v),
        "statuses": {"negative": negative, "positive": positive},
        "status_effects": [{"name": n, "effect": e} for n, _, e in tables.STATUSES],
        "combo_note": f"+{v['combo_bonus']} DMG/M.Dmg ({tables.COMBO_PER_LEVEL} × LV)",
        "fields": sheet_fields(negative + positive),
    }


WRITE_INS = 4  # current-value boxes under HP and under MP


def sheet_fields(statuses: list[str]) -> dict[str, Any]:
    """The names of the sheet's form fields (`fillable: true`, issue #27): HP and MP
    written in (``hp_current``, ``hp_current_2`` ...), the Limit gauge's boxes
    (``limit_0`` ... ``limit_20``), the statuses (``status_sap``), notes."""
    name = FieldNames()
    return {
        "hp": [name("hp_current")] + [name("hp_current", i) for i in range(2, WRITE_INS + 1)],
        "mp": [name("mp_current")] + [name("mp_current", i) for i in range(2, WRITE_INS + 1)],
        "limit": [name("limit", n) for n in range(0, tables.LIMIT_MAX + 1)],
        "status": {s: name("status", s) for s in statuses},
        "notes": name("notes"),
    }


def character_sheets_context(ws: Workspace, entities: Sequence[Entity]) -> dict[str, Any]:
    """`16-bit-tactics/character.html`: one play sheet a character; `title` is the PDF's
    title, the character's name when the book prints one file each (issue #27)."""
    views = [_sheet(compute.character_view(ws.content, e)) for e in entities]
    track = [{"n": n, "mark": n == tables.LIMIT_USABLE} for n in range(0, tables.LIMIT_MAX + 1)]
    title = views[0]["name"] if len(views) == 1 else None
    return {**_base(), "characters": views, "limit_track": track, "title": title}


def job_sheets_context(ws: Workspace, entities: Sequence[Entity]) -> dict[str, Any]:
    return {**_base(), "jobs": [_with_tables(compute.job_view(e)) for e in entities]}


def monster_cards_context(ws: Workspace, entities: Sequence[Entity]) -> dict[str, Any]:
    card_bands = ["0", "¼", "½", "1", "×2"]  # damage dealt: miss, quarter, half, full, crit
    return {
        **_base(),
        "card_bands": card_bands,
        "monsters": [_with_tables(compute.monster_view(e)) for e in entities],
    }


def reference_context(ws: Workspace, entities: Sequence[Entity]) -> dict[str, Any]:
    """The one-page table reference: statuses, terrain, facing, XP tables, bands."""
    return {
        **_base(),
        "statuses": [{"name": n, "kind": k, "effect": e} for n, k, e in tables.STATUSES],
        "terrain": [{"name": n, "cost": c} for n, c in tables.TERRAIN],
        "facing": [{"side": s, "effect": e} for s, e in tables.FACING],
        "enemy_xp": [{"level": lv, "xp": enemy_xp(lv)} for lv in tables.ENEMY_XP],
        "pc_xp": [{"level": lv, "xp": xp} for lv, xp in tables.PC_XP_MIN.items()],
        "status_rounds": [
            {"die": d, "rounds": status_rounds(d), "stop": status_rounds(d, stop=True)}
            for d in tables.STATUS_ROUNDS
        ],
        "limit": {"max": tables.LIMIT_MAX, "usable": tables.LIMIT_USABLE},
        "combo_per_level": tables.COMBO_PER_LEVEL,
        "band_rules": [
            ("Crit", "the die's top face: DMG / M.Dmg doubled"),
            ("Miss", "roll equal to or under EVA (M.Eva): 0 damage, no effects"),
            ("¼", "roll equal to or under 2DEF (2M.Def, R37): quarter damage, no status"),
            ("½", "roll equal to or under DEF (M.Def): half damage, half duration"),
            ("Full", "any higher roll"),
        ],
    }
