"""Context builders of the 16 Bit Tactics books: plain values, every number computed here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

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


def character_sheets_context(ws: Workspace, entities: Sequence[Entity]) -> dict[str, Any]:
    views = [_with_tables(compute.character_view(ws.content, e)) for e in entities]
    track = [{"n": n, "mark": n == tables.LIMIT_USABLE} for n in range(0, tables.LIMIT_MAX + 1)]
    return {**_base(), "characters": views, "limit_track": track}


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
