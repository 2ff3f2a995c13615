"""A Monte-Carlo of ZODIAC combat (Ch. VI): who wins a fight, how fast, at what cost.

Pure: plain numbers in (``Fighter``, ``Move``, ``Tactics``), counts out. The view layer
(``views/simulate.py``) turns characters and monsters into these numbers once, with the
project's own rules (derived stats, weapon attacks, Tech effects and costs); this module
only plays them.

What it plays, as Chapter VI runs it:

- Speed Points: every round each fighter gains its Speed (the first round 1d8 more); an
  action costs 8 SP (``rules.speed``); leftovers carry. In each tick everyone with 8 SP
  acts once, most SP first, then higher Speed; equal SP and Speed act simultaneously:
  each acts even when a fighter of the same group knocked it out first.
- A normal attack: 1d100 + Accuracy > Evade, a natural 90+ always hits; a short-range
  weapon takes -60 against a flying target (Weapon Range); a natural roll >= Critical
  is a critical hit (R8) and multiplies the damage (x2, x3 with Concentrate, as the
  character view says; Concentrate's attacks always hit).
- Damage: (dice roll x multiplier) + attack power (R10), halved where a Tech's Area
  Effect at TL 1-2 says, times the Damage Levels scale, then the target's elemental
  affinity (weak x2, resist /2, immune 0, lesser absorbency heals half the damage
  rolled, greater heals all of it), then its damage taken by type (armor weakness and
  defense, Unusual Defense), then the Damage Cap when the project plays it. Rounding
  down (R1).
- Techs: Power Attack, Attack Magic and Quadra Slam always hit and never score a critical
  (Ch. II: "Others, such as Power Attacks, will always succeed"); Inaccurate ones roll as
  a normal attack and cannot score a critical. Area Effect hits every enemy (or heals
  every ally), Drain returns part of the damage (reversed against the undead), Backfire
  strikes the user 15% of the time, Limited Uses works once per battle, Sacrifice costs
  HP, Charge Power costs SP instead of MP, Random Target picks its target by lot.
  Healing restores HP (it hurts the undead). Techs are paid in MP before they act.
- A knocked-out fighter's SP drop to 0 (Unconscious); nothing revives it.

Book reading (no ruling yet): a Tech's attack roll under Inaccurate is the normal attack
roll (Accuracy against Evade, natural 90+). Drain against an undead target: the damage
stands, and the drained amount goes from the user to the target.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from builder.rulesets.zodiac.rules.speed import FIRST_ROUND_DIE, SP_PER_ACTION

NATURAL_HIT = 90  # Ch. VI Attacking: a natural 90 or higher always hits
FLYING_PENALTY = -60  # Ch. VI Weapon Range: short-range weapons against flying monsters
BACKFIRE_PERCENT = 15  # Ch. II Backfire
QUADRA_STRIKES = 4  # Ch. II Quadra Slam: "strike randomly four times"
MAX_ROUNDS = 100  # bounded work: a fight still going after this is a stalemate
MAX_RUNS = 1_000_000
CHUNK = 500  # runs per seed-derived chunk: results do not depend on the worker count

# Elemental affinities (Ch. VI), as the simulator names them.
AFFINITIES = ("weak", "resist", "immune", "lesser_absorb", "absorb")

# Outcomes of one battle.
PARTY, FOES, BOTH, STALEMATE = 0, 1, 2, 3
OUTCOMES = ("party", "foes", "both_fall", "stalemate")

# Target policies and what they pick among living enemies.
TARGETING = ("random", "focus-weakest", "focus-strongest")


class TacticsError(ValueError):
    """A tactics text that cannot be read (the CLI turns it into a usage error)."""


@dataclass(frozen=True, slots=True)
class Move:
    """One thing a fighter can do, computed once: its normal attack, a damage Tech, a heal.

    ``dice`` x d``die`` x ``multiplier`` + ``bonus`` (a heal has only ``bonus``), ``halved``
    by Area Effect at TL 1-2 (or Quadra Slam's strikes), times ``scale`` (Damage Levels).
    """

    name: str
    kind: str = "attack"  # attack | damage | heal
    dice: int = 0
    die: int = 0
    multiplier: int = 10
    bonus: int = 0
    halved: bool = False
    scale: int = 1
    physical: bool = True
    element: str | None = None
    area: bool = False
    strikes: int = 1  # Quadra Slam: 4 strikes at random enemies
    roll: bool = False  # an attack roll decides whether it hits (normal attack, Inaccurate)
    can_crit: bool = False
    long_range: bool = True  # all Techs are long range (Ch. VI Weapon Range)
    drain_pct: int = 0
    mp: int = 0
    hp_cost: int = 0
    sp: int = SP_PER_ACTION
    once: bool = False  # Limited Uses
    backfire: int = 0  # percent
    random_target: str | None = None  # "enemy" (its own side's pick) or "any"
    self_only: bool = False
    not_self: bool = False  # a Sacrifice heal cannot affect its user (Ch. II Sacrifice)

    @property
    def mean(self) -> float:
        """Average amount of one strike before the target's defenses."""
        raw = self.dice * (self.die + 1) / 2 * self.multiplier + self.bonus
        return (raw / 2 if self.halved else raw) * self.scale

    def low_high(self) -> tuple[int, int]:
        """Least and most of one strike before defenses (every die 1 / every die top)."""

        def total(roll: int) -> int:
            v = roll * self.multiplier + self.bonus
            return (v // 2 if self.halved else v) * self.scale

        return total(self.dice), total(self.dice * self.die)


@dataclass(frozen=True, slots=True)
class Fighter:
    """A combatant's numbers for the whole fight (side 0: the party; 1: the foes)."""

    name: str
    side: int
    hp: int
    mp: int
    speed: int
    accuracy: int
    evade: int
    critical: int
    attack: Move
    techs: tuple[Move, ...] = ()
    crit_multiplier: int = 2
    always_hits: bool = False  # Concentrate: normal attacks always hit
    affinities: Mapping[str, str] = field(default_factory=dict)  # element -> AFFINITIES
    physical_pct: int = 100  # damage taken in percent, by type
    magical_pct: int = 100
    flying: bool = False
    undead: bool = False


@dataclass(frozen=True, slots=True)
class Tactics:
    """What one side does on its turn; ``parse_tactics`` reads the CLI's text.

    ``target``: who a single-target move aims at. ``heal_below``: heal the ally lowest in
    HP when someone is under this percent of max HP (0: never). ``techs``: spend MP on
    damage Techs when they promise more damage than the normal attack. ``save_mp``: keep
    this percent of max MP for healing.
    """

    target: str = "random"
    heal_below: int = 30
    techs: bool = True
    save_mp: int = 0

    @property
    def text(self) -> str:
        parts = [self.target, f"heal-below:{self.heal_below}"]
        parts.append("techs" if self.techs else "attack-only")
        if self.save_mp:
            parts.append(f"save-mp:{self.save_mp}")
        return ",".join(parts)


TACTICS_HELP = (
    "random | focus-weakest | focus-strongest (who single-target moves aim at), "
    "heal-below:N (heal the most hurt ally when one is under N% HP; 0 = never), "
    "techs | attack-only (spend MP on damage Techs or never), "
    "save-mp:N (keep N% of max MP for healing)"
)


def parse_tactics(text: str, base: Tactics | None = None) -> Tactics:
    """``"focus-weakest,heal-below:30"`` -> Tactics; unknown words raise TacticsError."""
    t = base or Tactics()
    target, heal, techs, save = t.target, t.heal_below, t.techs, t.save_mp
    for raw in text.split(","):
        word = raw.strip().lower().replace("_", "-")
        if not word:
            continue
        name, _, value = word.partition(":")
        if name in TARGETING and not value:
            target = name
        elif name in ("techs", "attack-only") and not value:
            techs = name == "techs"
        elif name in ("heal-below", "save-mp"):
            if not value.isdigit() or not 0 <= int(value) <= 100:
                raise TacticsError(f"{raw.strip()!r}: {name} takes a percent 0-100, e.g. {name}:30")
            if name == "heal-below":
                heal = int(value)
            else:
                save = int(value)
        else:
            raise TacticsError(f"unknown tactic {raw.strip()!r}; use {TACTICS_HELP}")
    return Tactics(target, heal, techs, save)


# --- The prepared fight: every number the inner loop reads, as tuples -------------------


def hit_need(accuracy: int, evade: int, *, always: bool = False) -> int:
    """The least natural d100 roll that hits: roll + Accuracy > Evade, or a natural 90+."""
    if always:
        return 1
    return max(1, min(NATURAL_HIT, evade - accuracy + 1))


def hit_chance(accuracy: int, evade: int) -> int:
    """% of d100 rolls that hit (Ch. VI): 101 - the least roll that hits."""
    return 101 - hit_need(accuracy, evade)


def _defense(f: Fighter, move: Move) -> tuple[int, int, int]:
    """(mode, numerator, denominator) of ``move`` against ``f``: mode 0 damages the target
    by raw x num / den, mode 1 heals it by raw x num / den (absorbency)."""
    aff = f.affinities.get(move.element) if move.element is not None else None
    if aff == "absorb":
        return 1, 1, 1
    if aff == "lesser_absorb":
        return 1, 1, 2
    num = {"weak": 2, "resist": 1, "immune": 0}.get(aff or "", 1)
    den = 2 if aff == "resist" else 1
    pct = f.physical_pct if move.physical else f.magical_pct
    return 0, num * pct, den * 100


@dataclass(frozen=True)
class Plan:
    """A fight made ready to play many times: per fighter, per move, per target numbers."""

    fighters: tuple[Fighter, ...]
    tactics: tuple[Tactics, Tactics]
    cap: int | None
    max_rounds: int
    moves: tuple[tuple[Move, ...], ...]  # per fighter: the attack first, then its Techs
    need: tuple[tuple[tuple[int, ...], ...], ...]  # [i][k][j] least roll that hits
    defense: tuple[tuple[tuple[tuple[int, int, int], ...], ...], ...]  # [i][k][j]
    value: tuple[tuple[tuple[float, ...], ...], ...]  # [i][k][j] expected damage
    # Per fighter, as plain tuples for the inner loop.
    side: tuple[int, ...] = ()
    speed: tuple[int, ...] = ()
    maxhp: tuple[int, ...] = ()
    maxmp: tuple[int, ...] = ()
    undead: tuple[bool, ...] = ()
    crit_at: tuple[int, ...] = ()
    crit_mult: tuple[int, ...] = ()
    dmg_moves: tuple[tuple[int, ...], ...] = ()  # indices of damage Techs in ``moves``
    heal_moves: tuple[tuple[int, ...], ...] = ()
    # Per side: (target mode 0 random / 1 weakest / 2 strongest, heal-below, techs, save-mp).
    side_tactics: tuple[tuple[int, int], tuple[int, int], tuple[bool, bool], tuple[int, int]] = (
        (0, 0),
        (0, 0),
        (True, True),
        (0, 0),
    )
    key_base: int = 1  # SP x key_base + Speed orders a tick: most SP, then higher Speed


def prepare(
    fighters: Sequence[Fighter],
    tactics: tuple[Tactics, Tactics] = (Tactics(), Tactics()),
    *,
    cap: int | None = None,
    max_rounds: int = MAX_ROUNDS,
) -> Plan:
    """Compute once what every battle reads: hit needs, defenses, expected damage."""
    fs = tuple(fighters)
    if not any(f.side == 0 for f in fs) or not any(f.side == 1 for f in fs):
        raise ValueError("a fight needs at least one fighter on each side")
    moves = tuple((f.attack, *f.techs) for f in fs)
    need, defense, value = [], [], []
    for i, a in enumerate(fs):
        n_i, d_i, v_i = [], [], []
        for m in moves[i]:
            n_k, d_k, v_k = [], [], []
            for t in fs:
                pen = FLYING_PENALTY if (t.flying and not m.long_range) else 0
                always = a.always_hits and m.kind == "attack"
                need_roll = hit_need(a.accuracy + pen, t.evade, always=always) if m.roll else 1
                mode, num, den = _defense(t, m)
                n_k.append(need_roll)
                d_k.append((mode, num, den))
                v_k.append(_expected(a, m, need_roll, mode, num, den, cap))
            n_i.append(tuple(n_k))
            d_i.append(tuple(d_k))
            v_i.append(tuple(v_k))
        need.append(tuple(n_i))
        defense.append(tuple(d_i))
        value.append(tuple(v_i))
    return Plan(
        fs,
        tactics,
        cap,
        max_rounds,
        moves,
        tuple(need),
        tuple(defense),
        tuple(value),
        side=tuple(f.side for f in fs),
        speed=tuple(f.speed for f in fs),
        maxhp=tuple(f.hp for f in fs),
        maxmp=tuple(f.mp for f in fs),
        undead=tuple(f.undead for f in fs),
        crit_at=tuple(f.critical for f in fs),
        crit_mult=tuple(f.crit_multiplier for f in fs),
        dmg_moves=tuple(
            tuple(k for k, m in enumerate(ms) if k and m.kind == "damage") for ms in moves
        ),
        heal_moves=tuple(tuple(k for k, m in enumerate(ms) if m.kind == "heal") for ms in moves),
        side_tactics=(
            (TARGETING.index(tactics[0].target), TARGETING.index(tactics[1].target)),
            (tactics[0].heal_below, tactics[1].heal_below),
            (tactics[0].techs, tactics[1].techs),
            (tactics[0].save_mp, tactics[1].save_mp),
        ),
        key_base=max(f.speed for f in fs) + 1,
    )


def _expected(
    a: Fighter, m: Move, need: int, mode: int, num: int, den: int, cap: int | None
) -> float:
    """Expected damage of one use against one target (negative when it heals the target)."""
    if m.kind == "heal":
        return 0.0
    hit = (101 - need) / 100
    crit = 0.0
    if m.can_crit:
        crit = (101 - max(need, min(a.critical, 101))) / 100  # hits that are critical
    mean = m.mean * (hit + crit * (a.crit_multiplier - 1))
    if mode == 1:
        return -mean * num / den
    out = mean * num / den
    return min(out, cap) if cap is not None else out


# --- One battle ---------------------------------------------------------------------------


@dataclass
class Result:
    """One battle: who won, in how many rounds, and everyone's HP and MP at the end."""

    outcome: int
    rounds: int
    hp: list[int]
    mp: list[int]


def fight(
    plan: Plan,
    rng: random.Random,
    *,
    first_rolls: Sequence[int] | None = None,
    log: list[tuple[int, int, str, str]] | None = None,
) -> Result:
    """Play one battle. ``first_rolls`` fixes the first round's 1d8 per fighter (tests);
    ``log`` collects (round, tick, fighter, move) for every action taken.

    The inner loop of the simulator: everything it reads was computed by ``prepare``;
    per-battle state is plain lists indexed by fighter.
    """
    fs = plan.fighters
    n = len(fs)
    rand = rng.random
    side, speed, maxhp, maxmp = plan.side, plan.speed, plan.maxhp, plan.maxmp
    hp = list(maxhp)
    mp = list(maxmp)
    undead, crit_at, crit_mult = plan.undead, plan.crit_at, plan.crit_mult
    moves, need, defense, value = plan.moves, plan.need, plan.defense, plan.value
    dmg_moves, heal_moves = plan.dmg_moves, plan.heal_moves
    cap = plan.cap
    used: set[tuple[int, int]] = set()
    alive = [True] * n
    members = [[i for i in range(n) if side[i] == 0], [i for i in range(n) if side[i] == 1]]
    if first_rolls is None:
        sp = [speed[i] + int(rand() * FIRST_ROUND_DIE) + 1 for i in range(n)]
    else:
        sp = [speed[i] + first_rolls[i] for i in range(n)]
    target_mode, heal_below, use_techs, save_mp = plan.side_tactics
    big = plan.key_base
    rnd = tick = 0

    def knock_out(j: int) -> None:
        alive[j] = False
        hp[j] = 0
        sp[j] = 0  # Ch. VI Unconscious: Speed Points drop to zero
        members[side[j]].remove(j)

    def hurt(j: int, amount: int) -> None:
        if amount >= hp[j]:
            knock_out(j)
        else:
            hp[j] -= amount

    def strike(i: int, k: int, j: int, m: Move) -> int:
        """One strike of move k by i on j; returns the damage done (for Drain)."""
        if m.roll:
            roll = int(rand() * 100) + 1
            if roll < need[i][k][j]:
                return 0
            crit = m.can_crit and roll >= crit_at[i]
        else:
            crit = False
        total = 0
        for _ in range(m.dice):
            total += int(rand() * m.die) + 1
        raw = total * m.multiplier + m.bonus
        if m.halved:
            raw //= 2
        raw *= m.scale
        if crit:
            raw *= crit_mult[i]
        mode, num, den = defense[i][k][j]
        if mode:  # absorbency: the target regains HP
            if alive[j]:
                hp[j] = min(maxhp[j], hp[j] + raw * num // den)
            return 0
        dmg = raw * num // den
        if cap is not None and dmg > cap:
            dmg = cap
        if dmg <= 0 or not alive[j]:
            return 0
        if dmg >= hp[j]:
            dmg = hp[j]
        hurt(j, dmg)
        return dmg

    def pay(i: int, k: int, m: Move) -> None:
        mp[i] -= m.mp
        if m.hp_cost:
            hp[i] -= m.hp_cost  # Sacrifice; never chosen when it would knock the user out
        if m.once:
            used.add((i, k))

    def act(i: int) -> int:
        """Fighter i's turn: returns the SP spent."""
        s = side[i]
        foes = members[1 - s]
        if not foes:
            return SP_PER_ACTION
        my = moves[i]
        # 1. Heal when an ally is low (heal-below).
        limit = heal_below[s]
        if limit and heal_moves[i]:
            low = [j for j in members[s] if hp[j] * 100 < limit * maxhp[j]]
            if low:
                low.sort(key=lambda j: hp[j] / maxhp[j])  # the most hurt first
                pick = _pick_heal(i, low, members[s], my, heal_moves[i], mp[i], hp[i], sp[i], used)
                if pick is not None:
                    k, targets = pick
                    m = my[k]
                    if m.random_target is not None and not m.area:  # Random Target: by lot
                        allies = members[s]
                        targets = [allies[int(rand() * len(allies))]]
                    pay(i, k, m)
                    amount = (m.bonus // 2 if m.halved else m.bonus) * m.scale
                    for j in targets:
                        if not alive[j]:
                            continue  # Ch. VI Unconscious: healing has no effect
                        if undead[j]:  # App. I Undead: healing deals damage instead
                            hurt(j, amount)
                        else:
                            hp[j] = min(maxhp[j], hp[j] + amount)
                    if log is not None:
                        log.append((rnd, tick, fs[i].name, m.name))
                    return m.sp
        # 2. Choose a target, then the move that promises most damage against it.
        mode = target_mode[s]
        if mode == 0 or len(foes) == 1:
            target = foes[int(rand() * len(foes))]
        elif mode == 1:
            target = min(foes, key=hp.__getitem__)
        else:
            target = max(foes, key=hp.__getitem__)
        vi = value[i]
        best_k, best_v = 0, vi[0][target]
        if use_techs[s] and dmg_moves[i]:
            budget = mp[i] - maxmp[i] * save_mp[s] // 100
            for k in dmg_moves[i]:
                m = my[k]
                if m.mp > budget or m.sp > sp[i] or m.hp_cost >= hp[i]:
                    continue
                if m.once and (i, k) in used:
                    continue
                row = vi[k]
                if m.area:
                    v = sum(row[j] for j in foes)
                elif m.strikes > 1 or m.random_target is not None:
                    v = m.strikes * sum(row[j] for j in foes) / len(foes)
                else:
                    v = row[target]
                if v > best_v:
                    best_k, best_v = k, v
        k = best_k
        m = my[k]
        if k:
            pay(i, k, m)
        if log is not None:
            log.append((rnd, tick, fs[i].name, m.name))
        # 3. Resolve it.
        if m.backfire and rand() * 100 < m.backfire:
            strike(i, k, i, m)  # Ch. II Backfire: it strikes its user instead
            return m.sp
        if m.area:
            targets = list(foes)
        elif m.random_target == "any":
            pool = [j for j in range(n) if alive[j] and j != i] or foes
            targets = [pool[int(rand() * len(pool))]]
        elif m.random_target is not None:
            targets = [foes[int(rand() * len(foes))]]
        else:
            targets = [target]
        for _ in range(m.strikes):
            if m.strikes > 1:  # Quadra Slam: each strike at a random living enemy
                if not foes:
                    break
                targets = [foes[int(rand() * len(foes))]]
            for j in targets:
                dealt = strike(i, k, j, m)
                if m.drain_pct and dealt:
                    back = dealt * m.drain_pct // 100
                    if undead[j]:  # App. I Undead: drain is reversed
                        if alive[j]:
                            hp[j] = min(maxhp[j], hp[j] + back)
                        if alive[i]:
                            hurt(i, back)
                    elif alive[i]:
                        hp[i] = min(maxhp[i], hp[i] + back)
        return m.sp

    while rnd < plan.max_rounds:
        rnd += 1
        if rnd > 1:
            for i in range(n):
                if alive[i]:
                    sp[i] += speed[i]
        tick = 0
        while True:
            ready = [i for i in range(n) if sp[i] >= SP_PER_ACTION]  # the fallen hold 0 SP
            if not ready:
                break
            tick += 1
            keys = [sp[i] * big + speed[i] for i in range(n)]  # most SP, then higher Speed
            ready.sort(key=keys.__getitem__, reverse=True)
            g, count = 0, len(ready)
            while g < count:
                i = ready[g]
                h = g + 1
                while h < count and keys[ready[h]] == keys[i]:
                    h += 1
                if h == g + 1:
                    if alive[i]:
                        spent = act(i)
                        sp[i] = sp[i] - spent if alive[i] else 0
                else:
                    # Simultaneous (equal SP and Speed): whoever stands when the group's
                    # turn comes acts, even if a groupmate knocks it out first (Ch. VI).
                    for j in [j for j in ready[g:h] if alive[j]]:
                        spent = act(j)
                        sp[j] = sp[j] - spent if alive[j] else 0
                g = h
                if not members[0] or not members[1]:
                    return _result(members, rnd, hp, mp)
    return Result(STALEMATE, rnd, hp, mp)


def _result(members: list[list[int]], rnd: int, hp: list[int], mp: list[int]) -> Result:
    if not members[0] and not members[1]:
        return Result(BOTH, rnd, hp, mp)
    return Result(PARTY if not members[1] else FOES, rnd, hp, mp)


def _pick_heal(
    i: int,
    low: list[int],
    allies: list[int],
    my: tuple[Move, ...],
    heals: tuple[int, ...],
    mp: int,
    hp: int,
    sp: int,
    used: set[tuple[int, int]],
) -> tuple[int, list[int]] | None:
    """The heal to cast and on whom: area when two or more allies are low, else the
    largest single heal on the most hurt ally it may reach."""
    best: tuple[int, int, list[int]] | None = None
    for k in heals:
        m = my[k]
        if m.mp > mp or m.sp > sp or m.hp_cost >= hp:
            continue
        if m.once and (i, k) in used:
            continue
        reach = [j for j in low if (j == i or not m.self_only) and not (m.not_self and j == i)]
        if not reach:
            continue
        amount = m.bonus // 2 if m.halved else m.bonus
        if m.area:  # every ally (Ch. II Area Effect), the user too unless Sacrifice bars it
            targets = [j for j in allies if not (m.not_self and j == i)]
            worth = amount * len(reach)
        else:
            targets = [reach[0]]
            worth = amount
        if best is None or worth > best[0]:
            best = (worth, k, targets)
    if best is None:
        return None
    return best[1], best[2]


# --- Many battles ------------------------------------------------------------------------


@dataclass
class Tally:
    """Counts over many battles, merged chunk by chunk in a fixed order."""

    n: int
    runs: int = 0
    outcomes: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    rounds: list[Counter[int]] = field(default_factory=lambda: [Counter() for _ in OUTCOMES])
    hp_sum: list[int] = field(default_factory=list)
    mp_sum: list[int] = field(default_factory=list)
    fell: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        for name in ("hp_sum", "mp_sum", "fell"):
            if not getattr(self, name):
                setattr(self, name, [0] * self.n)

    def add(self, r: Result) -> None:
        self.runs += 1
        self.outcomes[r.outcome] += 1
        self.rounds[r.outcome][r.rounds] += 1
        for i in range(self.n):
            self.hp_sum[i] += r.hp[i]
            self.mp_sum[i] += r.mp[i]
            if r.hp[i] == 0:
                self.fell[i] += 1

    def merge(self, other: Tally) -> None:
        self.runs += other.runs
        for o in range(len(OUTCOMES)):
            self.outcomes[o] += other.outcomes[o]
            self.rounds[o].update(other.rounds[o])
        for i in range(self.n):
            self.hp_sum[i] += other.hp_sum[i]
            self.mp_sum[i] += other.mp_sum[i]
            self.fell[i] += other.fell[i]


def chunk_seeds(seed: int, runs: int) -> list[tuple[int, int]]:
    """(seed, runs) of each chunk: seeds drawn from ``seed``, so the whole is one function of
    (seed, runs) whatever the number of workers."""
    master = random.Random(seed)
    out = []
    done = 0
    while done < runs:
        size = min(CHUNK, runs - done)
        out.append((master.getrandbits(64), size))
        done += size
    return out


def run_chunk(plan: Plan, seed: int, runs: int) -> Tally:
    """``runs`` battles from one seed."""
    rng = random.Random(seed)
    tally = Tally(len(plan.fighters))
    for _ in range(runs):
        tally.add(fight(plan, rng))
    return tally


_WORKER_PLAN: Plan | None = None


def _init_worker(plan: Plan) -> None:
    global _WORKER_PLAN
    _WORKER_PLAN = plan


def _worker_chunk(job: tuple[int, int]) -> Tally:
    assert _WORKER_PLAN is not None
    return run_chunk(_WORKER_PLAN, *job)


def simulate(
    plan: Plan,
    runs: int,
    seed: int,
    *,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Tally:
    """``runs`` battles; each chunk's seed derives from ``seed`` (``chunk_seeds``), chunks
    are merged in order, so ``workers`` changes the time taken, never the numbers."""
    if not 1 <= runs <= MAX_RUNS:
        raise ValueError(f"runs must be 1-{MAX_RUNS:,}, got {runs}")
    jobs = chunk_seeds(seed, runs)
    total = Tally(len(plan.fighters))
    if workers <= 1 or len(jobs) == 1:
        for job in jobs:
            total.merge(run_chunk(plan, *job))
            if progress is not None:
                progress(total.runs)
        return total
    import multiprocessing as mp

    methods = mp.get_all_start_methods()
    ctx = mp.get_context("fork" if "fork" in methods else methods[0])
    with ctx.Pool(min(workers, len(jobs)), initializer=_init_worker, initargs=(plan,)) as pool:
        for part in pool.imap(_worker_chunk, jobs):  # in order: deterministic merge
            total.merge(part)
            if progress is not None:
                progress(total.runs)
    return total


def percentile(counts: Counter[int], q: float) -> int:
    """The ``q`` quantile (0-1) of a histogram, nearest-rank: the smallest value with at
    least ``ceil(q x n)`` observations at or below it."""
    n = sum(counts.values())
    if n == 0:
        raise ValueError("no observations")
    rank = max(1, math.ceil(q * n))
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= rank:
            return value
    return max(counts)
