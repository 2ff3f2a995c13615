"""Each rule set's own commands, mounted through the registry (R31, issue #27).

`builder.cli.app` registers the generic verbs (validate, show, build, export, ...), then
hands a `Board` to every registered rule set whose ``RuleSet.commands`` names a mount
function; that function adds its Typer groups (`character`, `monster`, `tool`, ...) and
says which of its commands shows which kind. Nothing here names a rule set.

Two rule sets may share a noun: the group is made once and their commands join it. So a
rule set's command can be given a file of another rule set (`zodiac character show` on a
16 Bit Tactics character): `entities_for` checks the file's rule set and kind first and
refuses with exit 2, naming the command that does serve the file (`serving`). Two rule
sets may also share a verb (`character level-up`): it is one command, with the options of
both, that runs the file's rule set's own (`_dispatching`); an option of the other rule
set given for that file is refused, naming the command.
"""

from __future__ import annotations

import inspect
import shlex
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.workspace import Workspace

# group name -> ids of the rule sets that mounted commands on it (for `zodiac --help`)
OWNERS: dict[str, list[str]] = {}
# (rule set id, kind) -> the rule set's own command that shows that kind ("monster show")
SHOWN_BY: dict[tuple[str, str], str] = {}
# (group name, verb) -> ids of the rule sets that have that command ("combatant new")
SERVED: dict[tuple[str, str], list[str]] = {}
# id(shared group) -> command name -> {rule set id: its own CommandInfo}, in mount order
_VERBS: dict[int, dict[str, dict[str | None, typer.models.CommandInfo]]] = {}


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
            for info in group.registered_commands:
                SERVED.setdefault((name, _verb(info)), []).append(self.ruleset)
        shared = self.groups.get(name)
        if shared is None:
            self.app.add_typer(group, name=name)
            self.groups[name] = group
            verbs = _VERBS.setdefault(id(group), {})
            for info in group.registered_commands:
                verbs.setdefault(_verb(info), {})[self.ruleset] = info
            return group
        if shared is not group:  # a second rule set's commands join the shared noun
            verbs = _VERBS.setdefault(id(shared), {})
            for info in group.registered_commands:
                verb = _verb(info)
                owners = verbs.setdefault(verb, {})
                owners[self.ruleset] = info
                if len(owners) == 1:
                    shared.registered_commands.append(info)
                    continue
                at = next(i for i, c in enumerate(shared.registered_commands) if _verb(c) == verb)
                shared.registered_commands[at] = _dispatching(f"{name} {verb}", owners)
            shared.registered_groups.extend(group.registered_groups)
        return shared

    def group(self, name: str) -> typer.Typer:
        """A group already mounted (`rules`), to add a command to it."""
        return self.groups[name]

    def shows(self, kind: str, command: str) -> None:
        """``command`` (without `zodiac`) is this rule set's own view of ``kind``."""
        if self.ruleset is not None:
            SHOWN_BY[(self.ruleset, kind)] = command


def commands_for(ruleset: str, verb: str) -> list[str]:
    """The commands ending in ``verb`` that serve ``ruleset`` ("combatant new"), so a
    refusal can name the one that does."""
    return [f"{noun} {v}" for (noun, v), ids in SERVED.items() if v == verb and ruleset in ids]


def _verb(info: typer.models.CommandInfo) -> str:
    if info.name:
        return info.name
    callback = info.callback
    return callback.__name__.lower().replace("_", "-") if callback else ""


def _option_name(param: inspect.Parameter) -> str:
    """``--points`` for a parameter declared ``typer.Option("--points", ...)``."""
    for meta in getattr(param.annotation, "__metadata__", ()):
        decls = [getattr(meta, "default", None), *(getattr(meta, "param_decls", None) or ())]
        named = [d for d in decls if isinstance(d, str) and d.startswith("-")]
        if named:
            return named[0]
    return "--" + param.name.replace("_", "-")


def _ruleset_of(file: Any) -> str | None:
    """The rule set of the project holding ``file`` (None: its zodiac.yaml is unreadable,
    and the first rule set's command says so as it would for any command)."""
    from builder import rulesets
    from builder.io.project import find_project_root, load_config

    root = find_project_root(Path(file))
    if root is None:
        return rulesets.DEFAULT
    try:
        config, _ = load_config(root)
    except (OSError, ValueError):
        return None
    return getattr(config, "ruleset", None)


def _dispatching(words: str, owners: dict[str | None, typer.models.CommandInfo]) -> Any:
    """One command for a verb several rule sets have: the union of their parameters; it
    runs the file's rule set's command (the first mounted when the file's has none)."""
    from builder import rulesets
    from builder.cli.errors import handle_user_errors
    from builder.errors import UsageError

    infos = list(owners.items())
    signatures = {rs: inspect.signature(i.callback, eval_str=True) for rs, i in infos}
    params: dict[str, inspect.Parameter] = {}
    for sig in signatures.values():
        for p in sig.parameters.values():
            params.setdefault(p.name, p.replace(kind=inspect.Parameter.KEYWORD_ONLY))
    first_rs, first = infos[0]
    file_param = next(iter(signatures[first_rs].parameters))

    def run(**kwargs: Any) -> Any:
        file = kwargs[file_param]
        if file is None:  # a verb without a file (`character new`): the current project's
            file = Path.cwd()
        found = _ruleset_of(file)
        rs = found if found in owners else first_rs
        own = signatures[rs].parameters
        foreign = [n for n, v in kwargs.items() if n not in own and v != params[n].default]
        if foreign:
            label = rulesets.get(rs).label if rs else "this"
            names = ", ".join(_option_name(params[n]) for n in foreign)
            raise UsageError(
                f"{names}: not an option of `zodiac {words}` for {file}, a {label} file; "
                f"`zodiac {words} --help` says which options each rule set takes"
            )
        callback: Callable[..., Any] = owners[rs].callback  # type: ignore[assignment]
        return callback(**{n: v for n, v in kwargs.items() if n in own})

    run.__doc__ = first.help or (first.callback.__doc__ if first.callback else None)
    command = handle_user_errors(run)
    command.__signature__ = inspect.Signature(list(params.values()))  # type: ignore[attr-defined]
    command.__annotations__ = {}  # Typer reads the signature's (resolved) annotations
    epilogs = [i.epilog for _, i in infos if i.epilog]
    return typer.models.CommandInfo(
        name=first.name, callback=command, help=run.__doc__, epilog="\n\n".join(epilogs) or None
    )


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
