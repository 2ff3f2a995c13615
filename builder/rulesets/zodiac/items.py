"""Equipment items by id across a content project.

Weapons, armors, guards and relics live *inside* sets, so a character's
``equipment: {weapon: broadsword}`` needs an index of item ids over every set of
the project (plus potions, which are documents of their own). An id that two sets
share is ambiguous; ``set-id/item-id`` names one of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from builder.models.base import norm_id
from builder.rulesets.zodiac.rules import equipment as eq

if TYPE_CHECKING:
    from builder.io.project import Content, Entity

SLOTS: tuple[str, ...] = ("weapon", "armor", "guard", "relic", "potion")


@dataclass(frozen=True)
class ItemRef:
    """One item found in the project: which slot it fills, its set and its numbers."""

    slot: str  # weapon | armor | guard | relic | potion
    id: str
    name: str
    level: int | None
    item: Any  # Weapon | ArmorPiece | Relic | Potion model
    set: Any  # WeaponSet | ArmorSet | RelicSet | Potion model
    entity: Entity

    @property
    def set_id(self) -> str:
        return self.entity.id

    @property
    def qualified(self) -> str:
        return self.id if self.slot == "potion" else f"{self.set_id}/{self.id}"

    @property
    def artifact(self) -> bool:
        if self.slot == "relic":
            return bool(self.item.artifact)
        return self.level is not None and eq.is_artifact(self.level)

    @property
    def points(self) -> int:
        """Ability points the item spends (net for armor; 0 for potions)."""
        if self.slot == "weapon":
            return eq.weapon_points_used(a for a in self.item.abilities if a.id != "long_range")
        if self.slot in ("armor", "guard"):
            return eq.armor_piece_cost(self.item.abilities).net
        if self.slot == "relic":
            return eq.relic_points(self.item.options)
        return 0

    @property
    def price(self) -> int | None:
        """Shop price in gold; ``None`` where it cannot be bought (artifacts, R25)."""
        if self.slot == "weapon":
            return eq.weapon_price(self.level or 1)
        if self.slot == "armor":
            return eq.armor_price(self.level or 1)
        if self.slot == "guard":
            return eq.guard_price(self.level or 1)
        if self.slot == "relic":
            return eq.relic_price(self.points, self.item.artifact)
        return self.item.price

    def bonus(self) -> eq.ItemBonus:
        """What the item adds to its wearer (potions add nothing while carried)."""
        if self.slot == "weapon":
            s = self.set
            return eq.weapon_bonus(
                s.physical_points, s.magical_points, self.level or 1, self.item.abilities
            )
        if self.slot == "armor":
            return eq.armor_bonus(self.set.armor_type.value, self.level or 1, self.item.abilities)
        if self.slot == "guard":
            return eq.guard_bonus(self.level or 1, self.item.abilities)
        if self.slot == "relic":
            return eq.relic_bonus(self.item.options)
        return eq.ItemBonus()


@dataclass
class ItemIndex:
    """Item id -> every item with that id (more than one means ambiguous)."""

    by_id: dict[str, list[ItemRef]]

    def lookup(self, ref: str) -> list[ItemRef]:
        """Items a reference names: ``item-id`` or ``set-id/item-id``."""
        set_part, _, item_part = ref.rpartition("/")
        found = self.by_id.get(norm_id(item_part), [])
        if set_part:
            found = [r for r in found if r.set_id == norm_id(set_part)]
        return found

    def ids(self, slot: str | None = None) -> list[str]:
        return sorted({i for i, refs in self.by_id.items() for r in refs if slot in (None, r.slot)})


def _sets(content: Content) -> list[ItemRef]:
    out: list[ItemRef] = []
    for e in content.entities:
        m = e.model
        if e.kind == "weapon_set":
            out += [ItemRef("weapon", w.id, w.name, w.level, w, m, e) for w in m.weapons]
        elif e.kind == "armor_set":
            out += [ItemRef("armor", a.id, a.name, a.level, a, m, e) for a in m.armors]
            out += [ItemRef("guard", g.id, g.name, g.level, g, m, e) for g in m.guards]
        elif e.kind == "relic_set":
            out += [ItemRef("relic", r.id, r.name, None, r, m, e) for r in m.relics]
        elif e.kind == "potion":
            out.append(ItemRef("potion", e.id, m.name, None, m, m, e))
    return out


@cache
def core_potions() -> tuple[ItemRef, ...]:
    """The book's potions (content/core), for projects that did not load them."""
    from builder.io.project import load_content
    from builder.paths import core_dir

    return tuple(
        r for r in _sets(load_content([core_dir() / "potions.yaml"])) if r.slot == "potion"
    )


def item_index(content: Content) -> ItemIndex:
    """Index every item of ``content`` (cached on the Content object)."""
    cached = content.__dict__.get("_item_index")
    if cached is not None:
        return cached
    refs = _sets(content)
    if not any(r.slot == "potion" for r in refs):
        refs += list(core_potions())
    by_id: dict[str, list[ItemRef]] = {}
    for r in refs:
        by_id.setdefault(r.id, []).append(r)
    index = ItemIndex(by_id)
    content.__dict__["_item_index"] = index
    return index
