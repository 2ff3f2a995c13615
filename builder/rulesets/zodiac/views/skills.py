"""The character's Secondary Skills as rows of numbers (Chapter IV), for `show` and sheets.

Each row is ``{skill, label, value, note, breakdown}``: ``value`` is the number as printed
("11-35", "130 G", "20%"), ``breakdown`` how it was reached. The arithmetic is in
``rules.skills``; this module only picks the character's numbers (its level, maximums,
equipped stats and normal attack) and words them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.models.base import STAT_NAMES, Stat
from builder.rulesets.zodiac.catalog import skills
from builder.rulesets.zodiac.rules import skills as S
from builder.rulesets.zodiac.rules.character import DERIVED_LABELS, Value
from builder.rulesets.zodiac.rules.ruleset import (
    DEATHBLOW_MULTIPLIER,
    DEATHBLOW_TRIPLE_MULTIPLIER,
    HouseRules,
    apply_damage_options,
    slots_backfire_percent,
)

if TYPE_CHECKING:
    from builder.rulesets.zodiac.models.character import Character
    from builder.rulesets.zodiac.views.character_base import CharacterView


def _row(skill: str, label: str, value: Any, note: str = "", breakdown: str = "") -> dict[str, str]:
    return {
        "skill": skill,
        "label": label,
        "value": str(value),
        "note": note,
        "breakdown": breakdown,
    }


def choices(c: Character) -> dict[str, Any]:
    """The creation choices of the character's skills (only those it made)."""
    out: dict[str, Any] = {}
    if c.natural_resistance is not None:
        out["natural_resistance"] = c.natural_resistance.value
    if c.counter is not None:
        method = c.counter.chosen_method
        out["counter"] = {
            "type": c.counter.type.value,
            "method": method.value if method else None,
            "tech": c.counter.tech,
            "command_skill": c.counter.command_skill,
            "chance": S.counter_chance(method.value) if method else None,
        }
    if c.dice_stat is not None:
        out["dice_stat"] = c.dice_stat.value
    return out


def skill_numbers(
    c: Character, view: CharacterView, stats: dict[str, int], house: HouseRules | None = None
) -> list[dict[str, str]]:
    """Rows for the Command Skill, then the Support Skill; ``stats`` are the equipped stats."""
    return _command_rows(c, view, stats, house) + _support_rows(c, view)


def _span_row(skill: str, label: str, span: S.Span, note: str, how: str) -> dict[str, str]:
    return _row(skill, label, span.text, note, how)


def _attack_span_row(skill: str, label: str, span: S.Span, note: str, how: str) -> dict[str, Any]:
    """A damage row that still carries its raw range, for the optional rules to switch."""
    return {**_span_row(skill, label, span, note, how), "_span": span}


def _command_rows(
    c: Character, v: CharacterView, stats: dict[str, int], house: HouseRules | None
) -> list[dict[str, str]]:
    skill = c.command_skill
    d = v.derived
    hp, mp = d["hp"].value, d["mp"].value
    attack = v.attacks[0] if v.attacks else None
    rows: list[dict[str, str]] = []
    add = rows.append
    if skill == "coin-toss":
        cap = S.coin_toss_cap(v.level)
        add(
            _row(
                skill,
                "Coin Toss: most G a turn",
                f"{cap.value} G",
                "1 damage per G; one foe, or split evenly among all",
                cap.explain(),
            )
        )
    elif skill == "chakra":
        heal_hp, heal_mp = S.chakra(hp, mp)
        add(_row(skill, "Chakra: HP restored", heal_hp.value, "one target", heal_hp.explain()))
        add(_row(skill, "Chakra: MP restored", heal_mp.value, "one target", heal_mp.explain()))
    elif skill == "health":
        own = S.health(hp)
        add(
            _row(
                skill,
                "Health",
                f"{S.HEALTH_PCT}%",
                "of each ally's max HP, all allies",
                f"an ally with your {hp} max HP: {own.explain()} = {own.value}",
            )
        )
    elif skill == "dice":
        if c.dice_stat is not None:
            stat = Stat(c.dice_stat.value)
            amount = stats[stat.value]
            label = stat.value.upper()
            for rolls, dmg in S.dice_table(amount, label):
                add(
                    _row(
                        skill,
                        f"Dice: 5d6 roll {rolls}",
                        dmg.value,
                        f"to all enemies; {STAT_NAMES[stat]} (equipped, R7)",
                        dmg.explain(),
                    )
                )
    elif skill == "slots":
        for low, high, effect, words, not_boss in S.SLOTS_TABLE:
            rolls = str(low) if low == high else f"{low}-{high}"
            note = words + ("; no effect on bosses" if not_boss else "")
            add(_row(skill, f"Slots: 3d6 roll {rolls}", effect.replace("_", " ").title(), note))
        sides = S.slots_tech_level_die(v.level)
        band = next(f"{lo}-{hi}" for lo, hi, s in S.SLOTS_TECH_LEVEL_DIE if s == sides)
        add(
            _row(
                skill,
                "Slots: Single Magic Tech Level",
                f"1d{sides}",
                "random element and damage type, or the Master's choice",
                f"Experience Level {v.level} (band {band}): 1d{sides}",
            )
        )
        backfire = slots_backfire_percent(house)
        if backfire:
            add(_row(skill, "Slots: backfire", f"{backfire}%", "the magic hits an ally instead"))
    elif skill == "x-magic":
        example = S.x_magic_surcharge(45)
        add(
            _row(
                skill,
                "X-Magic: extra MP",
                f"+{S.X_MAGIC_SURCHARGE_PCT}%",
                "of the two Techs' total MP, half rounded up (R2)",
                f"45 MP of Techs: {example.explain()} = +{example.value} MP",
            )
        )
    elif skill == "wish":
        top = S.wish(hp)
        add(
            _row(
                skill,
                "Wish: HP restored",
                f"x{S.WISH_MULTIPLIER}",
                "per HP given up, to one ally (not yourself); at most your current HP",
                f"all your {hp} max HP: {top.explain()} = {top.value}",
            )
        )
    elif skill == "runic":
        ex_hp, ex_mp = S.runic(500)
        add(
            _row(
                skill,
                "Runic",
                f"1/{S.RUNIC_HP_DIVISOR} HP, 1/{S.RUNIC_MP_DIVISOR} of that MP",
                "of a magical attack absorbed (not area attacks), until your next turn",
                f"500 damage: {ex_hp.explain()} = {ex_hp.value} HP; "
                f"{ex_mp.explain()} = {ex_mp.value} MP",
            )
        )
    elif skill == "steal":
        roll = S.attack_roll(d["accuracy"].value, S.STEAL_PENALTY, "Steal")
        add(
            _row(
                skill,
                "Steal: attack roll",
                f"{roll.value:+d}",
                "takes one Steal Item",
                roll.explain(),
            )
        )
    elif skill in ("clone", "manipulate"):
        penalty = S.CLONE_PENALTY if skill == "clone" else S.MANIPULATE_PENALTY
        roll = S.attack_roll(d["magic_accuracy"].value, penalty, skill.title())
        note = "vs the target's Resist; no bosses" if skill == "clone" else "vs the target's Resist"
        add(
            _row(
                skill,
                f"{skill.title()}: magical attack roll",
                f"{roll.value:+d}",
                note,
                roll.explain(),
            )
        )
    elif skill == "morph":
        loss = S.morph_mp_loss(mp)
        for stat in (Stat.STR, Stat.MAG):
            n = stats[stat.value]
            add(
                _row(
                    skill,
                    f"Morph: {STAT_NAMES[stat]}",
                    n * S.MORPH_STAT_MULTIPLIER,
                    "while transformed; HP maxed on transforming",
                    f"{n} x {S.MORPH_STAT_MULTIPLIER}",
                )
            )
        add(_row(skill, "Morph: MP lost each turn", loss.value, "once a battle", loss.explain()))
    elif skill == "capture":
        add(_row(skill, "Capture", f"below {S.CAPTURE_HP_PCT}%", "of the target's max HP"))
    elif attack is not None and skill in ("kick", "jump", "peril", "throw", "rage", "deathblow"):
        rows += _attack_rows(skill, attack, d["critical"].value)
    return rows


def _attack_rows(skill: str, a: Any, critical: int) -> list[dict[str, str]]:
    """Skills that change the normal attack's damage: the equipped weapon's range, changed.

    The factor applies to the raw range; Damage Levels and the cap come last (Ch. VI,
    optional), so a capped attack doubled by Jump is still capped once, not twice.
    """
    low, high = a.raw_low, a.raw_high
    base = f"{a.name} {low}-{high}"
    rows = _attack_rows_raw(skill, a, critical, low, high, base)
    for row in rows:
        span = row.pop("_span", None)
        if span is not None:
            _switch(row, span, a.house)
    return rows


def _switch(row: dict[str, str], span: S.Span, house: Any) -> None:
    """Damage Levels then the cap on a skill's range; the breakdown names the switch."""
    r = apply_damage_options(span.low.value, span.high.value, house)
    if (r.low, r.high) == (span.low.value, span.high.value):
        return
    row["value"] = f"{r.low}-{r.high}"
    row["breakdown"] += "; " + "; ".join(r.notes())


def _attack_rows_raw(
    skill: str, a: Any, critical: int, low: int, high: int, base: str
) -> list[dict[str, Any]]:
    if skill == "kick":
        s = S.kick(low, high)
        return [
            _attack_span_row(
                skill, "Kick: damage", s, "to every enemy", f"1/{S.KICK_DIVISOR} of {base}"
            )
        ]
    if skill == "jump":
        s = S.scaled(low, high, S.JUMP_MULTIPLIER)
        return [
            _attack_span_row(
                skill,
                "Jump: damage",
                s,
                "one enemy, on your next turn; out of reach until then",
                f"{base} x {S.JUMP_MULTIPLIER}",
            )
        ]
    if skill == "peril":
        s = S.scaled(low, high, S.PERIL_MULTIPLIER)
        return [
            _attack_span_row(
                skill,
                "Peril: damage",
                s,
                f"then +{S.PERIL_DAMAGE_TAKEN_PCT}% damage taken until your next turn",
                f"{base} x {S.PERIL_MULTIPLIER}",
            )
        ]
    if skill == "throw":
        s = S.scaled(low, high, S.THROW_MULTIPLIER)
        return [
            _attack_span_row(
                skill,
                "Throw: damage",
                s,
                "with this weapon; the weapon is destroyed",
                f"{base} x {S.THROW_MULTIPLIER}",
            )
        ]
    if skill == "rage":
        s = S.rage(low, high)
        return [
            _attack_span_row(
                skill,
                "Rage: damage",
                s,
                "normal attacks only until the battle ends",
                f"{base} +{S.RAGE_BONUS_PCT}% (rounded down, R1)",
            )
        ]
    # Deathblow: -40, no natural-90 hit, always critical, double (Concentrate does not apply).
    roll = S.attack_roll(a.accuracy, S.DEATHBLOW_PENALTY, "Deathblow")
    note = "a natural 90+ does not hit"
    if a.target_evade is not None:
        chance = S.deathblow_hit_chance(a.accuracy, a.target_evade)
        note += f"; {chance}% to hit Evade {a.target_evade}"
    s = S.scaled(low, high, DEATHBLOW_MULTIPLIER)
    return [
        _row(skill, "Deathblow: attack roll", f"{roll.value:+d}", note, roll.explain()),
        _attack_span_row(
            skill,
            "Deathblow: damage",
            s,
            f"always critical; x{DEATHBLOW_TRIPLE_MULTIPLIER} on a natural roll above "
            f"Critical {critical}"
            + ("" if a.house is not None and a.house.deathblow_triple else " (house rule off)"),
            f"{base} x {DEATHBLOW_MULTIPLIER}",
        ),
    ]


def _support_rows(c: Character, v: CharacterView) -> list[dict[str, str]]:
    skill = c.support_skill
    rows: list[dict[str, str]] = []
    add = rows.append
    if skill == "natural-resistance" and c.natural_resistance is not None:
        el = c.natural_resistance.value
        add(_row(skill, "Natural Resistance", el, f"half damage from {el} (resist)"))
    elif skill == "counter" and c.counter is not None:
        method = c.counter.chosen_method
        chances = ", ".join(
            f"{S.COUNTER_METHOD_NAMES[m]} {p}%" for m, p in S.COUNTER_CHANCE.items()
        )
        how = f"{chances}; Mirror Techs never answer normal attacks"
        if method is None:
            return rows
        what = S.COUNTER_METHOD_NAMES[method.value]
        if method.value == "tech":
            what += (
                " (any, the Master allowing)" if c.counter.tech == "any" else f" ({c.counter.tech})"
            )
        elif method.value == "command_skill":
            what += f" ({c.counter.command_skill})"
        note = f"answers {c.counter.type.value} attacks with {what}; costs no SP"
        if method.value == "mirror" and c.counter.type.value == "weapon":
            note += "; not normal attacks"
        add(_row(skill, "Counter: chance", f"{S.counter_chance(method.value)}%", note, how))
    elif skill == "cover":
        add(
            _row(
                skill,
                "Cover",
                f"{S.COVER_HP_PCT}%",
                "takes the hits meant for allies at or below this share of their max HP; "
                "not area attacks",
            )
        )
    elif skill == "lucky":
        add(_row(skill, "Lucky: rerolls", S.LUCKY_REROLLS, "a battle; yours or one aimed at you"))
    elif skill == "secret-hunt":
        add(
            _row(
                skill,
                "Secret Hunt",
                f"{S.SECRET_HUNT_DROP_PCT}% / {S.SECRET_HUNT_STEAL_PCT}%",
                "Drop Items / Steal Items still held, from monsters you defeat",
            )
        )
    elif skill == "flight":
        add(
            _row(
                skill,
                "Flight",
                "flying",
                "short-range weapons take -60 to hit you (Ch. VI Weapon Range)",
            )
        )
    else:
        found = skills().support.get(skill)
        for key in found.affects if found else ():
            val: Value = v.derived[key]
            add(
                _row(
                    skill,
                    f"{found.name}: {DERIVED_LABELS[key]}",
                    val.value,
                    "with the skill, in Derived stats",
                    val.explain(),
                )
            )
    return rows
