"""``arena build --limit N`` reads only the sources its N objects come from."""

from __future__ import annotations

from pathlib import Path

import pytest

from flows.ingest import ingest, ingest_in_order
from schemas.sources import load_source_manifest

REPO = Path(__file__).resolve().parents[2]
SOURCES = REPO / "manifests" / "sources" / "realdata"
NAMES = ("kitchen_models_repo", "sapien_repo", "habitat_sim_repo")


def test_a_limit_reads_the_sources_in_order_and_stops(tmp_path):
    manifests = [load_source_manifest(SOURCES / f"{name}.yaml") for name in NAMES]
    if not all(Path(m.local_path).is_dir() for m in manifests):
        pytest.skip("../shared/realdata is not beside the repository")
    calls = []

    def read(manifest, span, remaining):
        calls.append((manifest.name, remaining))
        return ingest(manifest, cache_dir=tmp_path / "cache", work_dir=tmp_path / "work",
                      limit=remaining, span=span)

    found = list(ingest_in_order([(m, (0, None)) for m in manifests], read, 5))
    assert calls == [("realdata_kitchen_models", 5)]
    assert sum(len(f.items) for f in found) == 5
    hashed = sorted(p.name for p in (tmp_path / "cache" / "hashes").iterdir())
    assert hashed == ["realdata_kitchen_models-0.json"]  # no other source's files were read
    kitchen = ingest(manifests[0], cache_dir=tmp_path / "c2", work_dir=tmp_path / "w2")
    calls.clear()  # a limit beyond the first source reads on into the second
    found = list(ingest_in_order([(m, (0, None)) for m in manifests], read,
                                 len(kitchen.items) + 2))
    assert [c[0] for c in calls] == ["realdata_kitchen_models", "realdata_sapien"]
    assert calls[1][1] == 2 and len(found[1].items) == 2
