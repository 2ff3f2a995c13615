"""``zodiac.yaml``: a content project's title, paper, house rules and books."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, field_validator
from pydantic_core import PydanticCustomError

from builder.models.base import EnumIn, ZModel, norm_key
from builder.text import bad_character, printable, shorten

# A book's file name, with `.pdf` and the atomic writer's temp name around it, must stay
# far below the 255 bytes file systems allow; 100 characters is plenty for a title.
MAX_OUTPUT_CHARS = 100
MAX_OUTPUT_BYTES = 200


def _path_error(what: str, value: str, why: str) -> PydanticCustomError:
    """A ZP103 error (`project_path`): the value, shown safely, and what would be right."""
    return PydanticCustomError(
        "project_path", "{what} {value} {why}", {"what": what, "value": _shown(value), "why": why}
    )


def _shown(value: str) -> str:
    # Escaped here; shortened where the message is shown (`diagnostics._bounded`).
    return f"'{printable(value)}'"


class Paper(StrEnum):
    A4 = "a4"
    LETTER = "letter"


def _key(value: Any) -> Any:
    """'Monster Cards' reads as ``monster_cards``, as every enum value does (DESIGN)."""
    return norm_key(value) if isinstance(value, str) else value


class SortOrder(StrEnum):
    NAME = "name"
    LEVEL = "level"
    FILE = "file"


class Book(ZModel):
    """One PDF: what it holds and in which order."""

    title: str = Field(title="Title", examples=["Bestiary of the Western Continent"])
    output: str = Field(
        title="Output file",
        description="File name written into the output folder (`.pdf` added when missing).",
        examples=["bestiary.pdf"],
        pattern=r"^[^/\\]+$",
    )
    holds: Annotated[str, BeforeValidator(_key)] = Field(
        title="What the book holds",
        description=(
            "One of the project's rule set's books (`zodiac rulesets`). ZODIAC: "
            "character_sheets, blank_sheet, monster_cards, bestiary, equipment_book, "
            "tech_grimoire or map_combat_reference."
        ),
        examples=["bestiary"],
    )
    include: list[str] = Field(
        default_factory=lambda: ["*"],
        title="Include",
        description="Content ids or glob patterns over ids (`goblin-*`); default: everything of that kind.",
        examples=[["*"], ["amos-the-valiant", "mira-*"]],
    )
    sort: Annotated[SortOrder, EnumIn] = Field(
        SortOrder.NAME,
        title="Sort order",
        description="name, level or file order.",
        examples=["level"],
    )
    fillable: bool = Field(
        False,
        title="Fillable",
        description=(
            "Print the sheet's write-in boxes (HP, MP and SP, statuses, gold, inventory, "
            "notes) as PDF form fields a player can type into; the printed look stays the "
            "same. For sheets (ZODIAC: character_sheets, blank_sheet); other books print "
            "no fields."
        ),
        examples=[True],
    )

    @field_validator("output", mode="before")
    @classmethod
    def _plain_file_name(cls, value: object) -> object:
        """Content must not steer where the build writes: one plain name in the output folder."""
        if not isinstance(value, str):
            return value  # the type check says what is wrong
        why = None
        if bad := bad_character(value):
            why = f"has a {bad[1]} at character {bad[0] + 1}"
        elif "/" in value or "\\" in value:
            why = 'is a path; write a plain file name such as "bestiary.pdf", without folders'
        elif value.startswith("."):
            why = 'starts with "."; write a plain file name such as "bestiary.pdf"'
        elif not value.strip():
            why = 'is empty; write a file name such as "bestiary.pdf"'
        elif len(value) > MAX_OUTPUT_CHARS or len(value.encode("utf-8")) > MAX_OUTPUT_BYTES:
            why = (
                f"is too long; keep a file name to {MAX_OUTPUT_CHARS} characters "
                f"({MAX_OUTPUT_BYTES} bytes in UTF-8)"
            )
        if why:
            raise _path_error("output", value, why)
        return value


class ProjectConfig(ZModel):
    """The root of a content project, like mkdocs.yml for a docs site."""

    kind: Literal["project"] = Field("project", description="Optional; always `project`.")
    ruleset: str = Field(
        "zodiac",
        title="Rule set",
        description=(
            "The game this project's content is for (R31): zodiac, 16-bit-tactics, 99-towers "
            "or turns-and-actions, as registered (`zodiac rulesets`)."
        ),
        examples=["zodiac"],
    )
    title: str = Field(title="Title", examples=["The Crystal Saga"])
    author: str | None = Field(None, title="Author", examples=["The Tuesday Group"])
    paper: Annotated[Paper, EnumIn] = Field(
        Paper.A4, title="Paper size", description="a4 or letter."
    )
    # Validated by the rule set's own model once `ruleset:` is known (io/project.load_config),
    # which replaces this mapping with that model.
    house_rules: Any = Field(
        default_factory=dict,
        title="House rules",
        description="Switches where RULINGS.md allows another reading; which ones depends on the rule set.",
    )
    # Validated by the rule set's own model (io/project.load_config), like `house_rules:`.
    lint: Any = Field(
        default_factory=dict,
        title="Balance linter",
        description=(
            "Thresholds of `zodiac lint` (and `validate --lint`); which ones depends on the "
            "rule set. Every one has a default."
        ),
    )
    # Patterns are checked one by one in io/project.load_config (ZP106, located per item);
    # the file finder skips what they match, in every command.
    exclude: list[str] = Field(
        default_factory=list,
        title="Not content",
        description=(
            "Glob patterns, relative to the project folder, of YAML files and folders that "
            "are not content (`drafts/`, `*.draft.yaml`, `tools/**/*.yml`); a pattern "
            "without `/` matches a name in any folder. Dot files and folders are never content."
        ),
        examples=[["drafts/", "*.draft.yaml"]],
        max_length=100,
    )
    templates: str | None = Field(
        None,
        title="Templates folder",
        description="A folder (inside the project) whose templates override the builder's by name; rendered sandboxed.",
        examples=["templates"],
    )
    books: list[Book] = Field(
        default_factory=list, title="Books", description="The PDFs `zodiac build` writes."
    )

    @field_validator("ruleset")
    @classmethod
    def _registered(cls, value: str) -> str:
        """A project's rule set picks every kind, check and book: it must exist."""
        from builder import rulesets
        from builder.diagnostics import did_you_mean

        if value not in rulesets.ids():
            raise PydanticCustomError(
                "unknown_ruleset",
                "{message}",
                {
                    "message": f"unknown rule set '{shorten(printable(value))}'"
                    f"{did_you_mean(value, rulesets.ids())} "
                    f"(rule sets: {', '.join(rulesets.ids())})"
                },
            )
        return value

    @field_validator("templates", mode="before")
    @classmethod
    def _inside_project(cls, value: object) -> object:
        """A shared project must not point the renderer at files outside itself."""
        if not isinstance(value, str):
            return value  # None, or a type error said elsewhere
        parts = value.replace("\\", "/").split("/")
        why = None
        if bad := bad_character(value):
            why = f"has a {bad[1]} at character {bad[0] + 1}"
        elif not value.strip():
            why = 'is empty; name a folder inside the project, such as "templates"'
        elif value.startswith(("/", "\\", "~")) or ":" in value or ".." in parts:
            why = 'must be a relative path inside the project, such as "templates" (no "..")'
        if why:
            raise _path_error("templates folder", value, why)
        return value


MAX_EXCLUDE_CHARS = 200
MAX_DOUBLE_STARS = 4


def exclude_pattern_problem(pattern: str) -> str | None:
    """Why ``pattern`` cannot be an ``exclude:`` glob (None when it can).

    Patterns come from strangers' projects: relative, inside the project, bounded in
    length and in ``**`` (each one multiplies the matcher's work).
    """
    parts = pattern.replace("\\", "/").split("/")
    if bad := bad_character(pattern):
        return f"has a {bad[1]} at character {bad[0] + 1}"
    if not pattern.strip() or not pattern.strip("/"):
        return 'is empty; write a glob such as "drafts/" or "*.draft.yaml"'
    if "\\" in pattern:
        return 'uses "\\"; separate folders with "/" (drafts/old.yaml)'
    if pattern.startswith(("/", "~")) or ":" in pattern or ".." in parts:
        return 'must be relative to the project folder, such as "drafts/" (no "/" first, no "..")'
    if len(pattern) > MAX_EXCLUDE_CHARS:
        return f"is longer than {MAX_EXCLUDE_CHARS} characters"
    if pattern.count("**") > MAX_DOUBLE_STARS:
        return f'holds more than {MAX_DOUBLE_STARS} "**"'
    return None
