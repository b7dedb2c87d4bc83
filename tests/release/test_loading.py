"""``datasets.load_dataset`` returns exactly the release it is pointed at, and loads a
release whose evaluation subset is empty or short.

``datasets`` keys its cache of a local folder by the folder's *name*, the config and a
hash of the card's YAML (data file patterns, not bytes), so every test here shares one
``datasets`` cache between releases in folders of the same name, and rewrites one in place.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import datasets
import pyarrow.parquet as pq
import pytest
import yaml

from arena_core.curation.items import item_from_record
from arena_core.curation.subset import select_subset
from release.card import CONFIGS
from release.check import check_release
from release.reader import load_rows
from release.writer import release_checksums, write_release


def _kwargs(built, objects, subset) -> dict:
    """Release keyword arguments for ``objects`` (no duplicates: the keeper may be absent)."""
    return {**built.kwargs(), "subset": subset, "duplicates": []}


def _subset(objects, n: int = 2, **item_changes):
    items = [dataclasses.replace(item_from_record(o.record), **item_changes) for o in objects]
    return select_subset(items, n=n, seed=0)


def on_disk_ids(release: Path, config: str) -> list[str]:
    """The ids in ``config``'s parquet files, read with pyarrow (every file of the folder)."""
    folder = release / "data" / CONFIGS[config][1]
    return [oid for path in sorted(folder.glob("*.parquet"))
            for oid in pq.read_table(path, columns=["object_id"])["object_id"].to_pylist()]


def loaded_ids(release: Path, config: str, cache: Path) -> list[str]:
    split = CONFIGS[config][0]
    ds = datasets.load_dataset(str(release), config, split=split, cache_dir=str(cache))
    return ds["object_id"]


def assert_loads_its_own_rows(release: Path, cache: Path) -> None:
    for config in CONFIGS:
        want = on_disk_ids(release, config)
        assert want, (release, config)
        assert loaded_ids(release, config, cache) == want, (release, config)


def front(release: Path) -> dict:
    text = (release / "README.md").read_text(encoding="utf-8")
    return yaml.safe_load(re.match(r"^---\n(.*?)\n---\n", text, flags=re.S).group(1))


def test_same_folder_name_and_rewrite_in_place_load_their_own_rows(built, hf_home, tmp_path):
    cache = hf_home / "datasets"
    a, b = tmp_path / "a" / "release", tmp_path / "b" / "release"
    first, second = built.objects[:5], built.objects[5:]
    write_release(a, first, **_kwargs(built, first, _subset(first)))
    assert_loads_its_own_rows(a, cache)
    write_release(b, second, **_kwargs(built, second, _subset(second)))
    assert_loads_its_own_rows(b, cache)
    assert set(on_disk_ids(a, "full")).isdisjoint(on_disk_ids(b, "full"))

    # Rebuilt in place with other rows (fewer objects, another subset): the new rows.
    fewer = first[:3]
    write_release(a, fewer, **_kwargs(built, fewer, _subset(fewer, n=1)))
    assert on_disk_ids(a, "full") == sorted(o.record.object_id for o in fewer)
    assert_loads_its_own_rows(a, cache)
    assert_loads_its_own_rows(b, cache)

    # Byte-identical content gives the same shard names (deterministic, one cache entry).
    before = release_checksums(b)
    write_release(tmp_path / "c" / "release", second, **_kwargs(built, second, _subset(second)))
    assert release_checksums(tmp_path / "c" / "release") == before
    assert_loads_its_own_rows(tmp_path / "c" / "release", cache)


def test_only_the_subset_changed_still_loads_the_new_rows(built, hf_home, tmp_path):
    """A new subset changes ``full`` too (its ``in_eval200`` flags) and ``eval200``."""
    cache = hf_home / "datasets"
    out, objects = tmp_path / "x" / "release", built.objects[:6]
    write_release(out, objects, **_kwargs(built, objects, _subset(objects, n=2)))
    assert_loads_its_own_rows(out, cache)
    write_release(out, objects, **_kwargs(built, objects, _subset(objects, n=3)))
    full = datasets.load_dataset(str(out), "full", split="train", cache_dir=str(cache))
    assert sum(full["in_eval200"]) == 3
    assert_loads_its_own_rows(out, cache)


def test_empty_subset_release_loads_and_says_so(built, hf_home, tmp_path):
    cache = hf_home / "datasets"
    objects = built.objects[:4]
    subset = _subset(objects, n=200, category=None)  # nothing eligible: no category
    assert subset.entries == [] and not subset.complete
    out = tmp_path / "empty" / "release"
    summary = write_release(out, objects, **_kwargs(built, objects, subset))
    assert summary.n_eval == 0

    # The card declares only `full`, and says why; `full` loads, and the empty shard
    # stays readable with pyarrow.
    assert [c["config_name"] for c in front(out)["configs"]] == ["full"]
    text = (out / "README.md").read_text(encoding="utf-8")
    assert "**No evaluation subset in this release**" in text and subset.message in text
    assert 'load_dataset("path/to/release", "eval200"' not in text
    assert subset.message in (out / "reports" / "subset_coverage.md").read_text()
    info = json.loads((out / "release_info.json").read_text())
    assert info["subset_message"] == subset.message
    assert info["configs"]["eval200"]["in_card"] is False
    assert loaded_ids(out, "full", cache) == on_disk_ids(out, "full") == sorted(
        o.record.object_id for o in objects)
    assert on_disk_ids(out, "eval200") == [] and load_rows(out, "eval200") == []
    (shard,) = (out / "data" / "eval200").glob("*.parquet")
    assert pq.ParquetFile(shard).metadata.num_row_groups == 0
    with pytest.raises(ValueError, match="eval200"):
        datasets.load_dataset(str(out), "eval200", split="test", cache_dir=str(cache))

    report = check_release(out, sample=2, cache_dir=cache)
    assert report.ok, report.model_dump()
    assert report.counts == {"full": len(objects), "eval200": 0}


def test_short_subset_is_a_message_and_both_configs_load(built, hf_home, tmp_path):
    cache = hf_home / "datasets"
    objects = built.objects[:4]
    subset = _subset(objects, n=200)
    assert 0 < len(subset.entries) < 200 and not subset.complete
    out = tmp_path / "short" / "release"
    write_release(out, objects, **_kwargs(built, objects, subset))
    text = (out / "README.md").read_text(encoding="utf-8")
    assert f"**The evaluation subset is short**: {subset.message}." in text
    assert subset.message in (out / "reports" / "subset_coverage.md").read_text()
    assert [c["config_name"] for c in front(out)["configs"]] == ["full", "eval200"]
    assert_loads_its_own_rows(out, cache)
    report = check_release(out, sample=2, cache_dir=cache)
    assert report.ok, report.model_dump()
    assert report.counts == {"full": len(objects), "eval200": len(subset.entries)}


def test_check_refuses_a_pattern_without_the_content_fingerprint(release_copy, hf_home):
    """The card's patterns are the cache key: one without the fingerprint is a problem."""
    card = release_copy / "README.md"
    text = card.read_text(encoding="utf-8")
    card.write_text(re.sub(r"(data/full/train-)[0-9a-f]{16}-", r"\1", text), encoding="utf-8")
    report = check_release(release_copy, sample=1, cache_dir=hf_home / "datasets",
                           verify_files=False)
    assert any("does not carry the content fingerprint" in p for p in report.problems), \
        report.problems
