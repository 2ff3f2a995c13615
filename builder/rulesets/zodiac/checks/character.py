"""Character construction rules (Ch. I, Ch. IV; R4-R7, R11)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from builder.diagnostics import did_you_mean
from builder.problems import Problem, Severity
from builder.rulesets.zodiac.catalog import skills
from builder.rulesets.zodiac.checks.character_techs import CODES as TECH_CODES
from builder.rulesets.zodiac.checks.character_techs import check_character_techs
from builder.rulesets.zodiac.checks.items import resolve_item
from builder.rulesets.zodiac.checks.jobs import check_character_job
from builder.rulesets.zodiac.models.character import Character
from builder.rulesets.zodiac.rules import character as rules
from builder.rulesets.zodiac.rules.character import level_for_xp, xp_for_level
from builder.rulesets.zodiac.rules.tables import STARTING_GOLD

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


# --- Equipment (Ch. I Steps 3, 4, 8; Ch. V; R9, R25) -------------------------------

CODES.update(
    {
        "ZC150": "an equipped or purchased item id matches no item of the project",
        "ZC151": "an item id names items of several sets; write `set-id/item-id`",
        "ZC152": "an item is equipped in the wrong slot (a guard as armor, ...)",
        "ZC153": "the weapon is not of the character's weapon class",
        "ZC154": "the armor is not of the character's armor type",
        "ZC155": "more relics equipped than the relic slots allow",
        "ZC156": "a purchase of an item that is never sold (artifacts, unpriced potions)",
        "ZC157": "purchases at creation cost more than the starting 200 G",
        "ZC158": "`gold:` of a level-1 character disagrees with what purchases leave (warning)",
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
                    f"{item.name} is a {set_class} but the character names no weapon class; "
                    f"add `weapon_class: {set_class}` (Ch. I Step 4)",
                    "Ch. I Step 4",
                    path,
                )
            elif norm_key(c.weapon_class) != set_class:
                yield Problem(
                    "ZC153",
                    f"{item.name} is a {set_class} ({item.set.name}) but {c.name} wields only "
                    f"{c.weapon_class} weapons; equip a {c.weapon_class} or change "
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
    if c.purchases and not over and level == 1 and c.gold is not None:
        left = STARTING_GOLD - spent
        if c.gold != left:
            yield Problem(
                "ZC158",
                f"`gold: {c.gold}` but purchases of {spent} G leave {left} G; write "
                f"`gold: {left}` or drop `gold:`",
                "R25",
                ("gold",),
                Severity.WARNING,
            )
