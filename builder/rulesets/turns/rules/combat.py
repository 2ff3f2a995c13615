"""The chapter's arithmetic, pure functions (turns-and-actions.txt; R1, R42-R46).

Every function takes plain numbers and names and returns numbers; tables are in
``builder.rulesets.turns.tables``. Divisions round down (R1) unless a ruling says otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.rulesets.turns import tables as T

# --------------------------------------------------------------------------- turns and AP


def turns_to_pay(ap: int) -> int:
    """Turns over which an ability's AP is paid at 20 AP a turn (Charging Actions).

    An ability of 0-20 AP is made this turn (1); 30 AP is charged this turn and made the
    next (2). Assumes the full 20 AP at the start of the turn.
    """
    return max(1, -(-ap // T.AP_PER_TURN))


def charging_turns(ap: int) -> int:
    """Turns spent charging before the ability is made (0 when it fits in one turn)."""
    return turns_to_pay(ap) - 1


def burn_debt(ap: int, available: int = T.AP_PER_TURN) -> int:
    """Pay by Burn: AP driven into the negatives when a "!" cost exceeds what you have."""
    return min(0, available - ap)


def movement_cost(nth: int) -> int:
    """R43: the nth Movement of a turn costs 5, 7, 9... AP."""
    if nth < 1:
        raise ValueError("the first Movement of a turn is the 1st")
    return 5 + 2 * (nth - 1)


# --------------------------------------------------------------------------- checks


def crit_score(rank: int) -> int:
    """Weapons, Rank: "your critical score ... by increasing it by 1"."""
    return rank + 1


def evade_target(evasion: int, attacker_accuracy: int) -> int:
    """Evade: the defender must roll below their Evasion minus the offender's Accuracy.

    The chapter's example: Melee Evasion 10 against Melee Accuracy 2 -> roll below 8.
    """
    return evasion - attacker_accuracy


def high_ground_bonus(levels: int) -> int:
    """The High Ground: +3 Accuracy per space of elevation over the opponent."""
    return 3 * max(0, levels)


def outnumbered(enemies: int, friends: int) -> int:
    """OutNum = enemies - friends in your space (Teamwork Attributes)."""
    return enemies - friends


def teamwork(allies_in_space: int, rank: str = "regular") -> int:
    """TmWrk: allied combatants in your space, at most 3; minibosses count 2, bosses 3."""
    own = T.TEAMWORK_COUNT[rank] - 1
    return min(T.TEAMWORK_MAX, allies_in_space + own)


# --------------------------------------------------------------------------- damage (R45)


def element_shift(attack: str | None, target: str | None) -> int:
    """R45, R49: the rank shift of an attack of one element against a target of another.

    Read from the attacking element's line of the chart ("Elements that are strong against
    another element will increase their rank by 1 ... vulnerable to an element will reduce
    their rank by 1"): Fire against Wind +1, against Water -1, Darkness against Darkness -1.
    Noble (R49) is strong against everything, so a Noble action gains a rank against any
    target, and vulnerable to everything, so any action against a Noble target gains one;
    a shift is one rank at most either way, so Noble against Noble gains one.
    """
    if T.NOBLE in (attack, target):
        return 1
    if not attack or not target:
        return 0
    strong, weak = T.ELEMENT_CHART[attack]
    return (1 if target in strong else 0) - (1 if target in weak else 0)


def damage(rank: int, power: int) -> int:
    """R45: damage is rank x the matching Power score (rank never below 0)."""
    return max(0, rank) * power


def damage_against(rank: int, power: int, attack: str | None, target: str | None) -> int:
    """Damage after the element chart, which applies before ability modifiers (R45)."""
    return damage(rank + element_shift(attack, target), power)


def fall_damage(spaces: int) -> int:
    """Fall Damage: 15 x spaces fallen, neutral; none for not leaving your space."""
    return T.FALL_DAMAGE_PER_SPACE * max(0, spaces)


def bottomless_pit_damage(max_health: int) -> int:
    """A quarter of max health (R1: rounded down)."""
    return max_health // 4


# --------------------------------------------------------------------------- statuses


def status_is_negative(name: str, negative: bool | None = None) -> bool | None:
    """Whether a status hinders: as written, else as the chapter lists the name (L215-228);
    None for a name it does not list."""
    if negative is not None:
        return negative
    key = name.strip().lower()
    if key in {n.lower() for n in T.NEGATIVE_STATUSES}:
        return True
    if key in {n.lower() for n in T.POSITIVE_STATUSES}:
        return False
    return None


def status_turns(negative: bool | None, turns: int | None = None) -> int | None:
    """How many turns a status lasts: as written, else 3 for a negative one (L212-213);
    None for a positive one, which lasts until Battle Transience (the end of the battle)."""
    if turns is not None:
        return turns
    return T.NEGATIVE_STATUS_TURNS if negative else None


# --------------------------------------------------------------------------- critical checks


def natural_twenty_rank(rank: int) -> int:
    """A natural 20 on a hit check: the Crit score, rank + 1, is used for damage (L272, L188);
    an ability's rank rises by 1 for the rest of the check (L579)."""
    return crit_score(rank)


def natural_one_rank(rank: int) -> int:
    """After a natural 1 on a hit check, the turn's later actions lose 2 ranks, to at least
    0 (L273); the rest of the same ability is not affected (L274)."""
    return max(0, rank - T.NATURAL_ONE_RANK_LOSS)


# --------------------------------------------------------------------------- cover (R50)


def cover_temporary_health(level: int, cover_rank: int) -> int:
    """R50: Cover's ``{CL}(X5)`` is Class Level x 5 x the cover's rank (L321): Medium Cover
    (rank 3) at Class Level 2 is 30. With Exponential growth the level is ``{LB}`` (L322)."""
    return max(0, level) * T.COVER_HEALTH_PER_RANK * max(0, cover_rank)


# --------------------------------------------------------------------------- Tired


def tired_ap(instances: int, ap_per_turn: int = T.AP_PER_TURN) -> list[int]:
    """AP granted each turn of the next battle with ``instances`` of Tired (L538-544).

    5 AP per instance is deducted at the start of the first turn; what the turn's AP
    cannot cover comes off the next turn, and so on until repaid. The list ends with the
    first full turn: 2 Tired -> [10, 20]; 5 Tired (25 AP) -> [0, 15, 20].
    """
    debt = T.TIRED_AP * max(0, instances)
    out = []
    while True:
        paid = min(debt, ap_per_turn)
        out.append(ap_per_turn - paid)
        debt -= paid
        if paid == 0:
            return out


# --------------------------------------------------------------------------- swarms


@dataclass(frozen=True)
class SwarmRow:
    members: int
    accuracy: int
    evasion: int
    rank: int

    def to_json(self) -> dict[str, int]:
        return {
            "members": self.members,
            "accuracy": self.accuracy,
            "evasion": self.evasion,
            "rank": self.rank,
        }


def swarm(members: int) -> SwarmRow:
    """Swarming: Duo to Quintet from the list, 6+ as X: +{X2} Accuracy, -{X2} Evasion, +(X-1)."""
    if members < 2:
        raise ValueError("a swarm has at least 2 members")
    if members in T.SWARM:
        acc, eva, rank = T.SWARM[members]
    else:
        acc, eva, rank = 2 * members, -2 * members, members - 1
    return SwarmRow(members, acc, eva, rank)


def swarm_name(members: int) -> str:
    return T.SWARM_NAMES.get(members, f"{members} (6+)")


# --------------------------------------------------------------------------- befriending


def can_befriend(intelligence: str | None) -> bool:
    """Befriend: only drone, instinctive or sapient monsters."""
    return intelligence in T.BEFRIEND_BASE


def befriend_dc(intelligence: str | None, health: int, max_health: int) -> int | None:
    """The Luck check to beat: 16 / 18 / 20, minus 1 per quarter of health missing (R1).

    None when the combatant cannot be befriended. A sapient monster at half health: 18.
    """
    if not can_befriend(intelligence) or max_health <= 0:
        return None
    missing = max(0, max_health - max(health, 0))
    quarters = min(4, missing * 4 // max_health)
    return T.BEFRIEND_BASE[str(intelligence)] - quarters


def danger_threshold(intelligence: str | None, max_health: int) -> int | None:
    """Aggro: the HP at which it switches to the real threat (R1: rounded down).

    None for brilliant combatants (they always go for the real threat) and for those
    with no intelligence given.
    """
    percent = T.DANGER_PERCENT.get(intelligence) if intelligence else None
    if percent is None:
        return None
    return max_health * percent // 100


KO_AT = 0  # Knocked Out: health reduced to 0


def death_at(max_health: int) -> int:
    """Death: "negative-half its max score"; halves round down (R1): 45 -> -22."""
    return -(max_health // 2)


# --------------------------------------------------------------------------- small encounters


@dataclass(frozen=True)
class Grade:
    name: str
    low: int | None  # margin (roll - difficulty), inclusive; None: no lower bound
    high: int | None
    obstacle: str
    obstacle_factor: float | None  # x the par risk (R46); None: no penalty
    battle_percent: int  # % of the predicted resources expended (Battles)


GRADES: tuple[Grade, ...] = (
    Grade("Amazing", 12, None, "100% faster, no resources consumed", None, 0),
    Grade("Great", 6, 11, "50% faster, 50% of the resources", None, 50),
    Grade("General", 0, 5, "average time, no extra resources", None, 100),
    Grade("Adequate", -5, -1, "a little longer; the par risk", 1.0, 100),
    Grade("Sloppy", -11, -6, "50% longer, 50% more resources", 1.5, 200),
    Grade("Horrible", None, -12, "100% longer, 100% more resources", 2.0, 400),
)


def grade(roll: int, difficulty: int) -> Grade:
    """R44: equal to the difficulty passes by 0; R46: fail 1-5, 6-11, 12+."""
    margin = roll - difficulty
    for g in GRADES:
        if (g.low is None or margin >= g.low) and (g.high is None or margin <= g.high):
            return g
    raise AssertionError("grades cover every margin")  # pragma: no cover


def obstacle_penalty(par: int, roll: int, difficulty: int) -> int:
    """R46: the par for an adequate success, x1.5 sloppy, x2 horrible (10 -> 10, 15, 20)."""
    factor = grade(roll, difficulty).obstacle_factor
    return 0 if factor is None else int(par * factor)


def battle_cost(predicted: int, roll: int, difficulty: int) -> int:
    """Battles: the percent of the predicted resources each grade expends."""
    return predicted * grade(roll, difficulty).battle_percent // 100


def obstacle_band(difficulty: int) -> str:
    """Small Encounters (R44): below 8 not serious, above 20 potentially too difficult."""
    if difficulty < 8:
        return "not a serious obstacle"
    if difficulty > 20:
        return "potentially too difficult"
    return "fair"


def battle_band(difficulty: int) -> str:
    """Battles (R44): below 8 the players win, above 18 they most certainly lose."""
    if difficulty < 8:
        return "too easy: the players win"
    if difficulty > 18:
        return "too hard: the players most certainly lose"
    return "fair"
