"""The chapter's lists that models, rules and checks share (turns-and-actions.txt, R31).

Only what the chapter itself names: weight classes, elements and their chart, the
intelligence levels, the combatant ranks, the scores placeholders may name and the
common actions with their AP costs (shipped as data, read by the action reference).
"""

from __future__ import annotations

CHAPTER = "Turns and Actions"

AP_PER_TURN = 20  # "they are granted 20 Action Points (AP)"
COUNTERS_INITIATIVE = 99  # "COUNTERS is granted an initiative score of 99, always going first"
OUT_OF_COMBAT_AP = 100
TIRED_AP = 5  # L540: "5AP is deducted for every instance of Tired"
NATURAL_ONE_RANK_LOSS = 2  # L273: later actions this turn "reduced by 2 (min 0)"
COVER_HEALTH_PER_RANK = 5  # L321 and R50: {CL}(X5) = Class Level x 5 x the cover's rank

# Status Effects (L209-230): the three most common negative and positive statuses, what
# each does, and how long one lasts when the ability gives no length (L212-213).
NEGATIVE_STATUS_TURNS = 3  # "assumed to last 3 turns at most"
NEGATIVE_STATUSES: dict[str, str] = {
    "Bleeding": "your actions cost an amount of health to perform",
    "Poison": "you take an amount of damage at the end of each turn",
    "Burning": "you take a percent of your max health as damage at the end of each turn",
}
POSITIVE_STATUSES: dict[str, str] = {
    "Immune": "you are immune to the specified effect",
    "Restore": "you recover an amount of vitality or ability as specified",
    "Increase": "you increase a score, such as a maximum value or rank",
}

# Weapons, "Weight Class": the five official listings.
WEIGHT_CLASSES: dict[str, str] = {
    "VL": "Very Light",
    "L": "Light",
    "M": "Medium",
    "H": "Heavy",
    "VH": "Very Heavy",
}

WEAPON_TYPES = ("melee", "skill", "magic")
SCORE_TYPES = ("melee", "skill", "magic")

# Elements: the nine of the chart, in the chapter's order.
ELEMENTS = (
    "fire",
    "water",
    "wind",
    "darkness",
    "light",
    "metal",
    "electric",
    "noble",
    "neutral",
)

# element -> (strong against, vulnerable to), as the chapter lists them. Noble is
# "strong against everything and vulnerable [to] everything"; Neutral is neither.
_ALL = frozenset(ELEMENTS)
ELEMENT_CHART: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "fire": (frozenset({"wind"}), frozenset({"water"})),
    "water": (frozenset({"fire"}), frozenset({"wind"})),
    "wind": (frozenset({"water"}), frozenset({"fire"})),
    "darkness": (frozenset({"light"}), frozenset({"darkness"})),
    "light": (frozenset({"darkness"}), frozenset({"light"})),
    "metal": (frozenset({"electric"}), frozenset({"metal"})),
    "electric": (frozenset({"metal"}), frozenset({"electric"})),
    "noble": (_ALL, _ALL),  # R49: element_shift gives +1 either way, never 0
    "neutral": (frozenset(), frozenset()),
}

NOBLE = "noble"

INTELLIGENCE = ("drone", "instinctive", "sapient", "wise", "brilliant")
# Befriend: "Drone Beat 16, Instinctive Beat 18, Sapient Beat 20".
BEFRIEND_BASE: dict[str, int] = {"drone": 16, "instinctive": 18, "sapient": 20}
# Aggro: danger threshold, percent of max health; Brilliant always attack the real threat.
DANGER_PERCENT: dict[str, int | None] = {
    "drone": 10,
    "instinctive": 25,
    "sapient": 50,
    "wise": 75,
    "brilliant": None,
}

RANKS = ("regular", "miniboss", "boss")
# Teamwork: "Minibosses count as two combatants, and Bosses count as three."
TEAMWORK_COUNT: dict[str, int] = {"regular": 1, "miniboss": 2, "boss": 3}
TEAMWORK_MAX = 3  # "The TmWrk placeholder only goes up to 3."

# Swarming: members -> (accuracy, evasion, rank); 6+ (as X): +2X, -2X, +(X-1).
SWARM: dict[int, tuple[int, int, int]] = {
    2: (3, -3, 1),
    3: (5, -5, 2),
    4: (7, -7, 3),
    5: (10, -10, 4),
}
SWARM_NAMES: dict[int, str] = {2: "Duo", 3: "Trio", 4: "Quartet", 5: "Quintet"}

FALL_DAMAGE_PER_SPACE = 15  # "neutral damage equal to 15 times however many spaces you fell"

# Placeholders: "2{MgcPwr}", "{CL}", "{TmWrk}", "{OutNum}". Scores of a combatant, levels,
# and the situational counts the table supplies at play.
PLACEHOLDER_SCORES: dict[str, str] = {
    "MlePwr": "Melee Power",
    "SklPwr": "Skill Power",
    "MgcPwr": "Magic Power",
    "MleAcc": "Melee Accuracy",
    "SklAcc": "Skill Accuracy",
    "MgcAcc": "Magic Accuracy",
    "MleEva": "Melee Evasion",
    "SklEva": "Skill Evasion",
    "MgcEva": "Magic Evasion",
    "Luck": "Luck",
    "Init": "Initiative",
    "CL": "Class Level",
    "TL": "Total Level",
    "DL": "Diversity Level",
    "LB": "Level Bonus",
    "TmWrk": "allies in your space (at most 3)",
    "OutNum": "enemies minus friends in your space",
}
SITUATIONAL = frozenset({"TmWrk", "OutNum"})

APPLICATIONS = ("action", "reaction", "passive")
TARGETING = ("nearby", "los", "battlefield", "beam")
TARGETING_NAMES: dict[str, str] = {
    "nearby": "Nearby (0sp)",
    "los": "Line of Sight",
    "battlefield": "Battlefield",
    "beam": "Beam",
}
AOE_SHAPES = ("circle", "cone", "ray", "line", "square", "space")

# Common actions: (name, AP cost as printed, note). R43 reads Movement's "5+(2/turn)".
COMMON_ACTIONS: tuple[tuple[str, str, str], ...] = (
    ("Movement", "5, then +2 each (R43)", "move to an adjacent space with a dotted border"),
    ("Sprint", "20", "move four spaces instead of one"),
    ("Difficult terrain", "10", "to move into bumpy or cluttered terrain"),
    ("Basic Attack", "weapon's AP", "hit check against the target's Evasion"),
    ("Unarmed Attack", "10", "melee, rank 1, your MlePwr, your class's element"),
    ("Defend with Shield", "5", "temporary health equal to the shield's Protection"),
    ("Guard", "5", "+3 to every Evasion until your next turn"),
    ("Cover", "5", "temporary health Class Level x 5 x the cover's rank 1-5 (R50)"),
    ("Use Equipment", "5", "swap, draw, equip, store, consume or hand over"),
    ("Use Revival Coin", "5", "revive a dead combatant in your space"),
    ("Destroy Item", "10", "an unequipped item or a small feature"),
    ("Destroy Terrain", "20", "a wall, hill or large tree in your space"),
    ("Withhold Action", "5 + the action's", "use it later in the round"),
    ("Supportive Check", "10 (first free)", "talent, Stealth and self-checks"),
    ("Execute", "10", "kill a KO'd opponent alone with you"),
    ("Befriend", "5", "Luck check: drone 16, instinctive 18, sapient 20"),
    ("Taunt", "5", "target in LoS makes a Skill self-check or is Taunted"),
    ("Channel Ability", "+3 Sta/Mna/Fcs", "channel an ability through a weapon"),
)

COVER_RANKS: tuple[tuple[str, int], ...] = (
    ("Very Low Cover", 1),
    ("Low Cover", 2),
    ("Medium Cover", 3),
    ("High Cover", 4),
    ("Very High Cover", 5),
)
