"""Chapter II construction rules for Techs and Enemy Skills, as a coded catalogue.

Every check is a pure function returning ``list[Problem]`` with a path relative to the
Tech document (``("secondary", 1)``). Where a rule forbids two things together, the
problem points at the *later* of the two in the file (the one that broke it), or at the
Secondary Effect when the rule pairs it with the primary effect.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from builder.diagnostics import did_you_mean
from builder.problems import PathPart, Problem, Severity
from builder.rulesets.zodiac.models.tech import EnemySkill, PrimaryEffect, Secondary, Tech
from builder.rulesets.zodiac.models.tech import SecondaryEffect as S
from builder.rulesets.zodiac.rules import techs as R

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.rulesets.zodiac.checks import CheckContext

CODES: dict[str, str] = {
    "ZT101": "Tech Level not allowed for this primary effect (R12)",
    "ZT102": "Power Level differs from the primary effect's fixed Power Level",
    "ZT103": "Power Level missing for a primary effect with a variable Power Level",
    "ZT104": "effective level above 8: no MP table cell (R13)",
    "ZT110": "more than two Secondary Effects (R14)",
    "ZT111": "a Secondary Effect taken twice (only Lesser Status Attack may be, R14)",
    "ZT112": "Lesser Status Attack taken twice with the same status",
    "ZT120": "a Unique Power with a Secondary Effect it may not take",
    "ZT121": "MP Steal with a Secondary Effect or element",
    "ZT122": "Tech Level 6 Invulnerability with Area Effect",
    "ZT123": "Quadra Slam with Area Effect or Backfire",
    "ZT124": "Quadra Slam with the -1 Tech Level Random Target",
    "ZT130": "Backfire on a beneficial Tech (R18)",
    "ZT131": "Backfire with Random Target",
    "ZT132": "Area Effect with Self-Only",
    "ZT133": "Drain on a Tech that deals no damage",
    "ZT134": "HP Drain with Sacrifice",
    "ZT135": "Drain with Healing",
    "ZT136": "Elemental on a Tech that deals no damage",
    "ZT137": "Inaccurate on a primary effect that may not take it (R18)",
    "ZT138": "Lesser Status Attack with Healing",
    "ZT139": "MP Attack with Healing",
    "ZT140": "Self-Only on a Tech that is not beneficial (R18)",
    "ZT141": "Healing with both Sacrifice and Self-Only",
    "ZT142": "Steal As Well on Healing or another beneficial Tech (R18)",
    "ZT143": "Charge Power with Sacrifice: no MP to convert (warning)",
    "ZT144": "Random Target side does not match the Tech (enemy vs ally)",
    "ZT145": "Map Combat option (Friendly Fire, Area Effect levels 2-3) outside Map Combat",
    "ZT146": "Drain with Area Effect without choosing drain_area",
    "ZT147": "drain_area without both Drain and Area Effect",
    "ZT150": "a parameter the primary effect needs is missing",
    "ZT151": "Stat Booster for a stat it cannot boost",
    "ZT152": "a parameter this primary effect does not use",
    "ZT160": "Status Effect Tech Level below the sum of the effects' levels (R17)",
    "ZT161": "Status Effect modifiers raised by more than 10 points per Tech Level (R17)",
    "ZT162": "Status Effect modifier raised above 0 (R17)",
    "ZT163": "Status Effect modifier below its base modifier",
    "ZT164": "a modifier on a positive status effect",
    "ZT165": "a status chosen twice",
    "ZT166": "a status that is not in the Status Effect table",
    "ZT180": "a clone of a clone (R16)",
    "ZT181": "a clone of Break Arts (R16)",
    "ZT182": "a clone that differs from its original in more than element / damage type (R16)",
    "ZT183": "a clone that does not differ in exactly one of element, damage type (R16)",
    "ZT184": "clone_of names an unknown Tech",
    "ZT185": "a clone learned at another Tech Level than its original's",
    "ZT190": "an invalid step in the Tech learning history",
    "ZT191": "Tech Levels used above Max Tech Levels (R11)",
    "ZT192": "more Tech Points spent than available",
    "ZT193": "more than 3 starting Techs, or a starting Tech above level 1",
    "ZT201": "Enemy Skill MP matches no MP table cell of its Tech Level (R20, warning)",
    "ZT202": "Enemy Skill attack level beyond the damage table (1-6) (warning)",
}

# Ch. II Unique Powers: besides Sacrifice and Limited Uses, what each one's text allows.
# Decision: Friendly Fire (R14) follows Area Effect: allowed where Area Effect is.
# Steal Gold's text prices an Area Effect variant (-25), so it may take Area Effect.
UNIQUE_BASE_ALLOWED: frozenset[str] = frozenset({"sacrifice", "limited_uses"})
UNIQUE_EXTRA_ALLOWED: dict[str, frozenset[str]] = {
    "absorbency": frozenset({"self_only"}),
    "dispel": frozenset({"self_only", "area_effect", "friendly_fire"}),
    "esuna": frozenset({"self_only"}),
    "immunity": frozenset({"area_effect", "self_only", "friendly_fire"}),
    "invulnerability": frozenset({"self_only", "area_effect", "friendly_fire"}),
    "resistance": frozenset({"area_effect", "self_only", "friendly_fire"}),
    "steal_gold": frozenset({"area_effect", "friendly_fire"}),
}
ELEMENT_PARAM_PRIMARIES = frozenset({"absorbency", "immunity", "resistance"})
STAT_PARAM_PRIMARIES = frozenset({"break_arts", "stat_booster"})

_BOOK = "Ch. II"


def _p(code: str, message: str, rule: str, *path: PathPart, warn: bool = False) -> Problem:
    severity = Severity.WARNING if warn else Severity.ERROR
    return Problem(code, message, rule, tuple(path), severity)


def _name(value: object) -> str:
    return str(value).replace("_", " ").title()


def _indices(tech: Tech, sid: str) -> list[int]:
    return [i for i, s in enumerate(tech.secondary) if s.id == sid]


# --- Levels ------------------------------------------------------------------------------


def check_levels(tech: Tech) -> list[Problem]:
    """R12 allowed Tech Levels; fixed and variable Power Levels; effective level <= 8 (R13)."""
    out: list[Problem] = []
    primary = str(tech.primary)
    allowed = R.PRIMARY_TECH_LEVELS.get(primary)
    if allowed is not None and tech.tech_level not in allowed:
        levels = ", ".join(map(str, allowed))
        out.append(
            _p(
                "ZT101",
                f"{_name(primary)} cannot be Tech Level {tech.tech_level}; use {levels}",
                "R12",
                "tech_level",
            )
        )
    fixed = R.PRIMARY_POWER_LEVEL[primary]
    if fixed is None and tech.power_level is None:
        out.append(
            _p(
                "ZT103",
                f"{_name(primary)} has a variable Power Level; add power_level: weak, medium "
                "or strong",
                f"{_BOOK} Using Techs",
            )
        )
    elif fixed is not None and tech.power_level is not None and tech.power_level != fixed:
        want = "omit power_level (MP Steal costs 1 MP)" if fixed == "special" else f"use {fixed}"
        out.append(
            _p(
                "ZT102",
                f"{_name(primary)} has a fixed Power Level ({fixed}), not {tech.power_level}; "
                f"{want} or omit power_level",
                f"{_BOOK} {_name(primary)}",
                "power_level",
            )
        )
    level = R.effective_level(
        tech.tech_level, (R.secondary_adjustment(s.id, s.value) for s in tech.secondary)
    )
    if level > R.MAX_EFFECTIVE_LEVEL and primary != "mp_steal":
        out.append(
            _p(
                "ZT104",
                f"effective level {level} (Tech Level {tech.tech_level} plus Secondary Effects) "
                f"is above {R.MAX_EFFECTIVE_LEVEL}, where the MP table ends; lower the Tech "
                f"Level or drop +MP Secondary Effects by {level - R.MAX_EFFECTIVE_LEVEL}",
                "R13",
                "secondary",
            )
        )
    return out


# --- Secondary Effects -------------------------------------------------------------------


def check_secondary_count(tech: Tech) -> list[Problem]:
    """At most two; Elemental is a field, not counted; LSA may fill both slots (R14)."""
    out: list[Problem] = []
    seen: dict[str, int] = {}
    lsa_statuses: set[str] = set()
    for i, sec in enumerate(tech.secondary):
        sid = str(sec.id)
        if sid == S.LESSER_STATUS_ATTACK:
            if str(sec.value) in lsa_statuses:
                out.append(
                    _p(
                        "ZT112",
                        f"Lesser Status Attack {sec.value} is already taken; a second Lesser "
                        "Status Attack must choose a different status",
                        f"{_BOOK} Lesser Status Attack",
                        "secondary",
                        i,
                    )
                )
            lsa_statuses.add(str(sec.value))
        elif sid in seen:
            out.append(
                _p(
                    "ZT111",
                    f"{_name(sid)} is taken twice (first at item {seen[sid] + 1}); only Lesser "
                    "Status Attack may be taken twice",
                    "R14",
                    "secondary",
                    i,
                )
            )
        seen.setdefault(sid, i)
    if len(tech.secondary) > 2:
        out.append(
            _p(
                "ZT110",
                f"{len(tech.secondary)} Secondary Effects; a Tech takes at most two (Elemental "
                "goes in element: and is not counted); remove "
                f"{len(tech.secondary) - 2}",
                "R14",
                "secondary",
                2,
            )
        )
    return out


def _pair(tech: Tech, a: str, b: str) -> int | None:
    """Index of the later of Secondary Effects ``a`` and ``b`` when both are present."""
    ia, ib = _indices(tech, a), _indices(tech, b)
    return max(ia[0], ib[0]) if ia and ib else None


def check_combinations(tech: Tech) -> list[Problem]:
    """Every "may (not / only) be combined" sentence of Chapter II (R18)."""
    out: list[Problem] = []
    primary = str(tech.primary)
    beneficial = R.is_beneficial(tech)
    healing = primary == "healing"

    def each(sid: str) -> list[int]:
        return _indices(tech, sid)

    # Unique Powers: only Sacrifice / Limited Uses unless their text says more.
    if primary == "mp_steal":
        for i in range(len(tech.secondary)):
            out.append(
                _p(
                    "ZT121",
                    f"MP Steal may not take any Secondary Effect; remove "
                    f"{_name(tech.secondary[i].id)}",
                    f"{_BOOK} MP Steal",
                    "secondary",
                    i,
                )
            )
    elif primary in R.UNIQUE_POWERS:
        allowed = UNIQUE_BASE_ALLOWED | UNIQUE_EXTRA_ALLOWED.get(primary, frozenset())
        for i, sec in enumerate(tech.secondary):
            if str(sec.id) not in allowed:
                names = ", ".join(_name(a) for a in sorted(allowed))
                out.append(
                    _p(
                        "ZT120",
                        f"{_name(primary)} is a Unique Power and may not take "
                        f"{_name(sec.id)}; it may take only {names}",
                        f"{_BOOK} Unique Powers",
                        "secondary",
                        i,
                    )
                )
    if primary == "invulnerability" and tech.tech_level == 6:
        for i in each(S.AREA_EFFECT):
            out.append(
                _p(
                    "ZT122",
                    "only Tech Level 4 Invulnerability may take Area Effect; remove it or use "
                    "Tech Level 4",
                    f"{_BOOK} Invulnerability",
                    "secondary",
                    i,
                )
            )
    if primary == "quadra_slam":
        for sid in (S.AREA_EFFECT, S.BACKFIRE):
            for i in each(sid):
                out.append(
                    _p(
                        "ZT123",
                        f"Quadra Slam may not take {_name(sid)}; remove it",
                        f"{_BOOK} Quadra Slam",
                        "secondary",
                        i,
                    )
                )
        for i in each(S.RANDOM_TARGET):
            if tech.secondary[i].value != "any":
                out.append(
                    _p(
                        "ZT124",
                        "Quadra Slam may take only the -2 Tech Level Random Target; use "
                        "random_target: any",
                        f"{_BOOK} Quadra Slam",
                        "secondary",
                        i,
                    )
                )
    # Backfire
    if beneficial:
        for i in each(S.BACKFIRE):
            out.append(
                _p(
                    "ZT130",
                    f"Backfire may not be taken by a beneficial Tech ({_name(primary)}); remove it",
                    f"{_BOOK} Backfire; R18",
                    "secondary",
                    i,
                )
            )
    if (i := _pair(tech, S.BACKFIRE, S.RANDOM_TARGET)) is not None:
        out.append(
            _p(
                "ZT131",
                "Backfire may not be combined with Random Target; keep one of them",
                f"{_BOOK} Backfire",
                "secondary",
                i,
            )
        )
    if (i := _pair(tech, S.AREA_EFFECT, S.SELF_ONLY)) is not None:
        out.append(
            _p(
                "ZT132",
                "Area Effect may not be combined with Self-Only; keep one of them",
                f"{_BOOK} Area Effect; Self-Only",
                "secondary",
                i,
            )
        )
    # Drain
    for i in each(S.DRAIN):
        if not R.deals_damage(tech):
            out.append(
                _p(
                    "ZT133",
                    f"Drain needs a Tech that deals damage, and {_name(primary)} deals none; "
                    "remove Drain or add MP Attack",
                    f"{_BOOK} Drain Attack",
                    "secondary",
                    i,
                )
            )
        if healing:
            out.append(
                _p(
                    "ZT135",
                    "Drain may not be combined with Healing; remove it",
                    f"{_BOOK} Drain Attack",
                    "secondary",
                    i,
                )
            )
    if not tech.has(S.MP_ATTACK) and (i := _pair(tech, S.DRAIN, S.SACRIFICE)) is not None:
        out.append(
            _p(
                "ZT134",
                "HP Drain may not be combined with Sacrifice; remove one, or add MP Attack to "
                "make it an MP Drain",
                f"{_BOOK} Drain Attack",
                "secondary",
                i,
            )
        )
    # Elemental
    if (
        tech.element is not None
        and primary not in ELEMENT_PARAM_PRIMARIES
        and not R.deals_damage(tech)
    ):
        out.append(
            _p(
                "ZT136",
                f"Elemental may only be combined with damage-dealing Techs, and "
                f"{_name(primary)} deals no damage; remove element",
                f"{_BOOK} Elemental",
                "element",
            )
        )
    # Inaccurate (R18)
    if primary not in R.INACCURATE_PRIMARIES:
        for i in each(S.INACCURATE):
            out.append(
                _p(
                    "ZT137",
                    f"{_name(primary)} may not take Inaccurate; only Power Attack, Attack "
                    "Magic, Break Arts, Quadra Slam, Demi Attack and Revenge may",
                    "R18",
                    "secondary",
                    i,
                )
            )
    if healing:
        for sid, code in ((S.LESSER_STATUS_ATTACK, "ZT138"), (S.MP_ATTACK, "ZT139")):
            for i in each(sid):
                out.append(
                    _p(
                        code,
                        f"{_name(sid)} may not be combined with Healing; remove it",
                        f"{_BOOK} {_name(sid)}",
                        "secondary",
                        i,
                    )
                )
        if (i := _pair(tech, S.SACRIFICE, S.SELF_ONLY)) is not None:
            out.append(
                _p(
                    "ZT141",
                    "a Healing Tech with Sacrifice cannot affect its user, so it may not also "
                    "take Self-Only; keep one of them",
                    f"{_BOOK} Sacrifice",
                    "secondary",
                    i,
                )
            )
    if not beneficial:
        for i in each(S.SELF_ONLY):
            out.append(
                _p(
                    "ZT140",
                    f"Self-Only needs a beneficial Tech, and {_name(primary)} is not; remove "
                    "Self-Only",
                    f"{_BOOK} Self-Only; R18",
                    "secondary",
                    i,
                )
            )
    if beneficial:
        for i in each(S.STEAL_AS_WELL):
            out.append(
                _p(
                    "ZT142",
                    f"Steal As Well may not be combined with a beneficial Tech "
                    f"({_name(primary)}); remove it",
                    f"{_BOOK} Steal As Well; R18",
                    "secondary",
                    i,
                )
            )
    if (i := _pair(tech, S.CHARGE_POWER, S.SACRIFICE)) is not None:
        out.append(
            _p(
                "ZT143",
                "Charge Power costs 0 MP, so Sacrifice has no MP to convert into HP; remove "
                "Sacrifice",
                f"{_BOOK} Charge Power; Sacrifice",
                "secondary",
                i,
                warn=True,
            )
        )
    for i in each(S.RANDOM_TARGET):
        side = tech.secondary[i].value
        want = "ally" if beneficial else "enemy"
        if side in ("enemy", "ally") and side != want:
            out.append(
                _p(
                    "ZT144",
                    f"a {'beneficial' if beneficial else 'harmful'} Tech's -1 Random Target "
                    f"picks a random {want}, not {side}; use random_target: {want} (or any)",
                    f"{_BOOK} Random Target",
                    "secondary",
                    i,
                )
            )
    return out


def check_map_combat(tech: Tech, map_combat: bool | None) -> list[Problem]:
    """Friendly Fire and Area Effect levels 2-3 belong to Map Combat (R14, R30)."""
    if map_combat is None or map_combat:
        return []
    out: list[Problem] = []
    for i, sec in enumerate(tech.secondary):
        if sec.id == S.FRIENDLY_FIRE:
            out.append(
                _p(
                    "ZT145",
                    "Friendly Fire is a Map Combat Secondary Effect and this project does not "
                    "use Map Combat; remove it",
                    "R14",
                    "secondary",
                    i,
                )
            )
        elif sec.id == S.AREA_EFFECT and sec.value not in (None, 1):
            out.append(
                _p(
                    "ZT145",
                    f"Area Effect {sec.value} levels exists only in Map Combat; write a bare "
                    "area_effect",
                    "R30",
                    "secondary",
                    i,
                )
            )
    return out


# --- Primary parameters ------------------------------------------------------------------


def check_parameters(tech: Tech) -> list[Problem]:
    """stat / statuses / element / damage_type where the primary needs or ignores them."""
    out: list[Problem] = []
    primary = str(tech.primary)
    if primary in STAT_PARAM_PRIMARIES:
        names = R.BREAK_ARTS_NAMES if primary == "break_arts" else R.STAT_BOOSTER_NAMES
        choices = ", ".join(f"{k} ({v})" for k, v in names.items())
        if tech.stat is None:
            out.append(
                _p(
                    "ZT150",
                    f"{_name(primary)} needs stat: one of {choices}",
                    f"{_BOOK} {_name(primary)}",
                )
            )
        elif str(tech.stat) not in names:
            out.append(
                _p(
                    "ZT151",
                    f"there is no {_name(primary)} for {tech.stat}; use one of {choices}",
                    f"{_BOOK} {_name(primary)}",
                    "stat",
                )
            )
    elif tech.stat is not None:
        out.append(
            _p(
                "ZT152",
                f"{_name(primary)} does not use stat: (only Break Arts and Stat Booster do); "
                "remove it",
                _BOOK,
                "stat",
            )
        )
    if primary == "status_effect":
        if not tech.statuses:
            out.append(
                _p(
                    "ZT150",
                    "Status Effect needs statuses: a list of one or more statuses, e.g. "
                    "[stun, {seal: -35}]",
                    f"{_BOOK} Status Effect",
                )
            )
    elif tech.statuses:
        out.append(
            _p(
                "ZT152",
                f"{_name(primary)} does not use statuses: (only Status Effect does); for an "
                "extra status on an attack use lesser_status_attack",
                _BOOK,
                "statuses",
            )
        )
    if primary in ELEMENT_PARAM_PRIMARIES and tech.element is None:
        out.append(
            _p(
                "ZT150",
                f"{_name(primary)} protects against one element chosen when learned; add "
                "element: (fire, ice, water, lightning, earth, wind, holy or shadow)",
                f"{_BOOK} {_name(primary)}",
            )
        )
    if primary == "invulnerability":
        if tech.damage_type is None:
            out.append(
                _p(
                    "ZT150",
                    "Invulnerability protects from one damage type; add damage_type: physical "
                    "or magical",
                    f"{_BOOK} Invulnerability",
                )
            )
    elif tech.damage_type is not None and not R.deals_damage(tech):
        out.append(
            _p(
                "ZT152",
                f"{_name(primary)} deals no damage, so damage_type means nothing here; remove it",
                _BOOK,
                "damage_type",
            )
        )
    return out


def check_status_effects(tech: Tech) -> list[Problem]:
    """R17: minimum level, 10 points per Tech Level, modifiers between base and 0."""
    if tech.primary != PrimaryEffect.STATUS_EFFECT or not tech.statuses:
        return []
    out: list[Problem] = []
    seen: set[str] = set()
    valid: list[tuple[str, int | None]] = []
    for i, choice in enumerate(tech.statuses):
        status = str(choice.status)
        if status in seen:
            out.append(
                _p(
                    "ZT165",
                    f"{status} is chosen twice; choose each status once",
                    f"{_BOOK} Status Effect",
                    "statuses",
                    i,
                )
            )
            continue
        seen.add(status)
        if status not in R.STATUS_EFFECT_TABLE:
            out.append(
                _p(
                    "ZT166",
                    f"{status} is not in the Status Effect table; choose one of "
                    f"{', '.join(R.STATUS_EFFECT_TABLE)}",
                    f"{_BOOK} Status Effect",
                    "statuses",
                    i,
                )
            )
            continue
        base = R.status_modifier_base(status)
        mod = choice.modifier
        if base is None and mod is not None:
            out.append(
                _p(
                    "ZT164",
                    f"{status} is a positive effect and always works; remove its modifier",
                    f"{_BOOK} Status Effect",
                    "statuses",
                    i,
                )
            )
            mod = None
        elif base is not None and mod is not None and mod > 0:
            out.append(
                _p(
                    "ZT162",
                    f"{status} modifier {mod:+d} is above 0; raise it at most to 0",
                    "R17",
                    "statuses",
                    i,
                )
            )
        elif base is not None and mod is not None and mod < base:
            out.append(
                _p(
                    "ZT163",
                    f"{status} modifier {mod:+d} is below its base {base:+d}; points only "
                    f"raise a modifier, so use {base:+d} or higher",
                    f"{_BOOK} Status Effect",
                    "statuses",
                    i,
                )
            )
            mod = None
        valid.append((status, mod))
    budget = R.status_budget(tech.tech_level, valid)
    if tech.tech_level < budget.min_level:
        out.append(
            _p(
                "ZT160",
                f"the chosen statuses need Tech Level {budget.min_level} (the sum of their "
                f"levels), not {tech.tech_level}",
                "R17",
                "tech_level",
            )
        )
    if budget.spent > budget.points:
        out.append(
            _p(
                "ZT161",
                f"the modifiers are raised by {budget.spent} points, but Tech Level "
                f"{tech.tech_level} gives {budget.points} (10 per level); lower them by "
                f"{budget.spent - budget.points}",
                "R17",
                "statuses",
            )
        )
    return out


# --- Entry points ------------------------------------------------------------------------


def check_tech(tech: Tech, *, map_combat: bool | None = None) -> list[Problem]:
    """Every self-contained Chapter II rule for one Tech.

    ``map_combat``: False rejects Map Combat options (R14, R30); None does not judge them.
    """
    return [
        *check_levels(tech),
        *check_secondary_count(tech),
        *check_combinations(tech),
        *check_map_combat(tech, map_combat),
        *check_parameters(tech),
        *check_drain_area(tech),
        *check_status_effects(tech),
    ]


def check_drain_area(tech: Tech) -> list[Problem]:
    """Drain + Area Effect: the creator chooses who is hit and who drains (Ch. II Drain Attack)."""
    both = tech.has("drain") and tech.has("area_effect")
    if both and tech.drain_area is None:
        return [
            _p(
                "ZT146",
                "Drain with Area Effect must say how it drains: `drain_area: hardest_hit` (hit all "
                "enemies, drain from the one hurt most) or `drain_area: split` (hit one enemy, "
                "share the drain among all allies)",
                f"{_BOOK} Drain Attack",
                "secondary",
                _indices(tech, "drain")[0],
            )
        ]
    if not both and tech.drain_area is not None:
        return [
            _p(
                "ZT147",
                "drain_area only applies to a Tech with both Drain and Area Effect; remove it",
                f"{_BOOK} Drain Attack",
                "drain_area",
            )
        ]
    return []


def _secondary_key(items: Iterable[Secondary]) -> list[tuple[str, str]]:
    return sorted((str(s.id), str(s.value)) for s in items)


def check_clone(clone: Tech, original: Tech, original_level: int | None = None) -> list[Problem]:
    """R16: differ in exactly one of element / damage type; no clone of a clone or Break Arts.

    A clone "has exactly the same Tech Level" as its original when it is learned (Ch. II
    Cloned Powers): ``clone.tech_level`` is compared with ``original_level`` (the
    original's level at that moment, default its own ``tech_level``). Later the two are
    upgraded separately (R15), which a character file's `upgrades:` records.
    """
    out: list[Problem] = []
    at = original.tech_level if original_level is None else original_level
    if clone.tech_level != at:
        out.append(
            _p(
                "ZT185",
                f"a clone is learned at its original's Tech Level: {original.name} is Tech "
                f"Level {at} then, this clone {clone.tech_level}; make it {at} (upgrade it "
                "later with `upgrades:`)",
                "Ch. II Cloned Powers; R15",
                "tech_level",
            )
        )
    if original.clone_of is not None:
        out.append(
            _p(
                "ZT180",
                f"{original.name} is itself a clone of {original.clone_of}; a clone may not be "
                f"cloned, so clone {original.clone_of} instead",
                "R16",
                "clone_of",
            )
        )
    if original.primary == PrimaryEffect.BREAK_ARTS:
        out.append(
            _p(
                "ZT181",
                "Break Arts may not be cloned; learn a separate Tech instead",
                "R16",
                "clone_of",
            )
        )
    same = [
        ("primary", clone.primary == original.primary),
        (
            "power_level",
            R.resolve_power_level(clone.primary, clone.power_level)
            == R.resolve_power_level(original.primary, original.power_level),
        ),
        ("stat", clone.stat == original.stat),
        (
            "statuses",
            [(c.status, c.modifier) for c in clone.statuses]
            == [(c.status, c.modifier) for c in original.statuses],
        ),
        ("secondary", _secondary_key(clone.secondary) == _secondary_key(original.secondary)),
    ]
    for key, equal in same:
        if not equal:
            out.append(
                _p(
                    "ZT182",
                    f"a clone keeps its original's {key} ({original.name}); make {key} the "
                    "same and differ only in element or damage type",
                    "R16",
                    key,
                )
            )
    element_differs = clone.element != original.element
    type_differs = clone.effective_damage_type != original.effective_damage_type
    if element_differs == type_differs:
        detail = "both" if element_differs else "neither"
        out.append(
            _p(
                "ZT183",
                f"a clone must differ from {original.name} in exactly one of element and "
                f"damage type, and this one differs in {detail}",
                "R16",
                "damage_type" if element_differs else "element",
            )
        )
    return out


def check_enemy_skill(skill: EnemySkill) -> list[Problem]:
    """R20: warn when MP fits no MP-table cell of the declared level; attack beyond table."""
    out: list[Problem] = []
    row = R.MP_TABLE[skill.tech_level]
    if skill.mp not in row:
        cells = R.mp_levels(skill.mp)
        fits = ", ".join(f"Tech Level {lv} {pw}" for lv, pw in cells) or "no cell at all"
        out.append(
            _p(
                "ZT201",
                f"{skill.mp} MP is not a Tech Level {skill.tech_level} cost "
                f"({'/'.join(map(str, row))}); it fits {fits}",
                "R20",
                "mp",
                warn=True,
            )
        )
    notation = skill.attack_notation
    if notation is not None and notation.level not in R.POWER_ATTACK_TABLE:
        out.append(
            _p(
                "ZT202",
                f"attack {skill.attack}: the Power Attack table stops at level 6, so level "
                f"{notation.level} has no damage numbers; the Master decides them",
                "Ch. III Sample Enemy Skills",
                "attack",
                warn=True,
            )
        )
    return out


# --- Character-level helpers -------------------------------------------------------------


def check_starting_techs(levels: Sequence[int]) -> list[Problem]:
    """A new character has at most 3 Techs, all Tech Level 1 (Ch. II Learning Techs)."""
    out: list[Problem] = []
    if len(levels) > 3:
        out.append(
            _p(
                "ZT193",
                f"{len(levels)} starting Techs; a new character begins with at most 3",
                f"{_BOOK} Learning Techs",
                3,
            )
        )
    for i, level in enumerate(levels):
        if level != 1:
            out.append(
                _p(
                    "ZT193",
                    f"starting Tech at Tech Level {level}; starting Techs must be Tech Level 1",
                    f"{_BOOK} Learning Techs",
                    i,
                )
            )
    return out


def check_tech_levels(used: int, mag: int) -> list[Problem]:
    """Tech Levels used (clones count level - 1) within 5 + MAG / 2 (R11)."""
    limit = R.max_tech_levels(mag)
    if used <= limit:
        return []
    return [
        _p(
            "ZT191",
            f"{used} Tech Levels used, but Max Tech Levels is {limit} (5 + MAG {mag} / 2); "
            f"drop {used - limit} levels",
            "R11",
        )
    ]


def check_learning_history(
    history: Sequence[R.Learn | R.Upgrade], *, available: int | None = None
) -> tuple[R.TechPointsSpent, list[Problem]]:
    """Validate and price a learning history; paths are indices into the history.

    Invalid events are reported and left out of the total. The lead prefixes the path
    (``problem.at("techs")``) for the character document.
    """
    out: list[Problem] = []
    valid: list[R.Learn | R.Upgrade] = []
    levels: dict[str, int] = {}
    clones: set[str] = set()
    for i, ev in enumerate(history):
        error: str | None = None
        if isinstance(ev, R.Learn):
            if ev.tech in levels:
                error = f"{ev.tech} is already known; upgrade it instead of learning it again"
            elif not 1 <= ev.level <= R.MAX_TECH_LEVEL:
                error = f"Tech Level {ev.level} is not 1-6"
            elif ev.clone_of is not None:
                if ev.clone_of not in levels:
                    error = f"{ev.tech} clones {ev.clone_of}, which is not learned before it"
                elif ev.clone_of in clones:
                    error = f"{ev.clone_of} is a clone and may not be cloned (R16)"
                elif levels[ev.clone_of] != ev.level:
                    # Decision: "exactly the same Tech Level" applies when the clone is learned.
                    error = (
                        f"a clone is learned at its original's Tech Level "
                        f"({levels[ev.clone_of]}), not {ev.level}"
                    )
        elif ev.tech not in levels:
            error = f"{ev.tech} is upgraded before it is learned"
        elif not levels[ev.tech] < ev.to_level <= R.MAX_TECH_LEVEL:
            error = (
                f"{ev.tech} is Tech Level {levels[ev.tech]}; an upgrade goes higher, up to 6, "
                f"not to {ev.to_level}"
            )
        if error is not None:
            out.append(_p("ZT190", error, f"{_BOOK} Learning Techs; R15", i))
            continue
        valid.append(ev)
        if isinstance(ev, R.Learn):
            levels[ev.tech] = ev.level
            if ev.clone_of is not None:
                clones.add(ev.tech)
        else:
            levels[ev.tech] = ev.to_level
    spent = R.tech_points_spent(valid)
    if available is not None and spent.total > available:
        out.append(
            _p(
                "ZT192",
                f"{spent.total} Tech Points spent, but only {available} are available; "
                f"remove {spent.total - available} TP of learning",
                f"{_BOOK} Learning Techs",
            )
        )
    return spent, out


# --- Registry adapters (builder.rulesets.zodiac.kinds) ---------------------------------------------------


def clone_problems(
    tech: Tech, original: Tech | None, original_id: str | None, ids: Iterable[str]
) -> list[Problem]:
    """R16 for ``tech`` against the original its ``clone_of`` found (None: not found).

    Shared by a ``kind: tech`` document and a monster's inline Tech (App. I Step 6: its
    Techs "are created as normal"), so both meet the same clone rules with the same codes.
    """
    if tech.clone_of is None:
        return []
    if original is None:
        hint = did_you_mean(tech.clone_of, list(ids))
        return [
            _p(
                "ZT184",
                f"clone_of names unknown Tech '{tech.clone_of}'{hint}",
                "R16",
                "clone_of",
            )
        ]
    if original is tech or original_id == tech.id:
        return [_p("ZT184", "a Tech cannot be a clone of itself", "R16", "clone_of")]
    return check_clone(tech, original)


def resolve_clone(tech: Tech, ctx: CheckContext) -> list[Problem]:
    """Find ``clone_of`` among the project's Techs and apply R16 to the pair."""
    if tech.clone_of is None:
        return []
    found = ctx.find("tech", tech.clone_of)
    if found is None:
        return clone_problems(tech, None, None, ctx.ids("tech"))
    return clone_problems(tech, found.model, found.id, ())


def check_tech_entity(entity: Entity, ctx: CheckContext) -> list[Problem]:
    """A ``kind: tech`` document: Chapter II rules, Map Combat per the project, its clone."""
    tech: Tech = entity.model
    return [
        *check_tech(tech, map_combat=ctx.ruleset.house.map_combat),
        *resolve_clone(tech, ctx),
    ]


def check_enemy_skill_entity(entity: Entity, ctx: CheckContext) -> list[Problem]:
    """A ``kind: enemy_skill`` document: the R20 warnings."""
    return check_enemy_skill(entity.model)
