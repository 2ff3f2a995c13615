"""A long book printed in parts, side by side, and joined (issue 13): see below."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.build.planning import Built, Job, context_for
from builder.build.records import _file_digest, _record, print_key, still_printed
from builder.models.project import ProjectConfig
from builder.workspace import Workspace

if TYPE_CHECKING:
    from builder.render.parts import PartLayout
    from builder.rulesets import PartPlan


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
        ends = self._end_pieces()
        names = [*map(_part_name, ends[: self._fronts()]), *map(_part_name, pieces)]
        names += map(_part_name, ends[self._fronts() :])
        known = {n: _layout(self.prior.get(n)) for n in names}
        renamed = _renamed(self.prior_ids, self.ids)
        if ends and all(known.values()) and renamed is not None:
            layouts = [_rename_anchors(k, renamed) for k in known.values() if k is not None]
            guess = tuple(sorted(_pages(layouts).items()))
            pieces = [replace(end, pages=guess) for end in ends] + pieces
            self.waiting = len(pieces)
            return pieces
        drafts = []
        for end in ends:
            last = known[_part_name(end)]
            if last is not None:  # the last build's contents: their pages, for a start
                draft = replace(end, draft=True)
                self.done[(end.section, end.number)] = PartDone(draft, Path(), last, "")
            else:
                drafts.append(replace(end, draft=True))
        # Drafts first: the numbered contents wait for them, and end the book.
        pieces = drafts + pieces
        self.waiting = len(pieces)
        return pieces

    def _ends(self) -> list[str]:
        """The sections around the entries this book has: "front", "back"."""
        return [s for s, on in (("front", self.plan.front), ("back", self.plan.back)) if on]

    def _end_pieces(self) -> list[Piece]:
        """The contents' and the index's pieces: of `PartPlan.rows` entries each (the
        rows `start:stop`), or each whole in one piece (0:0)."""
        rows = self.plan.rows
        pieces = []
        for section in self._ends():
            if rows and self.count > rows:
                starts = range(0, self.count, rows)
                pieces += [
                    Piece(section, k, a, min(a + rows, self.count)) for k, a in enumerate(starts)
                ]
            else:
                pieces.append(Piece(section))
        return pieces

    def _fronts(self) -> int:
        """How many of `_end_pieces` are the contents'."""
        return sum(p.section == "front" for p in self._end_pieces())

    def order(self) -> list[PartDone]:
        """The parts in book order: front, bodies, back."""

        def section(name: str) -> list[PartDone]:
            return sorted((d for (s, _), d in self.done.items() if s == name), key=_number)

        return [*section("front"), *section("body"), *section("back")]

    def finished(self, part: PartDone) -> list[Piece]:
        """Record a part; what to print next, once all of this round are in."""
        self.done[(part.piece.section, part.piece.number)] = part
        self.waiting -= 1
        if self.waiting:
            return []
        numbered = self._end_pieces()
        now = self.pages()
        ends = [self.done[(p.section, p.number)].piece for p in numbered]
        drafts = [p for p in ends if p.draft]
        stale = [p for p in ends if dict(p.pages) != now]
        self.rounds += 1
        if not (drafts or stale):
            return [Piece("join")]
        if self.rounds > _MAX_NUMBERING_ROUNDS:
            raise Unsettled(self.rounds)
        pages = tuple(sorted(now.items()))
        self.waiting = len(numbered)
        # All of them, numbered anew: a piece whose page numbers did not change prints
        # the same HTML, and its record keeps it.
        return [replace(p, pages=pages) for p in numbered]

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


# A book's whole context (its views of all its entries) is computed once a build, not once
# a part: before this, each card part and the contents and index built the views of all
# 200 monsters again (0.25 s each), a third of a rebuild's time where nothing changed
# (issue 24). Filled in the building process before the workers fork, so they inherit it;
# `forget_contexts` empties it when the build ends.
_WHOLE: dict[Path, tuple[Workspace, Any, dict[str, Any]]] = {}


def whole_context(ws: Workspace, job: Job) -> dict[str, Any]:
    """`context_for(ws, job)`, the whole book's, computed once for this workspace and job."""
    found = _WHOLE.get(job.out)
    if found is not None and found[0] is ws and found[1] is job.entities:
        return dict(found[2])
    context = context_for(ws, job)
    _WHOLE[job.out] = (ws, job.entities, context)
    return dict(context)


_ENVIRONMENTS: dict[Path | None, Any] = {}  # one Jinja environment a build, as _WHOLE


def part_environment(user_templates: Path | None) -> Any:
    """The build's Jinja environment: its compiled templates serve every part (compiling
    the bestiary's templates again for each part cost more than rendering it)."""
    env = _ENVIRONMENTS.get(user_templates)
    if env is None:
        from builder.render.env import make_environment

        env = _ENVIRONMENTS[user_templates] = make_environment(user_templates)
    return env


def forget_contexts() -> None:
    """Drop the contexts `whole_context` keeps, and the environment (at a build's end: the
    templates may change before the next)."""
    _WHOLE.clear()
    _ENVIRONMENTS.clear()


def part_plan(ws: Workspace, job: Job, user_templates: Path | None) -> tuple[PartPlan, int] | None:
    """How `job` prints in parts and how many entries it splits (its entities, or the
    items `PartPlan.items` names), or None to print it whole (short, or its own template)."""
    plan = ws.rule_set.books[job.book.holds].parts
    if plan is None:
        return None
    if user_templates is not None and (user_templates / job.template).exists():
        return None  # a project's template may not know about parts
    count = len(job.entities)
    if plan.items is not None:  # the printed items (cards) the context lists
        items = whole_context(ws, job).get(plan.items)
        count = len(items) if isinstance(items, list) else 0
    return (plan, count) if count > plan.size else None


def _part_context(ws: Workspace, job: Job, piece: Piece, parted: dict[str, Any]) -> dict[str, Any]:
    """A part's context: a body part's entities (or, for `PartPlan.items`, the whole
    book's context with that list cut to the part), the whole book's for the others."""
    plan = ws.rule_set.books[job.book.holds].parts
    if piece.section == "body" and (plan is None or plan.items is None):
        return context_for(
            ws, replace(job, entities=job.entities[piece.start : piece.stop]), parted
        )
    context = whole_context(ws, job) | {"parted": parted}
    if piece.section == "body" and plan is not None and plan.items is not None:
        context[plan.items] = list(context[plan.items])[piece.start : piece.stop]
    return context


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
    from builder.render.parts import PART_LINK
    from builder.render.pdf import render_html, write_pdf

    config: ProjectConfig = ws.config
    user_templates = _user_templates(ws)
    parted = {
        "section": piece.section,
        "first": piece.number == 0,
        "link": PART_LINK,
        "pages": dict(piece.pages),
        "unknown": _NO_PAGE if piece.draft else "",
        "rows": [piece.start, piece.stop or None],  # the contents' or index's rows it prints
    }
    env = part_environment(user_templates)
    text = render_html(job.template, _part_context(ws, job, piece, parted), env=env)
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
