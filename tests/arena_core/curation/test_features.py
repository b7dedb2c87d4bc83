"""Curation features: what they hold, and a mesh that does not load recorded as an issue."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import trimesh

import arena_core.mesh.parts as mesh_parts
from arena_core.curation.features import ObjectFeatures, object_features
from arena_core.formats.urdf.read import read_urdf
from arena_core.mesh.massprops import DEFAULT_BOX_SIDE
from arena_core.mesh.parts import MeshCache
from arena_core.verify import verify_object

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "urdf"


@pytest.fixture
def mesh_door(tmp_path: Path) -> Path:
    """``mesh_door.urdf`` with its two box meshes ``meshes/base.obj`` and ``meshes/door.obj``."""
    urdf = tmp_path / "mesh_door.urdf"
    shutil.copy(FIXTURES / "mesh_door.urdf", urdf)
    (tmp_path / "meshes").mkdir()
    for name, extents in (("base", (0.1, 1.0, 1.0)), ("door", (0.5, 0.02, 0.9))):
        trimesh.creation.box(extents=extents).export(tmp_path / "meshes" / f"{name}.obj")
    return urdf


def test_features_of_loadable_meshes(mesh_door):
    features = object_features(read_urdf(mesh_door).obj)
    assert features.joint_counts == {"revolute": 1} and features.signature is not None
    assert features.issues == () and "issues" not in features.to_json()
    assert features.volume == pytest.approx(0.1 * 1.0 * 1.0 + 0.5 * 0.02 * 0.9)


def test_a_mesh_that_does_not_load_is_an_issue_of_the_features(mesh_door):
    (mesh_door.parent / "meshes" / "door.obj").write_text("not a mesh\n")
    features = object_features(read_urdf(mesh_door).obj)
    assert [(i.code, i.severity, i.location) for i in features.issues] == [
        ("mesh.unreadable", "warning", "link:door")]
    assert "door.obj" in features.issues[0].message
    assert features.signature is not None  # the base is still sampled
    assert features.volume == pytest.approx(0.1 + DEFAULT_BOX_SIDE**3)  # the door: a cube
    again = ObjectFeatures.from_json(json.loads(json.dumps(features.to_json())))
    assert again.issues == features.issues and again.to_json() == features.to_json()


def test_features_read_nothing_the_cache_holds(mesh_door, monkeypatch):
    obj = read_urdf(mesh_door).obj
    cache = MeshCache()
    verify_object(obj, extras={"mesh_cache": cache})
    calls = []
    real = mesh_parts.read_mesh
    monkeypatch.setattr(mesh_parts, "read_mesh",
                        lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    assert object_features(obj, cache=cache).to_json() == object_features(obj).to_json()
    assert len(calls) == 2  # the uncached call only
