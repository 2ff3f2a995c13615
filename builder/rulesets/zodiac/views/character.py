"""The computed character, whole: every number of Chapter I at a chosen level.

This module composes the parts, so it sits above them: the record and the character's own
numbers (``views.character_base``), then equipment (``views.equipment``), then Techs
(``views.techs``). The parts import only ``character_base``, never this module.
"""

from __future__ import annotations

from typing import Any

from builder.rulesets.zodiac.items import item_index
from builder.rulesets.zodiac.views.character_base import CharacterView
from builder.rulesets.zodiac.views.equipment import equipped_character_view
from builder.rulesets.zodiac.views.techs import content_finder, with_techs


def full_character_view(
    ws: Any, entity: Any, level: int | None = None, *, target_evade: int | None = None
) -> CharacterView:
    """The one way to get what `character show` and the sheet print.

    Own stats, then equipment (derived stats, attacks, affinities), then Techs last so
    their effects use the equipped weapon. ``ws`` is the Workspace the file was read in.
    """
    view = equipped_character_view(
        entity.model, item_index(ws.content), level, ruleset=ws.settings, target_evade=target_evade
    )
    view = with_techs(view, entity.model, content_finder(ws.content), ws.settings)
    if ws.settings.house.map_combat:
        from dataclasses import replace

        from builder.rulesets.zodiac.views.map_combat import character_movement

        view = replace(view, map_combat=character_movement(view.derived))
    return view
