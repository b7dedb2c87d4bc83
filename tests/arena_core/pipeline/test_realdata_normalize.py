"""Every real object with its meshes normalizes exactly; the broken ones are rejected by code.

For each object of ``../shared/realdata`` whose meshes are present (PROVENANCE.json
``meshes_present``; its ``local_dir`` and first URDF; ``root_dir`` = the object folder,
``package://NAME`` = the folder holding NAME's ``package.xml``): normalize, write the
canonical folder, re-read it, and require oracle distance <= ``tol.ORACLE`` with a faithful
round trip, a canonical URDF that yourdfpy loads (meshes included) and validates, and the
same folder checksum when the canonical object is normalized again.

Per-source and per-object options: habitat-sim assets are Y-up (their doors and fridge are
tallest along Y); ``kitchen_models_repo/Sink_00005`` is in centimeters (1 m = 100 units).
PartNet-Mobility sources are Z-up in their root frame (the fixed base joint turns the Y-up
meshes), which ``test_partnet_mobility_is_z_up_in_its_root_frame`` checks.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import yourdfpy

from arena_core.formats.urdf.read import read_urdf
from arena_core.mesh.massprops import link_points
from arena_core.mesh.parts import MeshCache
from arena_core.pipeline.normalize import normalize_object
from arena_core.pipeline.normalize_oracle import oracle_issues
from arena_core.pipeline.run import CANONICAL_URDF, folder_checksum, run_object
from arena_core.pipeline.run import write_canonical_folder as write_folder
from arena_core.util import tolerances as tol

pytestmark = pytest.mark.slow

REALDATA = (Path(__file__).resolve().parents[3] / ".." / "shared" / "realdata").resolve()
UP_AXIS = {"habitat_sim_repo": "y", "humanoid": "y"}  # by folder, or object (PyBullet's humanoid)
SCALE = {"Sink_00005": 0.01}

#: Objects without their meshes (or unreadable) and the error code that rejects each.
BROKEN = {
    "103480_joint_6": "mesh.path.absolute",     # absolute /home/... mesh paths
    "mjcf_bottle_cap": "mesh.missing",          # original-6.obj not in the snapshot
    "iai_apartment": "mesh.missing",            # URDF only
    "urdformer_output_root": "mesh.path.escapes",  # ../meshes leaves the folder
    "biped2d_pybullet": "urdf.number.invalid",  # lower="-1.57."
    "diff_ring": "mesh.missing",                # meshes not copied
}
#: Marked broken by the corpus (no meshes copied, malformed for strict XML parsers) but whole:
#: PyBullet's humanoid needs no mesh (capsules, spheres, boxes), its NUL byte is removed and
#: its spherical joints are read as three joints each (it was ``joint.type.unsupported``).
WHOLE = {"humanoid"}


def _provenance() -> list[dict]:
    path = REALDATA / "PROVENANCE.json"
    return json.loads(path.read_text()) if path.is_file() else []


RECORDS = _provenance()
GOOD = [r for r in RECORDS if r["meshes_present"]]
BAD = [r for r in RECORDS if not r["meshes_present"]]


def _ident(record: dict) -> str:
    return f"{record['source']}/{record['object_id']}"


def _inputs(record: dict) -> tuple[Path, dict]:
    folder = REALDATA / record["local_dir"]
    packages = {p.parent.name: p.parent for p in sorted(folder.rglob("package.xml"))}
    kwargs = dict(root_dir=folder, package_dirs=packages)
    return folder / record["urdf_files"][0]["urdf"], kwargs


def _options(record: dict) -> dict:
    return dict(scale=SCALE.get(record["object_id"], 1.0),
                up_axis=UP_AXIS.get(record["object_id"], UP_AXIS.get(record["source"], "z")))


@pytest.fixture(autouse=True)
def _need_realdata(realdata):
    return realdata


def test_corpus_is_enumerated():
    assert len(GOOD) == 89 and {r["object_id"] for r in BAD} == set(BROKEN) | WHOLE


@pytest.mark.parametrize("record", GOOD, ids=_ident)
def test_object_normalizes_exactly(record: dict, tmp_path: Path):
    urdf, kwargs = _inputs(record)
    source = read_urdf(urdf, **kwargs)
    assert not [i for i in source.issues if i.severity == "error"], source.issues
    normalized = normalize_object(source.obj, **_options(record), cache=MeshCache())
    written, _ = write_folder(normalized.obj, tmp_path / "canonical")
    canonical = read_urdf(tmp_path / "canonical" / CANONICAL_URDF)
    distance, issues = oracle_issues(source.obj, written, canonical.obj, normalized)
    assert distance <= tol.ORACLE and issues == [], issues
    assert canonical.issues == [] and canonical.obj.root == "base"
    robot = yourdfpy.URDF.load(str(tmp_path / "canonical" / CANONICAL_URDF), load_meshes=True)
    assert robot.validate(), robot._errors
    assert robot.validate_filenames()
    again = normalize_object(canonical.obj)
    write_folder(again.obj, tmp_path / "again")
    assert folder_checksum(tmp_path / "again") == folder_checksum(tmp_path / "canonical")


@pytest.mark.parametrize("record", [r for r in BAD if r["object_id"] in WHOLE], ids=_ident)
def test_whole_object_marked_broken_is_accepted(record: dict, tmp_path: Path):
    urdf, kwargs = _inputs(record)
    rec = run_object(urdf, tmp_path / "out", **kwargs, **_options(record),
                     provenance={"object_id": "x", "source": record["source"].split("_")[0]}).record
    assert rec.verification.status == "accepted", rec.verification.issues
    assert {"xml.nul_bytes", "urdf.joint.spherical"} <= {i.code for i in rec.verification.issues}


@pytest.mark.parametrize("record", [r for r in BAD if r["object_id"] in BROKEN], ids=_ident)
def test_broken_object_is_rejected_with_its_code(record: dict, tmp_path: Path):
    urdf, kwargs = _inputs(record)
    rec = run_object(urdf, tmp_path / "out", **kwargs, **_options(record),
                     provenance={"object_id": "x", "source": record["source"].split("_")[0]}).record
    assert rec.verification.status == "rejected"
    errors = {i.code for i in rec.verification.issues if i.severity == "error"}
    assert BROKEN[record["object_id"]] in errors, rec.verification.issues
    assert "internal.error" not in errors and "normalize.oracle" not in errors


def test_partnet_mobility_is_z_up_in_its_root_frame():
    """A PartNet bottle stands along root Z: its rest bbox is tallest along Z."""
    record = next(r for r in GOOD if r["object_id"] == "Bottle_3558")
    urdf, kwargs = _inputs(record)
    obj = read_urdf(urdf, **kwargs).obj
    cache = MeshCache()
    points = np.concatenate([link_points(link, cache) @ obj.link_poses[n][:3, :3].T
                             + obj.link_poses[n][:3, 3] for n, link in obj.links.items()])
    extent = points.max(axis=0) - points.min(axis=0)
    assert extent[2] > 3 * max(extent[0], extent[1])
