"""`zodiac init` scaffolds a project of a rule set that validates and builds, and never
clobbers one."""

from builder.io.project import load_config


def test_init_creates_a_valid_project(zodiac, tmp_path, monkeypatch):
    r = zodiac("init", str(tmp_path / "camp"), "--title", "Crystal Saga", "--paper", "letter")
    assert r.exit_code == 0
    config, diags = load_config(tmp_path / "camp")
    assert diags == []
    assert (config.title, config.paper) == ("Crystal Saga", "letter")
    monkeypatch.chdir(tmp_path / "camp")
    v = zodiac("validate")
    assert v.exit_code == 0, v.stdout
    assert "0 errors, 0 warnings" in v.stdout


def test_init_writes_its_rule_set_and_leaves_map_combat_commented(zodiac, tmp_path):
    """R31: a project names its rule set; R32: Map Combat stays off unless turned on, and
    `zodiac init` asks nothing, so the switch is written as a comment to uncomment."""
    assert zodiac("init", str(tmp_path), "--ruleset", "zodiac").exit_code == 0
    text = (tmp_path / "zodiac.yaml").read_text()
    assert "\nruleset: zodiac\n" in text
    assert "\n  # map_combat: true " in text
    assert "\n  map_combat:" not in text
    config, diags = load_config(tmp_path)
    assert diags == [] and config.ruleset == "zodiac"
    assert (config.house_rules.damage_die_multiplier, config.house_rules.relic_slots) == (10, 1)


def test_init_unknown_rule_set_is_misuse_with_a_suggestion(zodiac, tmp_path):
    r = zodiac("init", str(tmp_path / "camp"), "--ruleset", "zodaic")
    assert r.exit_code == 2
    assert "unknown rule set 'zodaic'; did you mean 'zodiac'?" in r.output
    assert not (tmp_path / "camp").exists()


def test_scaffolded_project_builds(zodiac, tmp_path, monkeypatch):
    assert zodiac("init", str(tmp_path)).exit_code == 0
    monkeypatch.chdir(tmp_path)
    r = zodiac("build", "-j", "1")
    assert r.exit_code == 0, r.output
    assert (tmp_path / "dist" / "characters" / "rook-tallowmere.pdf").is_file()
    assert (tmp_path / "dist" / "monster-cards.pdf").is_file()


def test_init_refuses_existing_project_without_force(zodiac, tmp_path):
    (tmp_path / "zodiac.yaml").write_text("title: Mine\n")
    r = zodiac("init", str(tmp_path))
    assert r.exit_code == 2
    assert (tmp_path / "zodiac.yaml").read_text() == "title: Mine\n"


def test_init_force_overwrites_scaffold_only(zodiac, tmp_path):
    (tmp_path / "zodiac.yaml").write_text("title: Mine\n")
    (tmp_path / "notes.yaml").write_text("# mine\n")
    assert zodiac("init", str(tmp_path), "--force").exit_code == 0
    assert "My ZODIAC Campaign" in (tmp_path / "zodiac.yaml").read_text()
    assert (tmp_path / "notes.yaml").read_text() == "# mine\n"


def test_init_bad_paper_is_misuse(zodiac, tmp_path):
    assert zodiac("init", str(tmp_path), "--paper", "a5").exit_code == 2


def test_broken_project_config_is_located(zodiac, write):
    write("zodiac.yaml", "title: X\npaper: a5\nhouse_rules: {relic_slots: 3}\n")
    r = zodiac("validate")
    assert r.exit_code == 1
    assert "zodiac.yaml:2:8: error ZS103" in r.stdout
    assert "zodiac.yaml:3:28: error ZS105" in r.stdout


def test_templates_folder_must_stay_inside_project(zodiac, write):
    write("zodiac.yaml", "title: X\ntemplates: ../../etc\n")
    r = zodiac("validate")
    assert r.exit_code == 1
    assert "zodiac.yaml:2:12: error ZP103" in r.stdout and "inside the project" in r.stdout
