"""`zodiac build`: validate a project, then print every book it declares.

Each section kind (character sheets, monster cards, ...) is a template plus a
function that turns entities into a context of computed views; templates never
compute rules. Books are independent, so they are the unit of progress and of
failure: a book that fails leaves its previous PDF in place (atomic writes).

Printing is bounded (issue "Trust"): a project's templates are code from whoever shared
the project. Every file is printed in a forked child process with a memory cap and a
wall-clock deadline (`RENDER_*` below), so whatever a template does, the `zodiac`
process stays healthy and reports a clean error for that book; a child that dies anyway
(killed by the system) fails only the book it was printing. Output paths come from
content too, so every one is a plain file name that stays inside the output folder.
"""

from __future__ import annotations

import fnmatch
import hashlib
import itertools
import multiprocessing
import os
import signal
import sys
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.errors import UsageError
from builder.io.project import Entity
from builder.models.project import Book, ProjectConfig, SortOrder
from builder.render.pdf import RenderError
from builder.text import printable, shorten
from builder.workspace import Workspace

if TYPE_CHECKING:
    from builder.cache import ProjectCache
    from builder.render.parts import PartLayout
    from builder.rulesets import PartPlan

# Limits on printing one file (a book, or one character's sheet). Measured with
# benchmarks/bestiary.py: a 200-monster bestiary (74 pages) prints in ~25 s on a loaded
# 2-core machine, with a peak virtual size of 665 MiB (resident 492 MiB); the 9 files of
# content/examples/zodiac take ~1-5 s each. The deadline is a minute plus a second per entry, so
# a 1000-monster bestiary still prints and a template that loops for ever stops within
# minutes; 2 GiB is three times the big bestiary's peak, and a cap for each of up to
# 4 printing processes that a 16 GB machine survives.
# The environment variables change them for a book that really is bigger (or for tests).
RENDER_SECONDS = 60.0
RENDER_SECONDS_PER_ENTRY = 1.0
RENDER_MEMORY_MIB = 2048
SECONDS_ENV = "ZODIAC_RENDER_SECONDS"  # seconds per file, replacing the computed deadline
MEMORY_ENV = "ZODIAC_RENDER_MEMORY_MIB"

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


# --- Incremental builds (issue 13) -----------------------------------------------------
#
# A PDF is a function of its HTML, the paper, the files WeasyPrint read for it (the
# fetcher records each with a digest), WeasyPrint itself and the builder's code (the
# cache is per builder fingerprint), and SOURCE_DATE_EPOCH (its dates). The records live
# in the signed per-user cache (`builder.cache`), never in the output folder, so a
# project from a stranger cannot ship a record that vouches for its own PDFs. Fonts
# WeasyPrint finds through fontconfig are the system's and are not tracked: `--force`
# prints everything again after installing fonts.

MAX_OUTPUT_FOLDERS = 8  # output folders of one project that keep records


def print_key(html: str, paper: str, user_templates: Path | None = None) -> str:
    """The digest of everything a PDF depends on besides the files WeasyPrint reads."""
    h = hashlib.blake2b(digest_size=20)
    h.update(html.encode("utf-8", "surrogatepass"))
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    h.update(f"\0{paper}\0{epoch}\0{_weasyprint_version()}".encode())
    if user_templates is not None and user_templates.is_dir():
        # A file added to the project's templates may shadow a builder asset by name.
        for path in sorted(user_templates.rglob("*")):
            h.update(f"\0{path.relative_to(user_templates)}".encode(errors="replace"))
    return h.hexdigest()


@cache
def _weasyprint_version() -> str:
    """Read from its installed metadata once per process, not once per file printed."""
    from importlib.metadata import version

    return version("weasyprint")


def still_printed(record: Any, key: str, out: Path) -> bool:
    """Whether `out` is the PDF `record` describes and everything it was printed from is
    unchanged: same key, every file read has the same bytes, the PDF has its bytes."""
    if not isinstance(record, dict) or record.get("key") != key:
        return False
    files = record.get("files")
    if not isinstance(files, dict) or not isinstance(record.get("pages"), int):
        return False
    if not isinstance(record.get("size"), int) or _file_digest(out) != record.get("pdf"):
        return False
    return all(_file_digest(Path(path)) == dg for path, dg in files.items())


def _record(key: str, pdf: Path, pages: int, files: dict[str, str]) -> dict[str, Any]:
    """What `still_printed` checks of a PDF just written: its key, bytes, pages, files."""
    return {
        "key": key,
        "pdf": _file_digest(pdf),
        "pages": pages,
        "size": pdf.stat().st_size,
        "files": files,
    }


def _record_key(path: Path) -> str:
    """Records are keyed by real path, so `--out dist` and `--out ./dist/` are one folder."""
    return os.path.realpath(path)


def _file_digest(path: Path) -> str | None:
    """`builder.cache.digest` of a file's bytes (as the fetcher digests what it serves)."""
    from builder.cache import digest

    try:
        return digest(path.read_bytes())
    except OSError:
        return None


def load_records(store: ProjectCache | None, out_dir: Path) -> dict[str, Any]:
    """The records of the PDFs earlier builds printed into `out_dir` (none without a cache)."""
    if store is None:
        return {}
    folder = store.build_records().get(_record_key(out_dir))
    return folder if isinstance(folder, dict) else {}


def save_records(
    store: ProjectCache | None, out_dir: Path, built: list[Built], failed: list[Path]
) -> None:
    """Remember what this build printed into `out_dir`, beside the other folders' records.

    Records of files this build did not touch are kept while their PDF exists (a build
    with `--only` keeps the other books' records); a file in `failed` keeps its previous
    PDF but loses its record, so the next build prints it.
    """
    if store is None:
        return
    records = store.build_records()
    key = _record_key(out_dir)
    folder = {
        path: rec
        for path, rec in (records.pop(key, None) or {}).items()
        if isinstance(rec, dict) and Path(path).is_file()
    }
    for b in built:
        if b.record is None:
            folder.pop(_record_key(b.path), None)
        else:
            folder[_record_key(b.path)] = b.record
    for path in failed:
        folder.pop(_record_key(path), None)
    kept = dict(list(records.items())[-(MAX_OUTPUT_FOLDERS - 1) :]) if records else {}
    store.save_build_records({**kept, key: folder})
    _prune_parts(parts_folder(store), {**kept, key: folder})


def _prune_parts(keep: Path | None, records: dict[str, Any]) -> None:
    """Delete the kept parts no record names any more (books reprinted, folders dropped)."""
    if keep is None or not keep.is_dir():
        return
    named = {
        f"{part.get('pdf')}.pdf"
        for folder in records.values()
        if isinstance(folder, dict)
        for rec in folder.values()
        if isinstance(rec, dict) and isinstance(rec.get("parts"), dict)
        for part in [*rec["parts"].values(), rec.get("overlay")]
        if isinstance(part, dict)
    }
    for path in keep.iterdir():
        if path.name not in named:
            path.unlink(missing_ok=True)


# --- Books printed in parts (issue 13) ---------------------------------------------------
#
# A long book (more entries than its `PartPlan.size`) prints as parts in several worker
# processes and is joined by `builder.render.parts`: first its body parts, and, for a book
# with contents or an index, a draft of those to count their pages; then, every page
# number known, the contents and index for real; then the join. Each part starts on a new
# page. A project that brings its own template for the book prints it whole.

_NO_PAGE = "000"  # a draft's page numbers: as wide as most, to count its pages right
_MAX_NUMBERING_ROUNDS = 3  # contents that grow a page when numbered are printed again


@dataclass(frozen=True)
class Piece:
    """One printing task of a book printed in parts: a part, or the join.

    `section`: "front" (before the entries: cover, contents), "body" (entries
    `start:stop`), "back" (after them: index) or "join"; `pages`: the page of each
    anchor, for the front and back, once known (`draft` while it is not).
    """

    section: str
    number: int = 0
    start: int = 0
    stop: int = 0
    pages: tuple[tuple[str, int], ...] = ()
    draft: bool = False


@dataclass(frozen=True)
class PartDone:
    """A part printed into `path`, as a worker returns it to the build."""

    piece: Piece
    path: Path
    layout: PartLayout
    head: str  # the HTML up to <body>: the overlay's stylesheets
    served: tuple[tuple[str, str], ...] = ()
    refused: tuple[tuple[str, str], ...] = ()
    record: dict[str, Any] | None = None  # for the next build (None: print it again)


class Unsettled(Exception):
    """The contents' page numbers moved again each time they were printed."""

    def __init__(self, rounds: int) -> None:
        super().__init__(
            f"the page numbers of its contents and index still moved after {rounds} "
            "printings (each printing changed their length); the previous PDF is kept"
        )


@dataclass(frozen=True)
class Joined:
    """A book joined from its parts (or found already joined from the same parts)."""

    path: Path
    pages: int
    key: str  # the parts' bytes and the overlay's inputs
    overlay: dict[str, Any] | None = None  # its record, to keep it for the next build
    served: dict[str, str] = field(default_factory=dict)  # files the overlay read
    unchanged: bool = False


@dataclass
class _Parted:
    """The build's state of one book printed in parts (see the section comment)."""

    plan: PartPlan
    html_path: Path | None
    count: int
    prior: dict[str, Any] = field(default_factory=dict)  # the parts the last build printed
    ids: tuple[str, ...] = ()  # the entries, in order: their ids name the anchors
    prior_ids: tuple[str, ...] = ()  # the entries the last build printed
    done: dict[tuple[str, int], PartDone] = field(default_factory=dict)
    waiting: int = 0
    rounds: int = 0

    def start(self) -> list[Piece]:
        """The first pieces to print: the body parts, and drafts of the contents and index.

        When the last build printed every part, of the same entries in the same order (a
        few may have been renamed), the contents and index are numbered as then and
        print beside the bodies: after a small change nothing moves, and if a page did
        move they print again (`finished`). Where the last build printed the contents,
        their page count stands in for a draft's."""
        size = self.plan.size
        pieces = [
            Piece("body", k, a, min(a + size, self.count))
            for k, a in enumerate(range(0, self.count, size))
        ]
        ends = self._ends()
        front = ["front-0"] if "front" in ends else []
        back = ["back-0"] if "back" in ends else []
        known = {n: _layout(self.prior.get(n)) for n in [*front, *map(_part_name, pieces), *back]}
        renamed = _renamed(self.prior_ids, self.ids)
        if ends and all(known.values()) and renamed is not None:
            layouts = [_rename_anchors(k, renamed) for k in known.values() if k is not None]
            guess = tuple(sorted(_pages(layouts).items()))
            pieces = [Piece(section, pages=guess) for section in ends] + pieces
            self.waiting = len(pieces)
            return pieces
        drafts = []
        for section in ends:
            last = known[f"{section}-0"]
            if last is not None:  # the last build's contents: their pages, for a start
                self.done[(section, 0)] = PartDone(Piece(section, draft=True), Path(), last, "")
            else:
                drafts.append(Piece(section, draft=True))
        # Drafts first: the numbered contents wait for them, and end the book.
        pieces = drafts + pieces
        self.waiting = len(pieces)
        return pieces

    def _ends(self) -> list[str]:
        """The sections around the entries this book has: "front", "back"."""
        return [s for s, on in (("front", self.plan.front), ("back", self.plan.back)) if on]

    def order(self) -> list[PartDone]:
        """The parts in book order: front, bodies, back."""
        bodies = sorted((d for (s, _), d in self.done.items() if s == "body"), key=_number)
        front = [self.done[("front", 0)]] if self.plan.front else []
        back = [self.done[("back", 0)]] if self.plan.back else []
        return [*front, *bodies, *back]

    def finished(self, part: PartDone) -> list[Piece]:
        """Record a part; what to print next, once all of this round are in."""
        self.done[(part.piece.section, part.piece.number)] = part
        self.waiting -= 1
        if self.waiting:
            return []
        numbered = self._ends()
        now = self.pages()
        drafts = [s for s in numbered if self.done[(s, 0)].piece.draft]
        stale = [s for s in numbered if dict(self.done[(s, 0)].piece.pages) != now]
        self.rounds += 1
        if not (drafts or stale):
            return [Piece("join")]
        if self.rounds > _MAX_NUMBERING_ROUNDS:
            raise Unsettled(self.rounds)
        pages = tuple(sorted(now.items()))
        self.waiting = len(numbered)
        return [Piece(s, pages=pages) for s in numbered]

    def pages(self) -> dict[str, int]:
        """The page (from 1) of each anchor, as the parts printed so far lay out."""
        return _pages([part.layout for part in self.order()])

    def built(self, joined: Joined) -> Built:
        parts = self.order()
        refused = tuple(dict.fromkeys(r for p in parts for r in p.refused))
        pdf = joined.path
        record = None
        if not refused and all(p.record for p in parts):
            files = {path: dg for p in parts for path, dg in p.served} | joined.served
            record = _record(joined.key, pdf, joined.pages, files) | {
                "parts": {_part_name(p.piece): p.record for p in parts},
                "overlay": joined.overlay,
                "ids": list(self.ids),
            }
        size = pdf.stat().st_size
        return Built(pdf, joined.pages, size, self.html_path, refused, record, joined.unchanged)


def _number(part: PartDone) -> int:
    return part.piece.number


def _pages(layouts: list[PartLayout]) -> dict[str, int]:
    """The page (from 1) of each anchor of a book made of parts laid out so, in order."""
    pages: dict[str, int] = {}
    first = 1
    for layout in layouts:
        for anchor, page in layout.anchors:
            pages.setdefault(anchor, first + page)
        first += len(layout.names)
    return pages


_MAX_RENAMED = 3  # more changed ids than this: the entries moved, do not guess pages


def _renamed(before: tuple[str, ...], now: tuple[str, ...]) -> dict[str, str] | None:
    """The ids renamed in place between two builds ({} for none), or None when the
    entries are not the same ones in the same order."""
    if not before or len(before) != len(now):
        return None
    renamed = {old: new for old, new in zip(before, now, strict=True) if old != new}
    return renamed if len(renamed) <= _MAX_RENAMED else None


def _rename_anchors(layout: PartLayout, renamed: dict[str, str]) -> PartLayout:
    """`layout` with each anchor of a renamed id (`m-<id>` in our templates) renamed."""
    if not renamed:
        return layout

    def new(anchor: str) -> str:
        for old, now in renamed.items():
            if anchor == old or anchor.endswith("-" + old):
                return anchor[: len(anchor) - len(old)] + now
        return anchor

    return replace(layout, anchors=tuple((new(a), page) for a, page in layout.anchors))


def _part_name(piece: Piece) -> str:
    return f"{piece.section}-{piece.number}"


def _layout(record: Any) -> PartLayout | None:
    """The `PartLayout` a part's record keeps (JSON), or None when it keeps none."""
    from builder.render.parts import PartLayout

    try:
        return PartLayout.from_json(record["layout"])
    except (KeyError, TypeError, ValueError):
        return None


def parts_folder(store: ProjectCache | None) -> Path | None:
    """Where the parts of books printed in parts are kept for the next build (the cache)."""
    return None if store is None else store.folder / "parts"


def part_plan(ws: Workspace, job: Job, user_templates: Path | None) -> PartPlan | None:
    """How `job` prints in parts, or None to print it whole (short, or its own template)."""
    plan = ws.rule_set.books[job.book.holds].parts
    if plan is None or len(job.entities) <= plan.size:
        return None
    if user_templates is not None and (user_templates / job.template).exists():
        return None  # a project's template may not know about parts
    return plan


def print_piece(
    ws: Workspace,
    job: Job,
    piece: Piece,
    folder: Path,
    keep: Path | None = None,
    prior: dict[str, Any] | None = None,
) -> PartDone:
    """Print one part of `job` into `folder` (in a worker process).

    `keep`: the folder where parts are kept between builds (`parts_folder`); a part whose
    record in `prior` (the last build's) still holds is taken from there, not printed.
    A draft only counts pages: it is laid out, never written.
    """
    from builder.render.env import make_environment
    from builder.render.parts import PART_LINK
    from builder.render.pdf import render_html, write_pdf

    config: ProjectConfig = ws.config
    user_templates = _user_templates(ws)
    part = replace(job, entities=job.entities[piece.start : piece.stop])
    parted = {
        "section": piece.section,
        "first": piece.number == 0,
        "link": PART_LINK,
        "pages": dict(piece.pages),
        "unknown": _NO_PAGE if piece.draft else "",
    }
    env = make_environment(user_templates)
    text = render_html(
        job.template, context_for(ws, part if piece.section == "body" else job, parted), env=env
    )
    head = text[: text.find("<body")] if "<body" in text else ""
    key = print_key(text, config.paper.value, user_templates)
    old = (prior or {}).get(_part_name(piece))
    kept = keep / f"{old.get('pdf')}.pdf" if keep and isinstance(old, dict) else None
    layout = _layout(old)
    if kept is not None and layout is not None and still_printed(old, key, kept):
        assert isinstance(old, dict)
        return PartDone(piece, kept, layout, head, tuple(old["files"].items()), record=old)
    result = write_pdf(
        text,
        folder / f"{_part_name(piece)}{'-draft' if piece.draft else ''}.pdf",
        project_root=ws.root,
        paper=config.paper.value,
        user_templates=user_templates,
        template=job.template,
        stylesheets_required=True,
        part=True,
        dry=piece.draft,
    )
    assert result.layout is not None
    record = None
    if keep is not None and not piece.draft and not result.reasons:
        record = _record(key, result.path, result.pages, dict(result.served))
        record["layout"] = result.layout.to_json()
        _keep(result.path, keep / f"{record['pdf']}.pdf")
    return PartDone(piece, result.path, result.layout, head, result.served, result.reasons, record)


def _keep(path: Path, kept: Path) -> None:
    """Copy a printed part where the next build finds it (named by its digest)."""
    import shutil

    from builder.io.atomic import write_atomic

    if kept.is_file():
        return
    with path.open("rb") as src:
        write_atomic(kept, lambda out: shutil.copyfileobj(src, out), parents=True)


def join_piece(
    ws: Workspace,
    job: Job,
    parts: list[PartDone],
    folder: Path,
    keep: Path | None = None,
    old: Any = None,
) -> Joined:
    """Join the printed parts into the book's PDF, page numbers stamped (in a worker).

    The book is a function of its parts' bytes and of the overlay's HTML: when those are
    the ones of `old` (its record) and the PDF is still the one printed then, it is kept.
    The overlay is kept too (`keep`), and printed again only when its HTML changed.
    """
    from importlib.metadata import version

    from builder.render.parts import OVERLAY_CSS, join_parts, overlay_html
    from builder.render.pdf import write_pdf

    paper = ws.config.paper.value
    user_templates = _user_templates(ws)
    names = [name for p in parts for name in p.layout.names]
    text = overlay_html(parts[0].head, names)
    overlay_key = print_key(text, paper, user_templates)
    h = hashlib.blake2b(f"{overlay_key}\0pikepdf {version('pikepdf')}".encode(), digest_size=20)
    for part in parts:
        h.update(f"\0{_file_digest(part.path)}".encode())
    key = h.hexdigest()
    if still_printed(old, key, job.out):
        return Joined(job.out, old["pages"], key, old.get("overlay"), unchanged=True)
    kept = old.get("overlay") if isinstance(old, dict) else None
    path = keep / f"{kept.get('pdf')}.pdf" if keep and isinstance(kept, dict) else None
    served: dict[str, str] = {}
    if path is None or not still_printed(kept, overlay_key, path):
        result = write_pdf(
            text,
            folder / "overlay.pdf",
            project_root=ws.root,
            paper=paper,
            user_templates=user_templates,
            template=job.template,
            tagged=False,
            extra_css=OVERLAY_CSS,
        )
        path, served, kept = result.path, dict(result.served), None
        if keep is not None and not result.reasons:
            kept = _record(overlay_key, path, result.pages, served)
            _keep(path, keep / f"{kept['pdf']}.pdf")
    pages = join_parts([(p.path, p.layout) for p in parts], path, job.out)
    return Joined(job.out, pages, key, kept, served)


def _user_templates(ws: Workspace) -> Path | None:
    config: ProjectConfig = ws.config
    return (ws.root / config.templates) if (ws.root and config.templates) else None


@dataclass(frozen=True)
class Limits:
    """How long one file may take to print, and how much memory its process may use."""

    seconds: float | None  # None: RENDER_SECONDS plus RENDER_SECONDS_PER_ENTRY per entry
    memory_mib: int

    def deadline(self, job: Job) -> float:
        if self.seconds is not None:
            return self.seconds
        return RENDER_SECONDS + RENDER_SECONDS_PER_ENTRY * len(job.entities)


def render_limits() -> Limits:
    """The limits, from `RENDER_*` or the environment; a bad value is a usage error."""
    seconds = _env_number(SECONDS_ENV, float, "a number of seconds")
    memory = _env_number(MEMORY_ENV, int, "a whole number of MiB")
    return Limits(seconds, int(memory) if memory is not None else RENDER_MEMORY_MIB)


def _env_number(name: str, parse: Callable[[str], float], what: str) -> float | None:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return None
    try:
        value = parse(raw)
    except ValueError:
        value = 0
    if not 0 < value < float("inf"):
        raise UsageError(f"{name} must be {what} above 0, not {raw!r}")
    return value


# Set in the parent just before forking, so workers inherit the loaded project and the
# jobs instead of parsing or unpickling them again (fork start method only), with a
# shared array of each job's state (`_WAITING`, `_PRINTING`, `_DONE`) that tells, when
# a worker dies, which file it was printing.
_FORKED: tuple[Workspace, list[Job], Any, _Settings] | None = None
_WAITING, _PRINTING, _DONE = 0, 1, 2


# --- Stopping the printing processes (issue #28) ------------------------------------------
#
# Ctrl-C stops a build at once, not after the files being printed (a part takes seconds;
# a template that loops, until its deadline). The workers ignore SIGINT: `zodiac` stops
# them itself (`_stop`): SIGTERM, which unwinds a worker's task so that an atomic write
# removes its temp file, then SIGKILL for one still there after `_STOP_GRACE` seconds,
# and only then is the scratch folder of parts removed. In `zodiac`, SIGINT is raised
# only while it waits for the workers (`_Interrupts`): raised inside the pool's
# `submit`, which forks, it could leave a worker unknown to the pool or a lock of the
# pool held, and raised while the build's caller holds a result, the pool would print
# on until the generator is collected. A worker also stops when `zodiac` dies (SIGKILL,
# a crash): the kernel tells it (Linux's PR_SET_PDEATHSIG) or a thread that watches its
# parent's pid does.

_STOP_GRACE = 2.0  # seconds a worker has to unwind after SIGTERM, before SIGKILL
_PARENT_POLL = 0.5  # seconds between looks at the parent's pid, where the kernel cannot tell
_STOP_RETRY = 0.05  # seconds before a worker is told again to stop (`_stop_again`)
_STOPPED_EXIT = 128 + signal.SIGTERM
_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
_IN_TASK = False  # in a worker: printing (stopping unwinds) or waiting (stopping exits)
_STOPPING = False  # in a worker: `_Stopped` raised, unwinding


class _Stopped(BaseException):
    """Raised in a worker told to stop; not an `Exception`, so nothing prints on after it."""


def _on_stop(signum: int, frame: object) -> None:
    """A worker's SIGTERM: unwind the task (temp files removed), or exit when idle.

    Once only: the pool's own thread may terminate the workers too, and a second
    `_Stopped` would land in the `finally` that removes a temp file.
    """
    global _STOPPING
    if not _IN_TASK:
        os._exit(_STOPPED_EXIT)
    if not _STOPPING:
        _STOPPING = True
        raise _Stopped


def _stop_again(unraisable: Any) -> None:
    """`sys.unraisablehook` of a worker: a `_Stopped` raised in a `__del__` (or a generator
    being closed) is dropped there by Python, so the worker is told again a moment later,
    from outside that frame, and nothing is printed."""
    if isinstance(unraisable.exc_value, _Stopped):
        main = threading.get_ident()  # the hook runs in the thread that dropped it
        again = threading.Timer(_STOP_RETRY, _stop_now, (main,))
        again.daemon = True
        again.start()
        return
    sys.__unraisablehook__(unraisable)


def _stop_now(main: int) -> None:
    global _STOPPING
    _STOPPING = False
    signal.pthread_kill(main, signal.SIGTERM)


def _watch_parent(parent: int, kernel: bool) -> None:
    """Stop this worker (SIGTERM) when `parent`, the `zodiac` that forked it, dies.

    `kernel`: the worker was forked by the parent's main thread, so Linux's parent-death
    signal (sent when the forking *thread* ends) can be used; elsewhere a daemon thread
    looks at the parent's pid every `_PARENT_POLL` seconds.
    """
    me, main = os.getpid(), threading.get_ident()
    if kernel and _parent_death_signal(signal.SIGTERM):
        if os.getppid() != parent:  # it died before the kernel was asked to tell
            os.kill(me, signal.SIGTERM)
        return
    threading.Thread(
        target=_poll_parent, args=(parent, main), name="zodiac-parent", daemon=True
    ).start()


def _parent_death_signal(signum: int) -> bool:
    """Ask Linux to send `signum` when the parent dies; False where that is unavailable."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(_PR_SET_PDEATHSIG, signum, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _poll_parent(parent: int, main: int) -> None:
    """The fallback of `_watch_parent`: SIGTERM to the worker's main thread (so a wait
    in a system call is interrupted) once its parent is no longer `parent`."""
    while os.getppid() == parent:
        time.sleep(_PARENT_POLL)
    signal.pthread_kill(main, signal.SIGTERM)


class _Interrupts:
    """SIGINT in `zodiac` while a pool runs: raised only inside `waiting`, held elsewhere.

    Installed only in the main thread and over Python's own handler (a SIGINT a shell
    ignores stays ignored); elsewhere it does nothing and SIGINT behaves as always.
    """

    def __init__(self) -> None:
        self.pending = False
        self.raising = False
        self.previous: Any = None
        self.installed = (
            threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler
        )
        if self.installed:
            self.previous = signal.signal(signal.SIGINT, self._handler)

    def _handler(self, signum: int, frame: object) -> None:
        if self.raising:
            self.raising = False
            raise KeyboardInterrupt
        self.pending = True

    def waiting(self) -> _Raising:
        """While the build only waits for its workers, SIGINT is raised where it lands."""
        return _Raising(self)

    def restore(self) -> None:
        """Put Python's handler back; a SIGINT held until now is raised by the caller."""
        if self.installed:
            signal.signal(signal.SIGINT, self.previous)
            self.installed = False


class _Raising:
    def __init__(self, interrupts: _Interrupts) -> None:
        self.interrupts = interrupts

    def __enter__(self) -> None:
        if self.interrupts.pending:
            self.interrupts.pending = False
            raise KeyboardInterrupt
        self.interrupts.raising = True

    def __exit__(self, *exc: object) -> None:
        self.interrupts.raising = False


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop the pool's workers now, not after the tasks they are running (issue #28).

    SIGTERM first, so that each one's atomic writes remove their temp files; SIGKILL for
    those still alive `_STOP_GRACE` seconds later (a long call inside Pango).
    """
    # The pool's own `_processes`: `shutdown` waits for running tasks, and has no other way.
    workers = list((getattr(pool, "_processes", None) or {}).values())
    for worker in workers:
        worker.terminate()
    stubborn = _outliving(workers, _STOP_GRACE)
    for worker in stubborn:
        worker.kill()
    _outliving(stubborn, _STOP_GRACE)
    pool.shutdown(wait=False, cancel_futures=True)


def _outliving(workers: Sequence[Any], seconds: float) -> list[Any]:
    """The processes of `workers` still alive after waiting at most `seconds` for them."""
    from multiprocessing.connection import wait as ended

    end = time.monotonic() + seconds
    alive = list(workers)
    while alive and (left := end - time.monotonic()) > 0:
        gone = set(ended([w.sentinel for w in alive], left))
        alive = [w for w in alive if w.sentinel not in gone]
    return alive


def _start_worker(memory_mib: int, parent: int, kernel_watch: bool) -> None:
    """In each printing process, before any template runs: how it stops, and its memory cap.

    Ctrl-C is for `zodiac`, which stops its workers itself (`_stop`), so they ignore
    SIGINT; SIGTERM stops them (`_on_stop`); and they stop when `parent` dies
    (`_watch_parent`). See "Stopping the printing processes" below.
    """
    import gc

    from builder.render.pdf import limit_memory

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _on_stop)
    sys.unraisablehook = _stop_again
    _watch_parent(parent, kernel_watch)
    limit_memory(memory_mib)
    # What the worker inherits (the loaded project, the builder) lives as long as it does:
    # kept out of the collector's sight, collections scan only what printing makes.
    gc.freeze()


def _render_one(
    index: int, html: bool, piece: Piece | None = None, parts: Any = None
) -> tuple[int, Built | PartDone | Joined | RenderError]:
    """Print one file (or, with `piece`, one part of it or its join) in a worker, within
    its deadline; a limit or template error is returned."""
    global _IN_TASK
    _IN_TASK = True
    try:
        return _print_task(index, html, piece, parts)
    except _Stopped:  # told to stop: the atomic writes have removed their temp files
        os._exit(_STOPPED_EXIT)
    finally:
        _IN_TASK = False


def _print_task(
    index: int, html: bool, piece: Piece | None, parts: Any
) -> tuple[int, Built | PartDone | Joined | RenderError]:
    from builder.render.pdf import RenderTimeout, deadline, limit_message

    assert _FORKED is not None
    ws, jobs, states, settings = _FORKED
    limits, previous, folder = settings.limits, settings.previous, settings.folder
    job = jobs[index]
    states[index] = _PRINTING
    outcome: Built | PartDone | Joined | RenderError
    try:
        with deadline(limits.deadline(job)):
            if piece is None:
                [outcome] = list(run(ws, [job], html=html, previous=previous))
            elif piece.section == "join":
                old = previous.get(_record_key(job.out))
                outcome = join_piece(
                    ws, job, parts, _mkdir(folder / str(index)), settings.keep, old
                )
            else:
                prior = (previous.get(_record_key(job.out)) or {}).get("parts")
                prior = prior if isinstance(prior, dict) else {}
                outcome = print_piece(
                    ws, job, piece, _mkdir(folder / str(index)), settings.keep, prior
                )
    except RenderError as error:  # a fresh copy: the traceback may hold a gigabyte
        outcome = RenderError(error.template, error.line, error.message)
    except (RenderTimeout, MemoryError) as error:  # outside the template and the layout
        outcome = RenderError(job.template, None, limit_message(error))
    if piece is None or piece.section == "join":
        states[index] = _DONE
    return index, outcome


def _mkdir(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def default_workers() -> int:
    """One WeasyPrint process per core, at most 4 (DESIGN: ~5 pages/s per process)."""
    return max(1, min(4, os.cpu_count() or 1))


def run_parallel(
    ws: Workspace,
    jobs: list[Job],
    *,
    html: bool = False,
    workers: int | None = None,
    previous: dict[str, Any] | None = None,
    keep: Path | None = None,
) -> Iterator[tuple[Job, Built | RenderError]]:
    """Print jobs in forked worker processes; yields (job, built or error) as each ends.

    A file that fails (a template error, a limit, its process killed) is yielded with its
    `RenderError` and keeps its previous version; the others still print. Where fork is
    unavailable (Windows) files print in this process, without the limits. `previous`:
    as for `run` (files whose inputs are unchanged are kept, not printed again). A long
    book prints in parts (see `Piece`); `keep` (`parts_folder`) keeps its parts for the
    next build, which prints again only the parts that changed.
    """
    previous = previous or {}
    n = default_workers() if workers is None else workers
    limits = render_limits()
    if "fork" not in multiprocessing.get_all_start_methods():  # pragma: no cover - Windows
        for job in jobs:
            try:
                [built] = list(run(ws, [job], html=html, previous=previous))
            except RenderError as error:
                yield job, error
            else:
                yield job, built
        return
    # Biggest books first, so a long bestiary does not start last.
    left = sorted(range(len(jobs)), key=lambda i: -len(jobs[i].entities))
    with tempfile.TemporaryDirectory(prefix="zodiac-parts-") as folder:
        parted: dict[int, _Parted] = {}
        for i in left:
            state = _plan_parts(ws, jobs[i], html, previous)
            if state is not None:
                parted[i] = state
        settings = _Settings(html, limits, previous, Path(folder), keep)
        yield from _print_all(ws, jobs, left, parted, n, settings)


@dataclass(frozen=True)
class _Settings:
    """What every printing task of one build shares: passed to the workers by fork."""

    html: bool
    limits: Limits
    previous: dict[str, Any]
    folder: Path  # this build's scratch folder, for parts and overlays
    keep: Path | None  # parts kept for the next build


def _plan_parts(ws: Workspace, job: Job, html: bool, previous: dict[str, Any]) -> _Parted | None:
    """A book to print in parts: its state (None: print it whole).

    Whether anything changed is for its parts to say (each has its record) and then for
    the join (`join_piece`): nothing is rendered here but, with `--html`, the whole
    book's HTML, as `run` writes it.
    """
    from builder.render.env import make_environment
    from builder.render.pdf import render_html, write_html

    user_templates = _user_templates(ws)
    plan = part_plan(ws, job, user_templates)
    if plan is None:
        return None
    html_path = None
    if html:
        try:
            text = render_html(
                job.template, context_for(ws, job), env=make_environment(user_templates)
            )
        except RenderError:
            return None  # printed whole, in a worker, which reports the error within the limits
        job.out.parent.mkdir(parents=True, exist_ok=True)
        html_path = write_html(text, job.out.with_suffix(".html"))
    old = previous.get(_record_key(job.out))
    parts = old.get("parts") if isinstance(old, dict) else None
    ids = tuple(e.id for e in job.entities)
    before = old.get("ids") if isinstance(old, dict) else None
    prior_ids = tuple(str(i) for i in before) if isinstance(before, list) else ()
    prior = parts if isinstance(parts, dict) else {}
    return _Parted(plan, html_path, len(job.entities), prior, ids, prior_ids)


def _print_all(
    ws: Workspace,
    jobs: list[Job],
    left: list[int],
    parted: dict[int, _Parted],
    n: int,
    settings: _Settings,
) -> Iterator[tuple[Job, Built | RenderError]]:
    suspects: list[int] = []
    while left or suspects:
        # A dead worker breaks its whole pool, and with it the files the other workers
        # were printing. Those suspects print again one at a time (whole, not in parts):
        # the file whose process dies alone is the one to blame, and the others still print.
        alone = bool(suspects)
        batch = suspects if alone else left
        cut = yield from _pool_round(
            ws, jobs, batch, 1 if alone else n, {} if alone else parted, settings
        )
        started = [i for i in batch if cut.get(i, _WAITING) != _WAITING]
        waiting = [i for i in batch if cut.get(i) == _WAITING]
        if cut and not started:  # no file had started: a new pool would die the same way
            for i in [*cut, *(left if alone else [])]:
                yield jobs[i], RenderError(jobs[i].template, None, _DIED)
            return
        if alone:
            for i in started:
                yield jobs[i], RenderError(jobs[i].template, None, _DIED)
            suspects = waiting
        else:
            suspects, left = started, waiting


def _pool_round(
    ws: Workspace,
    jobs: list[Job],
    batch: list[int],
    workers: int,
    parted: dict[int, _Parted],
    settings: _Settings,
) -> Generator[tuple[Job, Built | RenderError], None, dict[int, int]]:
    """Print `batch` in one pool of forked workers; yields each file that ends.

    A book in `parted` prints as its pieces, each submitted when the ones it needs are
    done. Returns the files a dead worker cut off, with how far each had got (`_WAITING`...).
    """
    global _FORKED
    ctx = multiprocessing.get_context("fork")
    states = ctx.Array("b", len(jobs), lock=False)  # shared memory, inherited by fork
    _FORKED = (ws, jobs, states, settings)
    cut: dict[int, int] = {}
    failed: set[int] = set()
    # Tasks wait here, not in the pool, so that the next one is chosen when a worker is
    # free: first what a book's earlier pieces were waiting for (its numbered contents,
    # its join: the end of a book), then the first pieces. With nothing kept, every
    # part prints: the biggest book's first, so the others fill the cores while it
    # ends. With parts kept from an earlier build, one piece of each book in turn, so a
    # book's changed parts do not wait behind every kept part of the others.
    urgent: deque[tuple[int, Piece | None, Any]] = deque()
    queues = [
        [(i, p, None) for p in parted[i].start()] if i in parted else [(i, None, None)]
        for i in batch
    ]
    if any(parted[i].prior for i in batch if i in parted):
        backlog = deque(t for row in itertools.zip_longest(*queues) for t in row if t)
    else:
        backlog = deque(t for queue in queues for t in queue)
    workers = max(1, min(workers, len(backlog)))
    # Forked by this thread: when it is the main one, it ends only with the process, and
    # the kernel's parent-death signal can tell the workers (`_watch_parent`).
    kernel_watch = threading.current_thread() is threading.main_thread()
    interrupts = _Interrupts()
    pool: ProcessPoolExecutor | None = None
    try:
        pool = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=ctx,
            initializer=_start_worker,
            initargs=(settings.limits.memory_mib, os.getpid(), kernel_watch),
        )
        pending: dict[Future[Any], tuple[int, Piece | None]] = {}

        def fill() -> None:
            assert pool is not None
            while len(pending) < workers and (urgent or backlog):
                i, piece, parts = urgent.popleft() if urgent else backlog.popleft()
                try:
                    fut = pool.submit(_render_one, i, settings.html, piece, parts)
                except BrokenProcessPool:
                    cut.setdefault(i, states[i])
                    continue
                pending[fut] = (i, piece)

        fill()
        while pending:
            with interrupts.waiting():
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                i, piece = pending.pop(fut)
                try:
                    _, outcome = fut.result()
                except BrokenProcessPool:
                    cut[i] = states[i]
                    continue
                if i in failed:
                    continue
                if isinstance(outcome, RenderError) and piece is not None:
                    failed.add(i)  # the other parts of the book are dropped
                if isinstance(outcome, PartDone):
                    try:
                        following = parted[i].finished(outcome)
                    except Unsettled as error:  # never a book with wrong numbers
                        failed.add(i)
                        yield jobs[i], RenderError(jobs[i].template, None, str(error))
                        continue
                    for nxt in following:
                        join = nxt.section == "join"
                        urgent.append((i, nxt, parted[i].order() if join else None))
                elif isinstance(outcome, Joined):
                    yield jobs[i], parted[i].built(outcome)
                else:
                    yield jobs[i], outcome
            fill()
    except BaseException:  # Ctrl-C, the caller stopped, or a bug: stop the workers now
        if pool is not None:
            _stop(pool)
        raise
    else:
        if pool is not None:
            pool.shutdown(wait=True)  # every task has ended: the idle workers exit
    finally:
        interrupts.restore()
        _FORKED = None
    if interrupts.pending:  # Ctrl-C while the last results were read or the pool closed
        raise KeyboardInterrupt
    return cut


_DIED = (
    "the process printing this file stopped abruptly (killed by the system, perhaps for "
    "lack of memory); try again with fewer processes (--jobs 1), or look at the template"
)
