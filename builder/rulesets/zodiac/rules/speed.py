"""Speed and turns (Ch. VI Combat Sequence; the Slow, Haste and Stop statuses).

Pure functions of plain numbers. Every round each combatant gains Speed Points (SP) equal
to its Speed (plus 1d8 in the first round); an action costs 8 SP; SP left over carry into
the next round. Within a round, ticks pass: in each tick everyone with 8 SP or more acts
once, most SP first, ties by higher Speed, and equal Speed acts simultaneously. So a round
gives floor(SP / 8) actions and leaves SP mod 8.

Statuses (book reading, no ruling yet; the book says only "Speed is reduced by half",
"increased by 50%", "reduced to zero" and that none of them touches current SP):
- Slow halves Speed, Haste adds half of it, both rounded down (R1): 15 -> 7 / 22.
- Stop makes Speed 0 and allows no action at all; the SP already held stay (they are
  spent once Stop ends). The first round's 1d8 is not Speed, so no status changes it.
- A status counts from the refresh at the start of a round; put on mid-round it changes
  nothing until the next refresh ("does not affect your current Speed Points").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from builder.rulesets.zodiac.rules.rounding import per

SP_PER_ACTION = 8  # "Taking an action requires a character to spend 8 Speed Points"
FIRST_ROUND_DIE = 8  # "an additional 1d8 Speed Points" in the first round
FIRST_ROUND_ROLLS = range(1, FIRST_ROUND_DIE + 1)

Status = Literal["haste", "slow", "stop"]
STATUSES: tuple[Status, ...] = ("haste", "slow", "stop")
MAX_ROUNDS = 50  # bounded work for tables; nobody plans fifty rounds ahead


@dataclass(frozen=True, slots=True)
class Span:
    """A number that depends on the first round's 1d8: ``low``-``high`` (equal when known)."""

    low: int
    high: int

    @property
    def text(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"

    def to_json(self) -> list[int]:
        return [self.low, self.high]


@dataclass(frozen=True, slots=True)
class RoundSP:
    """One round for one combatant: SP at its start, actions taken, SP carried on."""

    round: int
    sp: int
    actions: int
    leftover: int


@dataclass(frozen=True, slots=True)
class RoundSpan:
    """One round over every first-round roll (or one roll): each number as a Span."""

    round: int
    sp: Span
    actions: Span
    leftover: Span

    def to_json(self) -> dict[str, object]:
        return {
            "round": self.round,
            "sp": self.sp.to_json(),
            "actions": self.actions.to_json(),
            "leftover": self.leftover.to_json(),
        }


def effective_speed(speed: int, status: Status | None = None) -> int:
    """Speed under Slow (half), Haste (+50%) or Stop (0); rounded down (R1)."""
    _check_speed(speed)
    if status is None:
        return speed
    if status == "slow":
        return per(speed, 2)
    if status == "haste":
        return speed + per(speed, 2)
    if status == "stop":
        return 0
    raise ValueError(f"status must be one of {', '.join(STATUSES)}, got {status!r}")


def first_round_sp(speed: int, status: Status | None = None) -> Span:
    """SP at the start of combat: Speed + 1d8, so Speed + 1 to Speed + 8."""
    base = effective_speed(speed, status)
    return Span(base + 1, base + FIRST_ROUND_DIE)


def actions_for(sp: int) -> tuple[int, int]:
    """(actions, SP left over) for a round begun with ``sp``: one action per 8 SP."""
    if sp < 0:
        raise ValueError(f"Speed Points cannot be negative, got {sp}")
    return divmod(sp, SP_PER_ACTION)


def rounds(speed: int, count: int, first_roll: int, status: Status | None = None) -> list[RoundSP]:
    """``count`` rounds from the start of combat for a first-round roll of ``first_roll``.

    Keef (Speed 20, rolls 3): 23 SP, 2 actions, 7 left; round 2: 27 SP, 3 actions.
    """
    _check_rounds(count)
    if first_roll not in FIRST_ROUND_ROLLS:
        raise ValueError(f"the first round's roll is 1d8: 1-8, got {first_roll}")
    gain = effective_speed(speed, status)
    out: list[RoundSP] = []
    carried = first_roll
    for n in range(1, count + 1):
        sp = carried + gain
        if status == "stop":  # frozen: no action, SP kept for when Stop ends
            actions, leftover = 0, sp
        else:
            actions, leftover = actions_for(sp)
        out.append(RoundSP(n, sp, actions, leftover))
        carried = leftover
    return out


def round_spans(
    speed: int, count: int, status: Status | None = None, first_roll: int | None = None
) -> list[RoundSpan]:
    """Each round's SP, actions and leftover over every first-round roll 1-8 (or one roll)."""
    rolls = FIRST_ROUND_ROLLS if first_roll is None else (first_roll,)
    runs = [rounds(speed, count, roll, status) for roll in rolls]
    out = []
    for i in range(count):
        column = [run[i] for run in runs]

        def span(values: list[int]) -> Span:
            return Span(min(values), max(values))

        out.append(
            RoundSpan(
                i + 1,
                span([r.sp for r in column]),
                span([r.actions for r in column]),
                span([r.leftover for r in column]),
            )
        )
    return out


SUMMARY_ROUNDS = 3
SUMMARY_STATUSES: tuple[Status | None, ...] = (None, "haste", "slow")


@dataclass(frozen=True, slots=True)
class SpeedSummary:
    """What a sheet or stat block says about turns: SP per round and actions in the first
    rounds, without a status and under Haste and Slow (the first round's 1d8 as a range)."""

    speed: int
    first_round_sp: Span
    rounds: dict[str, list[RoundSpan]]

    def to_json(self) -> dict[str, object]:
        return {
            "speed": self.speed,
            "sp_per_round": self.speed,
            "sp_per_action": SP_PER_ACTION,
            "first_round_sp": self.first_round_sp.to_json(),
            "speed_with": {s: effective_speed(self.speed, s) for s in STATUSES},
            "rounds": {k: [r.to_json() for r in v] for k, v in self.rounds.items()},
        }


def speed_summary(speed: int, count: int = SUMMARY_ROUNDS) -> SpeedSummary:
    """SP and actions for rounds 1-``count``: no status, Haste, Slow (Ch. VI)."""
    return SpeedSummary(
        speed,
        first_round_sp(speed),
        {(s or "normal"): round_spans(speed, count, s) for s in SUMMARY_STATUSES},
    )


# --- Ticks: who acts when ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Combatant:
    """Who takes part in a round: a name, its (effective) Speed and the SP it holds."""

    name: str
    speed: int
    sp: int


@dataclass(frozen=True, slots=True)
class Tick:
    """One tick: the turns in order; each turn is a group acting simultaneously."""

    number: int
    turns: tuple[tuple[str, ...], ...]


def tick_order(combatants: Sequence[Combatant]) -> list[tuple[str, ...]]:
    """The turns of one tick among those with 8 SP or more: most SP first, then higher
    Speed; equal SP and equal Speed act simultaneously (one group). Ch. VI."""
    ready = [c for c in combatants if c.sp >= SP_PER_ACTION]
    groups: dict[tuple[int, int], list[str]] = {}
    for c in ready:
        groups.setdefault((c.sp, c.speed), []).append(c.name)
    return [tuple(groups[key]) for key in sorted(groups, reverse=True)]


def play_round(combatants: Sequence[Combatant]) -> tuple[list[Tick], list[Combatant]]:
    """Every tick of a round, each ready combatant spending 8 SP per action, until no one
    has 8 SP; returns the ticks and everyone's SP left over (carried to the next round)."""
    names = [c.name for c in combatants]
    if len(set(names)) != len(names):
        raise ValueError("combatants need distinct names")
    state = {c.name: c for c in combatants}
    ticks: list[Tick] = []
    while True:
        order = tick_order(list(state.values()))
        if not order:
            break
        for group in order:
            for name in group:
                c = state[name]
                state[name] = Combatant(c.name, c.speed, c.sp - SP_PER_ACTION)
        ticks.append(Tick(len(ticks) + 1, tuple(order)))
    return ticks, [state[n] for n in names]


def next_round(combatants: Sequence[Combatant]) -> list[Combatant]:
    """The refresh at a new round: each adds its Speed to the SP it has left."""
    return [Combatant(c.name, c.speed, c.sp + c.speed) for c in combatants]


def _check_speed(speed: int) -> None:
    if speed < 0:
        raise ValueError(f"Speed cannot be negative, got {speed}")


def _check_rounds(count: int) -> None:
    if not 1 <= count <= MAX_ROUNDS:
        raise ValueError(f"rounds must be 1-{MAX_ROUNDS}, got {count}")
