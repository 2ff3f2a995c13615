"""Content is data: it never becomes markup, never fetches, never escapes the sandbox."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import jinja2
import pytest
from jinja2.sandbox import SecurityError

from builder.render import (
    FetchRefused,
    RenderError,
    SafeURLFetcher,
    make_environment,
    render_html,
    templates_dir,
    write_pdf,
)
from builder.render.env import dice, signed, thousands

SCRIPT = "<script>alert(1)</script>"
IMG = '<img src="file:///etc/passwd">'
CSS_URL = "url(http://example.com/x.png)"


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Any attempt to open a socket is recorded and fails."""
    attempts: list[object] = []

    def refuse(*args: object, **kwargs: object) -> None:
        attempts.append(args)
        raise OSError("network disabled in tests")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    return attempts


def _pdf_text(path: Path) -> str:
    from pypdf import PdfReader

    text = " ".join(page.extract_text() for page in PdfReader(path).pages)
    return re.sub(r"\s+", " ", text)


def _user_folder(tmp_path: Path, files: dict[str, str]) -> Path:
    folder = tmp_path / "project" / "templates"
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return folder


# -- autoescape: hostile text prints literally and fetches nothing -----------------------


def test_hostile_text_prints_as_literal_text_and_fetches_nothing(
    tmp_path: Path, no_network: list[object]
) -> None:
    user = _user_folder(
        tmp_path,
        {
            "doc.html": (
                '{% extends "base.html" %}{% block body %}'
                "{% for line in lines %}<p>{{ line }}</p>{% endfor %}"
                '<p title="{{ lines[1] }}">attribute</p>'
                "{% endblock %}"
            ),
        },
    )
    lines = [SCRIPT, IMG, f"background: {CSS_URL}"]
    html = render_html("doc.html", {"lines": lines}, env=make_environment(user))

    assert SCRIPT not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert 'title="&lt;img src=&#34;file:///etc/passwd&#34;&gt;"' in html

    fetcher = SafeURLFetcher([templates_dir(), tmp_path / "project"])
    result = write_pdf(html, tmp_path / "out.pdf", fetcher=fetcher)

    assert fetcher.refused == []
    assert [Path(u).name for u in fetcher.fetched] == ["print.css"]
    assert no_network == []
    text = _pdf_text(result.path)
    for literal in (SCRIPT, IMG, CSS_URL):
        assert literal in text


def test_raw_markup_in_a_user_template_is_refused_by_the_fetcher(
    tmp_path: Path, no_network: list[object]
) -> None:
    """A template is code, but even code cannot reach the network or /etc."""
    project = tmp_path / "project"
    (project / "art").mkdir(parents=True)
    (project / "art" / "ok.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>', encoding="utf-8"
    )
    secret = tmp_path / "secret.css"
    secret.write_text("body { color: red }", encoding="utf-8")
    user = _user_folder(
        tmp_path,
        {
            "doc.html": (
                '{% extends "base.html" %}'
                '{% block head %}<link rel="stylesheet" href="' + secret.as_uri() + '">'
                '<link rel="stylesheet" href="https://example.com/x.css">{% endblock %}'
                "{% block body %}"
                '<img src="file:///etc/passwd">'
                '<img src="../../../../../../etc/hostname">'
                '<div style="background: {{ colour }}">injected</div>'
                '<img src="' + (project / "art" / "ok.svg").as_uri() + '">'
                "{% endblock %}"
            ),
        },
    )
    # Autoescape cannot stop CSS injected into a style attribute: the fetcher must.
    html = render_html("doc.html", {"colour": f"red {CSS_URL}"}, env=make_environment(user))
    fetcher = SafeURLFetcher([templates_dir(), project])
    write_pdf(html, tmp_path / "out.pdf", fetcher=fetcher)

    refused = set(fetcher.refused)
    assert "file:///etc/passwd" in refused
    assert "http://example.com/x.png" in refused
    assert "https://example.com/x.css" in refused
    assert secret.as_uri() in refused
    assert any(u.endswith("/etc/hostname") for u in refused)
    assert {Path(u).name for u in fetcher.fetched} == {"print.css", "ok.svg"}
    assert no_network == []


# -- the sandbox ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "source",
    [
        "{{ ''.__class__.__mro__ }}",
        "{{ ''.__class__.__mro__[1].__subclasses__() }}",
        "{{ cycler.__init__.__globals__.os }}",
        "{{ lipsum.__globals__['os'].popen('id').read() }}",
        "{{ (1).__class__ }}",
        "{% set xs = [1] %}{{ xs.append(2) }}",  # immutable: views are read-only
    ],
)
def test_user_template_cannot_escape_the_sandbox(tmp_path: Path, source: str) -> None:
    user = _user_folder(tmp_path, {"evil.html": source})
    with pytest.raises(RenderError) as caught:
        render_html("evil.html", {}, env=make_environment(user))
    assert isinstance(caught.value.__cause__, SecurityError | jinja2.UndefinedError)


def test_sandbox_is_used_without_a_user_folder_too() -> None:
    env = make_environment()
    with pytest.raises(SecurityError):
        env.from_string("{{ ''.__class__.__mro__ }}").render()


def test_user_template_overrides_builder_template_by_name(tmp_path: Path) -> None:
    user = _user_folder(
        tmp_path,
        {
            "partials/badge.html": "{% macro badge(text, kind=none) %}[{{ text }}]{% endmacro %}",
            "doc.html": '{% from "partials/badge.html" import badge %}{{ badge("Boss") }}',
        },
    )
    assert render_html("doc.html", {}, env=make_environment(user)) == "[Boss]"
    # Without the user folder, the builder's macro answers.
    builder = (
        make_environment()
        .from_string('{% from "partials/badge.html" import badge %}{{ badge("<b>", "boss") }}')
        .render()
    )
    assert builder == '<span class="badge badge--boss">&lt;b&gt;</span>'


def test_symlinked_user_template_leading_outside_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside.html"
    outside.write_text("SECRET", encoding="utf-8")
    user = _user_folder(tmp_path, {"ok.html": "fine"})
    (user / "leak.html").symlink_to(outside)
    env = make_environment(user)
    assert render_html("ok.html", {}, env=env) == "fine"
    with pytest.raises(RenderError, match="outside"):
        render_html("leak.html", {}, env=env)
    with pytest.raises(RenderError, match="not found"):
        render_html("../outside.html", {}, env=env)


def test_undefined_names_fail_loudly_with_a_position(tmp_path: Path) -> None:
    user = _user_folder(tmp_path, {"doc.html": "line 1\n{{ monster.nmae }}\n"})
    with pytest.raises(RenderError) as caught:
        render_html("doc.html", {"monster": {"name": "Goblin"}}, env=make_environment(user))
    assert caught.value.line == 2
    assert "nmae" in str(caught.value)


# -- the fetcher on its own ------------------------------------------------------------------


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / "art").mkdir(parents=True)
    (root / "art" / "goblin.png").write_bytes(b"\x89PNG fake")
    (tmp_path / "secret.txt").write_text("secret", encoding="utf-8")
    return root


def test_fetcher_serves_a_file_inside_the_project(project: Path) -> None:
    fetcher = SafeURLFetcher([project])
    url = (project / "art" / "goblin.png").as_uri()
    response = fetcher(url)
    body = response.read() if hasattr(response, "read") else response["string"]
    assert body == b"\x89PNG fake"
    assert fetcher.fetched == [url]
    assert fetcher.refused == []


@pytest.mark.parametrize(
    "make_url",
    [
        lambda p: (p / "art" / ".." / ".." / "secret.txt").as_uri(),  # '..' escape
        lambda p: "file://" + str(p) + "/art/%2E%2E/%2E%2E/secret.txt",  # encoded '..'
        lambda p: (p.parent / "secret.txt").as_uri(),  # absolute path outside
        lambda p: "file:///etc/passwd",
        lambda p: "file://evil.example.com/share/x.png",  # remote file host
        lambda p: "http://example.com/x.png",
        lambda p: "https://example.com/x.png",
        lambda p: "ftp://example.com/x.png",
        lambda p: "//example.com/x.png",
        lambda p: (p / "art" / "missing.png").as_uri(),
        lambda p: (p / "art").as_uri(),  # a folder, not a file
    ],
    ids=[
        "dotdot",
        "encoded-dotdot",
        "outside",
        "passwd",
        "remote-host",
        "http",
        "https",
        "ftp",
        "scheme-relative",
        "missing",
        "folder",
    ],
)
def test_fetcher_refuses_and_records(project: Path, make_url: object) -> None:
    fetcher = SafeURLFetcher([project])
    url = make_url(project)  # type: ignore[operator]
    with pytest.raises(FetchRefused):
        fetcher(url)
    assert fetcher.refused == [url]
    assert fetcher.fetched == []
    assert url in fetcher.reasons


def test_fetcher_refuses_a_symlink_leading_outside(project: Path) -> None:
    link = project / "art" / "innocent.png"
    link.symlink_to(project.parent / "secret.txt")
    fetcher = SafeURLFetcher([project])
    with pytest.raises(FetchRefused, match="outside"):
        fetcher(link.as_uri())
    # ...but a symlink that stays inside the project is fine.
    (project / "art" / "alias.png").symlink_to(project / "art" / "goblin.png")
    fetcher((project / "art" / "alias.png").as_uri())


def test_fetcher_serves_data_urls_and_overlays(project: Path, tmp_path: Path) -> None:
    assets = tmp_path / "assets"
    (assets / "css").mkdir(parents=True)
    (assets / "css" / "print.css").write_text("builder", encoding="utf-8")
    (project / "templates" / "css").mkdir(parents=True)
    (project / "templates" / "css" / "print.css").write_text("user", encoding="utf-8")
    fetcher = SafeURLFetcher([assets, project], overlays=[(assets, project / "templates")])

    def body(url: str) -> bytes:
        response = fetcher(url)
        return response.read() if hasattr(response, "read") else response["string"]

    assert body("data:text/plain,hello") == b"hello"
    assert body((assets / "css" / "print.css").as_uri()) == b"user"


def test_importing_render_does_not_import_weasyprint() -> None:
    code = "import sys, builder.render; assert 'weasyprint' not in sys.modules"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    subprocess.run([sys.executable, "-c", code], check=True, env=env)


# -- filters -----------------------------------------------------------------------------


def test_filters() -> None:
    assert [signed(5), signed(-3), signed(0), signed(2.0)] == ["+5", "-3", "+0", "+2"]
    assert thousands(1380) == "1,380"
    assert thousands(1234567) == "1,234,567"
    assert dice(3, 8) == "3d8"
    assert dice(2, 6, 4) == "2d6+4"
    assert dice(1, 10, -1) == "1d10-1"
    assert dice("2d8") == "2d8"
    assert dice({"count": 2, "sides": 8, "bonus": 3}) == "2d8+3"
    env = make_environment()
    assert env.from_string("{{ 5|signed }} {{ 1380|thousands }} {{ 3|dice(8) }}").render() == (
        "+5 1,380 3d8"
    )
