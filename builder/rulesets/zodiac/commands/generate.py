"""`zodiac character generate`: a complete character file from a job, at any level.

Registered from ``builder.cli.app`` onto the `character` group, so this module owns
the command while ``builder.rulesets.zodiac.commands.character`` keeps the `show` side.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from builder.cli.errors import handle_user_errors, shown

if TYPE_CHECKING:
    from builder.io.project import Entity
    from builder.workspace import Workspace

EPILOG = (
    "\b\nExamples:\n"
    "  zodiac character generate --job knight --level 20 --name Cecil\n"
    "  zodiac character generate --job black-mage --level 1 --name Vivi "
    "--out vivi.yaml\n"
    "  zodiac character generate --job thief --level 50 --name Locke "
    "--project content/examples/zodiac --out locke.yaml --force\n\n"
    "The job is looked up in --project, else in the project of --out, else in the project\n"
    "of the current folder, else in the builder's example project (a note says so).\n"
    "Exit codes: 0 written, 1 the job has errors, 2 misuse (unknown job, file exists,\n"
    "a name with control characters, a file that cannot be written), 3 a bug in zodiac."
)


def _project_root(project: Path | None, out: Path | None) -> tuple[Path, str | None]:
    """The project to take the job from, and a note when it is the fallback example."""
    from builder.errors import UsageError
    from builder.io.project import PROJECT_FILE, find_project_root
    from builder.paths import content_dir

    if project is not None:
        if not (project / PROJECT_FILE).is_file():
            raise UsageError(f"--project {project}: no {PROJECT_FILE} in that folder")
        return project, None
    for start in ([out.parent] if out is not None and out.parent.is_dir() else []) + [Path.cwd()]:
        root = find_project_root(start)
        if root is not None:
            return root, None
    example = content_dir() / "examples" / "zodiac"
    return example, (
        f"no {PROJECT_FILE} here or above; using the builder's example project ({example})"
    )


def _find_job(ws: Workspace, job_id: str) -> Entity:
    from builder.diagnostics import did_you_mean
    from builder.errors import ContentErrors, UsageError
    from builder.models.base import norm_id
    from builder.workspace import has_errors

    key = norm_id(job_id)
    jobs = {e.id: e for e in ws.content.of_kind("job")}
    if key not in jobs:
        known = ", ".join(sorted(jobs)) or "none"
        raise UsageError(f"no job '{job_id}' in {ws.root}{did_you_mean(key, jobs)} (jobs: {known})")
    entity = jobs[key]
    diags = ws.diagnostics_for(entity.doc.path)
    if has_errors(diags):
        raise ContentErrors(diags)
    return entity


def _check_generated(text: str, out: Path | None, ws: Workspace) -> list:
    """Run the character checks on the generated text: a safety net, never a surprise."""
    from builder.diagnostics import place, place_in
    from builder.io.project import validate_document
    from builder.io.yaml import load_text
    from builder.rulesets.zodiac.checks import CheckContext

    path = out or Path("<generated>.yaml")
    loaded = load_text(text, path)
    if not loaded.documents:  # text YAML refused: a bug in the writer, shown as diagnostics
        return [place(p, path, loc) for loc, p in loaded.problems]
    entity, diags = validate_document(loaded.documents[0])
    if entity is None:
        return diags
    from builder.rulesets.zodiac.checks.character import check_character

    ctx = CheckContext(ws.content, ws.settings)
    return [place_in(p, entity.doc) for p in check_character(entity, ctx)]


@handle_user_errors
def generate(
    job: Annotated[str, typer.Option("--job", help="The job id (a `kind: job` document).")],
    level: Annotated[
        int, typer.Option("--level", "-l", min=1, max=99, help="The character's level, 1-99.")
    ],
    name: Annotated[str, typer.Option("--name", "-n", help="The character's name.")],
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Write to this file instead of standard output."),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", help="Overwrite --out if it already exists.")
    ] = False,
    project: Annotated[
        Path | None,
        typer.Option("--project", help="The content project holding the job."),
    ] = None,
) -> None:
    """Write a complete, valid character of a job at a level (stats, Techs, equipment)."""
    import sys

    from builder.cli.output import err_console, print_diagnostics
    from builder.errors import ContentErrors, UsageError, check_text_option
    from builder.io.atomic import backup_path, write_text_atomic
    from builder.models.base import norm_id
    from builder.rulesets.zodiac.generate import generate_character
    from builder.workspace import has_errors, open_workspace

    check_text_option("--name", name)  # before anything is read or written
    if not name.strip():
        raise UsageError("--name must not be empty")
    replaced = None  # what --force overwrites, so an edit made meanwhile is never lost
    if out is not None:
        if out.is_file() and force:
            from builder.io.atomic import snapshot

            replaced = snapshot(out)
        if out.exists() and not force:
            raise UsageError(f"{out} already exists; pass --force to overwrite it")
        if out.is_dir():
            raise UsageError(f"--out {out} is a folder; name a file, e.g. {out}/hero.yaml")
        if not out.parent.is_dir():
            raise UsageError(f"--out {out}: no such folder {out.parent}")
    root, note = _project_root(project, out)
    if note:
        err_console.print(f"note: {shown(note, None)}")
    ws = open_workspace([root])
    if ws.rule_set.id != "zodiac":  # ZODIAC's jobs and generator; others have neither
        raise UsageError(
            f"`zodiac character generate` is ZODIAC's; {root} is a {ws.rule_set.label} "
            "project, and no command generates its characters (copy one of its "
            "characters, then `zodiac validate`)"
        )
    entity = _find_job(ws, job)
    print_diagnostics(ws.diagnostics_for(entity.doc.path), to_stderr=True)  # warnings only
    char_id = norm_id(name)
    for other in ws.content.of_kind("character"):
        same_file = out is not None and other.doc.path.resolve() == out.resolve()
        if other.id == char_id and not same_file:
            raise UsageError(
                f"the project already has a character '{char_id}' ({other.doc.path}); "
                "choose another --name"
            )
    text = generate_character(entity.model, level, name.strip(), ws.content, ws.settings, out=out)
    diags = _check_generated(text, out, ws)
    if has_errors(diags):
        raise ContentErrors(diags)  # pragma: no cover - the job checks should prevent it
    print_diagnostics(diags, to_stderr=True)
    if out is None:
        sys.stdout.write(text)
        return
    write_text_atomic(out, text, backup=True, unchanged=replaced)
    kept = f"; the previous version is in {shown(backup_path(out))}" if replaced else ""
    err_console.print(
        f"wrote {shown(out)} (level {level} {shown(entity.model.name)}){kept}", soft_wrap=True
    )
    if not out.resolve().is_relative_to(root.resolve()):
        # The file names the job, its Techs and items by id: they resolve only in `root`.
        err_console.print(
            f"[yellow]warning:[/yellow] {shown(out)} is outside the project {shown(root)}; its "
            "job, Techs and items are ids from that project, so validate or show it there "
            f"(move it under {shown(root)}, or copy the job and what it uses into your project)"
        )
