"""`zodiac init`: a small, working content project to start from.

The title and author are the user's text: they are written as YAML scalars that read
back as exactly that text (quoted where needed), never pasted into YAML, and text with
control characters, unpaired surrogates or noncharacters is refused before anything is
written. Files are written atomically, so `--force` never leaves a half-written file.
"""

from __future__ import annotations

from pathlib import Path

from builder.errors import UsageError, check_text_option
from builder.io.atomic import write_text_atomic
from builder.io.project import PROJECT_FILE
from builder.paths import data_dir
from builder.text import printable

CONFIG = """\
{schema}title: {title}
author: {author}
paper: {paper}               # a4 | letter
house_rules:
  damage_die_multiplier: 10   # R10 (the glossary's x5 is a house rule)
  relic_slots: 1              # R9 (the glossary's two relics is a house rule)
  map_combat: true            # show Move, Jump and Range/Effect/Vertical
books:
  - {{title: Character Sheets, output: characters.pdf, holds: character_sheets}}
  - {{title: Blank Sheet, output: blank-sheet.pdf, holds: blank_sheet}}
  - {{title: Monster Cards, output: monster-cards.pdf, holds: monster_cards, sort: level}}
  - {{title: Bestiary, output: bestiary.pdf, holds: bestiary, sort: level}}
"""

CHARACTER = """\
{schema}kind: character
name: Rook Tallowmere
level: 1
class_power: tech
armor_type: balanced
weapon_class: sword
command_skill: steal
support_skill: quickness
base_stats: {{str: 10, mag: 7, vit: 8, spr: 7, agi: 8}}   # 3 each + 25 points, none above 15
advancement: []              # add {{str: 2, agi: 1}} ... one entry per level gained
"""

MONSTER = """\
{schema}kind: monster
name: Tunnel Rat
level: 1
stats: {{str: 8, mag: 2, vit: 8, spr: 4, agi: 8}}   # 25 + 5 x level points (R26)
attack_die: d6
description: A dog-sized rat that nests in old mine shafts.
"""


def _schema_line(kind: str) -> str:
    try:
        path = data_dir("schemas") / f"{kind}.schema.json"
    except FileNotFoundError:
        return ""
    return f"# yaml-language-server: $schema={path.as_uri()}\n" if path.is_file() else ""


def init_project(
    folder: Path, *, title: str, author: str, paper: str, force: bool = False
) -> list[Path]:
    """Write a project into ``folder``; refuse to overwrite one unless ``force``."""
    from builder.rulesets.zodiac.generate import yaml_scalar

    check_text_option("--title", title)
    check_text_option("--author", author)
    config = folder / PROJECT_FILE
    if config.exists() and not force:
        raise UsageError(
            f"{printable(str(config))} already exists; use --force to overwrite the scaffold files"
        )
    files = {
        config: CONFIG.format(
            schema=_schema_line("project"),
            title=yaml_scalar(title),
            author=yaml_scalar(author),
            paper=paper,
        ),
        folder / "characters" / "rook.yaml": CHARACTER.format(schema=_schema_line("character")),
        folder / "monsters" / "tunnel-rat.yaml": MONSTER.format(schema=_schema_line("monster")),
    }
    written = []
    for path, text in files.items():
        if path.exists() and not force:
            continue  # never clobber a user's file that happens to share a name
        write_text_atomic(path, text, parents=True)
        written.append(path)
    return written
