"""The equipment book: every shop table of a project, priced and ready to print.

Templates only read (the sandbox forbids computing), so every number and every label is
made here from the same views `zodiac equipment show` prints (`set_view`): the book can
never disagree with the CLI. Prices are strings ("1,350 G" / "not for sale") because the
tests and the players read them the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from builder.rulesets.zodiac.rules import equipment as eq
from builder.rulesets.zodiac.views.equipment import ItemView, SetView, set_view

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.rulesets.zodiac.items import ItemRef
    from builder.workspace import Workspace

__all__ = ["NOT_FOR_SALE", "equipment_book_context", "price_text"]

NOT_FOR_SALE = "not for sale"
STAT_KEYS = frozenset({"str", "mag", "vit", "spr", "agi"})
# Words that title-casing would spoil.
_WORDS = {"mp": "MP", "hp": "HP", "ap": "AP", "map": "MAP", "mbarrier": "MBarrier"}
ARMOR_TYPES = {
    "enhance": "Enhance armor: more MP, less HP",
    "balanced": "Balanced armor: HP and MP",
    "defense": "Defense armor: HP only",
}
POOL_LAYOUTS = {
    "standard": "standard ability pools",
    "swapped": "swapped ability pools (armor 5, guards 10)",
}


def price_text(price: int | None) -> str:
    """``1350`` -> ``1,350 G``; ``None`` (artifacts, R25) -> ``not for sale``."""
    return NOT_FOR_SALE if price is None else f"{price:,} G"


def _word(key: str) -> str:
    """``stat_bonus`` -> ``Stat Bonus``; ``mag`` -> ``MAG``; ``mp_attack`` -> ``MP Attack``."""
    if key in STAT_KEYS:
        return key.upper()
    parts = key.replace("-", " ").replace("_", " ").split()
    return " ".join(_WORDS.get(p, p[:1].upper() + p[1:]) for p in parts)


def ability_label(a: Any) -> str:
    """A printed ability: ``Elemental: Fire``, ``Stat Boost: STR +10``, ``Keen Edge``."""
    aid = str(getattr(a.id, "value", a.id))
    p = a.param
    name = _word(aid)
    if p is None:
        return name
    if isinstance(p, dict) and aid == "status_effect":
        shown = ", ".join(_word(k) if v is None else f"{_word(k)} {v}%" for k, v in p.items())
    elif isinstance(p, dict):
        shown = ", ".join(
            f"{_word(str(k))} {v:+}" if isinstance(v, int) else f"{_word(str(k))} {v}"
            for k, v in p.items()
        )
    elif isinstance(p, list):
        shown = ", ".join(_word(str(x)) for x in p)
    elif isinstance(p, str):
        shown = _word(p)
    else:
        shown = str(p)
    return f"{name}: {shown}"


def _abilities(ref_item: Any) -> list[str]:
    found = getattr(ref_item, "abilities", None)
    if found is None:
        found = getattr(ref_item, "options", [])
    return [ability_label(a) for a in found]


def _extras(b: eq.ItemBonus, *, skip: Iterable[str] = ()) -> str:
    """Bonuses an ability adds beyond the table's own columns: ``MAG +11, Resist +12``."""
    skip = set(skip)
    parts = [f"{k.upper()} {v:+}" for k, v in b.stats.items()]
    for key, label in (
        ("evade", "Evade"),
        ("resist", "Resist"),
        ("move", "Move"),
        ("jump", "Jump"),
    ):
        value = getattr(b, key)
        if value and key not in skip:
            parts.append(f"{label} {value:+}")
    if b.critical and "critical" not in skip:
        parts.append(f"Critical {b.critical:+}")
    return ", ".join(parts)


def _draw_out_text(level: int, d: Any) -> str:
    """A Draw Out property with its numbers at this weapon level (Ch. V Draw Out)."""
    prop = str(getattr(d.id, "value", d.id))
    p = d.param
    e = eq.draw_out_effect(prop, level, p)
    target = _word(str(p)) if isinstance(p, str) else ""
    if prop == "healing":
        return f"Healing: restores {e.amount} HP"
    if prop == "break":
        return f"Break {target}: the target loses {e.fraction} of its {target}"
    if prop == "demi_attack":
        return f"Demi Attack: the target loses {e.fraction} of its current HP"
    if prop in ("immunity", "resistance"):
        rounds = "round" if e.rounds == 1 else "rounds"
        return f"{_word(prop)} to {target}: {e.rounds} {rounds}"
    if prop in ("magical_attack", "mp_attack"):
        extra = f", +{e.extra_dice} dice" if e.extra_dice else ""
        what = f" ({target})" if target else ""
        mp = "; MP lost = damage / 10" if prop == "mp_attack" else ""
        return f"{_word(prop)}{what}{extra}{mp}"
    if prop == "stat_booster":
        return f"Stat Booster: {target} +{e.amount} for 1d3+1 rounds"
    if prop == "status_effect":
        shown = ", ".join(
            _word(s) if c is None else f"{_word(s)} {c}%" for s, c in e.chances.items()
        )
        return f"Status Effect: {shown}"
    return _word(prop)


def _row(i: ItemView, item: Any) -> dict[str, Any]:
    """What every table row shares: level, name, flavour, price, artifact flag."""
    return {
        "level": i.level,
        "name": i.name,
        "description": getattr(item, "description", "") or "",
        "price": price_text(i.price),
        "for_sale": i.price is not None,
        "artifact": i.artifact,
        "abilities": _abilities(item),
        "points": i.points,
        "extras": "",
    }


def _items_by_id(model: Any, attr: str) -> dict[str, Any]:
    return {str(x.id): x for x in getattr(model, attr)}


def _pools_note(pool: dict[str, dict[str, int]]) -> str:
    r, a = pool["regular"], pool["artifact"]
    return (
        f"ability points {r['used']} of {r['size']} (levels 1-9), "
        f"artifact {a['used']} of {a['size']}"
    )


def _weapon_set(entity: Entity) -> dict[str, Any]:
    view: SetView = set_view(entity)
    m = entity.model
    by_id = _items_by_id(m, "weapons")
    f = view.facts
    rows = []
    draw_outs = []
    for i in view.items:
        item = by_id[i.id]
        b = i.bonus
        row = _row(i, item)
        row.update(
            ap=b.ap,
            map=b.map,
            die=eq.die_label(b.die) if b.die is not None else "—",
            magic_die=eq.die_label(b.magic_die) if b.magic_die is not None else "—",
            extras=_extras(b),
        )
        rows.append(row)
        if item.draw_out is not None:
            draw_outs.append(
                {
                    "level": i.level,
                    "name": i.name,
                    "text": _draw_out_text(i.level or 1, item.draw_out),
                }
            )
    notes = [
        f"Point split {f['physical_points']} physical / {f['magical_points']} magical: "
        f"{f['die']} weapon die, {f['magic_die']} magic die",
        _pools_note(view.pools["weapons"]).capitalize(),
    ]
    if f["long_range"]:
        notes.append("Long Range: every weapon is ranged (no penalty against flying foes)")
    return {
        "id": view.id,
        "anchor": f"w-{view.id}",
        "name": view.name,
        "description": view.description,
        "weapon_class": f["weapon_class"],
        "class_label": _word(str(f["weapon_class"])),
        "long_range": f["long_range"],
        "notes": notes,
        "draw_outs": draw_outs,
        "weapons": rows,
    }


def _armor_set(entity: Entity) -> dict[str, Any]:
    view = set_view(entity)
    m = entity.model
    armors = _items_by_id(m, "armors")
    guards = _items_by_id(m, "guards")
    f = view.facts
    armor_rows, guard_rows = [], []
    for i in view.items:
        b = i.bonus
        if i.slot == "armor":
            row = _row(i, armors[i.id])
            row.update(hp=b.hp, mp=b.mp, extras=_extras(b))
            armor_rows.append(row)
        else:
            row = _row(i, guards[i.id])
            row.update(evade=b.evade, extras=_extras(b, skip=("evade",)))
            guard_rows.append(row)
    notes = [
        ARMOR_TYPES.get(f["armor_type"], _word(f["armor_type"])),
        POOL_LAYOUTS.get(f["pool_layout"], _word(f["pool_layout"])),
        "Armor " + _pools_note(view.pools["armors"]),
        "Guards " + _pools_note(view.pools["guards"]),
    ]
    return {
        "id": view.id,
        "anchor": f"a-{view.id}",
        "name": view.name,
        "description": view.description,
        "armor_type": _word(f["armor_type"]),
        "notes": notes,
        "armors": armor_rows,
        "guards": guard_rows,
    }


def _relic_set(entity: Entity) -> dict[str, Any]:
    view = set_view(entity)
    by_id = _items_by_id(entity.model, "relics")
    pool = view.pools["relics"]
    rows = []
    for i in view.items:
        row = _row(i, by_id[i.id])
        rows.append(row)
    return {
        "id": view.id,
        "anchor": f"r-{view.id}",
        "name": view.name,
        "description": view.description,
        "notes": [
            f"{pool['count']} of {pool['max_count']} regular relics, "
            f"{pool['points']} of {pool['max_points']} points",
            f"{pool['artifacts']} of {pool['max_artifacts']} artifacts",
        ],
        "relics": rows,
    }


def _potion_rows(refs: Sequence[ItemRef]) -> list[dict[str, Any]]:
    return [
        {
            "name": r.name,
            "effect": r.item.effect,
            "price": price_text(r.item.price),
            "for_sale": r.item.price is not None,
        }
        for r in refs
    ]


def _potions(entities: Sequence[Entity]) -> tuple[list[dict[str, Any]], bool]:
    """The project's potions, or the core catalogue's when the project has none."""
    from builder.rulesets.zodiac.items import ItemRef, core_potions

    own = [ItemRef("potion", e.id, e.model.name, None, e.model, e.model, e) for e in entities]
    if own:
        return _potion_rows(own), False
    return _potion_rows(core_potions()), True


def _chapter(cid: str, title: str, entries: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "id": cid,
        "title": title,
        "entries": [{"anchor": e["anchor"], "title": e["name"]} for e in entries],
    }


def equipment_book_context(ws: Workspace, entities: list[Entity]) -> dict[str, Any]:
    """`books/equipment.html`: weapon classes, armor sets, relic sets, potions, contents.

    Weapon sets are grouped by class (classes in order of first appearance, so the book's
    sort order still decides); an empty chapter is left out of the book and its contents.
    """
    by_kind: dict[str, list[Entity]] = {}
    for e in entities:
        by_kind.setdefault(e.kind, []).append(e)

    classes: dict[str, dict[str, Any]] = {}
    for e in by_kind.get("weapon_set", []):
        ws_view = _weapon_set(e)
        group = classes.setdefault(
            ws_view["weapon_class"], {"label": ws_view["class_label"], "sets": []}
        )
        group["sets"].append(ws_view)
    weapon_classes = list(classes.values())
    weapon_sets = [s for g in weapon_classes for s in g["sets"]]
    armor_sets = [_armor_set(e) for e in by_kind.get("armor_set", [])]
    relic_sets = [_relic_set(e) for e in by_kind.get("relic_set", [])]
    potions, core = _potions(by_kind.get("potion", []))

    chapters = []
    if weapon_sets:
        chapters.append(_chapter("weapons", "Weapons", weapon_sets))
    if armor_sets:
        chapters.append(_chapter("armor", "Armor & Guards", armor_sets))
    if relic_sets:
        chapters.append(_chapter("relics", "Relics", relic_sets))
    chapters.append(_chapter("potions", "Potions", []))
    return {
        "chapters": chapters,
        "weapon_classes": weapon_classes,
        "armor_sets": armor_sets,
        "relic_sets": relic_sets,
        "potions": potions,
        "potions_from_core": core,
        "counts": {
            "weapons": sum(len(s["weapons"]) for s in weapon_sets),
            "armor": sum(len(s["armors"]) + len(s["guards"]) for s in armor_sets),
            "relics": sum(len(s["relics"]) for s in relic_sets),
            "potions": len(potions),
        },
    }
