"""Issue "Trust": writes never lose a user's bytes, input is checked, bugs are reported.

Each test's docstring quotes the finding it covers.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from builder import __version__
from builder.io.project import load_config
from builder.text import bad_character
from tests.conftest import AMOS, EXAMPLE, REPO

ROOT = os.geteuid() == 0


def _said(r) -> str:
    """Output with rich's line wrapping undone."""
    return " ".join(r.output.split())


def _listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def _disk_full(monkeypatch: pytest.MonkeyPatch) -> None:
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)


@pytest.fixture
def saga(tmp_path, monkeypatch):
    """A copy of the example project; the working folder is its root."""
    root = tmp_path / "saga"
    shutil.copytree(EXAMPLE, root)
    monkeypatch.chdir(root)
    return root


# --- 1. Writes that lose data ------------------------------------------------------


def test_init_force_on_a_full_disk_keeps_zodiac_yaml(zodiac, tmp_path, monkeypatch):
    """`zodiac init --force` under a full disk truncates an existing `zodiac.yaml` to 0 bytes."""
    mine = b"title: Mine\nbooks: []\n"
    (tmp_path / "zodiac.yaml").write_bytes(mine)
    _disk_full(monkeypatch)
    r = zodiac("init", str(tmp_path), "--force")
    assert r.exit_code == 2
    config = tmp_path / "zodiac.yaml"
    assert f"error: cannot write {config}: disk full; {config} was left as it was." in _said(r)
    assert "Traceback" not in r.output
    assert config.read_bytes() == mine
    assert _listing(tmp_path) == ["zodiac.yaml"]


def test_generate_out_force_on_a_full_disk_keeps_the_old_file(zodiac, saga, monkeypatch):
    """`zodiac character generate --out FILE --force` truncates the old file to 1024 bytes."""
    out = saga / "characters" / "cecil.yaml"
    old = ("# my notes\n" * 300).encode()
    out.write_bytes(old)
    before = _listing(out.parent)
    _disk_full(monkeypatch)
    r = zodiac(
        "character", "generate", "--job", "knight", "--level", "5", "--name", "Cecil",
        "--out", str(out), "--force",
    )  # fmt: skip
    assert r.exit_code == 2
    assert f"error: cannot write {out}: disk full; {out} was left as it was." in _said(r)
    assert "Traceback" not in r.output
    assert out.read_bytes() == old
    assert _listing(out.parent) == before


def test_generate_out_over_a_read_only_file(zodiac, saga, monkeypatch):
    """A read-only file gives a clear `error: cannot write FILE: permission denied; ...`."""
    out = saga / "characters" / "cecil.yaml"
    out.write_text("# keep me\n")
    if ROOT:  # root writes through chmod; refuse the way the kernel would for a user
        monkeypatch.setattr(os, "access", lambda path, mode, **kw: mode != os.W_OK)
    else:  # pragma: no cover - CI runs as root
        out.chmod(0o444)
    r = zodiac(
        "character", "generate", "--job", "knight", "--level", "5", "--name", "Cecil",
        "--out", str(out), "--force",
    )  # fmt: skip
    assert r.exit_code == 2, r.output
    assert f"error: cannot write {out}: permission denied; {out} was left as it was." in _said(r)
    assert "PermissionError" not in r.output and "Traceback" not in r.output
    assert out.read_text() == "# keep me\n"


def test_init_into_a_read_only_folder(zodiac, read_only_folder):
    """A folder we cannot write gives a clear error, never a `PermissionError` traceback."""
    folder = read_only_folder
    r = zodiac("init", str(folder))
    config = folder / "zodiac.yaml"
    assert r.exit_code == 2
    assert f"error: cannot write {config}: permission denied; nothing was written" in _said(r)
    assert "Traceback" not in r.output


def test_schema_export_over_files_it_may_not_replace(zodiac, tmp_path, monkeypatch):
    """`zodiac schema export` writes through the atomic writer and reports failures."""
    out = tmp_path / "schemas"
    assert zodiac("schema", "export", "--out", str(out)).exit_code == 0
    before = {p: p.read_bytes() for p in out.rglob("*.json")}
    monkeypatch.setattr(
        os,
        "replace",
        lambda src, dst, **kw: (_ for _ in ()).throw(PermissionError(errno.EACCES, "no", src)),
    )
    r = zodiac("schema", "export", "--out", str(out))
    assert r.exit_code == 2
    assert f"error: cannot write {out / 'armor_set.schema.json'}: permission denied" in _said(r)
    assert {p: p.read_bytes() for p in out.rglob("*.json")} == before
    assert not [p for p in out.rglob("*") if p.is_file() and p.suffix != ".json"]  # no temp


# --- 2. Input that is not what it claims -------------------------------------------

_TEXT = st.text(
    alphabet=st.one_of(
        st.characters(codec="utf-8"),
        st.sampled_from(list(":#'\"\\{}[]&*!|>%@` -?,\u2028\u2029\ufeff\u00a0")),
    ),
    max_size=40,
).filter(lambda t: bad_character(t) is None)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(title=_TEXT, author=_TEXT)
@example(title="Campaign: Part 2", author="Chapter #1")
@example(title="a\u2028b\u2029c", author="yes")
@example(title="- [x] {y}: 'z' \"w\" \\ #", author=" padded ")
@example(title="", author="null")
def test_init_title_and_author_round_trip(zodiac, title, author):
    """`zodiac init --title "Campaign: Part 2"` writes a zodiac.yaml that does not validate,
    and `--title 'Chapter #1'` loses half the title."""
    with tempfile.TemporaryDirectory() as tmp:
        r = zodiac("init", tmp, "--title", title, "--author", author)
        assert r.exit_code == 0, r.output
        config, diags = load_config(Path(tmp))
        assert diags == []
        assert (config.title, config.author) == (title, author)


def test_init_scaffold_keeps_its_comments_and_validates(zodiac, tmp_path, monkeypatch):
    """The scaffold writes YAML by string formatting: keep the comments, quote the values."""
    r = zodiac("init", str(tmp_path), "--title", "Campaign: Part 2", "--author", "Chapter #1")
    assert r.exit_code == 0
    text = (tmp_path / "zodiac.yaml").read_text(encoding="utf-8")
    assert 'title: "Campaign: Part 2"\nauthor: "Chapter #1"\n' in text
    assert "paper: a4               # a4 | letter\n" in text
    assert "  relic_slots: 1              # R9" in text
    monkeypatch.chdir(tmp_path)
    v = zodiac("validate")
    assert v.exit_code == 0, v.output
    assert "0 errors, 0 warnings" in v.stdout


@pytest.mark.parametrize(
    ("option", "value", "what"),
    [
        ("--title", "Saga\x1b[31m", "a control character U+001B at character 5"),
        ("--title", "Saga\u0085Two", "a control character U+0085 at character 5"),
        ("--author", "Me\ud800", "an unpaired surrogate U+D800 at character 3"),
        ("--author", "\ufdd0", "a noncharacter U+FDD0 at character 1"),
        ("--title", "line\nbreak", "a control character U+000A at character 5"),
    ],
)
def test_init_refuses_text_with_control_characters(zodiac, tmp_path, option, value, what):
    """Titles/authors with control characters, lone surrogates or noncharacters are refused."""
    folder = tmp_path / "camp"
    r = zodiac("init", str(folder), option, value)
    assert r.exit_code == 2
    assert f"error: {option} '" in r.output
    assert f"has {what}; use printable text on one line" in _said(r)
    assert "\x1b" not in r.output
    assert not folder.exists()  # refused before anything was written


def _run_module(*args: bytes | str, cwd: Path) -> subprocess.CompletedProcess:
    """`python -m builder.cli.app ARGS` with a strict UTF-8 terminal, as on most desktops."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "PYTHONPATH": str(REPO)}
    env.pop("ZODIAC_DEBUG", None)
    return subprocess.run(
        [sys.executable, "-m", "builder.cli.app", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        timeout=120,
    )


def test_undecodable_path_arguments_are_echoed_escaped(tmp_path):
    """Undecodable command-line arguments (`zodiac validate $'\\xff.yaml'`) crash with
    `UnicodeEncodeError` when echoed."""
    (tmp_path / os.fsdecode(b"\xfe.yaml")).write_text("kind: character\nname: X\n")
    r = _run_module("validate", b"\xfe.yaml", cwd=tmp_path)
    assert r.returncode == 1, r.stderr
    assert b"Traceback" not in r.stderr and b"UnicodeEncodeError" not in r.stderr
    assert b"\\udcfe.yaml:1:1: error ZS101" in r.stdout
    r = _run_module("validate", "--format", "json", b"\xfe.yaml", cwd=tmp_path)
    assert r.returncode == 1, r.stderr
    assert {d["path"] for d in json.loads(r.stdout)} == {"\udcfe.yaml"}
    r = _run_module("validate", b"\xff.yaml", cwd=tmp_path)
    assert r.returncode == 2
    assert r.stderr == b"error: no such file or folder: \\udcff.yaml\n"


def test_undecodable_name_is_a_usage_error(tmp_path):
    """`--name $'\\xff'` crashes with `UnicodeEncodeError`."""
    r = _run_module(
        "character", "generate", "--job", "knight", "--level", "1", "--name", b"\xff",
        cwd=tmp_path,
    )  # fmt: skip
    assert r.returncode == 2
    assert r.stdout == b""
    assert r.stderr == (
        b"error: --name '\\udcff' has an unpaired surrogate U+DCFF at character 1; "
        b"use printable text on one line\n"
    )


def test_leftover_unicode_encode_error_is_a_clean_error(zodiac, write, monkeypatch):
    """The top-level handler turns any leftover UnicodeEncodeError into a clean error."""
    import builder.workspace

    def fail(*args, **kwargs):
        raise UnicodeEncodeError("utf-8", "a\udcffb", 1, 2, "surrogates not allowed")

    monkeypatch.setattr(builder.workspace, "open_workspace", fail)
    write("a.yaml", AMOS)
    r = zodiac("validate", "a.yaml")
    assert r.exit_code == 2
    assert _said(r) == (
        "error: cannot print '\\udcff' in this terminal's encoding (utf-8); "
        "set PYTHONIOENCODING=utf-8:backslashreplace"
    )


def test_paths_and_values_are_escaped_when_echoed(zodiac, tmp_path):
    """Every echo of a user's path or value goes through `builder.text.printable`."""
    folder = tmp_path / "[/]x\x1b[2J"
    r = zodiac("init", str(folder))
    assert r.exit_code == 0, r.output
    assert f"created {tmp_path}/[/]x\\x1b[2J/zodiac.yaml" in r.output
    assert "\x1b" not in r.output
    r = zodiac("init", str(tmp_path / "p"), "--paper", "a5\x07")
    assert r.exit_code == 2
    assert r.output == "error: --paper must be a4 or letter, not 'a5\\x07'\n"


# --- 3. character generate ------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "what"),
    [
        ("Ab\uffff", "noncharacter U+FFFF at character 3"),
        ("Ab\u0085c", "control character U+0085 at character 3"),
        ("Ab\x7f", "control character U+007F at character 3"),
    ],
)
def test_generate_refuses_names_that_would_not_round_trip(zodiac, saga, name, what):
    """`character generate`: an `IndexError` on a name with U+FFFF; a name with U+0085
    (NEL) comes back changed when the written file is read again."""
    out = saga / "characters" / "odd.yaml"
    r = zodiac(
        "character", "generate", "--job", "knight", "--level", "3", "--name", name,
        "--out", str(out),
    )  # fmt: skip
    assert r.exit_code == 2
    assert f"has a {what}; use printable text on one line" in _said(r)
    assert not out.exists()


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("Ab\u0085c", '"Ab\\u0085c"'),
        ("Ab\uffff", '"Ab\\uffff"'),
        ("del\x7f", '"del\\u007f"'),
        ("a\u2028b\u2029", '"a\\u2028b\\u2029"'),
        ("Chapter #1", '"Chapter #1"'),
        ("Cecil", "Cecil"),
    ],
)
def test_yaml_scalar_reads_back_as_written(text, written):
    """A name with U+0085 (NEL) comes back changed when the written file is read again."""
    from builder.io.yaml import load_text, yaml_scalar

    assert yaml_scalar(text) == written
    loaded = load_text(f"name: {written}\n", Path("x.yaml"))
    assert loaded.problems == [] and loaded.documents[0].data == {"name": text}


@pytest.fixture(scope="module")
def example_ws():
    from builder.workspace import open_workspace

    ws = open_workspace([EXAMPLE])
    job = next(e for e in ws.content.of_kind("job") if e.id == "knight")
    return ws, job.model


@settings(max_examples=60, deadline=None)
@given(name=_TEXT.filter(lambda t: t.strip() != ""))
@example(name="Ab\u2028c\u2029")
@example(name="Cecil: Dark Knight #1")
@example(name="true")
@example(name="\ufeffZ")
def test_generated_name_round_trips(example_ws, name):
    """Any accepted name round-trips exactly through the generated file."""
    from builder.io.project import validate_document
    from builder.io.yaml import load_text
    from builder.rulesets.zodiac.generate import generate_character

    ws, job = example_ws
    text = generate_character(job, 2, name.strip(), ws.content, ws.settings)
    loaded = load_text(text, Path("gen.yaml"))
    assert loaded.problems == []
    entity, diags = validate_document(loaded.documents[0])
    assert diags == []
    assert entity is not None and entity.model.name == name.strip()


def test_generate_out_writes_a_file_that_reads_back_the_name(zodiac, saga):
    """generate -> load -> same name, through the command and the file it writes."""
    from builder.io.yaml import load_file

    out = saga / "characters" / "odd.yaml"
    name = "Cecil: \u2028Dark #1 \"'\\"
    r = zodiac(
        "character", "generate", "--job", "knight", "--level", "3", "--name", name,
        "--out", str(out),
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    assert load_file(out).documents[0].data["name"] == name
    assert zodiac("validate", str(out)).exit_code == 0


def test_check_generated_reports_unreadable_text_instead_of_index_error(saga):
    """The IndexError's cause: text the YAML reader refuses has no documents to index."""
    from builder.rulesets.zodiac.commands.generate import _check_generated
    from builder.workspace import open_workspace

    ws = open_workspace([saga])
    diags = _check_generated("kind: character\nname: \ufffe\n", None, ws)
    # located where the character is, not at 1:1 "position N" (issue #28)
    assert [(d.code, d.line, d.column) for d in diags] == [("ZY102", 2, 7)]
    assert "a character U+FFFE, which YAML does not allow" in diags[0].message


# --- 4. Internal errors -----------------------------------------------------------------


def _boom(*args, **kwargs):
    raise RuntimeError("boom")


def test_internal_error_is_reported_as_a_bug(zodiac, write, monkeypatch):
    """Internal errors print a raw traceback with exit 1, like a content error."""
    import builder.io.yaml

    write("a.yaml", AMOS)
    monkeypatch.delenv("ZODIAC_DEBUG", raising=False)
    monkeypatch.setattr(builder.io.yaml, "load_text", _boom)
    r = zodiac("validate", "a.yaml")
    assert r.exit_code == 3
    assert r.output == (
        "internal error: RuntimeError: boom\n"
        f"this is a bug in zodiac {__version__}; please report it with the command you ran: "
        "zodiac validate a.yaml\n"
        "(run it again with --debug, or ZODIAC_DEBUG=1, to see the traceback)\n"
    )


@pytest.mark.parametrize("how", ["flag", "env"])
def test_debug_shows_the_traceback(zodiac, write, monkeypatch, how):
    """Show the traceback only with a root `--debug` flag (also `ZODIAC_DEBUG=1`)."""
    import builder.io.yaml

    write("a.yaml", AMOS)
    monkeypatch.setattr(builder.io.yaml, "load_text", _boom)
    if how == "env":
        monkeypatch.setenv("ZODIAC_DEBUG", "1")
        r = zodiac("validate", "a.yaml")
    else:
        monkeypatch.delenv("ZODIAC_DEBUG", raising=False)
        r = zodiac("--debug", "validate", "a.yaml")
    assert r.exit_code == 3
    assert r.output.startswith("Traceback (most recent call last):\n")
    assert 'raise RuntimeError("boom")' in r.output
    assert "internal error: RuntimeError: boom\n" in r.output
    assert "to see the traceback" not in r.output


def test_internal_error_outside_a_command_is_reported_too(zodiac, monkeypatch):
    """An unexpected exception outside a command still ends as `internal error`, exit 3."""
    import builder.cli.app

    monkeypatch.delenv("ZODIAC_DEBUG", raising=False)
    monkeypatch.setattr(builder.cli.app, "set_debug", _boom)
    r = zodiac("rules", "codes", "ZP")
    assert r.exit_code == 3
    assert "internal error: RuntimeError: boom" in r.output
    assert "zodiac rules codes ZP" in r.output and "Traceback" not in r.output


def test_os_error_naming_a_file_is_not_a_bug(zodiac, write, monkeypatch):
    import builder.workspace

    def denied(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", "/srv/camp/x.yaml")

    monkeypatch.setattr(builder.workspace, "open_workspace", denied)
    write("a.yaml", AMOS)
    r = zodiac("validate", "a.yaml")
    assert r.exit_code == 2
    assert r.output == "error: /srv/camp/x.yaml: permission denied\n"


def test_interrupt_is_exit_130_without_a_half_written_file(zodiac, saga, monkeypatch):
    """`KeyboardInterrupt` -> "interrupted" and exit 130, no traceback, no half-written file."""
    out = saga / "characters" / "cecil.yaml"
    out.write_text("# mine\n")
    before = _listing(out.parent)

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    r = zodiac(
        "character", "generate", "--job", "knight", "--level", "5", "--name", "Cecil",
        "--out", str(out), "--force",
    )  # fmt: skip
    assert r.exit_code == 130
    assert r.output.endswith("interrupted\n") and "Traceback" not in r.output
    assert out.read_text() == "# mine\n"
    assert _listing(out.parent) == before


def test_every_command_is_wrapped():
    """`handle_user_errors` wraps every command."""
    from builder.cli.app import app

    def commands(typer_app, prefix):
        for info in typer_app.registered_commands:
            yield f"{prefix} {info.name or info.callback.__name__}", info.callback
        for group in typer_app.registered_groups:
            yield from commands(group.typer_instance, f"{prefix} {group.name}")

    found = dict(commands(app, "zodiac"))
    assert {"zodiac validate", "zodiac init", "zodiac rules codes", "zodiac tech cost"} <= set(
        found
    )
    assert [name for name, cb in found.items() if not getattr(cb, "handles_errors", False)] == []


def test_exit_codes_are_documented_in_help(zodiac):
    r = zodiac("validate", "--help")
    assert "2 misuse, 3 a bug in zodiac." in _said(r)
    r = zodiac("--help")
    assert "--debug" in r.output
