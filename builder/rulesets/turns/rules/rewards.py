"""Experience and Rewards (turns-and-actions.txt L849-871), pure functions.

The chapter gives the rules of sharing, not amounts: how much XP and gil a monster drops
is on its sheet (``rewards:``). What it says, line by line:

- L853: all experience is collected and divided equally among the combatants, the
  neutralized ones included. NPCs and befriended monsters who fought are combatants
  (L417-419 keep the others out of the fight). The division rounds down like every
  division of the chapter (R1); what is left is not handed out.
- L855: the gil dropped is multiplied by the non-NPC players, "so that way there's enough
  for everyone"; NPCs and befriended monsters do not count (L421-422).
- L857-859: a Harvest check beating the sheet's score drops the better loot instead.
- L867 (L437-438): a monster that had Aggro when it died gives +5 to its loot-drop check.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

AGGRO_LOOT_BONUS = 5  # L867: "+5 to their loot-drop checks"


@dataclass(frozen=True, slots=True)
class XpSplit:
    """The XP of a battle divided among its combatants (L853; R1: rounded down)."""

    total: int
    combatants: int
    each: int
    remainder: int  # not handed out

    def to_json(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "combatants": self.combatants,
            "each": self.each,
            "remainder": self.remainder,
        }


def split_xp(total: int, combatants: int) -> XpSplit:
    """L853: every combatant, neutralized or not, NPC or not, gets an equal share.

    The chapter does not say how to round; its divisions round down (R1), so each gets
    ``total // combatants`` and the remainder is not handed out.
    """
    if combatants < 1:
        raise ValueError("XP is divided among at least one combatant")
    if total < 0:
        raise ValueError("XP is never negative")
    each, rest = divmod(total, combatants)
    return XpSplit(total, combatants, each, rest)


def party_gil(dropped: int, players: int) -> int:
    """L855: the gil dropped, multiplied by the non-NPC players (L421-422: NPCs don't count).

    Each player thus gets what the monsters dropped; a party of NPCs alone gets no gil.
    """
    if players < 0 or dropped < 0:
        raise ValueError("gil and players are never negative")
    return dropped * players


def loot_check_bonus(aggro: bool) -> int:
    """L867: +5 to the loot-drop check of a monster that died with Aggro, else nothing."""
    return AGGRO_LOOT_BONUS if aggro else 0


def loot_check_beats(score: int, aggro: bool) -> int:
    """What the check before its bonus must beat for the better loot (L857-859, L867).

    A sheet's Harvest score of 14 must be beaten: 15 or more; with Aggro's +5 a check of
    10 or more (beats 9) does it.
    """
    return score - loot_check_bonus(aggro)


__all__ = [
    "AGGRO_LOOT_BONUS",
    "XpSplit",
    "loot_check_beats",
    "loot_check_bonus",
    "party_gil",
    "split_xp",
]
