"""What a build prints: one job per output file, its context, and printing it whole.

`plan` lists the jobs (a book, or one file per entity where the book says so), each
inside the output folder; `context_for` turns a job's entities into the computed views
its template reads; `run` renders and prints jobs in this process, keeping a PDF whose
record still holds (`builder.build.records`).
"""

from __future__ import annotations

import fnmatch
import hashlib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from builder.build.records import _record, _record_key, print_key, still_printed
from builder.errors import UsageError
from builder.io.project import Entity
from builder.models.project import Book, ProjectConfig, SortOrder
from builder.text import printable, shorten
from builder.workspace import Workspace

# A file name is at most 255 bytes on every common file system (NAME_MAX). An id longer
# than `_MAX_STEM_BYTES` in UTF-8 is cut to `_CUT_BYTES` and given a hash of the whole id,
# so "sheet.html" or the atomic writer's temp name next to it stay well below the limit.
_MAX_STEM_BYTES = 120
_CUT_BYTES = 80
_HASH_CHARS = 10


@dataclass(frozen=True)
class Job:
    """One output file: a book, or one character's sheet."""

    book: Book
    out: Path
    template: str
    entities: tuple[Entity, ...]
    label: str


@dataclass(frozen=True)
class Built:
    """A file written; `refused` pairs each resource left out of it with the reason."""

    path: Path
    pages: int
    size_bytes: int
    html: Path | None = None
    refused: tuple[tuple[str, str], ...] = ()
    # What it was printed from (see `run`), for the next build; None: print it again next time.
    record: dict[str, Any] | None = None
    unchanged: bool = False  # the PDF already there was kept: nothing it shows changed


def select(ws: Workspace, book: Book) -> list[Entity]:
    """The entities a book holds: its kinds, filtered by include ids/globs, sorted."""
    kinds = ws.rule_set.books[book.holds].kinds
    core = _core_paths(ws)
    pool = [
        e
        for e in ws.content.entities
        if e.kind in kinds and e.doc.path.resolve().parent not in core
    ]
    chosen = [e for e in pool if any(fnmatch.fnmatchcase(e.id, pat) for pat in book.include)]
    if book.sort is SortOrder.NAME:
        chosen.sort(key=lambda e: (kinds.index(e.kind), getattr(e.model, "name", e.id).lower()))
    elif book.sort is SortOrder.LEVEL:
        level = ws.rule_set.level
        chosen.sort(key=lambda e: (kinds.index(e.kind), level(e), getattr(e.model, "name", "")))
    return chosen


def _core_paths(ws: Workspace) -> set[Path]:
    """The rule set's shipped catalogues: never printed as the project's own content."""
    from builder.paths import content_dir

    folder = ws.rule_set.core_folder
    return {(content_dir() / folder).resolve()} if folder else set()


def plan(ws: Workspace, config: ProjectConfig, out_dir: Path, only: str | None = None) -> list[Job]:
    """Every file the build will write, in order; each one inside `out_dir`.

    Raises `UsageError` for an output that would land outside `out_dir` (the models
    refuse such names already; this is the second lock on the door).
    """
    jobs: list[Job] = []
    for book in config.books:
        stem = Path(book.output).stem
        if only and only not in (book.output, stem, book.title):
            continue
        spec = ws.rule_set.books[book.holds]
        template = spec.template
        entities = select(ws, book)
        if spec.one_file_per_entity:
            for e in entities:  # one PDF per character
                out = out_dir / stem / f"{file_stem(e.id)}.pdf"
                jobs.append(Job(book, out, template, (e,), e.model.name))
        else:
            name = book.output if book.output.endswith(".pdf") else f"{book.output}.pdf"
            jobs.append(Job(book, out_dir / name, template, tuple(entities), book.title))
    root = Path(os.path.realpath(out_dir))
    for job in jobs:
        real = Path(os.path.realpath(job.out))
        if real == root or not real.is_relative_to(root):
            raise UsageError(
                f"book {shorten(printable(job.book.title))!r} would write "
                f"{shorten(printable(str(job.out)), 200)}, outside the output folder "
                f"{shorten(printable(str(out_dir)), 200)}; give it a plain file name as `output:`"
            )
    return jobs


def file_stem(entity_id: str) -> str:
    """A file name for an id that fits any file system and never collides with another.

    Ids are made of word characters and hyphens (`norm_id`), so they are safe in a path;
    only their length needs care, in UTF-8 bytes ("ü" is two). A long id keeps its first
    `_CUT_BYTES` bytes (whole characters) plus a hash of the whole id, so two long ids
    that share a beginning still get two files.
    """
    encoded = entity_id.encode("utf-8")
    if entity_id and len(encoded) <= _MAX_STEM_BYTES:
        return entity_id
    prefix = encoded[:_CUT_BYTES].decode("utf-8", errors="ignore")
    digest = hashlib.sha256(encoded).hexdigest()[:_HASH_CHARS]
    return f"{prefix}-{digest}" if prefix else digest


def context_for(ws: Workspace, job: Job, parted: dict[str, Any] | None = None) -> dict[str, Any]:
    """The template context: project info plus the computed views of the job's entities.

    `parted`: for one part of a book printed in parts (see `Piece`), what the template
    prints of it.
    """
    from builder.rulesets import resolve

    config: ProjectConfig = ws.config
    house = config.house_rules
    base = {
        "project": {"title": config.title, "author": config.author, "paper": config.paper.value},
        "book": {
            "title": job.book.title,
            "holds": job.book.holds,
            "fillable": job.book.fillable,  # sheets print form fields (issue 16)
        },
        "house_rules": house.model_dump() if hasattr(house, "model_dump") else dict(house),
    }
    views = resolve(ws.rule_set.books[job.book.holds].context)
    return {**base, **views(ws, list(job.entities)), "parted": parted}


def run(
    ws: Workspace,
    jobs: list[Job],
    *,
    html: bool = False,
    previous: dict[str, Any] | None = None,
) -> Iterator[Built]:
    """Render every job; yields as each file is written.

    `previous` (`load_records`): what earlier builds printed. A job whose HTML, paper and
    read files are those of its record, and whose PDF is still the bytes printed then,
    is not printed again: the HTML is rendered (it is what shows a change) but
    WeasyPrint, nearly all of the time, is skipped.
    """
    from builder.render.env import make_environment
    from builder.render.pdf import render_html, write_html, write_pdf

    config: ProjectConfig = ws.config
    root = ws.root
    user_templates = (root / config.templates) if (root and config.templates) else None
    env = make_environment(user_templates)
    for job in jobs:
        text = render_html(job.template, context_for(ws, job), env=env)
        job.out.parent.mkdir(parents=True, exist_ok=True)
        html_path = write_html(text, job.out.with_suffix(".html")) if html else None
        key = print_key(text, config.paper.value, user_templates)
        old = (previous or {}).get(_record_key(job.out))
        if still_printed(old, key, job.out):
            assert old is not None
            yield Built(job.out, old["pages"], old["size"], html_path, record=old, unchanged=True)
            continue
        result = write_pdf(
            text,
            job.out,
            project_root=root,
            paper=config.paper.value,
            user_templates=user_templates,
            template=job.template,
            stylesheets_required=True,
        )
        record = None
        if not result.reasons:  # a refused file may be there next time: print again then
            record = _record(key, result.path, result.pages, dict(result.served))
        yield Built(result.path, result.pages, result.size_bytes, html_path, result.reasons, record)
