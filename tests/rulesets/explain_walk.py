"""Walk every computed number of an example project's `zodiac show` views (issue #27).

Shared by each companion rule set's ``test_explain.py``: a number the view computes must
carry breakdown terms (so `show --explain` never says "as written in the file" of it),
and its terms must add up to it. What the file itself says is listed by the caller as
glob patterns per kind (``fnmatch``: ``*`` crosses dots).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

Written = Callable[[str, dict[str, Any]], tuple[str, ...]]


def _numbers(data: Mapping[str, Any]) -> dict[str, int | float]:
    from builder.explain import paths

    return {
        p: v
        for p, v in paths(data).items()
        if isinstance(v, int | float) and not isinstance(v, bool) and p != "format_version"
    }


def walk(example: Path, written: Written) -> tuple[int, list[str]]:
    """``(numbers checked, problems)`` over every entity of ``example``."""
    from builder.cli.show import explained
    from builder.workspace import open_workspace

    ws = open_workspace([example])
    assert ws.report.errors == 0, ws.report.sorted()
    checked, problems = 0, []
    for entity in ws.content.entities:
        view = ws.rule_set.show_for(entity.kind)
        assert view is not None, entity.kind
        data = view(ws, entity).json
        as_written = written(entity.kind, data)
        for path, value in _numbers(data).items():
            if any(fnmatch(path, pattern) for pattern in as_written):
                continue
            checked += 1
            terms = explained(data, path)["terms"]  # what `show --explain PATH` prints
            where = f"{entity.kind} {entity.id}: {path} = {value}"
            if not terms:
                problems.append(f"{where} has no terms")
            elif not math.isclose(sum(t["amount"] or 0 for t in terms), value, abs_tol=1e-9):
                problems.append(f"{where}: its terms add up to something else")
            elif any(not t.get("label") or not t.get("source") for t in terms):
                problems.append(f"{where}: a term without a label or a source")
    return checked, problems
