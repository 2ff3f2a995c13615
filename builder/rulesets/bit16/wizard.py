"""16 Bit Tactics' `character new` (issue 26): starting job, skills, equipment.

As ZODIAC's wizard, each answer is checked by writing the character so far (later steps
at defaults that validate) and running the model and checks `zodiac validate` runs, so a
refusal is `validate`'s own message; HP, MP, DMG and ATK come from the character view
`zodiac show` prints. Nothing here prints.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.io.yaml import yaml_scalar
from builder.models.base import norm_id
from builder.rulesets.bit16.rules.tables import SKILL_DICE
from builder.wizard import (
    Answers,
    ChecksLikeValidate,
    Choice,
    Question,
    Refused,
    listed,
    pairs_text,
)

if TYPE_CHECKING:
    from builder.io.project import Content

SKILLS = ("might", "agility", "lore", "charm")
DEFAULT_SKILLS = {"might": "d8", "agility": "d8", "lore": "d6", "charm": "d6"}


class CharacterWizard(ChecksLikeValidate):
    """The creation steps of a 16 Bit Tactics character and the file they make."""

    def __init__(
        self,
        content: Content,
        settings: Any = None,
        *,
        replaces: Callable[[str], Path | None] = lambda _: None,
    ) -> None:
        """``replaces(name)``: the file the new character may overwrite (``--force``)."""
        self.content = content
        self.settings = settings
        self.replaces = replaces
        self.jobs = {e.id: e for e in content.of_kind("job")}
        self.weapons = {e.id: e for e in content.of_kind("weapon")}

    def defaults(self) -> Answers:
        return {
            "name": "Nameless",
            "skills": dict(DEFAULT_SKILLS),
            "primary_job": next(iter(self.jobs), "squire"),
            "equipment": [],
        }

    def render(self, answers: Answers, *, schema: str | None = None) -> str:
        """The commented character file of ``answers`` (missing steps at their defaults)."""
        a = {**self.defaults(), **answers}
        job = a["primary_job"]
        skills = ", ".join(f"{k}: {yaml_scalar(a['skills'][k])}" for k in SKILLS)
        lines = [schema] if schema else []
        lines += [
            "# Made by `zodiac character new`; `zodiac validate` checks it.",
            "kind: character",
            f"name: {yaml_scalar(a['name'])}",
            "xp: 0                       # level 1 (R34)",
            f"skills: {{{skills}}}   # each d6-d12 (L133)",
            f"primary_job: {yaml_scalar(job)}",
            f"level_jobs: [{yaml_scalar(job)}]  # the starting job, then one per level-up",
            "jobs:",
            f"  {yaml_scalar(job)}: {{ap_earned: 0, learned: []}}  # AP come with XP (R48)",
            "abilities: []               # learned with AP on the job",
            "equipment: [" + ", ".join(yaml_scalar(w) for w in a["equipment"]) + "]",
        ]
        return "\n".join(lines) + "\n"

    @property
    def rule_set(self) -> Any:
        from builder.rulesets.bit16 import RULESET

        return RULESET

    def check(self, entity: Any) -> Any:
        """The construction rules `validate` runs on this kind."""
        from builder.rulesets.bit16.checks import CheckContext
        from builder.rulesets.bit16.checks.character import check_character

        return check_character(entity, CheckContext(self.content, self.settings))

    def preview(self, answers: Answers) -> list[str]:
        """HP, MP, DMG, M.Dmg, ATK and MOV at level 1, from the view `zodiac show` prints."""
        from builder.rulesets.bit16.views.compute import character_view

        if "primary_job" not in answers:
            return []
        entity, _ = self.entity(answers)
        if entity is None:
            return []
        house = getattr(self.settings, "house", None)
        v = character_view(self.content, entity, house)
        return [
            f"so far: HP {v['hp']}, MP {v['mp']}, DMG {v['dmg']}, M.Dmg {v['mdmg']}, "
            f"ATK {v['atk']}, M.ATK {v['matk']}, MOV {v['mov']}"
        ]

    def questions(self) -> list[Question]:
        """Starting job, skills, equipment (the character's own order: name first)."""

        def read_name(raw: Any, a: Answers) -> str:
            return self.read_name(raw, a, "character")

        def read_job(raw: Any, a: Answers) -> str:
            return self._checked(a, "primary_job", norm_id(str(raw)))

        def job_choices(a: Answers) -> list[Choice]:
            out = []
            for key, e in self.jobs.items():
                j = e.model
                g = j.per_level
                out.append(
                    Choice(
                        key,
                        f"{j.name}: ATK {j.atk.value}, M.ATK {j.matk.value}, a level "
                        f"+{g.hp} HP +{g.mp} MP +{g.dmg} DMG, MOV {j.mov}",
                        "Jobs",
                    )
                )
            return out

        def read_skills(raw: Any, a: Answers) -> dict[str, str]:
            if isinstance(raw, dict):
                block = {str(k).lower(): str(v).lower() for k, v in raw.items()}
            else:
                block = {}
                for part in str(raw).replace(";", ",").split(","):
                    name, sep, die = part.replace(":", "=").partition("=")
                    if not part.strip():
                        continue
                    if not sep:
                        raise Refused(f"'{part.strip()}' is not SKILL=DIE, e.g. might=d10")
                    block[name.strip().lower()] = die.strip().lower()
            bad = [k for k in block if k not in SKILLS]
            if bad:
                raise Refused(f"'{bad[0]}' is not a skill; the skills are {', '.join(SKILLS)}")
            full = {k: block.get(k, DEFAULT_SKILLS[k]) for k in SKILLS}
            return self._checked(a, "skills", full)

        def read_gear(raw: Any, a: Answers) -> list[str]:
            if isinstance(raw, list):
                items = [str(x) for x in raw]
            else:
                text = str(raw).strip()
                items = [] if text.lower() in ("", "none", "-") else text.split(",")
            return self._checked(a, "equipment", [norm_id(x) for x in items if x.strip()])

        def gear_choices(a: Answers) -> list[Choice]:
            out = []
            for key, e in self.weapons.items():
                w = e.model
                atk = f", ATK {w.atk.value}" if w.atk is not None else ""
                out.append(Choice(key, f"{w.name}: {w.type.value}{atk}", "Weapons"))
            return out

        return [
            Question("name", "Name", read_name, info=lambda a: ["The character's name."]),
            Question(
                "primary_job",
                "Starting job",
                read_job,
                default=lambda a: self.defaults()["primary_job"],
                info=lambda a: ["The starting job (level 1), from the project's jobs."],
                choices=job_choices,
            ),
            Question(
                "skills",
                "Skills",
                read_skills,
                default=lambda a: dict(DEFAULT_SKILLS),
                info=lambda a: [
                    *self.preview(a),
                    f"Skills (L133): might, agility, lore, charm, each {', '.join(SKILL_DICE)}. "
                    "Type e.g. might=d10,agility=d8 (a skill left out takes its default).",
                ],
                shown=pairs_text,
            ),
            Question(
                "equipment",
                "Equipment",
                read_gear,
                default=lambda a: [],
                info=lambda a: [
                    *self.preview(a),
                    "Weapons (Using 2 Weapons): one weapon unless an ability allows two; a "
                    "ranged weapon needs its ammo. Comma-separated ids, empty for none.",
                ],
                choices=gear_choices,
                shown=listed,
            ),
        ]
