"""What `zodiac init --ruleset 16-bit-tactics` writes: books, a job, a character, a monster."""

from __future__ import annotations

from builder.scaffold import Scaffold

CONFIG = """\
books:
  - {title: Character Sheets, output: characters.pdf, holds: character_sheets}
  - {title: Job Sheets, output: jobs.pdf, holds: job_sheets}
  - {title: Monster Cards, output: monster-cards.pdf, holds: monster_cards, sort: level}
  - {title: Table Reference, output: reference.pdf, holds: reference}
"""

JOB = """\
{schema}kind: job
name: Squire
description: Our own starting job (the text gives no job sheets).
atk: d8
matk: d4
per_level: {{hp: 12, mp: 2, dmg: 4, mdmg: 1}}    # added at every level held in this job (R38)
thresholds: {{eva: 1, 2def: 2, def: 4, m_eva: 0, 2m_def: 1, m_def: 2}}
mov: 4
jump: 2
abilities:
  - {{name: Focus, ap: 5, effect: "DMG Up on self."}}
  - {{name: Cure, spell: true, ap: 6, range: 3, effect: "Heal M.Dmg HP; costs MP = AP."}}
"""

CHARACTER = """\
{schema}kind: character
name: Rook Tallowmere
xp: 0                       # level 1; level 2 at 10 XP (R34)
skills: {{might: d10, agility: d8, lore: d6, charm: d6}}   # each d6-d12
primary_job: squire
level_jobs: [squire]        # the starting job, then the job held at each level-up
jobs:
  squire: {{ap_earned: 0, learned: []}}
abilities: []               # learned abilities in use
equipment: [short-sword]
"""

WEAPON = """\
{schema}kind: weapon
name: Short Sword
description: Our own plain blade.
type: melee                 # melee | long | reach | ranged (needs ammo) | ammo
atk: d8
"""

MONSTER = """\
{schema}kind: monster
name: Tunnel Rat
description: Our own; a dog-sized rat that nests in old mine shafts.
level: 1                    # gives 1 XP and 1 AP
atk: d6
matk: d4
hp: 12
mp: 0
dmg: 3
mdmg: 0
thresholds: {{eva: 1, 2def: 1, def: 2, m_eva: 0, 2m_def: 1, m_def: 1}}
mov: 4
jump: 1
"""


def scaffold() -> Scaffold:
    """The starter project (``builder.scaffold`` adds the editors' schema lines)."""
    return Scaffold(
        default_title="My 16 Bit Tactics Campaign",
        config=CONFIG,
        files={
            "jobs/squire.yaml": JOB.format(schema=""),
            "characters/rook.yaml": CHARACTER.format(schema=""),
            "weapons/short-sword.yaml": WEAPON.format(schema=""),
            "monsters/tunnel-rat.yaml": MONSTER.format(schema=""),
        },
    )
