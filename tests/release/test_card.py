"""The dataset card: YAML configs the Hub and datasets read, and a body a person reads."""

from __future__ import annotations

import re

import yaml

from release.card import CardInfo, LicenseLine, front_matter, render_card
from release.rows import COLUMN_DOCS


def _front(text: str) -> dict:
    match = re.match(r"^---\n(.*?)\n---\n", text, flags=re.S)
    assert match, "the card must start with YAML front matter"
    return yaml.safe_load(match.group(1))


def _info(**kw) -> CardInfo:
    base = dict(name="Arena", version="1.2", repo_id="org/arena", n_full=12, n_eval=4,
                n_categories=7, by_source={"generated": 10, "sapien": 2},
                by_supercategory={"furniture": 12}, joint_types={"revolute": 9},
                licenses=[LicenseLine("sapien", "PartNet-Mobility terms", "non-commercial", 2)])
    return CardInfo(**{**base, **kw})


def test_written_card_front_matter(built):
    meta = _front((built.release_dir / "README.md").read_text())
    configs = {c["config_name"]: c for c in meta["configs"]}
    assert configs["full"]["data_files"] == [{"split": "train", "path": "data/full/train-*.parquet"}]
    assert configs["eval200"]["data_files"] == [{"split": "test",
                                                 "path": "data/eval200/test-*.parquet"}]
    assert configs["full"].get("default") is True
    assert meta["license"] == "other" and meta["license_link"] == "license_map.json"
    assert "urdf" in meta["tags"] and meta["size_categories"] == ["n<1K"]


def test_written_card_body(built):
    text = (built.release_dir / "README.md").read_text()
    for column in COLUMN_DOCS:
        assert f"`{column}`" in text, column
    assert "## How meshes are stored" in text and "files-per-folder" in text
    for figure in ("supercategories", "joint_types", "moving_joints", "contact_sheet"):
        assert f"](figures/{figure}.png)" in text
    assert f"**{len(built.objects)}** objects in `full`" in text
    assert "## Changelog" not in text


def test_changelog_hook_and_license_marks():
    text = render_card(_info(changelog_md="* added `gen-0-00012`\n"))
    assert "## Changelog\n\n* added `gen-0-00012`" in text
    assert "**non-commercial**" in text
    assert 'load_dataset("org/arena", "eval200", split="test")' in text
    assert front_matter(_info(n_full=20_000))["size_categories"] == ["10K<n<100K"]


def test_rendering_is_deterministic():
    assert render_card(_info()) == render_card(_info())
