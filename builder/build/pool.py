"""The printing processes: every file printed in a forked worker, within limits.

Printing is bounded (issue "Trust"): a project's templates are code from whoever shared
the project. Every file is printed in a forked child process with a memory cap and a
wall-clock deadline (`RENDER_*` below), so whatever a template does, the `zodiac`
process stays healthy and reports a clean error for that book; a child that dies anyway
(killed by the system) fails only the book it was printing. Ctrl-C stops the workers at
once, and they stop when `zodiac` dies (issue #28, see "Stopping" below).
"""

from __future__ import annotations

import contextlib
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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2

from builder.build.parts import (
    Joined,
    PartDone,
    Piece,
    Unsettled,
    _Parted,
    _user_templates,
    forget_contexts,
    join_piece,
    part_environment,
    part_plan,
    print_piece,
    whole_context,
)
from builder.build.planning import Built, Job, run
from builder.build.records import _record_key, inputs_digest, still_printed
from builder.errors import UsageError
from builder.render.pdf import RenderError
from builder.workspace import Workspace

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


def stop_with_parent(parent: int) -> None:
    """Stop this process (SIGTERM) once `parent` dies: for a worker that another thread
    than the main one started (the live preview's), where only the pid watch can tell."""
    _watch_parent(parent, kernel=False)


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
    # Python 3.11's exit hook wakes the pool's manager thread through a pipe, unlocked:
    # if the thread closes that pipe at the same moment, Python prints "Exception ignored
    # ... Bad file descriptor" after "interrupted". Joined here, the thread has closed it
    # before the hook runs, and the hook's wakeup is a no-op.
    manager = getattr(pool, "_executor_manager_thread", None)  # shutdown() forgets it
    pool.shutdown(wait=False, cancel_futures=True)
    if manager is not None:
        manager.join(_STOP_GRACE)


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
    as for `run` (files whose inputs are unchanged are kept, not printed again; when
    nothing of the builder or the project changed, without rendering them: see
    `inputs_digest`). A long
    book prints in parts (see `Piece`); `keep` (`parts_folder`) keeps its parts for the
    next build, which prints again only the parts that changed.
    """
    previous = previous or {}
    # Only where records are kept (`keep`: a build with the cache); not with --html, which
    # writes each book's HTML and so renders it anyway.
    inputs = None if html or keep is None else _inputs(ws, jobs)
    jobs = list(jobs)
    for job in [j for j in jobs if inputs is not None]:
        kept = _kept_whole(job, previous, inputs)
        if kept is not None:
            jobs.remove(job)
            yield job, kept
    if not jobs:
        return  # nothing to print: no template rendered, no process forked
    for job, outcome in _print_jobs(ws, jobs, html, workers, previous, keep):
        if inputs is not None and isinstance(outcome, Built) and outcome.record is not None:
            outcome.record["inputs"] = inputs
        yield job, outcome


def _inputs(ws: Workspace, jobs: list[Job]) -> str | None:
    """`inputs_digest` of this build, leaving out the files it writes."""
    outputs = {os.path.realpath(p) for j in jobs for p in (j.out, j.out.with_suffix(".html"))}
    # And the other books' PDFs beside them (a build with `--only`), not inputs of a book.
    for folder in {j.out.parent for j in jobs}:
        with contextlib.suppress(OSError):
            outputs |= {
                os.path.realpath(p) for p in folder.iterdir() if p.suffix in (".pdf", ".html")
            }
    return inputs_digest(ws.root, outputs)


def _kept_whole(job: Job, previous: dict[str, Any], inputs: str) -> Built | None:
    """The PDF `job` printed last time, kept without rendering anything, when the build's
    inputs are the same as then and the PDF and the files it read are unchanged."""
    old = previous.get(_record_key(job.out))
    if not isinstance(old, dict) or old.get("inputs") != inputs:
        return None
    if not isinstance(old.get("key"), str):
        return None
    if not still_printed(old, old.get("key"), job.out):
        return None
    return Built(job.out, old["pages"], old["size"], None, record=old, unchanged=True)


def _print_jobs(
    ws: Workspace,
    jobs: list[Job],
    html: bool,
    workers: int | None,
    previous: dict[str, Any],
    keep: Path | None,
) -> Iterator[tuple[Job, Built | RenderError]]:
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
        try:
            parted: dict[int, _Parted] = {}
            for i in left:
                state = _plan_parts(ws, jobs[i], html, previous)
                if state is not None:
                    parted[i] = state
            settings = _Settings(html, limits, previous, Path(folder), keep)
            yield from _print_all(ws, jobs, left, parted, n, settings)
        finally:
            forget_contexts()


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
    split = part_plan(ws, job, user_templates)
    if split is None:
        return None
    plan, count = split
    # Computed here, the workers inherit them: the contents and index show every entry,
    # and every part renders the same templates.
    if plan.front or plan.back:
        whole_context(ws, job)
    with contextlib.suppress(jinja2.TemplateError):  # a worker reports it, within the limits
        part_environment(user_templates).get_template(job.template)
    html_path = None
    if html:
        try:
            text = render_html(
                job.template, whole_context(ws, job), env=make_environment(user_templates)
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
    return _Parted(plan, html_path, count, prior, ids, prior_ids)


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
