"""The build's hard budget per object (flows/budgeted.py): an object whose work hangs in
native code or asks for more memory than the budget is rejected with its ``resource.*`` code,
and every other object is released. The hang and the hog stand in for a native library that
misbehaves: ``build_entry`` is wrapped for those two objects only, in the process the build
forks its children from."""

from __future__ import annotations

import ctypes
import json
import time

import numpy as np

from flows import budgeted
from tests.hostile import good_object


def test_an_object_past_its_budget_is_rejected_and_the_rest_released(harness, tmp_path,
                                                                    monkeypatch):
    import datasets

    from flows.commands.build import run_build

    root = tmp_path / "lib"
    for i, name in enumerate(["good_0", "good_1", "good_2", "hang", "hog"]):
        good_object(root / name, name, variant=i)
    real = budgeted.build_entry

    def misbehaving(obj, folder, **kwargs):  # kwargs: the store's piece folder
        if obj.source_id.startswith("hang"):
            ctypes.CDLL(None).sleep(120)  # native: no Python signal can interrupt it
        if obj.source_id.startswith("hog"):
            np.ones(16 << 30, dtype=np.uint8)
        return real(obj, folder, **kwargs)

    monkeypatch.setattr(budgeted, "build_entry", misbehaving)
    config = tmp_path / "build.yaml"
    config.write_text(json.dumps({
        "name": "Budget", "version": "test", "subset_size": 2, "seed": 0,
        "object_seconds": 5, "object_memory_mib": 1024,
        "sources": [{"name": "lib", "adapter": "urdf_folder", "license": "MIT",
                     "location": str(root), "category_hints": {"*": "cabinet"}}]}))
    start = time.perf_counter()
    summary = run_build(config=str(config), out=str(tmp_path / "out"), limit=None,
                        runner="thread", workers=2)
    assert time.perf_counter() - start < 100  # the hang alone would take 120 s
    report = json.loads((tmp_path / "out" / "release" / "reports" / "build_report.json")
                        .read_text())
    assert report["rejected_objects"] == {"lib-hang.hang": ["resource.timeout"],
                                          "lib-hog.hog": ["resource.memory"]}
    rows = datasets.load_dataset(str(tmp_path / "out" / "release"), "full", split="train")
    assert set(rows["object_id"]) == {f"lib-good_{i}.good_{i}" for i in range(3)}
    assert summary.check_ok


def test_file_digests_taken_in_the_budgeted_child_are_kept_for_the_next_build(tmp_path,
                                                                             monkeypatch):
    """Ingest reads each entry in a forked child: the digests it takes must reach the
    cache the worker saves, or every rebuild would read every file again."""
    from arena_core.util.hashing import HashCache
    from flows.ingest import ingest
    from schemas.sources import load_source_manifest

    root = tmp_path / "lib"
    for i in range(3):
        good_object(root / f"good_{i}", f"good_{i}", variant=i)
    monkeypatch.setattr(HashCache, "RACY_NS", 0)  # files just written count as settled
    manifest = load_source_manifest({"name": "lib", "adapter": "urdf_folder",
                                     "license": "MIT", "location": str(root)})
    found = ingest(manifest, cache_dir=tmp_path / "cache", work_dir=tmp_path / "work")
    saved = json.loads((tmp_path / "cache" / "hashes" / "lib-0.json").read_text())["files"]
    files = {str(p) for p in root.rglob("*") if p.is_file()}
    assert len(found.objects) == 3
    assert files <= set(saved)
