"""Rendering: Jinja2 templates -> HTML -> PDF through WeasyPrint, with a safe URL fetcher.

Importing this package does not import WeasyPrint (it costs ~0.6 s); `write_pdf` does.
"""

from builder.render.assets import content_dir, templates_dir
from builder.render.env import make_environment
from builder.render.fetcher import FetchRefused, SafeURLFetcher
from builder.render.pdf import (
    PAPER_CSS,
    Paper,
    PdfResult,
    RenderError,
    render_html,
    write_html,
    write_pdf,
)

__all__ = [
    "PAPER_CSS",
    "FetchRefused",
    "Paper",
    "PdfResult",
    "RenderError",
    "SafeURLFetcher",
    "content_dir",
    "make_environment",
    "render_html",
    "templates_dir",
    "write_html",
    "write_pdf",
]
