"""`zodiac init`: a small, working content project to start from, of any rule set.

Each rule set says what its starter project holds (``RuleSet.scaffold``, returning a
``Scaffold``); this module writes it, with the head every project shares.

The title and author are the user's text: they are written as YAML scalars that read
back as exactly that text (quoted where needed), never pasted into YAML, and text with
control characters, unpaired surrogates or noncharacters is refused before anything is
written. Files are written atomically, so `--force` never leaves a half-written file.
"""

from __future__ import annotations

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
    the project folder to its text. Nothing here is the user's text: that stays in HEAD.
    """

    default_title: str
    config: str
    files: Mapping[str, str]


def _schema_line(kind: str) -> str:
    try:
        path = data_dir("schemas") / f"{kind}.schema.json"
    except FileNotFoundError:
        return ""
    return f"# yaml-language-server: $schema={path.as_uri()}\n" if path.is_file() else ""


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
    make: Callable[[Callable[[str], str]], Scaffold] = rulesets.resolve(spec)
    return make(_schema_line)


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
    head = HEAD.format(
        schema=_schema_line("project"),
        ruleset=ruleset,
        title=yaml_scalar(title),
        author=yaml_scalar(author),
        paper=paper,
    )
    files = {config: head + plan.config}
    files.update({folder / rel: text for rel, text in plan.files.items()})
    written = []
    for path, text in files.items():
        if path.exists() and not force:
            continue  # never clobber a user's file that happens to share a name
        write_text_atomic(path, text, parents=True)
        written.append(path)
    return written
