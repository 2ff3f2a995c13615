"""The 99 Towers combat chapter's tables, shared by models, rules and checks (R31).

``99-towers-combat.txt``: Creature Sizes and Size Rank, Range Modifiers, the damage
types, and the Action List shipped as data (``ACTIONS``). Nothing here computes.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

CHAPTER = "99 Towers, Combat"

# Size Modifiers: Size Rank | Description; Creature Sizes: Description | Space.
# The chapter spells the smallest "Minuscule" in one table and "Miniscule" in the other;
# both name the same size (the model reads either).
SIZE_RANKS: dict[str, int] = {
    "minuscule": -4,
    "diminutive": -3,
    "tiny": -2,
    "small": -1,
    "medium": 0,
    "large": 1,
    "huge": 2,
    "gargantuan": 3,
    "colossal": 4,
}
SIZE_ALIASES: dict[str, str] = {"miniscule": "minuscule"}

# Creature Sizes: the side of the space a creature takes, in squares.
SIZE_SPACE: dict[str, Fraction] = {
    "minuscule": Fraction(1, 4),
    "diminutive": Fraction(1, 3),
    "tiny": Fraction(1, 2),
    "small": Fraction(1),
    "medium": Fraction(1),
    "large": Fraction(2),
    "huge": Fraction(3),
    "gargantuan": Fraction(4),
    "colossal": Fraction(5),
}

# Range Modifiers: range increment -> penalty to the Physical Attack <PA> flip.
RANGE_PENALTIES: dict[int, str] = {1: "none", 2: "shift-1", 3: "flip-1", 4: "shift-1 flip-1"}
MAX_INCREMENTS = 4  # "Greater than 4 | Impossible"

# Damage Types: "Some (but not all) damage types are:" (the list the checks accept).
DAMAGE_TYPES: tuple[str, ...] = ("acid", "cold", "electricity", "fire", "poison", "psychic")

# Companions and Minions, Types of Companions.
COMPANION_TYPES: tuple[str, ...] = ("animal", "undead", "summoned", "construct")

# STUN: "Physical" is reduced by <ER>, "Arcane" by <IR>, anything else by neither.
DAMAGE_CATEGORIES: tuple[str, ...] = ("physical", "arcane", "uncategorised")

OPPORTUNITY_ATTACK_COST = 3  # "moved back three phases on the Combat Clock"
SHIFT_COMBINATION_EXTRA = 2  # "2 plus the other action's cost"
SURPRISE_DELAY = 10  # "delayed by 10 phases"
INITIATIVE_BASE = 20  # "subtract the calculated Initiative value from 20"
CLOCK_PHASES = 100  # "a 10x10 grid of squares"
ROUND_PHASES = 10
FALL_STEP_FEET = 5  # "5 Physical STUN and 2 damage flips per 5 feet"
FALL_STUN_PER_STEP = 5
FALL_FLIPS_PER_STEP = 2

# Opportunity Attacks: when an action provokes one while in a threatened space.
PROVOKES = ("never", "always", "leaving", "ranged")
PROVOKES_TEXT: dict[str, str] = {
    "never": "",
    "always": "OA",
    "leaving": "OA when leaving a threatened space",
    "ranged": "OA with a ranged weapon",
}


@dataclass(frozen=True)
class Action:
    """One action of the Action List.

    ``cost`` is phases; None with ``timing`` "free", "special" (Hold) or "varies" (Use a
    Skill). ``group`` is "attack", "move", "attack move" (Charge) or "".
    """

    id: str
    name: str
    cost: int | None
    timing: str  # "phases" | "free" | "special" | "varies"
    group: str
    provokes: str  # one of PROVOKES
    modifiers: tuple[str, ...] = ()
    summary: str = ""

    @property
    def cost_text(self) -> str:
        return f"{self.cost}" if self.cost is not None else self.timing.title()


def _a(
    id: str,
    name: str,
    cost: int | None,
    summary: str,
    *,
    timing: str = "phases",
    group: str = "",
    provokes: str = "never",
    modifiers: tuple[str, ...] = (),
) -> Action:
    return Action(id, name, cost, timing, group, provokes, modifiers, summary)


# The Action List, in the chapter's order. Groups: "Attack- and Move-Related Actions".
# Provokes: "Actions you take can also provoke an Opportunity Attack" (moving out of a
# threatened area, attacking with a ranged weapon, and the six actions it names).
ACTIONS: tuple[Action, ...] = (
    _a(
        "aid",
        "Aid",
        3,
        "Attack vs Defense to hinder a foe against an ally",
        modifiers=("flip+1 on the Aid check", "foe flip-1 on next Defense vs your ally"),
    ),
    _a(
        "aim",
        "Aim",
        5,
        "Take care with the next attack",
        modifiers=("flip+1 on the next attack per Aim, up to half PA or SA",),
    ),
    _a("attack", "Attack", 5, "Attack a target in range", group="attack", provokes="ranged"),
    _a("cast-a-spell", "Cast a Spell", 5, "Cast a spell (see Magic)"),
    _a(
        "charge",
        "Charge",
        8,
        "Combat Move then one melee attack; last 3 spaces straight",
        group="attack move",
        provokes="leaving",
    ),
    _a(
        "combat-move",
        "Combat Move",
        5,
        "Move up to SPD; may Drop Prone at the end",
        group="move",
        provokes="leaving",
    ),
    _a("concentrate", "Concentrate", 5, "Keep up an effect that needs Concentration"),
    _a("discard-chip-to-heal", "Discard Chip to Heal", None, "Heal STUN or LETHAL", timing="free"),
    _a("drop-object", "Drop Object", None, "Drop what is held", timing="free"),
    _a("drop-prone", "Drop Prone", 3, "Drop to the ground (free after a Combat Move)"),
    _a(
        "draw-a-weapon",
        "Draw a Weapon",
        6,
        "Draw a weapon (two one-handed ones if both hands free)",
    ),
    _a("escape", "Escape", 5, "Escape check when grappled"),
    _a(
        "forced-delay",
        "Forced Delay",
        5,
        "Waste the turn; no free or 0-cost actions this phase",
    ),
    _a(
        "full-defense",
        "Full Defense",
        10,
        "Defend only",
        modifiers=("+1 Defense on all opposed combat checks",),
    ),
    _a("hold", "Hold", None, "Hold the action until a later phase", timing="special"),
    _a("initiate-grapple", "Initiate Grapple", 5, "Grapple Test against an adjacent foe"),
    _a(
        "interact-with-the-environment",
        "Interact with the Environment",
        5,
        "Open a door, pull a lever, push a button",
        provokes="always",
    ),
    _a(
        "interact-with-inventory",
        "Interact with Inventory",
        10,
        "Retrieve something not easily accessible",
        provokes="always",
    ),
    _a(
        "pick-up-an-object",
        "Pick up an Object",
        3,
        "Pick up an object in or next to your space",
        provokes="always",
    ),
    _a(
        "power-attack",
        "Power Attack",
        7,
        "Swing for the fences (melee, ranged or spell)",
        group="attack",
        provokes="ranged",
        modifiers=(
            "flip-1 on the attack",
            "base Damage +2",
            "flip-1 Defense until next activation",
        ),
    ),
    _a(
        "reckless-move",
        "Reckless Move",
        7,
        "Move up to double SPD",
        group="move",
        provokes="leaving",
        modifiers=("flip-1 on all opposed combat checks until next activation",),
    ),
    _a("recover", "Recover", 5, "Heal STUN equal to Endurance"),
    _a("reload-a-weapon", "Reload a Weapon", 5, "Refill one weapon's shots", provokes="always"),
    _a(
        "running-leap",
        "Running Leap",
        10,
        "Run SPD straight (5 phases), then leap up to SPD",
        group="move",
        provokes="leaving",
    ),
    _a("shake-minor-condition", "Shake Minor Condition", 5, "Remove one minor condition"),
    _a(
        "shift-position",
        "Shift Position",
        3,
        "Move one space, no OA; or add to an action for 2 + its cost",
    ),
    _a("speak", "Speak", None, "Say something brief", timing="free"),
    _a(
        "stand-from-prone",
        "Stand from Prone",
        4,
        "Get up (Acrobatics may shorten it)",
        provokes="always",
    ),
    _a("use-a-skill", "Use a Skill", None, "A skill usable in combat", timing="varies"),
    _a("use-an-item", "Use an Item", 5, "Use an item held or easily accessible", provokes="always"),
)

ACTIONS_BY_ID: dict[str, Action] = {a.id: a for a in ACTIONS}
SHIFT = "shift-position"
DELAY = "forced-delay"

# Entering Combat and Initiative (L17): what breaks a tie within one phase, in order; the
# last is a flip whose high card counts as the higher Calculated Initiative all combat.
TIE_BREAKS: tuple[tuple[str, str], ...] = (
    ("calculated", "Calculated Initiative"),
    ("n", "Initiative <N>"),
    ("ss", "Soft Strength [SS]"),
    ("flip", "a flip (the high card counts as the higher Calculated Initiative all combat)"),
)

# Cover (L155-161): what each kind gives the Defender's combat flip; Total Cover: usually
# no attack at all (None).
COVER: dict[str, tuple[str, ...] | None] = {
    "none": (),
    "soft": ("shift+1",),
    "hard": ("flip+1", "shift+1"),
    "total": None,
}

# Healing (L247): one LETHAL back per this many hours without exertion.
LETHAL_REST_HOURS = 8

# Off-Hand Weapons and Dual-Wielding (L288-289).
OFF_HAND_FLIP = -1  # an attack with the off-hand weapon: (flip-1)
DUAL_WIELD_SHIFT = 1  # aggressive: +1 <PA> -1 <PD>; defensive: +1 <PD> -1 <PA>
TWO_HANDED = "two-handed"  # a weapon keyword: it takes both hands (the Heavy Rifle)

# Dueling, Stage Two: Showdown (L301-309): one piece per point the flip wins by, from this
# list; winning by this much or more gives a (flip+1) in Stage Three.
SHOWDOWN_LIST: tuple[str, ...] = (
    "the opponent's Physical Attack <PA> (with the weapon of the duel)",
    "the opponent's Physical Damage <PX> (with the weapon of the duel)",
    "the opponent's Dueling skill rank",
    "the number of cards in the opponent's Hand of Fate",
    "the number and types of Chips left in the opponent's pool",
    "the opponent's current STUN and LETHAL",
    "the opponent's character level",
)
SHOWDOWN_FOCUS_MARGIN = 5
