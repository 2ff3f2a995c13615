"""A PDF printed for one entity is titled with its name (issue #27): a reader's window,
tab and file list show "Mira Ashgrove", not the book or the project."""

from __future__ import annotations

from pathlib import Path

import pikepdf

from builder.build import plan, run
from builder.workspace import open_workspace

EXAMPLE = Path(__file__).resolve().parents[2] / "content" / "examples" / "zodiac"


def test_each_zodiac_character_sheet_is_titled_with_the_name(tmp_path: Path) -> None:
    ws = open_workspace([EXAMPLE])
    jobs = plan(ws, ws.config, tmp_path, only="characters.pdf")[:2]
    assert jobs and all(len(j.entities) == 1 for j in jobs)
    for job, built in zip(jobs, run(ws, jobs), strict=True):
        with pikepdf.open(built.path) as pdf:
            assert str(pdf.docinfo["/Title"]) == job.entities[0].model.name
