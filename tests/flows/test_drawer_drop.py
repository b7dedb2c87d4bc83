"""Issue 30's "done when", in MuJoCo: a small box placed into each opened drawer of the real
cabinet-like objects of the default build, and of generated storage furniture, comes to rest
inside the drawer below its rim, and a box passes through the opening of each opened door
(:mod:`tests.drawer_probe`); the same box placed in generated bins (issue 32's hidden-cavity
test) rests inside them.

The real objects are read by their sources' adapters (``manifests/sources/realdata/*.yaml``)
and processed as the default build processes them (:func:`build_entry`, one piece store). They are the real
objects of the default release that have a prismatic part open at the top, as
:func:`drawer_probe.drawer_drops` finds them on the canonical folders of a default build
(every accepted ``realdata_*`` object with a prismatic joint was searched: 17 objects, 71
drawers; :func:`test_every_listed_object_has_an_open_drawer` keeps the list honest), less
the IAI kitchen, whose 13 drawer links have no collision geometry at all in the source (a
box falls through them before and after; nothing to decompose). With each collision mesh
replaced by its convex hull, as before issue 30, the hull of a drawer fills it and the box
is pushed out of it: on that build (arena-pipeline-10) 41 of the 58 drawers of the listed
objects failed; with convex pieces none. The box is placed on the drawer's floor, not dropped
from the rim (:data:`drawer_probe.PLACE_GAP`).
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
from drawer_probe import bin_drops, door_passes, drawer_drops  # noqa: E402

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

#: source manifest -> source ids of its real objects with a hinged door in front of a cavity
#: (:func:`drawer_probe.door_passes` finds one), cabinets and appliances: every accepted
#: ``realdata_*`` object of the default build was searched (the IAI kitchen left out: its doors
#: have no collision geometry; eyeglasses and a chair match the door rule and are not doors).
WITH_DOORS = {
    "habitat_sim_repo.yaml": ["doors/door1", "doors/doubledoor", "fridge/fridge"],
    "kitchen_models_repo.yaml": [
        "Bin_11361", "Box_100426", "CabinetAboeOven_46408", "CabinetLower_35059",
        "CabinetUpper_45526", "DishwasherBox_11700", "DishwasherBox_12553", "Fridge_11299",
        "Fridge_12248", "MicrowaveHanging_7296", "Microwave_7119", "Microwave_7236",
        "MiniFridge_10849", "Oven_101940", "SinkBase_45463", "counter"],
    "rpad_pm_utils.yaml": ["7179"],
    "sapien_repo.yaml": ["40147", "41083", "45940"],
    "urdformer_repo.yaml": [f"outputs/output/label{n}" for n in (3, 4, 13, 29, 31, 40, 53, 55)],
}

#: Generated kinds with drawers (first objects of these kinds, run seed 0): storage
#: furniture, a desk organizer's small drawers, a vanity unit's drawers under its basins.
GENERATED_KINDS = ["cabinet", "dresser", "nightstand", "file_cabinet", "desk_organizer",
                   "vanity_unit", "flat_file", "tool_cabinet", "kitchen_unit", "cube_organizer"]
#: Generated kinds whose base is a bin open at the top once its lid, flaps or handle are out
#: of the way (a toolbox's tray and a lunch box's divider fill theirs): containers, a jar
#: (its flip-top lid opens off the screw band), a cooler, a bathtub, a kettle's water
#: chamber, a rice cooker's pot, a jewelry box's top compartment (beside its ring tray), a
#: chest freezer, a crate (folding walls or a tote's lid halves).
GENERATED_BINS = ["trash_can", "bucket", "box", "jar", "cooler", "bathtub", "kettle",
                  "rice_cooker", "jewelry_box", "freezer", "crate"]


@pytest.fixture(scope="module")
def built(realdata, tmp_path_factory) -> dict[str, Path]:
    """Canonical folder of each listed real object (drawers and doors), built as the default
    build builds it."""
    work = tmp_path_factory.mktemp("drawers")
    out = {}
    wanted: dict[str, set[str]] = {}
    for table in (CABINET_LIKE, WITH_DOORS):
        for name, ids in table.items():
            wanted.setdefault(name, set()).update(ids)
    for name, ids in sorted(wanted.items()):
        manifest = load_source_manifest(MANIFESTS / name)
        found = ingest(manifest, cache_dir=work / "cache", work_dir=work / "work")
        by_id = {o.source_id: o for o in found.objects}
        for source_id in sorted(ids):
            obj = by_id[source_id]
            oid = make_object_id(obj.source, obj.source_id)
            entry = work / "store" / oid
            entry.mkdir(parents=True)
            build_entry(obj, entry, pieces=work / "pieces")
            out[oid] = entry / "object" / oid
    return out


def _listed(built: dict[str, Path], table: dict[str, list[str]]) -> dict[str, Path]:
    sources = {name: load_source_manifest(MANIFESTS / name).name for name in table}
    ids = {make_object_id(sources[name], i) for name, found in table.items() for i in found}
    return {oid: folder for oid, folder in built.items() if oid in ids}


@pytest.fixture(scope="module")
def real_folders(built) -> dict[str, Path]:
    return _listed(built, CABINET_LIKE)


@pytest.fixture(scope="module")
def door_folders(built) -> dict[str, Path]:
    return _listed(built, WITH_DOORS)


def test_every_listed_object_has_a_door(door_folders):
    assert len(door_folders) == sum(len(ids) for ids in WITH_DOORS.values())
    missing = [oid for oid, folder in door_folders.items() if not door_passes(folder)]
    assert not missing


#: Doors the probe still cannot pass, and why (the test fails when one passes: then remove it).
KNOWN_BLOCKED = {
    ("realdata_rpad-7179", "joint_4"): "CoACD's pieces of the oven's body stand off its surface "
    "by up to 3.5 cm (within the 5% tolerance of its 1.06 m size) and reach into the opening",
}


def test_a_probe_passes_through_every_opened_real_door(door_folders):
    """A small box moved from outside through the middle of an opened door's opening into
    the cavity behind it touches no collision geometry (with each collision mesh one hull, as
    before issue 30, 30 of the 45 doors of these objects blocked it, most at the opening
    itself; now 1, :data:`KNOWN_BLOCKED`)."""
    blocked = {}
    for oid, folder in sorted(door_folders.items()):
        blocked.update({(oid, d.joint): d for d in door_passes(folder) if not d.passed})
    assert set(blocked) == set(KNOWN_BLOCKED), blocked


def test_every_listed_object_has_an_open_drawer(real_folders):
    missing = [oid for oid, folder in real_folders.items() if not drawer_drops(folder)]
    assert not missing


def test_a_box_dropped_into_a_real_drawer_rests_inside_below_the_rim(real_folders):
    failed = []
    for oid, folder in sorted(real_folders.items()):
        failed += [(oid, d) for d in drawer_drops(folder) if not d.below_rim]
    assert not failed, failed


def test_a_box_dropped_into_a_generated_drawer_rests_inside_below_the_rim(tmp_path):
    infos = generate(len(GENERATED_KINDS), 0, tmp_path / "gen", kinds=GENERATED_KINDS)
    drops, failed = 0, []
    for info in infos:
        rec = run_object(info.urdf_path, tmp_path / "out", provenance={
            "object_id": info.object_id, "source": "generated", "license": "CC0-1.0"}).record
        assert rec.accepted, rec.verification.codes
        found = drawer_drops(tmp_path / "out" / info.object_id)
        drops += len(found)
        failed += [(info.object_id, d) for d in found if not d.below_rim]
    assert drops >= len(GENERATED_KINDS)
    assert not failed, failed


def test_a_box_placed_in_a_generated_bin_rests_inside_below_the_rim(tmp_path):
    failed, found = [], set()
    for seed in range(3):
        for info in generate(len(GENERATED_BINS), seed, tmp_path / f"gen{seed}",
                             kinds=GENERATED_BINS):
            rec = run_object(info.urdf_path, tmp_path / "out", provenance={
                "object_id": info.object_id, "source": "generated",
                "license": "CC0-1.0"}).record
            assert rec.accepted, rec.verification.codes
            for drop in bin_drops(tmp_path / "out" / info.object_id):
                found.add(info.kind)
                if not drop.below_rim:
                    failed.append((info.object_id, info.kind, drop))
    assert found == set(GENERATED_BINS)
    assert not failed, failed
