"""Each rule set's own commands, mounted through the registry (R31, issue #27).

`builder.cli.app` registers the generic verbs (validate, show, build, export, ...), then
hands a `Board` to every registered rule set whose ``RuleSet.commands`` names a mount
function; that function adds its Typer groups (`character`, `monster`, `tool`, ...) and
says which of its commands shows which kind. Nothing here names a rule set.

Two rule sets may share a noun: the group is made once and their commands join it. So a
rule set's command can be given a file of another rule set (`zodiac character show` on a
16 Bit Tactics character): `entities_for` checks the file's rule set and kind first and
refuses with exit 2, naming the command that does serve the file (`serving`).
"""

from __future__ import annotations

import shlex
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.workspace import Workspace

# group name -> ids of the rule sets that mounted commands on it (for `zodiac --help`)
OWNERS: dict[str, list[str]] = {}
# (rule set id, kind) -> the rule set's own command that shows that kind ("monster show")
SHOWN_BY: dict[tuple[str, str], str] = {}


@dataclass
class Board:
    """What a rule set's mount function receives: the app, and its shared groups."""

    app: typer.Typer
    ruleset: str | None = None  # the rule set mounting now; None: the builder's own
    groups: dict[str, typer.Typer] = field(default_factory=dict)

    def for_ruleset(self, ruleset: str | None) -> Board:
        """The same board, mounting for ``ruleset`` (groups stay shared)."""
        return Board(self.app, ruleset, self.groups)

    def add_group(self, name: str, group: typer.Typer) -> typer.Typer:
        """Mount ``group`` as `zodiac NAME`; a noun already mounted gets its commands."""
        if self.ruleset is not None:
            owners = OWNERS.setdefault(name, [])
            if self.ruleset not in owners:
                owners.append(self.ruleset)
        shared = self.groups.get(name)
        if shared is None:
            self.app.add_typer(group, name=name)
            self.groups[name] = group
            return group
        if shared is not group:  # a second rule set's commands join the shared noun
            shared.registered_commands.extend(group.registered_commands)
            shared.registered_groups.extend(group.registered_groups)
        return shared

    def group(self, name: str) -> typer.Typer:
        """A group already mounted (`rules`), to add a command to it."""
        return self.groups[name]

    def shows(self, kind: str, command: str) -> None:
        """``command`` (without `zodiac`) is this rule set's own view of ``kind``."""
        if self.ruleset is not None:
            SHOWN_BY[(self.ruleset, kind)] = command


def mount_rulesets(board: Board) -> None:
    """Every registered rule set's commands, in registry order (the default first)."""
    from builder import rulesets

    for rule_set in rulesets.all_rulesets():
        if rule_set.commands:
            rulesets.resolve(rule_set.commands)(board.for_ruleset(rule_set.id))


def _command(words: str, file: Path) -> str:
    return f"`zodiac {words} {shlex.quote(str(file))}`"


def serving(ws: Workspace, file: Path) -> str:
    """What serves ``file``: its kinds and the commands that show them, or that none does."""
    from builder.io.project import PROJECT_FILE

    if file.name == PROJECT_FILE:
        return f"it is a project's settings; {_command('validate', file.parent)} checks them"
    entities = ws.entities_in(file)
    if not entities:
        return f"it holds no entry; {_command('validate', file)} says what it holds"
    rule_set = ws.rule_set
    said = []
    for kind in dict.fromkeys(e.kind for e in entities):
        commands = []
        own = SHOWN_BY.get((rule_set.id, kind))
        if own:
            commands.append(_command(own, file))
        if rule_set.shows.get(kind):
            commands.append(_command("show", file))
        if commands:
            said.append(f"`kind: {kind}` is shown by {' or '.join(commands)}")
        else:
            said.append(f"no command shows `kind: {kind}`; {_command('validate', file)} checks it")
    return "; ".join(said)


def entities_for(
    ws: Workspace, file: Path, command: str, ruleset: str, kinds: Collection[str]
) -> list[Entity]:
    """The entities of ``kinds`` in ``file`` for ``command`` of ``ruleset``.

    A file of another rule set, or with none of those kinds, is a usage error (exit 2)
    that names the command serving the file, never a crash deep in the wrong rule set.
    """
    from builder import rulesets
    from builder.errors import UsageError

    if ws.rule_set.id != ruleset:
        owner = rulesets.get(ruleset).label
        raise UsageError(
            f"`zodiac {command}` is {owner}'s; {file} is a {ws.rule_set.label} file: "
            f"{serving(ws, file)}"
        )
    found = [e for e in ws.entities_in(file) if e.kind in kinds]
    if not found:
        wanted = " or ".join(f"`kind: {k}`" for k in kinds)
        raise UsageError(
            f"{file} holds no {wanted} document for `zodiac {command}`: {serving(ws, file)}"
        )
    return found
