"""Curation from kept summaries (release.summaries) equals curation from the store.

A small object store: six generated objects, their twins from a second source (exact
duplicates) and one twin whose first joint limit is edited (a near duplicate: the same
geometry, other kinematics, so the metric is called). Curating with a cache written by
another set of keys must give exactly what curating from scratch gives.
"""

from __future__ import annotations

import os
import re
import signal
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
import pytest

import release.summaries as summaries
from arena_core.curation.taxonomy import load_overrides, load_taxonomy
from arena_core.pipeline.store import ObjectStore, object_key
from flows.adapters import get_adapter
from release.stored import curate_stored
from release.summaries import SummaryCache, summaries_of, summary_context
from schemas.sources import load_source_manifest

REPO = Path(__file__).resolve().parents[2]
TAXONOMY = REPO / "manifests" / "taxonomy.yaml"
OVERRIDES = REPO / "manifests" / "overrides.yaml"
PRIORITY = {"gen": 1, "twin": 0}


def source_objects(name: str, root: Path, edit: bool = False) -> list:
    manifest = load_source_manifest({"name": name, "adapter": "generated",
                                     "license": "CC0-1.0", "n": 6, "seed": 4})
    adapter = get_adapter("generated")
    objects = list(adapter.iter_objects(manifest, root, work_dir=root))
    if edit:  # the first object's first upper limit, then read again
        urdf = objects[0].urdf_path
        text = urdf.read_text()
        urdf.write_text(re.sub(r'upper="([-0-9.e]+)"', 'upper="0.123"', text, count=1))
        objects = list(adapter.iter_objects(manifest, root, work_dir=root))
    return objects


@pytest.fixture(scope="module")
def stored(tmp_path_factory):
    """``(store, keys of gen + twin, keys with the edited twin)``."""
    tmp = tmp_path_factory.mktemp("summaries")
    store = ObjectStore(tmp / "store")
    gen, twin = source_objects("gen", tmp / "gen"), source_objects("twin", tmp / "twin")
    edited = source_objects("twin", tmp / "twin", edit=True)
    for obj in [*gen, *twin, *edited]:
        store.ensure(obj)
    before = sorted(object_key(o) for o in [*gen, *twin])
    after = sorted(object_key(o) for o in [*gen, *edited])
    assert len(set(before) ^ set(after)) == 2
    return store, before, after


def curated(store, keys, cache=None):
    index = load_taxonomy(TAXONOMY)
    done = curate_stored(store, keys, taxonomy=index, source_priority=PRIORITY,
                         overrides=load_overrides(OVERRIDES, index=index), subset_size=4,
                         seed=2, cache=cache)
    c = done.curated
    return (c.assignments, c.duplicates.records, c.duplicates.clusters,
            c.duplicates.n_candidate_pairs, c.duplicates.n_metric_calls, c.subset, c.review,
            [i.object_id for i in c.items], done.report, done.accepted)


def test_cached_summaries_give_the_curation_from_scratch(stored, tmp_path):
    store, before, after = stored
    context = summary_context([TAXONOMY, OVERRIDES], PRIORITY)
    path = tmp_path / "curation-summaries.pkl"
    assert curated(store, before, SummaryCache.load(path, context)) == curated(store, before)
    cache = SummaryCache.load(path, context)
    assert set(cache.summaries) == set(before)
    fresh = curated(store, after)
    assert fresh[4] >= 1, "the edited twin must be compared with the metric"
    assert fresh[1] and {r.relation for r in fresh[1]} >= {"exact"}
    assert curated(store, after, cache) == fresh
    assert set(SummaryCache.load(path, context).summaries) == set(after)
    assert curated(store, after, SummaryCache.load(path, context)) == fresh


def test_a_cache_for_another_context_or_unreadable_is_ignored(stored, tmp_path):
    store, before, _ = stored
    path = tmp_path / "curation-summaries.pkl"
    curated(store, before, SummaryCache.load(path, "one"))
    assert SummaryCache.load(path, "one").summaries
    assert not SummaryCache.load(path, "other").summaries
    path.write_bytes(b"not a pickle")
    cache = SummaryCache.load(path, "one")
    assert not cache.summaries and curated(store, before, cache) == curated(store, before)


def _summaries(store, keys, **kw):
    index = load_taxonomy(TAXONOMY)
    found = summaries_of(store, keys, taxonomy=index, source_priority=PRIORITY,
                         overrides=load_overrides(OVERRIDES, index=index), **kw)
    return {key: _plain(summary) for key, summary in found.items()}


def _plain(value):
    """``value`` as nested tuples of plain values (arrays by dtype, shape and bytes), so
    that equal summaries made in different processes compare equal."""
    if isinstance(value, np.ndarray):
        return ("array", value.dtype.str, value.shape, value.tobytes())
    if isinstance(value, dict):
        return tuple(sorted((_plain(k), _plain(v)) for k, v in value.items()))
    if isinstance(value, list | tuple | set | frozenset):
        items = [_plain(v) for v in value]
        return (type(value).__name__, tuple(sorted(items) if isinstance(value, set | frozenset)
                                            else items))
    if hasattr(value, "__dict__") or hasattr(value, "__slots__"):
        fields = value.__dict__ if hasattr(value, "__dict__") else {
            name: getattr(value, name) for name in value.__slots__}
        return (type(value).__name__, _plain(fields))
    return value


def test_summaries_made_in_processes_are_those_made_in_one(stored, monkeypatch):
    """A large build's summaries come from spawned processes, by batches: the same ones,
    a key not in the store left out, and the same curation."""
    store, before, after = stored
    keys = [*sorted(set(before) | set(after)), "0" * 64]
    submitted = []

    class Counted(ProcessPoolExecutor):
        def submit(self, *args, **kwargs):
            submitted.append(args[2])  # the batch of keys
            return super().submit(*args, **kwargs)

    alone = _summaries(store, keys, processes=0)
    assert len(alone) == len(keys) - 1
    monkeypatch.setattr(summaries, "ProcessPoolExecutor", Counted)
    assert _summaries(store, keys, processes=2, after=0, batch=3) == alone
    assert sorted(k for batch in submitted for k in batch) == sorted(keys)  # all in the pool


def test_summaries_left_by_a_killed_process_are_made_in_this_one(stored, monkeypatch):
    """A process killed while the pool summarizes breaks it: the batches it did not finish
    are summarized by the calling process, with the same result."""
    store, before, _ = stored

    killed = []

    class Dying(ProcessPoolExecutor):
        def submit(self, *args, **kwargs):
            future = super().submit(*args, **kwargs)
            future.result()  # one batch done, then every process killed
            for pid in list(self._processes):
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
            return future

    alone = _summaries(store, before, processes=0)
    monkeypatch.setattr(summaries, "ProcessPoolExecutor", Dying)
    assert _summaries(store, before, processes=1, after=0, batch=4) == alone
    assert killed and len(before) > 4  # a pool process died with batches left


def test_a_large_build_curates_the_same_through_the_processes(stored, monkeypatch):
    store, before, _ = stored
    alone = curated(store, before)
    monkeypatch.setattr(summaries, "SUMMARY_POOL_AFTER", 0)
    monkeypatch.setattr(summaries, "SUMMARY_BATCH", 5)
    assert curated(store, before) == alone
