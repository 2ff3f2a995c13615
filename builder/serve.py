"""`zodiac serve`: a live preview of a project's sheets, cards and books in a browser.

Why it is built this way:

- Only this machine may look. The server listens on 127.0.0.1 alone, answers only
  requests whose `Host` header names that address or `localhost` with our port (a web
  page elsewhere that rebinds its DNS name to 127.0.0.1 still sends its own name), and
  serves GET and HEAD only. Every page comes with a strict Content-Security-Policy:
  nothing is fetched from anywhere but this server, and the printed pages run no script.
- The preview is the print: the same template, context builder and sandboxed Jinja2
  environment as `zodiac build` (`builder.build.context_for`, `render.env`), so what
  you see is the HTML WeasyPrint gets, shown by the browser with the print CSS. The
  browser does not cut pages; the exact pages are one click away as a PDF.
- Content is hostile, and a project's templates are code. Everything that reads the
  project runs in one worker process (spawned, so no lock of this threaded server is
  inherited) with the build's memory cap and per-file deadline; a render that takes too
  long is an error on the page, and a worker that does not answer is killed and started
  again. Loading the project is not a render: it gets the build's default deadline (or a
  longer `ZODIAC_RENDER_SECONDS`), so a short render deadline does not fail a busy
  machine's first load. This process only serves HTTP and waits on file events.
- Read-only: the worker opens the project without the per-user cache (on 10k entries it
  saved little: the checks, not the parsing, dominate a reload) and never writes; a PDF for the preview goes to a temporary folder elsewhere.
- Every refusal is an answer the client reads. The request line and headers are read
  within 64 KiB in all (431 past it, 414 for the line alone), a body over 64 KiB is a
  413 (a GET has no business with one; a smaller one is read and dropped so the next
  request on the connection is not misread), and after any refusal the server sends
  its answer, stops writing, and reads what the client still sends (bounded in bytes
  and time) before closing: closing with unread bytes would reset the connection, and
  a client still sending (Python's http.client) would see a broken pipe, not the answer.
- Live: a thread waits on the operating system's file notifications (watchfiles;
  it polls where the OS has none, or refuses more watches), so an idle preview costs
  no CPU; a save counts a new version within `STEP_MS` and the worker reloads at once.
  The page asks for the current version three times a second and reloads what it
  shows when it changed: no long-lived connection.
"""

from __future__ import annotations

import html as html_lib
import io
import json
import multiprocessing
import os
import platform
import re
import signal
import socket
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, unquote, urlsplit

import jinja2

__all__ = [
    "DEFAULT_PORT",
    "HOST",
    "PreviewServer",
    "inject_head",
    "make_server",
]

HOST = "127.0.0.1"
DEFAULT_PORT = 8017
STEP_MS = 50  # a batch of changes ends after this long quiet; also how soon a stop is seen
DEBOUNCE_MS = 300  # ... or after this long, while a stream of changes goes on
POLL_MS = 300  # how often files are compared where the OS does not notify
WORKER_GRACE_SECONDS = 10.0  # past the build's deadline, before the worker is killed
SKIP_DIRS = frozenset({"dist", "node_modules", "__pycache__"})
MAX_HEAD_BYTES = 64 * 1024  # the request line and headers together (431 past it)
MAX_BODY_BYTES = 64 * 1024  # a GET or HEAD needs none; a smaller one is read and dropped
LINGER_BYTES = 64 * 1024 * 1024  # read after a refusal, before closing, at most
LINGER_SECONDS = 30.0  # ... and for at most this long (an endless sender is cut off)
LINGER_IDLE_SECONDS = 10.0  # ... or until the client is silent this long

# What /assets/ serves: the stylesheets, images and fonts that templates link to.
ASSET_TYPES = {
    ".css": "text/css; charset=utf-8",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".svg": "image/svg+xml",
    ".woff": "font/woff",
    ".woff2": "font/woff2",
    ".ttf": "font/ttf",
    ".otf": "font/otf",
}
UI_FILES = {"ui.css": "text/css; charset=utf-8", "ui.js": "text/javascript; charset=utf-8"}

# Our own pages: scripts and styles from this server only, nothing framed but ours.
UI_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)
# A printed page: no script at all; styles, images and fonts from this server only.
PRINT_POLICY = (
    "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "font-src 'self' data:; base-uri 'self'; form-action 'none'; frame-ancestors 'self'"
)
ASSET_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

# The screen-only frame of a printed page: a sheet of the project's paper on a grey desk.
# Print CSS never sees it (`@media screen`), and the template's own rules come after it.
PAPER_WIDTH = {"a4": "210mm", "letter": "215.9mm"}
_PAPER_CSS = (
    "@media screen {{ html {{ background: #5d616b !important; }} "
    "body {{ box-sizing: border-box !important; width: {width} !important; "
    "min-height: 100vh; margin: 16px auto !important; padding: 17mm !important; "
    "background: #fff; box-shadow: 0 2px 10px rgba(0,0,0,.5); }} }}"
)


# ---------------------------------------------------------------- watching the files


def _force_polling() -> bool:
    """Poll instead of waiting on the OS as watchfiles' own `watch` decides: when
    `WATCHFILES_FORCE_POLLING` is set (and not false/disable/disabled), else on WSL,
    whose Windows drives send no inotify events."""
    value = os.environ.get("WATCHFILES_FORCE_POLLING")
    if value:
        return value.lower() not in ("false", "disable", "disabled")
    uname = platform.uname()
    return uname.system.lower() == "linux" and "microsoft-standard" in uname.release.lower()


class Watcher(threading.Thread):
    """Counts the project's versions: `version` goes up when a file the preview depends
    on changes.

    It waits on the operating system (watchfiles: inotify, FSEvents, kqueue), so an idle
    preview costs no CPU however big the project. The watch starts in `__init__`: a save
    after the constructor returns is seen (when polling, one in the poller's first
    moments may be taken for the first state). Where OS notifications are unavailable,
    watchfiles polls by itself; where the OS refuses more watches (inotify's
    `max_user_watches`), or `WATCHFILES_FORCE_POLLING` is set, this polls every
    `POLL_MS`. Dot files and folders, `dist/` and the like, and the project's `exclude:`
    patterns are not the preview's business: their changes count no version.
    """

    def __init__(self, root: Path, on_change: Callable[[], object] | None = None) -> None:
        super().__init__(name="zodiac-serve-watcher", daemon=True)
        from watchfiles._rust_notify import RustNotify  # documented: the Rust backend

        from builder.io.project import _exclusions

        self.root = Path(os.path.abspath(root))
        self._excluded = lambda: _exclusions(self.root)  # read again when zodiac.yaml changes
        self._excluded()  # loaded now, not at the first save
        self.on_change = on_change
        self.version = 1
        self._stop_event = threading.Event()
        polling = _force_polling()
        try:
            self._notify = RustNotify([str(self.root)], False, polling, POLL_MS, True, True)
        except OSError:  # the OS limit on watches: poll rather than fail
            if polling:
                raise
            polling = True
            self._notify = RustNotify([str(self.root)], False, True, POLL_MS, True, True)
        self.polling = polling

    def run(self) -> None:
        try:
            while not self._stop_event.is_set():
                changes = self._notify.watch(DEBOUNCE_MS, STEP_MS, 0, self._stop_event)
                if isinstance(changes, set):
                    self.changed(path for _, path in changes)
        finally:
            self._notify.close()

    def changed(self, paths: Iterable[str]) -> bool:
        """Count one version for a batch of changed paths, unless none of them matters;
        True, and `on_change` called, when it counted."""
        if not any(self.watched(p) for p in paths):
            return False
        self.version += 1
        if self.on_change is not None:
            self.on_change()
        return True

    def watched(self, path: str) -> bool:
        """Whether a change to `path` can change what the preview shows: inside the
        project (by name, links not followed), no dot file or folder, no `dist/` or
        `node_modules/`, nothing the project's `exclude:` names."""
        rel = os.path.relpath(os.path.abspath(path), self.root)
        parts = Path(rel).parts
        if not parts or rel == "." or parts[0] == "..":
            return False
        if any(p.startswith(".") or p in SKIP_DIRS for p in parts):
            return False
        return not self._excluded()(parts)

    def stop(self, wait: float = 5.0) -> None:
        """Stop watching: the OS wait returns within `STEP_MS` (watchfiles' stop_event)."""
        self._stop_event.set()
        if self.ident is None:  # never started: nothing waits on the OS but the handle
            self._notify.close()
        elif threading.current_thread() is not self:
            self.join(wait)


# ---------------------------------------------------------------- the worker process


class _NotFound(Exception):
    """A book or entity the project does not hold (now)."""


class _Preview:
    """Runs in the worker: the project loaded at one version, and what it prints."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.version = -1
        self.ws: Any = None
        self.env: Any = None
        self._mine: list[tuple[Any, str]] | None = None  # (entity, where), per version

    def refresh(self, version: int) -> None:
        if version == self.version:
            return
        from builder.render.env import make_environment
        from builder.workspace import open_workspace

        self.ws = self._mine = None
        self.ws = open_workspace([self.root])  # no cache: it saved little (see above)
        self.env = make_environment(self._user_templates())
        self.version = version

    def _user_templates(self) -> Path | None:
        config = self.ws.config if self.ws is not None else None
        return self.root / config.templates if config is not None and config.templates else None

    def _own(self) -> list[Any]:
        """The project's entities (not the shipped catalogues), in file order."""
        return [e for e, _ in self._placed()]

    def _placed(self) -> list[tuple[Any, str]]:
        """The project's entities and the file each is in, relative to the project: found
        once a version (every render asks; a path is resolved once, not per entity and
        request: 10k entries took 1.9 s an index, 0.4 s a card)."""
        if self._mine is None:
            root = self.root.resolve()
            real: dict[Path, Path] = {}
            mine = []
            for e in self.ws.content.entities:
                path = e.doc.path
                if path not in real:
                    real[path] = path.resolve()
                if real[path].is_relative_to(root):
                    mine.append((e, str(real[path].relative_to(root))))
            self._mine = mine
        return self._mine

    def _views(self, kind: str) -> list[str]:
        """The books that can print an entity of `kind`: the project's first, by `holds`."""
        books = self.ws.rule_set.books
        declared = [b.holds for b in self.ws.config.books] if self.ws.config is not None else []
        keys = [*dict.fromkeys([*declared, *books])]
        return [k for k in keys if k in books and kind in books[k].kinds]

    def index(self) -> dict[str, Any]:
        ws = self.ws
        config = ws.config
        books = ws.rule_set.books
        problems = [
            {
                "where": f"{d.path}:{d.line}:{d.column}",
                "path": d.path,
                "line": d.line,
                "severity": str(d.severity),
                "code": d.code,
                "message": d.message,
                "rule": d.rule,
            }
            for d in ws.report.sorted()
        ]
        entities = [
            {
                "kind": e.kind,
                "id": e.id,
                "name": str(getattr(e.model, "name", "") or e.id),
                "where": f"{where}:{e.doc.start[0]}",
                "views": [[k, _book_title(k, config)] for k in self._views(e.kind)],
            }
            for e, where in self._placed()
        ]
        listed = []
        if config is not None:
            from builder.build import select

            for book in config.books:
                spec = books.get(book.holds)
                if spec is None:
                    continue
                chosen = select(self.ws, book)
                listed.append(
                    {
                        "title": book.title,
                        "output": book.output,
                        "holds": book.holds,
                        "description": spec.description,
                        "per_entity": spec.one_file_per_entity,
                        "entities": [
                            [e.kind, e.id, str(getattr(e.model, "name", e.id))] for e in chosen
                        ],
                    }
                )
        return {
            "title": config.title if config is not None else self.root.name,
            "ruleset": ws.rule_set.id,
            "paper": config.paper.value if config is not None else "a4",
            "books": listed,
            "entities": entities,
            "problems": problems,
            "templates": str(config.templates) if config is not None and config.templates else None,
            "errors": ws.report.errors,
            "warnings": ws.report.warnings,
        }

    def _job(self, target: Mapping[str, Any]) -> Any:
        from builder.build import Job, select
        from builder.models.project import Book

        config = self.ws.config
        if config is None:
            raise _NotFound("zodiac.yaml has errors (see the problems above); nothing prints")
        if "book" in target:
            book = next((b for b in config.books if b.output == target["book"]), None)
            if book is None or book.holds not in self.ws.rule_set.books:
                raise _NotFound(f"the project has no book written to {target['book']!r}")
            spec = self.ws.rule_set.books[book.holds]
            if spec.one_file_per_entity:
                raise _NotFound(f"{book.title} prints one file per entry: open an entry")
            return Job(
                book, Path(book.output), spec.template, tuple(select(self.ws, book)), book.title
            )
        kind, ident = target["entity"]
        entity = next((e for e in self._own() if e.kind == kind and e.id == ident), None)
        if entity is None:
            raise _NotFound(
                f"the project holds no {kind} {ident!r} now; if you are editing its file, "
                "it may have errors (see the problems above)"
            )
        views = self._views(kind)
        holds = target.get("as") or (views[0] if views else None)
        if holds not in views:
            raise _NotFound(f"no book of this rule set prints a {kind}")
        book = next((b for b in config.books if b.holds == holds), None) or Book.model_validate(
            {"title": _book_title(holds, None), "output": "preview.pdf", "holds": holds}
        )
        spec = self.ws.rule_set.books[holds]
        name = str(getattr(entity.model, "name", ident))
        return Job(book, Path("preview.pdf"), spec.template, (entity,), name)

    def render(self, target: Mapping[str, Any]) -> dict[str, Any]:
        from builder.build import context_for, render_limits
        from builder.render.pdf import deadline, render_html

        job = self._job(target)
        with deadline(render_limits().deadline(job)):
            text = render_html(job.template, context_for(self.ws, job), env=self.env)
        return {"html": text, "title": job.label, "paper": self.ws.config.paper.value}

    def pdf(self, target: Mapping[str, Any]) -> dict[str, Any]:
        from builder.build import context_for, render_limits
        from builder.render.pdf import deadline, render_html, write_pdf

        job = self._job(target)
        config = self.ws.config
        with deadline(render_limits().deadline(job)):
            text = render_html(job.template, context_for(self.ws, job), env=self.env)
            with tempfile.TemporaryDirectory(prefix="zodiac-serve-") as tmp:
                out = Path(tmp) / "preview.pdf"
                write_pdf(
                    text,
                    out,
                    project_root=self.root,
                    paper=config.paper.value,
                    user_templates=self._user_templates(),
                    template=job.template,
                    stylesheets_required=True,
                )
                body = out.read_bytes()
        return {"pdf": body, "title": job.label}


def _book_title(holds: str, config: Any) -> str:
    for book in getattr(config, "books", None) or ():
        if book.holds == holds:
            return str(book.title)
    return holds.replace("_", " ").capitalize()


_OPS = ("index", "render", "pdf")


def _worker_main(conn: Any, root: str, memory_mib: int, parent: int) -> None:
    """The worker's loop: one request at a time, each within the build's limits.

    It stops when the server dies, even in the middle of a render (issue #28: a server
    killed with SIGKILL left its worker printing until the deadline)."""
    from builder.build import render_limits
    from builder.build.pool import stop_with_parent
    from builder.errors import UsageError
    from builder.render.pdf import RenderError, RenderTimeout, deadline, limit_memory, limit_message

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the server; it closes us
    stop_with_parent(parent)
    limit_memory(memory_mib)
    os.chdir(root)  # problems then name files relative to the project
    preview = _Preview(Path(root))
    while True:
        try:
            op, version, args = conn.recv()
        except (EOFError, OSError):
            return
        result: dict[str, Any]
        try:
            if op not in _OPS:
                raise _NotFound(f"unknown request {op!r}")
            with deadline(load_seconds(render_limits().seconds)):
                preview.refresh(version)
            result = getattr(preview, op)(**args)
        except _NotFound as error:
            result = {"missing": str(error)}
        except RenderError as error:
            result = {"error": _render_error(error, Path(root))}
        except (RenderTimeout, MemoryError) as error:
            result = {"error": limit_message(error)}
        except UsageError as error:
            result = {"error": str(error)}
        except Exception as error:  # a bug of ours: say so on the page, keep serving
            result = {"error": f"internal error: {type(error).__name__}: {error}"}
        try:
            conn.send(result)
        except (EOFError, OSError):
            return


def load_seconds(render_seconds: float | None) -> float:
    """The deadline for loading the project in the worker: the build's default per-file
    deadline, or `ZODIAC_RENDER_SECONDS` when longer (a project that big needs it)."""
    from builder.build import RENDER_SECONDS

    return max(RENDER_SECONDS, render_seconds or 0.0)


def _render_error(error: Any, root: Path) -> str:
    """`template:line: message`, the template relative to the project or the builder."""
    from builder.render.assets import templates_dir

    template = str(error.template)
    if Path(template).is_absolute():
        for base in (root, templates_dir()):
            try:
                template = str(Path(template).resolve().relative_to(base.resolve()))
                break
            except ValueError:
                continue
    where = f"{template}:{error.line}" if error.line else template
    return f"{where}: {error.message}"


class Worker:
    """The parent's handle on the worker process: one request at a time, bounded."""

    def __init__(self, root: Path) -> None:
        from builder.build import render_limits

        self.root = root
        self.limits = render_limits()  # read once: a bad value is a usage error at start
        self.entries = 0  # the project's size, for the deadline of a whole book
        self._ctx = multiprocessing.get_context("spawn")
        self._lock = threading.Lock()
        self._proc: Any = None
        self._conn: Any = None

    def start(self) -> None:
        with self._lock:
            self._start()

    def _start(self) -> None:
        parent, child = self._ctx.Pipe()
        proc = self._ctx.Process(
            target=_worker_main,
            args=(child, str(self.root), self.limits.memory_mib, os.getpid()),
            name="zodiac-serve-worker",
            daemon=True,
        )
        proc.start()
        child.close()
        self._proc, self._conn = proc, parent

    def _timeout(self) -> float:
        from builder.build import RENDER_SECONDS, RENDER_SECONDS_PER_ENTRY

        load = load_seconds(self.limits.seconds)  # loading, then printing
        if self.limits.seconds is not None:
            return load + self.limits.seconds + WORKER_GRACE_SECONDS
        return (
            load + RENDER_SECONDS + RENDER_SECONDS_PER_ENTRY * self.entries + WORKER_GRACE_SECONDS
        )

    def call(self, op: str, version: int, **args: Any) -> dict[str, Any]:
        """Ask the worker; a worker that dies or overruns is replaced and the answer is an error."""
        with self._lock:
            if self._proc is None or not self._proc.is_alive():
                self._start()
            timeout = self._timeout()
            try:
                self._conn.send((op, version, args))
                if self._conn.poll(timeout):
                    return dict(self._conn.recv())
                why = (
                    f"the preview did not answer within {timeout:g} s and was restarted; "
                    "a template loop that never ends? (ZODIAC_RENDER_SECONDS sets the limit)"
                )
            except (EOFError, OSError):
                why = (
                    "the preview process stopped abruptly (out of memory?) and was restarted; "
                    "look at the template (ZODIAC_RENDER_MEMORY_MIB sets the limit)"
                )
            self._stop()
            return {"error": why}

    def _stop(self) -> None:
        conn, proc = self._conn, self._proc
        self._conn = self._proc = None
        if conn is not None:
            conn.close()
        if proc is not None:
            proc.join(1.0)
            if proc.is_alive():
                proc.kill()
                proc.join(5.0)

    def close(self) -> None:
        with self._lock:
            self._stop()


# ---------------------------------------------------------------- the HTTP server


def inject_head(document: str, extra: str) -> str:
    """`extra` right after the document's `<head>` (before anything that links a file)."""
    match = re.search(r"<head(\s[^>]*)?>", document, flags=re.IGNORECASE)
    if match is None:
        return extra + document
    return document[: match.end()] + extra + document[match.end() :]


def _seg(text: str) -> str:
    return quote(text, safe="")


def entity_url(kind: str, ident: str, holds: str | None = None) -> str:
    url = f"/entity/{_seg(kind)}/{_seg(ident)}"
    return f"{url}?as={_seg(holds)}" if holds else url


@dataclass
class _Reply:
    status: int
    body: bytes
    ctype: str
    policy: str
    extra: tuple[tuple[str, str], ...] = ()


class PreviewServer(ThreadingHTTPServer):
    """The preview's HTTP server on 127.0.0.1: call `serve_forever`, then `close`."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, root: Path, port: int = DEFAULT_PORT) -> None:
        super().__init__((HOST, port), _Handler)
        self.root = root.resolve()
        self.port = int(self.server_address[1])
        self.allowed_hosts = {f"{HOST}:{self.port}", f"localhost:{self.port}"}
        if self.port == 80:
            self.allowed_hosts |= {HOST, "localhost"}
        from builder.render.assets import templates_dir

        self.ui = jinja2.Environment(
            loader=jinja2.FileSystemLoader(templates_dir() / "serve"),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.ui_dir = templates_dir() / "serve"
        # Each change reloads the project at once, before the page asks for it.
        self.watcher = Watcher(self.root, on_change=self.warm)
        self.worker = Worker(self.root)
        self._index: tuple[int, dict[str, Any]] | None = None
        self._index_lock = threading.Lock()
        self._warming = threading.Lock()

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}/"

    def start(self) -> None:
        """Start the watcher and the worker, which loads the project meanwhile."""
        self.worker.start()
        self.watcher.start()
        self.warm()

    def close(self) -> None:
        """Stop serving, the watcher and the worker; idempotent."""
        self.watcher.stop()
        self.server_close()
        self.worker.close()

    def warm(self) -> None:
        """Load the current version in the background (one loader at a time), so the
        page finds it ready; the watcher never waits for a slow render."""
        if not self._warming.acquire(blocking=False):
            return

        def load() -> None:
            try:
                self.index()
            finally:
                self._warming.release()

        threading.Thread(target=load, name="zodiac-serve-warm", daemon=True).start()

    @property
    def version(self) -> int:
        return self.watcher.version

    def index(self) -> dict[str, Any]:
        """The project at its current version: books, entities, problems (cached per version)."""
        with self._index_lock:
            version = self.version
            if self._index is not None and self._index[0] == version:
                return self._index[1]
            data = self.worker.call("index", version)
            if "entities" in data:
                self.worker.entries = len(data["entities"])
                self._index = (version, data)
            return data


def make_server(root: Path, port: int = DEFAULT_PORT) -> PreviewServer:
    """A started preview of the project at `root` (raises OSError when the port is taken)."""
    server = PreviewServer(root, port)
    server.start()
    return server


class _Handler(BaseHTTPRequestHandler):
    server: PreviewServer
    server_version = "zodiac-serve"
    sys_version = ""
    protocol_version = "HTTP/1.1"

    _linger = False  # set when a refusal leaves part of the request unread

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: only the CLI prints."""

    # -- reading a request within limits ----------------------------------------------
    def handle_one_request(self) -> None:
        """One request, its head read within `MAX_HEAD_BYTES` and its body within
        `MAX_BODY_BYTES`, so that every refusal is a whole answer (see the module doc)."""
        try:
            try:
                head = _read_head(self.rfile)
            except _HeadTooLarge as error:
                self.requestline, self.request_version, self.command = "", "", ""
                self._refuse(error.status, error.message, head=False)
                return
            if not head.endswith((b"\n\n", b"\n\r\n")):
                self.close_connection = True  # the client left before its request ended
                return
            sock_file, self.rfile = self.rfile, io.BytesIO(head)
            try:
                self.raw_requestline = self.rfile.readline()
                parsed = self.parse_request()  # refusals go through send_error, below
            finally:
                self.rfile = sock_file
            if not parsed:
                return
            refusal = self._body_refusal()
            if refusal is not None:
                self._refuse(*refusal, head=self.command == "HEAD")
                return
            if not self._skip_body():
                self.close_connection = True
                return
            method = getattr(self, "do_" + self.command, None)
            if method is None:
                self.send_error(HTTPStatus.NOT_IMPLEMENTED, f"unsupported method {self.command}")
                return
            method()
            self.wfile.flush()
        except TimeoutError:
            self.close_connection = True

    def _body_refusal(self) -> tuple[int, str] | None:
        """Why the request's body is refused (status, message), or None when it may be
        read: a GET or HEAD has no business with a body, so one over the cap is a 413."""
        if self.headers.get_all("Transfer-Encoding"):
            return HTTPStatus.REQUEST_ENTITY_TOO_LARGE, _NO_BODY + " (Transfer-Encoding: chunked)"
        lengths = {v.strip() for v in self.headers.get_all("Content-Length") or ()}
        if not lengths:
            return None
        value = lengths.pop()
        if lengths or not value.isdigit() or not value.isascii():
            return HTTPStatus.BAD_REQUEST, "bad request: Content-Length must be one number"
        if int(value) > MAX_BODY_BYTES:
            return HTTPStatus.REQUEST_ENTITY_TOO_LARGE, _NO_BODY
        return None

    def _skip_body(self) -> bool:
        """Read and drop a small body (under the cap), so the next request on this
        connection starts where it should; False when the client left midway."""
        left = int(self.headers.get("Content-Length") or 0)
        while left > 0:
            chunk = self.rfile.read(min(left, 65536))
            if not chunk:
                return False
            left -= len(chunk)
        return True

    def handle_expect_100(self) -> bool:
        """No `100 Continue` for a body that will be refused: the client can skip sending it."""
        if self._body_refusal() is not None:
            return True
        return super().handle_expect_100()

    def _refuse(self, status: int, message: str, *, head: bool) -> None:
        """Answer `status`, close, and read what the client still sends first (`finish`)."""
        self._send(_text(status, message), head=head, close=True)
        self._linger = True

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """The standard library's refusals (a bad request line, too many headers, an
        unknown method) as our own pages, with our headers, read to the end."""
        short = self.responses.get(code, ("error",))[0]
        self._refuse(code, f"{short}: {message}" if message else short, head=self.command == "HEAD")

    def finish(self) -> None:
        """Flush the answer; after a refusal, drain the rest of the request (bounded)."""
        try:
            super().finish()
        finally:
            if self._linger:
                _linger(self.connection)

    def do_GET(self) -> None:
        self._answer(head=False)

    def do_HEAD(self) -> None:
        self._answer(head=True)

    # -- the door --------------------------------------------------------------------
    def _refusal(self) -> _Reply | None:
        host = (self.headers.get("Host") or "").strip().lower()
        if host not in self.server.allowed_hosts:
            return _text(HTTPStatus.FORBIDDEN, f"refused: this preview answers {HOST} only")
        if self.client_address[0] not in (HOST, "::1"):
            return _text(HTTPStatus.FORBIDDEN, "refused: this preview answers this machine only")
        if not self.path.startswith("/"):
            return _text(HTTPStatus.BAD_REQUEST, "bad request target")
        return None

    def _answer(self, *, head: bool) -> None:
        reply = self._refusal()
        if reply is None:
            try:
                reply = self._route()
            except Exception as error:  # a bug of ours: a 500, never a dead connection
                reply = _text(HTTPStatus.INTERNAL_SERVER_ERROR, f"internal error: {error!r}")
        self._send(reply, head=head)

    def _send(self, reply: _Reply, *, head: bool, close: bool = False) -> None:
        """The reply with our headers; `close` ends the connection after it."""
        self.send_response(reply.status)
        if close:
            self.send_header("Connection", "close")  # also sets close_connection
        self.send_header("Content-Type", reply.ctype)
        self.send_header("Content-Length", str(len(reply.body)))
        self.send_header("Content-Security-Policy", reply.policy)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        for name, value in reply.extra:
            self.send_header(name, value)
        self.end_headers()
        if not head:
            self.wfile.write(reply.body)

    # -- routes ----------------------------------------------------------------------
    def _route(self) -> _Reply:
        parts = urlsplit(self.path)
        segments = [unquote(s) for s in parts.path.split("/")[1:]]
        query = {k: v[0] for k, v in parse_qs(parts.query).items()}
        head, rest = (segments[0], segments[1:]) if segments else ("", [])
        routes: dict[str, Callable[[list[str], dict[str, str]], _Reply]] = {
            "": self._index_page,
            "book": self._view_page,
            "entity": self._view_page,
            "print": self._print,
            "pdf": self._pdf,
            "assets": self._asset,
            "_": self._ui,
        }
        handler = routes.get(head)
        if handler is None or (head == "" and rest):
            return _text(HTTPStatus.NOT_FOUND, "no such page")
        if head in ("book", "entity"):
            rest = [head, *rest]
        return handler(rest, query)

    def _page(self, template: str, **context: Any) -> _Reply:
        text = self.server.ui.get_template(template).render(**context)
        return _Reply(200, text.encode(), "text/html; charset=utf-8", UI_POLICY)

    def _index_page(self, rest: list[str], query: dict[str, str]) -> _Reply:
        data = self.server.index()
        return self._page("index.html", version=self.server.version, **_index_view(data))

    @staticmethod
    def _target(rest: list[str], query: dict[str, str]) -> dict[str, Any] | None:
        if len(rest) == 2 and rest[0] == "book":
            return {"book": rest[1]}
        if len(rest) == 3 and rest[0] == "entity":
            return {"entity": [rest[1], rest[2]], "as": query.get("as")}
        return None

    def _view_page(self, rest: list[str], query: dict[str, str]) -> _Reply:
        target = self._target(rest, query)
        if target is None:
            return _text(HTTPStatus.NOT_FOUND, "no such page")
        data = self.server.index()
        view = _index_view(data)
        tail = self.path.split("?", 1)
        if "book" in target:
            book = next((b for b in view["books"] if b["output"] == target["book"]), None)
            title = book["title"] if book else target["book"]
            choices: list[dict[str, Any]] = []
        else:
            kind, ident = target["entity"]
            entity = next(
                (e for e in view["entities"] if e["kind"] == kind and e["id"] == ident), None
            )
            title = entity["name"] if entity else ident
            choices = entity["views"] if entity else []
        frame = "/print" + tail[0] + (f"?{tail[1]}" if len(tail) > 1 else "")
        return self._page(
            "view.html",
            version=self.server.version,
            title=title,
            project=view["title"],
            frame=frame,
            pdf="/pdf" + frame.removeprefix("/print"),
            choices=choices,
            chosen=target.get("as"),
            book=book if "book" in target else None,
            problems=view["problems"],
            counts=view["counts"],
        )

    def _print(self, rest: list[str], query: dict[str, str]) -> _Reply:
        target = self._target(rest, query)
        if target is None:
            return _text(HTTPStatus.NOT_FOUND, "no such page")
        result = self.server.worker.call("render", self.server.version, target=target)
        if "html" not in result:
            return _print_error(result)
        paper = PAPER_WIDTH.get(result.get("paper", "a4"), PAPER_WIDTH["a4"])
        extra = (
            '<base href="/assets/">'
            f"<style>{_PAPER_CSS.format(width=paper)}</style>"  # ours; the policy allows inline styles
        )
        body = inject_head(result["html"], extra).encode()
        return _Reply(
            200,
            body,
            "text/html; charset=utf-8",
            PRINT_POLICY,
            (("X-Frame-Options", "SAMEORIGIN"),),
        )

    def _pdf(self, rest: list[str], query: dict[str, str]) -> _Reply:
        target = self._target(rest, query)
        if target is None:
            return _text(HTTPStatus.NOT_FOUND, "no such page")
        result = self.server.worker.call("pdf", self.server.version, target=target)
        if "pdf" not in result:
            return _print_error(result)
        name = (
            re.sub(r"[^A-Za-z0-9_.-]+", "-", str(result.get("title", "preview")))[:60] or "preview"
        )
        return _Reply(
            200,
            result["pdf"],
            "application/pdf",
            "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
            (("Content-Disposition", f'inline; filename="{name}.pdf"'),),
        )

    def _asset(self, rest: list[str], query: dict[str, str]) -> _Reply:
        """A stylesheet, image or font a template links to, by the rules the PDF follows."""
        from builder.render.assets import templates_dir
        from builder.render.fetcher import FetchRefused, SafeURLFetcher

        bad = not rest or any(
            s in ("", ".", "..") or s.startswith(".") or "/" in s or "\\" in s or "\x00" in s
            for s in rest
        )
        suffix = Path(rest[-1]).suffix.lower() if rest else ""
        if bad or suffix not in ASSET_TYPES:
            return _text(HTTPStatus.FORBIDDEN, "refused: not a file this preview serves")
        index = self.server.index()
        assets = templates_dir()
        user = index.get("templates")
        overlays = [(assets, self.server.root / user)] if user else []
        fetcher = SafeURLFetcher([assets, self.server.root], overlays=overlays)
        try:
            real = fetcher.check(assets.joinpath(*rest).as_uri())
        except FetchRefused:
            return _text(HTTPStatus.FORBIDDEN, "refused: outside the project and the templates")
        return _Reply(200, real.read_bytes(), ASSET_TYPES[suffix], ASSET_POLICY)

    def _ui(self, rest: list[str], query: dict[str, str]) -> _Reply:
        if rest == ["state"]:
            body = json.dumps({"version": self.server.version}).encode()
            return _Reply(200, body, "application/json", ASSET_POLICY)
        if rest == ["problems"]:
            view = _index_view(self.server.index())
            body = json.dumps({"problems": view["problems"], "counts": view["counts"]}).encode()
            return _Reply(200, body, "application/json", ASSET_POLICY)
        if len(rest) == 1 and rest[0] in UI_FILES:
            body = (self.server.ui_dir / rest[0]).read_bytes()
            return _Reply(200, body, UI_FILES[rest[0]], ASSET_POLICY)
        return _text(HTTPStatus.NOT_FOUND, "no such file")


def _index_view(data: dict[str, Any]) -> dict[str, Any]:
    """What the pages show of the worker's index: links made, kinds grouped."""
    entities = [
        {
            **e,
            "url": entity_url(e["kind"], e["id"]),
            "views": [
                {"holds": k, "title": t, "url": entity_url(e["kind"], e["id"], k)}
                for k, t in e.get("views", [])
            ],
        }
        for e in data.get("entities", [])
    ]
    kinds: dict[str, list[dict[str, Any]]] = {}
    for e in entities:
        kinds.setdefault(e["kind"], []).append(e)
    books = [
        {
            **b,
            "url": f"/book/{_seg(b['output'])}",
            "entries": [{"name": n, "url": entity_url(k, i)} for k, i, n in b["entities"]],
        }
        for b in data.get("books", [])
    ]
    problems = data.get("problems", [])
    failure = data.get("error") or data.get("missing")
    if failure:  # the project could not be read at all
        problems = [
            {
                "where": "zodiac.yaml",
                "severity": "error",
                "code": "",
                "message": failure,
                "rule": "",
            },
            *problems,
        ]
    return {
        "title": data.get("title", "ZODIAC project"),
        "ruleset": data.get("ruleset", ""),
        "books": books,
        "kinds": sorted(kinds.items()),
        "entities": entities,
        "problems": problems,
        "counts": {
            "errors": data.get("errors", 1 if failure else 0),
            "warnings": data.get("warnings", 0),
        },
    }


_NO_BODY = f"refused: this preview takes no request body over {MAX_BODY_BYTES // 1024} KiB"


class _HeadTooLarge(Exception):
    """The request line (414) or the whole head (431) is over `MAX_HEAD_BYTES`."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _read_head(rfile: Any, cap: int = MAX_HEAD_BYTES) -> bytes:
    """The request line and headers, through the blank line that ends them (less when the
    client stops early), never more than `cap` bytes: `_HeadTooLarge` past that."""
    lines: list[bytes] = []
    size = 0
    while True:
        line = rfile.readline(cap + 1 - size)
        size += len(line)
        if size > cap:
            if not lines:
                raise _HeadTooLarge(
                    HTTPStatus.REQUEST_URI_TOO_LONG,
                    f"refused: a request line longer than {cap // 1024} KiB",
                )
            raise _HeadTooLarge(
                HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                f"refused: request headers larger than {cap // 1024} KiB in all",
            )
        if not line:
            return b"".join(lines)
        lines.append(line)
        if line in (b"\r\n", b"\n"):
            return b"".join(lines)


def _linger(sock: socket.socket) -> None:
    """After a refusal: stop writing (the answer is out), then read and drop what the
    client still sends until it is done, so closing does not reset the connection and
    lose the answer. Bounded by `LINGER_BYTES`, `LINGER_SECONDS` and `LINGER_IDLE_SECONDS`."""
    try:
        sock.shutdown(socket.SHUT_WR)
        sock.settimeout(LINGER_IDLE_SECONDS)
        end = time.monotonic() + LINGER_SECONDS
        left = LINGER_BYTES
        while left > 0 and time.monotonic() < end:
            data = sock.recv(min(left, 65536))
            if not data:
                return
            left -= len(data)
    except OSError:  # a timeout, or the client is gone: nothing more to do
        return


def _text(status: int, message: str) -> _Reply:
    body = (
        "<!doctype html><meta charset=utf-8><title>zodiac serve</title>"
        f"<p>{html_lib.escape(message)}</p>"
    ).encode()
    return _Reply(status, body, "text/html; charset=utf-8", UI_POLICY)


def _print_error(result: Mapping[str, Any]) -> _Reply:
    """A printed page that could not print: the reason, where the sheet would be."""
    missing = "missing" in result
    message = str(result.get("missing") or result.get("error") or "nothing to show")
    body = (
        "<!doctype html><html><head><meta charset=utf-8><title>not printed</title>"
        "<style>body{font:15px/1.4 sans-serif;margin:2em;color:#1c1c22}"
        "p.error{border-left:4px solid #b3261e;padding:.5em 1em;background:#fdecea;"
        "white-space:pre-wrap}</style></head><body>"
        f'<p class="error" id="print-error">{"" if missing else "error: "}'
        f"{html_lib.escape(message)}</p></body></html>"
    ).encode()
    status = HTTPStatus.NOT_FOUND if missing else HTTPStatus.INTERNAL_SERVER_ERROR
    return _Reply(status, body, "text/html; charset=utf-8", PRINT_POLICY)
