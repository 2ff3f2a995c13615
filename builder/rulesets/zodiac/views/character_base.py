"""The character view's record and its own numbers: what every other character view extends.

``CharacterView`` and ``character_view`` (Chapter I at a chosen level: stats, derived
stats, XP, Tech Points, the level-by-level history) sit here, under the views that add
equipment (``views.equipment``), Techs (``views.techs``) and Map Combat to them, so all
of those can import the record without a circle. ``views.character`` composes them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from builder.models.base import STATS, Stat
from builder.rulesets.zodiac.catalog import Skill, skills
from builder.rulesets.zodiac.models.character import Character
from builder.rulesets.zodiac.rules import character as rules
from builder.rulesets.zodiac.rules.character import DERIVED_KEYS, EquipmentBonus, Value
from builder.rulesets.zodiac.rules.ruleset import DEFAULT, Ruleset


@dataclass(frozen=True)
class LevelRow:
    level: int
    points: dict[str, int]
    fifth_bonus: bool
    overflow: dict[str, int]
    stats: dict[str, int]
    hp: int
    mp: int
    tech_points: int


@dataclass(frozen=True)
class CharacterView:
    name: str
    id: str
    level: int
    file_level: int
    xp: int | None
    xp_next: int | None
    class_power: str
    armor_type: str
    weapon_class: str | None
    command_skill: Skill | None
    support_skill: Skill | None
    stats: dict[str, int]
    derived: dict[str, Value]
    tech_points_total: int
    tech_points_spent: int
    unspent_bonus_points: int
    # Equipment (builder.rulesets.zodiac.views.equipment fills these; empty for an unequipped view).
    equipment: list[Any] = field(default_factory=list)  # ItemView
    attacks: list[Any] = field(default_factory=list)  # Attack
    affinities: dict[str, str] = field(default_factory=dict)
    status_immunities: list[str] = field(default_factory=list)
    damage_taken_pct: dict[str, int] = field(default_factory=dict)
    purchases: list[Any] = field(default_factory=list)  # PurchaseLine
    gold: int | None = None
    history: list[LevelRow] = field(default_factory=list)
    techs: list[dict[str, Any]] = field(default_factory=list)
    # Map Combat movement (rules.map_combat.Movement); None unless the project plays it (R32).
    map_combat: Any = None

    @property
    def tech_points_available(self) -> int:
        return self.tech_points_total - self.tech_points_spent

    def to_json(self) -> dict[str, Any]:
        """The DESIGN contract keys, plus breakdowns and history for scripts that want them."""
        return {
            "name": self.name,
            "id": self.id,
            "level": self.level,
            "xp": self.xp,
            "xp_to_next_level": self.xp_next,
            "class_power": self.class_power,
            "armor_type": self.armor_type,
            "weapon_class": self.weapon_class,
            "command_skill": self.command_skill.id if self.command_skill else None,
            "support_skill": self.support_skill.id if self.support_skill else None,
            "stats": self.stats,
            "derived": {k: self.derived[k].value for k in DERIVED_KEYS},
            "breakdown": {k: self.derived[k].explain() for k in DERIVED_KEYS},
            "tech_points": {
                "total": self.tech_points_total,
                "spent": self.tech_points_spent,
                "available": self.tech_points_available,
            },
            "techs": self.techs,
            "equipment": [i.to_json() for i in self.equipment],
            "attacks": [self._attack_json(a) for a in self.attacks],
            "map_combat": self.map_combat.to_json() if self.map_combat is not None else None,
            "affinities": self.affinities,
            "status_immunities": self.status_immunities,
            "damage_taken_pct": self.damage_taken_pct,
            "purchases": [p.to_json() for p in self.purchases],
            "gold": self.gold,
            "unspent_bonus_points": self.unspent_bonus_points,
            "history": [row.__dict__ for row in self.history],
        }

    def _attack_json(self, attack: Any) -> dict[str, Any]:
        """An attack line; with Map Combat on, its R and Accuracy by angle too (R30)."""
        out = attack.to_json()
        if self.map_combat is not None:
            from builder.rulesets.zodiac.views.map_combat import attack_fields

            out.update(attack_fields(attack.long_range, attack.accuracy))
        return out


def _named(block: dict[Stat, int]) -> dict[str, int]:
    return {s.value: block[s] for s in STATS}


def character_view(
    c: Character,
    level: int | None = None,
    *,
    equipment: EquipmentBonus | None = None,
    ruleset: Ruleset = DEFAULT,
) -> CharacterView:
    """Compute the character at ``level`` (default: the file's level).

    ``level`` may be lower than the file's to show the character as it was then;
    the caller checks it is within 1..file level.
    """
    file_level = rules.character_level(c)
    at = file_level if level is None else level
    prog = rules.progress(
        c.base_stats.as_block(),
        [e.as_block() for e in c.advancement],
        [e.overflow.as_block() if e.overflow else None for e in c.advancement],
        at,
    )
    own = prog.stats_at(at)
    history = []
    for lvl in range(1, at + 1):
        st = prog.stats_at(lvl)
        d = rules.derived_stats(st, lvl, c.support_skill, equipment, ruleset)
        step = prog.steps[lvl - 2] if lvl >= 2 else None
        history.append(
            LevelRow(
                level=lvl,
                points={s.value: v for s, v in (step.points if step else {}).items() if v},
                fifth_bonus=rules.is_fifth_level(lvl),
                overflow={s.value: v for s, v in (step.overflow if step else {}).items() if v},
                stats=_named(st),
                hp=d["hp"].value,
                mp=d["mp"].value,
                tech_points=rules.tech_points(lvl, st[Stat.MAG]),
            )
        )
    xp = c.xp if (c.xp is not None and at == file_level) else rules.xp_for_level(at)
    cat = skills()
    return CharacterView(
        name=c.name,
        id=c.key,
        level=at,
        file_level=file_level,
        xp=xp,
        xp_next=rules.xp_to_next(at, xp),
        class_power=c.class_power.value,
        armor_type=c.armor_type.value,
        weapon_class=c.weapon_class,
        command_skill=cat.command.get(c.command_skill),
        support_skill=cat.support.get(c.support_skill),
        stats=_named(own),
        derived=rules.derived_stats(own, at, c.support_skill, equipment, ruleset),
        tech_points_total=rules.tech_points(at, own[Stat.MAG])
        if c.class_power.value == "tech"
        else 0,
        tech_points_spent=0,
        unspent_bonus_points=prog.unspent,
        history=history,
    )
