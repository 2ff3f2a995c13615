"""Turns and Actions' `combatant new` (issue 26): a player or a monster, step by step.

The chapter has no creation procedure (no classes or point buys): a combatant is the
sheet the chapter plays with, asked in the order the chapter uses it (player or monster,
rank, element, a monster's intelligence and whether it can be befriended, vitals,
initiative, the three score types, luck, the placeholder levels, the two weapon slots,
abilities). Each answer is checked by writing the combatant so far (later steps at
defaults that validate) and running the model and the checks `zodiac validate` runs, so
a refusal is `validate`'s own message (three weapons: TA130); KO, death and danger
thresholds come from the view `zodiac show` prints. Nothing here prints.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.io.yaml import yaml_scalar
from builder.rulesets.turns import tables as T
from builder.wizard import (
    NONE,
    Answers,
    ChecksLikeValidate,
    Choice,
    Question,
    Refused,
    flow_ids,
    flow_map,
    listed,
    pairs_text,
    read_list,
    read_pairs,
    whole,
    yes_no,
)

if TYPE_CHECKING:
    from builder.io.project import Content

VITALS = ("health", "stamina", "mana", "focus")
SCORES = ("accuracy", "evasion", "power")
LEVELS = ("cl", "tl", "dl", "lb")
# The starter project's player and monster (`zodiac init --ruleset turns-and-actions`).
START: dict[str, dict[str, Any]] = {
    "player": {
        "vitals": {"health": 50, "stamina": 20, "mana": 20, "focus": 10},
        "initiative": 2,
        "melee": {"accuracy": 2, "evasion": 10, "power": 3},
        "skill": {"accuracy": 1, "evasion": 9, "power": 2},
        "magic": {"accuracy": 3, "evasion": 10, "power": 4},
        "luck": 2,
    },
    "monster": {
        "vitals": {"health": 24, "stamina": 10, "mana": 0, "focus": 0},
        "initiative": 1,
        "melee": {"accuracy": 1, "evasion": 8, "power": 2},
        "skill": {"accuracy": 0, "evasion": 6, "power": 1},
        "magic": {"accuracy": 0, "evasion": 5, "power": 1},
        "luck": 0,
    },
}
DEFAULT_LEVELS = {"cl": 1, "tl": 1, "dl": 1, "lb": 0}


def _monster(a: Answers) -> bool:
    return a.get("side", "player") == "monster"


class CombatantWizard(ChecksLikeValidate):
    """The steps of a Turns and Actions combatant and the file they make."""

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
        self.abilities = {e.id: e for e in content.of_kind("ability")}

    def start(self, a: Answers, key: str) -> Any:
        """The default of ``key`` for the side chosen so far."""
        return START["monster" if _monster(a) else "player"][key]

    def defaults(self, a: Answers) -> Answers:
        monster = _monster(a)
        intel = a.get("intelligence", "instinctive")
        return {
            "name": "Nameless",
            "side": "player",
            "rank": "regular",
            "element": "neutral",
            "intelligence": "instinctive" if monster else None,
            "befriendable": (intel in T.BEFRIEND_BASE) if monster else None,
            **{k: self.start(a, k) for k in ("vitals", "initiative", "melee", "skill", "magic")},
            "luck": self.start(a, "luck"),
            "levels": dict(DEFAULT_LEVELS),
            "weapons": [],
            "abilities": [],
        }

    def render(self, answers: Answers, *, schema: str | None = None) -> str:
        """The commented combatant file of ``answers`` (missing steps at their defaults)."""
        a = {**self.defaults(answers), **answers}
        lines = [schema] if schema else []
        lines += [
            "# Made by `zodiac combatant new`; `zodiac validate` checks it.",
            "kind: combatant",
            f"name: {yaml_scalar(a['name'])}",
            f"side: {a['side']}",
        ]
        if _monster(a):
            lines.append(f"rank: {a['rank']}  # Teamwork count {T.TEAMWORK_COUNT[a['rank']]}")
        lines.append(f"element: {yaml_scalar(a['element'])}  # Elements")
        if _monster(a):
            if a["intelligence"]:
                lines.append(f"intelligence: {yaml_scalar(a['intelligence'])}  # Aggro")
            lines.append(f"befriendable: {'true' if a['befriendable'] else 'false'}  # Befriend")
        lines += [
            f"vitals: {flow_map(a['vitals'])}",
            f"initiative: {a['initiative']}",
            f"melee: {flow_map(a['melee'])}",
            f"skill: {flow_map(a['skill'])}",
            f"magic: {flow_map(a['magic'])}",
            f"luck: {a['luck']}",
            f"levels: {flow_map(a['levels'])}  # {{CL}} {{TL}} {{DL}} {{LB}} (Placeholder Brackets)",
            f"weapons: {flow_ids(a['weapons'])}  # two slots: primary, secondary",
            f"abilities: {flow_ids(a['abilities'])}",
        ]
        return "\n".join(lines) + "\n"

    @property
    def rule_set(self) -> Any:
        from builder.rulesets.turns import RULESET

        return RULESET

    def check(self, entity: Any) -> Any:
        """The construction rules `validate` runs on this kind."""
        from builder.rulesets.turns.checks import CheckContext
        from builder.rulesets.turns.checks.combatants import check_combatant_entity

        return check_combatant_entity(entity, CheckContext(self.content))

    def preview(self, answers: Answers) -> list[str]:
        """KO, death, danger and befriend numbers, from the view `zodiac show` prints."""
        from builder.rulesets.turns.views.combatant import combatant_view

        if "side" not in answers:
            return []
        entity, _ = self.entity(answers)
        if entity is None:
            return []
        v = combatant_view(entity.model, self.content)
        danger = v["danger_threshold"]
        friend = f", befriend: beat {v['befriend_dc']}" if v["befriend_dc"] is not None else ""
        return [
            f"so far: Health {v['vitals']['health']}, KO at {v['ko_at']}, death at "
            f"{v['death_at']}, danger threshold {danger if danger is not None else '-'}"
            f"{friend}, Initiative {v['initiative']}, Luck {v['luck']}"
        ]

    def questions(self) -> list[Question]:
        """The sheet in the chapter's order: who it is, its vitals and scores, its kit."""

        def read_name(raw: Any, a: Answers) -> str:
            return self.read_name(raw, a, "combatant")

        def word(key: str, allowed: tuple[str, ...]) -> Callable[[Any, Answers], str]:
            def read(raw: Any, a: Answers) -> str:
                value = str(raw).strip().lower()
                if value not in allowed:
                    raise Refused(f"'{raw}' is not one of {', '.join(allowed)}")
                return self._checked(a, key, value)

            return read

        def pairs(key: str, keys: tuple[str, ...]) -> Callable[[Any, Answers], dict[str, int]]:
            return lambda raw, a: self._checked(
                a, key, read_pairs(raw, keys, self.defaults(a)[key], example=10)
            )

        def element_choices(a: Answers) -> list[Choice]:
            out = []
            for e in T.ELEMENTS:
                strong, weak = T.ELEMENT_CHART[e]
                if e == T.NOBLE:
                    effect = "strong against everything and vulnerable to everything"
                elif not strong:
                    effect = "neither strong nor vulnerable"
                else:
                    effect = (
                        f"strong against {', '.join(sorted(strong))}, "
                        f"vulnerable to {', '.join(sorted(weak))}"
                    )
                out.append(Choice(e, effect, "Elements"))
            return out

        def intel_choices(a: Answers) -> list[Choice]:
            out = []
            for i in T.INTELLIGENCE:
                pct = T.DANGER_PERCENT.get(i)
                danger = (
                    f"danger threshold {pct}% of max health" if pct else "always the real threat"
                )
                friend = f", befriend: beat {T.BEFRIEND_BASE[i]}" if i in T.BEFRIEND_BASE else ""
                out.append(Choice(i, danger + friend, "Aggro, Befriend"))
            return out

        def read_intel(raw: Any, a: Answers) -> str | None:
            value = str(raw).strip().lower() if raw is not None else ""
            return self._checked(a, "intelligence", None if value in NONE else value)

        def read_friend(raw: Any, a: Answers) -> bool:
            return self._checked(a, "befriendable", yes_no(raw))

        def weapon_choices(a: Answers) -> list[Choice]:
            from builder.rulesets.turns.views.combatant import weapon_view

            out = []
            for key, e in self.weapons.items():
                v = weapon_view(e.model)
                use = (v["use"] or {}).get("text", "")
                out.append(
                    Choice(
                        key,
                        f"{v['name']}: {v['type']}, {v['weight_class']}, rank {v['rank']} "
                        f"(crit {v['crit_score']}), use {use}",
                        "Weapons",
                    )
                )
            return out

        def ability_choices(a: Answers) -> list[Choice]:
            out = []
            for key, e in self.abilities.items():
                m = e.model
                use = f", use {m.use}" if m.use is not None else ""
                out.append(Choice(key, f"{m.name}: {m.application.value}{use}", "Abilities"))
            return out

        def stat(key: str, text: str) -> Question:
            return Question(
                key,
                key.title(),
                lambda raw, a: self._checked(a, key, whole(raw, key)),
                default=lambda a: self.start(a, key),
                info=lambda a: [*self.preview(a), text],
            )

        def scores(key: str) -> Question:
            return Question(
                key,
                f"{key.title()} scores",
                pairs(key, SCORES),
                default=lambda a: self.start(a, key),
                info=lambda a: [
                    *self.preview(a),
                    f"{key.title()} Accuracy, Evasion and Power (Accuracy, Evade): hit checks "
                    f"against {key} evasion. Type accuracy=2,evasion=10,power=3.",
                ],
                shown=pairs_text,
            )

        return [
            Question("name", "Name", read_name, info=lambda a: ["The combatant's name."]),
            Question(
                "side",
                "Side",
                word("side", ("player", "monster")),
                default=lambda a: "player",
                info=lambda a: ["A player character or a monster."],
                choices=lambda a: [
                    Choice(
                        "player", "a player character: Revival Coins, no Aggro", "Turns and Rounds"
                    ),
                    Choice("monster", "a monster: intelligence, Aggro, Befriend", "Aggro"),
                ],
            ),
            Question(
                "rank",
                "Rank",
                word("rank", tuple(T.TEAMWORK_COUNT)),
                default=lambda a: "regular",
                info=lambda a: ["The monster's rank."],
                choices=lambda a: [
                    Choice(r, f"counts as {n} for Teamwork", "Teamwork Attributes")
                    for r, n in T.TEAMWORK_COUNT.items()
                ],
                when=_monster,
            ),
            Question(
                "element",
                "Element",
                lambda raw, a: self._checked(a, "element", str(raw).strip().lower()),
                default=lambda a: "neutral",
                info=lambda a: ["Its element."],
                choices=element_choices,
            ),
            Question(
                "intelligence",
                "Intelligence",
                read_intel,
                default=lambda a: "instinctive",
                info=lambda a: ["How it picks its targets (Aggro); none to leave it out."],
                choices=intel_choices,
                when=_monster,
            ),
            Question(
                "befriendable",
                "Befriendable (y/n)",
                read_friend,
                default=lambda a: "y" if a.get("intelligence") in T.BEFRIEND_BASE else "n",
                info=lambda a: [
                    "Only drone, instinctive and sapient monsters can be befriended (Befriend)."
                ],
                when=_monster,
                shown=lambda v: v if isinstance(v, str) else ("y" if v else "n"),
            ),
            Question(
                "vitals",
                "Vitals",
                pairs("vitals", VITALS),
                default=lambda a: self.start(a, "vitals"),
                info=lambda a: [
                    *self.preview(a),
                    "Health (1 or more), Stamina, Mana and Focus, the pools abilities spend "
                    "(Using Actions and Abilities). Type health=50,stamina=20,mana=20,focus=10.",
                ],
                shown=pairs_text,
            ),
            stat("initiative", "Initiative, added to the initiative roll (Initiative)."),
            scores("melee"),
            scores("skill"),
            scores("magic"),
            stat("luck", "Luck, for Luck checks (Accuracy: Luck: X; Befriend)."),
            Question(
                "levels",
                "Levels",
                pairs("levels", LEVELS),
                default=lambda a: dict(DEFAULT_LEVELS),
                info=lambda a: [
                    *self.preview(a),
                    "{CL} {TL} {DL} {LB} that abilities' placeholders read (Placeholder "
                    "Brackets). Type cl=1,tl=1,dl=1,lb=0.",
                ],
                shown=pairs_text,
            ),
            Question(
                "weapons",
                "Weapons",
                lambda raw, a: self._checked(a, "weapons", read_list(raw)),
                default=lambda a: [],
                info=lambda a: [
                    "Two slots, primary and secondary (Weapons): comma-separated ids of the "
                    "project's, empty for none."
                ],
                choices=weapon_choices,
                shown=listed,
            ),
            Question(
                "abilities",
                "Abilities",
                lambda raw, a: self._checked(a, "abilities", read_list(raw)),
                default=lambda a: [],
                info=lambda a: ["Abilities of the project (comma-separated ids, empty for none)."],
                choices=ability_choices,
                shown=listed,
            ),
        ]
