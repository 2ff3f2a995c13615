"""Malformed YAML of every kind is a located diagnostic, never a traceback."""

from pathlib import Path

from builder.io.project import load_content
from builder.io.yaml import load_text
from tests.conftest import AMOS


def codes(content):
    return [(d.code, d.line, d.column) for d in content.diagnostics]


def load(write, text, name="c.yaml"):
    return load_content([write(name, text)])


def test_every_value_keeps_its_line_and_column():
    loaded = load_text("a: 1\nb:\n  - {x: 2}\n  - y: [3, 4]\n", Path("t.yaml"))
    doc = loaded.documents[0]
    assert doc.values[("a",)] == (1, 4)
    assert doc.keys[("b",)] == (2, 1)
    assert doc.values[("b", 0, "x")] == (3, 9)
    assert doc.values[("b", 1, "y", 1)] == (4, 12)
    assert doc.locate(("b", 1, "y", 7)) == (4, 8)  # nearest existing ancestor


def test_scalars_are_typed_and_dates_stay_text():
    data = (
        load_text("i: 0x1F\nf: 1.5\nb: true\nn: ~\nd: 2001-12-20\ns: yes\n", Path("t"))
        .documents[0]
        .data
    )
    assert data == {"i": 31, "f": 1.5, "b": True, "n": None, "d": "2001-12-20", "s": "yes"}


def test_multi_document_files(write):
    content = load(write, AMOS + "---\n" + AMOS.replace("Amos the Valiant", "Luke the Lucky"))
    assert [e.model.name for e in content.entities] == ["Amos the Valiant", "Luke the Lucky"]
    assert content.diagnostics == []


def test_duplicate_key(write):
    content = load(write, AMOS + "level: 4\n")
    assert codes(content) == [("ZY103", 12, 1)]
    assert "first defined at line 3" in content.diagnostics[0].message


def test_syntax_error(write):
    content = load(write, "kind: character\nname: [unclosed\nlevel: 3\n")
    assert [d.code for d in content.diagnostics] == ["ZY102"]
    assert content.diagnostics[0].line >= 2


def test_tab_indentation(write):
    content = load(write, "kind: character\nbase_stats:\n\tstr: 3\n")
    d = content.diagnostics[0]
    assert (d.code, d.line) == ("ZY102", 3)
    assert "tab" in d.message


def test_non_utf8(write):
    content = load(write, "kind: character\nname: Caf\xe9\n".encode("latin-1"))
    d = content.diagnostics[0]
    assert (d.code, d.line, d.column) == ("ZY101", 2, 10)
    assert "UTF-8" in d.message


def test_empty_file_is_a_warning(write):
    content = load(write, "# nothing here\n")
    assert [(d.code, d.severity) for d in content.diagnostics] == [("ZY105", "warning")]


def test_unknown_kind_suggests(write):
    content = load(write, AMOS.replace("kind: character", "kind: charcter"))
    d = content.diagnostics[0]
    assert (d.code, d.line, d.column) == ("ZY111", 1, 7)
    assert "did you mean 'character'" in d.message


def test_missing_kind(write):
    content = load(write, "name: Nobody\n")
    assert [d.code for d in content.diagnostics] == ["ZY110"]


def test_not_a_mapping(write):
    content = load(write, "- just\n- a list\n")
    assert [d.code for d in content.diagnostics] == ["ZY108"]


def test_python_tags_are_refused_never_constructed(write):
    content = load(
        write,
        AMOS.replace("name: Amos the Valiant", "name: !!python/object/apply:os.system ['echo hi']"),
    )
    assert content.diagnostics[0].code == "ZY104"


def test_custom_tag_refused(write):
    content = load(write, AMOS.replace("level: 3", "level: !roll 3"))
    assert (content.diagnostics[0].code, content.diagnostics[0].line) == ("ZY104", 3)


def test_merge_keys_refused(write):
    content = load(write, "base: &b {str: 3}\nkind: character\nother:\n  <<: *b\n")
    assert "ZY107" in [d.code for d in content.diagnostics]


def test_pydantic_error_deep_in_a_list_points_at_its_line(write):
    text = AMOS.replace("  - {vit: 1, spr: 1, mag: 1}", "  - {vit: 1, spr: one, mag: 1}")
    content = load(write, text)
    d = content.diagnostics[0]
    assert (d.code, d.line, d.column) == ("ZS104", 11, 19)
    assert "advancement[1].spr" in d.message


def test_unknown_field_suggests_the_right_one(write):
    content = load(write, AMOS.replace("support_skill:", "suport_skill:"))
    msgs = {d.code: d for d in content.diagnostics}
    assert msgs["ZS102"].line == 7
    assert "did you mean 'support_skill'" in msgs["ZS102"].message
    assert msgs["ZS101"].code == "ZS101"  # and the real key is missing


def test_bad_enum_suggests(write):
    content = load(write, AMOS.replace("armor_type: balanced", "armor_type: balance"))
    d = content.diagnostics[0]
    assert (d.code, d.line) == ("ZS103", 5)
    assert "did you mean 'balanced'" in d.message


def test_enum_and_ids_ignore_case_spaces_hyphens(write):
    content = load(
        write,
        AMOS.replace("class_power: tech", "class_power: Blue Magic").replace(
            "support_skill: toughness", "support_skill: Weapon_Guard"
        ),
    )
    assert content.diagnostics == []
    assert content.entities[0].model.support_skill == "weapon-guard"
    assert content.entities[0].model.class_power == "blue_magic"


def test_duplicate_ids_in_a_project(write):
    a = write("a.yaml", AMOS)
    b = write("b.yaml", AMOS)
    content = load_content([a, b])
    assert [d.code for d in content.diagnostics] == ["ZP101"]
