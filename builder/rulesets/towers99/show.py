"""99 Towers views for `zodiac show`: ``(workspace, entity) -> Shown`` per kind.

The JSON holds the issue's contract keys (weapon ``range_bands``; combatant ``size_rank``,
``dead_at``, ``attacks``) beside the inputs they came from, and each computed number's
breakdown under ``"explain"`` (`show --explain PATH`, `expect:`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.explain import attach
from builder.views import Shown, rows

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.workspace import Workspace


def _bands(bands: list[dict]) -> str:
    return "; ".join(f"{b['from']}-{b['to']} {b['modifier']}" for b in bands)


def show_weapon(ws: Workspace, entity: Entity) -> Shown:
    from builder.rulesets.towers99.views.entities import weapon_terms, weapon_view

    v = weapon_view(entity.model, entity.id)
    about = {
        "Type": v["type"] + (" (thrown)" if v["thrown"] else ""),
        "Attack": v["attack_text"],
        "Damage": v["damage_text"],
        "Range increment": v["range_increment"],
        "Shots": v["shots"],
        "Cost": f"${v['cost']}" if v["cost"] is not None else None,
        "Weight": f"{v['weight']:g} lbs." if v["weight"] is not None else None,
        "Keywords": v["keywords"],
    }
    sections = [("Profile", rows(about))]
    if v["range_bands"]:
        sections.append(
            (
                "Range bands (spaces)",
                [(f"{b['from']}-{b['to']}", b["modifier"]) for b in v["range_bands"]]
                + [(f"{v['range_bands'][-1]['to'] + 1}+", "impossible")],
            )
        )
    return Shown(v["name"], attach(v, weapon_terms(entity.model, v)), sections)


def show_combatant(ws: Workspace, entity: Entity) -> Shown:
    from builder.rulesets.towers99.views.entities import combatant_terms, combatant_view

    weapons = {e.id: e for e in ws.content.of_kind("weapon")}
    v = combatant_view(entity.model, entity.id, weapons)
    vals = v["values"]
    about = {
        "Size": f"{v['size']} (Size Rank {v['size_rank']})",
        "Companion of": v["owner"],
        "Initiative [N]": vals["n"],
        "Combat Values": (
            f"PA {vals['pa']}, SA {vals['sa']}, PD {vals['pd']}, ID {vals['id']}, "
            f"PX {vals['px']}, SPD {vals['spd']}, ER {vals['er']}, IR {vals['ir']}"
        ),
        "Strength": f"soft {v['strength']['soft']}, hard {v['strength']['hard']}",
        "STUN": v["stun"],
        "LETHAL": f"{v['lethal']} (disabled at 0, dying below, dead at {v['dead_at']})",
        "Immunities": v["immunities"],
        "Susceptibilities": v["susceptibilities"],
        "Resilience": (
            f"Physical STUN less ER {vals['er']}, Arcane less IR {vals['ir']}, at least 1"
        ),
        "Grapple": (
            f"test {v['grapple']['attack']} (PA + size), defend {v['grapple']['defense']} "
            f"(PD + size), reverse {v['grapple']['reverse']} (HS + size, flip-1)"
        ),
        "Squeeze / Slam": f"{v['grapple']['squeeze']} base damage against Medium or smaller",
        "Off hand (flip-1)": ", ".join(f"{o['weapon']} {o['cards']} cards" for o in v["off_hand"]),
        "Dual-wield": (
            f"aggressive PA {v['dual_wield']['aggressive']['pa']} PD "
            f"{v['dual_wield']['aggressive']['pd']}, defensive PA "
            f"{v['dual_wield']['defensive']['pa']} PD {v['dual_wield']['defensive']['pd']}"
            if v["dual_wield"]
            else None
        ),
        "LETHAL back": f"1 per 8 hours' rest: {v['lethal_rest_hours']} hours from 0",
        "Aim at most": f"{v['aim_limit']['pa']} (PA), {v['aim_limit']['sa']} (SA)",
        "First acts (King flipped)": (
            f"phase {v['start_phase']['phase']} (surprised: {v['start_phase']['surprised']})"
        ),
    }
    attacks = [
        (
            a["weapon"],
            "STUN/LETHAL by Hearts 0-3: "
            + ", ".join(
                f"{s}/{le}"
                for s, le in zip(a["stun_by_hearts"], a["lethal_by_hearts"], strict=True)
            ),
        )
        for a in v["attacks"]
    ]
    data = attach(v, combatant_terms(entity.model, v, weapons))
    return Shown(v["name"], data, [("Combatant", rows(about)), ("Attacks (resilience 0)", attacks)])
