"""`zodiac show FILE`: any entity of any rule set, found by its `kind`.

The CLI knows no kind: it loads the file with its project, picks the entity, and asks
the project's rule set for the view of that kind (``RuleSet.show_for``), a
``builder.views.Shown`` it prints as JSON or as titled key/value tables. For ZODIAC the
JSON equals the noun commands' (`zodiac character show ... --format json`, ...).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from builder.cli.errors import handle_user_errors, open_checked
from builder.cli.validate import Format

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.views import Shown

EPILOG = (
    "\b\nExamples:\n"
    "  zodiac show content/examples/zodiac/characters/amos.yaml\n"
    "  zodiac show content/examples/zodiac/techs/attacks.yaml --name biff\n"
    "  zodiac show content/examples/zodiac/jobs/knight.yaml --format json\n"
    "  zodiac show content/examples/zodiac/characters/amos.yaml --explain derived.hp\n\n"
    "  zodiac show content/examples/zodiac/characters/amos.yaml content/examples/zodiac/characters/rook.yaml\n\n"
    "A file with several documents needs --name (or --id) to pick one; the message lists them.\n"
    "Several files: each is shown as it would be alone, in the order given (a\n"
    "'==> FILE <==' line before each; with --format json, a list of the objects)."
)


def pick(file: Path, entities: list[Entity], wanted: str | None) -> Entity:
    """The one entity of ``file`` to show: the only one, or the one ``wanted`` names."""
    from builder.diagnostics import did_you_mean
    from builder.errors import UsageError
    from builder.models.base import norm_id

    if not entities:
        raise UsageError(f"{file} holds no document to show")
    if wanted is not None:
        key = norm_id(wanted)
        match = [e for e in entities if e.id == key or norm_id(e.model.name) == key]
        if not match:
            ids = [e.id for e in entities]
            raise UsageError(f"{file} holds nothing named '{wanted}'{did_you_mean(key, ids)}")
        entities = match
    if len(entities) > 1:
        listed = ", ".join(f"{e.id} ({e.kind})" for e in entities)
        raise UsageError(f"{file} holds {len(entities)} documents; pick one with --name: {listed}")
    return entities[0]


@handle_user_errors
def show(
    files: Annotated[
        list[Path],
        typer.Argument(help="Content files (any kind of any rule set); several show each."),
    ],
    name: Annotated[
        str | None,
        typer.Option("--name", "--id", "-n", help="Which entry, when the file holds several."),
    ] = None,
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.text,
    explain: Annotated[str | None, EXPLAIN_OPTION] = None,
) -> None:
    """Show any entry by its kind: what its rule set computes for it."""
    from builder.cli.output import FORMAT_VERSION, console, print_json, safe

    # Everything is computed before anything prints: a file that fails (issue #28: a
    # glob that matched several) stops the command with nothing half-shown.
    views = _views(files, name)
    if len(views) == 1 and explain is not None:
        print_explain(views[0].json, explain, fmt)
    elif len(views) == 1 and fmt is Format.json:
        print_json(views[0].json)
    elif len(views) == 1:
        print_shown(views[0])
    elif fmt is Format.json:
        # Several files: a list of what each shows alone (`jq '.[].name'`); one file
        # stays one object (the DESIGN contract of `show FILE --format json`).
        objects = [explained(v.json, explain) if explain else v.json for v in views]
        print_json([{"format_version": FORMAT_VERSION, **_unversioned(o)} for o in objects])
    else:
        trees = [explained(v.json, explain) for v in views] if explain else []
        for i, (file, view) in enumerate(zip(files, views, strict=True)):
            if i:
                console.print()
            console.print(f"==> {safe(str(file))} <==", soft_wrap=True)  # as `head` does
            if explain:
                print_tree(trees[i])
            else:
                print_shown(view)


def _unversioned(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "format_version"}


def _views(files: list[Path], name: str | None) -> list[Shown]:
    """Each file's view, in order, each as `show FILE` alone computes it.

    Files of one project are loaded together (a glob of a project's characters loads
    the project once); a file outside any project stands alone, as it would.
    """
    from builder.cli.output import print_diagnostics
    from builder.errors import ContentErrors, UsageError
    from builder.io.project import PROJECT_FILE, find_project_root
    from builder.workspace import has_errors, open_workspace

    for file in files:
        if file.name == PROJECT_FILE:
            raise UsageError(f"{file} is a project's settings, not an entry; show one of its files")
    if len(files) == 1:
        workspaces = {files[0]: open_checked(files[0])}
    else:
        groups: dict[Path | int, list[Path]] = {}
        for i, file in enumerate(files):
            if not file.exists():
                raise UsageError(f"no such file or folder: {file}")
            root = find_project_root(file)
            groups.setdefault(root if root is not None else i, []).append(file)
        workspaces = {}
        diags = []
        for group in groups.values():
            ws = open_workspace(group)
            diags += ws.report.sorted()
            workspaces.update(dict.fromkeys(group, ws))
        if has_errors(diags):
            raise ContentErrors(diags)
        print_diagnostics(diags, to_stderr=True)  # warnings only
    views = []
    for file in files:
        ws = workspaces[file]
        entity = pick(file, ws.entities_in(file), name)
        view = ws.rule_set.show_for(entity.kind)
        if view is None:
            raise UsageError(f"the {ws.rule_set.id} rule set has no view for `kind: {entity.kind}`")
        views.append(view(ws, entity))
    return views


EXPLAIN_OPTION = typer.Option(
    "--explain",
    "-e",
    metavar="PATH",
    help="Print how one number was reached, as a tree: its dotted path in the JSON "
    "(derived.hp, mp_cost, items.broadsword.price).",
)


def print_explain(data: dict[str, Any], wanted: str, fmt: Format = Format.text) -> None:
    """One number of a view's JSON and its breakdown (``"explain"``), as a tree or JSON.

    An unknown path is a usage error listing the known ones, closest first.
    """
    from builder.cli.output import print_json

    found = explained(data, wanted)
    if fmt is Format.json:
        print_json(found)
    else:
        print_tree(found)


def print_tree(found: dict[str, Any]) -> None:
    """An `explained` number as a tree: the value, then each term and its own terms."""
    from rich.tree import Tree

    from builder.cli.output import console, safe

    path, terms = found["path"], found["terms"]
    tree = Tree(f"[bold]{safe(path)}[/bold] = [bold]{safe(_number(found['value']))}[/bold]")
    if not terms:
        tree.add("as written in the file, or not computed by a rule: nothing to explain")
    for term in terms:
        _add_term(tree, term)
    console.print(tree, soft_wrap=True)


def explained(data: dict[str, Any], wanted: str) -> dict[str, Any]:
    """``{"path", "value", "terms"}`` of one number of a view's JSON (`--explain`).

    An unknown path is a usage error listing the known ones, closest first.
    """
    from builder.cli.output import safe
    from builder.errors import UsageError
    from builder.explain import EXPLAIN_KEY, closest_paths, paths

    values = paths(data)
    terms = data.get(EXPLAIN_KEY, {})
    path = wanted.strip()
    if path not in values:
        near = closest_paths(path, values)
        computed = [p for p in terms if p not in near][: max(0, 12 - len(near))]
        listed = ", ".join([*near, *computed])
        raise UsageError(
            f"no number at '{safe(path)}' in this view; closest: {listed} "
            f"({len(values)} paths in all; `--format json` shows them)"
        )
    return {"path": path, "value": values[path], "terms": terms.get(path, [])}


def _number(value: Any) -> str:
    return "-" if value is None else f"{value}"


def _add_term(parent: Any, term: dict[str, Any]) -> None:
    """``+132  6 x 22 VIT  [stat:vit]  (R7)``, its own terms nested below it."""
    from builder.cli.output import safe

    amount = term.get("amount")
    label = str(term.get("label", ""))
    shown = ""
    if isinstance(amount, int | float) and not isinstance(amount, bool):
        shown = f"{amount:+}"
        for lead in (f"{amount} ", f"{amount:+} "):  # "35 Toughness" -> "Toughness"
            label = label.removeprefix(lead)
        if label in (str(amount), f"{amount:+}"):
            label = ""
    bits = [f"[bold]{shown}[/bold]" if shown else "", safe(label)]
    if term.get("source"):
        bits.append(f"[dim]\\[{safe(term['source'])}][/dim]")
    if term.get("rule"):
        bits.append(f"[dim]({safe(term['rule'])})[/dim]")
    node = parent.add("  ".join(b for b in bits if b))
    for inner in term.get("terms", []):
        _add_term(node, inner)


def print_shown(shown: Shown) -> None:
    """The title, then one two-column table per section; every value is user text."""
    from rich import box
    from rich.table import Table

    from builder.cli.output import console, safe

    console.print(f"[bold]{safe(shown.title)}[/bold]", soft_wrap=True)
    for heading, pairs in shown.sections:
        if not pairs:
            continue
        table = Table(
            title=safe(heading),
            title_justify="left",
            box=box.SIMPLE_HEAVY,
            show_header=False,
        )
        keyed = any(key for key, _ in pairs)
        if keyed:
            table.add_column(style="bold")
        table.add_column(overflow="fold")
        for key, value in pairs:
            cells = [safe(key)] if keyed else []
            table.add_row(*cells, safe(value, multiline=True))
        console.print(table)
