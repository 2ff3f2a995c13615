"""What `zodiac init --ruleset turns-and-actions` writes: its books, an ability, a weapon,
a player and a monster that validate and build. The content is our own (the chapter has
no classes or equipment lists) and says so."""

from __future__ import annotations

from builder.scaffold import Scaffold

CONFIG = """\
books:
  - {title: Ability Cards, output: ability-cards.pdf, holds: ability_cards}
  - {title: Combatant Sheets, output: combatants.pdf, holds: combatant_sheets}
  - {title: Combat Reference, output: combat-reference.pdf, holds: combat_reference}
"""

ABILITY = """\
{schema}kind: ability
name: Spark Jab
description: Our own starter ability.
application: action
use: 10AP, 2Mna            # AP plus Stamina (Sta), Mana (Mna) or Focus (Fcs); 10!AP can burn
range: 1-2                 # X, X-Y, =X, -Y, X- (R42); quote "!X" and ">X"
targeting: los             # nearby | los | battlefield | beam
accuracy: "[Magic:Magic]"  # [Score:Evasion] or "Luck: X"
element: electric
damage: {{rank: 1, power: magic}}
on_hit: Deal 1{{MgcPwr}} electric damage.
flavor: A snap of blue light between two fingers.
"""

WEAPON = """\
{schema}kind: weapon
name: Short Spear
description: Our own starter weapon.
type: melee
weight_class: M            # VL L M H VH
use: 10AP
rank: 2                    # crit score is rank + 1
weight: 3
attributes: [Honed 1]      # Name+ N for an enhanced attribute
"""

PLAYER = """\
{schema}kind: combatant
name: Ada Quill
description: Our own starter player.
side: player
element: neutral
vitals: {{health: 50, stamina: 20, mana: 20, focus: 10}}
initiative: 2
melee: {{accuracy: 2, evasion: 10, power: 3}}
skill: {{accuracy: 1, evasion: 9, power: 2}}
magic: {{accuracy: 3, evasion: 10, power: 4}}
luck: 2
weapons: [short-spear]     # two slots: primary, secondary
abilities: [spark-jab]
"""

MONSTER = """\
{schema}kind: combatant
name: Cave Newt
description: Our own starter monster.
side: monster
element: water
intelligence: instinctive  # drone | instinctive | sapient | wise | brilliant
vitals: {{health: 24, stamina: 10}}
initiative: 1
melee: {{accuracy: 1, evasion: 8, power: 2}}
skill: {{accuracy: 0, evasion: 6, power: 1}}
magic: {{accuracy: 0, evasion: 5, power: 1}}
harvest: {{score: 15, loot: a newt's glass eye}}
"""


def scaffold() -> Scaffold:
    return Scaffold(
        default_title="My Turns and Actions Campaign",
        config=CONFIG,
        files={
            "abilities/spark-jab.yaml": ABILITY.format(schema=""),
            "weapons/short-spear.yaml": WEAPON.format(schema=""),
            "combatants/ada-quill.yaml": PLAYER.format(schema=""),
            "combatants/cave-newt.yaml": MONSTER.format(schema=""),
        },
    )
