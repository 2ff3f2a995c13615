"""The only way WeasyPrint may read anything while printing.

Why: a content project downloaded from a stranger must never make the builder fetch a URL
or read a file outside that project (a `<link>` to `file:///etc/passwd` in a user template,
a CSS `url(http://tracker/...)`). WeasyPrint's default fetcher opens http, https, ftp and
any `file://` path, so we replace it with an allow-list:

- `file:` URLs whose real path (symlinks resolved) lies inside one of the allowed roots
  (the builder's templates folder and the project root), with no `..` segment;
- `data:` URLs, which are inline and fetch nothing;
- everything else is refused: the refusal is recorded, then raised as an ordinary
  exception, which WeasyPrint logs as a failed resource and skips.

Written against WeasyPrint 70's `URLFetcher` protocol (a callable with `_fail_on_errors`,
returning `URLFetcherResponse`); on older releases, whose `default_url_fetcher` protocol
wanted a dict, it returns a dict. It never imports WeasyPrint at module import time.
"""

from __future__ import annotations

import mimetypes
import urllib.request
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NoReturn
from urllib.parse import unquote, urlsplit

from builder.cache import digest

__all__ = ["FetchRefused", "SafeURLFetcher"]

_MAX_BYTES = 64 * 1024 * 1024  # an image bigger than this in a card book is a mistake


class FetchRefused(ValueError):
    """A resource the builder will not fetch (network, outside the roots, missing)."""


class SafeURLFetcher:
    """Serve files inside `roots` (and `data:` URLs); refuse and record everything else.

    `overlays` are folders searched first, by relative path, for URLs that point into
    `roots[0]`-style asset folders: a project's template folder can override the builder's
    `css/print.css` the same way it overrides templates (MkDocs' `custom_dir`). An overlay
    file is still served only when it lies inside an allowed root.
    """

    # WeasyPrint 70's `fetch()` reads this: False means a refusal is a skipped resource.
    _fail_on_errors = False

    def __init__(
        self,
        roots: Iterable[Path],
        *,
        overlays: Iterable[tuple[Path, Path]] = (),
        max_bytes: int = _MAX_BYTES,
    ) -> None:
        self.roots: tuple[Path, ...] = tuple(Path(r).resolve() for r in roots)
        # (asset folder, overriding folder) pairs.
        self.overlays: tuple[tuple[Path, Path], ...] = tuple(
            (Path(a).resolve(), Path(o).resolve()) for a, o in overlays
        )
        self.max_bytes = max_bytes
        self.fetched: list[str] = []
        # Each file served, by its real path, with the digest of the bytes served: what a
        # later build compares to know a PDF is still what these files would print.
        self.served: dict[str, str] = {}
        self.refused: list[str] = []
        self.reasons: dict[str, str] = {}

    # -- WeasyPrint protocol -------------------------------------------------------------
    def __call__(self, url: str) -> Any:
        return self.fetch(url)

    def fetch(self, url: str, headers: dict[str, str] | None = None) -> Any:
        """Return a WeasyPrint response for an allowed URL, else raise `FetchRefused`."""
        scheme = urlsplit(url).scheme.lower()
        if scheme == "data":
            return self._data(url)
        if scheme != "file":
            self._refuse(url, f"scheme {scheme or '(none)'!r} is not allowed: no network")
        path = self.check(url)
        size = path.stat().st_size
        if size > self.max_bytes:
            self._refuse(url, f"{size} bytes is more than the {self.max_bytes} allowed")
        body = path.read_bytes()
        self.fetched.append(url)
        self.served[str(path)] = digest(body)
        mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return _response(path.as_uri(), body, mime)

    # -- checks ----------------------------------------------------------------------
    def check(self, url: str) -> Path:
        """The real path an allowed `file:` URL names; raises `FetchRefused` otherwise."""
        parts = urlsplit(url)
        if parts.scheme.lower() != "file":
            self._refuse(url, "not a file: URL")
        if parts.netloc not in ("", "localhost"):
            self._refuse(url, f"remote file host {parts.netloc!r}")
        raw = unquote(parts.path)
        if "\x00" in raw:
            self._refuse(url, "NUL byte in path")
        if ".." in raw.replace("\\", "/").split("/"):
            self._refuse(url, "'..' in path")
        path = Path(urllib.request.url2pathname(parts.path))
        if not path.is_absolute():
            self._refuse(url, "relative file: URL")
        path = self._overlay(path)
        try:
            real = path.resolve(strict=True)
        except (OSError, RuntimeError):
            self._refuse(url, "no such file")
        if not any(real.is_relative_to(root) for root in self.roots):
            self._refuse(url, f"{real} is outside the allowed folders")
        if not real.is_file():
            self._refuse(url, f"{real} is not a regular file")
        return real

    def _overlay(self, path: Path) -> Path:
        for assets, override in self.overlays:
            if path.is_relative_to(assets):
                candidate = override / path.relative_to(assets)
                if candidate.is_file():
                    return candidate
        return path

    def _refuse(self, url: str, reason: str) -> NoReturn:
        self.refused.append(url)
        self.reasons[url] = reason
        raise FetchRefused(f"refused to fetch {_short(url)}: {reason}")

    def _data(self, url: str) -> Any:
        try:
            with urllib.request.DataHandler().data_open(urllib.request.Request(url)) as r:
                body = r.read(self.max_bytes + 1)
                mime = r.headers.get_content_type()
        except (ValueError, OSError) as error:
            self._refuse(url, f"malformed data: URL ({error})")
        if len(body) > self.max_bytes:
            self._refuse(url, "data: URL too large")
        self.fetched.append(url)
        return _response(url, body, mime)


def _short(url: str) -> str:
    return url if len(url) <= 120 else url[:117] + "..."


def _response(url: str, body: bytes, mime: str) -> Any:
    """A `URLFetcherResponse` where WeasyPrint has it, the older dict otherwise."""
    try:
        from weasyprint.urls import URLFetcherResponse
    except ImportError:  # older WeasyPrint: url fetchers return dicts
        return {"string": body, "mime_type": mime, "redirected_url": url}
    return URLFetcherResponse(url, body, {"Content-Type": mime})
