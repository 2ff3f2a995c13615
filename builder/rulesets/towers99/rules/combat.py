"""Every number the combat chapter makes a Master work out (99-towers-combat.txt).

Pure functions over plain values: the Combat Clock (start phase, the phase after an
action, Shift Position combinations, Opportunity Attacks), range bands, size shifts,
STUN and LETHAL after resilience, temporary STUN and LETHAL, the LETHAL thresholds and
rest, falling, grid distance (1-2-1-2 diagonals), the Burst and Aura square counts, ties
on the clock, cover and outnumbering, grappling, off-hand and dual-wield, and duels. Silent spots are read as the report of issue 11 says
(rounding down where the text divides; see each function).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from builder.rulesets.towers99.tables import (
    ACTIONS_BY_ID,
    COVER,
    DELAY,
    DUAL_WIELD_SHIFT,
    FALL_FLIPS_PER_STEP,
    FALL_STEP_FEET,
    FALL_STUN_PER_STEP,
    INITIATIVE_BASE,
    LETHAL_REST_HOURS,
    MAX_INCREMENTS,
    OPPORTUNITY_ATTACK_COST,
    RANGE_PENALTIES,
    SHIFT,
    SHIFT_COMBINATION_EXTRA,
    SHOWDOWN_FOCUS_MARGIN,
    SHOWDOWN_LIST,
    SIZE_ALIASES,
    SIZE_RANKS,
    SIZE_SPACE,
    SURPRISE_DELAY,
    TIE_BREAKS,
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


# ------------------------------------------------------------- ties on the clock


@dataclass(frozen=True)
class Standing:
    """A combatant in a phase of the clock, with what breaks a tie there (L17).

    ``flip`` is the card a tie-breaking flip kept, once one was made (None before).
    """

    id: str
    phase: int
    calculated: int
    n: int
    ss: int
    flip: int | None = None


@dataclass(frozen=True)
class Tie:
    """Who of two combatants sharing a phase goes first, and what decided it.

    ``by`` is a key of ``TIE_BREAKS``; ``settled`` is False when only a flip not yet made
    can decide (the two are then listed as given).
    """

    first: str
    second: str
    by: str
    settled: bool = True


def _tie_key(s: Standing) -> tuple[int, int, int, int]:
    return (-s.calculated, -s.n, -s.ss, -(s.flip if s.flip is not None else -1))


def tie_break(a: Standing, b: Standing) -> Tie:
    """Entering Combat and Initiative (L17): the higher Calculated Initiative goes first,
    then the higher Initiative <N>, then the higher Soft Strength [SS], then a flip."""
    for key, _ in TIE_BREAKS[:3]:
        x, y = getattr(a, key), getattr(b, key)
        if x != y:
            return Tie(a.id, b.id, key) if x > y else Tie(b.id, a.id, key)
    if a.flip is not None and b.flip is not None and a.flip != b.flip:
        return Tie(a.id, b.id, "flip") if a.flip > b.flip else Tie(b.id, a.id, "flip")
    return Tie(a.id, b.id, "flip", settled=False)


@dataclass(frozen=True)
class PhaseOrder:
    phase: int
    order: tuple[str, ...]  # first to act first
    ties: tuple[Tie, ...]  # between each two neighbours in ``order``


def clock_order(standings: list[Standing]) -> list[PhaseOrder]:
    """Every phase with its occupants in the order they act (L17), earliest phase first."""
    phases: dict[int, list[Standing]] = {}
    for s in standings:
        phases.setdefault(s.phase, []).append(s)
    out = []
    for phase in sorted(phases):
        ranked = sorted(phases[phase], key=_tie_key)  # stable: an unsettled flip keeps order
        ties = tuple(tie_break(a, b) for a, b in pairwise(ranked))
        out.append(PhaseOrder(phase, tuple(s.id for s in ranked), ties))
    return out


# ------------------------------------------------------------ damage as it lands


def resilience_for(category: str, er: int, ir: int) -> tuple[str, int]:
    """STUN Damage (L205): "Physical" is reduced by <ER>, "Arcane" by <IR>, anything
    the source does not categorise by neither. Returns the name and the amount."""
    if category == "physical":
        return ("ER", er)
    if category == "arcane":
        return ("IR", ir)
    return ("", 0)


def first_blood(raw: int, resilience: int) -> bool:
    """Dueling, Stage Four (L317-318): a hit wins a duel to first blood when its STUN
    exceeds the resilience; the one point of the minimum-damage rule does not count."""
    return raw - resilience >= 1


@dataclass(frozen=True)
class Track:
    """A STUN or LETHAL track in play: its current value and the temporary points on it."""

    current: int
    temporary: int = 0


def take(track: Track, damage: int, *, floor: int | None = None) -> Track:
    """Temporary STUN and LETHAL (L220): damage takes the temporary points first, the rest
    carries over to the normal track; ``floor`` stops it (STUN never drops below 0, L208)."""
    if damage < 0:
        raise RuleError("damage taken is 0 or more")
    from_temporary = min(track.temporary, damage)
    current = track.current - (damage - from_temporary)
    if floor is not None:
        current = max(floor, current)
    return Track(current, track.temporary - from_temporary)


def gain_temporary(held: int, new: int) -> int:
    """L221: temporary benefits are never added together: you keep what you have or take
    the new ones, so the better of the two (a player may still keep the lower)."""
    return max(held, new)


def unconscious(stun: Track) -> bool:
    """L207, L222: at 0 STUN you are unconscious, temporary STUN or not."""
    return stun.current <= 0


def lethal_state_with(lethal: Track, maximum: int, endurance: int) -> str:
    """L223: temporary LETHAL that lifts you above 0 means you are no longer disabled or
    dying; losing it puts you back. The state of current + temporary."""
    return lethal_state(lethal.current + lethal.temporary, maximum, endurance)


def lethal_rest_hours(lost: int) -> int:
    """Healing (L247): one LETHAL back per 8 hours without physical or mental exertion."""
    if lost < 0:
        raise RuleError("LETHAL lost is 0 or more")
    return lost * LETHAL_REST_HOURS


# ------------------------------------------------------------- attack modifiers


def outnumbering(friends: int, foes: int) -> str | None:
    """Outnumbering (L151): more friendly characters in the melee than enemies: (shift+1);
    2-to-1 or more: (flip+1) instead. ``friends`` counts the attacker."""
    if friends < 1 or foes < 1:
        raise RuleError("a melee has at least one character on each side (you count yourself)")
    if friends >= 2 * foes:
        return "flip+1"
    if friends > foes:
        return "shift+1"
    return None


def cover_modifiers(kind: str) -> tuple[str, ...]:
    """Cover (L156-161): what the cover gives the Defender's combat flip. Total Cover:
    usually no attack at all (RuleError)."""
    if kind not in COVER:
        raise RuleError(f"no cover '{kind}' (none, soft, hard or total)")
    found = COVER[kind]
    if found is None:
        raise RuleError("total cover: no line to the target, so usually no attack at all")
    return found


def intervening_cover(intervener: str, target: str) -> bool:
    """L159: a non-ally between the shooter and the target, of the target's size or one
    rank larger or smaller, is soft cover."""
    return abs(size_rank(intervener) - size_rank(target)) <= 1


def net_modifiers(modifiers: list[str]) -> dict[str, int]:
    """The shifts and flip mods of a check added up: ``["shift-1", "flip+1 shift+1"]`` ->
    ``{"shift": 0, "flip": 1}`` (Combat Modifiers, L117)."""
    out = {"shift": 0, "flip": 0}
    for text in modifiers:
        for part in text.split():
            name, sign, amount = part.partition("+") if "+" in part else part.partition("-")
            if name not in out or not amount.isdigit():
                raise RuleError(f"'{part}' is not a shift+X, shift-X, flip+X or flip-X")
            out[name] += int(amount) if sign == "+" else -int(amount)
    return out


def modifier_text(net: dict[str, int]) -> str:
    """``{"shift": -1, "flip": 1}`` -> "shift-1 flip+1"; nothing -> "none"."""
    parts = [f"{k}{v:+d}" for k, v in net.items() if v]
    return " ".join(parts) or "none"


# -------------------------------------------------------------------- grappling


@dataclass(frozen=True)
class Grapple:
    """A combatant's grappling numbers (L253-273), the size counted as its Size Rank."""

    attack: int  # Grapple Test as the one who grapples: <PA> + size
    defense: int  # Grapple Test as the defender (and Escape): <PD> + size
    reverse: int  # Reverse the Grapple: Hard Strength + size, at (flip-1)
    squeeze: int  # Squeeze and Slam base damage against a victim of Medium or smaller


def squeeze_damage(hard: int, rank: int, victim_rank: int) -> int:
    """Squeeze (L260): Hard Strength + your size - the victim's size, a size below Medium
    counted as 0 on either side."""
    return hard + max(0, rank) - max(0, victim_rank)


def grapple(pa: int, pd: int, hard: int, rank: int) -> Grapple:
    """Grappling (L254, L260, L273). A card count is never below 0."""
    return Grapple(
        attack=max(0, pa + rank),
        defense=max(0, pd + rank),
        reverse=max(0, hard + rank),
        squeeze=squeeze_damage(hard, rank, 0),
    )


def restricted_hard_strength(hard: int) -> int:
    """Restricted Attack (L275): Hard Strength halved for damage, rounded down (R1)."""
    return hard // 2


# ------------------------------------------------------ off-hand and dual-wielding


def attack_cards(bonus: int, value: int) -> int:
    """Cards an attack flips: the weapon's bonus + <PA> or <SA> (the 1 of '1+PA'), at least 0."""
    return max(0, bonus + value)


@dataclass(frozen=True)
class Stance:
    pa: int
    pd: int


def dual_wield(pa: int, pd: int) -> dict[str, Stance]:
    """Dual-wielding two melee weapons (L289): aggressive +1 <PA> -1 <PD>, defensive +1
    <PD> -1 <PA>; never below 0."""
    step = DUAL_WIELD_SHIFT
    return {
        "aggressive": Stance(pa + step, max(0, pd - step)),
        "defensive": Stance(max(0, pa - step), pd + step),
    }


# ----------------------------------------------------------------------- duels


@dataclass(frozen=True)
class Showdown:
    pieces: int  # pieces of the Showdown list the winner learns
    focus_bonus: bool  # a (flip+1) in Stage Three


def showdown(margin: int) -> Showdown:
    """Stage Two: Showdown (L301-309): one piece of the list per point the flip wins by
    (the list has seven), and a (flip+1) in Stage Three for winning by 5 or more."""
    won = max(0, margin)
    return Showdown(min(won, len(SHOWDOWN_LIST)), won >= SHOWDOWN_FOCUS_MARGIN)
