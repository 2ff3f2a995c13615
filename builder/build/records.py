"""Incremental builds (issue 13): what each PDF was printed from, kept in the cache."""

from __future__ import annotations

import hashlib
import os
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from builder.build.planning import Built
    from builder.cache import ProjectCache


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


# A project bigger than this is not read whole to tell that nothing changed: its books
# are rendered and their HTML compared instead (`inputs_digest` returns None).
MAX_INPUT_FILES = 5000
MAX_INPUT_BYTES = 256 * 1024 * 1024


def inputs_digest(root: Path | None, outputs: set[str]) -> str | None:
    """The digest of everything any book's HTML can depend on: the builder (its code and
    catalogues: `builder_fingerprint`), its templates, every file of the project (bar
    the hidden ones and `outputs`, the files this build writes), and the print settings.

    Why: a build where nothing changed rendered every book, and every part of a long one,
    only to hash the HTML and find it unchanged (issue #24: about a second of CPU for the
    200-monster bestiary). With the same inputs digest the HTML is the same, so a PDF
    whose record has it (and still passes `still_printed`) is kept without rendering.
    Coarse on purpose: any edit to the project renders as before. None when the project
    is too big to read whole, or unreadable.
    """
    from builder.cache import builder_fingerprint
    from builder.render.assets import templates_dir

    if root is None:
        return None
    h = hashlib.blake2b(digest_size=20)
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    h.update(f"{builder_fingerprint()}\0{epoch}\0{_weasyprint_version()}".encode())
    budget = [MAX_INPUT_FILES, MAX_INPUT_BYTES]
    for label, folder in (("templates", templates_dir()), ("project", Path(root))):
        if not _digest_tree(h, label, folder, outputs, budget):
            return None
    return h.hexdigest()


def _digest_tree(h: Any, label: str, folder: Path, outputs: set[str], budget: list[int]) -> bool:
    """Add every file under `folder` (path and bytes) to `h`; False past the budget."""
    try:
        found = []
        for top, dirs, files in os.walk(folder):
            dirs[:] = [d for d in dirs if not d.startswith(".") and d != "__pycache__"]
            found += [os.path.join(top, n) for n in files if not n.startswith(".")]
            if len(found) > budget[0]:
                return False
        for path in sorted(found):
            if os.path.realpath(path) in outputs:
                continue
            budget[0] -= 1
            data = Path(path).read_bytes()
            budget[1] -= len(data)
            if budget[0] < 0 or budget[1] < 0:
                return False
            rel = os.path.relpath(path, folder)
            h.update(f"\0{label}/{rel}\0{len(data)}\0".encode(errors="replace"))
            h.update(data)
    except OSError:
        return False
    return True


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


def parts_folder(store: ProjectCache | None) -> Path | None:
    """Where the parts of books printed in parts are kept for the next build (the cache)."""
    return None if store is None else store.folder / "parts"
