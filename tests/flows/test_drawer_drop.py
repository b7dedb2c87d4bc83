"""Issue 30's "done when", in MuJoCo: a small box dropped into each opened drawer of the real
cabinet-like objects of the default build, and of generated storage furniture, comes to rest
inside the drawer below its rim (:mod:`tests.drawer_probe`).

The real objects are read by their sources' adapters (``manifests/sources/realdata/*.yaml``)
and processed as the default build processes them (:func:`build_entry`, one piece store). They are the real
objects of the default release that have a prismatic part open at the top, as
:func:`drawer_probe.drawer_drops` finds them on the canonical folders of a default build
(every accepted ``realdata_*`` object with a prismatic joint was searched: 17 objects, 71
drawers; :func:`test_every_listed_object_has_an_open_drawer` keeps the list honest), less
the IAI kitchen, whose 13 drawer links have no collision geometry at all in the source (a
box falls through them before and after; nothing to decompose). With each collision mesh
replaced by its convex hull, as before issue 30, the hull of a drawer fills it and the box
stays on its lid or is thrown out: on that build (arena-pipeline-10) 38 of the 58 drawers of
the listed objects failed; on arena-pipeline-11 none.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from arena_core.generate.output import generate
from arena_core.pipeline.run import run_object
from arena_core.pipeline.store import build_entry, make_object_id
from flows.ingest import ingest
from schemas.sources import load_source_manifest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from drawer_probe import drawer_drops  # noqa: E402

pytestmark = pytest.mark.slow

MANIFESTS = Path(__file__).resolve().parents[2] / "manifests" / "sources" / "realdata"

#: source manifest -> source ids of its cabinet-like objects (a prismatic part open at the top).
CABINET_LIKE = {
    "calvin_env_repo.yaml": ["calvin_table_A/urdf/calvin_table_A",
                             "calvin_table_D/urdf/calvin_table_D"],
    "habitat_sim_repo.yaml": ["kitchen_counter/kitchen_counter"],
    "kitchen_models_repo.yaml": ["Desk_32052", "counter"],
    "sapien_repo.yaml": ["40147", "41083", "45940"],
    "urdformer_repo.yaml": [f"outputs/output/label{n}"
                            for n in (3, 13, 29, 31, 40, 42, 53, 55, 62)],
}

#: Generated storage furniture with drawers (first objects of these kinds, run seed 0).
GENERATED_KINDS = ["cabinet", "dresser", "nightstand", "file_cabinet"]


@pytest.fixture(scope="module")
def real_folders(realdata, tmp_path_factory) -> dict[str, Path]:
    """Canonical folder of each listed real object, built as the default build builds it."""
    work = tmp_path_factory.mktemp("drawers")
    out = {}
    for name, ids in CABINET_LIKE.items():
        manifest = load_source_manifest(MANIFESTS / name)
        found = ingest(manifest, cache_dir=work / "cache", work_dir=work / "work")
        by_id = {o.source_id: o for o in found.objects}
        for source_id in ids:
            obj = by_id[source_id]
            oid = make_object_id(obj.source, obj.source_id)
            entry = work / "store" / oid
            entry.mkdir(parents=True)
            build_entry(obj, entry, pieces=work / "pieces")
            out[oid] = entry / "object" / oid
    return out


def test_every_listed_object_has_an_open_drawer(real_folders):
    missing = [oid for oid, folder in real_folders.items() if not drawer_drops(folder)]
    assert not missing


def test_a_box_dropped_into_a_real_drawer_rests_inside_below_the_rim(real_folders):
    failed = []
    for oid, folder in sorted(real_folders.items()):
        failed += [(oid, d) for d in drawer_drops(folder) if not d.below_rim]
    assert not failed, failed


@pytest.mark.xfail(strict=True, reason="a generated drawer's five boards touch, so they weld "
                   "into one concave solid that CoACD's fast settings cut into pieces leaving "
                   "gaps in the floor (the box falls through); issue 30, left open")
def test_a_box_dropped_into_a_generated_drawer_rests_inside_below_the_rim(tmp_path):
    infos = generate(len(GENERATED_KINDS), 0, tmp_path / "gen", kinds=GENERATED_KINDS)
    drops, failed = 0, []
    for info in infos:
        rec = run_object(info.urdf_path, tmp_path / "out", provenance={
            "object_id": info.object_id, "source": "generated", "license": "CC0-1.0"})
        assert rec.accepted, rec.verification.codes
        found = drawer_drops(tmp_path / "out" / info.object_id)
        drops += len(found)
        failed += [(info.object_id, d) for d in found if not d.below_rim]
    assert drops >= len(GENERATED_KINDS)
    assert not failed, failed
