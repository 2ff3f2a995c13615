"""A long book printed in parts, side by side, then joined into one PDF (issue 13).

Why: WeasyPrint lays a document out in one process, so a 200-monster bestiary kept one
core busy for 20 s while the other sat idle, and held every page of it in memory. A book
whose template supports parts (`BookSpec.parts`) is printed as several documents at
once (`builder.build`) and joined here, so that the result reads as one book:

- each part is printed without its page numbers (`PART_CSS`): it cannot know how many
  pages come before it. `write_pdf(..., part=True)` reports its `PartLayout` (page names,
  bookmarks with their levels) for the join;
- a part links to a place in another part through the `zodiac-part:` scheme
  (`PART_LINK`): WeasyPrint keeps such a link as a URI, where an unknown `#anchor` would be
  dropped, and the join turns it into a link to that named destination;
- `join_parts` copies the pages in order, joins the structure trees (the tags screen
  readers follow), the named destinations and the links, rebuilds the outline from every
  part's bookmarks with their levels, and stamps the page numbers from an overlay that
  WeasyPrint printed with the book's own `@page` rules (`overlay_html`), so they look as
  they would in one document, on the pages that show them.

The page numbers live in `@bottom-center` (templates/css/print.css); the other margin
boxes (running heads) are drawn by each part, which sets their strings itself.
pikepdf (qpdf) does the copying: it keeps one copy of each object a part's pages, tags and
destinations share, and joins the bestiary's parts in a tenth of a second, where pypdf took
two.
"""

from __future__ import annotations

import html as html_lib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = [
    "OVERLAY_CSS",
    "PART_CSS",
    "PART_LINK",
    "PartLayout",
    "describe",
    "join_parts",
    "overlay_html",
]

# A part prints everything but the page numbers, which only the whole book knows.
PART_CSS = "@page { @bottom-center { content: none !important } }"
# The overlay prints only the page numbers: no running heads, no page backgrounds.
OVERLAY_CSS = (
    "@page { background: none !important;"
    " @top-left { content: none !important } @top-right { content: none !important }"
    " @top-center { content: none !important } }"
    " html, body { background: none !important }"
    " .zodiac-overlay { break-after: page; height: 0; margin: 0; padding: 0 }"
)
PART_LINK = "zodiac-part:"  # href="zodiac-part:#anchor": a place in another part

_SCALE = 0.75  # CSS px to PDF points


@dataclass(frozen=True)
class PartLayout:
    """What the join needs to know of a printed part, in PDF points from the bottom left.

    `names`: each page's named page ('' for none: the overlay repeats them, so a cover
    keeps its empty footer); `bookmarks`: (level, label, page, x, y, open) in page order;
    `anchors`: (id, page) of every element with an id, for the contents and index.
    """

    names: tuple[str, ...]
    bookmarks: tuple[tuple[int, str, int, float, float, bool], ...] = field(default=())
    anchors: tuple[tuple[str, int], ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        """As a build record keeps it (lists), for the next build's `from_json`."""
        return {
            "names": list(self.names),
            "bookmarks": [list(b) for b in self.bookmarks],
            "anchors": [list(a) for a in self.anchors],
        }

    @classmethod
    def from_json(cls, data: Any) -> PartLayout:
        """`to_json`'s output back; KeyError, TypeError or ValueError when it is not."""
        return cls(
            tuple(str(n) for n in data["names"]),
            tuple(
                (int(a), str(b), int(c), float(d), float(e), bool(f))
                for a, b, c, d, e, f in data["bookmarks"]
            ),
            tuple((str(a), int(b)) for a, b in data["anchors"]),
        )


def describe(document: Any) -> PartLayout:
    """A `PartLayout` of a WeasyPrint `Document` just laid out."""
    names: list[str] = []
    marks: list[tuple[int, str, int, float, float, bool]] = []
    anchors: list[tuple[str, int]] = []
    for number, page in enumerate(document.pages):
        anchors += [(str(name), number) for name in page.anchors]
        box = getattr(page, "_page_box", None)
        names.append(str(getattr(getattr(box, "page_type", None), "name", "") or ""))
        for level, label, (x, y), state in page.bookmarks:
            top = (page.height - y) * _SCALE
            marks.append((int(level), str(label), number, x * _SCALE, top, state != "closed"))
    return PartLayout(tuple(names), tuple(marks), tuple(anchors))


def overlay_html(head: str, names: Sequence[str]) -> str:
    """A document of `len(names)` empty pages named as the book's, to print page numbers.

    `head`: the book's HTML up to its `<body>`, so the overlay has the book's stylesheets
    (and with them its `@page` rules); `OVERLAY_CSS` is given as a user stylesheet.
    """
    pages = "".join(
        f'<div class="zodiac-overlay" style="page: {_page_name(name)}"></div>' for name in names
    )
    return f"{head}<body>{pages}</body></html>"


def _page_name(name: str) -> str:
    """A named page as CSS (an identifier from our own layout), or `auto`."""
    if name and all(c.isalnum() or c in "-_" for c in name) and not name[0].isdigit():
        return html_lib.escape(name)
    return "auto"


def join_parts(parts: Sequence[tuple[Path, PartLayout]], overlay: Path | None, out: Path) -> int:
    """Join the part PDFs into `out` (written atomically); returns the number of pages.

    The first part gives the document its catalogue (language, metadata, viewer
    preferences); `overlay` (one page per page of the book, or None) is drawn on top of
    each page as an artifact, outside the tags.
    """
    import pikepdf

    from builder.io.atomic import write_atomic

    first, *others = parts
    book = pikepdf.open(first[0])
    sources = [book]
    try:
        tree = _StructTree(book)
        dests = _dests(book)
        for path, _layout in others:
            src = pikepdf.open(path)
            sources.append(src)
            start = len(book.pages)
            book.pages.extend(src.pages)
            shift = tree.add(book, src)
            for page in book.pages[start:]:
                _shift_keys(page, shift)
            for name, dest in _dests(src).items():
                dests.setdefault(name, _copy(book, src, dest))
        tree.finish()
        _write_dests(book, dests)
        _resolve_links(book, dests)
        _outline(book, parts)
        if overlay is not None:
            _stamp(book, overlay, sources)
        pages = len(book.pages)
        # Object streams, as WeasyPrint writes them: the tags' thousands of small objects
        # are a quarter of the size compressed together.
        mode = pikepdf.ObjectStreamMode.generate
        write_atomic(out, lambda handle: book.save(handle, object_stream_mode=mode), parents=True)
    finally:
        for src in sources:
            src.close()
    return pages


class _StructTree:
    """The first part's structure tree, to which each other part's tree is added."""

    def __init__(self, book: Any) -> None:
        import pikepdf

        self.root = book.Root.get("/StructTreeRoot")
        self.doc = None
        self.nums: list[Any] = []
        self.next_key = 0
        if self.root is None:
            return
        kids = self.root.get("/K")
        self.doc = kids[0] if isinstance(kids, pikepdf.Array) and len(kids) == 1 else None
        tree = self.root.get("/ParentTree")
        self.nums = list(tree.get("/Nums", [])) if tree is not None else []
        self.next_key = _next_key(self.root, self.nums)

    def add(self, book: Any, src: Any) -> int:
        """Copy `src`'s elements under this tree's document element; returns the key shift."""
        import pikepdf

        shift = self.next_key
        other = src.Root.get("/StructTreeRoot")
        if self.doc is None or other is None:
            return shift
        copied = book.copy_foreign(other)
        kids = copied.get("/K")
        if not isinstance(kids, pikepdf.Array) or len(kids) != 1:
            return shift
        for kid in kids[0].get("/K", []):
            if isinstance(kid, pikepdf.Dictionary):
                kid.P = self.doc
            self.doc.K.append(kid)
        tree = copied.get("/ParentTree")
        nums = list(tree.get("/Nums", [])) if tree is not None else []
        for at in range(0, len(nums) - 1, 2):
            self.nums += [int(nums[at]) + shift, nums[at + 1]]
        self.next_key = shift + _next_key(copied, nums)
        return shift

    def finish(self) -> None:
        import pikepdf

        if self.root is None:
            return
        self.root.ParentTree = pikepdf.Dictionary(Nums=pikepdf.Array(self.nums))
        if "/ParentTreeNextKey" in self.root:
            self.root.ParentTreeNextKey = self.next_key


def _next_key(root: Any, nums: list[Any]) -> int:
    keys = [int(nums[at]) for at in range(0, len(nums) - 1, 2)]
    return max(int(root.get("/ParentTreeNextKey", 0)), max(keys, default=-1) + 1)


def _shift_keys(page: Any, shift: int) -> None:
    """Move a copied page's (and its annotations') keys into the joined parent tree."""
    if not shift:
        return
    if "/StructParents" in page.obj:
        page.obj.StructParents = int(page.obj.StructParents) + shift
    for annot in page.obj.get("/Annots", []):
        if "/StructParent" in annot:
            annot.StructParent = int(annot.StructParent) + shift


def _dests(pdf: Any) -> dict[str, Any]:
    import pikepdf

    names = pdf.Root.get("/Names")
    if names is None or "/Dests" not in names:
        return {}
    return {str(k): v for k, v in pikepdf.NameTree(names.Dests).items()}


def _write_dests(book: Any, dests: dict[str, Any]) -> None:
    import pikepdf

    if not dests:
        return
    if "/Names" not in book.Root:
        book.Root.Names = pikepdf.Dictionary()
    flat: list[Any] = []
    for name in sorted(dests):
        flat += [pikepdf.String(name), dests[name]]
    book.Root.Names.Dests = book.make_indirect(pikepdf.Dictionary(Names=pikepdf.Array(flat)))


def _resolve_links(book: Any, dests: dict[str, Any]) -> None:
    """A `zodiac-part:#name` link becomes a link to the named destination `name`."""
    import pikepdf

    for page in book.pages:
        for annot in page.obj.get("/Annots", []):
            action = annot.get("/A")
            if action is None or action.get("/S") != "/URI":
                continue
            uri = str(action.get("/URI", ""))
            if not uri.startswith(PART_LINK + "#"):
                continue
            name = uri[len(PART_LINK) + 1 :]
            del annot["/A"]
            if "/Contents" in annot:
                annot.Contents = pikepdf.String(name)
            if name in dests:
                annot.Dest = pikepdf.String(name)


def _outline(book: Any, parts: Sequence[tuple[Path, PartLayout]]) -> None:
    """The outline of the whole book, from each part's bookmarks and their levels."""
    from pikepdf import OutlineItem, PageLocation

    if "/Outlines" in book.Root:
        del book.Root["/Outlines"]
    offset = 0
    with book.open_outline() as outline:
        stack: list[tuple[int, Any]] = []
        for _path, layout in parts:
            for level, label, page, x, y, is_open in layout.bookmarks:
                item = OutlineItem(label, offset + page, PageLocation.XYZ, left=x, top=y, zoom=0)
                item.is_closed = not is_open
                while stack and stack[-1][0] >= level:
                    stack.pop()
                (stack[-1][1].children if stack else outline.root).append(item)
                stack.append((level, item))
            offset += len(layout.names)


def _stamp(book: Any, overlay: Path, sources: list[Any]) -> None:
    """Draw each overlay page with anything on it over the book's page, as an artifact."""
    import pikepdf

    ov = pikepdf.open(overlay)
    sources.append(ov)
    for page, over in zip(book.pages, ov.pages, strict=False):
        if not over.obj.get("/Contents") or not _draws(over):
            continue
        form = _copy(book, ov, over.as_form_xobject())
        name = page.add_resource(form, pikepdf.Name.XObject, prefix="ZodiacPage")
        page.contents_add(b"q\n", prepend=True)
        page.contents_add(b"\nQ\n/Artifact BMC q " + bytes(name) + b" Do Q EMC\n", prepend=False)


def _copy(book: Any, src: Any, obj: Any) -> Any:
    """`obj` of `src`, copied into `book` (pikepdf copies indirect objects only)."""
    return book.copy_foreign(obj if obj.is_indirect else src.make_indirect(obj))


def _draws(page: Any) -> bool:
    """Whether an overlay page shows anything (a cover's page has no number)."""
    import pikepdf

    return any(str(op) in ("Tj", "TJ") for _ops, op in pikepdf.parse_content_stream(page))
