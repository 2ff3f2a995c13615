"""Chapter V's tables that item content is validated against: statuses, stats, elements.

``models.equipment`` checks that an ability names a status or stat the book's table has;
``rules.equipment`` prices and applies the same tables, so they live below both (see
``tables/__init__``). Tables only the formulas read stay in ``rules.equipment``.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from builder.models.base import norm_key
from builder.text import printable, shorten

# Status names differ between the book's tables ("Confuse"/"Confusion",
# "DSentence"/"Death Sentence", "Death"/"Instant Death"); every table below uses
# the canonical id on the right.
STATUS_ALIASES: dict[str, str] = {
    "confusion": "confuse",
    "dsentence": "death_sentence",
    "d_sentence": "death_sentence",
    "death": "instant_death",
    "m_barrier": "mbarrier",
    "magic_barrier": "mbarrier",
}


def canonical_status(name: str) -> str:
    """'Confusion' / 'DSentence' -> 'confuse' / 'death_sentence' (one id per status)."""
    key = norm_key(name)
    return STATUS_ALIASES.get(key, key)


def status_not_in_table(aid: str, item: str, table: Iterable[str]) -> str:
    """Why a status is refused where a book table prices it: the nearest row, then all.

    Used by the models for the cost tables (they stay tables); a status the catalogue
    knows but the table lacks gets the same answer: this table has no row for it.
    """
    rows = sorted(table)
    near = difflib.get_close_matches(canonical_status(item), rows, n=1)
    hint = f"; did you mean '{near[0]}'?" if near and len(item) <= 100 else ""
    return (
        f"{aid}: {shorten(printable(repr(item)))} has no row in this table{hint} "
        f"(choose from {', '.join(rows)})"
    )


# --------------------------------------------------------------------------- weapons

# Chapter V, Weapon Status Effect table: status -> point cost.
WEAPON_STATUS_EFFECT_COST: dict[str, int] = {
    "blind": 2,
    "death_sentence": 2,
    "poison": 2,
    "sleep": 2,
    "stun": 2,
    "charm": 3,
    "curse": 3,
    "seal": 3,
    "venom": 3,
}

# --------------------------------------------------------------------------- draw out

# Draw Out Break: the stats it may lower.
DRAW_OUT_BREAK_STATS: tuple[str, ...] = ("str", "mag", "agi")
# Draw Out Status Effect table: status -> (level, base chance %); ``None`` chance
# marks a positive effect ("-----" in the book).
DRAW_OUT_STATUS: dict[str, tuple[int, int | None]] = {
    "stun": (1, 35),
    "poison": (1, 35),
    "berserk": (2, 30),
    "curse": (2, 30),
    "death_sentence": (2, 30),
    "blind": (3, 20),
    "slow": (3, 20),
    "sleep": (3, 20),
    "seal": (3, 20),
    "frog": (4, 10),
    "mini": (4, 10),
    "confuse": (4, 10),
    "stop": (5, 5),
    "stone": (5, 5),
    "charm": (5, 5),
    "venom": (5, 5),
    "instant_death": (7, 0),
    "haste": (4, None),
    "barrier": (4, None),
    "mbarrier": (4, None),
    "regen": (5, None),
    "reraise": (5, None),
    "wall": (5, None),
}

# --------------------------------------------------------------------------- armor

# Chapter V, Armor Abilities: the elemental ones and the affinity each gives.
ARMOR_ELEMENT_ABILITIES: dict[str, str] = {
    "elemental_resistance": "resist",
    "elemental_immunity": "immune",
    "elemental_absorbency": "absorb",
    "elemental_weakness": "weak",
}
# Chapter V, Armor Stat Bonus table: (base, per armor level); R22.
ARMOR_STAT_BONUS: dict[str, tuple[int, int]] = {
    "str": (3, 2),
    "mag": (3, 2),
    "agi": (3, 2),
    "resist": (2, 1),
    "vit": (1, 1),
    "spr": (1, 1),
}
# Chapter V, Armor Status Immunity table: status -> point cost. A piece pays its
# dearest immunity, then 1 point for each further one.
ARMOR_STATUS_IMMUNITY_COST: dict[str, int] = {
    **dict.fromkeys(("stun", "poison", "berserk", "slow", "blind", "death_sentence"), 1),
    **dict.fromkeys(("zombie", "sleep", "venom", "mini", "curse", "confuse"), 2),
    **dict.fromkeys(("stop", "stone", "frog", "charm", "seal"), 3),
}

# --------------------------------------------------------------------------- relics

# Chapter V, relic Status Immunity list: status -> points for ONE immunity.
RELIC_STATUS_IMMUNITY_COST: dict[str, int] = {
    **dict.fromkeys(
        (
            "berserk", "blind", "charm", "confuse", "curse", "frog", "mini", "poison",
            "seal", "sleep", "slow", "stop", "stun", "venom", "zombie",
        ),
        1,
    ),
    **dict.fromkeys(("instant_death", "death_sentence", "stone"), 2),
}  # fmt: skip
