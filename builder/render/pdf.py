"""Templates -> HTML -> PDF, written atomically.

Why: `zodiac build` must never leave a half-written PDF where a good one used to be, and the
CLI must start fast, so WeasyPrint (~0.6 s to import) is imported only inside `write_pdf`.
Paper size is not baked into templates: it is one extra stylesheet chosen here, so one
template prints on A4 and Letter.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Literal

import jinja2

from builder.render.assets import templates_dir
from builder.render.fetcher import SafeURLFetcher

__all__ = [
    "PAPER_CSS",
    "Paper",
    "PdfResult",
    "RenderError",
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
    """What `write_pdf` produced; `refused` lists resources the fetcher would not serve."""

    path: Path
    pages: int
    size_bytes: int
    refused: tuple[str, ...] = field(default=())


def render_html(template: str, context: Mapping[str, Any], *, env: jinja2.Environment) -> str:
    """Render `template` with `context`; template mistakes become `RenderError`."""
    try:
        return env.get_template(template).render(context)
    except jinja2.TemplateSyntaxError as error:
        raise RenderError(error.name or template, error.lineno, error.message or "") from error
    except jinja2.TemplateNotFound as error:
        raise RenderError(template, None, f"template not found: {error.message}") from error
    except jinja2.TemplateError as error:  # UndefinedError, SecurityError, ...
        name, line = _template_position(error, template)
        raise RenderError(name, line, str(error)) from error


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
    """Write through a temp file next to `out`, then `os.replace`; never half a file."""
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.{secrets.token_hex(4)}.tmp")
    # os.open with 0o666 honours the umask (NamedTemporaryFile would leave 0600 behind).
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, out)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


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
) -> PdfResult:
    """Print `html` to `out` on `paper`, reading only builder assets and the project.

    Relative URLs resolve against `base_dir` (default: the builder's templates folder, so
    `css/print.css` works). `user_templates`, when given, overrides builder assets by
    relative path. Pass your own `fetcher` to inspect what was served and refused.
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
    document = weasyprint.HTML(
        string=html, base_url=base.resolve().as_uri() + "/", url_fetcher=fetcher
    ).render(
        stylesheets=[weasyprint.CSS(string=PAPER_CSS[paper], url_fetcher=fetcher)],
    )
    _atomic_write(out, lambda handle: document.write_pdf(target=handle))
    return PdfResult(
        path=out,
        pages=len(document.pages),
        size_bytes=out.stat().st_size,
        refused=tuple(fetcher.refused),
    )
