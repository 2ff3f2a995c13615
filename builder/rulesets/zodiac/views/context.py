"""Template contexts per book section: computed views only, never rule logic in templates."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from builder.models.project import Section

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.workspace import Workspace

Builder = Callable[["Workspace", list["Entity"]], dict[str, Any]]

# section -> "module:function(ws, entities) -> context"
_SPECS: dict[Section, str] = {
    Section.CHARACTER_SHEETS: "builder.rulesets.zodiac.views.sheets:character_sheet_context",
    Section.BLANK_SHEET: "builder.rulesets.zodiac.views.sheets:blank_sheet_context",
    Section.MONSTER_CARDS: "builder.rulesets.zodiac.views.bestiary:monster_cards_context",
    Section.BESTIARY: "builder.rulesets.zodiac.views.bestiary:bestiary_context",
    Section.EQUIPMENT_BOOK: "builder.rulesets.zodiac.views.armory:equipment_book_context",
    Section.TECH_GRIMOIRE: "builder.rulesets.zodiac.views.grimoire:grimoire_context",
    Section.MAP_COMBAT_REFERENCE: (
        "builder.rulesets.zodiac.views.map_combat:map_combat_reference_context"
    ),
}


class _Lazy(dict):
    def __missing__(self, section: Section) -> Builder:
        module, _, attr = _SPECS[section].partition(":")
        fn = getattr(importlib.import_module(module), attr)
        self[section] = fn
        return fn


BUILDERS: dict[Section, Builder] = _Lazy()
