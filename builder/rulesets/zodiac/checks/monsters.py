"""Construction rules for monsters (Appendix I, R26-R28) as a catalogue of coded checks.

Each check is a pure function of a ``Monster`` returning ``Problem``s whose path is
relative to the monster document. ``check_monster`` runs them all.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from builder.diagnostics import did_you_mean
from builder.models.base import STATS, Stat
from builder.problems import PathPart, Problem, Severity
from builder.rulesets.zodiac.models.monster import Monster, PowerEntry
from builder.rulesets.zodiac.rules import monsters as R
from builder.rulesets.zodiac.rules.techs import STATUS_EFFECT_TABLE

if TYPE_CHECKING:
    from builder.io.project import Content, Entity
    from builder.rulesets.zodiac.checks import CheckContext

CODES: dict[str, str] = {
    "ZM101": "stats do not sum to 25 + 5 x Level (+10 per Exceptional Stats level)",
    "ZM102": "unknown monster power",
    "ZM103": "custom power without a level",
    "ZM104": "power is missing a parameter it needs",
    "ZM105": "power given a parameter it does not take",
    "ZM106": "power level does not match the Monster Power List",
    "ZM107": "variable-level power needs a level of at least 1",
    "ZM108": "power taken twice",
    "ZM109": "an element has more than one affinity",
    "ZM110": "affinity conflicts with Undead",
    "ZM111": "Exceptional Stats points do not match its level or the stats",
    "ZM112": "Exceptional Stats split not declared (MAG assumed)",
    "ZM113": "more Tech Levels spent than the monster has",
    "ZM114": "more than three extra parts",
    "ZM115": "Multiple Parts without parts",
    "ZM116": "extra parts' HP do not add up to half the main body's",
    "ZM117": "a part's power is above half the main body's strongest Tech Level",
    "ZM118": "Combination Attack without Multiple Parts",
    "ZM119": "a boss takes Call for Help",
    "ZM120": "Call Minions calls a monster less than 10 levels lower",
    "ZM121": "Call for Superiors calls a monster more than 10 levels higher",
    "ZM122": "Call for Superiors calls a monster that is not higher",
    "ZM123": "called monster is not in the project",
    "ZM124": "Force of Will Tech above its level cap",
    "ZM125": "Tech Level of a power's Tech is unknown",
    "ZM126": "Status Touch status is not a negative status effect",
    "ZM127": "Status Touch status above the touch's level",
    "ZM128": "Item Use item of the wrong tier",
    "ZM129": "Command Skill is not a Command Skill",
    "ZM130": "Command Skill unsuitable for monsters",
    "ZM131": "Final Attack Tech is not one level above the power",
    "ZM132": "a weaker power of the same family is redundant",
    "ZM133": "boss lists a status immunity every boss has",
    "ZM134": "unknown Tech id",
}

_APP = "App. I"
Path = tuple[PathPart, ...]


def _err(code: str, message: str, rule: str, path: Path = ()) -> Problem:
    return Problem(code, message, rule, path)


def _warn(code: str, message: str, rule: str, path: Path = ()) -> Problem:
    return Problem(code, message, rule, path, Severity.WARNING)


def _all_powers(m: Monster) -> list[tuple[PowerEntry, Path]]:
    """The monster's powers and its parts' powers, with their paths."""
    out: list[tuple[PowerEntry, Path]] = [(p, ("powers", i)) for i, p in enumerate(m.powers)]
    out += [(part.power, ("parts", i, "power")) for i, part in enumerate(m.parts) if part.power]
    return out


def _name(pid: str) -> str:
    return R.POWERS[pid].name if pid in R.POWERS else pid


def _tech_level(
    tech: str | Mapping[str, Any] | None,
    declared: int | None,
    known_techs: Mapping[str, int] | None,
) -> int | None:
    """A Tech's level: declared next to it, inline, or from the project's Techs."""
    if declared is not None:
        return declared
    if tech is None:
        return None
    inline = R.tech_level_of(tech)
    if inline is not None:
        return inline
    if isinstance(tech, str) and known_techs:
        return known_techs.get(tech)
    return None


# --- Stats (Step 2, R26; Exceptional Stats) ----------------------------------------


def check_stat_total(m: Monster) -> list[Problem]:
    """R26: the five stats sum to exactly 25 + 5 x Level (+10 per Exceptional Stats level)."""
    n = R.exceptional_levels(m)
    want = R.stat_total(m.level, n)
    have = sum(m.stats[s] for s in STATS)
    if have == want.value:
        return []
    diff = have - want.value
    fix = f"take {diff} points off" if diff > 0 else f"add {-diff} points"
    return [
        _err(
            "ZM101",
            f"stats sum to {have}, but a level-{m.level} monster has exactly {want.value} "
            f"({want.breakdown.split(' = ', 1)[1]}): {fix}",
            "R26",
            ("stats",),
        )
    ]


def check_exceptional_stats(m: Monster) -> list[Problem]:
    """Exceptional Stats: its points are 10 x level and already part of ``stats``."""
    out: list[Problem] = []
    for i, p in enumerate(m.powers):
        if p.id != "exceptional_stats" or not p.level:
            continue
        points = R.EXCEPTIONAL_POINTS_PER_LEVEL * p.level
        if p.extra is None:
            if m.stats[Stat.MAG] > 0:
                out.append(
                    _warn(
                        "ZM112",
                        f"Exceptional Stats does not say where its {points} points went, so up to "
                        f"{points} of MAG is assumed to be extra and adds no Tech Levels; add "
                        f"extra: {{str: ..}} naming the stats that got the {points} points",
                        "R27",
                        ("powers", i),
                    )
                )
            continue
        total = sum(p.extra.values())
        if total != points:
            out.append(
                _err(
                    "ZM111",
                    f"Exceptional Stats level {p.level} gives {points} extra points, but extra "
                    f"adds up to {total}: make it add up to {points}",
                    f"{_APP} Exceptional Stats",
                    ("powers", i, "extra"),
                )
            )
        for stat, value in p.extra.items():
            if value > m.stats[stat]:
                out.append(
                    _err(
                        "ZM111",
                        f"extra gives {stat.value} {value} points but the monster's "
                        f"{stat.value} is only {m.stats[stat]}: the extra points are part of "
                        "stats, so extra can be at most the stat",
                        f"{_APP} Exceptional Stats",
                        ("powers", i, "extra", stat.value),
                    )
                )
    return out


# --- Power shapes -------------------------------------------------------------------

_PARAMS = ("element", "status", "item", "skill", "monsters", "tech", "tech_level", "extra")
_PARAMS2 = ("resists", "variant")


def _check_power_shape(p: PowerEntry, path: Path) -> list[Problem]:
    spec = R.POWERS.get(p.id)
    if spec is None:
        if p.custom:
            if p.level is None:
                return [
                    _err(
                        "ZM103",
                        f"custom power {p.id!r} has no level: add level: N (the Tech Levels "
                        "it costs)",
                        f"{_APP} Step 6",
                        path,
                    )
                ]
            return []
        near = difflib.get_close_matches(p.id, R.POWERS, n=1)
        hint = f"did you mean {near[0]!r}? " if near else ""
        return [
            _err(
                "ZM102",
                f"{p.id!r} is not on the Monster Power List; {hint}for a power of your own "
                "write {id: " + p.id + ", custom: true, level: N}",
                f"{_APP} Monster Power List",
                path,
            )
        ]
    out: list[Problem] = []
    given = {k for k in (*_PARAMS, *_PARAMS2) if getattr(p, k) is not None}
    for k in sorted(given - set(spec.params)):
        takes = ", ".join(x for x in spec.params if x != "level") or "no parameters"
        out.append(
            _err(
                "ZM105",
                f"{spec.name} does not take {k}: it takes {takes}",
                f"{_APP} {spec.name}",
                (*path, k),
            )
        )
    for k in spec.required:
        if getattr(p, k) is None:
            out.append(
                _err(
                    "ZM104",
                    f"{spec.name} needs {k}: write {{{spec.id}: <{k}>}} or add {k}: to it",
                    f"{_APP} {spec.name}",
                    path,
                )
            )
    if p.custom:
        out.append(
            _err(
                "ZM105",
                f"{spec.name} is on the Monster Power List, so it is not custom: remove custom",
                f"{_APP} Monster Power List",
                (*path, "custom"),
            )
        )
    if spec.level is not None and p.level is not None and p.level != spec.level:
        out.append(
            _err(
                "ZM106",
                f"{spec.name} is a Level {spec.level} power, not {p.level}: write level: "
                f"{spec.level} or leave level out",
                f"{_APP} Monster Power List",
                (*path, "level"),
            )
        )
    if p.id in ("exceptional_stats", "final_attack") and p.level is not None and p.level < 1:
        out.append(
            _err(
                "ZM107",
                f"{spec.name} needs a level of at least 1, not {p.level}",
                f"{_APP} {spec.name}",
                (*path, "level"),
            )
        )
    return out


def check_power_shapes(m: Monster) -> list[Problem]:
    """Known ids, the parameters each power takes, fixed levels, no power taken twice."""
    out: list[Problem] = []
    for p, path in _all_powers(m):
        out += _check_power_shape(p, path)
    seen: dict[str, PowerEntry] = {}
    for i, p in enumerate(m.powers):
        spec = R.POWERS.get(p.id)
        once = spec is not None and (spec.level is None or not spec.params)
        earlier = seen.get(p.id)
        if earlier is not None and (once or earlier == p):
            out.append(
                _err(
                    "ZM108",
                    f"{_name(p.id)} is taken twice"
                    + (" with the same parameters" if not once else "")
                    + ": remove one"
                    + (" (raise its level instead)" if spec and spec.level is None else ""),
                    f"{_APP} Monster Power List",
                    ("powers", i),
                )
            )
        seen.setdefault(p.id, p)
    return out


# --- Affinities ----------------------------------------------------------------------


def check_affinities(m: Monster) -> list[Problem]:
    """One affinity per element; Undead already fixes Holy and Shadow."""
    out: list[Problem] = []
    first: dict[str, str] = {}
    undead = any(p.id == "undead" for p in m.powers)
    for element, name, path in R.affinity_entries(m):
        label = name.replace("_", " ")
        if element.value in first:
            out.append(
                _err(
                    "ZM109",
                    f"{element.value} already has {first[element.value]}; an element has one "
                    f"affinity: keep either {first[element.value]} or {label}",
                    "Ch. VI Elemental Affinities",
                    path,
                )
            )
            continue
        first[element.value] = label
        if undead and element.value == "holy":
            out.append(
                _err(
                    "ZM110",
                    f"Undead already makes the monster weak to holy; remove this {label}",
                    f"{_APP} Undead",
                    path,
                )
            )
        elif undead and element.value == "shadow" and name != "greater_absorbency":
            # Decision: Undead's Shadow absorbency is Lesser; only Greater improves on it.
            out.append(
                _err(
                    "ZM110",
                    f"Undead already absorbs shadow; {label} would weaken it: remove it "
                    "(only greater absorbency improves on it)",
                    f"{_APP} Undead",
                    path,
                )
            )
    return out


# --- Tech Levels (Step 6, R27) --------------------------------------------------------


def _resolved_tech_levels(
    m: Monster, tech_levels: Sequence[int | None] | None, known_techs: Mapping[str, int] | None
) -> list[int | None]:
    out: list[int | None] = []
    for i, tech in enumerate(m.techs):
        given = tech_levels[i] if tech_levels is not None and i < len(tech_levels) else None
        out.append(_tech_level(tech, given, known_techs))
    return out


def check_tech_levels(
    m: Monster,
    tech_levels: Sequence[int | None] | None = None,
    known_techs: Mapping[str, int] | None = None,
) -> list[Problem]:
    """R27: Techs and powers together spend at most 1 + MAG/5 + Weaknesses Tech Levels.

    Unknown Tech Levels count as 0, so an overspend that is certain is still reported.
    """
    view = R.monster_view(m, _resolved_tech_levels(m, tech_levels, known_techs))
    total, spent = view.tech_levels_total, view.tech_levels_spent
    if spent.value <= total.value:
        return []
    return [
        _err(
            "ZM113",
            f"{spent.breakdown}, but the monster has only {total.breakdown}: drop "
            f"{spent.value - total.value} Tech Levels of powers or Techs, raise MAG, or take "
            "a Weakness",
            "R27",
            (),
        )
    ]


# --- Multiple Parts, Combination Attack ----------------------------------------------


def _strongest_main_level(m: Monster, levels: Sequence[int | None]) -> int:
    """Decision: the strongest of its Techs and its fixed-level monster powers."""
    cands = [lv for lv in levels if lv is not None]
    cands += [R.POWERS[p.id].level or 0 for p in m.powers if p.id in R.POWERS]
    cands += [R.POWERS[name].level or 0 for _, name, _ in R.affinity_entries(m)]
    return max(cands, default=0)


def check_multiple_parts(
    m: Monster,
    tech_levels: Sequence[int | None] | None = None,
    known_techs: Mapping[str, int] | None = None,
) -> list[Problem]:
    """Up to three extra parts; their HP add up to half the main body's; one weak power each."""
    out: list[Problem] = []
    rule = f"{_APP} Multiple Parts"
    declared = [i for i, p in enumerate(m.powers) if p.id == "multiple_parts"]
    if declared and not m.parts:
        out.append(
            _err(
                "ZM115",
                "Multiple Parts is taken but no parts are given: list 1-3 extra parts under "
                "parts: (the power is implied by them)",
                rule,
                ("powers", declared[0]),
            )
        )
    if not m.parts:
        return out
    n = len(m.parts)
    for i in declared:
        lv = m.powers[i].level
        if lv is not None and lv != R.multiple_parts_level(n):
            out.append(
                _err(
                    "ZM106",
                    f"Multiple Parts with {n} extra parts is level {R.multiple_parts_level(n)}, "
                    f"not {lv}: its level is twice the number of extra parts",
                    rule,
                    ("powers", i, "level"),
                )
            )
    if n > R.MAX_EXTRA_PARTS:
        out.append(
            _err(
                "ZM114",
                f"{n} extra parts, but a monster has at most {R.MAX_EXTRA_PARTS} besides its "
                "main body: remove some",
                rule,
                ("parts", R.MAX_EXTRA_PARTS),
            )
        )
    main_hp = R.derived_stats(m.stats, m.level, boss=m.boss).hp.value
    half = main_hp // 2  # R1
    given = [p.hp for p in m.parts]
    fixed = sum(h for h in given if h is not None)
    open_n = sum(1 for h in given if h is None)
    if (open_n == 0 and fixed != half) or (open_n and fixed > half - open_n):
        want = f"add up to {half}" if open_n == 0 else f"leave at least {open_n} HP for the rest"
        out.append(
            _err(
                "ZM116",
                f"extra parts' HP add up to {fixed}, but they share half the main body's "
                f"{main_hp} HP = {half}: make them {want} (or omit hp to split it evenly)",
                rule,
                ("parts",),
            )
        )
    levels = _resolved_tech_levels(m, tech_levels, known_techs)
    cap = R.part_power_cap(_strongest_main_level(m, levels))
    for i, part in enumerate(m.parts):
        if part.power is not None:
            lv = R.power_level(part.power, n)
            path: Path = ("parts", i, "power")
        else:
            lv = _tech_level(part.tech, part.tech_level, known_techs)
            path = ("parts", i, "tech")
        if lv is not None and lv > cap:
            out.append(
                _err(
                    "ZM117",
                    f"part {part.name!r} has a level-{lv} power; a part's power is at most half "
                    f"the main body's strongest Tech Level, here {cap}: choose a level-{cap} "
                    "or lower power",
                    rule,
                    path,
                )
            )
    return out


def check_combination_attack(m: Monster) -> list[Problem]:
    """Combination Attack needs Multiple Parts; its level is the number of parts."""
    out: list[Problem] = []
    rule = f"{_APP} Combination Attack"
    for i, p in enumerate(m.powers):
        if p.id != "combination_attack":
            continue
        if not m.parts:
            out.append(
                _err(
                    "ZM118",
                    "Combination Attack may only be taken by a monster with Multiple Parts: "
                    "add parts: or remove it",
                    rule,
                    ("powers", i),
                )
            )
        elif p.level is not None and p.level != len(m.parts):
            out.append(
                _err(
                    "ZM106",
                    f"Combination Attack's level is the number of extra parts, {len(m.parts)}, "
                    f"not {p.level}",
                    rule,
                    ("powers", i, "level"),
                )
            )
    return out


# --- Bosses (R28) ---------------------------------------------------------------------


def check_boss(m: Monster) -> list[Problem]:
    """Bosses cannot Call for Help; their fixed immunities need not be listed."""
    if not m.boss:
        return []
    out: list[Problem] = []
    for i, p in enumerate(m.powers):
        if p.id == "call_for_help":
            out.append(
                _err(
                    "ZM119",
                    "a boss cannot take Call for Help, which brings another monster of the "
                    "caller's own type: take Call Minions or Call for Superiors, or boss: false",
                    f"{_APP} Call for Help",
                    ("powers", i),
                )
            )
    for i, s in enumerate(m.status_immunities):
        if s in R.BOSS_STATUS_IMMUNITIES:
            out.append(
                _warn(
                    "ZM133",
                    f"every boss is immune to {s.replace('_', ' ')}; the entry can go",
                    "R28",
                    ("status_immunities", i),
                )
            )
    return out


# --- Calls ----------------------------------------------------------------------------


def check_calls(m: Monster, known_monsters: Mapping[str, int] | None = None) -> list[Problem]:
    """Call Minions: 10+ levels lower; Call for Superiors: higher, by at most 10 levels."""
    if known_monsters is None:
        return []
    out: list[Problem] = []
    for i, p in enumerate(m.powers):
        if p.id not in ("call_minions", "call_for_superiors") or not p.monsters:
            continue
        rule = f"{_APP} {_name(p.id)}"
        for j, mid in enumerate(p.monsters):
            path: Path = ("powers", i, "monsters", j)
            level = known_monsters.get(mid)
            if level is None:
                near = difflib.get_close_matches(mid, known_monsters, n=1)
                hint = f"; did you mean {near[0]!r}?" if near else ""
                out.append(
                    _warn(
                        "ZM123",
                        f"{mid!r} is not a monster of this project, so its level cannot be "
                        f"checked{hint}",
                        rule,
                        path,
                    )
                )
                continue
            if p.id == "call_minions" and level > m.level - R.MINION_LEVEL_GAP:
                out.append(
                    _err(
                        "ZM120",
                        f"minion {mid!r} is level {level}; a level-{m.level} caller may call "
                        f"only monsters of level {m.level - R.MINION_LEVEL_GAP} or lower "
                        "(at least 10 levels lower)",
                        rule,
                        path,
                    )
                )
            if p.id == "call_for_superiors":
                if level > m.level + R.SUPERIOR_LEVEL_GAP:
                    out.append(
                        _err(
                            "ZM121",
                            f"superior {mid!r} is level {level}; a level-{m.level} caller may "
                            f"call monsters up to level {m.level + R.SUPERIOR_LEVEL_GAP} "
                            "(at most 10 levels higher)",
                            rule,
                            path,
                        )
                    )
                elif level <= m.level:
                    # Decision: "a more powerful monster" read as a higher level; a warning.
                    out.append(
                        _warn(
                            "ZM122",
                            f"superior {mid!r} is level {level}, not above the caller's "
                            f"{m.level}: Call for Superiors brings a more powerful monster "
                            f"(levels {m.level + 1}-{m.level + R.SUPERIOR_LEVEL_GAP}); use "
                            "Call Minions or Call for Help for others",
                            rule,
                            path,
                        )
                    )
    return out


# --- Power parameters -----------------------------------------------------------------


def check_power_params(m: Monster, known_techs: Mapping[str, int] | None = None) -> list[Problem]:
    """Force of Will caps, Status Touch levels, Item Use tiers, Command Skills, Final Attack."""
    out: list[Problem] = []
    for p, path in _all_powers(m):
        spec = R.POWERS.get(p.id)
        if spec is None:
            continue
        rule = f"{_APP} {spec.name}"
        if p.id in R.FORCE_OF_WILL_CAPS and p.tech is not None:
            cap = R.FORCE_OF_WILL_CAPS[p.id]
            lv = _tech_level(p.tech, p.tech_level, known_techs)
            if lv is None:
                out.append(
                    _warn(
                        "ZM125",
                        f"the Tech Level of {spec.name}'s Tech is unknown; add tech_level: "
                        f"(at most {cap})",
                        rule,
                        (*path, "tech"),
                    )
                )
            elif lv > cap:
                out.append(
                    _err(
                        "ZM124",
                        f"{spec.name} grants a Tech of level {cap} or lower, not {lv}: choose "
                        f"a level-{cap} Tech"
                        + (" or take Greater Force of Will" if p.id == "force_of_will" else ""),
                        rule,
                        (*path, "tech_level" if p.tech_level is not None else "tech"),
                    )
                )
        if p.id in R.STATUS_TOUCH_LEVELS and p.status is not None:
            cap = R.STATUS_TOUCH_LEVELS[p.id]
            status = R.STATUS_ALIASES.get(p.status, p.status)
            lv = R.NEGATIVE_STATUS_LEVELS.get(status)
            if lv is None:
                negatives = ", ".join(R.NEGATIVE_STATUS_LEVELS)
                if STATUS_EFFECT_TABLE.get(status, (0, 0))[1] is None:
                    # A positive effect: a near spelling ('haste' -> 'stone') would mislead.
                    message = (
                        f"{p.status!r} is a positive status effect; a Status Touch inflicts "
                        f"a negative one (one of {negatives})"
                    )
                else:
                    near = difflib.get_close_matches(status, R.NEGATIVE_STATUS_LEVELS, n=1)
                    hint = f"; did you mean {near[0]!r}?" if near else ""
                    message = (
                        f"{p.status!r} is not a negative status effect of the Status Effect "
                        f"table{hint} (one of {negatives})"
                    )
                out.append(
                    _err(
                        "ZM126",
                        message,
                        "Ch. II Status Effect",
                        (*path, "status"),
                    )
                )
            elif lv > cap:
                ok = [s for s, v in R.NEGATIVE_STATUS_LEVELS.items() if v <= cap]
                out.append(
                    _err(
                        "ZM127",
                        f"{status} is a level-{lv} status effect; {spec.name} is a level-{cap} "
                        f"Status Effect: choose one of {', '.join(ok)}, or a stronger touch",
                        rule,
                        (*path, "status"),
                    )
                )
        if p.id in R.ITEM_TIERS and p.item is not None:
            allowed = R.ITEM_TIERS[p.id]
            if p.item not in allowed:
                right = next((k for k, v in R.ITEM_TIERS.items() if p.item in v), None)
                tip = f", or take {_name(right)} for it" if right else ""
                out.append(
                    _err(
                        "ZM128",
                        f"{spec.name} carries {' or '.join(sorted(allowed))}, not {p.item}{tip}",
                        rule,
                        (*path, "item"),
                    )
                )
        if p.id == "command_skill" and p.skill is not None:
            if p.skill not in R.COMMAND_SKILLS:
                near = difflib.get_close_matches(p.skill, R.COMMAND_SKILLS, n=1)
                hint = f"did you mean {near[0]!r}? " if near else ""
                out.append(
                    _err(
                        "ZM129",
                        f"{p.skill!r} is not a Command Skill of Chapter IV; {hint}(Support "
                        "Skills cannot be taken)",
                        rule,
                        (*path, "skill"),
                    )
                )
            elif p.skill in R.UNSUITABLE_COMMAND_SKILLS:
                out.append(
                    _warn(
                        "ZM130",
                        f"{p.skill.replace('_', ' ')} is named unsuitable for monsters; "
                        "choose another Command Skill",
                        rule,
                        (*path, "skill"),
                    )
                )
        if p.id == "final_attack" and p.level and p.tech is not None:
            want = R.final_attack_tech_level(p.level)
            lv = _tech_level(p.tech, p.tech_level, known_techs)
            if lv is not None and lv != want:
                out.append(
                    _err(
                        "ZM131",
                        f"Final Attack level {p.level} unleashes a level-{want} Tech, not "
                        f"level {lv}: use a level-{want} Tech or Final Attack level {lv - 1}",
                        rule,
                        (*path, "tech_level" if p.tech_level is not None else "tech"),
                    )
                )
    return out


def check_power_families(m: Monster) -> list[Problem]:
    """Decision: a weaker power beside a stronger one of its family is wasted (warning)."""
    out: list[Problem] = []
    ids = [p.id for p in m.powers]
    for family in R.POWER_FAMILIES:
        taken = [pid for pid in family if pid in ids]
        if len(taken) < 2:
            continue
        strongest = taken[-1]
        for pid in taken[:-1]:
            out.append(
                _warn(
                    "ZM132",
                    f"{_name(pid)} adds nothing beside {_name(strongest)}: remove it and keep "
                    "its Tech Levels",
                    f"{_APP} {_name(strongest)}",
                    ("powers", ids.index(pid)),
                )
            )
    return out


# --- Entry point ----------------------------------------------------------------------


def check_monster(
    m: Monster,
    tech_levels: Sequence[int | None] | None = None,
    known_monsters: dict[str, int] | None = None,
    known_techs: dict[str, int] | None = None,
) -> list[Problem]:
    """Every Appendix I rule for one monster.

    ``tech_levels`` are the Tech Levels of ``m.techs`` in order (resolved by the caller);
    ``known_monsters`` maps monster ids of the project to levels (Call Minions/Superiors);
    ``known_techs`` maps Tech ids to levels for Techs named inside powers and parts.
    """
    checks: list[Callable[[], list[Problem]]] = [
        lambda: check_stat_total(m),
        lambda: check_exceptional_stats(m),
        lambda: check_power_shapes(m),
        lambda: check_affinities(m),
        lambda: check_tech_levels(m, tech_levels, known_techs),
        lambda: check_multiple_parts(m, tech_levels, known_techs),
        lambda: check_combination_attack(m),
        lambda: check_boss(m),
        lambda: check_calls(m, known_monsters),
        lambda: check_power_params(m, known_techs),
        lambda: check_power_families(m),
    ]
    out: list[Problem] = []
    for check in checks:
        out += check()
    return out


# --- Project entry point ----------------------------------------------------------------


@dataclass
class ResolvedTechs:
    """A monster's Tech references resolved against its project.

    ``levels`` align with ``Monster.techs`` (None where unknown); ``known`` maps every
    project Tech id to its Tech Level; ``problems`` are the unknown-id errors.
    """

    levels: list[int | None] = field(default_factory=list)
    known: dict[str, int] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    def name(self, tech: str | Mapping[str, Any]) -> str:
        """The display name of a Tech reference: the project Tech's name, else the id."""
        if isinstance(tech, str):
            return self.names.get(tech, tech)
        return R.tech_name(tech)

    def level(
        self, tech: str | Mapping[str, Any] | None, declared: int | None = None
    ) -> int | None:
        return _tech_level(tech, declared, self.known)


def _tech_kind_registered() -> bool:
    from builder.rulesets.zodiac import MODELS

    return "tech" in MODELS


def resolve_techs(m: Monster, ctx: CheckContext) -> ResolvedTechs:
    """Look up the Tech ids a monster names (``techs:``, powers, parts) in the project.

    Shared by the check and ``zodiac monster show`` so the card and the validator
    agree. Unknown ids are errors only once the ``tech`` kind exists: before that no
    project can define a Tech, so a reference cannot be judged.
    """
    registered = _tech_kind_registered()
    # Built once per run and shared (read-only) by every monster (issue 13).
    known, names = (
        ctx.content.memo(("zodiac", "monster_techs"), _known_techs) if registered else ({}, {})
    )
    out = ResolvedTechs(known=known, names=names)
    refs: list[tuple[Any, int | None, Path]] = [
        (t, None, ("techs", i)) for i, t in enumerate(m.techs)
    ]
    refs += [(p.tech, p.tech_level, (*path, "tech")) for p, path in _all_powers(m)]
    refs += [(part.tech, part.tech_level, ("parts", i, "tech")) for i, part in enumerate(m.parts)]
    for tech, declared, path in refs:
        if path[0] == "techs":
            out.levels.append(out.level(tech, declared))
        if not registered or not isinstance(tech, str) or tech in out.known:
            continue
        out.problems.append(
            _err(
                "ZM134",
                f"no Tech or Enemy Skill with id {tech!r} in this project"
                f"{did_you_mean(tech, out.known)}; define it as a `kind: tech` file "
                "or write the Tech inline as a mapping with name: and tech_level:",
                f"{_APP} Step 6",
                path,
            )
        )
    return out


def _known_techs(content: Content) -> tuple[dict[str, int], dict[str, str]]:
    """Tech Level and name of every project Tech and Enemy Skill, by id."""
    known: dict[str, int] = {}
    names: dict[str, str] = {}
    # Enemy Skills first, so a project Tech with the same id wins: a monster may use
    # an Enemy Skill, which is how a Blue Mage comes to learn it (Ch. III).
    for e in (*content.of_kind("enemy_skill"), *content.of_kind("tech")):
        level = getattr(e.model, "tech_level", None)
        if isinstance(level, int):
            known[e.id] = level
            names[e.id] = str(getattr(e.model, "name", e.id))
    return known, names


def known_monster_levels(ctx: CheckContext) -> dict[str, int]:
    """Every monster of the project by id, with its level (for Call Minions/Superiors).

    Built once per run and shared: treat it as read-only (issue 13).
    """
    return ctx.content.memo(
        ("zodiac", "monster_levels"),
        lambda c: {e.id: e.model.level for e in c.of_kind("monster")},
    )


def inline_techs(m: Monster) -> list[tuple[Mapping[str, Any], Path]]:
    """The Techs written inline on a monster (``techs:``, powers, parts), with paths."""
    refs: list[tuple[Any, Path]] = [(t, ("techs", i)) for i, t in enumerate(m.techs)]
    refs += [(p.tech, (*path, "tech")) for p, path in _all_powers(m)]
    refs += [(part.tech, ("parts", i, "tech")) for i, part in enumerate(m.parts)]
    return [(t, path) for t, path in refs if isinstance(t, Mapping)]


def check_inline_techs(
    m: Monster, *, map_combat: bool = False, project_techs: CheckContext | None = None
) -> list[Problem]:
    """App. I Step 6: a monster's Techs "are created as normal", so an inline Tech meets
    every Chapter II rule a `kind: tech` document does, with the same codes: its clone
    rules too (ZT180-ZT185, R16). ``clone_of`` names another inline Tech of the same
    monster first, then a project Tech (``project_techs``)."""
    from pydantic import ValidationError

    from builder.diagnostics import from_validation_error
    from builder.rulesets.zodiac.checks.techs import check_tech, clone_problems
    from builder.rulesets.zodiac.models.tech import Tech

    out: list[Problem] = []
    built: list[tuple[Tech, Path]] = []
    for data, path in inline_techs(m):
        try:
            tech = Tech.model_validate(dict(data))
        except ValidationError as exc:
            found = from_validation_error(exc, data=dict(data), model=Tech)
            out += [p.at(*path) for p in found]
            continue
        out += [p.at(*path) for p in check_tech(tech, map_combat=map_combat)]
        built.append((tech, path))
    own = {str(t.id): t for t, _ in built}
    for tech, path in built:
        if tech.clone_of is None:
            continue
        original: Tech | None = own.get(tech.clone_of)
        original_id = tech.clone_of if original is not None else None
        ids = list(own)
        if original is None and project_techs is not None:
            entity = project_techs.find("tech", tech.clone_of)
            if entity is not None:
                original, original_id = entity.model, entity.id
            ids += project_techs.ids("tech")
        out += [p.at(*path) for p in clone_problems(tech, original, original_id, ids)]
    return out


def check_monster_entity(entity: Entity, ctx: CheckContext) -> list[Problem]:
    """The ``monster`` kind's check: resolve references in the project, then every rule."""
    from builder.rulesets.zodiac.checks.statuses import catalogue, check_monster_statuses

    m: Monster = entity.model
    techs = resolve_techs(m, ctx)
    return [
        *techs.problems,
        *check_monster_statuses(m, catalogue(ctx)),
        *check_inline_techs(m, map_combat=ctx.ruleset.house.map_combat, project_techs=ctx),
        *check_monster(
            m,
            tech_levels=techs.levels,
            known_monsters=known_monster_levels(ctx),
            known_techs=techs.known,
        ),
    ]
