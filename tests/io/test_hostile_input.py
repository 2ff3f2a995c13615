"""Property tests (issue "Trust"): whatever a file holds, loading and checking it ends in
diagnostics, never in another exception, and within a bounded time.

Derandomized so CI sees the same examples every run; each property runs 150 examples.
"""

from __future__ import annotations

import atexit
import copy
import shutil
import signal
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel
from ruamel.yaml import YAML

from builder.diagnostics import Diagnostic
from builder.io.project import validate_document
from builder.io.yaml import load_file, load_text
from builder.rulesets.zodiac import MODELS, RULESET
from builder.workspace import open_workspace
from tests.conftest import EXAMPLE

# Hard guards: a hang fails the example instead of the CI job. The bound is on the CPU
# time this process spends (the slowest example needs ~0.5 s), so other processes on the
# same cores do not count (issue #28); a wall-clock bound only a blocked hang reaches
# backs it up. Hypothesis's own per-example deadline (wall clock) is off for that reason.
PER_EXAMPLE_CPU_SECONDS = 10
PER_EXAMPLE_WALL_SECONDS = 120

PROPERTY = settings(
    max_examples=150,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
)


@contextmanager
def time_guard(
    cpu_seconds: float = PER_EXAMPLE_CPU_SECONDS, wall_seconds: float = PER_EXAMPLE_WALL_SECONDS
) -> Iterator[None]:
    """Raise TimeoutError in the example after `cpu_seconds` of this process's CPU time
    (SIGPROF) or `wall_seconds` of wall-clock time (SIGALRM)."""

    def _raise(signum: int, frame: object) -> None:
        spent = f"{cpu_seconds} s of CPU" if signum == signal.SIGPROF else f"{wall_seconds} s"
        raise TimeoutError(f"one example took more than {spent}")

    old = {sig: signal.signal(sig, _raise) for sig in (signal.SIGPROF, signal.SIGALRM)}
    signal.setitimer(signal.ITIMER_PROF, cpu_seconds)
    signal.setitimer(signal.ITIMER_REAL, wall_seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        for sig, handler in old.items():
            signal.signal(sig, handler)


_DIR = Path(tempfile.mkdtemp(prefix="zodiac-hostile-"))  # one file, rewritten per example
atexit.register(shutil.rmtree, _DIR, ignore_errors=True)


def _file(data: bytes | str) -> Path:
    path = _DIR / "c.yaml"
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_bytes(data)
    return path


# --- (a) arbitrary bytes -----------------------------------------------------------------

_TOKENS = [
    b"[", b"]", b"{", b"}", b"- ", b": ", b"? ", b",", b"\n", b"  ", b"\t", b"#", b"'", b'"',
    b"&a ", b"&b ", b"*a", b"*b", b"!!str ", b"!!python/object ", b"<<: ", b"---\n", b"...\n",
    b"kind", b"monster", b"character", b"name", b"level", b"stats", b"techs", b"9" * 40,
    b"0x", b"0o7", b"1e999", b".nan", b"~", b"true", b"\xff", b"\xef\xbb\xbf", b"\x00",
    b"\x1b[31m", b"\xc2\x85", b"|\n", b">-\n", b"%YAML 1.2\n", b"\\u0000",
    b"[" * 700, b"\n" + b"- " * 700, b"\n- " + b"9" * 5000 + b"\n",  # past the limits
]  # fmt: skip
yamlish_bytes = st.lists(st.sampled_from(_TOKENS), max_size=60).map(b"".join)
# Whole lines, so that many examples are valid YAML and reach the builder and the models.
_LINES = [
    b"kind: monster\n", b"kind: character\n", b"name: X\n", b"level: 3\n", b"---\n",
    b"stats: {str: 8, mag: 5, vit: 7, spr: 5, agi: 5}\n", b"techs:\n  - tech: cure\n",
    b"a: &a [x, x, x]\n", b"b: &b [*a, *a, *a]\n", b"c: [*b, *b, *b, *a]\n", b"r: &r [*r]\n",
    b"deep: " + b"[" * 700 + b"]" * 700 + b"\n", b"block:\n" + b"- " * 700 + b"x\n",
    b"level: " + b"9" * 5000 + b"\n", b"hex: 0x" + b"f" * 5000 + b"\n", b"e: 1e99999\n",
    b"tag: !!python/object:os.system x\n", b"<<: {a: 1}\n", b"name: \x1b[31mred\n",
    b'name: "\\u0085\\uFFFF\\0"\n', b"? [k]\n: v\n", b"level: .nan\n", b"\xff\n",
]  # fmt: skip
yaml_lines = st.lists(st.sampled_from(_LINES), max_size=12).map(b"".join)


@PROPERTY
@given(st.one_of(st.binary(max_size=600), yamlish_bytes, yaml_lines))
def test_any_bytes_load_and_validate_to_diagnostics_only(raw: bytes) -> None:
    """Arbitrary bytes written to a file -> load_file + validate_document for each document
    returns only problems/diagnostics (no other exception) within a bounded time."""
    with time_guard():
        loaded = load_file(_file(raw))
        for doc in loaded.documents:
            _entity, diags = validate_document(doc)
            assert all(isinstance(d, Diagnostic) for d in diags)
    assert all(isinstance(loc, tuple) and len(loc) == 2 for loc, _ in loaded.problems)


# --- (b) arbitrary YAML trees --------------------------------------------------------------


def _field_names() -> list[str]:
    """Every key any content model reads, so the trees reach past 'unknown field'."""
    names: set[str] = set()
    stack: list[Any] = [RULESET.model_for(k) for k in MODELS]
    done: set[Any] = set()
    while stack:
        t = stack.pop()
        if t in done:
            continue
        done.add(t)
        if isinstance(t, type) and issubclass(t, BaseModel):
            for name, f in t.model_fields.items():
                names.add(f.alias or name)
                stack.append(f.annotation)
        stack.extend(getattr(t, "__args__", ()))
    return sorted(names)


FIELDS = _field_names()
KINDS = sorted(MODELS)


class Huge:
    """An integer too long for int() (4300 digits), written unquoted."""


_yaml = YAML(typ="safe")
_yaml.representer.add_representer(
    Huge, lambda r, d: r.represent_scalar("tag:yaml.org,2002:int", "9" * 5000)
)

_text = st.text(st.characters(exclude_categories=("Cs",)), max_size=12)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 300),
    st.integers(),
    st.integers(min_value=10**29, max_value=10**60),
    st.just(Huge()),
    st.floats(),
    _text,
    st.sampled_from(FIELDS + KINDS + ["d6", "d10", "fire", "cure", "potion", "sword"]),
)
keys = st.one_of(st.sampled_from(FIELDS), _text)
trees = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=5)),
    max_leaves=25,
)
documents = st.builds(
    lambda kind, rest: {"kind": kind, **rest},
    st.one_of(st.sampled_from(KINDS), scalars),
    st.dictionaries(st.sampled_from(FIELDS), trees, max_size=8),
)


def _dump(docs: list[Any], flow: bool) -> str:
    _yaml.default_flow_style = flow
    out = StringIO()
    _yaml.dump_all(docs, out)
    return out.getvalue()


def _check_whole_path(text: str) -> None:
    with time_guard():
        ws = open_workspace([_file(text)])  # load, validate, run_checks
    assert all(isinstance(d, Diagnostic) for d in ws.report.sorted())


@PROPERTY
@given(st.lists(documents, min_size=1, max_size=3), st.booleans())
def test_any_yaml_tree_loads_validates_and_checks_to_diagnostics_only(
    docs: list[Any], flow: bool
) -> None:
    """Arbitrary YAML trees (keys from real model fields, `kind` from builder.rulesets.zodiac.MODELS)
    dumped to YAML text -> load + validate_document + the checks accept only diagnostics."""
    _check_whole_path(_dump(docs, flow))


# --- (b, continued) real documents with one part replaced -----------------------------------


def _examples() -> list[dict[str, Any]]:
    docs = []
    for path in sorted(EXAMPLE.rglob("*.yaml")):
        if path.name != "zodiac.yaml":
            docs += [d.data for d in load_file(path).documents]
    return docs


EXAMPLES = _examples()


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _strings(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {s for v in value.values() for s in _strings(v)}
    if isinstance(value, list):
        return {s for v in value for s in _strings(v)}
    return {value} if isinstance(value, str) else set()


STRINGS = sorted({s for doc in EXAMPLES for s in _strings(doc)})
numbers = st.one_of(
    st.integers(-3, 130), st.sampled_from([-(10**9), 10**9, 10**30]), st.floats(-1e3, 1e3)
)


@st.composite
def _replacement(draw: st.DrawFn, old: Any) -> Any:
    """Mostly a value of the same shape (so validation passes and the checks run), sometimes
    an arbitrary tree."""
    if draw(st.integers(0, 7)) == 0:
        return draw(trees)
    if isinstance(old, bool):
        return not old
    if isinstance(old, int | float):
        return draw(numbers)
    if isinstance(old, str):
        return draw(st.one_of(st.sampled_from(STRINGS), _text))
    if isinstance(old, list):
        if not old:
            return [draw(trees)]
        i = draw(st.integers(0, len(old) - 1))
        return draw(st.sampled_from([old[:i] + old[i + 1 :], [*old, old[i]], old[::-1]]))
    if isinstance(old, dict) and old:
        drop = draw(st.sampled_from(sorted(old, key=str)))
        return {k: v for k, v in old.items() if k != drop}
    return draw(trees)


@st.composite
def mutated_examples(draw: st.DrawFn) -> dict[str, Any]:
    """A real example document with a few values changed, so the checks run on content
    that is valid nearly everywhere."""
    doc = copy.deepcopy(draw(st.sampled_from(EXAMPLES)))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(doc) if p and p != ("kind",)]
        path = draw(st.sampled_from(paths))
        parent = doc
        for part in path[:-1]:
            parent = parent[part]
        parent[path[-1]] = draw(_replacement(parent[path[-1]]))
    return doc


@PROPERTY
@given(mutated_examples(), st.booleans())
def test_real_content_with_one_part_replaced_checks_to_diagnostics_only(
    doc: dict[str, Any], flow: bool
) -> None:
    """Arbitrary YAML trees -> builder.workspace.open_workspace([file]) (runs run_checks)
    accepts only diagnostics."""
    _check_whole_path(_dump([doc], flow))


def test_the_dumper_writes_what_the_loader_reads() -> None:
    """The trees above reach the models: a dumped document loads back unchanged."""
    doc = {"kind": "monster", "name": "X\x1b", "level": 3, "stats": [1.5, None, True]}
    text = _dump([doc], False)
    assert load_text(text, Path("t")).documents[0].data == doc
    assert "9" * 5000 in _dump([{"level": Huge()}], True)


def test_the_time_guard_counts_this_process_cpu() -> None:
    """The guard fires on a loop that never ends, after CPU time this process spent (so a
    busy machine only makes it fire later in wall time, never wrongly)."""
    with pytest.raises(TimeoutError, match=r"more than 0\.2 s of CPU"), time_guard(cpu_seconds=0.2):
        while True:
            pass
