"""An edited rebuild gives, byte for byte, the release a cold build of the same inputs gives.

Inputs: 24 generated objects and a ``urdf_folder`` library of 4 generated objects beside
the build (so it can be edited between builds). The first build fills every cache a
rebuild reuses (file digests, curation summaries, release rows, checked digests); then one
library object's joint limit is edited and the same output folder is rebuilt; a fresh
output folder is built from the edited inputs; both releases must have the same
``SHA256SUMS``. Undoing the edit must give the first release again.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from arena_core.generate import generate

pytestmark = pytest.mark.slow

N_GENERATED = 24


def run_build(config: Path, out: Path):
    from flows.commands.build import run_build as run

    return run(config=str(config), out=str(out), limit=None, runner="thread", workers=2)


def sums(out: Path) -> str:
    return (out / "release" / "SHA256SUMS").read_text()


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> tuple[Path, Path]:
    """``(config, the library URDF the tests edit)``."""
    folder = tmp_path_factory.mktemp("incremental")
    infos = generate(4, 9, folder / "lib")
    config = {"name": "IncrementalTest", "version": "test", "subset_size": 8, "seed": 1,
              "sources": [{"name": "generated", "adapter": "generated",
                           "license": "CC-BY-4.0", "n": N_GENERATED, "seed": 5},
                          {"name": "lib", "adapter": "urdf_folder", "license": "MIT",
                           "location": str(folder / "lib"),
                           "category_hints": {"*": "cabinet"}}]}
    path = folder / "build.yaml"
    path.write_text(json.dumps(config))
    return path, infos[1].urdf_path


def test_an_edited_rebuild_equals_a_cold_build_of_the_edited_inputs(inputs, harness,
                                                                    tmp_path):
    config, urdf = inputs
    out = tmp_path / "out"
    first = run_build(config, out)
    assert first.check_ok and first.processed_now == N_GENERATED + 4
    before = sums(out)
    for name in ("curation-summaries.pkl", "release.rows.json", "release.hashes.json"):
        assert (out / name).is_file(), name
    assert list((out / "cache" / "hashes").glob("*.json"))
    original = urdf.read_text()
    edited = re.sub(r'upper="[-0-9.e]+"', 'upper="0.0123"', original, count=1)
    assert edited != original
    urdf.write_text(edited)
    try:
        again = run_build(config, out)
        assert again.processed_now == 1 and again.check_ok
        assert sums(out) != before
        fresh = run_build(config, tmp_path / "fresh")
        assert fresh.processed_now == N_GENERATED + 4
        assert sums(out) == sums(tmp_path / "fresh")
        varying = {"release", "review_file", "stage_seconds", "processed_now", "check",
                   "decompositions", "decomposition_cache_hits"}  # work done this run
        assert again.model_dump(exclude=varying) == fresh.model_dump(exclude=varying)
    finally:
        urdf.write_text(original)
    undone = run_build(config, out)
    assert undone.processed_now == 0 and sums(out) == before
