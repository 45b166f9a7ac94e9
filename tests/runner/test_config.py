"""commitcast.toml: reading, defaults, and errors that name the key and the line."""

from __future__ import annotations

import re
from datetime import time
from pathlib import Path

import msgspec
import pytest

from commitcast.config import ConfigFile, ShowTable, load_config, slugify, starter_config
from commitcast.errors import UserError


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "commitcast.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_starter_config_loads_with_its_defaults(tmp_path: Path) -> None:
    (tmp_path / "repo").mkdir()  # a show's repository must be there (or be a git URL)
    path = write(tmp_path, starter_config("PyTorch", "repo", tz="Europe/Berlin"))
    config = load_config(path)
    (show,) = config.shows
    assert show.show.name == "PyTorch"
    assert show.show.slug == "pytorch"
    assert show.show.tz == "Europe/Berlin"
    assert show.show.repo == str((tmp_path / "repo").resolve())
    assert show.cutoff_time == time(0, 0)
    assert show.writer == "builtin"
    assert show.recap_day == "sunday"
    assert show.site_dir == str((tmp_path / "site" / "pytorch").resolve())
    assert config.state_dir == str((tmp_path / ".commitcast").resolve())


def test_defaults_table_applies_to_every_show_and_urls_stay_urls(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
[defaults]
tz = "America/New_York"
rate = 1.1

[[show]]
name = "Distributed"
repo = "https://github.com/pytorch/pytorch.git"
area_filter = ["DTensor", "FSDP"]

[[show]]
name = "Compiler"
slug = "compiler"
repo = "git@github.com:pytorch/pytorch.git"
tz = "UTC"
[show.areas]
"torch/_inductor" = "Inductor"
""",
    )
    config = load_config(path)
    first, second = config.shows
    assert first.show.tz == "America/New_York" and first.length_scale == pytest.approx(1 / 1.1)
    assert first.show.repo == "https://github.com/pytorch/pytorch.git"
    assert first.area_filter == ["DTensor", "FSDP"]
    assert second.show.tz == "UTC"
    assert second.show.repo == "git@github.com:pytorch/pytorch.git"
    assert second.area_map == {"torch/_inductor": "Inductor"}
    assert config.find("compiler") is second
    with pytest.raises(UserError, match="several shows"):
        config.find(None)
    with pytest.raises(UserError, match="no show 'nope'"):
        config.find("nope")


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('name = "A"\nrepo = "."\ntz = "Mars/Olympus"', r"commitcast.toml:5: 'tz' is not a time zone"),
        ('name = "A"\nrepo = "."\nrate = "fast"', r":5: 'rate' must be a number"),
        ('name = "A"\nrepo = "."\nrate = 9', r":5: 'rate' must be between 0.5 and 2.0"),
        ('name = "A"\nrepo = "."\nvoise = "x.onnx"', r":5: 'voise' is not a known show setting"),
        ('name = "A"\nrepo = "."\ncutoff = "25:99"', r":5: 'cutoff' must be a local time"),
        ('name = "A"\nrepo = "."\nwriter = "gpt"', r":5: 'writer' must be 'builtin' or 'llm'"),
        ('name = "A"\nrepo = "."\nbase_url = "example.org"', r":5: 'base_url' must be an absolute"),
        ('name = "A"\nrepo = "."\nrecap_day = "someday"', r":5: 'recap_day' must be a weekday"),
        ('name = "A"\nrepo = "."\nslug = "Bad Slug"', r":5: 'slug' must be lowercase"),
        ('name = "A"', r"'repo' is missing from show #1"),
        ('name = "A"\nrepo = "."\nrate = true', r":5: 'rate' must be a number, not True"),
        ('name = "A"\nrepo = "."\nquiet_threshold = -1', r":5: 'quiet_threshold' must be 0 or more, not -1"),
        ('name = "A"\nrepo = "."\ngithub = "yes"', r":5: 'github' must be true or false, not 'yes'"),
        ('name = "A"\nrepo = "."\nareas = { src = " " }', r":5: 'areas' must be a table of path prefix = area name"),
        ('name = "A"\nrepo = "."\narea_filter = ["DTensor", 3]', r":5: 'area_filter' must be a list of area names"),
        ('name = 7\nrepo = "."', r":3: 'name' must be a string, not 7"),
        ('name = "A"\nrepo = "."\n[show.glossary]\nDTensor = """two\nlines"""', r"'glossary' must be a table of term = one line"),
        ('name = "A"\nrepo = "."\nstyle = 1', r":5: 'style' must be a path to a host style file"),
    ],
)
def test_bad_settings_name_the_key_and_line(tmp_path: Path, body: str, message: str) -> None:
    path = write(tmp_path, f"# a show\n[[show]]\n{body}\n")
    with pytest.raises(UserError, match=message):
        load_config(path)


def test_unknown_top_level_key_and_broken_toml(tmp_path: Path) -> None:
    with pytest.raises(UserError, match=r":1: 'colour' is not a known setting"):
        load_config(write(tmp_path, 'colour = "blue"\n[[show]]\nname = "A"\nrepo = "."\n'))
    with pytest.raises(UserError, match=r":1: 'state_dir' must be a directory path, not 3"):
        load_config(write(tmp_path, 'state_dir = 3\n[[show]]\nname = "A"\nrepo = "."\n'))
    with pytest.raises(UserError, match=r":1: 'defaults' must be a table of show settings"):
        load_config(write(tmp_path, 'defaults = 3\n[[show]]\nname = "A"\nrepo = "."\n'))
    with pytest.raises(UserError, match="not valid TOML"):
        load_config(write(tmp_path, "[[show]\nname = \n"))
    with pytest.raises(UserError, match="no configuration"):
        load_config(tmp_path / "missing.toml")
    with pytest.raises(UserError, match="no \\[\\[show\\]\\] table"):
        load_config(write(tmp_path, 'state_dir = "x"\n'))


def test_duplicate_slugs_are_rejected(tmp_path: Path) -> None:
    text = '[[show]]\nname = "A"\nrepo = "."\n[[show]]\nname = "a"\nrepo = "."\n'
    with pytest.raises(UserError, match="'slug' 'a' is used by two shows"):
        load_config(write(tmp_path, text))


@pytest.mark.parametrize(
    ("text", "slug"),
    [("PyTorch", "pytorch"), ("PyTorch — distributed only", "pytorch-distributed-only"), ("../../etc", "etc"), ("???", "show")],
)
def test_slugify_keeps_only_safe_characters(text: str, slug: str) -> None:
    assert slugify(text) == slug


def test_weekday_names_are_read_in_any_case(tmp_path: Path) -> None:
    (show,) = load_config(write(tmp_path, '[[show]]\nname = "A"\nrepo = "."\nrecap_day = "Saturday"\n')).shows
    assert show.recap_day == "saturday"


def test_the_readme_lists_every_setting_and_no_other() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("| setting | meaning (default) |") :].split("\n\n")[0]
    rows = [line for line in table.splitlines()[2:] if line.startswith("|")]
    documented = [key for row in rows for key in re.findall(r"`([a-z_]+)`", row.split("|")[1])]
    assert len(documented) == len(set(documented))
    top = {f.name for f in msgspec.structs.fields(ConfigFile)} - {"defaults", "show"}
    settings = {f.name for f in msgspec.structs.fields(ShowTable)} | top
    assert set(documented) == settings


def test_a_show_is_named_after_its_remote_not_the_folder_it_was_cloned_into(make_repo) -> None:
    """"repo 2.55.0 is out": a clone in ./repo of u-boot (not a GitHub remote) is still U-Boot."""
    from commitcast.config import show_for_repo

    repo = make_repo("repo")
    repo.commit("Start", files={"a.txt": "1\n"}, when="2024-01-01T09:00:00Z")
    assert show_for_repo(repo.path).name == "repo"  # no remote: the folder is all there is
    repo.set_origin("https://source.denx.de/u-boot/u-boot.git")
    assert show_for_repo(repo.path).name == "U-Boot"
    repo.repo.remotes.set_url("origin", "git@github.com:vuejs/core.git")
    assert show_for_repo(repo.path).name == "vuejs core"
    assert show_for_repo(repo.path, "Vue").name == "Vue"  # the configured name wins


def test_an_error_in_defaults_names_its_line(tmp_path: Path) -> None:
    text = 'state_dir = "s"\n[defaults]\ntz = "UTC"\nrate = "fast"\n[[show]]\nname = "A"\nrepo = "."\n'
    with pytest.raises(UserError, match=r"commitcast.toml:4: 'rate' must be a number"):
        load_config(write(tmp_path, text))


def test_a_show_may_name_a_shipped_style_and_a_file_of_that_name_wins(tmp_path: Path) -> None:
    from commitcast.write import load_style

    (show,) = load_config(write(tmp_path, '[[show]]\nname = "A"\nrepo = "."\nstyle = "newsroom"\n')).shows
    assert show.style == "newsroom" and load_style(show.style).path.endswith("styles/newsroom.toml")
    (tmp_path / "newsroom").write_text('[host]\nname = "ours"\n', encoding="utf-8")
    (show,) = load_config(write(tmp_path, '[[show]]\nname = "A"\nrepo = "."\nstyle = "newsroom"\n')).shows
    assert show.style == str((tmp_path / "newsroom").resolve())
