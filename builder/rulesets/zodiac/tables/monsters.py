"""The Monster Power List (Appendix I Step 4) as data: every power, its level, its parameters.

``models.monster`` checks a power's id and parameters against it and ``rules.monsters``
prices monsters with it, so it lives below both (see ``tables/__init__``).
``content/core/monster_powers.yaml`` is the user-facing catalogue; a test keeps the two
in step.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PowerSpec:
    """One power of the Monster Power List; ``level`` None means variable (Level *)."""

    id: str
    name: str
    level: int | None
    params: tuple[str, ...] = ()
    required: tuple[str, ...] = ()
    # The parameter a scalar sets in the short form ``- resistance: fire``.
    primary: str | None = None


def _p(id_: str, level: int | None, *params: str, required: Iterable[str] = ()) -> PowerSpec:
    name = " ".join(w if w in ("for", "of") else w.capitalize() for w in id_.split("_"))
    req = tuple(required)
    return PowerSpec(id_, name, level, params, req, params[0] if params else None)


POWERS: dict[str, PowerSpec] = {
    p.id: p
    for p in (
        # Level * (variable): the scalar of the short form is the level, ``- exceptional_stats: 2``
        _p("combination_attack", None, "level"),
        _p("exceptional_stats", None, "level", "extra", required=["level"]),
        _p("final_attack", None, "level", "tech", "tech_level", "variant", required=["level"]),
        _p("multiple_parts", None, "level"),
        # Level 0
        _p("undead", 0),
        _p("unusual_defense", 0, "resists", required=["resists"]),
        _p("weakness", 0, "element", required=["element"]),
        # Level 1
        _p("flight", 1),
        _p("item_use", 1, "item", required=["item"]),
        _p("lesser_counterattack", 1),
        _p("lesser_magical_counterattack", 1),
        _p("command_skill", 1, "skill", required=["skill"]),
        _p("resistance", 1, "element", required=["element"]),
        _p("weak_status_touch", 1, "status", required=["status"]),
        # Level 2
        _p("agile", 2),
        _p("call_minions", 2, "monsters", required=["monsters"]),
        _p("immunity", 2, "element", required=["element"]),
        _p("weak_regeneration", 2),
        # Level 3
        _p("controlled_defense", 3),
        _p("counterattack", 3),
        _p("lesser_absorbency", 3, "element", required=["element"]),
        _p("magical_counterattack", 3),
        _p("major_item_use", 3, "item", required=["item"]),
        _p("status_touch", 3, "status", required=["status"]),
        # Level 4
        _p("call_for_help", 4),
        _p("fear", 4),
        _p("greater_absorbency", 4, "element", required=["element"]),
        _p("regeneration", 4),
        # Level 5
        _p("force_of_will", 5, "tech", "tech_level", required=["tech"]),
        _p("powerful_item_use", 5, "item", required=["item"]),
        _p("strong_status_touch", 5, "status", required=["status"]),
        # Level 6
        _p("call_for_superiors", 6, "monsters", required=["monsters"]),
        _p("greater_counterattack", 6),
        _p("greater_fear", 6),
        _p("greater_force_of_will", 6, "tech", "tech_level", required=["tech"]),
        _p("greater_magical_counterattack", 6),
    )
}
