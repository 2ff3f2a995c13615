from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

from builder.workspace import open_workspace

REPO = Path(__file__).resolve().parents[3]
EXAMPLE = REPO / "content" / "examples" / "16-bit-tactics"


@pytest.fixture
def bt_project(tmp_path):
    """A copy of the example project; ``(files) -> diagnostics`` after writing ``files``."""
    root = tmp_path / "proj"
    shutil.copytree(EXAMPLE, root)

    def _run(files: dict[str, str]):
        for name, text in files.items():
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(textwrap.dedent(text), encoding="utf-8")
        return open_workspace([root]).report.diagnostics

    _run.root = root
    return _run
