"""``zodiac.yaml``: a content project's title, paper, house rules and books."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field, field_validator

from builder.models.base import EnumIn, ZModel
from builder.rules.ruleset import HouseRules


class Paper(StrEnum):
    A4 = "a4"
    LETTER = "letter"


class Section(StrEnum):
    CHARACTER_SHEETS = "character_sheets"
    BLANK_SHEET = "blank_sheet"
    MONSTER_CARDS = "monster_cards"
    BESTIARY = "bestiary"
    EQUIPMENT_BOOK = "equipment_book"
    TECH_GRIMOIRE = "tech_grimoire"


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
    holds: Annotated[Section, EnumIn] = Field(
        title="What the book holds",
        description="character_sheets, blank_sheet, monster_cards, bestiary, equipment_book or tech_grimoire.",
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


class ProjectConfig(ZModel):
    """The root of a content project, like mkdocs.yml for a docs site."""

    kind: Literal["project"] = Field("project", description="Optional; always `project`.")
    title: str = Field(title="Title", examples=["The Crystal Saga"])
    author: str | None = Field(None, title="Author", examples=["The Tuesday Group"])
    paper: Annotated[Paper, EnumIn] = Field(
        Paper.A4, title="Paper size", description="a4 or letter."
    )
    house_rules: HouseRules = Field(
        default_factory=HouseRules,
        title="House rules",
        description="Switches where RULINGS.md allows another reading.",
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

    @field_validator("templates")
    @classmethod
    def _inside_project(cls, value: str | None) -> str | None:
        """A shared project must not point the renderer at files outside itself."""
        if value is None:
            return value
        parts = value.replace("\\", "/").split("/")
        if value.startswith(("/", "~")) or ":" in value or ".." in parts:
            raise ValueError(
                f"templates folder {value!r} must be a relative path inside the project (no '..')"
            )
        return value
