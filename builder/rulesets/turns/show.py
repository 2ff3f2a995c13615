"""`zodiac show` for Turns and Actions: ``(workspace, entity) -> Shown`` per kind.

Each JSON carries its computed numbers' breakdowns under ``"explain"`` (the views'
``*_terms``), so `show --explain PATH` prints how a death threshold or a damage was reached.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.explain import attach
from builder.views import Shown, rows

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.workspace import Workspace


def _resolved(field: dict[str, Any] | None) -> str | None:
    return field["resolved"] if field else None


def _statuses(v: dict[str, Any]) -> list[str] | None:
    """Each status with how long it lasts (L212-213: 3 turns for a negative one)."""
    out = [
        f"{s['name']} ({'negative' if s['negative'] else 'positive' if s['negative'] is False else 'status'}"
        f", {s['lasts']}{', stackable' if s['stackable'] else ''})"
        for s in v.get("statuses") or []
    ]
    return out or None


def _damage(v: dict[str, Any]) -> str | None:
    """Rank x Power, and the natural 20's rank step (L272, L579)."""
    d = v.get("damage")
    if not d:
        return None
    base = f" = {d['base']}" if d.get("base") is not None else ""
    crit = f" = {d['crit']}" if d.get("crit") is not None else ""
    return (
        f"rank {d['rank']} x {d['power']} Power{base}; natural 20: rank {d['crit_rank']}{crit}; "
        f"after a natural 1: rank {d['fumble_rank']}"
    )


def show_ability(ws: Workspace, entity: Entity) -> Shown:
    from builder.rulesets.turns.views.ability import ability_terms, ability_view

    v = ability_view(entity.model)
    use = v["use"] or {}
    acc = v["accuracy"] or {}
    aoe = v["aoe"]
    program = {
        "Application": v["application"] + (" (sideboard)" if v["sideboard"] else ""),
        "Use": use.get("text"),
        "Charge": (
            f"{v['charge']['turns']} turn(s) at 20 AP" + (", burnable (!)" if v["charge"]["burn"] else "")
            if v["charge"] else None
        ),
        "Range": f"{v['range_text']} ({v['range_reads']})" if v["range_reads"] else v["range_text"],
        "Targeting": v["targeting_name"],
        "AoE": (
            f"{aoe['shape']} {aoe['size']}" + (", Smart" if aoe["smart"] else ", hits allies too")
            if aoe else None
        ),
        "Accuracy": acc.get("reads") or acc.get("text"),
        "Evade": v["evade"],
        "Element": v["element"],
        "Damage": _damage(v),
        "Statuses": _statuses(v),
        "Trigger": _resolved(v["trigger"]),
        "OnHit": _resolved(v["on_hit"]),
        "Effect": _resolved(v["effect"]),
        "Teamwork": _resolved(v["teamwork"]),
        "Solowork": _resolved(v["solowork"]),
        "Mod": v["mods"],
        "Flavor": v["flavor"],
    }  # fmt: skip
    return Shown(v["name"], attach(v, ability_terms(v)), [("Ability", rows(program))])


def show_weapon(ws: Workspace, entity: Entity) -> Shown:
    from builder.rulesets.turns.views.combatant import weapon_terms, weapon_view

    v = weapon_view(entity.model)
    about = {
        "Type": v["type"],
        "Weight class": f"{v['weight_class']} ({v['weight_class_name'] or '?'})",
        "Use": (v["use"] or {}).get("text"),
        "Rank": v["rank"],
        "Crit score": f"{v['crit_score']} (rank + 1, used for damage on a natural 20)",
        "Weight": v["weight"],
        "Element": v["element"],
        "Range": v["range"],
        "Attributes": [a["text"] for a in v["attributes"]],
    }
    return Shown(v["name"], attach(v, weapon_terms(v)), [("Weapon", rows(about))])


def show_combatant(ws: Workspace, entity: Entity) -> Shown:
    from builder.rulesets.turns.views.combatant import combatant_terms, combatant_view

    v = combatant_view(entity.model, ws.content)
    vit = v["vitals"]
    about = {
        "Side": v["side"],
        "Rank": v["rank"],
        "Element": v["element"],
        "Intelligence": v["intelligence"],
        "Vitals": f"Health {vit['health']}, Stamina {vit['stamina']}, Mana {vit['mana']}, "
        f"Focus {vit['focus']}",
        "Initiative": v["initiative"],
        "Luck": v["luck"],
        "KO at": v["ko_at"],
        "Death at": v["death_at"],
        "Danger threshold": v["danger_threshold"],
        "Befriend": ", ".join(f"{b['health']}: beat {b['dc']}" for b in v["befriend"]) or None,
        "Harvest": f"beat {v['harvest']['score']}: {v['harvest']['loot']}"
        if v["harvest"]
        else None,
    }
    scores = [
        (t.title(), f"Accuracy {s['accuracy']}, Evasion {s['evasion']}, Power {s['power']}")
        for t, s in v["scores"].items()
    ]
    swarm = [
        (f"{s['members']} members", f"Accuracy {s['accuracy']:+}, Evasion {s['evasion']:+}, "
         f"rank {s['rank']:+}")
        for s in v["swarm"]
    ]  # fmt: skip
    cover = [
        (c["name"], f"rank {c['rank']}: {c['temp_health']} temporary health") for c in v["cover"]
    ]
    sections = [
        ("Combatant", rows(about)),
        ("Scores", scores),
        ("Swarm", swarm),
        (f"Cover (Class Level {v['levels']['cl']} x 5 x rank, R50)", cover),
    ]
    if v["weapons"]:
        sections.append(
            (
                "Weapons",
                [(w["name"], f"rank {w['rank']}, crit {w['crit_score']}") for w in v["weapons"]],
            )
        )
    if v["abilities"]:
        sections.append(
            ("Abilities", [(a["name"], (a["use"] or {}).get("text", "")) for a in v["abilities"]])
        )
    return Shown(v["name"], attach(v, combatant_terms(entity.model, v)), sections)
