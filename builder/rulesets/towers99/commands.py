"""`zodiac tool`: 99 Towers' table helpers (issue 11: the combat clock; issue 23: damage),
mounted through the registry (``RULESET.commands``).

`zodiac tool clock` places a combatant on the 99 Towers Combat Clock from its calculated
initiative and walks it through the actions it takes; given the project's combatants, it
orders those sharing a phase (L17). `zodiac tool damage` lands one attack on a combatant. The arithmetic is the rule set's
(``builder.rulesets.towers99.rules.combat``), imported inside the command so that
`zodiac --help` loads no rule of it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from builder.cli.errors import handle_user_errors
from builder.cli.validate import Format
from builder.cli.wizard import new_command

if TYPE_CHECKING:
    from builder.cli.mount import Board
    from builder.io.project import Entity
    from builder.workspace import Workspace

app = typer.Typer(
    help="Table helpers: numbers a Master needs at the table.",
    no_args_is_help=True,
    rich_markup_mode=None,
)

CLOCK_EPILOG = (
    "\b\nExamples:\n"
    "  zodiac tool clock --initiative 15\n"
    "  zodiac tool clock --initiative 15 --surprised\n"
    "  zodiac tool clock --initiative 15 --after attack --after 'shift+aim' --format json\n\n"
    "An ACTION is an action of the 99 Towers Action List ('Combat Move', reload-a-weapon),\n"
    "shift+ACTION for Shift Position added to it (2 + its cost), or opportunity-attack (+3).\n"
    "Several may be given in one --after, separated by commas. `phases` lists the phase the\n"
    "combatant acts in first, then after each action.\n\n"
    "\b\nCombatants sharing a phase (ids from the project here or in --project DIR):\n"
    "  zodiac tool clock --combatant tony-wrongway-wright=15 --combatant bandit=15 --project content/examples/99-towers\n"
    "  zodiac tool clock --combatant jimmy-arkham=9@16 --combatant bandit=4@16 --flip jimmy-arkham=12 --project content/examples/99-towers\n\n"
    "ID=CI is a combatant and its Calculated Initiative; @PHASE is the phase it is in now\n"
    "(default: the phase it starts in). Ties go to the higher Calculated Initiative, then\n"
    "the higher Initiative <N>, then the higher Soft Strength [SS], then a flip (--flip\n"
    "ID=CARD: the card each kept; the high card counts as higher all combat)."
)

DAMAGE_EPILOG = (
    "\b\nExamples:\n"
    "  zodiac tool damage heavy-rifle --hearts 2 --vs bandit --project content/examples/99-towers\n"
    "  zodiac tool damage heavy-rifle --hearts 2 --vs bandit --by tony-wrongway-wright --at 14,3 --project content/examples/99-towers\n"
    "  zodiac tool damage ember-wand --hearts 1 --vs berhardt-potter --by berhardt-potter --project content/examples/99-towers\n"
    "  zodiac tool damage squeeze --hearts 1 --by shadow-revenant --vs jimmy-arkham --project content/examples/99-towers\n"
    "  zodiac tool damage longblade --hearts 0 --by jimmy-arkham --vs bandit --friends 2 --foes 1 --project content/examples/99-towers\n\n"
    "WEAPON is a weapon id of the project (here or --project DIR), or squeeze / slam for a\n"
    "grappler's damage (Hard Strength + its size - the victim's, --by needed). STUN is the\n"
    "damage (+ the wielder's <PX> where the weapon adds it) + Hearts - the target's <ER>\n"
    "(Physical) or <IR> (Arcane), at least 1; LETHAL 1 per Heart, never more than the STUN;\n"
    "immunity takes none, susceptibility doubles both. With --by the attacker's flip, size\n"
    "shifts and range are worked out too; --at DX,DY counts the squares to the target\n"
    "(diagonals 1, 2, 1, 2 ...). The target's STUN and LETHAL after the hit start from\n"
    "its maximum unless --stun-now / --lethal-now say otherwise; temporary points go first."
)


def _steps(after: list[str]) -> list[str]:
    from builder.models.base import norm_id

    out = []
    for value in after:
        for part in value.split(","):
            if not part.strip():
                continue
            shift, plus, rest = part.partition("+")
            if plus and norm_id(shift) in ("shift", "shift-position"):
                out.append(f"shift+{norm_id(rest)}")
            else:
                step = norm_id(part)
                out.append("opportunity-attack" if step in ("oa", "opportunity-attack") else step)
    return out


def _workspace(project: Path | None) -> Workspace:
    """The 99 Towers project in --project DIR, or the one holding the current folder."""
    from builder.errors import ContentErrors, UsageError
    from builder.io.project import PROJECT_FILE, find_project_root
    from builder.workspace import has_errors, open_workspace

    if project is not None:
        if not (project / PROJECT_FILE).is_file():
            raise UsageError(f"--project {project}: no {PROJECT_FILE} in that folder")
        root = project
    else:
        found = find_project_root(Path.cwd())
        if found is None:
            raise UsageError(
                "combatant and weapon ids need a 99 Towers project: run inside one (a folder "
                f"with {PROJECT_FILE}) or pass --project DIR"
            )
        root = found
    ws = open_workspace([root])
    if ws.rule_set.id != "99-towers":
        raise UsageError(
            f"`zodiac tool` is 99 Towers'; {root} is a {ws.rule_set.label} project "
            "(`zodiac rulesets` lists which commands each rule set has)"
        )
    if has_errors(ws.report.diagnostics):
        raise ContentErrors(ws.report.sorted())
    return ws


def _entity(ws: Workspace, kind: str, ref: str, option: str) -> Entity:
    from builder.diagnostics import did_you_mean
    from builder.errors import UsageError
    from builder.models.base import norm_id

    found = {e.id: e for e in ws.content.of_kind(kind)}
    key = norm_id(ref)
    if key not in found:
        raise UsageError(
            f"{option} {ref}: no {kind} with id {key!r} in the project{did_you_mean(key, found)}"
        )
    return found[key]


def _pair(text: str, option: str, what: str) -> tuple[str, int, int | None]:
    """'ID=N' or 'ID=N@PHASE' -> (ID, N, PHASE or None)."""
    from builder.errors import UsageError

    ref, eq, rest = text.partition("=")
    number, at, phase = rest.partition("@")
    try:
        if not (eq and ref.strip()):
            raise ValueError
        return ref.strip(), int(number), (int(phase) if at else None)
    except ValueError as err:
        raise UsageError(f"{option} {text}: write ID={what}, e.g. bandit=15") from err


def _order(
    ws: Workspace, specs: list[str], flips: list[str]
) -> tuple[list[Any], list[Any], dict[str, str]]:
    """The standings of ``-c`` and what each phase's order is (L17)."""
    from builder.errors import UsageError
    from builder.rulesets.towers99.rules import combat as C

    cards = {}
    for text in flips:
        ref, card, _ = _pair(text, "--flip", "CARD")
        cards[_entity(ws, "combatant", ref, "--flip").id] = card
    standings, names = [], {}
    for text in specs:
        ref, ci, phase = _pair(text, "--combatant", "CI or ID=CI@PHASE")
        e = _entity(ws, "combatant", ref, "--combatant")
        if e.id in names:
            raise UsageError(f"--combatant {text}: {e.id} is given twice")
        names[e.id] = e.model.name
        start = C.start_phase(ci)
        standings.append(
            C.Standing(
                e.id,
                start if phase is None else phase,
                ci,
                e.model.values.n,
                e.model.strength.soft,
                cards.get(e.id),
            )
        )
    return standings, C.clock_order(standings), names


@app.command("clock", epilog=CLOCK_EPILOG)
@handle_user_errors
def clock(
    initiative: Annotated[
        int | None,
        typer.Option("--initiative", "-i", help="Calculated Initiative (card + [N])."),
    ] = None,
    surprised: Annotated[
        bool, typer.Option("--surprised", help="Unaware of the foes: 10 phases later.")
    ] = False,
    after: Annotated[
        list[str] | None,
        typer.Option("--after", "-a", help="An action taken, in order (repeatable)."),
    ] = None,
    combatant: Annotated[
        list[str] | None,
        typer.Option(
            "--combatant", help="ID=CI or ID=CI@PHASE: a combatant in the order (repeatable)."
        ),
    ] = None,
    flip: Annotated[
        list[str] | None,
        typer.Option("--flip", help="ID=CARD: the card a tie-breaking flip kept (repeatable)."),
    ] = None,
    project: Annotated[
        Path | None, typer.Option("--project", help="The 99 Towers project of the ids.")
    ] = None,
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.text,
) -> None:
    """99 Towers: the phase a combatant first acts in, after each action it takes, and
    who goes first among combatants sharing a phase."""
    from builder.cli.output import console, print_json, safe
    from builder.errors import UsageError
    from builder.rulesets.towers99.rules import combat as C
    from builder.rulesets.towers99.tables import ACTIONS_BY_ID, TIE_BREAKS

    if initiative is None and not combatant:
        raise UsageError("give --initiative N, or --combatant ID=CI for each combatant to order")
    if flip and not combatant:
        raise UsageError("--flip settles a tie between --combatant ones: give those too")
    out: dict[str, Any] = {}
    steps = _steps(after or [])
    if initiative is not None:
        try:
            start = C.start_phase(initiative, surprised)
            phases = [start, *C.clock_steps(start, steps)]
        except C.RuleError as err:
            known = ", ".join(ACTIONS_BY_ID)
            hint = f" (actions: {known}, opportunity-attack)" if "no action" in str(err) else ""
            raise UsageError(f"{err}{hint}") from err
        out.update(start_phase=start, phases=phases)
    elif steps or surprised:
        raise UsageError("--after and --surprised go with --initiative N")
    names: dict[str, str] = {}
    if combatant:
        try:
            standings, order, names = _order(_workspace(project), combatant, flip or [])
        except C.RuleError as err:
            raise UsageError(str(err)) from err
        out["combatants"] = [
            {"id": s.id, "phase": s.phase, "calculated": s.calculated, "n": s.n, "ss": s.ss}
            | ({"flip": s.flip} if s.flip is not None else {})
            for s in standings
        ]
        out["order"] = [
            {
                "phase": p.phase,
                "combatants": list(p.order),
                "ties": [
                    {"first": t.first, "second": t.second, "by": t.by, "settled": t.settled}
                    for t in p.ties
                ],
            }
            for p in order
        ]
    if fmt is Format.json:
        print_json(out)
        return
    if initiative is not None:
        why = f"20 - min({initiative}, 20)" + (" + 10 (surprised)" if surprised else "")
        console.print(f"[bold]First acts in phase {out['start_phase']}[/bold]  ({why})")
        for step, before, now in zip(steps, out["phases"][:-1], out["phases"][1:], strict=True):
            console.print(f"  {safe(step)}: phase {before} -> {now} (+{now - before})")
    said = dict(TIE_BREAKS)
    for p in out.get("order", []):
        console.print(f"[bold]Phase {p['phase']}[/bold]")
        console.print(f"  1. {safe(names[p['combatants'][0]])}")
        for n, t in enumerate(p["ties"], start=2):
            if not t["settled"]:
                how = "tied on everything: flip, the high card goes first (L17)"
            elif t["by"] == "flip":
                how = f"{safe(names[t['first']])} kept the higher card"
            else:
                how = f"{safe(names[t['first']])} has the higher {said[t['by']]}"
            console.print(f"  {n}. {safe(names[t['second']])}  ({safe(how)})")


@app.command("damage", epilog=DAMAGE_EPILOG)
@handle_user_errors
def damage(
    weapon: Annotated[str, typer.Argument(help="A weapon id of the project, or squeeze / slam.")],
    target: Annotated[str, typer.Option("--vs", help="The combatant hit (an id).")],
    hearts: Annotated[
        int, typer.Option("--hearts", min=0, max=99, help="Hearts in the attack flip.")
    ] = 0,
    by: Annotated[str | None, typer.Option("--by", help="The attacking combatant (an id).")] = None,
    px: Annotated[
        int | None,
        typer.Option("--px", min=0, max=99, help="The wielder's <PX> when --by is not named."),
    ] = None,
    power_attack: Annotated[
        bool, typer.Option("--power-attack", help="Power Attack: +2 damage, flip-1.")
    ] = False,
    off_hand: Annotated[
        bool, typer.Option("--off-hand", help="The weapon is in the off hand: flip-1.")
    ] = False,
    stance: Annotated[
        str | None,
        typer.Option("--stance", help="Dual-wielding two melee weapons: aggressive or defensive."),
    ] = None,
    at: Annotated[
        str | None, typer.Option("--at", help="DX,DY: squares across and down to the target.")
    ] = None,
    cover: Annotated[
        str, typer.Option("--cover", help="The target's cover: none, soft, hard or total.")
    ] = "none",
    friends: Annotated[
        int | None,
        typer.Option("--friends", min=1, max=99, help="Your side in the melee, you included."),
    ] = None,
    foes: Annotated[
        int | None, typer.Option("--foes", min=1, max=99, help="Enemies in the melee.")
    ] = None,
    high_ground: Annotated[
        bool, typer.Option("--high-ground", help="Attacking from higher ground: shift+1.")
    ] = False,
    flat_footed: Annotated[
        bool, typer.Option("--flat-footed", help="The target has not acted yet: no [SS] on PD.")
    ] = False,
    stun_now: Annotated[
        int | None, typer.Option("--stun-now", min=0, max=999, help="The target's STUN now.")
    ] = None,
    lethal_now: Annotated[
        int | None,
        typer.Option("--lethal-now", min=-999, max=999, help="The target's LETHAL now."),
    ] = None,
    temp_stun: Annotated[
        int, typer.Option("--temp-stun", min=0, max=999, help="Its temporary STUN.")
    ] = 0,
    temp_lethal: Annotated[
        int, typer.Option("--temp-lethal", min=0, max=999, help="Its temporary LETHAL.")
    ] = 0,
    project: Annotated[
        Path | None, typer.Option("--project", help="The 99 Towers project of the ids.")
    ] = None,
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.text,
) -> None:
    """99 Towers: one attack as it lands: STUN after resilience, LETHAL, each side's flip."""
    from builder.cli.output import console, print_json, safe
    from builder.errors import UsageError
    from builder.models.base import norm_id
    from builder.rulesets.towers99.rules import combat as C
    from builder.rulesets.towers99.views import damage as D

    if stance is not None and stance not in ("aggressive", "defensive"):
        raise UsageError(f"--stance {stance}: aggressive or defensive")
    where = None
    if at is not None:
        try:
            dx, dy = (int(x) for x in at.split(","))
            where = (dx, dy)
        except ValueError as err:
            raise UsageError(f"--at {at}: write DX,DY, e.g. --at 3,2") from err
    ws = _workspace(project)
    hit = _entity(ws, "combatant", target, "--vs")
    attacker = _entity(ws, "combatant", by, "--by") if by is not None else None
    key = norm_id(weapon)
    weapons = {e.id: e for e in ws.content.of_kind("weapon")}
    if key not in weapons and key not in D.GRAPPLE_DAMAGE:
        _entity(ws, "weapon", weapon, "WEAPON")  # says what is there
    w = weapons[key].model if key in weapons else None
    options = D.Options(
        hearts=hearts, px=px, power_attack=power_attack, off_hand=off_hand, stance=stance,
        at=where, cover=cover.lower(), friends=friends, foes=foes, high_ground=high_ground,
        flat_footed=flat_footed,
        stun_now=stun_now, lethal_now=lethal_now, temp_stun=temp_stun, temp_lethal=temp_lethal,
    )  # fmt: skip
    try:
        report = D.attack_report(
            key,
            w,
            hit.id,
            hit.model,
            attacker.id if attacker else None,
            attacker.model if attacker else None,
            options,
        )
    except C.RuleError as err:
        raise UsageError(str(err)) from err
    if fmt is Format.json:
        print_json(report)
        return
    d, after = report["damage"], report["after"]
    title = w.name if w is not None else key.title()
    who = f"{safe(attacker.model.name)}'s " if attacker else ""
    console.print(
        f"[bold]{who}{safe(title)} with {hearts} Hearts on {safe(hit.model.name)}: "
        f"{d['stun']} STUN, {d['lethal']} LETHAL[/bold]"
    )
    console.print(f"  STUN: {safe(D.damage_line(report))}")
    for note in d["notes"]:
        console.print(f"  {safe(note)}")
    console.print(
        f"  LETHAL: 1 per Heart, never more than the STUN taken (L211)"
        f"; first blood in a duel: {'yes' if d['first_blood'] else 'no'} (L317-318)"
    )
    if report.get("size"):
        s = report["size"]
        console.print(
            f"  Size: the {s['attacker']} attacker's <PA> flip "
            f"{C.modifier_text({'shift': s['attacker_shift']})}, the {s['target']} target's "
            f"defense flip {C.modifier_text({'shift': s['target_shift']})} (L136)"
        )
    if report["distance"] is not None:
        console.print(f"  Distance: {report['distance']} spaces (diagonals 1, 2, 1, 2 ..., L324)")
    if report["flip"]:
        for side in ("attacker", "defender"):
            f = report["flip"][side]
            if f["cards"] is None:
                cards = f"the wielder's <{f['value']}>"
            else:
                cards = (
                    f"{f['cards']} ("
                    + " + ".join(f"{t['amount']} {t['label']}" for t in f["cards_terms"])
                    + ")"
                )
            mods = "; ".join(f"{m['modifier']} {m['why']}" for m in f["modifiers"])
            console.print(
                f"  {side.title()} flips {safe(cards)}: {f['net']}"
                + (f" ({safe(mods)})" if mods else "")
            )
    st, le = after["stun"], after["lethal"]
    temp = f" (+{st['temporary']} temporary)" if st["temporary"] else ""
    ltemp = f" (+{le['temporary']} temporary)" if le["temporary"] else ""
    console.print(
        f"  After: STUN {st['current']}/{st['maximum']}{temp}"
        f"{' unconscious' if after['unconscious'] else ''}, "
        f"LETHAL {le['current']}/{le['maximum']}{ltemp} {after['state']} "
        f"(dead at {after['dead_at']}); {after['rest_hours']} hours' rest to heal the "
        "LETHAL lost (1 per 8 hours, L247)"
    )


combatant_app = typer.Typer(
    help="Combatants: make one by answering the sheet's questions.",
    no_args_is_help=True,
    rich_markup_mode=None,
)

NEW_EPILOG = (
    "\b\n99 Towers (a project with ruleset: 99-towers; in a terminal, just: zodiac combatant new):\n"
    "  zodiac combatant new --project content/examples/99-towers "
    "--answers content/examples/answers/99-towers-combatant.yaml\n\n"
    "It asks the name, the size (Creature Sizes), Initiative [N] and the Combat Values\n"
    "(n=2,pa=4,...), Strength (soft=2,hard=2), Endurance, STUN, LETHAL, immunities,\n"
    "susceptibilities, weapons and, for a companion, its master and type, showing Size\n"
    "Rank, the phase a King puts it in, dead at and grapple as they change; `back` returns\n"
    "to the previous question. --answers FILE takes the same keys (name, size, values,\n"
    "strength, endurance, stun, lethal, immunities, susceptibilities, weapons, owner,\n"
    "companion_type); a key left out takes the default. The file goes to the project's\n"
    "combatants/ folder, then `zodiac show` prints it. Exit codes: 0 written, 2 misuse (no\n"
    "terminal and no --answers, a refused answer in FILE, the file exists), 130\n"
    "interrupted (nothing written)."
)


def _maker(ws: Workspace, replaces: Any) -> Any:
    from builder.rulesets.towers99.wizard import CombatantWizard

    return CombatantWizard(ws.content, replaces=replaces)


new = new_command(
    ruleset="99-towers",
    folder="combatants",
    make=_maker,
    intro="A new 99 Towers combatant, step by step (the combat chapter's values).",
    doc="Make a new combatant by answering the sheet's questions, one at a time.",
)
combatant_app.command("new", epilog=NEW_EPILOG)(handle_user_errors(new))


def mount(board: Board) -> None:
    """Add `zodiac tool` and `zodiac combatant new` to the app (99 Towers' kinds are shown
    by `zodiac show`)."""
    board.add_group("tool", app)
    board.add_group("combatant", combatant_app)
