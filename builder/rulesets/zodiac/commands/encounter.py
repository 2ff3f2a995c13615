"""`zodiac encounter ...`: what a fight is worth to the party (Appendix I Step 8, R28)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from builder.cli.errors import handle_user_errors
from builder.cli.validate import Format
from builder.rulesets.zodiac import RULESET

if TYPE_CHECKING:
    from builder.io.project import Entity

app = typer.Typer(
    help="Encounters: rewards for a fight, and simulating it.",
    no_args_is_help=True,
    rich_markup_mode=None,
)

REWARDS_EPILOG = (
    "\b\nExamples:\n"
    "  zodiac encounter rewards goblin:3 cave-bat --party 4 --project content/examples/zodiac\n"
    "  zodiac encounter rewards goblin:2 lich --party 3 --project content/examples/zodiac\n"
    "  zodiac encounter rewards content/examples/zodiac/monsters/ogre.yaml:2 --party 4 --format json\n"
    "  zodiac encounter rewards bilge-rat:3 foreman-grist --party 4 --npcs 1 --aggro bilge-rat "
    "--project content/examples/turns-and-actions\n\n"
    "Ids are looked up in the content project of the current folder (the nearest\n"
    "zodiac.yaml above it) or in --project DIR; a path names a monster file.\n"
    "Each character gets the totals divided by the party size, rounded down (R1);\n"
    "the remainder is not handed out. Another rule set shares them as its book says\n"
    "(`zodiac rulesets` lists them; the manual, 'Rule sets')."
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


def _monsters_in(file: Path, kinds: tuple[str, ...] = ("monster",)) -> list[Entity]:
    from builder.cli.mount import entities_for
    from builder.errors import ContentErrors, UsageError
    from builder.workspace import has_errors, open_workspace

    if not file.is_file():
        raise UsageError(f"no such monster file: {file}")
    ws = open_workspace([file])
    if has_errors(ws.report.diagnostics):
        raise ContentErrors(ws.report.sorted())
    return entities_for(ws, file, "encounter rewards", ws.rule_set.id, kinds)


def resolve(
    args: list[str], project: Path | None, kinds: tuple[str, ...] = ("monster",)
) -> list[Line]:
    """Monster ids and files with counts -> lines; ids resolve in the project, among
    ``kinds`` (the rule set's ``rewards_kinds``)."""
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
        by_id = {e.id: e for kind in kinds for e in ws.content.of_kind(kind)}
        for d in ws.report.diagnostics:
            if d.severity is Severity.ERROR:
                errors_by_path.setdefault(d.path, []).append(d)

    totals: dict[tuple[str, str], int] = {}
    entities: dict[tuple[str, str], Entity] = {}
    broken: list[Any] = []
    for ref, count in parsed:
        if _is_file_ref(ref):
            found = _monsters_in(Path(ref), kinds)
            if len(found) > 1:
                ids = ", ".join(e.id for e in found)
                raise UsageError(
                    f"{ref} holds {len(found)} {kinds[0]}s ({ids}); name one by id instead, "
                    f"e.g. `zodiac encounter rewards {found[0].id}:2 --party 4`"
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


def _rewards_hook(args: list[str], project: Path | None) -> tuple[Any, tuple[str, ...]]:
    """The project's rule set's `rewards` function (None for ZODIAC's own above), and the
    kinds its monsters are.

    A rule set with neither is refused (exit 2) before any monster is read as ZODIAC's.
    """
    from builder import rulesets
    from builder.errors import UsageError
    from builder.io.project import find_project_root, load_config

    refs = [parse_ref(a)[0] for a in args]
    if project is None and refs and all(_is_file_ref(r) for r in refs):
        project = find_project_root(Path(refs[0]).resolve().parent)
    root = project if project is not None else find_project_root(Path.cwd())
    config = load_config(root)[0] if root is not None and root.is_dir() else None
    named = getattr(config, "ruleset", rulesets.DEFAULT)
    if named not in rulesets.ids():
        return None, RULESET.rewards_kinds  # validation reports the unknown rule set (ZP104)
    rule_set = rulesets.get(named)
    if rule_set.rewards:
        return rulesets.resolve(rule_set.rewards), rule_set.rewards_kinds
    if rule_set.id != RULESET.id:
        whose = rule_set.label + ("'" if rule_set.label.endswith("s") else "'s")
        raise UsageError(
            f"{whose} book gives no rewards for a fight (no XP, gold or loot "
            "to share), so no command computes them; `zodiac encounter rewards` serves the "
            "rule sets whose book does (`zodiac show FILE` shows each entry)"
        )
    return None, RULESET.rewards_kinds


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
        typer.Option(
            "--party",
            "-p",
            min=1,
            help="Player characters who share the rewards (ZODIAC: the survivors).",
        ),
    ],
    npcs: Annotated[
        int,
        typer.Option(
            "--npcs", min=0, help="NPCs who fought beside the party, where the book counts them."
        ),
    ] = 0,
    aggro: Annotated[
        list[str] | None,
        typer.Option(
            "--aggro", help="A monster that died with Aggro, id[:bodies], where the book uses it."
        ),
    ] = None,
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

    hook, kinds = _rewards_hook(monsters, project)
    options = _options(hook, npcs, aggro or [])
    lines = resolve(monsters, project, kinds)
    if hook is not None:  # the project's rule set computes its own rewards (R31)
        from builder.cli.show import print_shown

        shown = hook([(line.entity, line.count) for line in lines], party, **options)
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


def _options(hook: Any, npcs: int, aggro: list[str]) -> dict[str, Any]:
    """``--npcs`` and ``--aggro`` for a rule set whose rewards take them; refused (exit 2)
    where its book has no such rule, rather than silently ignored."""
    import inspect

    from builder.errors import UsageError

    given: dict[str, Any] = {}
    if npcs:
        given["npcs"] = npcs
    if aggro:
        bodies: dict[str, int] = {}
        for arg in aggro:
            ref, count = parse_ref(arg)
            bodies[ref] = bodies.get(ref, 0) + count
        given["aggro"] = bodies
    takes = set(inspect.signature(hook).parameters) if hook is not None else set()
    for name in given:
        if name not in takes:
            raise UsageError(
                f"--{name}: this project's rule set shares rewards without it (its book "
                "has no such rule); leave it out, see `zodiac encounter rewards --help`"
            )
    return given


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


# --- zodiac encounter simulate -------------------------------------------------------------

SIMULATE_EPILOG = (
    "\b\nExamples:\n"
    "  zodiac encounter simulate --party content/examples/zodiac/characters/amos.yaml "
    "content/examples/zodiac/characters/rook.yaml --vs goblin:3 ogre\n"
    "  zodiac encounter simulate --party content/examples/zodiac/characters/amos.yaml "
    "content/examples/zodiac/characters/mira.yaml --vs ogre:2 --runs 2000 --seed 7 "
    "--plot fight.svg\n"
    "  zodiac encounter simulate --party content/examples/zodiac/characters/amos.yaml --vs lich "
    "--tactics party=focus-weakest,heal-below:40 vs=random --format json\n\n"
    "\b\n--party, --vs and --tactics each take several values after one flag.\n"
    "Tactics per side (party=... vs=..., comma-separated words):\n"
    "  random | focus-weakest | focus-strongest  who single-target moves aim at\n"
    "  heal-below:N   heal the most hurt ally when one is under N% HP (default 30; 0: never)\n"
    "  techs | attack-only   spend MP on damage Techs when they promise more (default techs)\n"
    "  save-mp:N      keep N% of max MP for healing (default 0)\n"
    "Monster ids are looked up in the party's content project (or --project DIR).\n"
    "Same --seed and --runs, same numbers, whatever --jobs says.\n"
    "Left out: Command Skills, statuses, potions, Defend, most monster powers, Map\n"
    "Combat (see the manual, 'Encounter simulator')."
)

MAX_FIGHTERS = 32  # bounded work: a fight of more than this is not an encounter
MAX_SIM_ROUNDS = 1000
V_TITLE_CHARS = 70  # the plot's title line (views.simulate.TITLE_CHARS)


class GreedyOptions(typer.core.TyperCommand):
    """Lets ``--party a.yaml b.yaml`` mean ``--party a.yaml --party b.yaml`` (the same for
    ``--vs`` and ``--tactics``): every word after one of them, up to the next option."""

    greedy = ("--party", "-p", "--vs", "--tactics")

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        out: list[str] = []
        current: str | None = None
        waiting = False  # a greedy flag given no value yet: let click say so
        for i, arg in enumerate(args):
            if arg == "--":
                out.extend(args[i:])
                break
            if arg in self.greedy:
                if waiting and current is not None:
                    out.append(current)
                current, waiting = arg, True
                continue
            if arg.startswith("-") and len(arg) > 1 and not arg[1].isdigit():
                if waiting and current is not None:
                    out.append(current)
                current, waiting = None, False
                out.append(arg)
                continue
            if current is not None:
                out += [current, arg]
                waiting = False
            else:
                out.append(arg)
        if waiting and current is not None:
            out.append(current)
        return super().parse_args(ctx, out)


def _tactics(values: list[str]) -> tuple[Any, Any]:
    """``party=... vs=...`` -> (party Tactics, foes Tactics); bad text is a usage error."""
    from builder.errors import UsageError
    from builder.rulesets.zodiac.rules.simulate import Tactics, TacticsError, parse_tactics

    sides = {"party": Tactics(), "vs": Tactics()}
    for value in values:
        who, sep, text = value.partition("=")
        who = {"foes": "vs", "monsters": "vs"}.get(who.strip().lower(), who.strip().lower())
        if not sep or who not in sides:
            raise UsageError(
                f"--tactics {value!r}: write SIDE=WORDS with SIDE party or vs, "
                "e.g. --tactics party=focus-weakest,heal-below:30 vs=random"
            )
        try:
            sides[who] = parse_tactics(text, sides[who])
        except TacticsError as exc:
            raise UsageError(f"--tactics {who}: {exc}") from None
    return sides["party"], sides["vs"]


def _fighters(
    party: list[Path], vs: list[str], project: Path | None
) -> tuple[Any, list[Any], dict[str, list[str]]]:
    """The party's characters and the monsters, built once: (ruleset, fighters, skipped)."""
    from builder.cli.mount import serving
    from builder.diagnostics import did_you_mean, display_path
    from builder.errors import ContentErrors, UsageError
    from builder.io.project import find_project_root
    from builder.models.base import norm_id
    from builder.problems import Severity
    from builder.rulesets.zodiac.views.simulate import character_fighter, monster_fighter
    from builder.workspace import open_workspace

    if not party:
        raise UsageError("--party needs at least one character file, e.g. --party amos.yaml")
    if not vs:
        raise UsageError("--vs needs at least one monster id or file, e.g. --vs goblin:3 ogre")
    for f in party:
        if not f.is_file():
            raise UsageError(f"--party {f}: no such file")
    parsed = [parse_ref(a) for a in vs]
    if project is not None and not project.is_dir():
        raise UsageError(f"--project {project}: no such folder")
    root = project or find_project_root(party[0].resolve().parent) or find_project_root(Path.cwd())
    ws = open_workspace([root, *party] if root is not None else list(party))
    if ws.rule_set.id != RULESET.id:
        raise UsageError(
            f"`zodiac encounter simulate` is ZODIAC's: it plays ZODIAC combat (Ch. VI); "
            f"this project's rule set is {ws.rule_set.label} ({ws.rule_set.id!r}), and no "
            "command simulates its fights"
        )
    errors: dict[str, list[Any]] = {}
    for d in ws.report.diagnostics:
        if d.severity is Severity.ERROR:
            errors.setdefault(d.path, []).append(d)
    used: list[Any] = []
    built: list[Any] = []
    for f in party:
        chars = [e for e in ws.entities_in(f) if e.kind == "character"]
        if not chars:
            if errors.get(display_path(f)):
                raise ContentErrors(errors[display_path(f)])
            raise UsageError(
                f"--party {f}: the file holds no `kind: character` document; {serving(ws, f)}"
            )
        used += chars
    monsters = {e.id: e for e in ws.content.of_kind("monster")}
    foes: list[tuple[Any, Any, int]] = []
    for ref, count in parsed:
        if _is_file_ref(ref):
            found = [e for e in ws.entities_in(Path(ref)) if e.kind == "monster"]
            own = ws
            if not found:
                found = _monsters_in(Path(ref))
                own = open_workspace([Path(ref)])
                found = [e for e in own.entities_in(Path(ref)) if e.kind == "monster"]
            if len(found) > 1:
                ids = ", ".join(e.id for e in found)
                raise UsageError(f"{ref} holds {len(found)} monsters ({ids}); name one by id")
            foes.append((own, found[0], count))
        else:
            if root is None:
                raise UsageError(
                    "monster ids need a content project: keep the party in one (a folder "
                    "with zodiac.yaml), pass --project DIR, or name monster files instead"
                )
            entity = monsters.get(norm_id(ref))
            if entity is None:
                raise UsageError(
                    f"--vs {ref}: no monster with id {norm_id(ref)!r} in the project"
                    f"{did_you_mean(norm_id(ref), monsters)}"
                )
            foes.append((ws, entity, count))
        used.append(foes[-1][1])
    paths = dict.fromkeys(display_path(e.doc.path) for e in used)
    broken = [d for p in paths for d in errors.pop(p, [])]
    if broken:
        raise ContentErrors(broken)
    total = len(used) - len(foes) + sum(count for _, _, count in foes)
    if total > MAX_FIGHTERS:
        raise UsageError(f"{total} fighters: the simulator plays at most {MAX_FIGHTERS}")
    skipped: dict[str, list[str]] = {}
    names: set[str] = set()

    def unique(name: str) -> str:
        out, n = name, 1
        while out in names:
            n += 1
            out = f"{name} ({n})"
        names.add(out)
        return out

    for entity in used[: len(used) - len(foes)]:
        b = character_fighter(ws, entity)
        name = unique(b.fighter.name)
        built.append(_renamed(b.fighter, name))
        skipped[name] = list(b.skipped)
    for own, entity, count in foes:
        b = monster_fighter(own, entity)
        for n in range(count):
            label = f"{b.fighter.name} {n + 1}" if count > 1 else b.fighter.name
            name = unique(label)
            built.append(_renamed(b.fighter, name))
            skipped.setdefault(b.fighter.name, list(b.skipped))
    return ws.settings, built, skipped


def _renamed(fighter: Any, name: str) -> Any:
    from dataclasses import replace

    return replace(fighter, name=name)


@app.command("simulate", cls=GreedyOptions, epilog=SIMULATE_EPILOG)
@handle_user_errors
def simulate_cmd(
    party: Annotated[
        list[Path] | None,
        typer.Option("--party", "-p", help="Character files of the party (several may follow)."),
    ] = None,
    vs: Annotated[
        list[str] | None,
        typer.Option("--vs", help="Monster ids or files with counts: goblin:3 ogre."),
    ] = None,
    runs: Annotated[
        int, typer.Option("--runs", min=1, max=1_000_000, help="Battles to play.")
    ] = 10_000,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed for the dice (default: a random one).")
    ] = None,
    tactics: Annotated[
        list[str] | None,
        typer.Option(
            "--tactics",
            help="Tactics per side: party=focus-weakest,heal-below:30 vs=random.",
        ),
    ] = None,
    plot: Annotated[
        Path | None, typer.Option("--plot", help="Write the rounds histogram as an SVG file.")
    ] = None,
    project: Annotated[
        Path | None,
        typer.Option("--project", help="Content project to look monster ids up in."),
    ] = None,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", min=1, max=64, help="Processes to play in parallel.")
    ] = 2,
    max_rounds: Annotated[
        int,
        typer.Option(
            "--max-rounds",
            min=1,
            max=MAX_SIM_ROUNDS,
            help="Rounds after which a fight still going counts as a stalemate.",
        ),
    ] = 100,
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.text,
) -> None:
    """Play a fight thousands of times (Ch. VI): win rate, rounds, HP and MP left, who falls."""
    import random

    from builder.cli.output import print_json
    from builder.errors import UsageError
    from builder.rulesets.zodiac.rules import simulate as S
    from builder.rulesets.zodiac.views import simulate as V

    if plot is not None and plot.suffix.lower() != ".svg":
        raise UsageError(
            f"--plot {plot}: the plot is an SVG file (name it .svg); "
            "for a PNG convert it, e.g. rsvg-convert -o plot.png plot.svg"
        )
    sides = _tactics(tactics or [])
    ruleset, fighters, skipped = _fighters(party or [], vs or [], project)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    plan = S.prepare(fighters, sides, cap=V.fight_cap(ruleset), max_rounds=max_rounds)
    tally = S.simulate(plan, runs, seed, workers=jobs)
    rep = V.report(plan, tally, seed, skipped)
    if plot is not None:
        from builder.io.atomic import write_text_atomic

        write_text_atomic(plot, V.histogram_svg(rep, _title(fighters)))
    if fmt is Format.json:
        print_json({**rep.to_json(), **({"plot": str(plot)} if plot is not None else {})})
        return
    _print_simulation(rep, plot)


def _title(fighters: list[Any]) -> str:
    """``Amos, Rook vs Goblin x3, Ogre``: the party by name, the foes by kind and count."""
    party = ", ".join(f.name for f in fighters if f.side == 0)
    kinds: dict[str, int] = {}
    for f in fighters:
        if f.side == 1:
            base = f.name.rsplit(" ", 1)[0] if f.name.rsplit(" ", 1)[-1].isdigit() else f.name
            kinds[base] = kinds.get(base, 0) + 1
    foes = ", ".join(k if n == 1 else f"{k} x{n}" for k, n in kinds.items())
    full = f"{party} vs {foes}"
    if len(full) <= V_TITLE_CHARS:
        return full
    count = sum(1 for f in fighters if f.side == 0)
    return f"Party of {count} vs {foes}"


def _print_simulation(rep: Any, plot: Path | None) -> None:
    from rich import box
    from rich.table import Table

    from builder.cli.output import console, safe

    o = rep.outcomes
    pct = lambda n: f"{n / rep.runs:.1%}"  # noqa: E731
    console.print(
        f"[bold]Encounter simulation[/bold]: {rep.runs:,} runs, seed {rep.seed} "
        f"(tactics: party {safe(rep.tactics['party'])}; vs {safe(rep.tactics['vs'])})",
        soft_wrap=True,
    )
    line = f"Party wins [bold]{pct(o['party'])}[/bold] ({o['party']:,}); foes win {pct(o['foes'])}"
    if o["both_fall"]:
        line += f"; both sides fall {pct(o['both_fall'])}"
    if o["stalemate"]:
        line += f"; stalemate after {rep.max_rounds} rounds {pct(o['stalemate'])}"
    console.print(line, soft_wrap=True)
    r = rep.rounds
    console.print(
        f"Rounds: median {r['median']}, p10-p90 {r['p10']}-{r['p90']}, mean {r['mean']}",
        soft_wrap=True,
    )
    table = Table(box=box.SIMPLE_HEAVY, title_justify="left")
    for col, just in (("Side", "left"), ("Fighter", "left"), ("HP left", "right")):
        table.add_column(col, justify=just)  # type: ignore[arg-type]
    table.add_column("MP left", justify="right")
    table.add_column("Falls", justify="right")
    for f in rep.fighters:
        table.add_row(
            f["side"],
            safe(f["name"]),
            f"{f['hp_left_mean']:,.0f} / {f['hp']:,}",
            f"{f['mp_left_mean']:,.0f} / {f['mp']:,}",
            pct(f["fell"]),
        )
    console.print(table)
    _print_histogram(rep)
    if rep.not_modelled:
        console.print("[dim]Not played (the simulation leaves them out):[/dim]")
        for who, what in rep.not_modelled.items():
            console.print(f"[dim]  {safe(who)}: {safe(', '.join(what))}[/dim]", soft_wrap=True)
    if plot is not None:
        console.print(f"Histogram written to {safe(plot)}", soft_wrap=True)


def _print_histogram(rep: Any) -> None:
    from builder.cli.output import console

    colours = {"party": "blue", "foes": "red", "both_fall": "white", "stalemate": "yellow"}
    rows = rep.histogram
    peak = max(sum(row[k] for k in colours) for row in rows)
    width = 50
    console.print("Rounds until the fight ended ([blue]party wins[/blue], [red]foes win[/red]):")
    for row in rows:
        total = sum(row[k] for k in colours)
        if not total and len(rows) > 30:
            continue
        bar = ""
        for key, colour in colours.items():
            cells = round(width * row[key] / peak)
            if cells:
                bar += f"[{colour}]{'█' * cells}[/{colour}]"
        console.print(f"{row['rounds']:>4} {bar} {total:,}", soft_wrap=True, highlight=False)
