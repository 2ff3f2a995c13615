"""Computed equipment: an equipped character's items, attacks and affinities; a set's table.

Everything here reads models and rules and returns frozen records; the CLI and
templates print them and never redo the arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from builder.models.base import STATS, Stat
from builder.rulesets.zodiac.items import ItemIndex, ItemRef
from builder.rulesets.zodiac.rules import character as rules
from builder.rulesets.zodiac.rules import damage as dmg
from builder.rulesets.zodiac.rules import equipment as eq
from builder.rulesets.zodiac.rules import gold as gold_rules
from builder.rulesets.zodiac.rules import tables as T
from builder.rulesets.zodiac.rules.character import EquipmentBonus
from builder.rulesets.zodiac.rules.ruleset import (
    DEFAULT,
    DamageRange,
    HouseRules,
    Ruleset,
    apply_damage_options,
)
from builder.rulesets.zodiac.rules.skills import with_natural_resistance
from builder.rulesets.zodiac.views import skills as skill_views
from builder.rulesets.zodiac.views.character_base import CharacterView, character_view

if TYPE_CHECKING:
    from builder.rulesets.zodiac.models.character import Character

NATURAL_HIT = 90  # Ch. VI Attacking: a natural 90+ always hits


# --------------------------------------------------------------------------- items


def ability_text(a: Any) -> str:
    """``drain`` / ``elemental: fire`` / ``stat_boost: str +10`` for tables."""
    aid = str(getattr(a.id, "value", a.id))
    p = a.param
    if p is None:
        return aid
    if isinstance(p, dict) and aid == "status_effect":  # Draw Out: {status: chance or None}
        shown = ", ".join(k if v is None else f"{k} {v}%" for k, v in p.items())
    elif isinstance(p, dict):
        shown = ", ".join(f"{k} {'+' if isinstance(v, int) else ''}{v}" for k, v in p.items())
    elif isinstance(p, list):
        shown = ", ".join(map(str, p))
    else:
        shown = str(p)
    return f"{aid}: {shown}"


def bonus_json(b: eq.ItemBonus) -> dict[str, Any]:
    """The non-zero parts of an item's bonus (stable key order)."""
    out: dict[str, Any] = {}
    for key in ("ap", "map", "hp", "mp", "evade", "resist", "critical", "move", "jump"):
        value = getattr(b, key)
        if value:
            out[key] = value
    if b.die is not None:
        out["die"] = eq.die_label(b.die)
    if b.magic_die is not None:
        out["magic_die"] = eq.die_label(b.magic_die)
    if b.stats:
        out["stats"] = dict(b.stats)
    if b.elements:
        out["elements"] = dict(b.elements)
    if b.status_immunities:
        out["status_immunities"] = sorted(b.status_immunities)
    if b.attack_element:
        out["attack_element"] = b.attack_element
    if b.physical_damage_pct:
        out["physical_damage_pct"] = b.physical_damage_pct
    if b.magical_damage_pct:
        out["magical_damage_pct"] = b.magical_damage_pct
    if b.elemental_boost:
        out["elemental_boost"] = dict(b.elemental_boost)
    return out


def bonus_text(b: eq.ItemBonus) -> str:
    """``AP +230 / MAP +70, d10`` or ``HP +70 / MP +6`` or ``Evade +8`` for tables."""
    parts: list[str] = []
    if b.die is not None:
        magic = eq.die_label(b.magic_die) if b.magic_die is not None else "-"
        parts.append(f"AP +{b.ap} ({eq.die_label(b.die)}) / MAP +{b.map} ({magic})")
    elif b.hp or b.mp:
        parts.append(f"HP +{b.hp} / MP +{b.mp}")
    if b.evade:
        parts.append(f"Evade +{b.evade}")
    parts += [f"{k.upper()} +{v}" for k, v in b.stats.items()]
    if b.resist:
        parts.append(f"Resist +{b.resist}")
    if b.critical:
        parts.append(f"Critical {b.critical}")
    if b.move:
        parts.append(f"Move +{b.move}")
    if b.jump:
        parts.append(f"Jump +{b.jump}")
    return ", ".join(parts)


@dataclass(frozen=True)
class ItemView:
    """One item as a table row: level, name, price, bonus, abilities, points."""

    slot: str
    id: str
    name: str
    level: int | None
    price: int | None
    artifact: bool
    bonus: eq.ItemBonus
    abilities: list[str]
    points: int
    set_id: str | None = None
    set_name: str | None = None
    draw_out: str | None = None
    draw_out_effect: dict[str, Any] | None = None

    @property
    def sell_price(self) -> int | None:
        """What a shop pays for it: half the price (R25); None where never sold."""
        return eq.sell_price(self.price)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "slot": self.slot,
            "id": self.id,
            "name": self.name,
            "level": self.level,
            "price": self.price,
            "sell_price": self.sell_price,
            "artifact": self.artifact,
            "bonus": bonus_json(self.bonus),
            "abilities": self.abilities,
            "points": self.points,
        }
        if self.set_id is not None:
            out["set"] = self.set_id
        if self.draw_out is not None:
            out["draw_out"] = self.draw_out
            out["draw_out_effect"] = self.draw_out_effect
        return out


def _draw_out_effect(level: int, d: Any) -> dict[str, Any]:
    """Level-dependent numbers of a Draw Out property (non-null fields only)."""
    effect = eq.draw_out_effect(d.id.value, level, d.param)
    out: dict[str, Any] = {}
    for key in ("fraction", "amount", "rounds", "extra_dice"):
        value = getattr(effect, key)
        if value is not None:
            out[key] = str(value) if key == "fraction" else value
    if effect.chances:
        out["chances"] = dict(effect.chances)
    return out


def item_view(ref: ItemRef) -> ItemView:
    item = ref.item
    abilities = getattr(item, "abilities", None)
    if abilities is None:
        abilities = getattr(item, "options", [])
    draw = getattr(item, "draw_out", None) if ref.slot == "weapon" else None
    return ItemView(
        slot=ref.slot,
        id=ref.id,
        name=ref.name,
        level=ref.level,
        price=ref.price,
        artifact=ref.artifact,
        bonus=ref.bonus(),
        abilities=[ability_text(a) for a in abilities],
        points=ref.points,
        set_id=ref.set_id if ref.slot != "potion" else None,
        set_name=getattr(ref.set, "name", None) if ref.slot != "potion" else None,
        draw_out=ability_text(draw) if draw is not None else None,
        draw_out_effect=_draw_out_effect(ref.level or 1, draw) if draw is not None else None,
    )


# --------------------------------------------------------------------------- sets


@dataclass(frozen=True)
class SetView:
    """A weapon, armor or relic set as `zodiac equipment show` prints it."""

    kind: str
    id: str
    name: str
    description: str
    facts: dict[str, Any]
    items: list[ItemView]
    pools: dict[str, dict[str, int]]

    def to_json(self) -> dict[str, Any]:
        """DESIGN contract: {kind, name, items: [{name, level, price, ...}], pools}."""
        return {
            "kind": self.kind,
            "id": self.id,
            "name": self.name,
            **self.facts,
            "items": [i.to_json() for i in self.items],
            "pools": self.pools,
        }


def _usage(u: eq.PoolUsage) -> dict[str, dict[str, int]]:
    return {
        "regular": {"size": u.regular, "used": u.regular_used},
        "artifact": {"size": u.artifact, "used": u.artifact_used},
    }


def set_view(entity: Any) -> SetView:
    """The table of one set entity (weapon_set, armor_set or relic_set)."""
    from builder.io.project import Content
    from builder.rulesets.zodiac.items import _sets

    m = entity.model
    refs = [r for r in _sets(Content(entities=[entity])) if r.entity is entity]
    items = [item_view(r) for r in refs]
    facts: dict[str, Any]
    if entity.kind == "weapon_set":
        facts = {
            "weapon_class": m.weapon_class,
            "physical_points": m.physical_points,
            "magical_points": m.magical_points,
            "die": eq.die_label(eq.die_for_points(m.physical_points)),
            "magic_die": eq.die_label(eq.die_for_points(m.magical_points)),
            "long_range": m.long_range,
            "draw_out": m.draw_out,
        }
        pools = {"weapons": _usage(eq.weapon_pool_usage(m.long_range, m.weapons))}
    elif entity.kind == "armor_set":
        facts = {"armor_type": m.armor_type.value, "pool_layout": m.pools.value}
        layout = eq.armor_pools(m.pools.value)
        pools = {
            "armors": _usage(eq.armor_pool_usage(layout["armors"], m.armors)),
            "guards": _usage(eq.armor_pool_usage(layout["guards"], m.guards)),
        }
    elif entity.kind == "relic_set":
        u = eq.relic_pool_usage(m.relics)
        facts = {}
        pools = {
            "relics": {
                "points": u.points,
                "max_points": u.max_points,
                "count": u.count,
                "max_count": u.max_count,
                "artifacts": u.artifacts,
                "max_artifacts": u.max_artifacts,
            }
        }
    else:
        raise ValueError(f"not an equipment set: {entity.kind}")
    return SetView(
        kind=entity.kind,
        id=entity.id,
        name=m.name,
        description=m.description,
        facts=facts,
        items=items,
        pools=pools,
    )


# --------------------------------------------------------------------------- characters


@dataclass(frozen=True)
class Attack:
    """One attack line: ``1d8 x 10 + 25`` and what decides whether it lands."""

    name: str
    dice: int
    die: int
    multiplier: int
    ap: int
    accuracy: int
    critical: int
    element: str | None = None
    long_range: bool = False
    target_evade: int | None = None
    # Concentrate (Ch. IV): physical attacks "ALWAYS hit"; a critical deals triple damage.
    always_hits: bool = False
    critical_multiplier: int = T.CRITICAL_MULTIPLIER
    # Drain Weapon (Ch. V): % of the damage done the wielder regains; 0 without it.
    drain_percent: int = 0
    # The project's house rules: Damage Levels and the Damage Cap (Ch. VI, optional).
    house: HouseRules | None = None

    @property
    def damage(self) -> DamageRange:
        """One hit's range (every die at 1 to every die at its top), as the switches say."""
        return apply_damage_options(self.raw_low, self.raw_high, self.house)

    @property
    def text(self) -> str:
        return self.damage.formula(f"{self.dice}d{self.die} x {self.multiplier} + {self.ap}")

    @property
    def raw_low(self) -> int:
        """Least damage of a hit before the optional rules (Damage Levels, the cap)."""
        return self.dice * self.multiplier + self.ap

    @property
    def raw_high(self) -> int:
        """Most damage of a hit before the optional rules."""
        return self.dice * self.die * self.multiplier + self.ap

    @property
    def low(self) -> int:
        """Least damage of a hit: every die rolls 1."""
        return self.damage.low

    @property
    def high(self) -> int:
        """Most damage of a hit (not critical)."""
        return self.damage.high

    @property
    def flying_penalty(self) -> int:
        """Ch. VI Weapon Range: -60 for a short-range weapon against flying targets."""
        return eq.flying_penalty(self.long_range)

    @property
    def flying_accuracy(self) -> int:
        return self.accuracy + self.flying_penalty

    @property
    def flying_hit_chance(self) -> int | None:
        """% chance to hit a *flying* target of ``target_evade`` (None without a target)."""
        if self.target_evade is None:
            return None
        if self.always_hits:
            return 100
        return hit_chance(self.flying_accuracy, self.target_evade)

    def drain(self) -> dict[str, int] | None:
        """HP a Drain Weapon hit restores (before the target's-HP cap), or None."""
        if not self.drain_percent:
            return None
        crit = self.high * self.critical_multiplier
        return {
            "percent": self.drain_percent,
            "min": eq.drain_heal(self.low, self.drain_percent),
            "max": eq.drain_heal(self.high, self.drain_percent),
            "critical_max": eq.drain_heal(crit, self.drain_percent),
        }

    @property
    def hit_chance(self) -> int | None:
        """% chance to hit ``target_evade`` (None when no target was given)."""
        if self.target_evade is None:
            return None
        if self.always_hits:
            return 100
        return hit_chance(self.accuracy, self.target_evade)

    def outcomes(self) -> list[dmg.Outcome]:
        """What a hit deals as it lands (Ch. VI): critical (x2, x3 with Concentrate),
        against a resistant and a weak target, a defending and a Mini one, and while the
        attacker is Mini, a Frog or Cursed; Diff's critical 200 -> 400 is one of them."""
        d = self.damage
        return dmg.outcomes(d.raw_low, d.raw_high, crit=self.critical_multiplier, cap=d.cap)

    @property
    def blind_accuracy(self) -> int:
        """Accuracy while Blind: -30 to attack rolls (Ch. VI Blind)."""
        return self.accuracy + dmg.BLIND_PENALTY

    @property
    def blind_hit_chance(self) -> int | None:
        """% chance to hit ``target_evade`` while Blind (Concentrate still always hits)."""
        if self.target_evade is None:
            return None
        if self.always_hits:
            return 100
        return hit_chance(self.blind_accuracy, self.target_evade)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "text": self.text,
            "dice": self.dice,
            "die": f"d{self.die}",
            "multiplier": self.multiplier,
            "ap": self.ap,
            "min": self.low,
            "max": self.high,
            "damage_scale": self.damage.scale,
            "damage_cap": self.damage.cap,
            "accuracy": self.accuracy,
            "critical": self.critical,
            "element": self.element,
            "long_range": self.long_range,
            "target_evade": self.target_evade,
            "hit_chance": self.hit_chance,
            "always_hits": self.always_hits,
            "critical_multiplier": self.critical_multiplier,
            "drain": self.drain(),
            "outcomes": {o.key: o.to_json() for o in self.outcomes()},
            "blind": {
                "label": "while Blind",
                "penalty": dmg.BLIND_PENALTY,
                "accuracy": self.blind_accuracy,
                "hit_chance": self.blind_hit_chance,
            },
            "vs_flying": {
                "penalty": self.flying_penalty,
                "accuracy": self.flying_accuracy,
                "hit_chance": self.flying_hit_chance,
            },
        }


def hit_chance(accuracy: int, target_evade: int) -> int:
    """% of natural d100 rolls that hit: roll + Accuracy > Evade, or a natural 90+ (Ch. VI)."""
    return sum(1 for roll in range(1, 101) if roll >= NATURAL_HIT or roll + accuracy > target_evade)


@dataclass(frozen=True)
class Equipped:
    """What a character wears, resolved: items (unknown ids left out) and their sum."""

    weapon: ItemRef | None = None
    armor: ItemRef | None = None
    guard: ItemRef | None = None
    relics: tuple[ItemRef, ...] = ()

    @property
    def items(self) -> list[ItemRef]:
        return [r for r in (self.weapon, self.armor, self.guard, *self.relics) if r is not None]

    def total(self) -> eq.ItemBonus:
        out = eq.ItemBonus()
        for r in self.items:
            out = out + r.bonus()
        return out


def _one(index: ItemIndex, ref: str | None, slot: str) -> ItemRef | None:
    if ref is None:
        return None
    found = [r for r in index.lookup(ref) if r.slot == slot]
    return found[0] if len(found) == 1 else None


def resolve_equipment(c: Character, index: ItemIndex) -> Equipped:
    """The character's equipped items; ids that do not resolve are reported by the checks."""
    e = c.equipment
    relics = [_one(index, ref, "relic") for _, ref in e.relic_refs()]
    return Equipped(
        weapon=_one(index, e.weapon, "weapon"),
        armor=_one(index, e.armor, "armor"),
        guard=_one(index, e.guard, "guard"),
        relics=tuple(r for r in relics if r is not None),
    )


def equipment_bonus(equipped: Equipped) -> EquipmentBonus:
    """Chapter V items -> the derived-stat bonus of Ch. I Step 5 (R7: stats of every item)."""
    total = equipped.total()
    return EquipmentBonus(
        hp=total.hp,
        mp=total.mp,
        ap=total.ap,
        map=total.map,
        evade=total.evade,
        resist=total.resist,
        critical=-total.critical,  # ItemBonus: negative is better; EquipmentBonus: subtracted
        weapon_level=equipped.weapon.level or 0 if equipped.weapon else 0,
        move=total.move,
        jump=total.jump,
        stats={Stat(k): v for k, v in total.stats.items() if k in {s.value for s in STATS}},
        by_item=_by_item(equipped),
    )


_BONUS_FIELDS = ("hp", "mp", "ap", "map", "evade", "resist", "critical", "move", "jump")


def _by_item(equipped: Equipped) -> dict[str, tuple[tuple[str, str, int], ...]]:
    """Which item gave which bonus, so a derived stat's equipment term names its items."""
    out: dict[str, list[tuple[str, str, int]]] = {}
    for ref in equipped.items:
        b = ref.bonus()
        pairs = [(k, getattr(b, k)) for k in _BONUS_FIELDS]
        pairs += [(k, v) for k, v in b.stats.items() if k in {s.value for s in STATS}]
        for key, amount in pairs:
            if amount:
                out.setdefault(key, []).append((ref.qualified, ref.name, amount))
    return {k: tuple(v) for k, v in out.items()}


def attacks(
    view: CharacterView,
    equipped: Equipped,
    bonus: EquipmentBonus,
    support_skill: str | None,
    ruleset: Ruleset = DEFAULT,
    target_evade: int | None = None,
) -> list[Attack]:
    """The normal attack: weapon die class, Strength Dice x multiplier + AP (Ch. VI).

    Unarmed: d4, and Strength halved for Strength Dice and AP (Ch. VI Unarmed Attacks).
    """
    d = view.derived
    mult = ruleset.house.damage_die_multiplier
    concentrate = support_skill == "concentrate"  # not for Deathblow, not an Attack here
    sure = {
        "house": ruleset.house,
        "always_hits": concentrate,
        "critical_multiplier": (
            T.CONCENTRATE_CRITICAL_MULTIPLIER if concentrate else T.CRITICAL_MULTIPLIER
        ),
    }
    w = equipped.weapon
    if w is not None:
        b = w.bonus()
        return [
            Attack(
                name=w.name,
                dice=d["str_dice"].value,
                die=b.die or eq.UNARMED_DIE,
                multiplier=mult,
                ap=d["ap"].value,
                accuracy=d["accuracy"].value,
                critical=d["critical"].value,
                element=b.attack_element,
                long_range=bool(w.set.long_range),
                target_evade=target_evade,
                drain_percent=eq.drain_percent(getattr(w.item, "abilities", ())),
                **sure,
            )
        ]
    equipped_stats = {s: view.stats[s.value] + bonus.stats.get(s, 0) for s in STATS}
    halved = {**equipped_stats, Stat.STR: equipped_stats[Stat.STR] // 2}
    unarmed = rules.derived_stats(halved, view.level, support_skill, EquipmentBonus(), ruleset)
    return [
        Attack(
            name="Unarmed",
            dice=unarmed["str_dice"].value,
            die=eq.UNARMED_DIE,
            multiplier=mult,
            ap=unarmed["ap"].value,
            accuracy=d["accuracy"].value,
            critical=d["critical"].value,
            target_evade=target_evade,
            **sure,
        )
    ]


@dataclass(frozen=True)
class PurchaseLine:
    item: str
    name: str | None
    count: int
    price: int | None

    @property
    def total(self) -> int:
        return (self.price or 0) * self.count

    @property
    def sell_price(self) -> int | None:
        """What a shop pays for one: half the price (R25)."""
        return eq.sell_price(self.price)

    def to_json(self) -> dict[str, Any]:
        return {
            "item": self.item,
            "name": self.name,
            "count": self.count,
            "price": self.price,
            "sell_price": self.sell_price,
            "total": self.total,
        }


def purchase_lines(c: Character, index: ItemIndex) -> list[PurchaseLine]:
    out = []
    for p in c.purchases:
        found = index.lookup(p.item)
        ref = found[0] if len(found) == 1 else None
        out.append(
            PurchaseLine(p.item, ref.name if ref else None, p.count, ref.price if ref else None)
        )
    return out


@dataclass(frozen=True)
class InventoryRow:
    """One line of what a character carries besides the equipped items.

    ``source`` says where it was written: `purchases` (creation), `ledger`, `inventory`
    (or several, comma-separated). ``id`` is None for free text such as "rope".
    """

    name: str
    count: int
    price: int | None
    sell_price: int | None
    source: str
    id: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "count": self.count,
            "price": self.price,
            "sell_price": self.sell_price,
            "source": self.source,
        }


def gold_and_inventory(
    c: Character, index: ItemIndex, equipped: Equipped
) -> tuple[int | None, list[gold_rules.Term], list[InventoryRow]]:
    """Gold now with its terms, and the inventory rows (Ch. I Step 8, Ch. V, R25).

    With `purchases:` or `ledger:` gold is computed (200 G - purchases + ledger; a
    written `gold:` that disagrees is ZC180); without them `gold:` stands as written,
    and with no `gold:` either the character has the 200 G of creation, kept (Ch. I
    Step 8: "You keep any leftover money"), not an unknown amount.
    Items owned = purchases + ledger buys and finds - sales and uses + `inventory:`;
    each equipped item takes one of its copies out, so nothing is counted twice.
    """
    from collections import Counter

    from builder.rulesets.zodiac.checks.gold import as_item, character_account

    if c.purchases or c.ledger:
        acc = character_account(c, index)
        gold: int | None = acc.balance
        terms = acc.terms
        held, items = Counter(acc.held), dict(acc.items)
        origins = {k: list(v) for k, v in acc.origins.items()}
    elif c.gold is not None:
        gold = c.gold
        terms = [gold_rules.Term("as written", c.gold, "gold")]
        held, items, origins = Counter(), {}, {}
    else:
        start = gold_rules.account([], [])  # nothing bought: the 200 G of creation, kept
        gold, terms = start.balance, start.terms
        held, items, origins = Counter(), {}, {}
    free: dict[str, list[Any]] = {}  # normalised text -> [shown text, count]
    for text in c.inventory:
        found = index.lookup(text)
        if len(found) == 1:
            item = as_item(found[0])
            held[item.key] += 1
            items.setdefault(item.key, item)
            if "inventory" not in origins.setdefault(item.key, []):
                origins[item.key].append("inventory")
        else:
            free.setdefault(text.strip().casefold(), [text.strip(), 0])[1] += 1
    for ref in equipped.items:
        if held[ref.qualified] > 0:
            held[ref.qualified] -= 1
    rows = [
        InventoryRow(
            name=item.name,
            count=held[key],
            price=item.price,
            sell_price=gold_rules.sell_price(item.price) if item.price is not None else None,
            source=", ".join(origins[key]),
            id=key,
        )
        for key, item in items.items()
        if held[key] > 0
    ]
    rows += [InventoryRow(text, n, None, None, "inventory") for text, n in free.values()]
    return gold, terms, rows


def equipped_character_view(
    c: Character,
    index: ItemIndex,
    level: int | None = None,
    *,
    ruleset: Ruleset = DEFAULT,
    target_evade: int | None = None,
    **view_options: Any,
) -> CharacterView:
    """The character view with equipment: derived stats, items, attacks, affinities, gold.

    ``view_options`` pass through to ``character_view`` (so its other options keep working).
    """
    equipped = resolve_equipment(c, index)
    bonus = equipment_bonus(equipped)
    view = character_view(c, level, equipment=bonus, ruleset=ruleset, **view_options)
    total = equipped.total()
    lines = purchase_lines(c, index)
    gold, gold_breakdown, inventory_rows = gold_and_inventory(c, index, equipped)
    attack_lines = attacks(view, equipped, bonus, c.support_skill, ruleset, target_evade)
    stats = {s.value: view.stats[s.value] + bonus.stats.get(s, 0) for s in STATS}  # R7
    natural = c.natural_resistance.value if c.natural_resistance is not None else None
    view = replace(
        view,
        attacks=attack_lines,
        choices=skill_views.choices(c),
        # Ch. IV Natural Resistance: only with the skill (ZC161 refuses it otherwise).
        affinities=with_natural_resistance(
            total.elements, natural if c.support_skill == "natural-resistance" else None
        ),
    )
    return replace(
        view,
        skill_numbers=skill_views.skill_numbers(c, view, stats, ruleset.house),
        equipment=[item_view(r) for r in equipped.items],
        status_immunities=sorted(total.status_immunities),
        damage_taken_pct={
            k: v
            for k, v in (
                ("physical", total.physical_damage_pct),
                ("magical", total.magical_damage_pct),
            )
            if v
        },
        purchases=lines,
        gold=gold,
        gold_breakdown=gold_breakdown,
        inventory_rows=inventory_rows,
    )


__all__ = [
    "Attack",
    "Equipped",
    "InventoryRow",
    "ItemView",
    "SetView",
    "equipment_bonus",
    "equipped_character_view",
    "gold_and_inventory",
    "hit_chance",
    "item_view",
    "resolve_equipment",
    "set_view",
]
