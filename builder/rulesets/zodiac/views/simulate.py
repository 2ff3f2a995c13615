"""The encounter simulator's inputs and report: characters and monsters as plain numbers.

``rules.simulate`` plays fights between ``Fighter``s; this module makes them from the
project's computed views, so the simulator reads the same numbers a sheet or a card
prints: the character view's derived stats, weapon attack (Concentrate included),
affinities and armor's damage taken; the monster view's derived stats, attack line,
affinities (Undead's too) and Unusual Defense; each Tech's dice, MP, SP and HP cost from
``rules.techs`` as ``views.techs`` computes them for that wielder. It also builds the
report (JSON-ready) and the histogram as a hand-written SVG.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from builder.rulesets.zodiac.models.tech import Tech
from builder.rulesets.zodiac.rules import simulate as S
from builder.rulesets.zodiac.rules import techs as R
from builder.rulesets.zodiac.rules.ruleset import Ruleset, damage_cap, damage_scale
from builder.rulesets.zodiac.views.techs import Wielder, enemy_skill_as_tech, wielder_from_view

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.workspace import Workspace

# What the simulation leaves out, for the report and the manual.
LEFT_OUT = (
    "Command Skills and Support Skills other than Concentrate and the stat bonuses",
    "status effects (Tech statuses, Status Touch, Poison...), Break Arts, Stat Booster, "
    "Demi, Fatal Blow, Revive and other Techs without a damage or healing roll",
    "monster powers other than affinities, Flight, Undead and fixed Unusual Defense "
    "(counterattacks, Final Attack, Force of Will, Item Use, Multiple Parts...)",
    "Defend, potions and items, fleeing, Reraise",
    "positioning and Map Combat ranges",
)

# Elemental affinities as the character and monster views name them -> the simulator's.
_CHARACTER_AFFINITY = {"weak": "weak", "resist": "resist", "immune": "immune", "absorb": "absorb"}
_MONSTER_AFFINITY = {
    "weakness": "weak",
    "resistance": "resist",
    "immunity": "immune",
    "lesser_absorbency": "lesser_absorb",
    "greater_absorbency": "absorb",
}
_TAKEN_PCT = {"half": 50, "double": 200}  # Unusual Defense; shifting/at will: not modelled
MODELLED_PRIMARIES = ("power_attack", "attack_magic", "quadra_slam", "healing")


@dataclass(frozen=True)
class Built:
    """A fighter and what of it the simulation could not play."""

    fighter: S.Fighter
    skipped: tuple[str, ...] = ()


def tech_move(
    tech: Tech,
    w: Wielder,
    ruleset: Ruleset,
    *,
    mp: int | None,
    sp: int | None = None,
    hp_cost: int = 0,
) -> S.Move | None:
    """A damage or healing Tech as a Move for ``w``; None when the simulator cannot play it.

    The dice, die, multiplier and bonus are the line ``views.techs.tech_damage`` prices
    (R10, Ch. II Power Attack / Healing tables, Area Effect at TL 1-2 halved).
    """
    primary = str(tech.primary)
    if primary not in MODELLED_PRIMARIES or mp is None or tech.has("mp_attack"):
        return None
    power = R.resolve_power_level(primary, tech.power_level) or "medium"
    area = tech.has("area_effect")
    mult = ruleset.house.damage_die_multiplier
    physical = primary in ("power_attack", "quadra_slam")
    try:
        if primary == "healing":
            line = R.healing_line(tech.tech_level, power, w.mag, area_effect=area)
        elif primary == "quadra_slam":
            line = R.quadra_slam_line(
                power, dice=w.str_dice + w.boost(tech), die=w.die, attack_power=w.ap,
                tech_level=tech.tech_level, die_multiplier=mult,
            )  # fmt: skip
        else:
            line = R.attack_line(
                tech.tech_level,
                power,
                dice=(w.str_dice if physical else w.mag_dice) + w.boost(tech),
                die=w.die if physical else w.magic_die,
                attack_power=w.ap if physical else w.map,
                area_effect=area,
                die_multiplier=mult,
            )
    except (KeyError, ValueError):  # an invalid Tech: validation reports why
        return None
    element = str(tech.element) if tech.element is not None else None
    if element is None and physical:  # Ch. II Elemental: a weapon Tech takes the weapon's
        element = w.weapon_element
    drain = tech.param("drain")
    target = tech.param("random_target")
    inaccurate = tech.has("inaccurate")
    return S.Move(
        name=tech.name,
        kind="heal" if primary == "healing" else "damage",
        dice=line.dice,
        die=line.die,
        multiplier=line.multiplier,
        bonus=line.bonus,
        halved=line.halved,
        scale=damage_scale(ruleset.house),
        physical=(tech.effective_damage_type or "physical") == "physical",
        element=element,
        area=area,
        strikes=S.QUADRA_STRIKES if primary == "quadra_slam" else 1,
        roll=inaccurate,
        can_crit=False,  # Techs always hit; Inaccurate ones "cannot score critical hits"
        long_range=not tech.has("short_range"),
        drain_pct=int(drain) if drain is not None else 0,
        mp=mp,
        hp_cost=hp_cost,
        sp=sp if sp is not None else S.SP_PER_ACTION,
        once=tech.has("limited_uses"),
        backfire=S.BACKFIRE_PERCENT if tech.has("backfire") else 0,
        random_target=("any" if str(target) == "any" else "enemy") if target is not None else None,
        self_only=tech.has("self_only"),
        not_self=primary == "healing" and tech.has("sacrifice"),
    )


def _moves(
    techs: Sequence[tuple[Tech | None, str, int | None, int | None, int]],
    w: Wielder,
    ruleset: Ruleset,
) -> tuple[tuple[S.Move, ...], list[str]]:
    """(tech or None, name, mp, sp, hp cost) rows -> the Moves played and the names left out."""
    moves: list[S.Move] = []
    skipped: list[str] = []
    for tech, name, mp, sp, hp_cost in techs:
        move = tech_move(tech, w, ruleset, mp=mp, sp=sp, hp_cost=hp_cost) if tech else None
        if move is None:
            skipped.append(f"Tech {name}")
        else:
            moves.append(move)
    return tuple(moves), skipped


def character_fighter(ws: Workspace, entity: Entity, name: str | None = None) -> Built:
    """A character as ``character show`` computes it: equipment, attack, Techs at its level."""
    from builder.rulesets.zodiac.rules.character_techs import resolve_techs
    from builder.rulesets.zodiac.views.character import full_character_view
    from builder.rulesets.zodiac.views.techs import content_finder

    c = entity.model
    view = full_character_view(ws, entity)
    d = view.derived
    find = content_finder(ws.content)
    w = wielder_from_view(view)
    attack = view.attacks[0]
    rows: list[tuple[Tech | None, str, int | None, int | None, int]] = []
    if c.class_power.value == "tech":
        resolved = {r.key: r for r in resolve_techs(c.techs, lambda t: find("tech", t))}
        for row in view.techs:
            r = resolved.get(row["id"])
            tech = r.at_level(row["tech_level"]) if r is not None else None
            rows.append((tech, row["name"], row["mp_cost"], row["sp_cost"], row["hp_cost"]))
    else:  # Blue Magic: Enemy Skills with a '#PX' / '#MX' notation (Ch. III)
        for row in view.techs:
            skill = find("enemy_skill", row["id"])
            tech = enemy_skill_as_tech(skill) if skill is not None else None
            rows.append((tech, row["name"], row["mp_cost"], None, 0))
    moves, skipped = _moves(rows, w, ws.settings)
    taken = view.damage_taken_pct
    affinities = {
        el: _CHARACTER_AFFINITY[a] for el, a in view.affinities.items() if a in _CHARACTER_AFFINITY
    }
    fighter = S.Fighter(
        name=name or view.name,
        side=0,
        hp=d["hp"].value,
        mp=d["mp"].value,
        speed=d["speed"].value,
        accuracy=attack.accuracy,
        evade=d["evade"].value,
        critical=attack.critical,
        crit_multiplier=attack.critical_multiplier,
        always_hits=attack.always_hits,
        attack=S.Move(
            name=attack.name,
            dice=attack.dice,
            die=attack.die,
            multiplier=attack.multiplier,
            bonus=attack.ap,
            scale=damage_scale(ws.settings.house),
            element=attack.element,
            roll=True,
            can_crit=True,
            long_range=attack.long_range,
            drain_pct=attack.drain_percent,
        ),
        techs=moves,
        affinities=affinities,
        physical_pct=100 + taken.get("physical", 0),
        magical_pct=100 + taken.get("magical", 0),
    )
    skill = c.command_skill
    return Built(fighter, (*skipped, *([f"Command Skill {skill}"] if skill else [])))


def monster_fighter(ws: Workspace, entity: Entity, name: str | None = None) -> Built:
    """A monster as its card computes it (App. I): stats, attack line, Techs, defenses."""
    from builder.rulesets.zodiac.checks import CheckContext
    from builder.rulesets.zodiac.checks.monsters import resolve_techs
    from builder.rulesets.zodiac.rules.monsters import affinities, monster_view

    m = entity.model
    house = ws.settings.house
    resolved = resolve_techs(m, CheckContext(ws.content, ws.settings))
    view = monster_view(m, resolved.levels, die_multiplier=house.damage_die_multiplier, house=house)
    d = view.derived
    die = int(m.attack_die[1:])
    w = Wielder(
        label=view.name,
        mag=view.stats["mag"],
        str_dice=d.str_dice.value,
        mag_dice=d.mag_dice.value,
        ap=d.ap.value,
        map=d.map.value,
        die=die,
        magic_die=die,  # a monster has no weapon: its Attack Magic rolls its attack die too
        magic_accuracy=d.magic_accuracy.value,
    )
    rows = [_monster_tech(ws, ref) for ref in m.techs]
    moves, skipped = _moves(rows, w, ws.settings)
    ids = [p.id for p in m.powers]
    modelled = {"flight", "undead", "unusual_defense", "agile", "exceptional_stats"}
    modelled |= set(_MONSTER_AFFINITY)
    skipped += [f"power {p}" for p in dict.fromkeys(ids) if p not in modelled]
    if view.defenses.physical in ("shifting", "at will"):
        skipped.append("shifting Unusual Defense")
    aff = {el: _MONSTER_AFFINITY[kind] for kind, els in affinities(m).items() for el in els}
    fighter = S.Fighter(
        name=name or view.name,
        side=1,
        hp=d.hp.value,
        mp=d.mp.value,
        speed=d.speed.value,
        accuracy=d.accuracy.value,
        evade=d.evade.value,
        critical=d.critical.value,
        attack=S.Move(
            name="Attack",
            dice=view.damage.dice,
            die=die,
            multiplier=view.damage.multiplier,
            bonus=view.damage.attack_power,
            scale=damage_scale(house),
            roll=True,
            can_crit=True,
        ),
        techs=moves,
        affinities=aff,
        physical_pct=_TAKEN_PCT.get(view.defenses.physical, 100),
        magical_pct=_TAKEN_PCT.get(view.defenses.magical, 100),
        flying="flight" in ids,
        undead="undead" in ids,
    )
    return Built(fighter, tuple(skipped))


def _monster_tech(
    ws: Workspace, ref: str | Mapping[str, Any]
) -> tuple[Tech | None, str, int | None, int | None, int]:
    """A monster's Tech reference: a project Tech, an Enemy Skill, or an inline Tech."""
    from pydantic import ValidationError

    index = ws.content.index()
    if isinstance(ref, str):
        entity = index.get(("tech", ref))
        if entity is not None and isinstance(entity.model, Tech):
            costs = R.tech_costs(entity.model)
            return entity.model, entity.model.name, costs.mp_cost, costs.sp_cost, costs.hp_cost
        skill = index.get(("enemy_skill", ref))
        if skill is not None:
            tech = enemy_skill_as_tech(skill.model)
            return tech, skill.model.name, skill.model.mp, None, 0
        return None, ref, None, None, 0
    try:
        tech = Tech.model_validate({"kind": "tech", **ref})
    except (ValidationError, TypeError, ValueError):
        return None, str(ref.get("name", "inline Tech")), None, None, 0
    costs = R.tech_costs(tech)
    return tech, tech.name, costs.mp_cost, costs.sp_cost, costs.hp_cost


def fight_cap(ruleset: Ruleset) -> int | None:
    """The Damage Cap when the project plays it (Ch. VI, optional), else None."""
    return damage_cap(ruleset.house)


# --- The report ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SimulationReport:
    """What ``zodiac encounter simulate`` prints and writes as JSON."""

    runs: int
    seed: int
    tactics: dict[str, str]
    max_rounds: int
    outcomes: dict[str, int]
    rounds: dict[str, float | int | None]
    histogram: list[dict[str, int]]
    fighters: list[dict[str, Any]]
    not_modelled: dict[str, list[str]] = field(default_factory=dict)
    left_out: tuple[str, ...] = LEFT_OUT

    @property
    def win_rate(self) -> float:
        return self.outcomes["party"] / self.runs

    def to_json(self) -> dict[str, Any]:
        return {
            "runs": self.runs,
            "seed": self.seed,
            "tactics": self.tactics,
            "max_rounds": self.max_rounds,
            "win_rate": round(self.win_rate, 4),
            "outcomes": self.outcomes,
            "rounds": self.rounds,
            "histogram": self.histogram,
            "fighters": self.fighters,
            "not_modelled": self.not_modelled,
            "left_out": list(self.left_out),
        }


def report(
    plan: S.Plan, tally: S.Tally, seed: int, skipped: Mapping[str, Sequence[str]]
) -> SimulationReport:
    """Counts -> rates, means and the rounds' median and p10-p90 (nearest rank)."""
    runs = tally.runs
    every: Counter[int] = Counter()
    for c in tally.rounds:
        every.update(c)
    rounds: dict[str, float | int | None] = {
        "median": S.percentile(every, 0.5),
        "p10": S.percentile(every, 0.1),
        "p90": S.percentile(every, 0.9),
        "mean": round(sum(k * v for k, v in every.items()) / runs, 2),
    }
    won = tally.rounds[S.PARTY]
    rounds["median_when_party_wins"] = S.percentile(won, 0.5) if won else None
    histogram = [
        {
            "rounds": r,
            **{name: tally.rounds[o][r] for o, name in enumerate(S.OUTCOMES)},
        }
        for r in range(min(every), max(every) + 1)
    ]
    fighters = []
    for i, f in enumerate(plan.fighters):
        fighters.append(
            {
                "name": f.name,
                "side": "party" if f.side == 0 else "foes",
                "hp": f.hp,
                "mp": f.mp,
                "hp_left_mean": round(tally.hp_sum[i] / runs, 1),
                "mp_left_mean": round(tally.mp_sum[i] / runs, 1),
                "fell": tally.fell[i],
                "fell_rate": round(tally.fell[i] / runs, 4),
                "moves": [m.name for m in (f.attack, *f.techs)],
            }
        )
    return SimulationReport(
        runs=runs,
        seed=seed,
        tactics={"party": plan.tactics[0].text, "vs": plan.tactics[1].text},
        max_rounds=plan.max_rounds,
        outcomes={name: tally.outcomes[o] for o, name in enumerate(S.OUTCOMES)},
        rounds=rounds,
        histogram=histogram,
        fighters=fighters,
        not_modelled={k: list(v) for k, v in skipped.items() if v},
    )


# --- The plot: a hand-written SVG (no plotting library to install) ------------------------

_COLOURS = {"party": "#3b7dd8", "foes": "#d8553b", "both_fall": "#8a8a8a", "stalemate": "#c9a227"}
_LABELS = {
    "party": "party wins",
    "foes": "foes win",
    "both_fall": "both sides fall",
    "stalemate": "stalemate",
}


def histogram_svg(r: SimulationReport, title: str) -> str:
    """Rounds per battle as stacked bars (party wins, foes win, ...), with axes and a key.

    Every text is escaped: names come from content files.
    """
    width, height = 720, 420
    left, right, top, bottom = 64, 20, 78, 56
    plot_w, plot_h = width - left - right, height - top - bottom
    rows = r.histogram
    peak = max(sum(row[o] for o in S.OUTCOMES) for row in rows)
    step = _nice_step(peak)
    y_max = step * -(-peak // step)
    bar_w = plot_w / len(rows)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Arial, sans-serif" '
        'font-size="12">',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        f'<text x="{left}" y="52" font-size="14" font-weight="bold">{escape(_fit(title))}</text>',
        f'<text x="{left}" y="68" fill="#444">{escape(_subtitle(r))}</text>',
    ]
    for tick in range(0, y_max + 1, step):
        y = top + plot_h - plot_h * tick / y_max
        out.append(
            f'<line x1="{left}" y1="{y:.1f}" x2="{left + plot_w}" y2="{y:.1f}" stroke="#e3e3e3"/>'
        )
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{tick:,}</text>')
    label_every = max(1, len(rows) // 20)
    for n, row in enumerate(rows):
        x = left + n * bar_w
        y = top + plot_h
        for o in S.OUTCOMES:
            count = row[o]
            if not count:
                continue
            h = plot_h * count / y_max
            y -= h
            out.append(
                f'<rect x="{x + bar_w * 0.1:.1f}" y="{y:.1f}" width="{bar_w * 0.8:.1f}" '
                f'height="{h:.1f}" fill="{_COLOURS[o]}"><title>{row["rounds"]} rounds, '
                f"{_LABELS[o]}: {count:,}</title></rect>"
            )
        if n % label_every == 0:
            out.append(
                f'<text x="{x + bar_w / 2:.1f}" y="{top + plot_h + 16}" '
                f'text-anchor="middle">{row["rounds"]}</text>'
            )
    out.append(
        f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" '
        'stroke="#333"/>'
    )
    out.append(
        f'<text x="{left + plot_w / 2}" y="{height - 12}" text-anchor="middle">'
        "rounds until the fight ended</text>"
    )
    out.append(
        f'<text x="16" y="{top + plot_h / 2}" text-anchor="middle" '
        f'transform="rotate(-90 16 {top + plot_h / 2})">battles</text>'
    )
    shown = [o for o in S.OUTCOMES if r.outcomes[o]]
    for n, o in enumerate(shown):  # the key, in the header's right corner, two per row
        kx = width - right - 250 + (n % 2) * 125
        y = 8 + (n // 2) * 18
        out.append(f'<rect x="{kx}" y="{y}" width="12" height="12" fill="{_COLOURS[o]}"/>')
        out.append(f'<text x="{kx + 18}" y="{y + 10}">{_LABELS[o]}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


TITLE_CHARS = 70  # what fits the plot's width at 14 px bold


def _fit(text: str, limit: int = TITLE_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _subtitle(r: SimulationReport) -> str:
    rd = r.rounds
    return (
        f"{r.runs:,} runs, seed {r.seed}: party wins {r.win_rate:.1%}; rounds median "
        f"{rd['median']}, p10-p90 {rd['p10']}-{rd['p90']}"
    )


def _nice_step(peak: int) -> int:
    """A round gridline step giving about five lines: 1, 2, 5, 10, 20, 50..."""
    raw = max(peak / 5, 1)
    mag = 1
    while mag * 10 <= raw:
        mag *= 10
    for m in (1, 2, 5, 10):
        if m * mag >= raw:
            return m * mag
    return 10 * mag
