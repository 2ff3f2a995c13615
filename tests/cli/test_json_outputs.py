"""Issue 14: every JSON object a command prints carries `format_version`, and each short
flag means one thing across the whole app. Both walk the Typer app's commands, so a new
command is covered (or fails here until it is given a sample run)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest
import typer

from builder.cli.app import app
from builder.cli.output import FORMAT_VERSION
from tests.conftest import EXAMPLE, REPO

EX = REPO / "content" / "examples"
ZX = str(EXAMPLE)

# Command path -> runs that print JSON (each gets `--format json` appended). Every mode of
# a command that prints a different object has its own run.
SAMPLES: dict[tuple[str, ...], list[list[str]]] = {
    ("validate",): [[f"{ZX}/monsters/goblin.yaml"]],
    ("lint",): [[f"{ZX}/monsters/goblin.yaml"]],
    ("show",): [
        [f"{ZX}/characters/amos.yaml"],
        [f"{ZX}/techs/attacks.yaml", "--name", "biff"],
        [f"{ZX}/monsters/goblin.yaml"],
        [f"{ZX}/equipment/swords.yaml"],
        [f"{ZX}/jobs/knight.yaml"],
        [f"{EX}/16-bit-tactics/jobs/squire.yaml"],
        [f"{EX}/99-towers/weapons/chapter.yaml", "--name", "longblade"],
    ],
    ("rulesets",): [[]],
    ("character", "show"): [[f"{ZX}/characters/amos.yaml"]],
    ("equipment", "show"): [[f"{ZX}/equipment/relics.yaml"]],
    ("monster", "show"): [[f"{ZX}/monsters/goblin.yaml"]],
    ("encounter", "rewards"): [
        ["goblin:2", "--party", "2", "--project", ZX],
        ["ash-drake", "--party", "3", "--project", str(EX / "16-bit-tactics")],
    ],
    ("encounter", "simulate"): [
        ["--party", f"{ZX}/characters/amos.yaml", "--vs", "goblin:2", "--runs", "50", "--seed", "1"]
    ],
    ("tech", "show"): [[f"{ZX}/techs/attacks.yaml", "--name", "biff"]],
    ("tech", "cost"): [
        ["--level", "4", "--power", "medium", "--primary", "attack_magic"],
        ["--upgrade-from", "4", "--to", "5"],
        ["--x-magic", "26", "19"],
    ],
    ("rules", "codes"): [["ZC"]],
    ("rules", "rulings"): [[], ["R10"]],
    ("rules", "speed"): [["20", "11"]],
    ("tool", "clock"): [
        ["--initiative", "15"],
        [
            "--combatant",
            "bandit=15",
            "--combatant",
            "jimmy-arkham=15",
            "--project",
            f"{EX}/99-towers",
        ],
    ],
    ("tool", "damage"): [
        ["heavy-rifle", "--hearts", "2", "--vs", "bandit", "--project", f"{EX}/99-towers"],
        ["squeeze", "--by", "rusty", "--vs", "bandit", "--project", f"{EX}/99-towers"],
    ],
}


def _commands() -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every command of the app (groups too), with its path of names from the root."""

    def walk(cmd: Any, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Any]]:
        yield path, cmd
        for name, sub in getattr(cmd, "commands", {}).items():
            yield from walk(sub, (*path, name))

    yield from walk(typer.main.get_command(app), ())


def _options(cmd: Any) -> list[Any]:
    return [p for p in cmd.params if getattr(p, "param_type_name", "") == "option"]


def _json_commands() -> list[tuple[str, ...]]:
    return [path for path, cmd in _commands() if any("--format" in p.opts for p in _options(cmd))]


def test_every_json_command_has_a_sample_run():
    """A command gaining `--format` must be added to SAMPLES (and so to the test below)."""
    found = _json_commands()
    assert len(found) >= 12
    assert set(found) == set(SAMPLES)


@pytest.mark.parametrize(
    ("path", "args"),
    [(path, args) for path, runs in SAMPLES.items() for args in runs],
    ids=lambda v: " ".join(v) if isinstance(v, tuple) else None,
)
def test_json_objects_start_with_the_format_version(zodiac, path, args):
    r = zodiac(*path, *args, "--format", "json")
    assert r.exit_code == 0, r.output
    data = r.json()
    if path in (("validate",), ("lint",)):  # DESIGN contract: a list of diagnostics
        assert isinstance(data, list)
        return
    assert isinstance(data, dict)
    assert next(iter(data)) == "format_version"
    assert data["format_version"] == FORMAT_VERSION == 1
    assert len(data) > 1


def test_lists_became_objects_with_a_named_list(zodiac):
    """`rulesets`, `rules codes` and `rules rulings` wrap their list, so it can carry the
    version: `jq '.rulesets[].id'`, `.codes`, `.rulings[]`."""
    rulesets = zodiac("rulesets", "-f", "json").json()
    assert rulesets["rulesets"][0]["id"] == "zodiac"
    codes = zodiac("rules", "codes", "ZC10", "-f", "json").json()
    assert list(codes) == ["format_version", "codes"]
    assert codes["codes"]["ZC102"] and all(c.startswith("ZC10") for c in codes["codes"])
    rulings = zodiac("rules", "rulings", "-f", "json").json()
    assert rulings["rulings"][0]["id"] == "R1"


def _short_flags() -> dict[str, dict[str, set[str]]]:
    """short flag -> {long name it stands for -> the commands using it that way}."""
    meaning: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for path, cmd in _commands():
        where = " ".join(("zodiac", *path))
        names = [*_options(cmd)]
        for p in names:
            flags = [*p.opts, *p.secondary_opts]
            longs = [f for f in flags if f.startswith("--")]
            for short in (f for f in flags if len(f) == 2 and f[0] == "-"):
                meaning[short][longs[0]].add(where)
    return meaning


def test_each_short_flag_means_one_thing():
    """`-j` is parallel jobs everywhere (not `character generate --job`); `-p` is the party,
    `-f` the format, `-o` the output, `-n` the name, `-l` the level..."""
    clashes = {
        short: {long: sorted(where) for long, where in longs.items()}
        for short, longs in _short_flags().items()
        if len(longs) > 1
    }
    assert clashes == {}


def test_each_long_option_has_at_most_one_short_flag():
    shorts: dict[str, set[str]] = defaultdict(set)
    for short, longs in _short_flags().items():
        for long in longs:
            shorts[long].add(short)
    assert {long: s for long, s in shorts.items() if len(s) > 1} == {}


def test_j_is_jobs_and_generate_has_no_short_job_flag(zodiac):
    flags = _short_flags()
    assert set(flags["-j"]) == {"--jobs"}
    assert set(flags["-f"]) == {"--format"} and set(flags["-p"]) == {"--party"}
    r = zodiac("character", "generate", "-j", "knight", "--level", "2", "--name", "X")
    assert r.exit_code == 2 and "-j" in r.output
