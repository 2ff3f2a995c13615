"""99 Towers' `combatant new` (issue 26): the combat chapter's combatant, step by step.

The chapter derives none of a combatant's numbers (they come from Aspects, outside it):
they are the sheet's inputs, asked in the order the chapter introduces them (Creature
Sizes, Initiative [N] and the Combat Values, Strength, Endurance, STUN and LETHAL,
damage types, weapons, Companions and Minions). Each answer is checked by writing the
combatant so far (later steps at defaults that validate) and running the model and the
checks `zodiac validate` runs, so a refusal is `validate`'s own message; the numbers the
chapter does work out (Size Rank, the phase a King puts it in, dead at, grapple, Aim)
come from the view `zodiac show` prints. Nothing here prints.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.io.yaml import yaml_scalar
from builder.models.base import norm_id
from builder.rulesets.towers99.tables import (
    CHAPTER,
    COMPANION_TYPES,
    DAMAGE_TYPES,
    SIZE_ALIASES,
    SIZE_RANKS,
    SIZE_SPACE,
)
from builder.wizard import (
    NONE,
    Answers,
    ChecksLikeValidate,
    Choice,
    Question,
    flow_ids,
    flow_map,
    listed,
    pairs_text,
    read_list,
    read_pairs,
    whole,
)

if TYPE_CHECKING:
    from builder.io.project import Content

VALUES = ("n", "pa", "sa", "pd", "id", "px", "spd", "er", "ir")
DEFAULT_VALUES = {"n": 2, "pa": 4, "sa": 1, "pd": 3, "id": 2, "px": 2, "spd": 6, "er": 1, "ir": 1}
STRENGTH = ("soft", "hard")
DEFAULT_STRENGTH = {"soft": 2, "hard": 2}


class CombatantWizard(ChecksLikeValidate):
    """The steps of a 99 Towers combatant and the file they make."""

    def __init__(
        self,
        content: Content,
        settings: Any = None,
        *,
        replaces: Callable[[str], Path | None] = lambda _: None,
    ) -> None:
        """``replaces(name)``: the file the new combatant may overwrite (``--force``)."""
        self.content = content
        self.settings = settings
        self.replaces = replaces
        self.weapons = {e.id: e for e in content.of_kind("weapon")}
        self.combatants = {e.id: e for e in content.of_kind("combatant")}

    def defaults(self) -> Answers:
        return {
            "name": "Nameless",
            "size": "medium",
            "values": dict(DEFAULT_VALUES),
            "strength": dict(DEFAULT_STRENGTH),
            "endurance": 2,
            "stun": 12,
            "lethal": 6,
            "immunities": [],
            "susceptibilities": [],
            "weapons": [],
            "owner": None,
            "companion_type": None,
        }

    def render(self, answers: Answers, *, schema: str | None = None) -> str:
        """The commented combatant file of ``answers`` (missing steps at their defaults)."""
        a = {**self.defaults(), **answers}
        size = a["size"]
        rank = SIZE_RANKS.get(SIZE_ALIASES.get(size, size))
        lines = [schema] if schema else []
        lines += [
            "# Made by `zodiac combatant new`; `zodiac validate` checks it. The combat chapter",
            "# derives none of these values: they are the sheet's own.",
            "kind: combatant",
            f"name: {yaml_scalar(a['name'])}",
            f"size: {yaml_scalar(size)}"
            + (
                f"  # Size Rank {rank} (Creature Sizes, Size Modifiers)" if rank is not None else ""
            ),
            f"values: {flow_map(a['values'])}  # Initiative [N], then the Combat Values",
            f"strength: {flow_map(a['strength'])}  # [SS] adds to <PD>, [HS] grapples",
            f"endurance: {a['endurance']}  # [E]: dead at -2 x E LETHAL",
            f"stun: {a['stun']}",
            f"lethal: {a['lethal']}  # disabled at 0, dying below",
        ]
        for key in ("immunities", "susceptibilities"):
            if a[key]:
                lines.append(f"{key}: {flow_ids(a[key])}")
        lines.append(f"weapons: {flow_ids(a['weapons'])}")
        if a["owner"]:
            lines.append(
                f"owner: {yaml_scalar(a['owner'])}  # a companion (Companions and Minions)"
            )
            if a["companion_type"]:
                lines.append(f"companion_type: {yaml_scalar(a['companion_type'])}")
        return "\n".join(lines) + "\n"

    @property
    def rule_set(self) -> Any:
        from builder.rulesets.towers99 import RULESET

        return RULESET

    def check(self, entity: Any) -> Any:
        """The construction rules `validate` runs on this kind."""
        from builder.rulesets.towers99.checks import CheckContext
        from builder.rulesets.towers99.checks.combatants import check_combatant

        return check_combatant(entity, CheckContext(self.content))

    def preview(self, answers: Answers) -> list[str]:
        """The numbers the chapter works out, from the view `zodiac show` prints."""
        from builder.rulesets.towers99.views.entities import combatant_view

        if "size" not in answers:
            return []
        entity, _ = self.entity(answers)
        if entity is None:
            return []
        v = combatant_view(entity.model, entity.id, self.weapons)
        g = v["grapple"]
        return [
            f"so far: Size Rank {v['size_rank']}, first acts in phase "
            f"{v['start_phase']['phase']} with a King, STUN {v['stun']}, LETHAL {v['lethal']} "
            f"(dead at {v['dead_at']}), grapple {g['attack']}/{g['defense']}, Aim at most "
            f"{v['aim_limit']['pa']} (PA) {v['aim_limit']['sa']} (SA)"
        ]

    def questions(self) -> list[Question]:
        """Name, size, values, strength, endurance, STUN, LETHAL, damage types, weapons,
        companion: the order the chapter introduces them."""

        def read_name(raw: Any, a: Answers) -> str:
            return self.read_name(raw, a, "combatant")

        def number(key: str) -> Callable[[Any, Answers], int]:
            return lambda raw, a: self._checked(a, key, whole(raw, key))

        def default(key: str) -> Callable[[Answers], Any]:
            return lambda a: self.defaults()[key]

        size_choices = [
            Choice(
                s,
                f"Size Rank {r}, a space {SIZE_SPACE[s]} x {SIZE_SPACE[s]}, attacks at shift{-r:+d}"
                if r
                else "Size Rank 0, a space 1 x 1, no shift",
                f"{CHAPTER}: Creature Sizes, Size Modifiers",
            )
            for s, r in SIZE_RANKS.items()
        ]
        damage = [Choice(t, "a damage type", f"{CHAPTER}: Damage Types") for t in DAMAGE_TYPES]

        def weapon_choices(a: Answers) -> list[Choice]:
            from builder.rulesets.towers99.views.entities import weapon_view

            out = []
            for key, e in self.weapons.items():
                v = weapon_view(e.model, key)
                out.append(
                    Choice(
                        key,
                        f"{v['name']}: {v['type']}, attack {v['attack_text']}, "
                        f"damage {v['damage_text']}",
                        f"{CHAPTER}: Attacking and Defending (R41)",
                    )
                )
            return out

        def owner_choices(a: Answers) -> list[Choice]:
            return [
                Choice(k, f"{e.model.name} (a companion acts on its master's turn)", "")
                for k, e in self.combatants.items()
            ]

        def read_owner(raw: Any, a: Answers) -> str | None:
            text = str(raw).strip() if raw is not None else ""
            value = None if text.lower() in NONE else norm_id(text)
            return self._checked(a, "owner", value)

        companion = f"{CHAPTER}: Companions and Minions, Types of Companions"
        return [
            Question("name", "Name", read_name, info=lambda a: ["The combatant's name."]),
            Question(
                "size",
                "Size",
                lambda raw, a: self._checked(a, "size", str(raw).strip().lower()),
                default=default("size"),
                info=lambda a: ["Its size, one of the nine Creature Sizes."],
                choices=lambda a: size_choices,
            ),
            Question(
                "values",
                "Combat Values",
                lambda raw, a: self._checked(a, "values", read_pairs(raw, VALUES, DEFAULT_VALUES)),
                default=default("values"),
                info=lambda a: [
                    *self.preview(a),
                    "Initiative [N] (cards added to the initiative flip) and the Combat "
                    "Values <PA> <SA> <PD> <ID> <PX> <SPD> <ER> <IR>, each 0-99. Type e.g. "
                    "n=2,pa=4,pd=3 (a value left out takes its default).",
                ],
                shown=pairs_text,
            ),
            Question(
                "strength",
                "Strength",
                lambda raw, a: self._checked(
                    a, "strength", read_pairs(raw, STRENGTH, DEFAULT_STRENGTH)
                ),
                default=default("strength"),
                info=lambda a: [
                    *self.preview(a),
                    "Soft Strength [SS] adds to <PD> once not flat-footed; Hard Strength "
                    "[HS] is grapple damage (Grappling). Type soft=2,hard=2.",
                ],
                shown=pairs_text,
            ),
            Question(
                "endurance",
                "Endurance",
                number("endurance"),
                default=default("endurance"),
                info=lambda a: [
                    *self.preview(a),
                    f"Endurance [E], 0-99: Recover heals that much STUN; dead at -2 x E "
                    f"LETHAL ({CHAPTER}: LETHAL).",
                ],
            ),
            Question(
                "stun",
                "STUN",
                number("stun"),
                default=default("stun"),
                info=lambda a: [*self.preview(a), "Maximum STUN, 1-999."],
            ),
            Question(
                "lethal",
                "LETHAL",
                number("lethal"),
                default=default("lethal"),
                info=lambda a: [*self.preview(a), "Maximum LETHAL, 1-999."],
            ),
            Question(
                "immunities",
                "Immunities",
                lambda raw, a: self._checked(a, "immunities", read_list(raw)),
                default=lambda a: [],
                info=lambda a: ["Damage types it takes no STUN or LETHAL from (comma-separated)."],
                choices=lambda a: damage,
                shown=listed,
            ),
            Question(
                "susceptibilities",
                "Susceptibilities",
                lambda raw, a: self._checked(a, "susceptibilities", read_list(raw)),
                default=lambda a: [],
                info=lambda a: ["Damage types that double its STUN and LETHAL."],
                choices=lambda a: damage,
                shown=listed,
            ),
            Question(
                "weapons",
                "Weapons",
                lambda raw, a: self._checked(a, "weapons", read_list(raw)),
                default=lambda a: [],
                info=lambda a: [
                    *self.preview(a),
                    "Weapons it carries, from the project's (comma-separated ids, empty for none).",
                ],
                choices=weapon_choices,
                shown=listed,
            ),
            Question(
                "owner",
                "Companion of",
                read_owner,
                default=lambda a: "none",
                info=lambda a: [
                    "A companion names its master, another combatant of the project "
                    f"({companion}); none for a combatant of its own."
                ],
                choices=owner_choices,
            ),
            Question(
                "companion_type",
                "Companion type",
                lambda raw, a: self._checked(a, "companion_type", str(raw).strip().lower()),
                default=lambda a: "animal",
                info=lambda a: ["What kind of companion it is."],
                choices=lambda a: [Choice(t, f"{t} companion", companion) for t in COMPANION_TYPES],
                when=lambda a: bool(a.get("owner")),
            ),
        ]
