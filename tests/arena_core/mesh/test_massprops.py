"""Mass properties from geometry: exact solids, hull and default fallbacks, robust loading."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
import trimesh
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.testing import assert_allclose

from arena_core.mesh import parts as mesh_parts
from arena_core.mesh.massprops import (
    DEFAULT_BOX_SIDE,
    NOMINAL_DENSITY,
    default_mass_properties,
    link_mass_properties,
    regularize_inertia,
)
from arena_core.mesh.parts import MeshCache, MeshLoadFailure
from arena_core.model.articulated import Link, MassProperties, MeshRef, Primitive
from arena_core.model.inertia import inertia_problem
from arena_core.util import tolerances as tol

RHO = NOMINAL_DENSITY


def _pose(rpy=(0.0, 0.0, 0.0), xyz=(0.0, 0.0, 0.0)) -> np.ndarray:
    pose = trimesh.transformations.euler_matrix(*rpy, axes="sxyz")
    pose[:3, 3] = xyz
    return pose


def _physical(props: MassProperties) -> bool:
    return inertia_problem(props.mass, props.com, props.inertia) is None


def _mesh_ref(path: Path, *, origin=None, scale=(1.0, 1.0, 1.0), kind="visual") -> MeshRef:
    return MeshRef(filename=path.name, path=str(path), origin=np.eye(4) if origin is None
                   else origin, scale=np.asarray(scale, float), kind=kind)


def _box_inertia(mass: float, x: float, y: float, z: float) -> np.ndarray:
    return mass / 12.0 * np.diag([y * y + z * z, x * x + z * z, x * x + y * y])


@pytest.fixture()
def box_stl(tmp_path: Path) -> Path:
    path = tmp_path / "box.stl"
    trimesh.creation.box(extents=[1.0, 2.0, 3.0]).export(path)
    return path


def test_primitives_are_exact_solids():
    box = Primitive("box", (1.0, 2.0, 3.0), np.eye(4))
    cyl = Primitive("cylinder", (0.5, 2.0), _pose(xyz=(0, 0, 10.0)))
    props, issues = link_mass_properties(Link("l", primitives=(box, cyl)))
    m_box, m_cyl = RHO * 6.0, RHO * math.pi * 0.25 * 2.0
    assert issues == [] and props.source == "mesh_volume"
    assert_allclose(props.mass, m_box + m_cyl)
    assert_allclose(props.com, [0, 0, 10.0 * m_cyl / (m_box + m_cyl)])
    side = m_cyl * (3 * 0.25 + 4.0) / 12.0
    d_box, d_cyl = props.com[2], 10.0 - props.com[2]
    expected = _box_inertia(m_box, 1, 2, 3) + np.diag([side, side, m_cyl * 0.25 / 2])
    expected += np.diag([1, 1, 0]) * (m_box * d_box**2 + m_cyl * d_cyl**2)
    assert_allclose(props.inertia, expected, rtol=1e-12)


def test_sphere_primitive():
    props, _ = link_mass_properties(Link("s", primitives=(Primitive("sphere", (0.1,),
                                                                    np.eye(4)),)))
    mass = RHO * 4.0 / 3.0 * math.pi * 1e-3
    assert_allclose(props.mass, mass)
    assert_allclose(props.inertia, np.eye(3) * 0.4 * mass * 0.01)


def test_watertight_mesh_placed_by_origin_and_scale(box_stl: Path):
    origin = _pose(rpy=(0.3, -0.2, 1.1), xyz=(1.0, -2.0, 0.5))
    ref = _mesh_ref(box_stl, origin=origin, scale=(2.0, 1.0, 0.5))
    props, issues = link_mass_properties(Link("l", meshes=(ref,)))
    mass = RHO * 2.0 * 2.0 * 1.5
    rot = origin[:3, :3]
    assert issues == [] and props.source == "mesh_volume"
    assert_allclose(props.mass, mass, rtol=1e-12)
    assert_allclose(props.com, origin[:3, 3], atol=1e-12)
    assert_allclose(props.inertia, rot @ _box_inertia(mass, 2.0, 2.0, 1.5) @ rot.T, rtol=1e-9,
                    atol=1e-9)


def test_mirroring_scale_keeps_positive_volume(box_stl: Path):
    props, _ = link_mass_properties(Link("l", meshes=(_mesh_ref(box_stl, scale=(-1, 1, 1)),)))
    assert props.source == "mesh_volume"
    assert_allclose(props.mass, RHO * 6.0, rtol=1e-12)


def test_open_mesh_falls_back_to_convex_hull(tmp_path: Path):
    box = trimesh.creation.box(extents=[1.0, 1.0, 1.0])
    open_box = trimesh.Trimesh(box.vertices, box.faces[2:], process=False)
    assert not open_box.is_watertight
    path = tmp_path / "open.obj"
    open_box.export(path)
    props, _ = link_mass_properties(Link("l", meshes=(_mesh_ref(path),)))
    assert props.source == "convex_hull"
    assert_allclose(props.mass, RHO * 1.0, rtol=1e-12)
    assert_allclose(props.inertia, _box_inertia(RHO, 1, 1, 1), rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize("text", [
    "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n",  # one triangle
    "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nf 1 2 3\nf 2 4 3\n",  # a flat square
])
def test_degenerate_mesh_gets_the_documented_default(tmp_path: Path, text: str):
    path = tmp_path / "flat.obj"
    path.write_text(text)
    props, _ = link_mass_properties(Link("l", meshes=(_mesh_ref(path, origin=_pose(
        xyz=(0, 0, 2.0))),)))
    assert props.source == "default"
    assert_allclose(props.mass, RHO * DEFAULT_BOX_SIDE**3)
    assert props.com[2] == 2.0 and 0.0 < props.com[0] <= 0.5
    assert _physical(props)


def test_bad_mesh_is_an_issue_not_an_exception(tmp_path: Path, box_stl: Path):
    garbage = tmp_path / "garbage.glb"
    garbage.write_bytes(b"glTF" + bytes(range(256)) * 4)
    link = Link("l", meshes=(_mesh_ref(garbage), _mesh_ref(box_stl)))
    props, issues = link_mass_properties(link)
    assert [i.code for i in issues] == ["mesh.unreadable"]
    assert issues[0].location == "link:l" and "garbage.glb" in issues[0].message
    assert props.source == "mesh_volume" and props.mass == pytest.approx(RHO * 6.0)
    props, issues = link_mass_properties(Link("l", meshes=(_mesh_ref(garbage),)))
    assert props.source == "default" and issues[0].code == "mesh.unreadable"


def test_non_finite_placement_is_an_error_and_left_out(box_stl: Path):
    bad = np.eye(4)
    bad[0, 3] = np.nan
    link = Link("l", meshes=(_mesh_ref(box_stl, origin=bad), _mesh_ref(box_stl)),
                primitives=(Primitive("box", (1.0, 1.0, 1.0), bad),))
    props, issues = link_mass_properties(link)
    assert [(i.code, i.severity) for i in issues] == [("geometry.origin.nonfinite", "error")] * 2
    assert props.mass == pytest.approx(RHO * 6.0) and np.all(np.isfinite(props.inertia))


def test_too_large_mesh_is_refused(box_stl: Path):
    props, issues = link_mass_properties(Link("l", meshes=(_mesh_ref(box_stl),)),
                                         cache=MeshCache(max_bytes=10))
    assert [i.code for i in issues] == ["mesh.too_large"] and props.source == "default"


def test_obj_with_missing_mtl_and_glb_scene_load(tmp_path: Path):
    obj = tmp_path / "part.obj"
    box = trimesh.creation.box(extents=[1.0, 1.0, 1.0])
    text = box.export(file_type="obj")
    obj.write_text("mtllib nowhere.mtl\nusemtl red\n" + text)
    scene = trimesh.Scene()
    scene.add_geometry(box, transform=_pose(xyz=(0, 0, 0)))
    scene.add_geometry(box.copy(), transform=_pose(xyz=(3.0, 0, 0)))
    glb = tmp_path / "two.glb"
    glb.write_bytes(scene.export(file_type="glb"))
    props, issues = link_mass_properties(Link("l", meshes=(_mesh_ref(obj), _mesh_ref(glb))))
    assert issues == [] and props.source == "mesh_volume"
    assert_allclose(props.mass, RHO * 3.0, rtol=1e-9)
    assert_allclose(props.com, [1.0, 0, 0], atol=1e-9)


def test_collada_mesh_loads(tmp_path: Path):
    pytest.importorskip("collada")
    path = tmp_path / "box.dae"
    path.write_bytes(trimesh.creation.box(extents=[1, 2, 3]).export(file_type="dae"))
    props, issues = link_mass_properties(Link("l", meshes=(_mesh_ref(path),)))
    assert issues == [] and props.mass == pytest.approx(RHO * 6.0)


def _counting_loads(monkeypatch) -> list:
    """The mesh files read (every read goes through ``mesh_parts.mesh_arrays``)."""
    calls = []
    real = mesh_parts.mesh_arrays
    monkeypatch.setattr(mesh_parts, "mesh_arrays",
                        lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    return calls


def test_cache_reads_each_file_once_whatever_the_scale(box_stl: Path, monkeypatch):
    calls = _counting_loads(monkeypatch)
    cache = MeshCache()
    refs = (_mesh_ref(box_stl), _mesh_ref(box_stl, origin=_pose(xyz=(1, 0, 0))),
            _mesh_ref(box_stl, scale=(2, 2, 2)))
    big, _ = link_mass_properties(Link("a", meshes=refs[2:]), cache=cache)
    link_mass_properties(Link("a", meshes=refs), cache=cache)
    link_mass_properties(Link("b", meshes=refs[:1]), cache=cache)
    assert len(calls) == 1 and big.mass == pytest.approx(RHO * 6.0 * 8)
    assert cache.mesh(box_stl).vertices.flags.writeable is False  # shared: read-only


def test_cache_knows_copies_by_content(tmp_path: Path, box_stl: Path, monkeypatch):
    """A verbatim copy and an .obj whose mtllib is renamed are served from the first read;
    an .obj with other geometry bytes, or a glTF (which may name other files), is read."""
    calls = _counting_loads(monkeypatch)
    cache = MeshCache()
    copy = tmp_path / "copy.stl"
    copy.write_bytes(box_stl.read_bytes())
    text = trimesh.creation.box(extents=[1.0, 2.0, 3.0]).export(file_type="obj")
    (tmp_path / "a.obj").write_text("mtllib a.mtl\nusemtl red\n" + text)
    (tmp_path / "b.obj").write_text("mtllib 0123abcd.mtl\nusemtl red\n" + text)
    (tmp_path / "c.obj").write_text("usemtl red\n" + text)
    (tmp_path / "d.obj").write_text("usemtl red\n" + text + "v 9 9 9\n")
    first = cache.mesh(tmp_path / "a.obj")
    assert all(cache.mesh(tmp_path / name) is first for name in ("b.obj", "c.obj"))
    cache.mesh(box_stl), cache.mesh(copy), cache.mesh(tmp_path / "d.obj")
    assert [Path(c).name for c in calls] == ["a.obj", box_stl.name, "d.obj"]


def test_cache_keeps_failures_and_names_them(tmp_path: Path, monkeypatch):
    calls = _counting_loads(monkeypatch)
    cache = MeshCache()
    bad = tmp_path / "bad.stl"
    bad.write_bytes(b"solid nothing\nendsolid nothing\n")
    for _ in range(2):
        with pytest.raises(MeshLoadFailure) as failure:
            cache.part(bad, np.ones(3))
        assert failure.value.code == "mesh.unreadable"
    with pytest.raises(MeshLoadFailure, match="no such file") as missing:
        cache.mesh(tmp_path / "gone.obj")
    assert missing.value.code == "mesh.missing" and len(calls) == 1


def test_visual_geometry_preferred_over_collision(box_stl: Path):
    visual = _mesh_ref(box_stl)
    collision = Primitive("box", (10.0, 10.0, 10.0), np.eye(4), kind="collision")
    props, _ = link_mass_properties(Link("l", meshes=(visual,), primitives=(collision,)))
    assert props.mass == pytest.approx(RHO * 6.0)
    props, _ = link_mass_properties(Link("l", primitives=(collision,)))
    assert props.mass == pytest.approx(RHO * 1000.0)


def test_default_without_any_point_sits_at_the_link_origin():
    props = default_mass_properties(np.zeros((0, 3)))
    assert props.com.tolist() == [0.0, 0.0, 0.0] and _physical(props)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(-1e3, 1e3, allow_nan=False), min_size=9, max_size=9))
def test_regularized_inertia_is_always_physical(values):
    inertia = regularize_inertia(np.array(values).reshape(3, 3))
    props = MassProperties(1.0, np.zeros(3), inertia, "default")
    assert np.array_equal(inertia, inertia.T)
    if np.abs(inertia).max() > 1e-6:  # all-zero input is floored to the absolute minimum
        assert _physical(props)
    moments = np.linalg.eigvalsh(inertia)
    assert moments[0] > tol.MIN_INERTIA


def test_regularize_keeps_physical_inertia():
    rot = _pose(rpy=(0.4, 0.1, -0.7))[:3, :3]
    inertia = rot @ np.diag([1.0, 2.0, 2.5]) @ rot.T
    assert_allclose(regularize_inertia(inertia), inertia, rtol=1e-12, atol=1e-15)


def test_bad_density_is_refused():
    with pytest.raises(ValueError, match="density"):
        link_mass_properties(Link("l"), density=0.0)
