"""Construction rules of Chapter V as a catalogue of coded checks.

Each check is a pure function of a validated model and returns ``Problem`` records
whose ``path`` is relative to the document root (the loader adds line and column).
Messages say what is wrong and what would be right; ``rule`` names the book section
or ruling that decides it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from builder.problems import PathPart, Problem, Severity
from builder.rulesets.zodiac.models.equipment import (
    ArmorPiece,
    ArmorSet,
    Relic,
    RelicSet,
    Weapon,
    WeaponSet,
)
from builder.rulesets.zodiac.rules import equipment as eq

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.rulesets.zodiac.checks import CheckContext

CODES: dict[str, str] = {
    "ZE101": "weapon set power points must total 6",
    "ZE102": "each side of a weapon set's power split must be 1-5 points",
    "ZE103": "a set has ten items, levels 1-10 each exactly once",
    "ZE104": "two items of one set share an id",
    "ZE110": "a weapon has at most two abilities",
    "ZE111": "a weapon's abilities must be different (one element, one spell effect)",
    "ZE112": "a weapon's ability points exceed floor(level / 2)",
    "ZE113": "the regular weapons exceed the ability pool (10, or 8 with Long Range)",
    "ZE114": "the artifact weapon exceeds its pool of 4",
    "ZE115": "a weapon's Stat Bonus may not raise Strength",
    "ZE116": "Long Range belongs on the weapon set, not on one weapon",
    "ZE117": "a Spell Effect names a Tech the project does not have",
    "ZE118": "a Spell Effect's Tech is not a first-level Attack Magic Tech",
    "ZE120": "the set declares Draw Out but a weapon has no Draw Out property",
    "ZE121": "a weapon has a Draw Out property but the set does not declare draw_out",
    "ZE122": "Draw Out status effects: at most two, all positive or all negative",
    "ZE123": "Draw Out status effects: combined level exceeds the weapon level",
    "ZE124": "Draw Out status effects: a chance below the base, above 85%, or on a positive effect",
    "ZE125": "Draw Out status effects: more chance points than 5 per weapon level",
    "ZE140": "an armor or guard's net ability points exceed floor(level / 2)",
    "ZE141": "the regular armors or guards exceed their ability pool",
    "ZE142": "the artifact armor or guard exceeds its artifact pool",
    "ZE143": "Vitality and Spirit Stat Bonus are for guards only",
    "ZE144": "only one Stat Bonus per armor or guard",
    "ZE145": "a piece protects against (or is weak to) only one damage type",
    "ZE146": "an element appears twice on one piece",
    "ZE147": "a status immunity is listed twice on one piece",
    "ZE160": "a relic has more than 8 points",
    "ZE161": "the non-artifact relics together exceed 30 points",
    "ZE162": "more than 8 non-artifact relics",
    "ZE163": "more than 2 artifact relics",
    "ZE164": "an artifact relic has more than 16 points",
    "ZE165": "a relic has two options from one category",
    "ZE166": "a relic option's amount is not a row of its table",
    "ZE167": "a relic lists a status immunity it already has",
    "ZE168": "Move / Jump relic options need the Map Combat house rule",
}

_CH_WEAPONS = "Ch. V Weapon Construction System"
_CH_ABILITIES = "Ch. V Weapon Abilities"
_CH_DRAW = "Ch. V Draw Out"
_CH_ARMOR = "Ch. V Armor Abilities"
_CH_RELIC = "Ch. V Relic Construction System"


def _p(
    code: str,
    message: str,
    rule: str,
    path: tuple[PathPart, ...] = (),
    severity: Severity = Severity.ERROR,
) -> Problem:
    return Problem(code, message, rule, path, severity)


# --------------------------------------------------------------------------- shared


def check_levels(items: Sequence[Weapon | ArmorPiece], key: str, what: str) -> list[Problem]:
    """Ten items, levels 1-10 each exactly once (the construction systems' lists of ten)."""
    out: list[Problem] = []
    seen: dict[int, int] = {}
    for i, item in enumerate(items):
        if item.level in seen:
            out.append(
                _p(
                    "ZE103",
                    f"{what} level {item.level} appears twice (items {seen[item.level]} and {i});"
                    " each level 1-10 must appear exactly once",
                    "Ch. V",
                    (key, i, "level"),
                )
            )
        else:
            seen[item.level] = i
    missing = [lvl for lvl in eq.ITEM_LEVELS if lvl not in seen]
    if missing:
        levels = ", ".join(map(str, missing))
        out.append(
            _p(
                "ZE103",
                f"{key} has {len(items)} items and lacks level(s) {levels}; "
                f"a set has ten {what}s, levels 1-10 each exactly once",
                "Ch. V",
                (key,),
            )
        )
    return out


def _overflow_at(
    key: str, items: Sequence[Weapon | ArmorPiece], points: Sequence[int], size: int
) -> tuple[int, tuple[PathPart, ...]] | None:
    """Total regular points and the path of the item where the pool first overflows."""
    total = 0
    first: tuple[PathPart, ...] | None = None
    for i, (item, pts) in enumerate(zip(items, points, strict=True)):
        if eq.is_artifact(item.level):
            continue
        total += pts
        if first is None and total > size:
            first = (key, i, "abilities")
    return None if first is None else (total, first)


# --------------------------------------------------------------------------- weapons


def check_weapon_power(ws: WeaponSet) -> list[Problem]:
    """R21: 6 points split between physical and magical, each side 1-5."""
    out: list[Problem] = []
    for field in ("physical_points", "magical_points"):
        value = getattr(ws, field)
        if not eq.WEAPON_SIDE_MIN <= value <= eq.WEAPON_SIDE_MAX:
            out.append(
                _p(
                    "ZE102",
                    f"{field} is {value}; each side takes 1-5 points (columns of the table)",
                    "R21",
                    (field,),
                )
            )
    total = ws.physical_points + ws.magical_points
    if total != eq.WEAPON_POWER_POINTS:
        out.append(
            _p(
                "ZE101",
                f"physical_points {ws.physical_points} + magical_points {ws.magical_points} = "
                f"{total}; the split must total exactly 6",
                "R21",
                ("physical_points",),
            )
        )
    return out


def check_weapon(w: Weapon, index: int) -> list[Problem]:
    """Per-weapon limits: two different abilities, floor(level / 2) points, no Strength."""
    out: list[Problem] = []
    base: tuple[PathPart, ...] = ("weapons", index)
    counted = [a for a in w.abilities if a.id != "long_range"]
    if len(counted) > eq.MAX_WEAPON_ABILITIES:
        third = [j for j, a in enumerate(w.abilities) if a.id != "long_range"][2]
        out.append(
            _p(
                "ZE110",
                f"weapon level {w.level} has {len(counted)} abilities; at most 2 are allowed "
                "(Elemental counts as one though it costs 0)",
                "R21",
                (*base, "abilities", third),
            )
        )
    seen: set[str] = set()
    for j, a in enumerate(w.abilities):
        path = (*base, "abilities", j)
        if a.id == "long_range":
            out.append(
                _p(
                    "ZE116",
                    "long_range on one weapon; Long Range covers the whole set: remove it here "
                    "and write `long_range: true` on the set",
                    _CH_ABILITIES,
                    path,
                )
            )
            continue
        if a.id in seen:
            out.append(
                _p(
                    "ZE111",
                    f"{a.id.value} appears twice on weapon level {w.level}; a weapon's two "
                    "abilities must differ (one element, one spell effect, one status)",
                    _CH_WEAPONS,
                    path,
                )
            )
        seen.add(a.id)
        if a.id == "stat_bonus" and a.param == "str":
            out.append(
                _p(
                    "ZE115",
                    "a weapon's Stat Bonus raises str; no weapon may raise Strength: choose "
                    "mag, agi, vit or spr",
                    "R22",
                    path,
                )
            )
    used = eq.weapon_points_used(counted)
    limit = eq.item_points_limit(w.level)
    if used > limit:
        out.append(
            _p(
                "ZE112",
                f"weapon level {w.level} uses {used} ability points; at most {limit} "
                "(floor(level/2)) are allowed",
                "R21",
                (*base, "abilities"),
            )
        )
    return out


def check_weapon_pools(ws: WeaponSet) -> list[Problem]:
    """R21: regular pool 10 (8 with Long Range), artifact pool 4."""
    out: list[Problem] = []
    pool = eq.weapon_pools(ws.long_range)
    points = [
        eq.weapon_points_used(a for a in w.abilities if a.id != "long_range") for w in ws.weapons
    ]
    over = _overflow_at("weapons", ws.weapons, points, pool.regular)
    if over:
        total, path = over
        why = " (10 less 2 for Long Range)" if ws.long_range else ""
        out.append(
            _p(
                "ZE113",
                f"weapons of levels 1-9 use {total} ability points; the pool is "
                f"{pool.regular}{why}",
                "R21",
                path,
            )
        )
    for i, (w, pts) in enumerate(zip(ws.weapons, points, strict=True)):
        if eq.is_artifact(w.level) and pts > pool.artifact:
            out.append(
                _p(
                    "ZE114",
                    f"the artifact weapon uses {pts} ability points; its own pool is "
                    f"{pool.artifact}",
                    "R21",
                    ("weapons", i, "abilities"),
                )
            )
    return out


def check_draw_out(ws: WeaponSet) -> list[Problem]:
    """Draw Out: one property per weapon when the set declares it; status effect limits."""
    out: list[Problem] = []
    for i, w in enumerate(ws.weapons):
        path: tuple[PathPart, ...] = ("weapons", i, "draw_out")
        if ws.draw_out and w.draw_out is None:
            out.append(
                _p(
                    "ZE120",
                    f"weapon level {w.level} has no draw_out; the set declares Draw Out, so "
                    "every weapon has exactly one property (healing, break, ...)",
                    _CH_DRAW,
                    ("weapons", i),
                )
            )
        if w.draw_out is None:
            continue
        if not ws.draw_out:
            out.append(
                _p(
                    "ZE121",
                    f"weapon level {w.level} has a draw_out property but the set does not "
                    "declare it; add `draw_out: true` to the set or remove the property",
                    _CH_DRAW,
                    path,
                )
            )
        if w.draw_out.id == "status_effect" and isinstance(w.draw_out.param, dict):
            out.extend(_check_draw_out_status(w.level, w.draw_out.param, (*path, "param")))
    return out


def _check_draw_out_status(
    level: int, chances: dict[str, int | None], path: tuple[PathPart, ...]
) -> list[Problem]:
    out: list[Problem] = []
    table = eq.DRAW_OUT_STATUS
    positive = {s for s in chances if table[s][1] is None}
    if len(chances) > eq.DRAW_OUT_MAX_STATUSES or (positive and len(positive) < len(chances)):
        out.append(
            _p(
                "ZE122",
                f"Draw Out status effect has {', '.join(chances)}; choose at most two, "
                "both positive or both negative",
                _CH_DRAW,
                path,
            )
        )
    combined = sum(table[s][0] for s in chances)
    if combined > level:
        out.append(
            _p(
                "ZE123",
                f"Draw Out status effects have combined level {combined}; at most the weapon "
                f"level {level}",
                _CH_DRAW,
                path,
            )
        )
    for s, chance in chances.items():
        base = table[s][1]
        if chance is None:
            continue
        if base is None:
            out.append(
                _p(
                    "ZE124",
                    f"{s} is a positive effect and always works; remove its chance ({chance})",
                    _CH_DRAW,
                    (*path, s),
                )
            )
        elif not base <= chance <= eq.DRAW_OUT_STATUS_MAX_CHANCE:
            out.append(
                _p(
                    "ZE124",
                    f"{s} chance {chance}%; it must be between its base {base}% and "
                    f"{eq.DRAW_OUT_STATUS_MAX_CHANCE}%",
                    _CH_DRAW,
                    (*path, s),
                )
            )
    spent = eq.draw_out_status_points(chances)
    budget = eq.DRAW_OUT_STATUS_POINTS_PER_LEVEL * level
    if spent > budget:
        out.append(
            _p(
                "ZE125",
                f"Draw Out chances are raised by {spent} points above their base; a level "
                f"{level} weapon has {budget} (5 per level)",
                _CH_DRAW,
                path,
            )
        )
    return out


def check_weapon_set(ws: WeaponSet) -> list[Problem]:
    """Every construction rule of a weapon set (R21, R22, Ch. V)."""
    out = check_weapon_power(ws)
    out += check_levels(ws.weapons, "weapons", "weapon")
    for i, w in enumerate(ws.weapons):
        out += check_weapon(w, i)
    out += check_weapon_pools(ws)
    out += check_draw_out(ws)
    return out


# --------------------------------------------------------------------------- armor


def check_armor_piece(piece: ArmorPiece, key: str, index: int) -> list[Problem]:
    """Per-piece rules: net points (R23), one stat bonus, guard-only stats, no contradictions."""
    out: list[Problem] = []
    base: tuple[PathPart, ...] = (key, index)
    what = "guard" if key == "guards" else "armor"
    cost = eq.armor_piece_cost(piece.abilities)
    limit = eq.item_points_limit(piece.level)
    if cost.net > limit:
        credit = f" ({cost.gross} less {cost.credit} weakness credit)" if cost.credit else ""
        out.append(
            _p(
                "ZE140",
                f"{what} level {piece.level} uses {cost.net} net ability points{credit}; "
                f"at most {limit} (floor(level/2)) are allowed",
                "R23",
                (*base, "abilities"),
            )
        )
    stat_bonus = 0
    damage: dict[str, int] = {}
    elements: dict[str, int] = {}
    statuses: set[str] = set()
    for j, a in enumerate(piece.abilities):
        path = (*base, "abilities", j)
        if a.id == "stat_bonus":
            stat_bonus += 1
            if stat_bonus == 2:
                out.append(
                    _p(
                        "ZE144",
                        f"a second Stat Bonus on {what} level {piece.level}; only one type of "
                        "stat bonus per piece",
                        _CH_ARMOR,
                        path,
                    )
                )
            if key == "armors" and a.param in eq.GUARD_ONLY_STATS:
                out.append(
                    _p(
                        "ZE143",
                        f"an armor's Stat Bonus raises {a.param}; Vitality and Spirit are for "
                        "guards only: choose str, mag, agi or resist",
                        _CH_ARMOR,
                        path,
                    )
                )
        elif a.id in ("defense", "magic_defense", "physical_weakness", "magical_weakness"):
            group = "defense" if "defense" in a.id else "weakness"
            damage[group] = damage.get(group, 0) + 1
            if damage[group] == 2:
                out.append(
                    _p(
                        "ZE145",
                        f"{what} level {piece.level} has two {group} abilities; choose ONE of "
                        "physical or magical",
                        _CH_ARMOR,
                        path,
                    )
                )
        elif a.id in eq.ARMOR_ELEMENT_ABILITIES:
            el = str(a.param)
            if el in elements:
                out.append(
                    _p(
                        "ZE146",
                        f"{el} already has an elemental ability on this {what} (ability "
                        f"{elements[el]}); keep one affinity per element",
                        _CH_ARMOR,
                        path,
                    )
                )
            else:
                elements[el] = j
        elif a.id == "status_immunity":
            for s in a.param or []:
                if s in statuses:
                    out.append(
                        _p(
                            "ZE147",
                            f"{s} immunity is listed twice on this {what}; list it once",
                            _CH_ARMOR,
                            path,
                        )
                    )
                statuses.add(s)
    return out


def _check_armor_list(pieces: Sequence[ArmorPiece], key: str, pool: eq.Pool) -> list[Problem]:
    out: list[Problem] = []
    what = "guard" if key == "guards" else "armor"
    out += check_levels(pieces, key, what)
    for i, piece in enumerate(pieces):
        out += check_armor_piece(piece, key, i)
    points = [eq.armor_piece_cost(p.abilities).net for p in pieces]
    over = _overflow_at(key, pieces, points, pool.regular)
    if over:
        total, path = over
        out.append(
            _p(
                "ZE141",
                f"{key} of levels 1-9 use {total} net ability points; the {what} pool is "
                f"{pool.regular} (pools: standard armor 10 / guards 5, swapped 5 / 10)",
                "R23",
                path,
            )
        )
    for i, (piece, pts) in enumerate(zip(pieces, points, strict=True)):
        if eq.is_artifact(piece.level) and pts > pool.artifact:
            out.append(
                _p(
                    "ZE142",
                    f"the artifact {what} uses {pts} net ability points; its pool is "
                    f"{pool.artifact} (5 for the set with 10, 3 for the set with 5)",
                    "R23",
                    (key, i, "abilities"),
                )
            )
    return out


def check_armor_set(armor_set: ArmorSet) -> list[Problem]:
    """Every construction rule of an armor set (R23, Ch. V Armor Construction System)."""
    pools = eq.armor_pools(armor_set.pools.value)
    return _check_armor_list(armor_set.armors, "armors", pools["armors"]) + _check_armor_list(
        armor_set.guards, "guards", pools["guards"]
    )


# --------------------------------------------------------------------------- relics


def check_relic(relic: Relic, index: int, *, map_combat: bool = False) -> list[Problem]:
    """One relic: categories, table rows, points (R24)."""
    out: list[Problem] = []
    base: tuple[PathPart, ...] = ("relics", index)
    categories: dict[str, int] = {}
    immune: set[str] = set()
    for j, o in enumerate(relic.options):
        path = (*base, "options", j)
        oid = o.id.value
        cat = eq.RELIC_OPTION_CATEGORY[oid]
        if cat in categories and cat not in eq.RELIC_REPEATABLE_CATEGORIES:
            out.append(
                _p(
                    "ZE165",
                    f"{oid} is a second {cat} option (option {categories[cat]} is one); a relic "
                    "takes one option per category, except Status Immunity",
                    "R24",
                    path,
                )
            )
        categories.setdefault(cat, j)
        if oid in eq.MAP_COMBAT_OPTIONS and not map_combat:
            out.append(
                _p(
                    "ZE168",
                    f"{oid} is a Map Combat option; enable the Map Combat house rule in "
                    "zodiac.yaml or remove it",
                    "R29",
                    path,
                )
            )
        if eq.relic_option_cost(o) is None:
            out.append(_p("ZE166", _table_message(oid, o.param), _CH_RELIC, path))
        if oid in ("status_immunity", "status_immunity_all"):
            names = (
                sorted(eq.RELIC_STATUS_IMMUNITY_COST)
                if oid.endswith("_all")
                else eq.option_statuses(o.param)
            )
            dup: list[str] = []
            for s in names:  # one by one: a repeat inside one option is a repeat too
                if s in immune and s not in dup:
                    dup.append(s)
                immune.add(s)
            if dup:
                out.append(
                    _p(
                        "ZE167",
                        f"immunity to {', '.join(dup)} is already on this relic; pay for it once",
                        _CH_RELIC,
                        path,
                        Severity.WARNING,
                    )
                )
    points = eq.relic_points(relic.options)
    if relic.artifact and points > eq.ARTIFACT_RELIC_MAX_POINTS:
        out.append(
            _p(
                "ZE164",
                f"artifact relic {relic.name!r} has {points} points; at most 16",
                "R24",
                (*base, "options"),
            )
        )
    elif not relic.artifact and points > eq.RELIC_MAX_POINTS:
        out.append(
            _p(
                "ZE160",
                f"relic {relic.name!r} has {points} points; at most 8 (16 for an artifact relic)",
                "R24",
                (*base, "options"),
            )
        )
    return out


def _table_message(oid: str, param: object) -> str:
    rows: dict[str, Iterable[int]] = {
        "stat_boost": eq.RELIC_STAT_BOOST_COST,
        "elemental_boost": eq.RELIC_ELEMENTAL_BOOST_COST,
        "critical_boost": eq.RELIC_CRITICAL_BOOST_COST,
        "move_boost": eq.RELIC_MOVE_BOOST_COST,
        "jump_boost": eq.RELIC_JUMP_BOOST_COST,
    }
    if oid == "stat_boost" and isinstance(param, dict):
        shown: object = f"+{sum(int(v) for v in param.values())} stats"
    elif oid == "elemental_boost" and isinstance(param, dict):
        shown = f"+{param.get('dice')} dice"
    else:
        shown = param
    allowed = ", ".join(map(str, rows[oid]))
    return f"{oid} {shown} is not in its table; choose one of {allowed}"


def check_relic_set(rs: RelicSet, *, map_combat: bool = False) -> list[Problem]:
    """Every construction rule of a character's relics (R24)."""
    out: list[Problem] = []
    grand = sum(eq.relic_points(r.options) for r in rs.relics if not r.artifact)
    total = count = artifacts = 0
    total_flagged = False
    for i, relic in enumerate(rs.relics):
        out += check_relic(relic, i, map_combat=map_combat)
        if relic.artifact:
            artifacts += 1
            if artifacts == eq.ARTIFACT_RELIC_COUNT + 1:
                out.append(
                    _p(
                        "ZE163",
                        f"relic {relic.name!r} is a third artifact relic; a character designs "
                        "at most 2",
                        "R24",
                        ("relics", i, "artifact"),
                    )
                )
            continue
        count += 1
        total += eq.relic_points(relic.options)
        if count == eq.RELIC_MAX_COUNT + 1:
            out.append(
                _p(
                    "ZE162",
                    f"relic {relic.name!r} is non-artifact relic number {count}; at most 8",
                    "R24",
                    ("relics", i),
                )
            )
        if total > eq.RELIC_TOTAL_POINTS and not total_flagged:
            total_flagged = True
            out.append(
                _p(
                    "ZE161",
                    f"non-artifact relics have {grand} points (passing 30 at {relic.name!r}); "
                    "together they may have at most 30",
                    "R24",
                    ("relics", i),
                )
            )
    return out


# --------------------------------------------------------------------------- entities


def check_item_ids(*groups: tuple[str, Sequence[Weapon | ArmorPiece | Relic]]) -> list[Problem]:
    """Items are equipped by id, so one set may not use an id twice (armors and guards share)."""
    out: list[Problem] = []
    seen: dict[str, str] = {}
    for key, items in groups:
        for i, item in enumerate(items):
            item_id = item.id or ""
            if item_id in seen:
                out.append(
                    _p(
                        "ZE104",
                        f"id '{item_id}' is already used by {seen[item_id]}; characters equip "
                        "items by id, so give this one a different `id:` or name",
                        "manual: Writing content",
                        (key, i, "id" if "id" in item.model_fields_set else "name"),
                    )
                )
            else:
                seen[item_id] = f"{key}[{i}]"
    return out


def check_spell_effects(ws: WeaponSet, ctx: CheckContext) -> list[Problem]:
    """Spell Effect names a first-level Attack Magic Tech of the project (Ch. V Spell Effect).

    Quietly skipped while the `tech` kind is not registered.
    """
    from builder.rulesets.zodiac import MODELS

    if "tech" not in MODELS:
        return []
    from builder.diagnostics import did_you_mean

    out: list[Problem] = []
    for i, w in enumerate(ws.weapons):
        for j, a in enumerate(w.abilities):
            if a.id != "spell_effect" or not a.param:
                continue
            path = ("weapons", i, "abilities", j)
            found = ctx.find("tech", a.param)
            if found is None:
                out.append(
                    _p(
                        "ZE117",
                        f"spell_effect names Tech '{a.param}', which is not in this project"
                        f"{did_you_mean(a.param, ctx.ids('tech'))}; write a level-1 Attack "
                        "Magic Tech and name its id",
                        _CH_ABILITIES,
                        path,
                    )
                )
                continue
            tech = found.model
            primary = getattr(getattr(tech, "primary", None), "value", None)
            level = getattr(tech, "tech_level", None)
            if primary != "attack_magic" or level != eq.SPELL_EFFECT_TECH_LEVEL:
                out.append(
                    _p(
                        "ZE118",
                        f"spell_effect Tech '{a.param}' is a level-{level} {primary} Tech; a "
                        "weapon casts only a first-level Attack Magic Tech",
                        _CH_ABILITIES,
                        path,
                    )
                )
    return out


def check_weapon_set_entity(entity: Entity, ctx: CheckContext) -> Iterator[Problem]:
    """The registered check of `kind: weapon_set`."""
    ws: WeaponSet = entity.model
    yield from check_weapon_set(ws)
    yield from check_item_ids(("weapons", ws.weapons))
    yield from check_spell_effects(ws, ctx)


def check_armor_set_entity(entity: Entity, ctx: CheckContext) -> Iterator[Problem]:
    """The registered check of `kind: armor_set`."""
    armor_set: ArmorSet = entity.model
    yield from check_armor_set(armor_set)
    yield from check_item_ids(("armors", armor_set.armors), ("guards", armor_set.guards))


def check_relic_set_entity(entity: Entity, ctx: CheckContext) -> Iterator[Problem]:
    """The registered check of `kind: relic_set`; Move/Jump follow the project's Map Combat."""
    rs: RelicSet = entity.model
    yield from check_relic_set(rs, map_combat=ctx.ruleset.house.map_combat)
    yield from check_item_ids(("relics", rs.relics))


__all__ = [
    "CODES",
    "check_armor_piece",
    "check_armor_set",
    "check_armor_set_entity",
    "check_draw_out",
    "check_item_ids",
    "check_levels",
    "check_relic",
    "check_relic_set",
    "check_relic_set_entity",
    "check_spell_effects",
    "check_weapon",
    "check_weapon_pools",
    "check_weapon_power",
    "check_weapon_set",
    "check_weapon_set_entity",
]
