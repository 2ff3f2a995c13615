"""The wheel carries templates, core content and schemas (DESIGN: the shape).

Builds the wheel, installs it without dependencies into a fresh virtual environment
whose only other packages are this environment's (a `.pth` file names our site-packages:
`system_site_packages=True` would show the *base* interpreter's, which in a virtualenv
lack typer and the rest), and runs the installed `zodiac` from outside the source tree.
"""

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

from tests.conftest import EXAMPLE, REPO


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    if shutil.which("git") is None:  # pragma: no cover
        pytest.skip("git needed to copy the tree")
    work = tmp_path_factory.mktemp("wheel")
    wheels = work / "wheels"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(wheels),
            str(REPO),
        ],
        check=True,
        capture_output=True,
    )
    [wheel] = wheels.glob("*.whl")
    env_dir = work / "venv"
    venv.EnvBuilder(system_site_packages=False, with_pip=False).create(env_dir)
    py = env_dir / "bin" / "python"
    inner = subprocess.run(
        [str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    # Lines of a .pth file are appended to sys.path; the .pth files *in* those folders
    # (our editable install's among them) are not processed, so `builder` is the wheel's.
    (Path(inner) / "zz_outer_env.pth").write_text("\n".join(sorted(ours)) + "\n")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(py),
            "install",
            "--no-deps",
            "--no-index",
            str(wheel),
        ],
        check=True,
        capture_output=True,
    )
    return wheel, env_dir


def test_wheel_holds_data(installed):
    wheel, _ = installed
    names = zipfile.ZipFile(wheel).namelist()
    assert "builder/_data/templates/base.html" in names
    assert "builder/_data/content/core/skills.yaml" in names
    assert "builder/_data/schemas/character.schema.json" in names
    assert "builder/_data/docs/RULINGS.md" in names
    assert "builder/_data/rule_cases/zodiac/techs.yml" in names  # `rules codes CODE`
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names), names[-8:]


def test_installed_zodiac_validates_example_outside_the_tree(installed, tmp_path):
    _, env_dir = installed
    project = tmp_path / "example"
    shutil.copytree(EXAMPLE, project, ignore=shutil.ignore_patterns("dist"))
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    r = subprocess.run(
        [str(env_dir / "bin" / "python"), "-c", "import builder, sys; print(builder.__file__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=env,
    )
    assert str(env_dir) in r.stdout, r.stdout + r.stderr  # the wheel, not the source tree
    r = subprocess.run(
        [str(env_dir / "bin" / "zodiac"), "validate", str(project)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=env,
    )
    assert r.returncode == 0, r.stdout + r.stderr


def test_installed_zodiac_prints_from_outside_the_tree(installed, tmp_path):
    """DESIGN: the wheel carries the templates; a book prints from an installed copy."""
    _, env_dir = installed
    project = tmp_path / "example"
    shutil.copytree(EXAMPLE, project, ignore=shutil.ignore_patterns("dist"))
    r = subprocess.run(
        [str(env_dir / "bin" / "zodiac"), "build", str(project), "--only", "blank-sheet"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert (project / "dist" / "blank-sheet.pdf").read_bytes().startswith(b"%PDF-")


def test_installed_zodiac_shows_a_code_page(installed, tmp_path):
    """Issue 25: the rule cases travel in the wheel, so `rules codes CODE` works installed."""
    _, env_dir = installed
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    r = subprocess.run(
        [str(env_dir / "bin" / "zodiac"), "rules", "codes", "ZT101"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=env,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert "tech.yaml:3:13: error ZT101 Break Arts cannot be Tech Level 3" in r.stdout
