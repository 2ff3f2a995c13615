"""The character file (DESIGN contract: the minimal character)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, GetJsonSchemaHandler, model_validator
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from builder.models.base import STATS, Element, EnumIn, Id, Stat, ZModel, norm_id
from builder.models.schema_forms import Closed, keys_any_case, or_bare_id
from builder.rulesets.zodiac.models.character_techs import KnownEnemySkill, KnownTech, LearningField

# Chakra and Health cannot be Counter skills (rules.skills.COUNTER_FORBIDDEN_COMMANDS,
# tested equal; a model never imports rules).
_COUNTER_FORBIDDEN = ("chakra", "health")


def command_skills() -> list[str]:
    """The Command Skills of Chapter IV (content/core/skills.yaml): the schema's list."""
    from builder.rulesets.zodiac.catalog import skills

    return list(skills().command)


def support_skills() -> list[str]:
    """The Support Skills of Chapter IV (content/core/skills.yaml): the schema's list."""
    from builder.rulesets.zodiac.catalog import skills

    return list(skills().support)


def _counter_commands() -> list[str]:
    return [s for s in command_skills() if s not in _COUNTER_FORBIDDEN]


# The catalogue is the book's and a project cannot add to it, so ZC120 / ZC121 / ZJ105
# refuse any other id and the schema closes the list (``Closed``) read as ``Id`` reads.
CommandSkill = Annotated[Id, Closed(command_skills, read="id")]
SupportSkill = Annotated[Id, Closed(support_skills, read="id")]


class ClassPower(StrEnum):
    TECH = "tech"
    BLUE_MAGIC = "blue_magic"


class ArmorType(StrEnum):
    DEFENSE = "defense"
    ENHANCE = "enhance"
    BALANCED = "balanced"


class CounterType(StrEnum):
    """Which attacks Counter answers (Ch. IV Counter)."""

    WEAPON = "weapon"
    SPECIAL = "special"


class CounterMethod(StrEnum):
    """How Counter answers (Ch. IV Counter): one of the four methods, chosen at creation."""

    ATTACK = "attack"
    COMMAND_SKILL = "command_skill"
    TECH = "tech"
    MIRROR = "mirror"


class DiceStat(StrEnum):
    """The stat Dice damage scales with (Ch. IV Dice)."""

    STR = "str"
    MAG = "mag"


class CounterChoice(ZModel):
    """The Counter support skill's creation choices (Ch. IV Counter)."""

    type: Annotated[CounterType, EnumIn] = Field(
        title="Counters",
        description="`weapon` (weapon attacks, weapon Techs, Jump, Deathblow...) or "
        "`special` (other Command Skills and Techs).",
        examples=["weapon"],
    )
    method: Annotated[CounterMethod, EnumIn] | None = Field(
        None,
        title="Counter with",
        description="`attack` (30%), `command_skill` (30%), `tech` (20%) or `mirror` (20%); "
        "may be left out when `tech:` or `command_skill:` says it.",
        examples=["tech"],
    )
    tech: Id | None = Field(
        None,
        title="Counter Tech",
        description="With `method: tech`: the id of a Tech the character knows, or `any` "
        "where the Master lets the player pick each time.",
        examples=["fire", "any"],
    )
    command_skill: Annotated[Id, Closed(_counter_commands, read="id")] | None = Field(
        None,
        title="Counter Command Skill",
        description="With `method: command_skill`: any Command Skill but Chakra and Health.",
        examples=["kick"],
    )

    @property
    def chosen_method(self) -> CounterMethod | None:
        """The method, said outright or by the one choice given (`tech:` / `command_skill:`)."""
        if self.method is not None:
            return self.method
        if self.tech is not None and self.command_skill is None:
            return CounterMethod.TECH
        if self.command_skill is not None and self.tech is None:
            return CounterMethod.COMMAND_SKILL
        return None


class Stats(ZModel):
    """The five base stats."""

    str_: int = Field(
        alias="str", ge=0, title="Strength", description="Strength (STR).", examples=[11]
    )
    mag: int = Field(ge=0, title="Magic", description="Magic (MAG).", examples=[6])
    vit: int = Field(ge=0, title="Vitality", description="Vitality (VIT).", examples=[6])
    spr: int = Field(ge=0, title="Spirit", description="Spirit (SPR).", examples=[11])
    agi: int = Field(ge=0, title="Agility", description="Agility (AGI).", examples=[6])

    def as_block(self) -> dict[Stat, int]:
        return {
            Stat.STR: self.str_,
            Stat.MAG: self.mag,
            Stat.VIT: self.vit,
            Stat.SPR: self.spr,
            Stat.AGI: self.agi,
        }


class StatPoints(ZModel):
    """Points added to stats; every stat optional (0 when absent)."""

    str_: int = Field(0, alias="str", ge=0, title="Strength points", examples=[2])
    mag: int = Field(0, ge=0, title="Magic points", examples=[1])
    vit: int = Field(0, ge=0, title="Vitality points", examples=[1])
    spr: int = Field(0, ge=0, title="Spirit points", examples=[0])
    agi: int = Field(0, ge=0, title="Agility points", examples=[1])

    def as_block(self) -> dict[Stat, int]:
        return {
            Stat.STR: self.str_,
            Stat.MAG: self.mag,
            Stat.VIT: self.vit,
            Stat.SPR: self.spr,
            Stat.AGI: self.agi,
        }


class LevelUp(StatPoints):
    """One level's bonus points (entry 0 is the level-2 level-up, entry 1 level 3, ...)."""

    level: int | None = Field(
        None,
        ge=2,
        le=99,
        title="Level",
        description="Optional: the level this entry is for, checked against its position.",
        examples=[5],
    )
    overflow: StatPoints | None = Field(
        None,
        title="Overflow re-allocation",
        description=(
            "Where fifth-level +2 points go when they would raise a stat past 250 (R6). "
            "Only on a fifth level whose bonus overflows."
        ),
        examples=[{"agi": 2}],
    )

    @model_validator(mode="before")
    @classmethod
    def _lower_keys(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return {
                k.lower() if isinstance(k, str) and k.lower() in {s.value for s in STATS} else k: v
                for k, v in data.items()
            }
        return data

    @classmethod
    def __get_pydantic_json_schema__(
        cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        """`_lower_keys` reads `STR:` as `str:`."""
        schema = super().__get_pydantic_json_schema__(core_schema, handler)
        return keys_any_case(handler, schema, [s.value for s in STATS])


def _item_ref(value: Any) -> Any:
    """``'Iron Sword'`` -> ``'iron-sword'``; ``'Diff's Swords/Biffcalibur'`` keeps its set part."""
    if not isinstance(value, str):
        return value
    return "/".join(norm_id(part) for part in value.split("/"))


ItemRef = Annotated[str, BeforeValidator(_item_ref)]


class Equipment(ZModel):
    """Equipped items by id (Ch. I Steps 3-4, Ch. V): one weapon, armor, guard and relic(s)."""

    weapon: ItemRef | None = Field(
        None,
        title="Weapon",
        description="A weapon id from a weapon set of the character's weapon class; "
        "`set-id/item-id` when two sets share the id. Omit to fight unarmed.",
        examples=["broadsword"],
    )
    armor: ItemRef | None = Field(
        None,
        title="Armor",
        description="An armor id from an armor set of the character's armor type.",
        examples=["chain-mail"],
    )
    guard: ItemRef | None = Field(
        None,
        title="Guard",
        description="A guard id from any armor set (anyone may use a guard).",
        examples=["buckler"],
    )
    relic: ItemRef | None = Field(
        None,
        title="Relic",
        description="The one equipped relic (R9).",
        examples=["power-wrist"],
    )
    relics: list[ItemRef] = Field(
        default_factory=list,
        title="Relics",
        description="Equipped relics when the project allows more than one (`relic_slots`).",
        examples=[["power-wrist", "ribbon"]],
    )

    @model_validator(mode="after")
    def _one_relic_key(self) -> Equipment:
        if self.relic is not None and self.relics:
            raise ValueError("give `relic:` or `relics:`, not both")
        return self

    def relic_refs(self) -> list[tuple[tuple[str | int, ...], str]]:
        """(path inside `equipment`, id) of every equipped relic."""
        if self.relic is not None:
            return [(("relic",), self.relic)]
        return [(("relics", i), r) for i, r in enumerate(self.relics)]


class Purchase(ZModel):
    """One line of the shopping list at creation (Ch. I Step 8, R25)."""

    item: ItemRef = Field(
        title="Item",
        description="An item id: a weapon, armor, guard, relic or potion.",
        examples=["potion"],
    )
    count: int = Field(1, ge=1, title="Count", description="How many.", examples=[2])

    @model_validator(mode="before")
    @classmethod
    def _bare(cls, data: Any) -> Any:
        return {"item": data} if isinstance(data, str) else data

    @classmethod
    def __get_pydantic_json_schema__(
        cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        """`_bare` reads `- potion` as `{item: potion}`."""
        return or_bare_id(handler, core_schema)


LEDGER_ACTIONS: tuple[str, ...] = ("gold", "buy", "sell", "find", "use")
MAX_GOLD = 10**9  # bounds every sum of a ledger (content is hostile)


class LedgerEntry(ZModel):
    """One change after creation, in order: gold gained or spent, an item bought, sold,
    found or used up (Ch. V, R25). Exactly one of `gold`, `buy`, `sell`, `find`, `use`."""

    gold: int | None = Field(
        None,
        ge=-MAX_GOLD,
        le=MAX_GOLD,
        title="Gold",
        description="Gold gained (a reward, a find) or, negative, spent on anything but items.",
        examples=[350, -40],
    )
    buy: ItemRef | None = Field(
        None,
        title="Buy",
        description="An item id bought at its listed price; it enters the inventory.",
        examples=["hi-potion"],
    )
    sell: ItemRef | None = Field(
        None,
        title="Sell",
        description="An item id sold for half its listed price (R25); it must be carried.",
        examples=["iron-sword"],
    )
    find: ItemRef | None = Field(
        None,
        title="Find",
        description="An item id gained without paying: found, stolen, given.",
        examples=["phoenix-down"],
    )
    use: ItemRef | None = Field(
        None,
        title="Use",
        description="An item id that leaves without gold: a potion drunk, a thing lost or "
        "given away; it must be carried.",
        examples=["potion"],
    )
    count: int = Field(
        1, ge=1, le=9999, title="Count", description="How many (item entries).", examples=[3]
    )
    note: str | None = Field(
        None, title="Note", description="What happened.", examples=["ogre bounty"]
    )
    at: int | None = Field(
        None,
        ge=1,
        le=99,
        title="At level",
        description="Optional: the character's level when it happened (entries stay in order).",
        examples=[4],
    )

    @model_validator(mode="after")
    def _one_action(self) -> LedgerEntry:
        given = [a for a in LEDGER_ACTIONS if getattr(self, a) is not None]
        if len(given) != 1:
            shown = ", ".join(f"`{a}:`" for a in given) if given else "none"
            raise ValueError(
                "a ledger entry is one of `gold:`, `buy:`, `sell:`, `find:` or `use:` "
                f"(this one has {shown})"
            )
        if given == ["gold"] and "count" in self.model_fields_set:
            raise ValueError("`count:` goes with an item (`buy:`, `sell:`, ...), not `gold:`")
        return self

    @property
    def action(self) -> str:
        """`gold`, `buy`, `sell`, `find` or `use`."""
        return next(a for a in LEDGER_ACTIONS if getattr(self, a) is not None)

    @property
    def item(self) -> str | None:
        """The item id of an item entry (None for `gold:`)."""
        return None if self.gold is not None else getattr(self, self.action)


class Character(ZModel):
    """A player character: creation stats, level-ups and choices."""

    kind: Literal["character"] = Field("character", description="Always `character`.")
    id: Id | None = Field(
        None,
        title="Id",
        description="kebab-case id; derived from the name when absent.",
        examples=["amos-the-valiant"],
    )
    name: str = Field(min_length=1, title="Name", examples=["Amos the Valiant"])
    player: str | None = Field(None, title="Player", description="Who plays this character.")
    job: Id | None = Field(
        None,
        title="Job",
        description="The id of the `kind: job` this character follows; its choices are "
        "defaults the character may override (a warning when class power, armor type or "
        "weapon class differ).",
        examples=["knight"],
    )
    job_title: str | None = Field(
        None,
        title="Class name",
        description="Free-text class name (Ch. I Step 9), e.g. Dark Knight.",
        examples=["Paladin"],
    )
    description: str | None = Field(
        None, title="Description", description="Looks, history, personality."
    )
    level: int | None = Field(
        None,
        ge=1,
        le=99,
        title="Experience Level",
        description="1-99. May be omitted when `xp` is given; when both are given they must agree.",
        examples=[12],
    )
    xp: int | None = Field(None, ge=0, title="Experience Points", examples=[6050])
    class_power: Annotated[ClassPower, EnumIn] = Field(
        title="Class Power", description="`tech` or `blue_magic` (Ch. I Step 6).", examples=["tech"]
    )
    armor_type: Annotated[ArmorType, EnumIn] = Field(
        title="Armor type",
        description="`defense`, `enhance` or `balanced` (Ch. I Step 3).",
        examples=["balanced"],
    )
    weapon_class: str | None = Field(
        None,
        title="Weapon class",
        description="The one class of weapon this character wields (Ch. I Step 4).",
        examples=["sword"],
    )
    equipment: Equipment = Field(
        default_factory=Equipment,
        title="Equipment",
        description="Equipped items by id: weapon, armor, guard, relic (Ch. V).",
        examples=[{"weapon": "broadsword", "armor": "chain-mail", "guard": "buckler"}],
    )
    purchases: list[Purchase] = Field(
        default_factory=list,
        title="Purchases at creation",
        description="What the character bought with the starting 200 G (Ch. I Step 8, R25).",
        examples=[[{"item": "dagger"}, {"item": "potion", "count": 2}]],
    )
    command_skill: CommandSkill = Field(
        title="Command Skill", description="A Command Skill id (Ch. IV).", examples=["steal"]
    )
    support_skill: SupportSkill = Field(
        title="Support Skill", description="A Support Skill id (Ch. IV).", examples=["toughness"]
    )
    natural_resistance: Annotated[Element, EnumIn] | None = Field(
        None,
        title="Natural Resistance element",
        description="With the Natural Resistance support skill: the element taken at half "
        "damage (Ch. IV).",
        examples=["fire"],
    )
    counter: CounterChoice | None = Field(
        None,
        title="Counter choices",
        description="With the Counter support skill: what it answers and how (Ch. IV).",
        examples=[{"type": "weapon", "method": "tech", "tech": "fire"}],
    )
    dice_stat: Annotated[DiceStat, EnumIn] | None = Field(
        None,
        title="Dice stat",
        description="With the Dice command skill: `str` or `mag`, chosen at creation (Ch. IV).",
        examples=["mag"],
    )
    base_stats: Stats = Field(
        title="Creation stats",
        description="Stats at creation: 3 each plus 25 points, none above 15 (R4).",
        examples=[{"str": 11, "mag": 6, "vit": 6, "spr": 11, "agi": 6}],
    )
    advancement: list[LevelUp] = Field(
        default_factory=list,
        title="Advancement",
        description="Bonus points gained at level 2, 3, ... in order (3 per level, 4 from level 60; R6).",
        examples=[[{"str": 2, "agi": 1}, {"vit": 1, "spr": 1, "mag": 1}]],
    )
    gold: int | None = Field(
        None,
        ge=0,
        title="Gold",
        description="Gold carried now. With `purchases:` or `ledger:` it is computed and, "
        "when written, must agree; without them it is taken as written.",
    )
    inventory: list[str] = Field(
        default_factory=list,
        title="Inventory",
        description="Items carried besides those `purchases:` and `ledger:` record: item ids "
        "(shown with name and price) or free text such as `rope`.",
        examples=[["potion", "rope"]],
    )
    ledger: list[LedgerEntry] = Field(
        default_factory=list,
        title="Ledger",
        description="What happened to gold and items after creation, in order: "
        "`{gold: 350, note: ...}`, `{buy: id, count: 1}`, `{sell: id}` (half price, R25), "
        "`{find: id}`, `{use: id}`; optional `at: LEVEL`. Gold is then 200 - creation "
        "purchases + the ledger; `gold:`, when written, must agree.",
        examples=[[{"gold": 350, "note": "ogre bounty"}, {"buy": "hi-potion"}]],
    )
    notes: str | None = Field(None, title="Notes")
    techs: list[KnownTech] = Field(
        default_factory=list,
        title="Techs",
        description="Techs learned (Tech characters): an id or an inline Tech, with "
        "`learned_at`, optional `clone_of` and `upgrades` (Ch. II Learning Techs).",
        examples=[[{"tech": "cure", "learned_at": 1, "upgrades": [{"to": 2, "at": 3}]}]],
    )
    learning: LearningField | None = Field(
        None,
        title="Blue Magic learning method",
        description="Blue Magic only: memory, lore or assimilate, chosen at creation (Ch. III).",
        examples=["lore"],
    )
    enemy_skills: list[KnownEnemySkill] = Field(
        default_factory=list,
        title="Enemy Skills",
        description="Blue Magic only: Enemy Skill ids, or `{skill: id, learned_at: level}`; "
        "never upgraded, within Max Tech Levels (Ch. III, R11).",
        examples=[["goblin-punch", {"skill": "aqualung", "learned_at": 6}]],
    )

    @property
    def key(self) -> str:
        from builder.models.base import norm_id

        return self.id or norm_id(self.name)
