"""The Tech grimoire: a library's Techs and Enemy Skills with computed costs and effects.

A Tech's costs belong to the Tech, but its effect depends on who uses it; a book has no
wielder, so effects are computed for `reference_wielder` (a level-1 character with 8 in
every stat) and the page says so. Everything comes from `tech_view`, the same view
`zodiac tech show` prints, so the book and the CLI cannot disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.rulesets.zodiac.models.tech import EnemySkill, Tech
from builder.rulesets.zodiac.rules import techs as R
from builder.rulesets.zodiac.views.techs import (
    REFERENCE_DIE,
    REFERENCE_STAT,
    enemy_skill_damage,
    reference_wielder,
)
from builder.rulesets.zodiac.views.techs import tech_view as make_tech_view

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.rulesets.zodiac.rules.ruleset import Ruleset
    from builder.workspace import Workspace

__all__ = ["REFERENCE_NOTE", "grimoire_context"]

REFERENCE_NOTE = (
    f"Effects are computed for a level-1 reference character with {REFERENCE_STAT} in every "
    f"stat and a d{REFERENCE_DIE} weapon; your sheet shows yours."
)
_WORDS = {"mp": "MP", "hp": "HP", "tp": "TP", "sp": "SP"}


def _word(key: str) -> str:
    """``mp_steal`` -> ``MP Steal``; ``half_mp`` -> ``Half MP``."""
    parts = str(key).replace("-", " ").replace("_", " ").split()
    return " ".join(_WORDS.get(p, p[:1].upper() + p[1:]) for p in parts)


def _secondary(sid: str, value: Any) -> str:
    """A Secondary Effect with its parameter: ``Drain 25%``, ``Area Effect (2 levels)``."""
    name = _word(sid)
    if value is None:
        return name
    if sid == "drain":
        return f"{name} {value}%"
    if sid == "area_effect":
        return f"{name} ({value} level{'s' if value != 1 else ''})"
    words = _word(str(value)).split()
    if sid != "lesser_status_attack":  # a status reads as a name; the rest as plain words
        words = [w if w in _WORDS.values() else w.lower() for w in words]
    return f"{name} ({' '.join(words)})"


def _cost_parts(mp: int | None, sp: int | None, hp: int) -> list[dict[str, Any]]:
    """The cost cells a card prints, in the book's order: MP, then SP, then HP."""
    out = [{"label": "MP", "value": "—" if mp is None else mp}]
    if sp is not None:
        out.append({"label": "SP", "value": sp})
    if hp:
        out.append({"label": "HP", "value": hp})
    return out


def _tech(t: Tech, ruleset: Ruleset, names: dict[str, str], map_combat: bool) -> dict[str, Any]:
    v = make_tech_view(t, None, ruleset)
    clone = names.get(v.clone_of, _word(v.clone_of)) if v.clone_of else None
    full_tp = R.tp_cost(v.tech_level)
    return {
        "id": v.id,
        "anchor": f"t-{v.id}",
        "name": v.name,
        "tech_level": v.tech_level,
        "power_level": _word(v.power_level) if v.power_level else None,
        "effective_level": v.effective_level,
        "primary": _word(v.primary),
        "secondaries": [_secondary(str(s.id), s.value) for s in t.secondary],
        "element": _word(v.element) if v.element else None,
        "element_kind": v.element,
        "damage_type": v.damage_type,
        "costs": _cost_parts(v.mp_cost, v.sp_cost, v.hp_cost),
        "mp_cost": v.mp_cost,
        "tp_cost": v.tp_cost,
        "tp_note": f"clone of {clone}: half of {full_tp} TP" if clone else None,
        "clone_of": clone,
        "effects": v.effects,
        "breakdown": v.breakdown,
        "reach": v.reach if map_combat else None,
        "description": v.description or "",
    }


def _enemy_skill(s: EnemySkill, ruleset: Ruleset) -> dict[str, Any]:
    """An Enemy Skill; '#PX' / '#MX' notation also gets the reference wielder's damage."""
    notation = s.attack_notation
    damage = None
    meaning = None
    if notation is not None:
        meaning = f"Tech Level {notation.level} {_word(notation.primary)}, {notation.power_level}"
        damage = enemy_skill_damage(s, reference_wielder(ruleset), ruleset)
    return {
        "id": s.id,
        "anchor": f"e-{s.id}",
        "name": s.name,
        "mp": s.mp,
        "tech_level": s.tech_level,
        "attack": notation.text if notation else None,
        "attack_meaning": meaning,
        "damage": damage,
        "element": _word(str(s.element)) if s.element else None,
        "element_kind": str(s.element) if s.element else None,
        "description": s.description or "",
    }


def grimoire_context(ws: Workspace, entities: list[Entity]) -> dict[str, Any]:
    """`books/grimoire.html`: `techs` and `enemy_skills` in the book's order, and the
    `reference` note the Techs chapter prints above the cards."""
    ruleset = ws.settings
    map_combat = bool(ruleset.house.map_combat)
    names = {
        str(e.model.id): e.model.name
        for e in ws.content.entities
        if e.kind == "tech" and isinstance(e.model, Tech)
    }
    techs = [
        _tech(e.model, ruleset, names, map_combat) for e in entities if isinstance(e.model, Tech)
    ]
    skills = [_enemy_skill(e.model, ruleset) for e in entities if isinstance(e.model, EnemySkill)]
    return {
        "techs": techs,
        "enemy_skills": skills,
        "reference": REFERENCE_NOTE,
        "map_combat": map_combat,
        "damage_multiplier": ruleset.house.damage_die_multiplier,
    }
