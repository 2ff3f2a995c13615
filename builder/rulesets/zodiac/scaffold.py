"""What `zodiac init --ruleset zodiac` writes: every book, and one of each kind they print.

A weapon set, an armor set, a relic set, a Tech, a job whose bands use them, a level-1
character of that job (equipped from the sets, its purchases within the starting 200 G,
R25) and a monster: `zodiac validate`, `zodiac build` and `zodiac character generate
--job lamplighter` work in the new folder as written. The words are our own and short.

The shared ``builder.scaffold`` writes the project's head (``ruleset:``, title, author,
paper: the user's text, quoted there), the editors' schema lines and every file,
atomically; this module only says what a small, working ZODIAC project holds. Map Combat
is off unless a project turns it on (R32), and `zodiac init` asks nothing: the switch is
written commented.
"""

from __future__ import annotations

from builder.scaffold import Scaffold

HOUSE_RULES = """\
house_rules:
  damage_die_multiplier: 10   # R10 (the glossary's x5 is a house rule)
  relic_slots: 1              # R9 (the glossary's two relics is a house rule)
  # map_combat: true          # R32: Move, Jump and Range/Effect/Vertical (Map Combat supplement)
"""

# holds -> (title, output, extra keys) for the books whose names we chose; a book the rule
# set registers later gets its id as title and file name, so `init` never leaves one out.
BOOK_NAMES: dict[str, tuple[str, str, str]] = {
    "character_sheets": ("Character Sheets", "characters.pdf", ""),
    "blank_sheet": ("Blank Sheet", "blank-sheet.pdf", ""),
    "monster_cards": ("Monster Cards", "monster-cards.pdf", ", sort: level"),
    "bestiary": ("Bestiary", "bestiary.pdf", ", sort: level"),
    "equipment_book": ("Armory", "equipment.pdf", ""),
    "tech_grimoire": ("Grimoire", "grimoire.pdf", ""),
    "map_combat_reference": ("Map Combat", "map-combat.pdf", ""),
}


def _books() -> str:
    """zodiac.yaml's `books:`, one line per book of the rule set, in its order."""
    from builder.rulesets.zodiac import BOOKS

    lines = ["books:"]
    for holds in BOOKS:
        default = (holds.replace("_", " ").title(), holds.replace("_", "-") + ".pdf", "")
        title, output, extra = BOOK_NAMES.get(holds, default)
        lines.append(f"  - {{title: {title}, output: {output}, holds: {holds}{extra}}}")
    return "\n".join(lines) + "\n"


WEAPONS = """\
kind: weapon_set
name: Lantern Blades
weapon_class: sword
physical_points: 4            # the power split: 6 points, each side 1-5
magical_points: 2
description: Our own starter swords; rename them and add abilities from the pool.
weapons:                      # levels 1-10 once each; the pool has 10 points over 1-9
  - {level: 1, name: Tin Blade}
  - {level: 2, name: Wick Sword, abilities: [{elemental: fire}]}
  - {level: 3, name: Brass Blade}
  - {level: 4, name: Ember Edge}
  - {level: 5, name: Lamp Sword}
  - {level: 6, name: Cinder Blade}
  - {level: 7, name: Beacon Sword}
  - {level: 8, name: Flare Edge}
  - {level: 9, name: Dawn Blade}
  - {level: 10, name: First Light}   # the artifact: never sold
"""

ARMOR = """\
kind: armor_set
name: Lantern Gear
armor_type: balanced
pools: standard
description: Our own starter armor and shields.
armors:
  - {level: 1, name: Quilted Vest}
  - {level: 2, name: Hide Coat}
  - {level: 3, name: Ring Shirt}
  - {level: 4, name: Scale Coat}
  - {level: 5, name: Plated Coat}
  - {level: 6, name: Lamp Mail}
  - {level: 7, name: Beacon Mail}
  - {level: 8, name: Flare Mail}
  - {level: 9, name: Dawn Mail}
  - {level: 10, name: Sunrise Coat}
guards:
  - {level: 1, name: Lid Shield}
  - {level: 2, name: Hide Shield}
  - {level: 3, name: Ring Shield}
  - {level: 4, name: Scale Shield}
  - {level: 5, name: Plated Shield}
  - {level: 6, name: Lamp Shield}
  - {level: 7, name: Beacon Shield}
  - {level: 8, name: Flare Shield}
  - {level: 9, name: Dawn Shield}
  - {level: 10, name: Sunrise Shield}
"""

RELICS = """\
kind: relic_set
name: Lantern Trinkets
description: Our own starter relics; 500 G a point (R25 for the artifact).
relics:
  - {name: Oil Charm, options: [{stat_boost: {vit: 10}}]}
  - {name: Glass Eye, options: [{status_immunity: [blind]}]}
"""

TECH = """\
kind: tech
name: Ember Cut
tech_level: 1
power_level: medium
primary: power_attack
element: fire
description: Our own; a swing that leaves a line of sparks.
"""

JOB = """\
kind: job
name: Lamplighter
description: Our own starter job; `zodiac character generate --job lamplighter` uses it.
class_power: tech
armor_type: balanced
weapon_class: sword
command_skill: steal
support_skill: quickness
base_stats: {str: 10, mag: 7, vit: 8, spr: 7, agi: 8}   # 3 each + 25 points (R4)
growth:                      # repeats from level 2: 3 points, at most 2 in one stat (R6)
  - {str: 2, agi: 1}
  - {vit: 1, spr: 1, mag: 1}
techs:
  - {tech: ember-cut, at: 1}
equipment:                   # the last band at or below the character's level applies
  - {from_level: 1, weapon: tin-blade, armor: quilted-vest, guard: lid-shield}
  - {from_level: 10, weapon: brass-blade, armor: ring-shirt, guard: ring-shield, relic: oil-charm}
"""

CHARACTER = """\
kind: character
name: Rook Tallowmere
job: lamplighter
level: 1
class_power: tech
armor_type: balanced
weapon_class: sword
command_skill: steal
support_skill: quickness
base_stats: {str: 10, mag: 7, vit: 8, spr: 7, agi: 8}   # 3 each + 25 points, none above 15
advancement: []              # add {str: 2, agi: 1} ... one entry per level gained
equipment: {weapon: tin-blade, armor: quilted-vest, guard: lid-shield}
purchases: [{item: tin-blade}, {item: quilted-vest}, {item: lid-shield}]   # 180 of 200 G
gold: 20
techs:
  - tech: ember-cut
"""

MONSTER = """\
kind: monster
name: Tunnel Rat
level: 1
stats: {str: 8, mag: 2, vit: 8, spr: 4, agi: 8}   # 25 + 5 x level points (R26)
attack_die: d6
drops: [potion]
steals: [tin-blade]
description: Our own; a dog-sized rat that nests in old mine shafts.
"""


def scaffold() -> Scaffold:
    """ZODIAC's starter project: every book of the rule set, one entry of each kind."""
    return Scaffold(
        default_title="My ZODIAC Campaign",
        config=HOUSE_RULES + _books(),
        files={
            "equipment/lantern-blades.yaml": WEAPONS,
            "equipment/lantern-gear.yaml": ARMOR,
            "equipment/lantern-trinkets.yaml": RELICS,
            "techs/ember-cut.yaml": TECH,
            "jobs/lamplighter.yaml": JOB,
            "characters/rook.yaml": CHARACTER,
            "monsters/tunnel-rat.yaml": MONSTER,
        },
    )
