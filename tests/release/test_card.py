"""The dataset card: YAML configs the Hub and datasets read, and a body a person reads."""

from __future__ import annotations

import json
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
    info = json.loads((built.release_dir / "release_info.json").read_text())
    fps = {c: info["configs"][c]["fingerprint"] for c in ("full", "eval200")}
    assert configs["full"]["data_files"] == [{"split": "train",
                                              "path": f"data/full/train-{fps['full']}-*.parquet"}]
    assert configs["eval200"]["data_files"] == [
        {"split": "test", "path": f"data/eval200/test-{fps['eval200']}-*.parquet"}]
    assert fps["full"] != fps["eval200"]
    assert [f"data/full/{p.name}" for p in (built.release_dir / "data/full").glob(
        f"train-{fps['full']}-*.parquet")] == info["configs"]["full"]["files"]
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
    assert "| `reports/issue_codes.json` |" in text  # the files table names the catalog


def test_changelog_hook_and_license_marks():
    text = render_card(_info(changelog_md="* added `gen-0-00012`\n"))
    assert "## Changelog\n\n* added `gen-0-00012`" in text
    assert "**non-commercial**" in text
    assert 'load_dataset("org/arena", "eval200", split="test")' in text
    assert front_matter(_info(n_full=20_000))["size_categories"] == ["10K<n<100K"]


def test_rendering_is_deterministic():
    assert render_card(_info()) == render_card(_info())


def test_patterns_carry_the_fingerprint_and_an_empty_subset_is_not_a_config():
    fps = {"full": "0123456789abcdef", "eval200": "fedcba9876543210"}
    configs = front_matter(_info(fingerprints=fps))["configs"]
    assert [(c["config_name"], c["data_files"]) for c in configs] == [
        ("full", [{"split": "train", "path": "data/full/train-0123456789abcdef-*.parquet"}]),
        ("eval200", [{"split": "test", "path": "data/eval200/test-fedcba9876543210-*.parquet"}])]
    empty = _info(fingerprints=fps, n_eval=0, subset_message="only 0 eligible objects")
    assert [c["config_name"] for c in front_matter(empty)["configs"]] == ["full"]
    text = render_card(empty)
    assert "**No evaluation subset in this release**: only 0 eligible objects." in text
    assert '"eval200"' not in text and "| evaluation subset (`eval200`) | 0 (only 0" in text
    short = render_card(_info(subset_message="only 4 eligible objects (< 200 requested)"))
    assert "**The evaluation subset is short**: only 4 eligible objects" in short
    assert "subset is short" not in render_card(_info()) and "No evaluation" not in render_card(
        _info())


def test_card_counts_self_collision_per_source():
    engines = {"generated": {"mujoco": 10}, "sapien": {"mujoco": 2}}
    text = render_card(_info(engines=engines, collisions={
        "generated": {"clean": 10},
        "sapien": {"clean": 1, "collision.joint.blocked": 1}}))
    assert "| source | objects | clean | penetrating at rest | joint blocked |" in text
    assert "| generated | 10 | 10 | 0 | 0 |" in text
    assert "| sapien | 2 | 1 | 0 | 1 |" in text
    assert "penetrating at rest" not in render_card(_info(engines=engines))


def test_collision_counts_from_row_summaries():
    from release.sidefiles import _collision_counts

    rows = [{"source": "a", "collisions": []}, {"source": "a", "collisions": []},
            {"source": "a", "collisions": ["collision.rest.penetration"]},
            {"source": "b"}]  # a summary from before the check: not counted
    assert _collision_counts(rows) == {"a": {"clean": 2, "collision.rest.penetration": 1}}


def test_the_card_names_the_engine_versions_the_rows_record(built):
    """Versions in the card come from the rows (the packages that ran), not from prose."""
    from importlib.metadata import version

    import mujoco
    import pybullet  # noqa: F401 - the version is its distribution's

    text = (built.release_dir / "README.md").read_text()
    assert f"`mujoco_mjcf` {mujoco.__version__}" in text
    assert f"`pybullet` {version('pybullet')}" in text
