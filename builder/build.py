"""`zodiac build`: validate a project, then print every book it declares.

Each section kind (character sheets, monster cards, ...) is a template plus a
function that turns entities into a context of computed views; templates never
compute rules. Books are independent, so they are the unit of progress and of
failure: a book that fails leaves its previous PDF in place (atomic writes).
"""

from __future__ import annotations

import fnmatch
import multiprocessing
import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from builder.io.project import Entity
from builder.models.project import Book, ProjectConfig, Section, SortOrder
from builder.workspace import Workspace

SECTION_KIND: dict[Section, tuple[str, ...]] = {
    Section.CHARACTER_SHEETS: ("character",),
    Section.BLANK_SHEET: (),
    Section.MONSTER_CARDS: ("monster",),
    Section.BESTIARY: ("monster",),
    Section.EQUIPMENT_BOOK: ("weapon_set", "armor_set", "relic_set", "potion"),
    Section.TECH_GRIMOIRE: ("tech", "enemy_skill"),
}

TEMPLATE: dict[Section, str] = {
    Section.CHARACTER_SHEETS: "sheets/character.html",
    Section.BLANK_SHEET: "sheets/blank.html",
    Section.MONSTER_CARDS: "cards/monsters.html",
    Section.BESTIARY: "books/bestiary.html",
    Section.EQUIPMENT_BOOK: "books/equipment.html",
    Section.TECH_GRIMOIRE: "books/grimoire.html",
}


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
    path: Path
    pages: int
    size_bytes: int
    html: Path | None = None


def select(ws: Workspace, book: Book) -> list[Entity]:
    """The entities a book holds: its kinds, filtered by include ids/globs, sorted."""
    kinds = SECTION_KIND[book.holds]
    core = _core_paths()
    pool = [
        e
        for e in ws.content.entities
        if e.kind in kinds and e.doc.path.resolve().parent not in core
    ]
    chosen = [e for e in pool if any(fnmatch.fnmatchcase(e.id, pat) for pat in book.include)]
    if book.sort is SortOrder.NAME:
        chosen.sort(key=lambda e: (kinds.index(e.kind), getattr(e.model, "name", e.id).lower()))
    elif book.sort is SortOrder.LEVEL:
        chosen.sort(key=lambda e: (kinds.index(e.kind), _level(e), getattr(e.model, "name", "")))
    return chosen


def _level(e: Entity) -> int:
    from builder.checks.character import character_level

    if e.kind == "character":
        return character_level(e.model)
    return int(getattr(e.model, "level", 0) or getattr(e.model, "tech_level", 0) or 0)


def _core_paths() -> set[Path]:
    from builder.paths import core_dir

    return {core_dir().resolve()}


def plan(ws: Workspace, config: ProjectConfig, out_dir: Path, only: str | None = None) -> list[Job]:
    """Every file the build will write, in order."""
    jobs: list[Job] = []
    for book in config.books:
        stem = Path(book.output).stem
        if only and only not in (book.output, stem, book.title):
            continue
        template = TEMPLATE[book.holds]
        entities = select(ws, book)
        if book.holds is Section.CHARACTER_SHEETS:
            for e in entities:  # one PDF per character
                jobs.append(Job(book, out_dir / stem / f"{e.id}.pdf", template, (e,), e.model.name))
        else:
            name = book.output if book.output.endswith(".pdf") else f"{book.output}.pdf"
            jobs.append(Job(book, out_dir / name, template, tuple(entities), book.title))
    return jobs


def context_for(ws: Workspace, job: Job) -> dict[str, Any]:
    """The template context: project info plus the computed views of the job's entities."""
    from builder.views import context as ctx

    config: ProjectConfig = ws.config
    base = {
        "project": {"title": config.title, "author": config.author, "paper": config.paper.value},
        "book": {"title": job.book.title, "holds": job.book.holds.value},
        "house_rules": config.house_rules.model_dump(),
    }
    return {**base, **ctx.BUILDERS[job.book.holds](ws, list(job.entities))}


def run(
    ws: Workspace,
    jobs: list[Job],
    *,
    html: bool = False,
) -> Iterator[Built]:
    """Render every job; yields as each file is written."""
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
        result = write_pdf(
            text,
            job.out,
            project_root=root,
            paper=config.paper.value,
            user_templates=user_templates,
        )
        built = Built(result.path, result.pages, result.size_bytes, html_path)
        yield built


# Set in the parent just before forking, so workers inherit the loaded project
# instead of parsing it again (fork start method only).
_FORKED: Workspace | None = None


def _render_one(args: tuple[list[Job], int, bool]) -> tuple[int, Built]:
    jobs, index, html = args
    assert _FORKED is not None
    [built] = list(run(_FORKED, [jobs[index]], html=html))
    return index, built


def default_workers() -> int:
    """One WeasyPrint process per core, at most 4 (DESIGN: ~5 pages/s per process)."""
    return max(1, min(4, os.cpu_count() or 1))


def run_parallel(
    ws: Workspace, jobs: list[Job], *, html: bool = False, workers: int | None = None
) -> Iterator[tuple[Job, Built]]:
    """Render jobs in worker processes; yields (job, built) as each file is written.

    Falls back to one process where fork is unavailable or there is one job.
    Each file is still written atomically, so a failure leaves earlier outputs intact.
    """
    global _FORKED
    n = default_workers() if workers is None else workers
    if n <= 1 or len(jobs) < 2 or "fork" not in multiprocessing.get_all_start_methods():
        for job in jobs:
            for built in run(ws, [job], html=html):
                yield job, built
        return
    _FORKED = ws
    try:
        ctx = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=min(n, len(jobs)), mp_context=ctx) as pool:
            # Biggest books first, so a long bestiary does not start last.
            order = sorted(range(len(jobs)), key=lambda i: -len(jobs[i].entities))
            futures = [pool.submit(_render_one, (jobs, i, html)) for i in order]
            for fut in as_completed(futures):
                index, built = fut.result()
                yield jobs[index], built
    finally:
        _FORKED = None
