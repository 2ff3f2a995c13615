"""ZODIAC's `character new` (issue 26): Chapter I's creation steps as wizard questions.

Each answer is checked by writing the character so far (later steps at their defaults,
which validate) and running the same model and checks `zodiac validate` runs, so a
refusal is `validate`'s own message; the previews (HP, MP, Tech Points...) come from the
character view `zodiac show` prints. Nothing here prints: `commands/new.py` asks.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.io.yaml import yaml_scalar
from builder.models.base import STATS, Element, norm_id
from builder.rulesets.zodiac.catalog import skills
from builder.rulesets.zodiac.rules import character as crules
from builder.rulesets.zodiac.rules.equipment import ARMOR_HP_MP
from builder.rulesets.zodiac.rules.levelling import ChoiceError, parse_points
from builder.rulesets.zodiac.rules.tables import CREATION_BASE, STARTING_GOLD
from builder.rulesets.zodiac.rules.techs import tp_cost
from builder.wizard import (
    Answers,
    ChecksLikeValidate,
    Choice,
    Question,
    Refused,
    flow_map,
    pairs_text,
    yes_no,
)

if TYPE_CHECKING:
    from builder.io.project import Content
    from builder.rulesets.zodiac.rules.ruleset import Ruleset

STAT_KEYS = tuple(s.value for s in STATS)
DEFAULT_STATS = {"str": 11, "mag": 6, "vit": 6, "spr": 11, "agi": 6}  # the schema's example
_ARMOR_EFFECT = {
    "defense": "most HP from armor, no MP",
    "balanced": "HP and some MP from armor",
    "enhance": "less HP, most MP from armor",
}
_POWERS = {
    "tech": Choice("tech", "learns Techs with Tech Points", "Ch. I Step 3, Ch. II"),
    "blue_magic": Choice(
        "blue_magic", "learns monsters' Enemy Skills instead of Techs", "Ch. I Step 3, Ch. III"
    ),
}
_LEARNING = ("memory", "lore", "assimilate")
_COUNTER_METHODS = ("attack", "command_skill", "tech", "mirror")


class CharacterWizard(ChecksLikeValidate):
    """The questions of Chapter I, and the character file they make."""

    def __init__(
        self,
        content: Content,
        settings: Ruleset | None = None,
        *,
        replaces: Callable[[str], Path | None] = lambda _: None,
    ) -> None:
        """``replaces(name)``: the file the new character may overwrite (``--force``)."""
        from builder.rulesets.zodiac.items import item_index

        self.content = content
        self.settings = settings
        self.index = item_index(content)
        self.replaces = replaces

    def name_taken(self, name: str) -> str | None:
        """Why ``name`` cannot be used: a character of the project has its id (ZP101)."""
        return self.id_taken(name, "character")

    # --- the file ------------------------------------------------------------------

    def render(self, answers: Answers, *, schema: str | None = None) -> str:
        """The commented character file of ``answers`` (missing steps at their defaults)."""
        a = {**self.defaults(answers), **answers}
        power = a["class_power"]
        lines = [schema] if schema else []
        lines += [
            "# Made by `zodiac character new` (Ch. I's steps); `zodiac validate` checks it.",
            "kind: character",
            f"name: {yaml_scalar(a['name'])}",
            "level: 1",
            f"class_power: {yaml_scalar(power)}",
        ]
        if power == "blue_magic":
            lines.append(f"learning: {yaml_scalar(a['learning'])}  # how Enemy Skills are learned")
        lines.append(f"armor_type: {yaml_scalar(a['armor_type'])}")
        worn = a["equipment"] if a["purchases"] else {}
        wielded = self.weapon_class(worn.get("weapon"))
        if wielded:
            lines.append(
                f"weapon_class: {yaml_scalar(wielded)}  # the class of the weapon bought (Ch. I Step 4)"
            )
        lines.append(f"command_skill: {yaml_scalar(a['command_skill'])}")
        if a.get("dice_stat") and a["command_skill"] == "dice":
            lines.append(f"dice_stat: {yaml_scalar(a['dice_stat'])}  # chosen at creation (Ch. IV)")
        lines.append(f"support_skill: {yaml_scalar(a['support_skill'])}")
        if a.get("natural_resistance") and a["support_skill"] == "natural-resistance":
            lines.append(f"natural_resistance: {yaml_scalar(a['natural_resistance'])}")
        if a.get("counter") and a["support_skill"] == "counter":
            c = a["counter"]
            lines.append("counter: " + flow_map({k: yaml_scalar(str(v)) for k, v in c.items()}))
        stats = a["base_stats"]
        lines.append(
            "base_stats: "
            + flow_map({k: stats[k] for k in STAT_KEYS})
            + f"  # {CREATION_BASE} each + 25 points, none above 15 (Ch. I Step 2)"
        )
        lines.append("advancement: []")
        key = "enemy_skills" if power == "blue_magic" else "techs"
        field, known = (
            ("skill", a["enemy_skills"]) if key == "enemy_skills" else ("tech", a["techs"])
        )
        if known:
            lines.append(f"{key}:")
            lines += [f"  - {{{field}: {yaml_scalar(t)}}}" for t in known]
        else:
            lines.append(f"{key}: []")
        bought = a["purchases"]
        spent = self.spent(bought)
        if bought:
            lines.append("purchases:  # at creation, from the starting 200 G (R25)")
            for ref, count in bought:
                extra = f", count: {count}" if count > 1 else ""
                lines.append(f"  - {{item: {yaml_scalar(ref)}{extra}}}")
        if worn:
            slots = self.relic_slots()
            shown = {k: v for k, v in worn.items() if k != "relics"}
            relics = worn.get("relics", [])
            if relics and slots == 1 and len(relics) == 1:
                shown["relic"] = relics[0]
            elif relics:
                shown["relics"] = "[" + ", ".join(yaml_scalar(r) for r in relics) + "]"
            lines.append(
                "equipment: "
                + flow_map({k: v if k == "relics" else yaml_scalar(v) for k, v in shown.items()})
                + "  # equipped from the purchases (Ch. V)"
            )
        # never below 0, so too dear a purchase gets the gold check's message (R25)
        lines.append(f"gold: {max(0, STARTING_GOLD - spent)}  # 200 G less {spent} G of purchases")
        return "\n".join(lines) + "\n"

    def defaults(self, answers: Answers) -> Answers:
        """What each later step takes when left out (a character that validates)."""
        return {
            "name": "Nameless",
            "class_power": "tech",
            "learning": "memory",
            "armor_type": "balanced",
            "command_skill": "kick",
            "dice_stat": "str",
            "support_skill": "attack-up",
            "natural_resistance": "fire",
            "counter": {"type": "weapon", "method": "attack"},
            "base_stats": dict(DEFAULT_STATS),
            "techs": [],
            "enemy_skills": [],
            "purchases": [],
            "equipment": {},
        }

    def relic_slots(self) -> int:
        """Relics worn at once: 1 (R9) unless the project's house rules say 2."""
        house = getattr(self.settings, "house", None)
        return int(getattr(house, "relic_slots", 1) or 1)

    def weapon_class(self, ref: str | None) -> str | None:
        """The class of the weapon ``ref`` names (its weapon set's), None for no weapon."""
        found = self.index.lookup(ref) if ref else []
        return str(found[0].set.weapon_class) if len(found) == 1 else None

    def wearable(self, answers: Answers) -> tuple[dict[str, Any], list[str]]:
        """What `y` equips of the purchases: the first weapon, armor of the character's
        armor type, guard, and relics up to the slots; and a note for each item carried
        unequipped and why (Ch. I Steps 3-4: one weapon, armor of the chosen type only)."""
        worn: dict[str, Any] = {}
        notes: list[str] = []
        armor_type = answers.get("armor_type", "balanced")
        for ref, _ in answers.get("purchases", []):
            found = self.index.lookup(ref)
            if len(found) != 1 or found[0].slot == "potion":
                continue
            item = found[0]
            if item.slot == "relic":
                relics = worn.setdefault("relics", [])
                if len(relics) < self.relic_slots() and ref not in relics:
                    relics.append(ref)
                else:
                    notes.append(f"{item.name} is carried: {self.relic_slots()} relic slot(s) (R9)")
            elif item.slot == "armor" and item.set.armor_type.value != armor_type:
                notes.append(
                    f"{item.name} is carried: it is {item.set.armor_type.value} armor and the "
                    f"character wears {armor_type} armor only (Ch. I Step 3)"
                )
            elif item.slot in worn:
                notes.append(f"{item.name} is carried: one {item.slot} at a time (Ch. I Step 4)")
            else:
                worn[item.slot] = ref
        return worn, notes

    def spent(self, bought: list[tuple[str, int]]) -> int:
        total = 0
        for ref, count in bought:
            found = self.index.lookup(ref)
            price = found[0].price if len(found) == 1 else None
            total += (price or 0) * count
        return total

    @property
    def rule_set(self) -> Any:
        from builder.rulesets.zodiac import RULESET

        return RULESET

    def check(self, entity: Any) -> Any:
        """The construction rules `validate` runs on this kind."""
        from builder.rulesets.zodiac.checks import CheckContext
        from builder.rulesets.zodiac.checks.character import check_character

        return check_character(entity, CheckContext(self.content, self.settings))

    def view(self, answers: Answers) -> Any:
        """The character view of the answers so far (what `zodiac show` prints), or None."""
        from builder.rulesets.zodiac.views.equipment import equipped_character_view
        from builder.rulesets.zodiac.views.techs import content_finder, with_techs

        entity, _ = self.entity(answers)
        if entity is None:
            return None
        view = equipped_character_view(entity.model, self.index, None, ruleset=self.settings)
        return with_techs(view, entity.model, content_finder(self.content), self.settings)

    def preview(self, answers: Answers) -> list[str]:
        """Derived numbers so far: HP, MP, Accuracy, Evade, Tech Points, Max Tech Levels."""
        if "base_stats" not in answers:
            return []
        v = self.view(answers)
        if v is None:
            return []
        d = v.derived
        parts = [
            f"{label} {d[k].value}"
            for label, k in (
                ("HP", "hp"),
                ("MP", "mp"),
                ("Accuracy", "accuracy"),
                ("Evade", "evade"),
                ("Max Tech Levels", "max_tech_levels"),
            )
            if k in d
        ]
        return ["so far: " + ", ".join(parts)]

    # --- the questions -------------------------------------------------------------

    def questions(self) -> list[Question]:
        """Chapter I's steps in the book's order."""
        cat = skills()

        def ask_name(raw: Any, a: Answers) -> str:
            text = str(raw).strip()
            if not text:
                raise Refused("a character needs a name")
            taken = self.name_taken(text)
            if taken:
                raise Refused(taken)
            return self._checked(a, "name", text)

        def read_stats(raw: Any, a: Answers) -> dict[str, int]:
            if isinstance(raw, dict):
                block = {str(k).lower(): v for k, v in raw.items()}
            else:
                try:
                    points = parse_points(str(raw), "stats")
                except ChoiceError as exc:
                    raise Refused(str(exc)) from exc
                block = {s.value: points.get(s, CREATION_BASE) for s in STATS}
            bad = [k for k in block if k not in STAT_KEYS]
            if bad or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in block.values()
            ):
                raise Refused("give the five stats as whole numbers: str, mag, vit, spr, agi")
            block = {k: block.get(k, CREATION_BASE) for k in STAT_KEYS}
            return self._checked(a, "base_stats", block)

        def stats_info(a: Answers) -> list[str]:
            return [
                "Step 2 (Ch. I, R4): every stat starts at 3; spend 25 points, none above 15 "
                "(the five sum to 40). Type e.g. str=11,mag=6,vit=6,spr=11,agi=6 "
                "(a stat left out stays 3)."
            ]

        def one_of(key: str, values: Any) -> Any:
            def read(raw: Any, a: Answers) -> str:
                return self._checked(
                    a,
                    key,
                    norm_id(str(raw)).replace("-", "_")
                    if key in ("class_power",)
                    else str(raw).strip().lower(),
                )

            return read

        def read_skill(key: str) -> Any:
            def read(raw: Any, a: Answers) -> str:
                return self._checked(a, key, norm_id(str(raw)))

            return read

        def read_counter(raw: Any, a: Answers) -> dict[str, str]:
            if isinstance(raw, dict):
                value = {str(k): str(v) for k, v in raw.items()}
            else:
                words = str(raw).replace(",", " ").split()
                if len(words) < 2:
                    raise Refused(
                        "give what Counter answers and how, e.g. `weapon attack` "
                        f"(weapon or special; {', '.join(_COUNTER_METHODS)})"
                    )
                value = {"type": words[0].lower(), "method": words[1].lower()}
                if len(words) > 2:
                    value["tech" if value["method"] == "tech" else "command_skill"] = norm_id(
                        words[2]
                    )
            return self._checked(a, "counter", value)

        def read_list(key: str, field: str) -> Any:
            def read(raw: Any, a: Answers) -> list[str]:
                if isinstance(raw, list):
                    items = [str(x.get(field, "")) if isinstance(x, dict) else str(x) for x in raw]
                else:
                    text = str(raw).strip()
                    items = [] if text.lower() in ("", "none", "-") else text.split(",")
                return self._checked(a, key, [norm_id(x) for x in items if x.strip()])

            return read

        def read_purchases(raw: Any, a: Answers) -> list[tuple[str, int]]:
            out: list[tuple[str, int]] = []
            if isinstance(raw, list):
                for x in raw:
                    if isinstance(x, dict):
                        out.append((str(x.get("item", "")), int(x.get("count", 1))))
                    else:
                        out.append((str(x), 1))
            else:
                text = str(raw).strip()
                for part in [] if text.lower() in ("", "none", "-") else text.split(","):
                    ref, _, count = part.strip().partition(" x")
                    if count and not count.strip().isdigit():
                        raise Refused(f"'{part.strip()}': write ITEM or ITEM xN, e.g. potion x2")
                    out.append((ref.strip(), int(count) if count else 1))
            return self._checked(a, "purchases", [(r, c) for r, c in out if r])

        def techs_info(a: Answers) -> list[str]:
            mag = a["base_stats"]["mag"]
            return [
                *self.preview(a),
                f"Step 6 (Ch. II): Tech Points {crules.tech_points(1, mag)} at level 1 "
                f"(MAG {mag}); Max Tech Levels {crules.max_tech_levels(mag)}; "
                "at most 3 Techs, each Tech Level 1. Comma-separated ids, empty for none.",
            ]

        def tech_choices(a: Answers) -> list[Choice]:
            out = []
            for e in self.content.of_kind("tech"):
                if getattr(e.model, "tech_level", None) == 1:
                    out.append(Choice(e.id, f"{e.model.name}, {tp_cost(1)} Tech Points", "Ch. II"))
            return out

        def skill_choices(a: Answers) -> list[Choice]:
            return [
                Choice(e.id, f"{e.model.name}, Tech Level {e.model.tech_level}", "Ch. III")
                for e in self.content.of_kind("enemy_skill")
            ]

        def shop(a: Answers) -> list[Choice]:
            out = []
            for ref_id in sorted(self.index.by_id):
                found = self.index.lookup(ref_id)
                if (
                    len(found) == 1
                    and found[0].price is not None
                    and found[0].price <= STARTING_GOLD
                ):
                    out.append(Choice(ref_id, f"{found[0].slot}, {found[0].price} G", "Ch. V"))
            return out

        def gold_info(a: Answers) -> list[str]:
            return [
                *self.preview(a),
                f"Step 8 (Ch. I, R25): {STARTING_GOLD} G to spend. Comma-separated items, "
                "ITEM xN for several, empty for none.",
            ]

        def read_equipment(raw: Any, a: Answers) -> dict[str, Any]:
            proposed, _ = self.wearable(a)
            if isinstance(raw, dict):
                given = {str(k).lower(): v for k, v in raw.items()}
            elif isinstance(raw, bool) or str(raw).strip().lower() in ("y", "yes", "n", "no"):
                return self._checked(a, "equipment", proposed if yes_no(raw) else {})
            else:
                given = {}
                for part in str(raw).split(","):
                    slot, eq, ref = part.partition("=")
                    if not eq:
                        raise Refused(
                            f"'{part.strip()}': answer y, n, or SLOT=ITEM, e.g. weapon=tin-blade"
                        )
                    given.setdefault(slot.strip().lower(), []).append(ref.strip())
            bought = {norm_id(r) for r, _ in a.get("purchases", [])}
            worn: dict[str, Any] = {}
            for slot, refs in given.items():
                for ref in refs if isinstance(refs, list) else [refs]:
                    ref = str(ref).strip()
                    if slot not in ("weapon", "armor", "guard", "relic", "relics"):
                        raise Refused(f"'{slot}' is no slot: weapon, armor, guard or relic")
                    if norm_id(ref.rpartition("/")[2]) not in bought:
                        raise Refused(
                            f"{ref} was not bought; equip what the 200 G bought "
                            f"({', '.join(sorted(bought)) or 'nothing'})"
                        )
                    if slot in ("relic", "relics"):
                        worn.setdefault("relics", []).append(ref)
                    elif slot in worn:
                        raise Refused(f"one {slot} at a time (Ch. I Step 4)")
                    else:
                        worn[slot] = ref
            return self._checked(a, "equipment", worn)

        def equipment_info(a: Answers) -> list[str]:
            worn, notes = self.wearable(a)
            what = ", ".join(
                f"{slot} {', '.join(ref) if isinstance(ref, list) else ref}"
                for slot, ref in worn.items()
            )
            return [
                f"Ch. I Steps 3-4, Ch. V: y equips {what or 'nothing'}; n carries everything "
                "unequipped; or name them: weapon=ITEM,armor=ITEM,guard=ITEM,relic=ITEM.",
                *notes,
            ]

        def can_wear(a: Answers) -> bool:
            return any(
                len(found) == 1 and found[0].slot != "potion"
                for found in (self.index.lookup(r) for r, _ in a.get("purchases", []))
            )

        def listed(items: Any) -> str:
            if not items:
                return "none"
            if isinstance(items[0], tuple):
                return ",".join(r if c == 1 else f"{r} x{c}" for r, c in items)
            return ",".join(items)

        return [
            Question(
                "name",
                "Name",
                ask_name,
                info=lambda a: ["Step 1 (Ch. I): the character's name."],
            ),
            Question(
                "base_stats",
                "Stats",
                read_stats,
                default=lambda a: dict(DEFAULT_STATS),
                info=stats_info,
                shown=pairs_text,
            ),
            Question(
                "class_power",
                "Class Power",
                one_of("class_power", _POWERS),
                default=lambda a: "tech",
                info=lambda a: [*self.preview(a), "Step 3 (Ch. I): the Class Power."],
                choices=lambda a: list(_POWERS.values()),
            ),
            Question(
                "learning",
                "Learning",
                one_of("learning", _LEARNING),
                default=lambda a: "memory",
                when=lambda a: a.get("class_power") == "blue_magic",
                info=lambda a: ["Ch. III: how the Blue Mage learns Enemy Skills."],
                choices=lambda a: [Choice(v, f"{v} learning", "Ch. III") for v in _LEARNING],
            ),
            Question(
                "armor_type",
                "Armor type",
                one_of("armor_type", _ARMOR_EFFECT),
                default=lambda a: "balanced",
                info=lambda a: ["Step 4 (Ch. I, Ch. V Armor table): the armor type."],
                choices=lambda a: [
                    Choice(
                        k,
                        f"{v} (level 1 armor: +{ARMOR_HP_MP[k][0][0]} HP, "
                        f"+{ARMOR_HP_MP[k][0][1]} MP)",
                        "Ch. V Armor",
                    )
                    for k, v in _ARMOR_EFFECT.items()
                ],
            ),
            Question(
                "command_skill",
                "Command Skill",
                read_skill("command_skill"),
                default=lambda a: "kick",
                info=lambda a: ["Step 5 (Ch. IV): one Command Skill."],
                choices=lambda a: [Choice(s.id, s.summary, "Ch. IV") for s in cat.command.values()],
            ),
            Question(
                "dice_stat",
                "Dice stat",
                one_of("dice_stat", ("str", "mag")),
                default=lambda a: "str",
                when=lambda a: a.get("command_skill") == "dice",
                info=lambda a: ["Ch. IV Dice: damage scales with Strength or Magic."],
                choices=lambda a: [
                    Choice("str", "Dice scales with Strength", "Ch. IV Dice"),
                    Choice("mag", "Dice scales with Magic", "Ch. IV Dice"),
                ],
            ),
            Question(
                "support_skill",
                "Support Skill",
                read_skill("support_skill"),
                default=lambda a: "attack-up",
                info=lambda a: ["Step 5 (Ch. IV): one Support Skill."],
                choices=lambda a: [Choice(s.id, s.summary, "Ch. IV") for s in cat.support.values()],
            ),
            Question(
                "natural_resistance",
                "Natural Resistance element",
                one_of("natural_resistance", tuple(Element)),
                default=lambda a: "fire",
                when=lambda a: a.get("support_skill") == "natural-resistance",
                info=lambda a: ["Ch. IV Natural Resistance: one of the eight elements."],
                choices=lambda a: [Choice(str(e.value), "resisted", "Ch. IV") for e in Element],
            ),
            Question(
                "counter",
                "Counter (TYPE METHOD)",
                read_counter,
                default=lambda a: {"type": "weapon", "method": "attack"},
                when=lambda a: a.get("support_skill") == "counter",
                info=lambda a: [
                    "Ch. IV Counter: answers `weapon` or `special` attacks, with "
                    "attack (30%), command_skill (30%), tech (20%) or mirror (20%)."
                ],
                shown=lambda v: " ".join(str(x) for x in v.values()),
            ),
            Question(
                "techs",
                "Techs",
                read_list("techs", "tech"),
                default=lambda a: [],
                when=lambda a: a.get("class_power") != "blue_magic",
                info=techs_info,
                choices=tech_choices,
                shown=listed,
            ),
            Question(
                "enemy_skills",
                "Enemy Skills",
                read_list("enemy_skills", "skill"),
                default=lambda a: [],
                when=lambda a: a.get("class_power") == "blue_magic",
                info=lambda a: [*self.preview(a), "Ch. III: Enemy Skills known at creation."],
                choices=skill_choices,
                shown=listed,
            ),
            Question(
                "purchases",
                "Purchases",
                read_purchases,
                default=lambda a: [],
                info=gold_info,
                choices=shop,
                shown=listed,
            ),
            Question(
                "equipment",
                "Equip what you bought (y/n)",
                read_equipment,
                default=lambda a: True,
                when=can_wear,
                info=equipment_info,
                shown=lambda v: "y" if v is True else "n" if v is False else str(v),
            ),
        ]


def schema_comment(out: Path, root: Path) -> str | None:
    """The editor schema line for ``out``: the project's `schemas/` (as `zodiac init` makes)."""
    schema = root / "schemas" / "character.schema.json"
    if not schema.is_file():
        from builder.rulesets.zodiac.generate import schema_line

        return schema_line(out)
    rel = os.path.relpath(schema.resolve(), out.resolve().parent)
    return f"# yaml-language-server: $schema={Path(rel).as_posix()}"


# --- `monster new` (Appendix I) --------------------------------------------------------

ATTACK_DICE = ("d6", "d8", "d10")


class MonsterWizard(ChecksLikeValidate):
    """Appendix I's steps for a monster: level, boss, type, stats, attack die, powers,
    Techs; HP, MP, rewards and Tech Levels applied as the answers come."""

    def __init__(
        self,
        content: Content,
        settings: Ruleset | None = None,
        *,
        replaces: Callable[[str], Path | None] = lambda _: None,
    ) -> None:
        """``replaces(name)``: the file the new monster may overwrite (``--force``)."""
        self.content = content
        self.settings = settings
        self.replaces = replaces

    @staticmethod
    def even_stats(level: int) -> dict[str, int]:
        """The stat total (25 + 5 x Level, App. I Step 2) split evenly, STR first."""
        from builder.rulesets.zodiac.rules.monsters import stat_total

        total = stat_total(level).value
        share, extra = divmod(total, len(STAT_KEYS))
        return {k: share + (1 if i < extra else 0) for i, k in enumerate(STAT_KEYS)}

    def defaults(self, answers: Answers) -> Answers:
        level = answers.get("level", 1)
        return {
            "name": "Nameless",
            "level": 1,
            "boss": False,
            "family": "",
            "stats": self.even_stats(level if isinstance(level, int) else 1),
            "attack_die": "d8",
            "powers": [],
            "techs": [],
        }

    def render(self, answers: Answers, *, schema: str | None = None) -> str:
        """The commented monster file of ``answers`` (missing steps at their defaults)."""
        from builder.rulesets.zodiac.rules.monsters import rewards, stat_total

        a = {**self.defaults(answers), **answers}
        reward = rewards(a["level"], a["boss"])
        lines = [schema] if schema else []
        lines += [
            "# Made by `zodiac monster new` (Appendix I); `zodiac validate` checks it.",
            "kind: monster",
            f"name: {yaml_scalar(a['name'])}",
            f"level: {a['level']}  # rewards {reward.xp.value} XP, {reward.gold.value} G",
        ]
        if a["boss"]:
            lines.append("boss: true  # HP x10, MP x2, bigger rewards (R28)")
        if a["family"]:
            lines.append(f"family: {yaml_scalar(a['family'])}")
        total = stat_total(a["level"]).value
        lines.append(
            "stats: "
            + flow_map({k: a["stats"][k] for k in STAT_KEYS})
            + f"  # 25 + 5 x {a['level']} = {total} points (App. I Step 2)"
        )
        lines.append(f"attack_die: {yaml_scalar(a['attack_die'])}")
        powers = a["powers"]
        lines.append("powers: [" + ", ".join(yaml_scalar(p) for p in powers) + "]")
        lines.append("techs: [" + ", ".join(yaml_scalar(t) for t in a["techs"]) + "]")
        return "\n".join(lines) + "\n"

    @property
    def rule_set(self) -> Any:
        from builder.rulesets.zodiac import RULESET

        return RULESET

    def check(self, entity: Any) -> Any:
        """The construction rules `validate` runs on this kind."""
        from builder.rulesets.zodiac.checks import CheckContext
        from builder.rulesets.zodiac.checks.monsters import check_monster_entity

        return check_monster_entity(entity, CheckContext(self.content, self.settings))

    def preview(self, answers: Answers) -> list[str]:
        """HP, MP, Accuracy, Evade, Tech Levels and rewards, from the card's view."""
        from builder.rulesets.zodiac.rules.monsters import monster_view

        if "level" not in answers:
            return []
        entity, _ = self.entity(answers)
        if entity is None:
            return []
        house = self.settings.house if self.settings is not None else None
        v = monster_view(entity.model, house=house)
        d = v.derived
        return [
            f"so far: HP {d.hp.value}, MP {d.mp.value}, Accuracy {d.accuracy.value}, "
            f"Evade {d.evade.value}, Tech Levels {v.tech_levels_total.value}; rewards "
            f"{v.rewards.xp.value} XP, {v.rewards.gold.value} G"
        ]

    def questions(self) -> list[Question]:
        """Appendix I's order: level, boss, type, stats, attack, powers, Techs."""
        from builder.rulesets.zodiac.rules.monsters import stat_total
        from builder.wizard import yes_no

        def read_name(raw: Any, a: Answers) -> str:
            return self.read_name(raw, a, "monster")

        def read_level(raw: Any, a: Answers) -> int:
            text = str(raw).strip()
            if isinstance(raw, bool) or not text.isdigit() or not 1 <= int(text) <= 99:
                raise Refused(f"the level is a whole number 1-99, not '{text}'")
            return self._checked(a, "level", int(text))

        def read_boss(raw: Any, a: Answers) -> bool:
            return self._checked(a, "boss", yes_no(raw))

        def read_family(raw: Any, a: Answers) -> str:
            text = str(raw).strip()
            return "" if text.lower() in ("", "none", "-") else text

        def read_stats(raw: Any, a: Answers) -> dict[str, int]:
            if isinstance(raw, dict):
                block = {str(k).lower(): v for k, v in raw.items()}
            else:
                try:
                    points = parse_points(str(raw), "stats")
                except ChoiceError as exc:
                    raise Refused(str(exc)) from exc
                block = {s.value: v for s, v in points.items()}
            bad = [k for k in block if k not in STAT_KEYS]
            if bad or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in block.values()
            ):
                raise Refused("give the five stats as whole numbers: str, mag, vit, spr, agi")
            return self._checked(a, "stats", {k: block.get(k, 0) for k in STAT_KEYS})

        def read_die(raw: Any, a: Answers) -> str:
            text = str(raw).strip().lower()
            if text not in ATTACK_DICE:
                raise Refused(f"the attack die is one of {', '.join(ATTACK_DICE)}, not '{text}'")
            return self._checked(a, "attack_die", text)

        def read_list(key: str) -> Any:
            def read(raw: Any, a: Answers) -> list[str]:
                if isinstance(raw, list):
                    items = [str(x) for x in raw]
                else:
                    text = str(raw).strip()
                    items = [] if text.lower() in ("", "none", "-") else text.split(",")
                return self._checked(a, key, [x.strip() for x in items if x.strip()])

            return read

        def tech_choices(a: Answers) -> list[Choice]:
            return [
                Choice(e.id, f"{e.model.name}, Tech Level {e.model.tech_level}", "App. I Step 6")
                for e in self.content.of_kind("tech")
            ]

        def listed(items: list[str]) -> str:
            return ",".join(items) if items else "none"

        return [
            Question("name", "Name", read_name, info=lambda a: ["The monster's name."]),
            Question(
                "level",
                "Level",
                read_level,
                default=lambda a: 1,
                info=lambda a: ["App. I Step 1: the level, 1-99."],
            ),
            Question(
                "boss",
                "Boss (y/n)",
                read_boss,
                default=lambda a: False,
                info=lambda a: [
                    *self.preview(a),
                    "Boss Monsters (R28): HP x10, MP x2, 150 XP and 75 G a level, fixed "
                    "status immunities.",
                ],
                shown=lambda v: "y" if v else "n",
            ),
            Question(
                "family",
                "Type (family)",
                read_family,
                default=lambda a: "",
                info=lambda a: ["The monster's type (Call for Help brings one of the same)."],
                shown=lambda v: v or "none",
            ),
            Question(
                "stats",
                "Stats",
                read_stats,
                default=lambda a: self.even_stats(a["level"]),
                info=lambda a: [
                    *self.preview(a),
                    f"App. I Step 2: 25 + 5 x {a['level']} = {stat_total(a['level']).value} "
                    "points over the five stats. Type e.g. str=20,mag=5,... (a stat left out "
                    "is 0).",
                ],
                shown=pairs_text,
            ),
            Question(
                "attack_die",
                "Attack die",
                read_die,
                default=lambda a: "d8",
                info=lambda a: [*self.preview(a), "App. I Step 4: the normal attack's die."],
                choices=lambda a: [
                    Choice(d, f"attacks roll {d}", "App. I Step 4") for d in ATTACK_DICE
                ],
            ),
            Question(
                "powers",
                "Powers",
                read_list("powers"),
                default=lambda a: [],
                info=lambda a: [
                    "App. I Step 5: Monster Powers by id (Monster Power List, e.g. agile), "
                    "comma-separated; empty for none."
                ],
                shown=listed,
            ),
            Question(
                "techs",
                "Techs",
                read_list("techs"),
                default=lambda a: [],
                info=lambda a: [
                    *self.preview(a),
                    "App. I Step 6: Techs of the project within the Tech Levels; "
                    "comma-separated ids, empty for none.",
                ],
                choices=tech_choices,
                shown=listed,
            ),
        ]
