"""Every number the combat chapter makes a Master work out (99-towers-combat.txt).

Pure functions over plain values: the Combat Clock (start phase, the phase after an
action, Shift Position combinations, Opportunity Attacks), range bands, size shifts,
STUN and LETHAL, the LETHAL thresholds, falling, grid distance (1-2-1-2 diagonals) and
the Burst and Aura square counts. Silent spots are read as the report of issue 11 says
(rounding down where the text divides; see each function).
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.rulesets.towers99.tables import (
    ACTIONS_BY_ID,
    DELAY,
    FALL_FLIPS_PER_STEP,
    FALL_STEP_FEET,
    FALL_STUN_PER_STEP,
    INITIATIVE_BASE,
    MAX_INCREMENTS,
    OPPORTUNITY_ATTACK_COST,
    RANGE_PENALTIES,
    SHIFT,
    SHIFT_COMBINATION_EXTRA,
    SIZE_ALIASES,
    SIZE_RANKS,
    SIZE_SPACE,
    SURPRISE_DELAY,
    Action,
)


class RuleError(ValueError):
    """A request the chapter does not allow (the message says why and cites the rule)."""


# ------------------------------------------------------------------ the Combat Clock


def start_phase(calculated_initiative: int, surprised: bool = False) -> int:
    """20 minus the calculated initiative (20 or more counts as 20), +10 when surprised."""
    if calculated_initiative < 0:
        raise RuleError("a calculated initiative is a card plus Initiative <N>: 0 or more")
    phase = INITIATIVE_BASE - min(calculated_initiative, INITIATIVE_BASE)
    return phase + (SURPRISE_DELAY if surprised else 0)


def action(action_id: str) -> Action:
    """The Action List entry ``action_id`` (kebab-case), or RuleError naming the choices."""
    found = ACTIONS_BY_ID.get(action_id)
    if found is None:
        raise RuleError(f"no action '{action_id}' in the Action List")
    return found


def action_cost(act: Action) -> int:
    """The phases an action moves its actor: free actions cost 0; Hold and Use a Skill vary."""
    if act.timing == "free":
        return 0
    if act.cost is None:
        raise RuleError(f"{act.name} has no fixed cost ({act.timing}); the GM sets it")
    return act.cost


def shift_forbidden(act: Action) -> str | None:
    """Why Shift Position cannot be added to ``act`` (Shift Position), or None."""
    if act.timing == "free" or act.cost == 0:
        return f"{act.name} is a free or zero-cost action"
    if act.id == DELAY:
        return "Delay never takes Shift Position"
    if act.id == SHIFT:
        return "Shift Position cannot be added to another Shift Position"
    return None


def shift_combination_cost(act: Action) -> int:
    """Shift Position added to ``act``: 2 plus the other action's cost."""
    why = shift_forbidden(act)
    if why is not None:
        raise RuleError(f"Shift Position cannot be combined here: {why}")
    return SHIFT_COMBINATION_EXTRA + action_cost(act)


def phase_after(phase: int, cost: int) -> int:
    """The phase a character acts next after an action costing ``cost`` phases."""
    return phase + cost


def after_opportunity_attack(phase: int) -> int:
    """Making an Opportunity Attack moves the attacker back three phases."""
    return phase + OPPORTUNITY_ATTACK_COST


def clock_steps(start: int, steps: list[str]) -> list[int]:
    """Phases after each step from ``start``.

    A step is an action id, ``shift+<action>`` for Shift Position combined with it, or
    ``opportunity-attack``.
    """
    phases = []
    phase = start
    for step in steps:
        if step == "opportunity-attack":
            phase = after_opportunity_attack(phase)
        elif step.startswith("shift+"):
            phase = phase_after(phase, shift_combination_cost(action(step[len("shift+") :])))
        else:
            phase = phase_after(phase, action_cost(action(step)))
        phases.append(phase)
    return phases


# -------------------------------------------------------------------------- ranges


@dataclass(frozen=True)
class Band:
    start: int
    end: int
    modifier: str

    def to_json(self) -> dict[str, int | str]:
        return {"from": self.start, "to": self.end, "modifier": self.modifier}


def range_bands(increment: int) -> list[Band]:
    """Range Modifiers: 0..X none, X+1..2X shift-1, 2X+1..3X flip-1, 3X+1..4X both."""
    if increment < 1:
        raise RuleError("a range increment is at least 1 space")
    return [
        Band(0 if n == 1 else (n - 1) * increment + 1, n * increment, RANGE_PENALTIES[n])
        for n in range(1, MAX_INCREMENTS + 1)
    ]


def range_modifier(distance: int, increment: int) -> str | None:
    """The PA penalty at ``distance`` spaces, or None when beyond the 4th increment."""
    for band in range_bands(increment):
        if band.start <= distance <= band.end:
            return band.modifier
    return None


def thrown_increment(max_range: int) -> int:
    """Thrown objects: the range increment is the maximum range / 4 (rounded down, at least 1)."""
    return max(1, max_range // 4)


# ---------------------------------------------------------------------------- sizes


def size_key(size: str) -> str:
    return SIZE_ALIASES.get(size, size)


def size_rank(size: str) -> int:
    """Size Modifiers: Size Rank of a description (Medium 0, Large 1, ...)."""
    key = size_key(size)
    if key not in SIZE_RANKS:
        raise RuleError(f"no size '{size}' in the Creature Sizes table")
    return SIZE_RANKS[key]


@dataclass(frozen=True)
class SizeShifts:
    attacker: int  # shift on the attacker's PA flip
    defender: int  # shift on the defender's PD or ID flip

    @property
    def net(self) -> int:
        """What the pair is worth to the attacker (the defender's shift counts against)."""
        return self.attacker - self.defender


def size_shifts(attacker: str, defender: str) -> SizeShifts:
    """Each side shifts by the inverse of its own size rank; equal sizes cancel out."""
    return SizeShifts(-size_rank(attacker), -size_rank(defender))


def space_side(size: str) -> int:
    """Squares on a side of what a creature occupies on the map (tiny or smaller: 1)."""
    return max(1, int(SIZE_SPACE[size_key(size)]))


# ------------------------------------------------------------------------- damage


@dataclass(frozen=True)
class Hit:
    stun: int
    lethal: int


def hit_damage(
    damage: int,
    hearts: int,
    *,
    resilience: int = 0,
    px: int = 0,
    immune: bool = False,
    susceptible: bool = False,
) -> Hit:
    """STUN and LETHAL of a hit with ``hearts`` Hearts (STUN Damage, LETHAL Damage, Damage Types).

    STUN: damage (+ PX where the weapon adds it) + Hearts - resilience, at least 1.
    LETHAL: one per Heart, never more than the STUN taken. Immunity: nothing.
    Susceptibility: both doubled, after resilience.
    """
    if hearts < 0:
        raise RuleError("Hearts in a flip are 0 or more")
    if immune:
        return Hit(0, 0)
    stun = max(1, damage + px + hearts - resilience)
    lethal = min(hearts, stun)
    if susceptible:
        return Hit(stun * 2, lethal * 2)
    return Hit(stun, lethal)


def dead_at(endurance: int) -> int:
    """LETHAL at which a character dies: negative double the Endurance."""
    return -2 * endurance


def lethal_state(lethal: int, maximum: int, endurance: int) -> str:
    """healthy, wounded (below maximum), disabled (0), dying (below 0) or dead (-2 x E)."""
    if lethal <= dead_at(endurance):
        return "dead"
    if lethal < 0:
        return "dying"
    if lethal == 0:
        return "disabled"
    if lethal < maximum:
        return "wounded"
    return "healthy"


@dataclass(frozen=True)
class Fall:
    stun: int
    flips: int


def falling(feet: int) -> Fall:
    """5 Physical STUN and 2 damage flips per full 5 feet fallen."""
    if feet < 0:
        raise RuleError("a fall is 0 feet or more")
    steps = feet // FALL_STEP_FEET
    return Fall(steps * FALL_STUN_PER_STEP, steps * FALL_FLIPS_PER_STEP)


# ----------------------------------------------------------------- the tactical map


def grid_distance(dx: int, dy: int) -> int:
    """Counting Spaces: orthogonal steps count 1; diagonals alternate 1, 2, 1, 2..."""
    dx, dy = abs(dx), abs(dy)
    return max(dx, dy) + min(dx, dy) // 2


def burst_cells(x: int) -> list[tuple[int, int]]:
    """Burst X: the target square and every square within X of it (Burst 1: 9, Burst 2: 21)."""
    if x < 0:
        raise RuleError("an area's size is 0 or more")
    return [
        (dx, dy) for dy in range(-x, x + 1) for dx in range(-x, x + 1) if grid_distance(dx, dy) <= x
    ]


def burst_squares(x: int) -> int:
    return len(burst_cells(x))


def aura_cells(x: int, side: int = 1) -> list[tuple[int, int]]:
    """Aura X around a creature ``side`` squares wide: squares within X of its space, not its own.

    Cells are relative to the creature's top-left square, which spans 0..side-1.
    """
    if x < 0 or side < 1:
        raise RuleError("an aura's size is 0 or more, around a creature at least 1 square wide")
    out = []
    for dy in range(-x, side + x):
        for dx in range(-x, side + x):
            ox = max(0, -dx, dx - (side - 1))
            oy = max(0, -dy, dy - (side - 1))
            if (ox or oy) and grid_distance(ox, oy) <= x:
                out.append((dx, dy))
    return out


def aura_squares(x: int, side: int = 1) -> int:
    return len(aura_cells(x, side))


def half_down(value: int) -> int:
    """Aim: 'up to half your PA or SA' (whole Aim actions: rounded down)."""
    return value // 2
