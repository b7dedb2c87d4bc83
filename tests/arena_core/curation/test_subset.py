"""Evaluation subset: coverage, determinism, stability, short libraries; coverage outputs."""

from __future__ import annotations

import dataclasses
import random
import time

import numpy as np
import pytest

from arena_core.curation.coverage import coverage_figure, coverage_markdown, coverage_table
from arena_core.curation.items import MOVING_BINS, CurationItem
from arena_core.curation.subset import SubsetError, hash_rank, select_subset
from schemas.curation import CURATION_JOINT_TYPES, SUPERCATEGORY_IDS

SOURCES = ("sapien", "gapartnet", "kitchen_models", "generated")
#: Moving-joint counts that hit every bin of MOVING_BINS.
N_MOVING = (1, 1, 2, 3, 5, 9, 17)


def _item(oid, *, sup, cat, source, counts, verified=True) -> CurationItem:
    return CurationItem(
        object_id=oid, source=source, source_id=oid, content_checksum=f"sha-{oid}",
        bbox_extent=np.ones(3), volume=1.0, signature=None, joint_counts=counts,
        verified=verified, category=cat, supercategory=sup,
    )


def _counts(k: int, n_moving: int) -> dict[str, int]:
    """Mostly revolute/prismatic; continuous every 5th, helical only for k % 97 == 3."""
    main = "revolute" if k % 2 else "prismatic"
    counts = {"fixed": 1, main: n_moving}
    if k % 5 == 0 and n_moving > 1:
        counts[main] -= 1
        counts["continuous"] = 1
    if k % 97 == 3:
        counts = {"fixed": 1, "helical": 1, "prismatic": max(n_moving - 1, 0)}
    return counts


def library(n: int, seed: int = 0, *, categories_per_sup: int = 3) -> list[CurationItem]:
    rng = random.Random(seed)
    items = []
    for k in range(n):
        sup = SUPERCATEGORY_IDS[k % len(SUPERCATEGORY_IDS)]
        cat = f"{sup}_c{(k // len(SUPERCATEGORY_IDS)) % categories_per_sup}"
        counts = _counts(k, rng.choice(N_MOVING))
        items.append(_item(f"obj{k:05d}", sup=sup, cat=cat, source=rng.choice(SOURCES),
                           counts=counts))
    return items


@pytest.fixture(scope="module")
def lib() -> list[CurationItem]:
    return library(1500)


@pytest.fixture(scope="module")
def base(lib):
    return select_subset(lib, n=200, seed=3)


def _clone(item: CurationItem, oid: str) -> CurationItem:
    return dataclasses.replace(item, object_id=oid, source_id=oid, content_checksum=f"sha-{oid}")


# ------------------------------------------------------------------ coverage
def test_subset_covers_supercategories_categories_types_bins_sources(lib, base):
    entries = base.entries
    assert len(entries) == 200 and base.complete and base.n_eligible == 1500
    assert [e.order for e in entries] == list(range(200))
    assert {e.supercategory for e in entries} == set(SUPERCATEGORY_IDS)
    assert {e.category for e in entries} == {it.category for it in lib}
    assert {t for e in entries for t in e.joint_types} == set(CURATION_JOINT_TYPES)
    by_id = {it.object_id: it for it in lib}
    assert {by_id[e.object_id].moving_bin for e in entries} == {b for b, _, _ in MOVING_BINS}
    assert {e.source for e in entries} == set(SOURCES)
    assert all(e.reason.startswith("covers new supercategory") for e in entries[:15])
    assert sum(e.reason.startswith("covers new category") for e in entries) == 45 - 15


def test_rare_joint_types_are_included(lib, base):
    helical = {it.object_id for it in lib if it.joint_counts["helical"]}
    assert 0 < len(helical) < 20
    chosen = {e.object_id for e in base.entries}
    assert helical & chosen
    first = min(e.order for e in base.entries if "helical" in e.joint_types)
    assert first < 45  # within the category-coverage phase, as a tie-break on joint types


def test_subset_balances_supercategories(base):
    per_sup = np.bincount([SUPERCATEGORY_IDS.index(e.supercategory) for e in base.entries])
    assert per_sup.max() - per_sup.min() <= 1


# ------------------------------------------------------------------ determinism and stability
def test_same_inputs_and_seed_give_the_same_subset(lib, base):
    assert select_subset(lib, n=200, seed=3) == base
    shuffled = lib[:]
    random.Random(1).shuffle(shuffled)
    assert select_subset(shuffled, n=200, seed=3) == base
    other = select_subset(lib, n=200, seed=4)
    assert other.object_ids != base.object_ids
    assert {e.category for e in other.entries} == {e.category for e in base.entries}


def test_previous_subset_reproduces_itself(lib, base):
    again = select_subset(lib, n=200, seed=99, previous=base.object_ids)
    assert again.object_ids == base.object_ids


def test_objects_that_add_no_coverage_do_not_change_the_subset(lib, base):
    chosen = set(base.object_ids)
    not_chosen = [it for it in lib if it.object_id not in chosen]
    clones = [_clone(it, f"new{k:04d}") for k, it in enumerate(not_chosen[:300])]
    grown = select_subset(lib + clones, n=200, seed=3, previous=base.object_ids)
    assert grown.object_ids == base.object_ids
    assert grown.n_eligible == 1800
    # The incumbency rule is what guarantees it: hash ranks alone let clones in.
    plain = select_subset(lib + clones, n=200, seed=3)
    assert set(plain.object_ids) & {c.object_id for c in clones}


def test_an_object_of_a_new_category_enters(lib, base):
    newcomer = _item("zz/new", sup="tools", cat="tools_brand_new", source="sapien",
                     counts={"revolute": 1, "fixed": 1})
    grown = select_subset([*lib, newcomer], n=200, seed=3, previous=base.object_ids)
    entry = {e.object_id: e for e in grown.entries}["zz/new"]
    assert entry.reason == "covers new category tools_brand_new"
    assert len(grown.entries) == 200
    assert len(set(base.object_ids) - set(grown.object_ids)) >= 1


def test_hash_rank_depends_on_the_object_and_seed_only():
    assert hash_rank("sapien/41083", 0) == hash_rank("sapien/41083", 0)
    ranks = {hash_rank(f"o{i}", 0) for i in range(1000)}
    assert len(ranks) == 1000


# ------------------------------------------------------------------ eligibility
def test_fewer_eligible_than_requested_takes_all(lib):
    small = lib[:40]
    unverified = [dataclasses.replace(it, verified=False) for it in lib[40:45]]
    no_cat = [dataclasses.replace(it, category=None) for it in lib[45:47]]
    static = [dataclasses.replace(it, joint_counts={"fixed": 2}) for it in lib[47:48]]
    result = select_subset([*small, *unverified, *no_cat, *static], n=200, seed=0,
                           duplicate_ids=[small[0].object_id, small[1].object_id])
    assert not result.complete and result.n_eligible == 38 and len(result.entries) == 38
    assert "only 38 eligible" in result.message and "no padding" in result.message
    assert set(result.object_ids) == {it.object_id for it in small[2:]}
    assert result.excluded == {"not_verified": 5, "duplicate": 2, "no_category": 2,
                               "no_moving_joint": 1}


def test_empty_and_invalid_requests(lib):
    assert select_subset(lib, n=0).entries == []
    assert select_subset([], n=5).message.startswith("only 0 eligible")
    with pytest.raises(SubsetError, match="n must be >= 0"):
        select_subset(lib, n=-1)
    with pytest.raises(SubsetError, match="appears twice"):
        select_subset([lib[0], lib[0]])


def test_selection_scales_to_20k_items():
    big = library(20_000, seed=1, categories_per_sup=40)
    start = time.perf_counter()
    result = select_subset(big, n=200, seed=0)
    elapsed = time.perf_counter() - start
    assert len(result.entries) == 200
    assert len({e.category for e in result.entries}) == 200  # 600 categories available
    print(f"select_subset on 20000 items: {elapsed:.2f} s")


# ------------------------------------------------------------------ coverage outputs
def test_coverage_table_counts(lib, base):
    chosen = {e.object_id for e in base.entries}
    items = [it for it in lib if it.object_id in chosen]
    table = coverage_table(items)
    assert int(table["objects"].sum()) == 200
    assert list(dict.fromkeys(table.index.get_level_values(0))) == list(SUPERCATEGORY_IDS)
    for t in CURATION_JOINT_TYPES:
        assert int(table[t].sum()) == sum(it.joint_counts[t] > 0 for it in items)
    tools = table.xs("tools", level="supercategory")
    assert int(tools["objects"].sum()) == sum(it.supercategory == "tools" for it in items)


def test_coverage_lists_missing_supercategories_and_unassigned():
    item = _item("a", sup=None, cat=None, source="s", counts={"revolute": 1})
    table = coverage_table([item], supercategories=["tools"])
    assert table.loc[("tools", "-"), "objects"] == 0
    assert table.loc[("unassigned", "s"), "revolute"] == 1


def test_coverage_markdown_and_figure(lib, base, tmp_path):
    chosen = {e.object_id for e in base.entries}
    table = coverage_table([it for it in lib if it.object_id in chosen])
    text = coverage_markdown(table)
    lines = text.splitlines()
    assert lines[0] == "| supercategory | source | objects | categories | " + " | ".join(
        CURATION_JOINT_TYPES) + " |"
    assert len(lines) == 2 + len(table) + 1 and lines[-1].startswith("| **total** | | **200**")
    path = coverage_figure(table, tmp_path / "fig" / "coverage.png", title="eval200")
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000
