"""Content kinds: which model reads a `kind:` and which checks run on it.

Entries are import strings so that a command only imports the models it meets.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from pydantic import BaseModel

# kind -> "module:Model"
MODELS: dict[str, str] = {
    "character": "builder.rulesets.zodiac.models.character:Character",
    "tech": "builder.rulesets.zodiac.models.tech:Tech",
    "enemy_skill": "builder.rulesets.zodiac.models.tech:EnemySkill",
    "monster": "builder.rulesets.zodiac.models.monster:Monster",
    "weapon_set": "builder.rulesets.zodiac.models.equipment:WeaponSet",
    "armor_set": "builder.rulesets.zodiac.models.equipment:ArmorSet",
    "relic_set": "builder.rulesets.zodiac.models.equipment:RelicSet",
    "potion": "builder.rulesets.zodiac.models.equipment:Potion",
    "job": "builder.rulesets.zodiac.models.job:Job",
}

# kind -> "module:function" taking (entity, context) and yielding Problems.
CHECKS: dict[str, str] = {
    "character": "builder.rulesets.zodiac.checks.character:check_character",
    "tech": "builder.rulesets.zodiac.checks.techs:check_tech_entity",
    "enemy_skill": "builder.rulesets.zodiac.checks.techs:check_enemy_skill_entity",
    "monster": "builder.rulesets.zodiac.checks.monsters:check_monster_entity",
    "weapon_set": "builder.rulesets.zodiac.checks.equipment:check_weapon_set_entity",
    "armor_set": "builder.rulesets.zodiac.checks.equipment:check_armor_set_entity",
    "relic_set": "builder.rulesets.zodiac.checks.equipment:check_relic_set_entity",
    "job": "builder.rulesets.zodiac.checks.jobs:check_job_entity",
}


def _resolve(spec: str) -> Any:
    module, _, attr = spec.partition(":")
    return getattr(importlib.import_module(module), attr)


@cache
def model_for(kind: str) -> type[BaseModel]:
    return _resolve(MODELS[kind])


@cache
def check_for(kind: str) -> Any | None:
    spec = CHECKS.get(kind)
    return _resolve(spec) if spec else None
