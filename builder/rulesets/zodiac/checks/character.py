"""Character construction rules (Ch. I, Ch. IV; R4-R7, R11)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from builder.diagnostics import did_you_mean
from builder.problems import Problem
from builder.rulesets.zodiac.catalog import skills
from builder.rulesets.zodiac.checks.character_techs import CODES as TECH_CODES
from builder.rulesets.zodiac.checks.character_techs import check_character_techs
from builder.rulesets.zodiac.checks.gold import CODES as GOLD_CODES
from builder.rulesets.zodiac.checks.gold import check_character_gold
from builder.rulesets.zodiac.checks.items import resolve_item
from builder.rulesets.zodiac.checks.jobs import check_character_job
from builder.rulesets.zodiac.models.character import Character
from builder.rulesets.zodiac.rules import character as rules
from builder.rulesets.zodiac.rules.character import level_for_xp, xp_for_level
from builder.rulesets.zodiac.rules.skills import COUNTER_FORBIDDEN_COMMANDS
from builder.rulesets.zodiac.rules.tables import STARTING_GOLD
from builder.text import a_or_an

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.rulesets.zodiac.checks import CheckContext

CODES: dict[str, str] = {
    "ZC101": "a creation stat below 3",
    "ZC102": "a creation stat above 15",
    "ZC103": "creation points do not add up to 25",
    "ZC104": "level and XP disagree",
    "ZC105": "advancement lists more level-ups than the level allows",
    "ZC106": "an advancement entry's `level:` does not match its position",
    "ZC110": "bonus points left unspent (warning)",
    "ZC111": "a level-up spends more bonus points than it gains",
    "ZC112": "more than 2 of one level's points in one stat",
    "ZC113": "a stat raised past 250",
    "ZC114": "fifth-level overflow not re-allocated, or re-allocated where none overflowed",
    "ZC120": "unknown Command Skill",
    "ZC121": "unknown Support Skill",
    **TECH_CODES,  # ZC130-ZC139: builder.rulesets.zodiac.checks.character_techs
}


def check_character(entity: Entity, ctx: CheckContext) -> Iterator[Problem]:
    c: Character = entity.model
    yield from rules.creation_problems(c.base_stats.as_block())
    level = rules.character_level(c)
    if c.level is not None and c.xp is not None and level_for_xp(c.xp) != c.level:
        need = xp_for_level(c.level)
        nxt = f" and under {xp_for_level(c.level + 1):,}" if c.level < 99 else ""
        yield Problem(
            "ZC104",
            f"{c.xp:,} XP is level {level_for_xp(c.xp)}, not level {c.level}; level {c.level} "
            f"needs at least {need:,} XP{nxt} (or drop one of `level:`/`xp:`)",
            "Appendix III",
            ("xp",),
        )
    if len(c.advancement) > level - 1:
        yield Problem(
            "ZC105",
            f"advancement lists {len(c.advancement)} level-ups but a level-{level} character has "
            f"had {level - 1}; remove the extra entries or raise `level:`",
            "Ch. I Character Advancement",
            ("advancement", level - 1),
        )
    for i, entry in enumerate(c.advancement):
        if entry.level is not None and entry.level != i + 2:
            yield Problem(
                "ZC106",
                f"entry {i + 1} of advancement is the level {i + 2} level-up, but says `level: {entry.level}`; "
                "entries go in order from level 2",
                "Ch. I Character Advancement",
                ("advancement", i, "level"),
            )
    prog = rules.progress(
        c.base_stats.as_block(),
        [e.as_block() for e in c.advancement],
        [e.overflow.as_block() if e.overflow else None for e in c.advancement],
        level,
    )
    yield from prog.problems
    yield from check_character_techs(c, ctx, level, prog)
    yield from check_character_equipment(c, ctx, level)
    yield from check_character_gold(c, ctx, level)
    yield from check_character_job(c, ctx)
    cat = skills()
    if c.command_skill not in cat.command:
        hint = (
            "; that is a Support Skill, use it under `support_skill:`"
            if c.command_skill in cat.support
            else did_you_mean(c.command_skill, cat.command)
        )
        yield Problem(
            "ZC120",
            f"unknown Command Skill '{c.command_skill}'{hint}",
            "Ch. IV Command Skills",
            ("command_skill",),
        )
    if c.support_skill not in cat.support:
        hint = (
            "; that is a Command Skill, use it under `command_skill:`"
            if c.support_skill in cat.command
            else did_you_mean(c.support_skill, cat.support)
        )
        yield Problem(
            "ZC121",
            f"unknown Support Skill '{c.support_skill}'{hint}",
            "Ch. IV Support Skills",
            ("support_skill",),
        )
    yield from check_skill_choices(c, level)


# --- Secondary Skill choices made at creation (Ch. IV) -----------------------------

CODES.update(
    {
        "ZC160": "Natural Resistance without `natural_resistance:` (its element)",
        "ZC161": "`natural_resistance:` without the Natural Resistance support skill",
        "ZC162": "Counter without `counter:` (what it answers and how)",
        "ZC163": "`counter:` without the Counter support skill",
        "ZC164": "`counter:` names no method, or a choice of another method",
        "ZC165": "Counter's method is `tech` but no Tech is chosen",
        "ZC166": "Counter's Tech is not one the character knows",
        "ZC167": "Counter's method is `command_skill` but no Command Skill is chosen",
        "ZC168": "Counter's Command Skill is unknown, or Chakra or Health",
        "ZC169": "Dice without `dice_stat:` (str or mag)",
        "ZC170": "`dice_stat:` without the Dice command skill",
    }
)


def _known_techs(c: Character, level: int) -> set[str]:
    """Ids of the Techs (or Enemy Skills, for Blue Magic) the character knows at ``level``."""
    known = {t.key for t in c.techs if t.learned_at <= level}
    return known | {e.skill for e in c.enemy_skills if e.learned_at <= level}


def check_skill_choices(c: Character, level: int) -> Iterator[Problem]:
    """Natural Resistance's element, Counter's choices and Dice's stat: each is required
    with its skill and refused without it (Ch. IV)."""
    if c.support_skill == "natural-resistance" and c.natural_resistance is None:
        yield Problem(
            "ZC160",
            "Natural Resistance halves the damage of one element chosen at creation; add "
            "`natural_resistance: fire` (or ice, water, lightning, earth, wind, holy, shadow)",
            "Ch. IV Natural Resistance",
            ("support_skill",),
        )
    elif c.support_skill != "natural-resistance" and c.natural_resistance is not None:
        yield Problem(
            "ZC161",
            f"`natural_resistance: {c.natural_resistance.value}` needs the Natural Resistance "
            f"support skill, not '{c.support_skill}'; remove it or take the skill",
            "Ch. IV Natural Resistance",
            ("natural_resistance",),
        )
    if c.command_skill == "dice" and c.dice_stat is None:
        yield Problem(
            "ZC169",
            "Dice damage scales with Strength or Magic, chosen at creation; add "
            "`dice_stat: str` or `dice_stat: mag`",
            "Ch. IV Dice",
            ("command_skill",),
        )
    elif c.command_skill != "dice" and c.dice_stat is not None:
        yield Problem(
            "ZC170",
            f"`dice_stat: {c.dice_stat.value}` needs the Dice command skill, not "
            f"'{c.command_skill}'; remove it or take Dice",
            "Ch. IV Dice",
            ("dice_stat",),
        )
    counter = c.counter
    if c.support_skill == "counter" and counter is None:
        yield Problem(
            "ZC162",
            "Counter is chosen at creation: what it answers and how; add e.g. "
            "`counter: {type: weapon, method: attack}` (type weapon or special; method "
            "attack, command_skill, tech or mirror)",
            "Ch. IV Counter",
            ("support_skill",),
        )
        return
    if counter is None:
        return
    if c.support_skill != "counter":
        yield Problem(
            "ZC163",
            f"`counter:` needs the Counter support skill, not '{c.support_skill}'; remove it "
            "or take Counter",
            "Ch. IV Counter",
            ("counter",),
        )
        return
    method = counter.chosen_method
    if method is None:
        yield Problem(
            "ZC164",
            "`counter:` must say how it answers: `method: attack` (30%), `command_skill` "
            "(30%), `tech` (20%) or `mirror` (20%)",
            "Ch. IV Counter",
            ("counter",),
        )
        return
    for key, wanted in (("tech", "tech"), ("command_skill", "command_skill")):
        if getattr(counter, key) is not None and method.value != wanted:
            yield Problem(
                "ZC164",
                f"`counter: {{{key}: ...}}` is the choice of the `{wanted}` method, but the "
                f"method is `{method.value}`; remove `{key}:` or set `method: {wanted}`",
                "Ch. IV Counter",
                ("counter", key),
            )
    if method.value == "tech":
        known = _known_techs(c, level)
        if counter.tech is None:
            yield Problem(
                "ZC165",
                "Counter with a Tech: name one Tech the character knows under `tech:`, or "
                "`tech: any` where the Master lets you pick each time",
                "Ch. IV Counter",
                ("counter",),
            )
        elif counter.tech != "any" and counter.tech not in known:
            hint = did_you_mean(counter.tech, sorted(known)) if known else ""
            yield Problem(
                "ZC166",
                f"Counter's Tech '{counter.tech}' is not one {c.name} knows at level {level}"
                f"{hint}; name a Tech under `techs:` or write `tech: any`",
                "Ch. IV Counter",
                ("counter", "tech"),
            )
    elif method.value == "command_skill":
        cat = skills()
        chosen = counter.command_skill
        if chosen is None:
            yield Problem(
                "ZC167",
                "Counter with a Command Skill: name it under `command_skill:` (any but Chakra "
                "and Health)",
                "Ch. IV Counter",
                ("counter",),
            )
        elif chosen not in cat.command or chosen in COUNTER_FORBIDDEN_COMMANDS:
            why = (
                "Chakra and Health cannot be Counter skills"
                if chosen in COUNTER_FORBIDDEN_COMMANDS
                else f"unknown Command Skill '{chosen}'"
                + did_you_mean(
                    chosen, [k for k in cat.command if k not in COUNTER_FORBIDDEN_COMMANDS]
                )
            )
            yield Problem(
                "ZC168",
                f"{why}; choose another Command Skill to counter with",
                "Ch. IV Counter",
                ("counter", "command_skill"),
            )


# --- Equipment (Ch. I Steps 3, 4, 8; Ch. V; R9, R25) -------------------------------

CODES.update(
    {
        "ZC150": "an equipped, purchased or ledger item id matches no item of the project",
        "ZC151": "an item id names items of several sets; write `set-id/item-id`",
        "ZC152": "an item is equipped in the wrong slot (a guard as armor, ...)",
        "ZC153": "the weapon is not of the character's weapon class",
        "ZC154": "the armor is not of the character's armor type",
        "ZC155": "more relics equipped than the relic slots allow",
        "ZC156": "a purchase of an item that is never sold (artifacts, unpriced potions)",
        "ZC157": "purchases at creation cost more than the starting 200 G",
        "ZC158": "retired: `gold:` against purchases is ZC180 now, at every level",
        **GOLD_CODES,  # ZC180-ZC189: builder.rulesets.zodiac.checks.gold
    }
)


def check_character_equipment(c: Character, ctx: CheckContext, level: int) -> Iterator[Problem]:
    """Equipped items exist and fit the character; relic slots (R9); purchases (R25)."""
    from builder.models.base import norm_key
    from builder.rulesets.zodiac.items import item_index

    if not (c.equipment.model_fields_set or c.purchases):
        return
    index = item_index(ctx.content)
    e = c.equipment
    wanted = [
        ("weapon", ("equipment", "weapon"), e.weapon),
        ("armor", ("equipment", "armor"), e.armor),
        ("guard", ("equipment", "guard"), e.guard),
        *[("relic", ("equipment", *p), ref) for p, ref in e.relic_refs()],
    ]
    for slot, path, ref in wanted:
        if ref is None:
            continue
        item, problems = resolve_item(index, ref, slot, path)
        yield from problems
        if item is None:
            continue
        if slot == "weapon":
            set_class = item.set.weapon_class
            if c.weapon_class is None:
                yield Problem(
                    "ZC153",
                    f"{item.name} is {a_or_an(set_class)} but the character names no weapon class; "
                    f"add `weapon_class: {set_class}` (Ch. I Step 4)",
                    "Ch. I Step 4",
                    path,
                )
            elif norm_key(c.weapon_class) != set_class:
                yield Problem(
                    "ZC153",
                    f"{item.name} is {a_or_an(set_class)} ({item.set.name}) but {c.name} wields only "
                    f"{c.weapon_class} weapons; equip {a_or_an(c.weapon_class)} or change "
                    "`weapon_class:`",
                    "Ch. I Step 4",
                    path,
                )
        elif slot == "armor" and item.set.armor_type.value != c.armor_type.value:
            yield Problem(
                "ZC154",
                f"{item.name} is {item.set.armor_type.value} armor ({item.set.name}) but "
                f"{c.name} wears only {c.armor_type.value} armor; any guard is fine, armor "
                "must match `armor_type:`",
                "Ch. I Step 3",
                path,
            )
    slots = ctx.ruleset.house.relic_slots
    relics = e.relic_refs()
    if len(relics) > slots:
        yield Problem(
            "ZC155",
            f"{len(relics)} relics equipped; only {slots} at a time"
            + (
                " (`relic_slots: 2` in zodiac.yaml is the glossary's house rule)"
                if slots == 1
                else ""
            ),
            "R9",
            ("equipment", *relics[slots][0]),
        )
    spent = 0
    over = False
    for i, purchase in enumerate(c.purchases):
        path = ("purchases", i, "item")
        item, problems = resolve_item(index, purchase.item, None, path)
        yield from problems
        if item is None:
            continue
        if item.price is None:
            why = "an artifact is only found or given" if item.artifact else "shops never sell it"
            yield Problem(
                "ZC156",
                f"{item.name} cannot be bought ({why}); remove it from `purchases:`",
                "R25",
                path,
            )
            continue
        spent += item.price * purchase.count
        if spent > STARTING_GOLD and not over:
            over = True
            yield Problem(
                "ZC157",
                f"purchases reach {spent} G at {item.name}; a new character has "
                f"{STARTING_GOLD} G to spend (Ch. I Step 8)",
                "R25",
                ("purchases", i),
            )
    # `gold:` against the purchases (and the ledger): checks.gold, ZC180.
