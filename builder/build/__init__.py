"""`zodiac build`: validate a project, then print every book it declares.

A package of four modules (issue #27): `planning` (the jobs, their context, printing
one in this process), `records` (incremental builds), `parts` (a long book printed in
parts and joined) and `pool` (the printing processes, their limits, Ctrl-C). The names
below are the build's interface; import them from here.

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

from builder.build.parts import (
    Joined,
    PartDone,
    Piece,
    Unsettled,
    join_piece,
    part_plan,
    print_piece,
)
from builder.build.planning import (
    Built,
    Job,
    context_for,
    file_stem,
    plan,
    run,
    select,
)
from builder.build.pool import (
    MEMORY_ENV,
    RENDER_MEMORY_MIB,
    RENDER_SECONDS,
    RENDER_SECONDS_PER_ENTRY,
    SECONDS_ENV,
    Limits,
    default_workers,
    render_limits,
    run_parallel,
)
from builder.build.records import (
    MAX_OUTPUT_FOLDERS,
    load_records,
    parts_folder,
    print_key,
    save_records,
    still_printed,
)

__all__ = [
    "MAX_OUTPUT_FOLDERS",
    "MEMORY_ENV",
    "RENDER_MEMORY_MIB",
    "RENDER_SECONDS",
    "RENDER_SECONDS_PER_ENTRY",
    "SECONDS_ENV",
    "Built",
    "Job",
    "Joined",
    "Limits",
    "PartDone",
    "Piece",
    "Unsettled",
    "context_for",
    "default_workers",
    "file_stem",
    "join_piece",
    "load_records",
    "part_plan",
    "parts_folder",
    "plan",
    "print_key",
    "print_piece",
    "render_limits",
    "run",
    "run_parallel",
    "save_records",
    "select",
    "still_printed",
]
