"""The character view's record and its own numbers: what every other character view extends.

``CharacterView`` and ``character_view`` (Chapter I at a chosen level: stats, derived
stats, XP, Tech Points, the level-by-level history) sit here, under the views that add
equipment (``views.equipment``), Techs (``views.techs``) and Map Combat to them, so all
of those can import the record without a circle. ``views.character`` composes them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from builder.explain import Term
from builder.models.base import STATS, Stat
from builder.rulesets.zodiac.catalog import Skill, skills
from builder.rulesets.zodiac.models.character import Character
from builder.rulesets.zodiac.rules import character as rules
from builder.rulesets.zodiac.rules.character import DERIVED_KEYS, EquipmentBonus, Value
from builder.rulesets.zodiac.rules.ruleset import DEFAULT, Ruleset
from builder.rulesets.zodiac.rules.speed import SpeedSummary, speed_summary


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
    # How `gold` was reached: rules.gold.Term rows (starting, purchases, ledger, or as written).
    gold_breakdown: list[Any] = field(default_factory=list)
    # What is carried beyond the equipped items: views.equipment.InventoryRow.
    inventory_rows: list[Any] = field(default_factory=list)
    history: list[LevelRow] = field(default_factory=list)
    techs: list[dict[str, Any]] = field(default_factory=list)
    # Tech id -> cost name -> terms (rules.techs.TechCosts.terms), for `show --explain`.
    tech_terms: dict[str, dict[str, Any]] = field(default_factory=dict)
    # Map Combat movement (rules.map_combat.Movement); None unless the project plays it (R32).
    map_combat: Any = None
    # Turns (rules.speed.SpeedSummary): SP per round, actions in rounds 1-3 (Ch. VI).
    speed: SpeedSummary | None = None
    # Chapter IV: the skills' creation choices and their numbers as rows
    # {skill, label, value, note, breakdown} (views.skills; filled with equipment).
    choices: dict[str, Any] = field(default_factory=dict)
    skill_numbers: list[dict[str, str]] = field(default_factory=list)
    # How the own stats and the XP still needed were reached (rules.character.stat_terms,
    # xp_to_next_terms), for `show --explain stats.str` / `xp_to_next_level`.
    stat_terms: dict[str, tuple[Term, ...]] = field(default_factory=dict)
    xp_next_terms: tuple[Term, ...] = ()

    @property
    def tech_points_available(self) -> int:
        return self.tech_points_total - self.tech_points_spent

    def to_json(self) -> dict[str, Any]:
        """The DESIGN contract keys, plus breakdowns and history for scripts that want them."""
        return {
            "name": self.name,
            "id": self.id,
            "level": self.level,
            "file_level": self.file_level,
            "xp": self.xp,
            "xp_to_next_level": self.xp_next,
            "class_power": self.class_power,
            "armor_type": self.armor_type,
            "weapon_class": self.weapon_class,
            "command_skill": self.command_skill.id if self.command_skill else None,
            "support_skill": self.support_skill.id if self.support_skill else None,
            "choices": self.choices,
            "skills": self._skills_json(),
            "stats": self.stats,
            "derived": {k: self.derived[k].value for k in DERIVED_KEYS},
            "breakdown": {k: self.derived[k].explain() for k in DERIVED_KEYS},
            "tech_points": {
                "total": self.tech_points_total,
                "spent": self.tech_points_spent,
                "available": self.tech_points_available,
            },
            "techs": self.techs,
            "equipment": [self._item_json(i) for i in self.equipment],
            "attacks": [self._attack_json(a) for a in self.attacks],
            "map_combat": self.map_combat.to_json() if self.map_combat is not None else None,
            "speed": self.speed.to_json() if self.speed is not None else None,
            "affinities": self.affinities,
            "status_immunities": self.status_immunities,
            "damage_taken_pct": self.damage_taken_pct,
            "purchases": [p.to_json() for p in self.purchases],
            "gold": self.gold,
            "gold_breakdown": [t.to_json() for t in self.gold_breakdown],
            "inventory": [r.to_json() for r in self.inventory_rows],
            "unspent_bonus_points": self.unspent_bonus_points,
            "history": [row.__dict__ for row in self.history],
        }

    def _skills_json(self) -> dict[str, Any]:
        """Command and Support Skill with their numbers (Ch. IV); rows keep their breakdown."""
        out: dict[str, Any] = {}
        for kind, skill in (("command", self.command_skill), ("support", self.support_skill)):
            if skill is None:
                out[kind] = None
                continue
            out[kind] = {
                "id": skill.id,
                "name": skill.name,
                "summary": skill.summary,
                "numbers": [
                    {k: row[k] for k in ("label", "value", "note", "breakdown")}
                    for row in self.skill_numbers
                    if row["skill"] == skill.id
                ],
            }
        return out

    @staticmethod
    def _item_json(item: Any) -> dict[str, Any]:
        """An equipped item with its set's name, as the terminal table prints it."""
        return {**item.to_json(), "set_name": item.set_name}

    def _attack_json(self, attack: Any) -> dict[str, Any]:
        """An attack line; with Map Combat on, its R and Accuracy by angle too (R30),
        and the note the terminal prints under it."""
        out = attack.to_json()
        if self.map_combat is not None:
            from builder.rulesets.zodiac.views.map_combat import attack_fields, attack_note

            out.update(attack_fields(attack.long_range, attack.accuracy))
            out["map_note"] = attack_note(attack.long_range, attack.accuracy)
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
    written = c.xp is not None and at == file_level
    xp = c.xp if written else rules.xp_for_level(at)
    derived = rules.derived_stats(own, at, c.support_skill, equipment, ruleset)
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
        derived=derived,
        speed=speed_summary(derived["speed"].value),
        tech_points_total=rules.tech_points(at, own[Stat.MAG])
        if c.class_power.value == "tech"
        else 0,
        tech_points_spent=0,
        unspent_bonus_points=prog.unspent,
        history=history,
        stat_terms=rules.stat_terms(prog, at),
        xp_next_terms=rules.xp_to_next_terms(at, xp, written=written),
    )
