"""`zodiac encounter ...`: what a fight is worth to the party (Appendix I Step 8, R28)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from builder.cli.errors import handle_user_errors
from builder.cli.validate import Format

if TYPE_CHECKING:
    from builder.io.project import Entity

app = typer.Typer(
    help="Encounters: rewards for a fight.", no_args_is_help=True, rich_markup_mode=None
)

REWARDS_EPILOG = (
    "\b\nExamples:\n"
    "  zodiac encounter rewards goblin:3 cave-bat --party 4 --project content/examples/zodiac\n"
    "  zodiac encounter rewards goblin:2 lich --party 3 --project content/examples/zodiac\n"
    "  zodiac encounter rewards content/examples/zodiac/monsters/ogre.yaml:2 --party 4 --format json\n\n"
    "Ids are looked up in the content project of the current folder (the nearest\n"
    "zodiac.yaml above it) or in --project DIR; a path names a monster file.\n"
    "Each character gets the totals divided by the party size, rounded down (R1);\n"
    "the remainder is not handed out."
)

REMAINDER_NOTE = "not handed out: each share is rounded down (R1)"


@dataclass(frozen=True)
class Line:
    """One kind of monster in the fight and what it is worth."""

    entity: Entity
    count: int

    @property
    def each(self) -> tuple[int, int]:
        from builder.rulesets.zodiac.rules.monsters import rewards

        r = rewards(self.entity.model.level, self.entity.model.boss)
        return r.xp.value, r.gold.value

    def to_json(self) -> dict[str, Any]:
        xp, gold = self.each
        m = self.entity.model
        return {
            "id": self.entity.id,
            "name": m.name,
            "level": m.level,
            "boss": m.boss,
            "count": self.count,
            "xp_each": xp,
            "gold_each": gold,
            "xp": xp * self.count,
            "gold": gold * self.count,
        }


def parse_ref(arg: str) -> tuple[str, int]:
    """``goblin:3`` -> ('goblin', 3); ``goblin`` -> ('goblin', 1)."""
    from builder.errors import UsageError

    ref, sep, tail = arg.rpartition(":")
    if not sep or not ref:
        return arg, 1
    if not tail.strip().isdigit():
        raise UsageError(f"{arg!r}: the count after ':' must be a whole number, e.g. {ref}:3")
    count = int(tail)
    if count < 1:
        raise UsageError(f"{arg!r}: the count must be at least 1")
    return ref, count


def _is_file_ref(ref: str) -> bool:
    p = Path(ref)
    return p.suffix in (".yaml", ".yml") or p.is_file()


def _monsters_in(file: Path) -> list[Entity]:
    from builder.errors import ContentErrors, UsageError
    from builder.workspace import has_errors, open_workspace

    if not file.is_file():
        raise UsageError(f"no such monster file: {file}")
    ws = open_workspace([file])
    if has_errors(ws.report.diagnostics):
        raise ContentErrors(ws.report.sorted())
    found = [e for e in ws.entities_in(file) if e.kind == "monster"]
    if not found:
        raise UsageError(f"{file} holds no `kind: monster` document")
    return found


def resolve(args: list[str], project: Path | None) -> list[Line]:
    """Monster ids and files with counts -> lines; ids resolve in the project."""
    from builder.diagnostics import did_you_mean, display_path
    from builder.errors import ContentErrors, UsageError
    from builder.io.project import find_project_root
    from builder.models.base import norm_id
    from builder.problems import Severity
    from builder.workspace import open_workspace

    parsed = [parse_ref(a) for a in args]
    by_id: dict[str, Entity] | None = None
    errors_by_path: dict[str, list[Any]] = {}
    if any(not _is_file_ref(ref) for ref, _ in parsed):
        if project is not None:
            if not project.is_dir():
                raise UsageError(f"--project {project}: no such folder")
            root = project
        else:
            found_root = find_project_root(Path.cwd())
            if found_root is None:
                raise UsageError(
                    "monster ids need a content project: run inside one (a folder with "
                    "zodiac.yaml), pass --project DIR, or name monster files instead"
                )
            root = found_root
        ws = open_workspace([root])
        by_id = {e.id: e for e in ws.content.of_kind("monster")}
        for d in ws.report.diagnostics:
            if d.severity is Severity.ERROR:
                errors_by_path.setdefault(d.path, []).append(d)

    totals: dict[tuple[str, str], int] = {}
    entities: dict[tuple[str, str], Entity] = {}
    broken: list[Any] = []
    for ref, count in parsed:
        if _is_file_ref(ref):
            found = _monsters_in(Path(ref))
            if len(found) > 1:
                ids = ", ".join(e.id for e in found)
                raise UsageError(
                    f"{ref} holds {len(found)} monsters ({ids}); name one by id instead"
                )
            entity = found[0]
        else:
            assert by_id is not None
            entity_or_none = by_id.get(norm_id(ref))
            if entity_or_none is None:
                raise UsageError(
                    f"no monster with id {norm_id(ref)!r} in the project"
                    f"{did_you_mean(norm_id(ref), by_id)}"
                )
            entity = entity_or_none
            broken += errors_by_path.pop(display_path(entity.doc.path), [])
        key = (str(entity.doc.path.resolve()), entity.id)
        entities[key] = entity
        totals[key] = totals.get(key, 0) + count
    if broken:
        raise ContentErrors(broken)
    return [Line(entities[k], n) for k, n in totals.items()]


def _rewards_hook(args: list[str], project: Path | None) -> Any:
    """The project's rule set's `rewards` function, or None for ZODIAC's own above."""
    from builder import rulesets
    from builder.io.project import find_project_root, load_config

    refs = [parse_ref(a)[0] for a in args]
    if project is None and refs and all(_is_file_ref(r) for r in refs):
        project = find_project_root(Path(refs[0]).resolve().parent)
    root = project if project is not None else find_project_root(Path.cwd())
    config = load_config(root)[0] if root is not None and root.is_dir() else None
    named = getattr(config, "ruleset", rulesets.DEFAULT)
    spec = rulesets.get(named).rewards if named in rulesets.ids() else None
    return rulesets.resolve(spec) if spec else None


def summary(lines: list[Line], party: int) -> dict[str, Any]:
    """Totals and the per-character share (integer division: R1 rounds down)."""
    xp = sum(line.each[0] * line.count for line in lines)
    gold = sum(line.each[1] * line.count for line in lines)
    return {
        "party": party,
        "monsters": [line.to_json() for line in lines],
        "total": {"xp": xp, "gold": gold},
        "per_character": {"xp": xp // party, "gold": gold // party},
        "remainder": {"xp": xp % party, "gold": gold % party},
        "remainder_rule": REMAINDER_NOTE,
    }


@app.command("rewards", epilog=REWARDS_EPILOG)
@handle_user_errors
def rewards_cmd(
    monsters: Annotated[
        list[str],
        typer.Argument(
            help="Monster ids or files, each optionally with a count: goblin:3.",
            show_default=False,
        ),
    ],
    party: Annotated[
        int,
        typer.Option("--party", "-p", min=1, help="Surviving characters who share the rewards."),
    ],
    project: Annotated[
        Path | None,
        typer.Option(
            "--project",
            help="Content project to look ids up in (default: the one around the current folder).",
        ),
    ] = None,
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.text,
) -> None:
    """Total XP and gold of a fight, and each surviving character's share."""
    from builder.cli.output import print_json

    lines = resolve(monsters, project)
    hook = _rewards_hook(monsters, project)
    if hook is not None:  # the project's rule set computes its own rewards (R31)
        from builder.cli.show import print_shown

        shown = hook([(line.entity, line.count) for line in lines], party)
        if fmt is Format.json:
            print_json(shown.json)
        else:
            print_shown(shown)
        return
    data = summary(lines, party)
    if fmt is Format.json:
        print_json(data)
        return
    _print(data)


def _print(data: dict[str, Any]) -> None:
    from rich import box
    from rich.table import Table

    from builder.cli.output import console, safe

    table = Table(
        title=f"Encounter rewards, party of {data['party']}",
        box=box.SIMPLE_HEAVY,
        title_justify="left",
        show_footer=True,
    )
    total = data["total"]
    table.add_column("Monster", footer="Total")
    table.add_column("Level", justify="right")
    table.add_column("Count", justify="right")
    table.add_column("XP each", justify="right")
    table.add_column("Gold each", justify="right")
    table.add_column("XP", justify="right", footer=f"{total['xp']:,}")
    table.add_column("Gold", justify="right", footer=f"{total['gold']:,}")
    for m in data["monsters"]:
        name = safe(m["name"]) + (" [bold red](boss)[/bold red]" if m["boss"] else "")
        table.add_row(
            name,
            str(m["level"]),
            str(m["count"]),
            f"{m['xp_each']:,}",
            f"{m['gold_each']:,}",
            f"{m['xp']:,}",
            f"{m['gold']:,}",
        )
    console.print(table)
    share, rest = data["per_character"], data["remainder"]
    console.print(
        f"Each of {data['party']} surviving characters: [bold]{share['xp']:,} XP[/bold] and "
        f"[bold]{share['gold']:,} gold[/bold]",
        soft_wrap=True,
    )
    console.print(
        f"Remainder: {rest['xp']:,} XP and {rest['gold']:,} gold, {REMAINDER_NOTE}.",
        soft_wrap=True,
    )
