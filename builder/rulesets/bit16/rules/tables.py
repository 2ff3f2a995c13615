"""The text's tables, as written (Rewards; Status Effects; Terrain Effects)."""

from __future__ import annotations

# Rewards, "Enemy Level / XP/AP": level -> XP (and the same AP).
ENEMY_XP: dict[int, int] = {1: 1, 2: 3, 3: 6, 4: 10, 5: 15, 6: 21, 7: 28, 8: 36, 9: 45, 10: 55}

# Rewards, "PC Level / XP Min": level -> the XP it starts at (R34: level 2 is 10, not 25).
PC_XP_MIN: dict[int, int] = {
    1: 0,
    2: 10,
    3: 40,
    4: 100,
    5: 200,
    6: 350,
    7: 560,
    8: 840,
    9: 1200,
    10: 1650,
}
MAX_LEVEL = 10

# Status Effects: rounds by the caster's M.Atk die ("6 for d12, 5 for d10, etc", R36).
STATUS_ROUNDS: dict[str, int] = {"d12": 6, "d10": 5, "d8": 4, "d6": 3, "d4": 2}

# Skills: "rated from D6-D12".
SKILL_DICE: tuple[str, ...] = ("d6", "d8", "d10", "d12")

# Limit and Limit Attacks.
LIMIT_MAX = 20
LIMIT_USABLE = 10
COMBO_PER_LEVEL = 5

# Terrain Effects: name -> move cost (None: impassable).
TERRAIN: tuple[tuple[str, str], ...] = (
    ("Open (grass, earth, stone)", "MC 1"),
    ("Water", "MC 2"),
    ("Deep water", "impassable unless a movement ability or status allows"),
    ("Broken / thick / fast", "MC +1"),
    ("Height", "MC +1; -1 for the first square entered if it is only +1 HT"),
    ("Jumping across", "may cross 1 empty space to an area of lower HT"),
    ("Jumping up / down", "limited to Jump; at exactly Jump all movement ends there"),
)

FACING: tuple[tuple[str, str], ...] = (
    ("Front", "+1 EVA"),
    ("Side", "no change"),
    ("Back", "-1 EVA"),
)

STATUSES: tuple[tuple[str, str, str], ...] = (
    ("Sap", "negative", "loses HP = caster's Base M.Atk at the start of each action"),
    ("Silence", "negative", "may not cast spells"),
    ("Immobilize", "negative", "may not move"),
    ("Slow", "negative", "Move -1, EVA -1, M.Eva -1"),
    ("Blind", "negative", "rolls twice for physical attacks, keeps the lower; immune to gaze"),
    ("Disabled", "negative", "may take no actions but may still move"),
    ("Stop", "negative", "Immobilize and Disable; base duration halved (R36: round up)"),
    ("DMG / M.Dmg Down", "negative", "DMG / M.Dmg minus half Base DMG / M.Dmg"),
    ("DEF / M.Def Down", "negative", "DEF / M.Def halved (round up)"),
    ("Regen", "positive", "heals HP = caster's Base M.Atk at the start of each turn"),
    ("Haste", "positive", "Move +1, EVA +1, M.Eva +1"),
    ("Bravery", "positive", "when attacking: enemy DEF -1, 2DEF -1"),
    ("Faith", "positive", "when attacking: enemy M.Def -1, 2M.Def -1"),
    ("Protect", "positive", "resist all physical attacks"),
    ("Shell", "positive", "resist all magical attacks"),
    ("DMG / M.Dmg Up", "positive", "DMG / M.Dmg plus half Base DMG / M.Dmg"),
    ("Spd Up", "positive", "initiative phase +1; initiative roll is the Agility die's max"),
    ("DEF / M.Def Up", "positive", "+2 DEF / M.Def"),
    ("Quicken", "positive", "takes a turn right after the acting character"),
    ("Float", "positive", "ignores movement penalties, status or damage from terrain"),
)

# Initiative (L65-71): phases by EVA; Spd Up (L201).
INITIATIVE: tuple[tuple[str, str], ...] = (
    ("Base", "rank by EVA: each EVA is a phase, highest first (all EVA 4 act, then EVA 3...)"),
    ("Phase", "each phase is resolved whole; inside it roll initiative normally"),
    ("Spd Up", "one phase higher; the initiative roll is the Agility die's top face"),
)

# Range (L85, L93-95) and Melee Attacks (L235).
RANGES: tuple[tuple[str, str], ...] = (
    ("None written", "RNG 1; an AE attack RNG 0 (AE 0 is one square, not an area)"),
    ("Long / Reach", "RNG 2: Long hits up to 2 targets, Reach the closest in its line"),
    ("Melee", "in a straight line only: even RNG 2 cannot hit a diagonal"),
    ("Ranged", "guns, bows, crossbows, thrown: +1 RNG from 2 HT above the target"),
    ("Distance", "cardinal squares only: a diagonal neighbour is 2 away"),
)

# Knockback and Falling (L125-127).
KNOCKBACK: tuple[tuple[str, str], ...] = (
    ("Knockback N", "the target moves N squares straight away from the attacker"),
    ("Fall", "a level change of at least its Jump: + half the attack's damage (rounded down)"),
)
