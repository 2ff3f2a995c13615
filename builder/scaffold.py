"""`zodiac init`: a small, working content project to start from, of any rule set.

Each rule set says what its starter project holds (``RuleSet.scaffold``, returning a
``Scaffold``); this module writes it, with the head every project shares.

The title and author are the user's text: they are written as YAML scalars that read
back as exactly that text (quoted where needed), never pasted into YAML, and text with
control characters, unpaired surrogates or noncharacters is refused before anything is
written. Files are written atomically, so `--force` never leaves a half-written file.

Editors find a file's JSON Schema from its first line (``# yaml-language-server:
$schema=...``). The schemas are copied into the project's own ``schemas/`` folder and
named by a path relative to each file, so the line keeps working when the folder is
moved, cloned or opened on another machine (an absolute path into the builder's install
would not). A project gets its own rule set's schemas only, and a file gets a line
only when its kind has one.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from builder.errors import UsageError, check_text_option
from builder.io.atomic import write_text_atomic
from builder.io.project import PROJECT_FILE
from builder.paths import data_dir
from builder.text import printable

# The head every project shares (builder.models.project.ProjectConfig); the rule set's
# scaffold adds the rest of zodiac.yaml (house rules, books) below it.
HEAD = """\
{schema}ruleset: {ruleset}
title: {title}
author: {author}
paper: {paper}               # a4 | letter
"""


@dataclass(frozen=True)
class Scaffold:
    """What a rule set's starter project holds (``RuleSet.scaffold`` returns one).

    ``config`` is zodiac.yaml after the shared head; ``files`` maps a path relative to
    the project folder to its text, starting with its ``kind:`` line (the writer puts the
    schema line above it). Nothing here is the user's text: that stays in HEAD.
    """

    default_title: str
    config: str
    files: Mapping[str, str]


SCHEMA_FOLDER = "schemas"


def _schemas_for(ruleset: str) -> dict[str, str]:
    """file name -> JSON text of the schemas a new project of ``ruleset`` gets: copies of
    the shipped ones (kept fresh by a test; the default rule set's at the top of
    ``schemas/``, another's in ``schemas/<id>/``), none where the install has none."""
    from builder import rulesets

    try:
        shipped = data_dir(SCHEMA_FOLDER)
    except FileNotFoundError:
        return {}
    folder = shipped if ruleset == rulesets.DEFAULT else shipped / ruleset
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.schema.json"))}


def _kind_of(text: str) -> str:
    """The ``kind:`` of a scaffold file (our own text: its first ``kind:`` line)."""
    for line in text.splitlines():
        if line.startswith("kind:"):
            return line.partition(":")[2].split("#", 1)[0].strip()
    return ""


def schema_line(rel: str, kind: str, schemas: Mapping[str, str]) -> str:
    """The editor's schema comment for the file at ``rel`` (relative to the project), as
    a path relative to that file; empty when the project has no schema of ``kind``."""
    name = f"{kind}.schema.json"
    if name not in schemas:
        return ""
    here = posixpath.dirname(rel) or "."
    return f"# yaml-language-server: $schema={posixpath.relpath(f'{SCHEMA_FOLDER}/{name}', here)}\n"


def scaffold_for(ruleset: str) -> Scaffold:
    """The starter project of a registered rule set; a usage error names the ones there are."""
    from builder import rulesets
    from builder.diagnostics import did_you_mean

    known = rulesets.ids()
    if ruleset not in known:
        raise UsageError(
            f"unknown rule set '{printable(ruleset)}'{did_you_mean(ruleset, known)} "
            f"(rule sets: {', '.join(known)}; see `zodiac rulesets`)"
        )
    spec = rulesets.get(ruleset).scaffold
    if spec is None:
        raise UsageError(f"the {ruleset} rule set has no starter project yet")
    make: Callable[[], Scaffold] = rulesets.resolve(spec)
    return make()


def init_project(
    folder: Path,
    *,
    title: str | None = None,
    author: str,
    paper: str,
    force: bool = False,
    ruleset: str = "zodiac",
) -> list[Path]:
    """Write a project into ``folder``; refuse to overwrite one unless ``force``."""
    from builder.io.yaml import yaml_scalar

    plan = scaffold_for(ruleset)
    title = plan.default_title if title is None else title
    check_text_option("--title", title)
    check_text_option("--author", author)
    config = folder / PROJECT_FILE
    if config.exists() and not force:
        raise UsageError(
            f"{printable(str(config))} already exists; use --force to overwrite the scaffold files"
        )
    schemas = _schemas_for(ruleset)
    head = HEAD.format(
        schema=schema_line(PROJECT_FILE, "project", schemas),
        ruleset=ruleset,
        title=yaml_scalar(title),
        author=yaml_scalar(author),
        paper=paper,
    )
    files = {config: head + plan.config}
    files.update(
        {
            folder / rel: schema_line(rel, _kind_of(text), schemas) + text
            for rel, text in plan.files.items()
        }
    )
    files.update({folder / SCHEMA_FOLDER / name: text for name, text in schemas.items()})
    written = []
    for path, text in files.items():
        if path.exists() and not force:
            continue  # never clobber a user's file that happens to share a name
        # --force keeps the user's previous zodiac.yaml and content in FILE.bak (issue 16);
        # the schema copies are the builder's own.
        write_text_atomic(path, text, parents=True, backup=path.suffix != ".json")
        written.append(path)
    return written
