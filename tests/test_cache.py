"""The builder's cache (issue 13): warm runs skip parsing, and no answer is ever stale."""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path

import pytest

import builder
from builder import cache as C
from builder import workspace as W
from builder.io import project as P

MONSTER = """\
kind: monster
name: Grub {n}
level: 12
stats: {{str: 14, mag: 30, vit: 14, spr: 13, agi: 14}}
attack_die: d6
affinities: {{weakness: [fire], resistance: [ice]}}
powers:
  - {{id: call_minions, monsters: [{minion}]}}
techs: [ember]
"""
MINION = """\
kind: monster
name: Mite
level: 1
stats: {str: 6, mag: 6, vit: 6, spr: 6, agi: 6}
attack_die: d6
"""
EMBER = "kind: tech\nname: Ember\ntech_level: 1\npower_level: weak\nprimary: attack_magic\nelement: fire\n"
# Files one cold run parses: zodiac.yaml, the 6 content files, the shipped catalogues.
ALL = 1 + 6 + len(P.core_files())
WILD = (
    "kind: tech\nname: Wild Blast\ntech_level: 2\npower_level: medium\n"
    "primary: attack_magic\nelement: fire\nsecondary: [friendly_fire]\n"
)


@pytest.fixture
def cached(tmp_path, monkeypatch):
    """The cache on, in a folder of this test's own; counts the files actually parsed."""
    monkeypatch.delenv("ZODIAC_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    C.builder_fingerprint.cache_clear()
    parsed: list[str] = []
    real, real_file = W.load_bytes, W.load_file

    def counting(raw, path):
        parsed.append(Path(path).name)
        return real(raw, path)

    def counting_file(path):  # what a run without a cache parses
        parsed.append(Path(path).name)
        return real_file(path)

    monkeypatch.setattr(W, "load_bytes", counting)
    monkeypatch.setattr(W, "load_file", counting_file)
    yield parsed
    C.builder_fingerprint.cache_clear()


def project(root: Path, *, config: str = "title: T\n") -> Path:
    (root / "monsters").mkdir(parents=True)
    (root / "techs").mkdir()
    (root / "zodiac.yaml").write_text(config, encoding="utf-8")
    (root / "monsters" / "mite.yaml").write_text(MINION, encoding="utf-8")
    for n in range(3):
        text = MONSTER.format(n=n, minion="mite")
        (root / "monsters" / f"grub{n}.yaml").write_text(text, encoding="utf-8")
    (root / "techs" / "ember.yaml").write_text(EMBER, encoding="utf-8")
    (root / "techs" / "wild.yaml").write_text(WILD, encoding="utf-8")
    return root


def codes(root: Path, **kw) -> list[tuple[str, str, int]]:
    ws = W.open_workspace([root], use_cache=True, verdict_only=True, **kw)
    return [(Path(d.path).name, d.code, d.line) for d in ws.report.sorted()]


def test_warm_run_parses_nothing_and_says_the_same(tmp_path, cached):
    root = project(tmp_path / "p")
    cold = codes(root)
    assert ("wild.yaml", "ZT145", 7) in cold  # map_combat is off by default (R32)
    assert len(cached) == ALL
    cached.clear()
    assert codes(root) == cold
    assert cached == []  # every input unchanged: the verdict, without a model
    # A full workspace (build, show): content files come back from the loader's records.
    cached.clear()
    ws = W.open_workspace([root], use_cache=True)
    assert cached == ["zodiac.yaml"]  # the config only: it names the rule set
    assert sorted(e.id for e in ws.content.of_kind("monster"))[:2] == ["grub-0", "grub-1"]
    assert [(Path(d.path).name, d.code, d.line) for d in ws.report.sorted()] == cold


def loose_pack(root: Path) -> Path:
    """The project's content without a ``zodiac.yaml``: a monster pack handed round."""
    project(root)
    (root / "zodiac.yaml").unlink()
    return root


def test_a_folder_without_zodiac_yaml_is_warm_too(tmp_path, cached):
    """Issue 24: `zodiac validate monster-pack/` took its cold time every run."""
    pack = loose_pack(tmp_path / "pack")
    cold = codes(pack)
    assert ("wild.yaml", "ZT145", 7) in cold
    assert len(cached) == ALL - 1  # no zodiac.yaml to parse
    cached.clear()
    assert codes(pack) == cold
    assert cached == []  # the cached verdict: not one file parsed
    grub = pack / "monsters" / "grub1.yaml"
    grub.write_text(grub.read_text().replace("level: 12", "level: 120"), encoding="utf-8")
    cached.clear()
    after = codes(pack)
    assert [c for c in after if c[0] == "grub1.yaml"] == [("grub1.yaml", "ZS105", 3)]
    assert cached == ["grub1.yaml"]  # the others came back from the loader's records


def test_a_loose_folder_and_its_files_get_their_own_verdicts(tmp_path, cached):
    """One slot serves every run from a loose folder; the key keeps their answers apart."""
    pack = loose_pack(tmp_path / "pack")
    whole = codes(pack)
    techs = codes(pack / "techs")
    assert {c[0] for c in whole} >= {"wild.yaml"} and {c[0] for c in techs} == {"wild.yaml"}
    # grub0 names a Tech and a minion in other files: alone, they are unknown
    alone = codes(pack / "monsters" / "grub0.yaml")
    assert {c[1] for c in alone} >= {"ZM134"}
    cached.clear()
    assert codes(pack) == whole and codes(pack / "techs") == techs
    assert cached == []
    (pack / "zodiac.yaml").write_text("title: T\nhouse_rules: {map_combat: true}\n")
    assert not [c for c in codes(pack) if c[1] == "ZT145"]  # a project now: its rules


def test_a_loose_folder_is_warm_from_the_command_line(tmp_path, cached, zodiac):
    pack = loose_pack(tmp_path / "pack")
    first = zodiac("validate", str(pack))
    assert first.exit_code == 1 and "ZT145" in first.stdout
    cached.clear()
    second = zodiac("validate", str(pack))
    assert (second.exit_code, second.stdout) == (first.exit_code, first.stdout)
    assert cached == []


def test_a_warm_run_walks_once_and_resolves_no_file(tmp_path, cached, monkeypatch):
    """Issue 24: a ``resolve()`` a file, twice, and a second walk were most of a warm run."""
    root = project(tmp_path / "p")
    for n in range(3, 40):
        (root / "monsters" / f"grub{n}.yaml").write_text(MONSTER.format(n=n, minion="mite"))
    cold = codes(root)
    resolved: list[Path] = []
    walks: list[Path] = []
    real_resolve, real_walk = Path.resolve, P._walk
    monkeypatch.setattr(
        Path, "resolve", lambda self, *a: resolved.append(self) or real_resolve(self, *a)
    )
    monkeypatch.setattr(P, "_walk", lambda top, *a: walks.append(top) or real_walk(top, *a))
    cached.clear()
    assert codes(root) == cold and cached == []
    assert walks == [root]
    # the project, its zodiac.yaml and the working folder, a few times; no content file
    assert {r.name for r in resolved} <= {"p", "zodiac.yaml", Path.cwd().name}
    found = P.find_files([root])
    assert len(found.files) == 6 + 37
    assert found.reals == [f.resolve() for f in found.files]


@pytest.fixture
def reads(monkeypatch) -> list[str]:
    """The names of the files whose bytes a run reads."""
    seen: list[str] = []
    real = W.read_bytes
    monkeypatch.setattr(W, "read_bytes", lambda path: seen.append(Path(path).name) or real(path))
    return seen


def test_a_warm_run_reads_no_unchanged_file(tmp_path, cached, reads, monkeypatch):
    """Issue 24: a file whose stat is unchanged is not read to be digested again."""
    monkeypatch.setattr(C, "RACY_NS", 0)  # the files here are younger than 2 s
    root = project(tmp_path / "p")
    cold = codes(root)
    assert "grub1.yaml" in reads
    reads.clear()
    assert codes(root) == cold
    assert reads == []
    grub = root / "monsters" / "grub1.yaml"
    before = grub.stat()
    # the same size, and the old modification time put back (as `rsync -t` or `touch -d`
    # would): the change time still tells
    grub.write_text(grub.read_text().replace("level: 12", "level: 99"), encoding="utf-8")
    os.utime(grub, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert grub.stat().st_size == before.st_size
    cached.clear()
    after = codes(root)
    assert sorted(cached) == ["grub1.yaml", "zodiac.yaml"]  # seen, and parsed again
    assert [c for c in after if c[0] == "grub1.yaml"] != [c for c in cold if c[0] == "grub1.yaml"]


def test_a_file_changed_after_its_stat_leaves_no_verdict(tmp_path, cached, monkeypatch):
    """Digested by its stat, then changed before it is parsed: the run's report is not the
    verdict of the digests in its key, so it is not kept under that key."""
    monkeypatch.setattr(C, "RACY_NS", 0)
    root = project(tmp_path / "p")
    codes(root)
    grub = root / "monsters" / "grub1.yaml"
    store = C.ProjectCache.open(root)
    assert store is not None
    old = store.stat_record(os.path.abspath(grub), grub.stat())
    assert old is not None
    kept = store._read("verdict")
    grub.write_text(grub.read_text().replace("level: 12", "level: 99"), encoding="utf-8")
    (root / "techs" / "wild.yaml").write_text(WILD.replace("Wild", "Wilder"), encoding="utf-8")
    real = C.ProjectCache.stat_record

    def stale(self, path, st):  # grub1's stat taken just before the write above
        return old if path.endswith("grub1.yaml") else real(self, path, st)

    monkeypatch.setattr(C.ProjectCache, "stat_record", stale)
    codes(root)  # wild.yaml changed: no verdict; grub1.yaml's bytes are not the digested ones
    assert store._read("verdict") == kept


def test_a_file_written_just_before_its_entry_is_read_again(tmp_path, cached, reads):
    """A stat entry taken within RACY_NS of the file's last write is not trusted: a write
    in the same timestamp tick would leave its stat as it was."""
    root = project(tmp_path / "p")  # written now: every entry is racy
    cold = codes(root)
    reads.clear()
    cached.clear()
    assert codes(root) == cold
    assert "grub1.yaml" in reads and len(reads) == 7  # read (and the verdict still cached)
    assert cached == []


def test_an_edited_file_is_seen_and_only_it_is_parsed(tmp_path, cached):
    root = project(tmp_path / "p")
    codes(root)
    grub = root / "monsters" / "grub1.yaml"
    grub.write_text(grub.read_text().replace("level: 12", "level: 120"), encoding="utf-8")
    cached.clear()
    after = codes(root)
    assert [c for c in after if c[0] == "grub1.yaml"] == [("grub1.yaml", "ZS105", 3)]
    assert sorted(cached) == ["grub1.yaml", "zodiac.yaml"]


def test_an_edited_referenced_file_is_seen(tmp_path, cached):
    """The minion and the Tech live in other files; the callers' verdicts must change."""
    root = project(tmp_path / "p")
    assert not [c for c in codes(root) if c[0].startswith("grub")]
    (root / "monsters" / "mite.yaml").write_text(
        MINION.replace("level: 1", "level: 5"), encoding="utf-8"
    )
    after = codes(root)
    # Minion too strong now; grub0.yaml came back from the cache unparsed, and the problem
    # is still placed on its line (positions are worked out when a problem needs one).
    assert [c[1:] for c in after if c[0] == "grub0.yaml"] == [("ZM120", 8)]
    (root / "techs" / "ember.yaml").unlink()
    after = codes(root)
    assert "ZM134" in {c[1] for c in after if c[0] == "grub0.yaml"}  # unknown Tech


def test_zodiac_yaml_and_house_rules_are_seen(tmp_path, cached):
    root = project(tmp_path / "p")
    assert ("wild.yaml", "ZT145", 7) in codes(root)
    (root / "zodiac.yaml").write_text("title: T\nhouse_rules: {map_combat: true}\n")
    assert not [c for c in codes(root) if c[1] == "ZT145"]  # R32: Map Combat on
    (root / "zodiac.yaml").write_text("title: T\nruleset: 99-towers\n")
    assert "ZY111" in {c[1] for c in codes(root)}  # a monster is no kind of 99 Towers


def test_a_builder_version_bump_is_seen(tmp_path, cached, monkeypatch):
    root = project(tmp_path / "p")
    codes(root)
    monkeypatch.setattr(builder, "__version__", "999.0")
    C.builder_fingerprint.cache_clear()
    cached.clear()
    codes(root)
    assert len(cached) == ALL  # nothing of the older builder is used


def test_an_edited_builder_file_is_seen(tmp_path, cached, monkeypatch):
    before = C.builder_fingerprint()
    C.builder_fingerprint.cache_clear()
    module = Path(C.__file__)
    st = module.stat()
    try:
        os.utime(module, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
        assert C.builder_fingerprint() != before
    finally:
        os.utime(module, ns=(st.st_atime_ns, st.st_mtime_ns))


def _records(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "xdg" / "zodiac" / "projects").glob("*/*"))


@pytest.mark.parametrize("damage", ["flip", "truncate", "garbage", "json"])
def test_a_corrupt_cache_file_is_ignored(tmp_path, cached, damage):
    root = project(tmp_path / "p")
    cold = codes(root)
    for record in _records(tmp_path):
        raw = record.read_bytes()
        if damage == "flip":  # one byte of the body changed: the MAC no longer matches
            i = raw.index(b'"root"') + 2
            raw = raw[:i] + bytes([raw[i] ^ 1]) + raw[i + 1 :]
        elif damage == "truncate":
            raw = raw[: len(raw) // 2]
        elif damage == "garbage":
            raw = os.urandom(200)
        else:  # well-formed JSON without the MAC of this user's key: a forged record
            body = {"root": str(root.resolve()), "builder": C.builder_fingerprint(), "body": {}}
            raw = C.FORMAT + json.dumps(body).encode() + b"\n" + b"0" * 64
        record.write_bytes(raw)
    cached.clear()
    assert codes(root) == cold
    assert len(cached) == ALL  # every file parsed again, nothing trusted


def test_a_cache_written_for_another_project_path_is_not_used(tmp_path, cached):
    a = project(tmp_path / "a")
    cold = codes(a)
    b = tmp_path / "b"
    shutil.copytree(a, b)
    # Give project b the very records of project a, as a moved or copied cache would.
    projects = tmp_path / "xdg" / "zodiac" / "projects"
    [folder_a] = list(projects.iterdir())
    folder_b = projects / C.ProjectCache.open(b).folder.name  # type: ignore[union-attr]
    for record in folder_a.iterdir():
        shutil.copy(record, folder_b / record.name)
    cached.clear()
    assert [(n, code) for n, code, _ in codes(b)] == [(n, code) for n, code, _ in cold]
    assert len(cached) == ALL  # a's records name a's folder: b parses its own files


@pytest.mark.parametrize("how", ["env", "flag"])
def test_no_cache_writes_and_reads_nothing(tmp_path, cached, monkeypatch, zodiac, how):
    root = project(tmp_path / "p")
    if how == "env":
        monkeypatch.setenv("ZODIAC_NO_CACHE", "1")
        r = zodiac("validate", str(root))
    else:
        r = zodiac("validate", "--no-cache", str(root))
    assert r.exit_code == 1 and "ZT145" in r.stdout
    assert not (tmp_path / "xdg" / "zodiac").exists()
    r = zodiac("validate", str(root))  # the flag is off: it fills the cache
    assert (tmp_path / "xdg" / "zodiac").exists() == (how == "flag")


def test_cache_folder_is_private(tmp_path, cached):
    root = project(tmp_path / "p")
    home = tmp_path / "xdg" / "zodiac"
    home.mkdir(parents=True, mode=0o777)
    home.chmod(0o777)
    codes(root)
    assert stat.S_IMODE(home.stat().st_mode) == 0o700
    assert stat.S_IMODE((home / "key").stat().st_mode) == 0o600
    assert len(_records(tmp_path)) == 3  # the loader's records, the stat entries, the verdict


def test_a_project_keeps_only_its_current_files(tmp_path, cached):
    root = project(tmp_path / "p")
    codes(root)
    (root / "techs" / "wild.yaml").unlink()
    codes(root)
    store = C.ProjectCache.open(root)
    assert store is not None
    # 5 content files and the catalogues: wild.yaml is gone, zodiac.yaml is never a record
    assert len(store._read("files")) == 5 + len(P.core_files())


def test_old_projects_are_pruned(tmp_path, cached, monkeypatch):
    monkeypatch.setattr(C, "MAX_PROJECTS", 2)
    for name in "abc":
        codes(project(tmp_path / name))
    assert len(list((tmp_path / "xdg" / "zodiac" / "projects").iterdir())) == 2


# --- linearity guards: lookups built once per run, not once per entity -----------------


def test_project_tables_are_built_once_per_run(tmp_path, monkeypatch):
    root = project(tmp_path / "p")
    for n in range(3, 40):
        (root / "monsters" / f"grub{n}.yaml").write_text(
            MONSTER.format(n=n, minion="mite"), encoding="utf-8"
        )
    built: list[object] = []
    real = P.Content.memo

    def counting(self, key, build):
        def wrapped(content):
            built.append(key)
            return build(content)

        return real(self, key, wrapped)

    monkeypatch.setattr(P.Content, "memo", counting)
    ws = W.open_workspace([root])
    assert len(ws.content.of_kind("monster")) == 41
    assert built.count(("zodiac", "monster_levels")) == 1
    assert built.count(("zodiac", "monster_techs")) == 1
    assert built.count(("content", "by_kind")) <= 2  # core entities are appended once


def test_entity_id_is_computed_once(tmp_path, monkeypatch):
    root = project(tmp_path / "p")
    ws = W.open_workspace([root])
    calls: list[str] = []
    real = P.norm_id
    monkeypatch.setattr(P, "norm_id", lambda v: calls.append(v) or real(v))
    for _ in range(3):
        [e.id for e in ws.content.entities]
    assert calls == []
