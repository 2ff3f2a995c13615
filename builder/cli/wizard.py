"""The terminal side of the creation wizards (issue 26): `character new` of any rule set.

Questions are asked with prompt_toolkit's line prompt, not a menu: the contract types
`back`, `y` and `str=11,mag=6,...` as words at any question, which a line prompt takes
as it is and a pseudo-terminal test drives answer by answer (a menu wants arrow keys);
the library adds what a user expects of a prompt: Tab completes the question's choices
and `back`, line editing, and the answers given so far as history (Up). Refusals stay
our own loop (`builder.wizard.Wizard.ask_all`): the reason, then the same question.
A rule set gives a `Maker` (its questions, the file they make, `validate`'s errors for
it); this module asks, or reads `--answers FILE` and `--set FIELD=VALUE`, then writes
the file safely and shows it. It names no rule set.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Protocol

import typer

from builder.cli.errors import shown

NEW_OPTIONS_HELP = {
    "project": "The project (default: the one holding the current folder).",
    "answers": "A YAML mapping of answers keyed by the kind's field names (no terminal).",
    "out": "Write here instead of PROJECT/<kind's folder>/<name>.yaml.",
    "force": "Overwrite the file if it already exists.",
    "set": "One answer as FIELD=VALUE, VALUE read as YAML (name=Vivi, "
    "base_stats=str=11,mag=6,...); repeatable, over --answers FILE; no terminal.",
}

# The options every `new` wizard takes: `new_command` declares them for a rule set's
# `KIND new`; a command with options of its own (`monster new --open`) declares these too.
ProjectOpt = Annotated[Path | None, typer.Option("--project", help=NEW_OPTIONS_HELP["project"])]
AnswersOpt = Annotated[Path | None, typer.Option("--answers", help=NEW_OPTIONS_HELP["answers"])]
SetOpt = Annotated[
    list[str] | None,
    typer.Option("--set", metavar="FIELD=VALUE", help=NEW_OPTIONS_HELP["set"]),
]
OutOpt = Annotated[Path | None, typer.Option("--out", "-o", help=NEW_OPTIONS_HELP["out"])]
ForceOpt = Annotated[bool, typer.Option("--force", help=NEW_OPTIONS_HELP["force"])]


class Maker(Protocol):
    """What a rule set's wizard gives the terminal: questions, the file, its errors."""

    def questions(self) -> list[Any]: ...

    def render(self, answers: dict[str, Any], *, schema: str | None = None) -> str: ...

    def problems(self, answers: dict[str, Any]) -> list[tuple[tuple, str]]: ...


def interactive() -> bool:
    """Questions only on a terminal; scripts get a usage error instead of a hang."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def project_root(project: Path | None) -> Path:
    """``--project``, else the project holding the current folder; else a usage error."""
    from builder.errors import UsageError
    from builder.io.project import PROJECT_FILE, find_project_root

    if project is not None:
        if not (project / PROJECT_FILE).is_file():
            raise UsageError(f"--project {project}: no {PROJECT_FILE} in that folder")
        return project
    root = find_project_root(Path.cwd())
    if root is None:
        raise UsageError(
            f"no {PROJECT_FILE} here or above: run `zodiac init my-campaign`, then "
            "`cd my-campaign` and run this again (or pass --project)"
        )
    return root


def read_answers(path: Path) -> dict[str, Any]:
    """The answers file: one YAML mapping, read by the careful loader (no tags)."""
    from builder.errors import UsageError
    from builder.io.yaml import load_file

    if not path.is_file():
        raise UsageError(f"--answers {path}: no such file")
    loaded = load_file(path)
    if loaded.problems or len(loaded.documents) != 1:
        why = loaded.problems[0][1].message if loaded.problems else "one YAML document expected"
        raise UsageError(f"--answers {path}: {why}")
    data = loaded.documents[0].data
    if not isinstance(data, dict):
        raise UsageError(f"--answers {path}: a mapping of field names to answers expected")
    return data


def read_sets(sets: list[str]) -> dict[str, Any]:
    """``--set FIELD=VALUE`` flags as a mapping, each VALUE read as YAML by the careful
    loader (no tags), so ``base_stats='{str: 11}'`` and ``base_stats=str=11,mag=6`` both
    reach the question's own reader; an empty VALUE leaves the field at its default."""
    from builder.errors import UsageError
    from builder.io.yaml import load_text

    given: dict[str, Any] = {}
    for flag in sets:
        key, eq, value = flag.partition("=")
        key = key.strip()
        if not eq or not key:
            raise UsageError(f"--set {flag}: write FIELD=VALUE, e.g. --set name=Vivi")
        if not value.strip():
            given.pop(key, None)
            continue
        loaded = load_text(value, Path(f"<--set {key}>"))
        if loaded.problems or len(loaded.documents) != 1:
            why = loaded.problems[0][1].message if loaded.problems else "one YAML value expected"
            raise UsageError(f"--set {key}: {why}")
        given[key] = loaded.documents[0].data
    return given


class LineAsker:
    """prompt_toolkit's line prompt for one wizard run: Tab completes the words the
    question takes (`offer`), Up recalls earlier answers (history in memory only).

    Cursor position requests are off: a pseudo-terminal (pexpect, a CI log, some
    terminal multiplexers) never answers them, and prompt_toolkit would wait and warn.
    """

    def __init__(self) -> None:
        import os
        import re

        from prompt_toolkit import PromptSession
        from prompt_toolkit.completion import WordCompleter
        from prompt_toolkit.history import InMemoryHistory

        os.environ.setdefault("PROMPT_TOOLKIT_NO_CPR", "1")
        self._words: list[str] = []
        # the word being typed runs back to a comma or a space, so `ember-cut,fi<Tab>`
        # completes the second Tech (ids have hyphens, which a default word stops at)
        self._completer = WordCompleter(
            lambda: self._words, ignore_case=True, pattern=re.compile(r"^[^,\s]*")
        )
        self._session: PromptSession[str] = PromptSession(
            history=InMemoryHistory(), completer=self._completer, complete_while_typing=False
        )

    def offer(self, words: list[str]) -> None:
        """The words Tab completes at the next question (its choices, then `back`)."""
        self._words = list(dict.fromkeys(words))

    def __call__(self, prompt: str) -> str:
        """One answer, as typed (Ctrl-C raises KeyboardInterrupt, Ctrl-D EOFError)."""
        return self._session.prompt(prompt)


def run_new(
    *,
    ruleset: str,
    folder: str,
    make: Callable[[Any, Callable[[str], Path | None]], Maker],
    schema: Callable[[Path, Path], str | None],
    show: Callable[[Path], None],
    intro: str,
    project: Path | None,
    answers: Path | None,
    out: Path | None,
    force: bool,
    sets: list[str] | None = None,
) -> Path:
    """Ask (or read) the answers, write `PROJECT/folder/<name>.yaml` safely, show it;
    returns the file written.

    Answers come from ``--answers FILE`` and ``--set FIELD=VALUE`` (the flags win), or,
    with neither, from the terminal.

    ``make(workspace, replaces)`` builds the rule set's `Maker`; ``replaces(name)`` is the
    file a name may overwrite (only with ``--force``), so a name clash is refused at the
    Name question, not after.
    """
    from builder.cli.output import console, err_console, safe
    from builder.errors import UsageError
    from builder.io.atomic import write_text_atomic
    from builder.models.base import norm_id
    from builder.wizard import AnswerError, Wizard
    from builder.workspace import open_workspace

    flags = read_sets(sets or [])
    if answers is None and not sets and not interactive():
        raise UsageError(
            "not a terminal and no --answers FILE: run this command in a terminal, or give "
            "the answers as a YAML file keyed by field name (--answers FILE) or as flags "
            "(--set FIELD=VALUE)"
        )
    root = project_root(project)
    ws = open_workspace([root])
    if ws.rule_set.id != ruleset:  # a rule set without a wizard for this kind
        from builder import rulesets
        from builder.cli.mount import OWNERS, commands_for

        served = " and ".join(rulesets.get(r).label for r in OWNERS.get(folder[:-1], [ruleset]))
        own = [f"`zodiac {c}`" for c in commands_for(ws.rule_set.id, "new")]
        instead = (
            f"use {' or '.join(own)}" if own else "copy one of its files, then `zodiac validate`"
        )
        raise UsageError(
            f"{root} is a {ws.rule_set.label} project, and `{folder[:-1]} new` makes "
            f"{served} {folder} only; {instead}"
        )

    if out is not None and not out.resolve().is_relative_to(root.resolve()):
        # Outside, no zodiac.yaml says which game the file is (R31): `show` and `validate`
        # would read it as ZODIAC's. The new entry belongs to the project.
        raise UsageError(
            f"--out {shown(str(out))} is outside the project {shown(str(root))}; name a file "
            f"inside it (default: {folder}/<name>.yaml)"
        )

    def target_for(name: str) -> Path:
        return out or root / folder / f"{norm_id(name) or 'new'}.yaml"

    maker = make(ws, lambda name: target_for(name) if force else None)
    wizard = Wizard(maker.questions())
    if answers is not None or sets:
        given = read_answers(answers) if answers is not None else {}
        given.update(flags)
        try:
            chosen = wizard.from_mapping(given)
        except AnswerError as exc:
            if exc.key in flags:
                raise UsageError(f"--set {exc.key}: {exc.message}") from exc
            source = f"--answers {answers}" if answers is not None else "--set"
            raise UsageError(f"{source}: {exc}") from exc
    else:

        def say(line: str) -> None:
            console.print(safe(line), soft_wrap=True, highlight=False)

        console.print(
            f"{intro} Type `back` to return to the previous question; Enter takes the "
            "[default]; Ctrl-C stops, writing nothing.",
            soft_wrap=True,
            highlight=False,
            markup=False,
        )
        asker = LineAsker()
        try:
            chosen = wizard.ask_all(asker, say, offer=asker.offer)
        except (KeyboardInterrupt, EOFError):
            err_console.print("\nstopped: nothing was written")
            raise typer.Exit(130) from None
    target = target_for(chosen["name"])
    if target.exists() and not force:
        raise UsageError(f"{target} already exists; pass --force to overwrite it")
    if target.is_dir():
        raise UsageError(f"{target} is a folder; name a file")
    target.parent.mkdir(parents=True, exist_ok=True)
    text = maker.render(chosen, schema=schema(target, root))
    left = maker.problems(chosen)
    if left:  # pragma: no cover - every answer was checked as it came
        raise UsageError(f"the new file would not validate: {left[0][1]}")
    write_text_atomic(target, text)
    err_console.print(f"wrote {shown(target)}", soft_wrap=True)
    show(target)
    return target


def new_command(
    *,
    ruleset: str,
    folder: str,
    make: Callable[[Any, Callable[[str], Path | None]], Maker],
    intro: str,
    doc: str,
    schema: Callable[[Path, Path], str | None] | None = None,
    show: Callable[[Path], None] | None = None,
) -> Callable[..., None]:
    """A rule set's `KIND new` command: the options every wizard shares, then `run_new`.

    ``schema`` defaults to the project's `schemas/<kind>.schema.json` line and ``show``
    to `zodiac show FILE`; ``make`` should import its maker when called, so that
    `zodiac --help` does not load the wizards.
    """

    def new(
        project: ProjectOpt = None,
        answers: AnswersOpt = None,
        sets: SetOpt = None,
        out: OutOpt = None,
        force: ForceOpt = False,
    ) -> None:
        from builder.cli.show import show as show_files
        from builder.wizard import project_schema_line

        run_new(
            ruleset=ruleset,
            folder=folder,
            make=make,
            schema=schema or (lambda out, root: project_schema_line(out, root, folder[:-1])),
            show=show or (lambda path: show_files([path])),
            intro=intro,
            project=project,
            answers=answers,
            sets=sets,
            out=out,
            force=force,
        )

    new.__doc__ = doc
    return new


def print_card(file: Path, holds: str, *, project: Path | None = None) -> Path:
    """Print the card of the one entity in ``file`` with the build's own machinery (the
    project's book that ``holds`` it, or that book at its defaults; the printing process
    with its deadline and memory cap) into `PROJECT/dist/<book>/<id>.pdf`; returns it.

    `zodiac monster new --open` uses it so the card a Master sees is the card the build
    prints, not a look-alike.
    """
    import builder.build as b
    from builder.errors import UsageError
    from builder.models.project import Book
    from builder.render.pdf import RenderError
    from builder.workspace import open_workspace

    root = project_root(project)
    ws = open_workspace([root], use_cache=False)
    if ws.config is None or ws.report.errors:
        raise UsageError(f"{root}: the project has errors; run `zodiac validate` first")
    mine = [e for e in ws.content.entities if e.doc.path.resolve() == file.resolve()]
    if len(mine) != 1:
        raise UsageError(f"{shown(file)}: one entity expected to print its card")
    book = next((bk for bk in ws.config.books if bk.holds == holds), None)
    if book is None:
        book = Book(title="Cards", output=f"{holds.replace('_', '-')}.pdf", holds=holds)
    entity = mine[0]
    out = root / "dist" / Path(book.output).stem / f"{b.file_stem(entity.id)}.pdf"
    spec = ws.rule_set.books[holds]
    job = b.Job(book, out, spec.template, (entity,), getattr(entity.model, "name", entity.id))
    for _, outcome in b.run_parallel(ws, [job], workers=1):
        if isinstance(outcome, RenderError):
            raise UsageError(f"the card was not printed: {outcome}")
        return outcome.path
    raise UsageError("the card was not printed")  # pragma: no cover - one job, one outcome


def open_file(path: Path) -> None:
    """Hand ``path`` to the desktop's opener (xdg-open, open, start) without waiting."""
    from builder.cli.output import err_console

    err_console.print(f"opening {shown(path)}", soft_wrap=True)
    if typer.launch(str(path)) != 0:
        err_console.print(f"could not open it; the file is {shown(path)}", soft_wrap=True)
