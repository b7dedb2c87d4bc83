"""PyBullet's Y-up files are read Y-up: the DeepMimic humanoid stands (its long axis is its
height) and the laikago files without ``_zup`` have their legs below their trunk, read from the
pybullet wheel (``libraries/pybullet_data_urdf*.yaml``) and from ``../shared/realdata``
(``realdata/pybullet_data_pkg*.yaml``); splitting the manifests loses and doubles no file."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from arena_core.formats.urdf.read import read_urdf
from arena_core.mesh.parts import MeshCache
from arena_core.pipeline.normalize import normalize_object
from arena_core.verify.object_geometry import ObjectGeometry
from flows.adapters import get_adapter
from flows.fetch import location_root
from schemas.source_object import SourceObject
from schemas.sources import load_source_manifest

MANIFESTS = Path(__file__).resolve().parents[2] / "manifests" / "sources"
#: The pybullet_data files the manifests read before the Y-up ones had their own manifest.
LIBRARY_FILES = {"humanoid/humanoid", "laikago/laikago", "laikago/laikago_toes",
                 "laikago/laikago_toes_limits", "laikago/laikago_toes_zup",
                 "laikago/laikago_toes_zup_lores"}


def _objects(manifest_path: Path, tmp_path: Path) -> list[SourceObject]:
    manifest = load_source_manifest(manifest_path)
    root = location_root(manifest, cache_dir=tmp_path / "cache", work_dir=tmp_path / "work")
    adapter = get_adapter(manifest.adapter)
    return list(adapter.iter_objects(manifest, root, work_dir=tmp_path / "work"))


def _normalized(obj: SourceObject):
    source = read_urdf(obj.urdf_path, root_dir=obj.root_dir, scale=obj.scale,
                       package_dirs=obj.extras.package_dirs)
    return normalize_object(source.obj, scale=obj.scale, up_axis=obj.up_axis).obj


def _extent(obj) -> np.ndarray:
    """``(3,)`` extent (m) of ``obj``'s rest geometry in the canonical frame."""
    return np.ptp(ObjectGeometry.build(obj, MeshCache()).root_points(obj), axis=0)


def _legs_hang(obj) -> bool:
    """The feet (links without children) lie below the trunk (the root's child), mostly along
    -Z."""
    parents = {j.parent for j in obj.joints}
    trunk = next(j.child for j in obj.joints if j.parent == obj.root)
    feet = [n for n in obj.links if n not in parents]
    down = np.mean([obj.link_poses[n][:3, 3] for n in feet], axis=0) - obj.link_poses[trunk][:3, 3]
    return bool(down[2] < 0 and abs(down[2]) == np.abs(down).max())


@pytest.fixture(scope="module")
def library(tmp_path_factory) -> dict[str, SourceObject]:
    """The humanoid and laikago objects of both pybullet_data library manifests, by file."""
    tmp = tmp_path_factory.mktemp("pybullet_data")
    out = {}
    for name in ("pybullet_data_urdf.yaml", "pybullet_data_urdf_yup.yaml"):
        for obj in _objects(MANIFESTS / "libraries" / name, tmp):
            if obj.source_id.split("/")[0] in ("humanoid", "laikago"):
                assert obj.source_id not in out, f"{obj.source_id} read twice"
                out[obj.source_id] = obj
    return out


def test_the_y_up_pybullet_files_have_their_own_manifest_and_no_file_is_lost(library):
    assert set(library) == LIBRARY_FILES
    yup = {sid for sid, o in library.items() if o.up_axis == "y"}
    assert yup == {sid for sid in LIBRARY_FILES if "zup" not in sid}
    assert {library[sid].source for sid in yup} == {"pybullet_data_urdf_yup"}


def test_the_pybullet_humanoid_stands(library):
    obj = _normalized(library["humanoid/humanoid"])
    extent = _extent(obj)
    assert extent.argmax() == 2 and extent[2] > 2 * max(extent[:2]), extent


@pytest.mark.parametrize("source_id", sorted(s for s in LIBRARY_FILES if "laikago" in s))
def test_the_laikago_legs_hang_below_its_trunk(library, source_id):
    assert _legs_hang(_normalized(library[source_id])), source_id


def test_the_realdata_humanoid_stands(realdata, tmp_path):
    objs = {o.source_id: o for name in ("pybullet_data_pkg.yaml", "pybullet_data_pkg_yup.yaml")
            for o in _objects(MANIFESTS / "realdata" / name, tmp_path)}
    assert sorted(objs) == ["bicycle/bike", "malformed_xml/biped/biped2d_pybullet",
                            "malformed_xml/differential/diff_ring",
                            "malformed_xml/humanoid/humanoid"]
    humanoid = objs["malformed_xml/humanoid/humanoid"]
    assert humanoid.up_axis == "y" and humanoid.source == "realdata_pybullet_yup"
    assert {o.up_axis for sid, o in objs.items() if o is not humanoid} == {"z"}
    extent = _extent(_normalized(humanoid))
    assert extent.argmax() == 2 and extent[2] > 2 * max(extent[:2]), extent
