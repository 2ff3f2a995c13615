"""Templates -> HTML -> PDF, written atomically.

Why: `zodiac build` must never leave a half-written PDF where a good one used to be, and the
CLI must start fast, so WeasyPrint (~0.6 s to import) is imported only inside `write_pdf`.
Paper size is not baked into templates: it is one extra stylesheet chosen here, so one
template prints on A4 and Letter.

Printing is bounded (issue "Trust"): a project's templates are code from whoever shared
the project, and a loop of 10^10 steps or a 3 GB string would hang or exhaust the machine.
`zodiac build` prints each book in a child process that calls `limit_memory` and runs
under `deadline` (WeasyPrint's own security notes recommend a time and a memory limit for
untrusted input); the limits surface here as a `RenderError` naming the template and line.
A stylesheet that cannot be loaded fails the book (`stylesheets_required`), because an
unstyled PDF looks printed but is not what the template asked for.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import signal
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Literal

import jinja2

from builder.render.assets import templates_dir
from builder.render.fetcher import SafeURLFetcher
from builder.render.parts import PART_CSS, PartLayout, describe
from builder.text import printable, shorten

__all__ = [
    "PAPER_CSS",
    "Paper",
    "PdfResult",
    "RenderError",
    "RenderTimeout",
    "deadline",
    "limit_memory",
    "render_html",
    "write_html",
    "write_pdf",
]

Paper = Literal["a4", "letter"]

# The page size, and the margins that centre a 3 x 3 grid of 63 x 88 mm cards (189 x 264 mm)
# on the `cards` named page. Everything else about pages lives in templates/css/print.css.
# WeasyPrint gives `stylesheets=` the *user* origin, which loses to the templates' author
# CSS unless marked !important.
PAPER_CSS: dict[str, str] = {
    "a4": ("@page { size: A4 !important } @page cards { margin: 16.5mm 10.5mm !important }"),
    "letter": (
        "@page { size: letter !important } @page cards { margin: 7.7mm 13.45mm !important }"
    ),
}


class RenderError(Exception):
    """A template failed to render: its name, line and Jinja2's message, no traceback."""

    def __init__(self, template: str, line: int | None, message: str) -> None:
        where = f"{template}:{line}" if line else template
        super().__init__(f"{where}: {message}")
        self.template = template
        self.line = line
        self.message = message

    def __reduce__(self) -> tuple[type, tuple[str, int | None, str]]:
        # Raised in `zodiac build`'s worker processes and re-raised in the parent.
        return (RenderError, (self.template, self.line, self.message))


@dataclass(frozen=True)
class PdfResult:
    """What `write_pdf` produced; `refused` lists resources the fetcher would not serve.

    `reasons` pairs each refused URL (once) with why it was refused, for warnings.
    """

    path: Path
    pages: int
    size_bytes: int
    refused: tuple[str, ...] = field(default=())
    reasons: tuple[tuple[str, str], ...] = field(default=())
    served: tuple[tuple[str, str], ...] = field(default=())  # (real path, digest) read
    layout: PartLayout | None = None  # with `describe`: what joining it to other parts needs


# A 200-monster bestiary is 0.45 M characters of HTML (~2.3 K a monster); 64 M is room
# for 25,000 monsters, and far less than a template printing a gigabyte of nothing.
MAX_HTML_CHARS = 64 * 1024 * 1024


class OutputTooLarge(Exception):
    """A template wrote more than `MAX_HTML_CHARS` of HTML."""


class RenderTimeout(Exception):
    """Raised by `deadline`'s timer in whatever frame is running when time is up.

    An `Exception`, not a `BaseException`: Jinja2 rewrites the traceback of an Exception
    so its frames carry the template's file and line (see `_template_position`).
    """

    def __init__(self, seconds: float) -> None:
        super().__init__(f"rendering took longer than {seconds:g} s")
        self.seconds = seconds


# How often the timer fires again once the deadline has passed: WeasyPrint catches
# `Exception` around some resources (an image that fails to load is skipped), so one
# RenderTimeout may be swallowed; the next one, a second later, lands elsewhere.
_REFIRE_SECONDS = 1.0


@contextlib.contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Raise `RenderTimeout` in the running code after `seconds` of wall-clock time.

    Uses SIGALRM, so it works in the main thread on Unix only (`zodiac build`'s printing
    processes); elsewhere it does nothing. The previous handler is restored on exit.
    """
    if not hasattr(signal, "setitimer") or seconds <= 0:
        yield
        return

    def expired(signum: int, frame: object) -> None:
        raise RenderTimeout(seconds)

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds, _REFIRE_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def limit_memory(mib: int) -> None:
    """Cap this process's address space at `mib` MiB, so a runaway allocation is a MemoryError.

    RLIMIT_AS rather than RLIMIT_DATA: it counts every mapping (malloc's large blocks are
    mmaps), and WeasyPrint's virtual size stays close to its resident size (one thread,
    no big reservations), so the cap measures what a book really uses. For the process
    that prints books only: the limit cannot be raised again. Never raises the limit.
    """
    import resource  # Unix only

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = mib * 1024 * 1024
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    if soft == resource.RLIM_INFINITY or cap < soft:
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


def limit_message(error: BaseException) -> str:
    """What a `RenderTimeout` or `MemoryError` means for the person building, and the fix."""
    if isinstance(error, RenderTimeout):
        return (
            f"rendering took longer than {error.seconds:g} s; a template loop that never "
            "ends? (for a book that really is this big, set ZODIAC_RENDER_SECONDS)"
        )
    if isinstance(error, OutputTooLarge):
        return (
            f"the template wrote more than {MAX_HTML_CHARS:,} characters of HTML (a 200-monster "
            "bestiary is under 500,000); a loop or filter that builds huge text?"
        )
    return (
        f"rendering used more than {_memory_cap_mib()} MiB of memory; a template that "
        "builds huge text? (for a book that really is this big, set ZODIAC_RENDER_MEMORY_MIB)"
    )


def _memory_cap_mib() -> str:
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return "the available"
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    return "the available" if soft == resource.RLIM_INFINITY else f"{soft // (1024 * 1024)}"


def render_html(template: str, context: Mapping[str, Any], *, env: jinja2.Environment) -> str:
    """Render `template` with `context`; template mistakes become `RenderError`.

    A mistake is a Jinja2 error, a limit, or Python's arithmetic, value and type errors
    raised by the template's expressions (`{{ 1/0 }}` was an "internal error", exit 3).

    Output past `MAX_HTML_CHARS` stops the template where it is writing, so the error
    names that line (and WeasyPrint never gets a gigabyte of text to lay out).
    """
    try:
        return _bounded_render(env.get_template(template), context)
    except jinja2.TemplateSyntaxError as error:
        raise RenderError(error.name or template, error.lineno, error.message or "") from error
    except jinja2.TemplateNotFound as error:
        raise RenderError(template, None, f"template not found: {error.message}") from error
    except jinja2.TemplateError as error:  # UndefinedError, SecurityError, ...
        name, line = _template_position(error, template)
        raise RenderError(name, line, str(error)) from error
    except (RenderTimeout, MemoryError, OutputTooLarge) as error:  # the limits
        name, line = _template_position(error, template)
        raise RenderError(name, line, limit_message(error)) from error
    except (ArithmeticError, ValueError, TypeError, RecursionError) as error:  # `{{ 1/0 }}`
        # A template's own mistake (a stranger's code), not a bug of the builder's.
        name, line = _template_position(error, template)
        detail = shorten(printable(str(error)), 300)
        raise RenderError(name, line, f"{type(error).__name__}: {detail}") from error


def _bounded_render(template: jinja2.Template, context: Mapping[str, Any]) -> str:
    chunks: list[str] = []
    size = 0
    stream = template.generate(context)
    for chunk in stream:
        size += len(chunk)
        if size > MAX_HTML_CHARS:
            # Thrown into the template at the statement that wrote it: Jinja2 then
            # rewrites the traceback to carry that template's file and line.
            stream.throw(OutputTooLarge())
        chunks.append(chunk)
    return "".join(chunks)


def _template_position(error: BaseException, default: str) -> tuple[str, int | None]:
    """The innermost template frame of a runtime error, as (file, line).

    Jinja2 rewrites tracebacks so template frames carry the template's file and line.
    """
    name, line = default, None
    tb = error.__traceback__
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if not filename.endswith(".py") and not filename.startswith("<"):
            name, line = filename, tb.tb_lineno
        tb = tb.tb_next
    return name, line


def _atomic_write(out: Path, write: Callable[[IO[bytes]], None]) -> None:
    """Write through `builder.io.atomic` (temp file, fsync, rename); never half a file."""
    from builder.io.atomic import write_atomic

    write_atomic(out, write, parents=True)


def write_html(html: str, out: Path) -> Path:
    """Write rendered HTML atomically (for `--html` debugging and the browser preview)."""
    out = Path(out)
    _atomic_write(out, lambda handle: handle.write(html.encode("utf-8")))
    return out


def write_pdf(
    html: str,
    out: Path,
    *,
    base_dir: Path | None = None,
    project_root: Path | None = None,
    paper: Paper = "a4",
    user_templates: Path | None = None,
    fetcher: SafeURLFetcher | None = None,
    template: str | None = None,
    stylesheets_required: bool = False,
    tagged: bool = True,
    extra_css: str = "",
    part: bool = False,
    dry: bool = False,
) -> PdfResult:
    """Print `html` to `out` on `paper`, reading only builder assets and the project.

    Relative URLs resolve against `base_dir` (default: the builder's templates folder, so
    `css/print.css` works). `user_templates`, when given, overrides builder assets by
    relative path. Pass your own `fetcher` to inspect what was served and refused.
    With `stylesheets_required`, a stylesheet that cannot be loaded is a `RenderError`
    and nothing is written. `template` names the document in errors (default: `out`).
    `tagged` writes a tagged PDF (structure tree, `/MarkInfo`, the `<html lang>`) that
    screen readers follow; the metadata is set by `stamp_metadata`. `extra_css` is added
    as a user stylesheet; `part` prints one part of a book (`builder.render.parts`): no
    page numbers, and the result's `layout` describes it for the join. `dry` lays the
    pages out and writes nothing (the result's size is 0): to count them.
    """
    import weasyprint  # deliberately late: importing it costs ~0.6 s

    if paper not in PAPER_CSS:
        raise ValueError(f"paper must be one of {sorted(PAPER_CSS)}, not {paper!r}")
    out = Path(out)
    assets = templates_dir()
    if fetcher is None:
        roots = [assets] + ([Path(project_root)] if project_root is not None else [])
        overlays = [(assets, Path(user_templates))] if user_templates is not None else []
        fetcher = SafeURLFetcher(roots, overlays=overlays)
    base = Path(base_dir) if base_dir is not None else assets
    name = template or out.name
    stylesheets = _FailedStylesheets()
    weasy_log = logging.getLogger("weasyprint")
    weasy_log.addHandler(stylesheets)
    try:
        document = weasyprint.HTML(
            string=html, base_url=base.resolve().as_uri() + "/", url_fetcher=fetcher
        ).render(
            stylesheets=[
                weasyprint.CSS(string=css, url_fetcher=fetcher)
                for css in (PAPER_CSS[paper], extra_css, PART_CSS if part else "")
                if css
            ],
        )
        if stylesheets_required and stylesheets.failed:
            url, detail = stylesheets.failed[0]
            reason = fetcher.reasons.get(url, detail)
            raise RenderError(
                name,
                None,
                f"stylesheet {_shown(url)} could not be loaded ({_shown(reason)}); "
                "link a .css file inside the project or the templates folder",
            )
        stamp_metadata(document.metadata, out.stem)
        layout = describe(document) if part else None
        # Laying out a long book leaves much cyclic garbage (about 120 MiB for a 74-page
        # bestiary) that the collector's thresholds let live on; freed here, it is not
        # still held while writing the PDF allocates its own (issue 13: peak memory).
        gc.collect()
        from builder.render.forms import finish_forms  # fillable sheets' fields (issue 16)

        if not dry:
            _atomic_write(
                out,
                lambda handle: document.write_pdf(
                    target=handle, pdf_tags=tagged, finisher=finish_forms
                ),
            )
    except (RenderTimeout, MemoryError) as error:  # the limits of `zodiac build`
        message = limit_message(error).replace("rendering", "laying out the pages", 1)
        raise RenderError(name, None, message) from error
    finally:
        weasy_log.removeHandler(stylesheets)
    refused = tuple(fetcher.refused)
    return PdfResult(
        path=out,
        pages=len(document.pages),
        size_bytes=0 if dry else out.stat().st_size,
        refused=refused,
        reasons=tuple((url, fetcher.reasons.get(url, "refused")) for url in dict.fromkeys(refused)),
        served=tuple(sorted(fetcher.served.items())),
        layout=layout,
    )


def stamp_metadata(metadata: Any, fallback_title: str) -> None:
    """A PDF's document properties: title, author, creator ``zodiac X.Y``, and a date only
    when the build asks for one.

    Title and author come from the HTML (``<title>``, ``<meta name=author>``: the
    project's ``author:``, see templates/base.html); a page with no title is named after
    its file. The creation date is `SOURCE_DATE_EPOCH` when set (the reproducible-builds
    convention) and otherwise whatever the page says (none in our templates), so the
    same content prints the same bytes.
    """
    import os
    from datetime import UTC, datetime

    from builder import __version__

    metadata.generator = f"zodiac {__version__}"
    if not (metadata.title or "").strip():
        metadata.title = fallback_title
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        try:
            when = datetime.fromtimestamp(int(epoch), UTC)
        except (OverflowError, OSError, ValueError):
            return  # a date no calendar holds: leave it out rather than fail the book
        metadata.created = metadata.modified = when.strftime("%Y-%m-%dT%H:%M:%SZ")


def _shown(text: str) -> str:
    return shorten(printable(text), 160)


class _FailedStylesheets(logging.Handler):
    """The stylesheets WeasyPrint could not load: it logs them as errors and prints on.

    WeasyPrint (70) reports a `<link rel=stylesheet>` or `@import` it could not fetch as
    "Failed to load stylesheet at %s: %s" (URL, error) and a fetched file that is not CSS
    as "Unsupported stylesheet type %s for %s" (type, URL); images and fonts have their
    own messages. The log is the one place that tells a stylesheet from other resources.
    """

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.failed: list[tuple[str, str]] = []

    def emit(self, record: logging.LogRecord) -> None:
        args = record.args if isinstance(record.args, tuple) else ()
        message = str(record.msg)
        if message.startswith("Failed to load stylesheet at") and len(args) >= 2:
            self.failed.append((str(args[0]), str(args[1])))
        elif message.startswith("Unsupported stylesheet type") and len(args) >= 2:
            self.failed.append((str(args[1]), f"{args[0]} is not text/css"))
