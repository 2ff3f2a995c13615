"""Printing is bounded in time and memory, and a stylesheet that cannot load fails its book.

Issue "Trust": a project's `templates:` folder is code from whoever shared the project.
Each file is printed in a forked process with a deadline and a memory cap; the CLI
process reports a clean error naming the template and line, and the other books print.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from builder.render import make_environment, render_html
from builder.render import pdf as pdfmod
from builder.render.pdf import RenderError, deadline
from tests.conftest import REPO

MONSTER = """\
kind: monster
name: Specimen
level: 1
stats: {str: 6, mag: 6, vit: 6, spr: 6, agi: 6}
attack_die: d8
"""

# 10^15 steps on line 3: a loop no machine ends within any test (Jinja2's sandbox caps a
# range at 100,000, so the nesting is what makes it endless).
LOOP = (
    "<p>cards</p>\n\n"
    "{% for i in range(100000) %}{% for j in range(100000) %}{% for k in range(100000) %}"
    "{% endfor %}{% endfor %}{% endfor %}\n"
)
# How long a build may take before the test calls it hung: a bound a machine ten times
# slower than ours still meets, never the measure of a limit.
HUNG = 300


CARDS = "  - {title: Monster Cards, output: monster-cards.pdf, holds: monster_cards}\n"
BESTIARY = "  - {title: Bestiary, output: bestiary.pdf, holds: bestiary}\n"


def _project(
    root: Path, templates: dict[str, str] | None = None, books: str = CARDS + BESTIARY
) -> Path:
    """A project with one monster, a card deck and a bestiary; `templates` override."""
    (root / "monsters").mkdir(parents=True)
    (root / "monsters" / "specimen.yaml").write_text(MONSTER, encoding="utf-8")
    (root / "zodiac.yaml").write_text(
        f"title: Limits\ntemplates: templates\nbooks:\n{books}", encoding="utf-8"
    )
    (root / "templates").mkdir()
    for name, text in (templates or {}).items():
        (root / "templates" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "templates" / name).write_text(text, encoding="utf-8")
    return root


def _old_pdf(root: Path, name: str) -> Path:
    """A previous version of a book, which a failed build must leave as it was."""
    (root / "dist").mkdir(exist_ok=True)
    path = root / "dist" / name
    path.write_bytes(b"%PDF-1.7 previous version")
    return path


def _build_in_subprocess(root: Path, **env: str) -> tuple[subprocess.CompletedProcess, float]:
    """`zodiac build` as a user runs it; the timeout turns a hang into a test failure."""
    full = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "300", **env}
    args = [sys.executable, "-m", "builder", "build"]
    start = time.monotonic()
    # A session of its own, so a hang kills the printing processes too, not only zodiac.
    with subprocess.Popen(
        args,
        cwd=root,
        env=full,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    ) as proc:
        try:
            out, err = proc.communicate(timeout=HUNG)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            raise
    elapsed = time.monotonic() - start
    return subprocess.CompletedProcess(args, proc.returncode, out, err), elapsed


# -- time ------------------------------------------------------------------------------------


def test_a_template_loop_that_never_ends_stops_at_the_deadline(tmp_path: Path) -> None:
    """Three nested `{% for i in range(100000) %}` run forever; the deadline stops them.

    The loop never ends, so a build that ends at all was stopped by the deadline; the
    time it took is only held to the bound of a hang (issue #28: no test depends on how
    fast the machine is).
    """
    # One book: 2 s is the deadline of every file, too short for a real one on a busy machine.
    root = _project(tmp_path / "p", {"cards/monsters.html": LOOP}, books=CARDS)
    old = _old_pdf(root, "monster-cards.pdf")

    result, elapsed = _build_in_subprocess(root, ZODIAC_RENDER_SECONDS="2")

    assert result.returncode == 1, result.stdout + result.stderr
    assert (
        "error: templates/cards/monsters.html:3: rendering took longer than 2 s; "
        "a template loop that never ends?" in result.stdout
    )
    assert "Monster Cards: dist/monster-cards.pdf was not printed; its previous version stays" in (
        result.stdout
    )
    assert "Traceback" not in result.stdout + result.stderr
    assert old.read_bytes() == b"%PDF-1.7 previous version"
    assert [p.name for p in (root / "dist").iterdir()] == ["monster-cards.pdf"]
    assert elapsed < HUNG


def test_deadline_raises_inside_the_running_template_frame(tmp_path: Path) -> None:
    """The timer's exception lands in the template, so the error names its file and line."""
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "loop.html").write_text(LOOP, encoding="utf-8")
    env = make_environment(tmp_path / "t")
    env.get_template("loop.html")  # compiled before the clock starts: only the loop runs
    start = time.monotonic()
    with pytest.raises(RenderError) as caught, deadline(0.5):
        render_html("loop.html", {}, env=env)
    assert time.monotonic() - start < HUNG  # stopped, however slow the machine
    assert caught.value.template == str((tmp_path / "t" / "loop.html").resolve())
    assert caught.value.line == 3
    assert caught.value.message.startswith("rendering took longer than 0.5 s;")
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)  # disarmed afterwards


# -- memory ----------------------------------------------------------------------------------


def test_a_huge_string_is_a_memory_error_naming_the_template_and_line(tmp_path: Path) -> None:
    """`{{ 'a'|center(10**9) }}` reaches 2.9 GB."""
    root = _project(
        tmp_path / "p", {"cards/monsters.html": "<p>cards</p>\n{{ 'a'|center(10**9) }}\n"}
    )
    old = _old_pdf(root, "monster-cards.pdf")

    result, _ = _build_in_subprocess(root, ZODIAC_RENDER_MEMORY_MIB="512")

    assert result.returncode == 1, result.stdout + result.stderr
    assert (
        "error: templates/cards/monsters.html:2: rendering used more than 512 MiB of memory; "
        "a template that builds huge text?" in result.stdout
    )
    assert old.read_bytes() == b"%PDF-1.7 previous version"
    assert (root / "dist" / "bestiary.pdf").read_bytes().startswith(b"%PDF")


def test_a_gigabyte_repeated_in_a_template_is_refused_naming_it(tmp_path: Path) -> None:
    """Issue #28: `('a' * 10**9)|length` built 1 GB under the 2 GiB cap and exited 0."""
    root = _project(
        tmp_path / "p", {"cards/monsters.html": "<p>cards</p>\n{{ ('a' * 10**9)|length }}\n"}
    )
    old = _old_pdf(root, "monster-cards.pdf")

    result, _ = _build_in_subprocess(root)

    assert result.returncode == 1, result.stdout + result.stderr
    assert (
        "error: templates/cards/monsters.html:2: `*` would repeat str into 1,000,000,000 "
        "characters; a template may repeat at most 1,000,000" in result.stdout
    )
    assert "1000000000" not in result.stdout
    assert old.read_bytes() == b"%PDF-1.7 previous version"
    assert (root / "dist" / "bestiary.pdf").read_bytes().startswith(b"%PDF")
    assert "Traceback" not in result.stdout + result.stderr


@pytest.mark.parametrize(
    ("expression", "message"),
    [
        ("[0] * 10**7", "`*` would repeat list into 10,000,000 items;"),
        ("10 * ('ab',)", None),
        ("1000001 * 'a'", "`*` would repeat str into 1,000,001 characters;"),
        ("2 ** 10001", "`**` would make a number of more than 10,001 bits;"),
        ("7 ** (10**6)", "`**` would make a number of more than 2,000,000 bits;"),
        ("'-' * 40 ~ 3 ** 4 ~ 2 ** 0.5 ~ 1 ** 10**9 ~ 1.5 * 2", None),
    ],
)
def test_products_are_bounded_before_they_are_computed(
    tmp_path: Path, expression: str, message: str | None
) -> None:
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "x.html").write_text(f"<p>x</p>\n{{{{ {expression} }}}}\n")
    env = make_environment(tmp_path / "t")
    if message is None:
        assert render_html("x.html", {}, env=env).startswith("<p>x</p>")
        return
    with pytest.raises(RenderError) as caught:
        render_html("x.html", {}, env=env)
    assert caught.value.line == 2
    assert caught.value.message.startswith(message)


def test_a_template_dividing_by_zero_is_its_error_not_an_internal_one(
    zodiac, tmp_path: Path
) -> None:
    """`{{ 1/0 }}` in a project template was "internal error: ZeroDivisionError", exit 3."""
    root = _project(tmp_path / "p", {"cards/monsters.html": "<p>cards</p>\n{{ 1 / 0 }}\n"})

    r = zodiac("build", str(root), "--jobs", "1")

    assert r.exit_code == 1, r.stdout
    assert "templates/cards/monsters.html:2: ZeroDivisionError: division by zero" in r.stdout
    assert (root / "dist" / "bestiary.pdf").read_bytes().startswith(b"%PDF")
    assert not (root / "dist" / "monster-cards.pdf").exists()


def test_output_past_the_cap_stops_at_the_line_that_wrote_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A template printing gigabytes of text must not reach WeasyPrint (2.9 GB)."""
    monkeypatch.setattr(pdfmod, "MAX_HTML_CHARS", 10_000)
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / "big.html").write_text(
        "<p>fine</p>\n{% for i in range(100) %}{{ 'a'|center(1000) }}{% endfor %}\n",
        encoding="utf-8",
    )
    with pytest.raises(RenderError) as caught:
        render_html("big.html", {}, env=make_environment(tmp_path / "t"))
    assert caught.value.line == 2
    assert caught.value.message.startswith("the template wrote more than 10,000 characters of HTML")


def test_constant_expressions_are_not_computed_while_compiling(tmp_path: Path) -> None:
    """Jinja2 folded `{{ 'a'|center(10**9) }}` in its compiler, outside any template frame."""
    env = make_environment()
    source = env.compile("x\n{{ 'a'|center(10**2) }}", raw=True)
    assert "a" + " " * 99 not in source and " " * 49 + "a" not in source


# -- a printing process that dies ------------------------------------------------------------


def test_a_killed_printing_process_fails_only_its_own_book(
    zodiac, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """If the child dies anyway (killed, BrokenProcessPool), the parent reports a clean error."""
    import builder.build.planning as build  # where `run` looks `context_for` up

    root = _project(tmp_path / "p")
    real = build.context_for

    def killed_for_the_bestiary(ws, job):  # runs in the forked worker
        if job.book.title == "Bestiary":
            os.kill(os.getpid(), signal.SIGKILL)
        return real(ws, job)

    monkeypatch.setattr(build, "context_for", killed_for_the_bestiary)
    r = zodiac("build", str(root), "--jobs", "2")

    assert r.exit_code == 1, r.stdout
    assert "books/bestiary.html: the process printing this file stopped abruptly" in r.stdout
    assert "Bestiary:" in r.stdout and "bestiary.pdf was not printed; nothing was written" in (
        r.stdout
    )
    assert (root / "dist" / "monster-cards.pdf").read_bytes().startswith(b"%PDF")
    assert not (root / "dist" / "bestiary.pdf").exists()


def test_a_bad_limit_in_the_environment_is_misuse(
    zodiac, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _project(tmp_path / "p")
    monkeypatch.setenv("ZODIAC_RENDER_SECONDS", "soon")
    r = zodiac("build", str(root))
    assert r.exit_code == 2
    assert "ZODIAC_RENDER_SECONDS must be a number of seconds above 0, not 'soon'" in r.output
    assert not (root / "dist").exists()


# -- resources that cannot be loaded ---------------------------------------------------------


def _linking(href: str) -> dict[str, str]:
    return {
        "books/bestiary.html": (
            '{% extends "base.html" %}'
            '{% block head %}<link rel="stylesheet" href="' + href + '">{% endblock %}'
            "{% block body %}<p>Bestiary</p>{% endblock %}"
        )
    }


@pytest.mark.parametrize(
    ("href", "reason"),
    [
        ("css/missing.css", "no such file"),
        ("https://example.com/x.css", "scheme 'https' is not allowed: no network"),
        ("OUTSIDE", "is outside the allowed folders"),
    ],
    ids=["missing", "network", "outside"],
)
def test_a_stylesheet_that_cannot_be_loaded_fails_its_book(
    zodiac, tmp_path: Path, href: str, reason: str
) -> None:
    """A template that links a missing stylesheet gets an unstyled PDF in silence."""
    if href == "OUTSIDE":
        outside = tmp_path / "elsewhere.css"
        outside.write_text("body { color: red }", encoding="utf-8")
        href = outside.as_uri()
    root = _project(tmp_path / "p", _linking(href))
    old = _old_pdf(root, "bestiary.pdf")

    r = zodiac("build", str(root))

    assert r.exit_code == 1, r.stdout
    lines = [line for line in r.stdout.splitlines() if line.startswith("error:")]
    assert len(lines) == 1
    assert lines[0].startswith("error: books/bestiary.html: stylesheet ")
    assert href.split("/")[-1] in lines[0]
    assert "could not be loaded (" in lines[0] and f"{reason}); link a .css file" in lines[0]
    assert old.read_bytes() == b"%PDF-1.7 previous version"
    assert sorted(p.name for p in (root / "dist").iterdir()) == [
        "bestiary.pdf",
        "monster-cards.pdf",
    ]


def test_a_refused_image_is_a_warning_after_the_summary(zodiac, tmp_path: Path) -> None:
    """Other refused resources (images, fonts) are a warning printed after the summary table."""
    root = _project(
        tmp_path / "p",
        {
            "books/bestiary.html": (
                '{% extends "base.html" %}{% block body %}<p>Bestiary</p>'
                '<img src="art/missing.png"><img src="http://example.com/x.png">'
                "{% endblock %}"
            )
        },
    )
    r = zodiac("build", str(root))

    assert r.exit_code == 0, r.stdout
    assert (root / "dist" / "bestiary.pdf").read_bytes().startswith(b"%PDF")
    lines = r.stdout.splitlines()
    warnings = [i for i, line in enumerate(lines) if line.startswith("warning:")]
    table = next(i for i, line in enumerate(lines) if "2 file(s) written" in line)
    assert len(warnings) == 2 and min(warnings) > table
    text = "\n".join(lines[i] for i in warnings)
    assert "art/missing.png was left out (no such file)" in text
    assert "http://example.com/x.png was left out (scheme 'http' is not allowed: no network)" in (
        text
    )
