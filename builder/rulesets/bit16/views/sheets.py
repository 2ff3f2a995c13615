"""Context builders of the 16 Bit Tactics books: plain values, every number computed here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from builder.render.forms import FieldNames
from builder.rulesets.bit16.rules import combat, tables
from builder.rulesets.bit16.rules.combat import BANDS, status_rounds
from builder.rulesets.bit16.rules.progression import enemy_xp
from builder.rulesets.bit16.views import compute

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.rulesets.bit16.models.project import HouseRules
    from builder.workspace import Workspace

BAND_LABELS = {"miss": "Miss", "quarter": "¼", "half": "½", "full": "Full", "critical": "Crit"}
# The share of DMG a roll deals (combat.DEALT): the columns of the cards' and sheets' odds.
DEALT_LABELS = ["0", "¼", "½", "1", "×2"]
_CUTS = {"physical": ("EVA", "2DEF", "DEF"), "magical": ("M.Eva", "2M.Def", "M.Def")}


def _percent_rows(
    v: dict[str, Any], kind: str, house: HouseRules | None = None
) -> list[dict[str, Any]]:
    """Each attacker die: % of its rolls by the share of DMG they deal (0, ¼, ½, 1, ×2),
    a Crit doubling its band's share (R47) or dealing ×2 whole (``crit_ignores_bands``),
    and ``mean``, the mean share (``outcomes.*.mean_multiplier``)."""
    if not v.get("outcomes"):
        return []
    cut = tuple(v["thresholds"][label] for label in _CUTS[kind])
    ignores = compute.crit_ignores_bands(house)
    rows = []
    for die in v["outcomes"][kind]:
        c = combat.chances(die, *cut, crit_ignores_bands=ignores)
        cells = [f"{float(c.dealt_chance(x)) * 100:.0f}" for x in combat.DEALT]
        rows.append({"die": die, "cells": cells, "mean": f"{float(c.mean()):.2f}"})
    return rows


def _with_tables(v: dict[str, Any], house: HouseRules | None = None) -> dict[str, Any]:
    return {
        **v,
        "physical_rows": _percent_rows(v, "physical", house),
        "magical_rows": _percent_rows(v, "magical", house),
    }


def crit_rule(house: HouseRules | None) -> str:
    """How a Crit reads in this project: R47, or the house rule that overrides it."""
    if compute.crit_ignores_bands(house):
        return "a Crit (the top face) deals double DMG whatever the bands (house rule)"
    return "a Crit (the top face) doubles DMG and still meets the bands (R47)"


def _base(house: HouseRules | None = None) -> dict[str, Any]:
    return {
        "bands": [BAND_LABELS[b] for b in BANDS],
        "dealt": DEALT_LABELS,
        "crit_rule": crit_rule(house),
    }


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
    unarmed = {"name": "Unarmed", "range": combat.weapon_range("melee", None), "type": "melee"}
    for w in [w for w in v["equipment"] if w["type"] != "ammo"] or [unarmed]:
        rows.append(
            {"name": f"Fight: {w['name']}", "die": v["atk"], "weapon_die": w.get("atk"),
             "damage": v["dmg"], "crit": v["dmg"] * 2, "range": w["range"],
             "range_above": w.get("range_from_above"), "kind": "physical"}
        )  # fmt: skip
    rows.append(
        {"name": "Magic (spell)", "die": v["matk"], "weapon_die": None, "damage": v["mdmg"],
         "crit": v["mdmg"] * 2, "range": None, "range_above": None, "kind": "magical"}
    )  # fmt: skip
    return rows


def _sheet(v: dict[str, Any], house: HouseRules | None = None) -> dict[str, Any]:
    """A character view with what its one-page play sheet adds (issue #27)."""
    negative = [n for n, kind, _ in tables.STATUSES if kind == "negative"]
    positive = [n for n, kind, _ in tables.STATUSES if kind == "positive"]
    return {
        **_with_tables(v, house),
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
    house = ws.settings
    views = [_sheet(compute.character_view(ws.content, e, house), house) for e in entities]
    track = [{"n": n, "mark": n == tables.LIMIT_USABLE} for n in range(0, tables.LIMIT_MAX + 1)]
    title = views[0]["name"] if len(views) == 1 else None
    return {**_base(house), "characters": views, "limit_track": track, "title": title}


def job_sheets_context(ws: Workspace, entities: Sequence[Entity]) -> dict[str, Any]:
    house = ws.settings
    jobs = [_with_tables(compute.job_view(e, house), house) for e in entities]
    return {**_base(house), "jobs": jobs}


def monster_cards_context(ws: Workspace, entities: Sequence[Entity]) -> dict[str, Any]:
    """Monster cards: the % of each attacker die's rolls by the share of DMG it deals
    (``dealt``: 0, ¼, ½, 1, ×2), read by R47 or ``crit_ignores_bands``."""
    house = ws.settings
    return {
        **_base(house),
        "card_bands": DEALT_LABELS,
        "monsters": [_with_tables(compute.monster_view(e, house), house) for e in entities],
    }


def reference_context(ws: Workspace, entities: Sequence[Entity]) -> dict[str, Any]:
    """The one-page table reference: statuses, terrain, facing, XP tables, bands,
    initiative, range and knockback falls."""
    house = ws.settings
    crit = (
        "the die's top face: DMG / M.Dmg doubled, whatever the bands (house rule)"
        if compute.crit_ignores_bands(house)
        else "the die's top face: DMG / M.Dmg doubled; the roll still meets a band below (R47)"
    )
    return {
        **_base(house),
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
        "initiative": list(tables.INITIATIVE),
        "ranges": list(tables.RANGES),
        "knockback": list(tables.KNOCKBACK),
        "band_rules": [
            ("Crit", crit),
            ("Miss", "roll equal to or under EVA (M.Eva): 0 damage, no effects"),
            ("¼", "roll equal to or under 2DEF (2M.Def, R37): quarter damage, no status"),
            ("½", "roll equal to or under DEF (M.Def): half damage, half duration"),
            ("Full", "any higher roll"),
        ],
    }
