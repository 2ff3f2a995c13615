"""What `zodiac init --ruleset 99-towers` writes: the books, two weapons, a combatant.

The shared ``builder.scaffold`` writes the project's head (``ruleset:``, title, author,
paper); this module only says what a small, working 99 Towers project holds. The
combatant's values are inputs (the combat chapter derives none of them).
"""

from __future__ import annotations

from builder.scaffold import Scaffold

CONFIG = """\
books:
  - {title: Table Aids, output: table-aids.pdf, holds: table_aids}
  - {title: Combatant Cards, output: combatant-cards.pdf, holds: combatant_cards}
  - {title: Weapon Cards, output: weapon-cards.pdf, holds: weapon_cards}
"""

WEAPONS = """\
{schema}kind: weapon
name: Longblade
type: melee
attack: pa
attack_bonus: 1          # '1+PA'
damage: 4
px_adds: true            # '4+PX'
cost: 25
weight: 3
keywords: [Knight, Blade]
---
{schema}kind: weapon
name: Heavy Rifle
type: ranged
damage: 7
range_increment: 12      # spaces; ranged weapons need one, melee ones have none
shots: 10
cost: 40
weight: 10
keywords: [Two-Handed, Large]
"""

COMBATANT = """\
{schema}kind: combatant
name: Ada Vell
size: medium             # minuscule ... colossal (Size Rank -4 ... 4)
values: {{n: 2, pa: 4, sa: 1, pd: 3, id: 2, px: 2, spd: 6, er: 1, ir: 1}}
strength: {{soft: 2, hard: 2}}
endurance: 2             # dead at -2 x endurance LETHAL
stun: 12
lethal: 6
weapons: [longblade, heavy-rifle]
tactics:
  - {{name: Steady shot, weapon: heavy-rifle, aim: 2}}        # at most half the PA
  - {{name: Sidestep and fire, weapon: heavy-rifle, shift_with: attack}}
description: Our own starting combatant; replace the values with your sheet's.
"""


def scaffold() -> Scaffold:
    """99 Towers' starter project (``builder.scaffold`` adds the editors' schema lines)."""
    return Scaffold(
        default_title="My 99 Towers Campaign",
        config=CONFIG,
        files={
            "weapons/weapons.yaml": WEAPONS.format(schema=""),
            "combatants/ada.yaml": COMBATANT.format(schema=""),
        },
    )
