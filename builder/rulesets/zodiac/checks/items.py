"""Item references: the one lookup every check that names an item uses.

A character's equipment and purchases and a job's equipment bands all name items by id
(Ch. V; ``set-id/item-id`` when two sets share one). The codes (ZC150-ZC152) are listed
with the character checks, ``builder.rulesets.zodiac.checks.character.CODES``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.diagnostics import did_you_mean
from builder.problems import Problem
from builder.text import a_or_an

if TYPE_CHECKING:
    from builder.problems import PathPart
    from builder.rulesets.zodiac.items import ItemIndex, ItemRef

_CH_EQUIP = "Ch. V Equipment"


def resolve_item(
    index: ItemIndex, ref: str, slot: str | None, path: tuple[PathPart, ...]
) -> tuple[ItemRef | None, list[Problem]]:
    """The one item ``ref`` names (in ``slot`` when given), or the problems saying why not."""
    found = index.lookup(ref)
    if not found:
        hint = did_you_mean(ref.rpartition("/")[2], index.ids(slot))
        what = f"{slot} " if slot else "item "
        return None, [
            Problem(
                "ZC150",
                f"no {what}'{ref}' in this project{hint}; ids come from the items' names in "
                "weapon, armor and relic sets (and the potion list)",
                _CH_EQUIP,
                path,
            )
        ]
    fitting = [r for r in found if slot is None or r.slot == slot]
    if not fitting:
        other = found[0]
        return None, [
            Problem(
                "ZC152",
                f"'{ref}' is {a_or_an(other.slot)} ({other.name} of {other.set.name}), "
                f"not {a_or_an(slot)}; "
                f"equip it under `{other.slot}:`",
                _CH_EQUIP,
                path,
            )
        ]
    if len(fitting) > 1:
        names = ", ".join(r.qualified for r in fitting)
        return None, [
            Problem(
                "ZC151",
                f"'{ref}' names {len(fitting)} items ({names}); write one of them in full",
                "manual: Writing content",
                path,
            )
        ]
    return fitting[0], []
