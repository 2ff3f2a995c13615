"""What a Tech does, as numbers for the one who uses it (Ch. II; R10, R13-R19, R30).

A Tech's costs depend only on the Tech; its effect depends on who casts it (Strength
Dice, weapon die, AP, Magic...). ``Wielder`` carries those numbers: a real character's
(from its computed view) or a neutral reference character's, and says which.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from builder.models.base import STATS, Stat
from builder.rulesets.zodiac.models.tech import Tech
from builder.rulesets.zodiac.rules import damage as dmg
from builder.rulesets.zodiac.rules import techs as R
from builder.rulesets.zodiac.rules.map_combat import tech_reach
from builder.rulesets.zodiac.rules.ruleset import DEFAULT, Ruleset

if TYPE_CHECKING:
    from builder.rulesets.zodiac.models.character import Character
    from builder.rulesets.zodiac.views.character_base import CharacterView

REFERENCE_STAT = 8  # 3 + 5 in each stat: 40 at creation (R4), nothing favoured
REFERENCE_DIE = 8  # a 2-4 point weapon side (R21)


@dataclass(frozen=True)
class Wielder:
    """The numbers a Tech's effect reads, and whose they are."""

    label: str
    mag: int
    str_dice: int
    mag_dice: int
    ap: int
    map: int
    die: int
    magic_die: int
    magic_accuracy: int
    reference: bool = False
    ranged: bool = False  # a Long Range weapon: weapon Techs reach R6 in Map Combat (R30)
    # Elemental Boost relics (Ch. V): element -> extra Strength / Magic Dice for its Techs.
    elemental_boost: Mapping[str, int] = field(default_factory=dict)
    weapon_element: str | None = None  # the equipped weapon's Elemental, if any

    def boost(self, tech: Tech) -> int:
        """Extra dice an Elemental Boost gives ``tech`` (Ch. V Relic Construction System).

        "Any Tech that is aligned with the matching element. This includes a
        non-elemental Power Attack when wielding an appropriate elementally-charged
        weapon". Decision: Quadra Slam, the other weapon Tech, takes the weapon's
        element the same way.
        """
        element = tech.element
        if element is None and str(tech.primary) in ("power_attack", "quadra_slam"):
            element = self.weapon_element
        return self.elemental_boost.get(str(element), 0) if element is not None else 0


def reference_wielder(ruleset: Ruleset = DEFAULT) -> Wielder:
    """A level-1 character with 8 in every stat, a d8/d8 weapon and no equipment."""
    from builder.rulesets.zodiac.rules.character import derived_stats

    d = derived_stats({s: REFERENCE_STAT for s in STATS}, 1, None, None, ruleset)
    return Wielder(
        label=(
            f"reference character (level 1, every stat {REFERENCE_STAT}, "
            f"d{REFERENCE_DIE} weapon, no equipment)"
        ),
        mag=REFERENCE_STAT,
        str_dice=d["str_dice"].value,
        mag_dice=d["mag_dice"].value,
        ap=d["ap"].value,
        map=d["map"].value,
        die=REFERENCE_DIE,
        magic_die=REFERENCE_DIE,
        magic_accuracy=d["magic_accuracy"].value,
        reference=True,
    )


def wielder_from_view(view: CharacterView) -> Wielder:
    """A character's numbers: its weapon attack when equipped, else its derived stats.

    The magical die is the equipped weapon's; unarmed, the physical die stands in for it.
    """
    d = view.derived
    attack = view.attacks[0] if view.attacks else None
    die = attack.die if attack is not None else REFERENCE_DIE
    weapon = next((i for i in view.equipment if getattr(i, "slot", None) == "weapon"), None)
    magic_die = getattr(getattr(weapon, "bonus", None), "magic_die", None) or die
    boosts: dict[str, int] = {}
    for item in view.equipment:  # the best boost per element, as ItemBonus adds them
        for element, dice in getattr(getattr(item, "bonus", None), "elemental_boost", {}).items():
            boosts[element] = max(boosts.get(element, 0), dice)
    return Wielder(
        label=f"{view.name} (level {view.level})",
        mag=view.stats[Stat.MAG.value],
        str_dice=attack.dice if attack is not None else d["str_dice"].value,
        mag_dice=d["mag_dice"].value,
        ap=attack.ap if attack is not None else d["ap"].value,
        map=d["map"].value,
        die=die,
        magic_die=magic_die,
        magic_accuracy=d["magic_accuracy"].value,
        ranged=bool(attack.long_range) if attack is not None else False,
        elemental_boost=boosts,
        weapon_element=attack.element if attack is not None else None,
    )


def _chance(c: R.Chance, w: Wielder, what: str) -> str:
    """A magic attack roll: 1d100 + Magic Accuracy + modifier against Resist (Ch. II, VI)."""
    total = c.modifier + w.magic_accuracy
    half = " (chance halved: Area Effect at TL 1-2)" if c.halved else ""
    return (
        f"{what}: modifier {c.modifier:+d}; roll 1d100 {total:+d} (with Magic Accuracy "
        f"{w.magic_accuracy}) against the target's Resist{half}"
    )


def tech_outcomes(tech: Tech, line: R.EffectLine, house: Any) -> list[dmg.Outcome]:
    """A damaging Tech as it lands (Ch. VI): against a resistant, weak, defending or Mini
    target, and from a Mini or Cursed user. No critical: a Tech makes no attack roll, and
    an Inaccurate one "cannot score critical hits" (Ch. II); a Frog uses no Techs, and
    Mini divides only weapon damage (Power Attacks, Quadra Slam) by ten (Ch. VI)."""
    d = R.effect_range(line, house)
    weapon = str(tech.primary) in ("power_attack", "quadra_slam")
    return dmg.outcomes(d.raw_low, d.raw_high, cap=d.cap, weapon=weapon, frog=False)


def lands_text(found: list[dmg.Outcome]) -> str:
    """``46-256; vs resistant 23-128, weak 92-512, defending 23-128, ...; no critical``."""
    parts = ", ".join(f"{o.label} {o.text}" for o in found)
    return f"{parts}; no critical (a Tech makes no attack roll)"


def tech_effects(tech: Tech, w: Wielder, ruleset: Ruleset = DEFAULT) -> list[str]:
    """One line per effect, with this wielder's numbers. Never raises on a valid Tech."""
    lvl = tech.tech_level
    primary = str(tech.primary)
    power = R.resolve_power_level(primary, tech.power_level) or "medium"
    area = tech.has("area_effect")
    mult = ruleset.house.damage_die_multiplier
    out: list[str] = []
    house = ruleset.house
    try:
        if primary in ("power_attack", "attack_magic"):
            # Same formula; Power Attack uses Strength's dice and AP, Attack Magic Magic's.
            physical = primary == "power_attack"
            line = R.attack_line(
                lvl,
                power,
                dice=(w.str_dice if physical else w.mag_dice) + w.boost(tech),
                die=w.die if physical else w.magic_die,
                attack_power=w.ap if physical else w.map,
                area_effect=area,
                die_multiplier=mult,
            )
            out.append(f"Damage {_formula(line, house)} ({tech.effective_damage_type})")
        elif primary == "quadra_slam":
            line = R.quadra_slam_line(
                power, dice=w.str_dice + w.boost(tech), die=w.die, attack_power=w.ap,
                tech_level=lvl,
                die_multiplier=mult,
            )  # fmt: skip
            out.append(f"Damage {_formula(line, house)}, random targets")
        elif primary == "healing":
            line = R.healing_line(lvl, power, w.mag, area_effect=area)
            heal = R.effect_range(line, house)
            out.append(f"Heals {heal.low} HP = {heal.formula(line.text)}")
        elif primary == "break_arts":
            name = R.BREAK_ARTS_NAMES.get(str(tech.stat), "Break")
            out.append(f"{name}: {R.break_arts_percent(lvl)}%")
        elif primary == "stat_booster":
            name = R.STAT_BOOSTER_NAMES.get(str(tech.stat), "Boost")
            out.append(f"{name}: +{R.stat_booster_percent(lvl)}%")
        elif primary == "demi_attack":
            out.append(f"Target loses {R.DEMI_PERCENT[lvl]}% of its current HP")
        elif primary == "revive":
            out.append(f"Revives with {R.REVIVE_PERCENT[lvl]}% of max HP")
        elif primary == "revenge":
            frac = R.REVENGE_FRACTION[lvl]
            part = "half of" if frac == R.Fraction(1, 2) else "all of"
            if tech.has("mp_attack"):  # Ch. II MP Attack: "based on your own MP"
                out.append(
                    f"Deals {part} the MP the user has lost (max MP - current MP, before "
                    "paying this Tech) to the target's MP"
                )
            else:
                out.append(f"Deals {part} the damage the user has taken (max HP - current HP)")
        elif primary == "fatal_blow":
            out.append(_chance(R.fatal_blow_modifier(lvl, area_effect=area), w, "Instant death"))
        elif primary == "near_fatal_attack":
            out.append(_chance(R.near_fatal_modifier(lvl, area_effect=area), w, "Target to 1 HP"))
        elif primary == "steal_gold":
            c = R.steal_gold_modifier(lvl, area_effect=area)
            out.append(_chance(c, w, "Steal the target's GP value"))
        elif primary == "status_effect":
            for choice in tech.statuses:
                status = str(choice.status)
                base = R.status_modifier_base(status)
                lasts = f"; lasts {R.status_duration(status, house=ruleset.house)}"
                if base is None:
                    out.append(f"{status.replace('_', ' ').title()}: always works{lasts}")
                else:
                    mod = choice.modifier if choice.modifier is not None else base
                    c = R.Chance(f"{mod:+d}", mod, R.area_halves(lvl, area))
                    out.append(_chance(c, w, status.replace("_", " ").title()) + lasts)
        elif primary == "invulnerability":
            rounds = R.invulnerability_rounds(lvl)
            out.append(
                f"Invulnerable to {tech.damage_type} damage for {rounds} "
                f"round{'s' if rounds > 1 else ''}"
            )
        elif primary == "debilitate":
            out.append(
                f"Random elemental weakness (1d8); {R.debilitate_force_chance(lvl)}% to force "
                "the element of your choice"
            )
        elif primary == "dispel":
            count, effects = R.dispel_reach(lvl)
            out.append(f"Removes up to {count} of: {', '.join(effects)}")
        elif primary == "mp_steal":
            out.append(f"Steals {R.mp_steal_amount(w.mag)} MP (5 + MAG {w.mag} / 10)")
        else:
            out.append(_UNIQUE_TEXT.get(primary, primary.replace("_", " ").title()).format(t=tech))
        out.extend(_secondary_effects(tech, w, ruleset))
    except (KeyError, ValueError):  # an invalid Tech: checks report why
        out.append("(no numbers: the Tech breaks a construction rule)")
    return out


def _formula(line: R.EffectLine, house: Any) -> str:
    """The line as the book writes it; with an optional damage rule on, its range too."""
    rng = R.effect_range(line, house)
    if rng.scale == 1 and rng.cap is None:
        return line.text  # the book's own numbers: unchanged
    return f"{rng.formula(line.text)} ({rng.low:,}-{rng.high:,})"


def tech_damage(tech: Tech, w: Wielder, ruleset: Ruleset = DEFAULT) -> R.DamageRange | None:
    """The range a damage or healing Tech gives ``w`` per target (per strike for Quadra
    Slam), with Damage Levels and the Damage Cap applied; None for other Techs."""
    line = _damage_line(tech, w, ruleset)
    return R.effect_range(line, ruleset.house) if line is not None else None


def _damage_line(tech: Tech, w: Wielder, ruleset: Ruleset = DEFAULT) -> R.EffectLine | None:
    """The effect line behind ``tech_damage`` (None for a Tech that neither hurts nor heals)."""
    primary = str(tech.primary)
    power = R.resolve_power_level(primary, tech.power_level) or "medium"
    area = tech.has("area_effect")
    mult = ruleset.house.damage_die_multiplier
    try:
        if primary in ("power_attack", "attack_magic"):
            physical = primary == "power_attack"
            line = R.attack_line(
                tech.tech_level,
                power,
                dice=(w.str_dice if physical else w.mag_dice) + w.boost(tech),
                die=w.die if physical else w.magic_die,
                attack_power=w.ap if physical else w.map,
                area_effect=area,
                die_multiplier=mult,
            )
        elif primary == "quadra_slam":
            line = R.quadra_slam_line(
                power, dice=w.str_dice + w.boost(tech), die=w.die, attack_power=w.ap,
                tech_level=tech.tech_level, die_multiplier=mult,
            )  # fmt: skip
        elif primary == "healing":
            line = R.healing_line(tech.tech_level, power, w.mag, area_effect=area)
        else:
            return None
    except (KeyError, ValueError):  # an invalid Tech: checks report why
        return None
    return line


_UNIQUE_TEXT: dict[str, str] = {
    "absorbency": "Absorbs {t.element} damage as healing for 2 rounds",
    "esuna": "Removes every negative status",
    "immunity": "Immune to {t.element} damage for 2 rounds",
    "neutralize": "Removes Weaknesses and Resistances; Immunities become Resistances",
    "resistance": "Half damage from {t.element} for 3 rounds",
    "scan": "Reveals HP, MP, affinities and items",
    "true_neutralize": "Removes every Weakness, Resistance, Immunity and Absorbency",
}


def _secondary_effects(tech: Tech, w: Wielder, ruleset: Ruleset = DEFAULT) -> list[str]:
    out: list[str] = []
    map_combat = ruleset.house.map_combat
    lvl = tech.tech_level
    area = tech.has("area_effect")
    for sec in tech.secondary:
        sid = str(sec.id)
        if sid == "lesser_status_attack":
            c = R.lesser_status_modifier(str(sec.value), lvl)
            lasts = R.status_duration(str(sec.value), lesser=True, house=ruleset.house)
            name = f"{str(sec.value).replace('_', ' ').title()} (lesser)"
            out.append(f"{_chance(c, w, name)}; lasts {lasts}")
        elif sid == "steal_as_well":
            out.append(_chance(R.steal_as_well_modifier(area_effect=area), w, "Steal an item"))
        elif sid == "drain":
            kind = "MP" if tech.has("mp_attack") else "HP"
            if tech.drain_area == "hardest_hit":
                out.append(f"Drains {sec.value}% of the damage as {kind}, from the foe hurt most")
            elif tech.drain_area == "split":
                out.append(
                    f"Hits one foe; {sec.value}% of the damage is drained as {kind}, "
                    "shared among all allies"
                )
            else:
                out.append(f"Drains {sec.value}% of the damage as {kind}")
        elif sid == "backfire":
            out.append(f"{R.BACKFIRE_PERCENT}% chance to hit the user instead")
        elif sid == "mp_attack":
            if str(tech.primary) == "revenge":
                out.append("Damages MP instead of HP, from the user's lost MP (see above)")
            elif sec.value == "split":
                out.append("Half damage to HP and 1/20 of the roll to MP")
            else:
                out.append("Damages MP by 1/10 of the damage roll instead of HP")
        elif sid == "area_effect":
            out.append(_area_text(tech, w, map_combat))
        elif sid == "random_target":
            out.append(f"Random target ({sec.value})")
        elif sid == "self_only":
            out.append("Affects only the user")
        elif sid == "short_range":
            out.append("Melee range only")
        elif sid == "limited_uses":
            out.append("Once per battle")
        elif sid == "inaccurate":
            out.append("Needs an attack roll; cannot score critical hits")
        elif sid == "friendly_fire":
            # map-combat-old.txt: it "protects allies from harmful Techs, and prevents
            # beneficial powers from effecting one's enemies".
            if _beneficial(tech):
                out.append("Friendly Fire: enemies in the area are not affected")
            else:
                out.append("Friendly Fire: allies in the area are not harmed")
    return out


def _area_text(tech: Tech, w: Wielder, map_combat: bool) -> str:
    """Who Area Effect reaches: the core book's side, or on the grid everyone in it.

    Core book: all enemies (or all allies, for a beneficial Tech). Map Combat: "All
    powers will affect allies AND enemies in their area of effect", unless the Tech
    takes Friendly Fire, which keeps it to one side.
    """
    half = " at half effect (TL 1-2)" if tech.tech_level <= 2 else ""
    side = "allies" if _beneficial(tech) else "enemies"
    if not map_combat:
        return f"Affects all {side}{half}"
    e = tech_reach(tech, ranged_weapon=w.ranged).e
    if tech.has("friendly_fire"):
        return f"Affects only the {side} in its area (E{e}){half}"
    return f"Affects everyone in its area (E{e}), allies and enemies alike{half}"


def _beneficial(tech: Tech) -> bool:
    return R.is_beneficial(tech)


def tech_notes(tech: Tech) -> list[str]:
    """The rules that decided this Tech's numbers, for the reader to check."""
    primary = str(tech.primary)
    notes: list[str] = []
    allowed = R.PRIMARY_TECH_LEVELS.get(primary)
    if allowed is not None:
        notes.append(f"{primary} allows Tech Level {', '.join(map(str, allowed))} (R12)")
    fixed = R.PRIMARY_POWER_LEVEL.get(primary)
    if fixed == "special":
        notes.append("MP Steal always costs 1 MP (R13)")
    elif fixed is not None:
        notes.append(f"{primary} has a fixed Power Level: {fixed}")
    if tech.secondary:
        notes.append("Secondary Effects change the MP cost only, never the TP cost (Ch. II)")
    if tech.has("sacrifice"):
        notes.append("Sacrifice: no_mp pays MP x 5 HP, half_mp half MP + MP x 3 HP (R19)")
    if tech.has("charge_power"):
        notes.append("Charge Power: 0 MP, SP from the Charge Power table (R13)")
    if tech.has("friendly_fire"):
        notes.append("Friendly Fire adds +1 MP to the final cost (R14)")
    if tech.clone_of:
        notes.append(
            f"clone of {tech.clone_of}: half TP to learn, rounded up; counts one Tech Level "
            "less toward Max Tech Levels (R2, R11, R15)"
        )
    return notes


@dataclass(frozen=True)
class TechView:
    """Everything `zodiac tech show` prints (DESIGN contract keys first)."""

    name: str
    id: str
    tech_level: int
    power_level: str | None
    effective_level: int
    mp_cost: int | None
    tp_cost: int
    sp_cost: int | None
    hp_cost: int
    primary: str
    breakdown: str
    effects: list[str]
    notes: list[str]
    computed_for: str
    reach: str | None = None
    element: str | None = None
    damage_type: str | None = None
    secondary: list[Any] = field(default_factory=list)
    clone_of: str | None = None
    description: str | None = None
    # {min, max, scale, cap} of a damage or healing Tech (Ch. VI optional rules applied).
    damage: dict[str, Any] | None = None
    # A damaging Tech as it lands (Ch. VI): against resistant, weak, defending and Mini
    # targets, from a Mini or Cursed user; its numbers are under damage.outcomes.
    lands: str | None = None
    # cost name -> how it was reached (rules.techs.TechCosts.terms); not in the JSON object
    # itself: `zodiac show` puts it under "explain".
    terms: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "terms"}


def tech_view(tech: Tech, wielder: Wielder | None = None, ruleset: Ruleset = DEFAULT) -> TechView:
    """Costs (R13-R19), effects for ``wielder`` (default: the reference), notes, reach."""
    w = wielder or reference_wielder(ruleset)
    costs = R.tech_costs(tech)
    line = _damage_line(tech, w, ruleset)
    damage = R.effect_range(line, ruleset.house) if line is not None else None
    damage_json = damage.to_json() if damage is not None else None
    lands = None
    if damage_json is not None and line is not None and str(tech.primary) != "healing":
        found = tech_outcomes(tech, line, ruleset.house)
        damage_json["critical"] = None  # no attack roll, no critical (Ch. II Inaccurate)
        damage_json["outcomes"] = {o.key: o.to_json() for o in found}
        lands = lands_text(found)
    return TechView(
        name=tech.name,
        id=str(tech.id),
        tech_level=costs.tech_level,
        power_level=costs.power_level,
        effective_level=costs.effective_level,
        mp_cost=costs.mp_cost,
        tp_cost=costs.tp_cost,
        sp_cost=costs.sp_cost,
        hp_cost=costs.hp_cost,
        primary=str(tech.primary),
        breakdown=costs.breakdown,
        effects=tech_effects(tech, w, ruleset),
        notes=tech_notes(tech),
        computed_for=w.label,
        reach=tech_reach(tech, ranged_weapon=w.ranged).text if ruleset.house.map_combat else None,
        element=str(tech.element) if tech.element else None,
        damage_type=tech.effective_damage_type,
        secondary=[s.yaml for s in tech.secondary],
        clone_of=tech.clone_of,
        description=tech.description,
        damage=damage_json,
        lands=lands,
        terms=dict(costs.terms),
    )


def with_techs(
    view: CharacterView,
    c: Character,
    find: Callable[[str, str], Any],
    ruleset: Ruleset = DEFAULT,
) -> CharacterView:
    """Fill the view's `techs` and Tech Points spent, at the view's level.

    ``find(kind, id)`` returns the model of a project (or core) document, or None.

    Apply it last (after equipment), so effects use the equipped weapon. Events the
    checks reject still count here as far as they can be priced; a file with errors
    is not shown by the CLI anyway.
    """
    from builder.rulesets.zodiac.checks.techs import check_learning_history
    from builder.rulesets.zodiac.rules.character_techs import history_of, replay, resolve_techs

    if c.class_power.value != "tech":
        skills = _enemy_skill_rows(c, find, view.level, wielder_from_view(view), ruleset)
        return replace(view, techs=skills)
    resolved = resolve_techs(c.techs, lambda tech_id: find("tech", tech_id))
    events = [e for e in history_of(resolved) if e.char_level <= view.level]
    _, problems = check_learning_history([e.event for e in events])
    bad = {int(p.path[0]) for p in problems}
    done = replay([e for i, e in enumerate(events) if i not in bad])
    w = wielder_from_view(view)
    rows: list[dict[str, Any]] = []
    terms: dict[str, dict[str, Any]] = {}
    for r in resolved:
        if r.tech is None or r.key not in done.levels:
            continue
        tech = r.at_level(done.levels[r.key])
        assert tech is not None
        tv = tech_view(tech, w, ruleset)
        rows.append(
            {
                "name": tv.name,
                "id": r.key,
                "tech_level": tv.tech_level,
                "power_level": tv.power_level,
                "primary": tv.primary,
                "effective_level": tv.effective_level,
                "mp_cost": tv.mp_cost,
                "sp_cost": tv.sp_cost,
                "hp_cost": tv.hp_cost,
                "tp_paid": done.paid.get(r.key, 0),
                "clone_of": r.original,
                "learned_at": r.entry.learned_at,
                "effects": tv.effects,
                "effect": "; ".join(tv.effects),
                "reach": tv.reach,
                "damage": tv.damage,
            }
        )
        terms[r.key] = tv.terms
    return replace(view, techs=rows, tech_points_spent=done.spent, tech_terms=terms)


def enemy_skill_as_tech(skill: Any) -> Tech | None:
    """The Tech an Enemy Skill's '#PX' / '#MX' notation stands for (Ch. III), where the
    damage table has its level (the book's Limit Glove is 8M3, past the table's 6)."""
    notation = skill.attack_notation
    if notation is None or notation.level not in R.POWER_ATTACK_TABLE:
        return None
    return Tech(
        name=skill.name,
        tech_level=notation.level,
        power_level=notation.power_level,
        primary=notation.primary,
        element=skill.element,
    )


def enemy_skill_damage(skill: Any, wielder: Wielder, ruleset: Ruleset) -> str | None:
    """The damage line of an Enemy Skill for ``wielder``, None where its notation has none."""
    tech = enemy_skill_as_tech(skill)
    return tech_effects(tech, wielder, ruleset)[0] if tech is not None else None


def _enemy_skill_rows(
    c: Character,
    find: Callable[[str, str], Any],
    level: int,
    w: Wielder,
    ruleset: Ruleset,
) -> list[dict[str, Any]]:
    """Blue Magic: the Enemy Skills known at ``level``; '#PX'/'#MX' skills get damage."""
    rows = []
    for e in c.enemy_skills:
        skill = find("enemy_skill", e.skill)
        if skill is None or e.learned_at > level:
            continue
        effect = skill.description or ""
        damage = enemy_skill_damage(skill, w, ruleset)
        if damage is not None:
            effect = f"{damage}. {effect}".strip()
        rows.append(
            {
                "name": skill.name,
                "id": e.skill,
                "enemy_skill": True,
                "tech_level": skill.tech_level,
                "mp_cost": skill.mp,
                "sp_cost": None,
                "hp_cost": 0,
                "tp_paid": 0,
                "learned_at": e.learned_at,
                "attack": skill.attack_notation.text if skill.attack_notation else None,
                "effect": effect,
            }
        )
    return rows


def content_finder(content: Any) -> Callable[[str, str], Any]:
    """``find(kind, id)`` over a loaded ``Content`` (project plus core), for ``with_techs``."""
    index = content.index()

    def find(kind: str, entity_id: str) -> Any:
        entity = index.get((kind, entity_id))
        return entity.model if entity is not None else None

    return find
