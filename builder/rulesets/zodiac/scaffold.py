"""What `zodiac init --ruleset zodiac` writes: house rules, books, a character, a monster.

The shared ``builder.scaffold`` writes the project's head (``ruleset:``, title, author,
paper: the user's text, quoted there) and every file, atomically; this module only says
what a small, working ZODIAC project holds. Map Combat is off unless a project turns it
on (R32), and `zodiac init` asks nothing: the switch is written commented.
"""

from __future__ import annotations

from collections.abc import Callable

from builder.scaffold import Scaffold

CONFIG = """\
house_rules:
  damage_die_multiplier: 10   # R10 (the glossary's x5 is a house rule)
  relic_slots: 1              # R9 (the glossary's two relics is a house rule)
  # map_combat: true          # R32: Move, Jump and Range/Effect/Vertical (Map Combat supplement)
books:
  - {title: Character Sheets, output: characters.pdf, holds: character_sheets}
  - {title: Blank Sheet, output: blank-sheet.pdf, holds: blank_sheet}
  - {title: Monster Cards, output: monster-cards.pdf, holds: monster_cards, sort: level}
  - {title: Bestiary, output: bestiary.pdf, holds: bestiary, sort: level}
"""

CHARACTER = """\
{schema}kind: character
name: Rook Tallowmere
level: 1
class_power: tech
armor_type: balanced
weapon_class: sword
command_skill: steal
support_skill: quickness
base_stats: {{str: 10, mag: 7, vit: 8, spr: 7, agi: 8}}   # 3 each + 25 points, none above 15
advancement: []              # add {{str: 2, agi: 1}} ... one entry per level gained
"""

MONSTER = """\
{schema}kind: monster
name: Tunnel Rat
level: 1
stats: {{str: 8, mag: 2, vit: 8, spr: 4, agi: 8}}   # 25 + 5 x level points (R26)
attack_die: d6
description: A dog-sized rat that nests in old mine shafts.
"""


def scaffold(schema_line: Callable[[str], str]) -> Scaffold:
    """ZODIAC's starter project; ``schema_line(kind)`` is the editor's schema comment."""
    return Scaffold(
        default_title="My ZODIAC Campaign",
        config=CONFIG,
        files={
            "characters/rook.yaml": CHARACTER.format(schema=schema_line("character")),
            "monsters/tunnel-rat.yaml": MONSTER.format(schema=schema_line("monster")),
        },
    )
