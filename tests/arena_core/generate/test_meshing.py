"""The generator's array mesh kernels give trimesh's results: the same faces, and vertices
equal to rounding.

Generated files are keyed by their bytes (store keys, release checksums), so the kernels of
:mod:`arena_core.generate.meshing` and the primitives of :mod:`arena_core.generate.shapes`
move points with elementwise arithmetic in one fixed order, the same bits on every CPU
(trimesh goes through BLAS, whose kernels round differently per CPU;
``tests/arena_core/generate/test_golden.py`` checks the bytes across CPU code paths). Each is
compared with the trimesh code it replaces on seeded random sizes, centers and axes.
"""

from __future__ import annotations

import numpy as np
import pytest
import trimesh
from numpy.testing import assert_allclose, assert_array_equal
from trimesh import creation
from trimesh.exchange.stl import export_stl

from arena_core.generate import meshing
from arena_core.generate import shapes as S

#: Random draws per primitive.
DRAWS = 25


def _axis(rng: np.random.Generator):
    choice = int(rng.integers(0, 5))
    if choice < 3:
        return "xyz"[choice]
    if choice == 3:
        return (0.0, 0.0, -1.0)
    return rng.normal(size=3)


#: Vertices of a kernel and of trimesh agree to this (m; sizes and centers are ~1 m).
ROUNDING = 1e-14


def _assert_same(mesh: trimesh.Trimesh, reference: trimesh.Trimesh) -> None:
    assert_allclose(mesh.vertices, reference.vertices, rtol=0, atol=ROUNDING)
    assert_array_equal(mesh.faces, reference.faces)


def _pair(name: str, rng: np.random.Generator) -> tuple[trimesh.Trimesh, trimesh.Trimesh]:
    """One random primitive ``name`` from ``shapes`` and as ``trimesh.creation`` builds it."""
    def size() -> float:
        return float(rng.uniform(0.002, 1.5))

    center, axis, sections = tuple(rng.uniform(-1.0, 1.0, size=3)), _axis(rng), int(
        rng.integers(3, 33))
    pose = S._frame(center, axis)
    a, b, c = size(), size(), size()
    if name == "box":
        pose = trimesh.transformations.random_rotation_matrix(rng.random(3))
        pose[:3, 3] = center
        return (S.box((a, b, c), center, rotation=pose[:3, :3]),
                creation.box(extents=(a, b, c), transform=pose))
    if name == "cylinder":
        return (S.cylinder(a, b, center, axis, sections=sections),
                creation.cylinder(radius=a, height=b, sections=sections, transform=pose))
    if name == "tube":
        inner = a * float(rng.uniform(0.1, 0.9))
        return (S.tube(inner, a, b, center, axis, sections=sections),
                creation.annulus(r_min=inner, r_max=a, height=b, sections=sections,
                                 transform=pose))
    if name == "sphere":
        return (S.sphere(a, center, count=sections),
                creation.uv_sphere(radius=a, count=(sections, sections),
                                   transform=S._frame(center)))
    if name == "capsule":
        return (S.capsule(a, b, center, axis),
                creation.capsule(height=b, radius=a, count=(S.SMALL_SECTIONS, S.SMALL_SECTIONS),
                                 transform=pose))
    if name == "cone":
        return (S.cone(a, b, center, axis, sections=sections),
                creation.cone(radius=a, height=b, sections=sections, transform=pose))
    minor = a * float(rng.uniform(0.05, 0.9))
    return (S.torus(a, minor, center, axis),
            creation.torus(major_radius=a, minor_radius=minor, major_sections=S.SECTIONS,
                           minor_sections=S.SMALL_SECTIONS, transform=pose))


@pytest.mark.parametrize("name", ["box", "cylinder", "tube", "sphere", "capsule", "cone",
                                  "torus"])
def test_primitives_equal_trimesh_creation(name):
    rng = np.random.default_rng(sum(map(ord, name)))
    for _ in range(DRAWS):
        mesh, reference = _pair(name, rng)
        _assert_same(mesh, reference)
        assert mesh.is_volume


def test_frame_is_a_rotation_taking_z_to_the_axis():
    """The smallest one for an axis with z >= 0; below, a half turn about x then the
    smallest one from -Z (both well conditioned near their pole)."""
    rng = np.random.default_rng(5)
    z, half_turn = np.array([0.0, 0.0, 1.0]), np.diag([1.0, -1.0, -1.0])
    for axis in ["x", "y", "z", (0, 0, -1), (0, 0, 2), (1e-7, 0, -1), *rng.normal(size=(50, 3))]:
        direction = S.unit(axis)
        pose = S._frame((0.1, -0.2, 0.3), axis)
        rotation = pose[:3, :3]
        assert_array_equal(pose[:3, 3], (0.1, -0.2, 0.3))
        assert_allclose(rotation @ z, direction, rtol=0, atol=1e-15)
        assert_allclose(rotation @ rotation.T, np.eye(3), rtol=0, atol=1e-15)
        assert np.linalg.det(rotation) > 0
        pole, smallest = (z, rotation) if direction[2] >= 0 else (-z, rotation @ half_turn)
        hinge = np.cross(pole, direction)  # the smallest rotation keeps its hinge fixed
        if np.linalg.norm(hinge) > 1e-6:
            hinge /= np.linalg.norm(hinge)
            assert_allclose(smallest @ hinge, hinge, rtol=0, atol=1e-15)
        assert_array_equal(S._frame((0.1, -0.2, 0.3), axis), pose)  # served from the cache


def test_rotation_equals_trimesh_rotation_matrix():
    rng = np.random.default_rng(6)
    for axis, angle in zip(rng.normal(size=(50, 3)), rng.uniform(-7, 7, size=50), strict=True):
        expected = trimesh.transformations.rotation_matrix(angle, axis)[:3, :3]
        assert_allclose(S.rotation(axis, angle), expected, rtol=0, atol=1e-15)


def test_gear_equals_trimesh_apply_transform():
    center, axis = (0.1, 0.0, 0.2), (1.0, 1.0, 0.0)
    reference = S.gear(0.05, 0.01, 12, (0.0, 0.0, 0.0), "z", bore=0.01)  # identity frame
    reference.apply_transform(S._frame(center, axis))
    mesh = S.gear(0.05, 0.01, 12, center, axis, bore=0.01)
    _assert_same(mesh, reference)
    assert mesh.is_volume


@pytest.mark.parametrize("mirror", [False, True])
def test_transformed_equals_apply_transform(mirror):
    rng = np.random.default_rng(11)
    for _ in range(DRAWS):
        mesh = creation.box(extents=rng.uniform(0.1, 1.0, size=3))
        matrix = trimesh.transformations.random_rotation_matrix(rng.random(3))
        matrix[:3, 3] = rng.normal(size=3)
        if mirror:
            matrix[:3, 0] *= -1.0
        vertices, faces = meshing.transformed(np.asarray(mesh.vertices), np.asarray(mesh.faces),
                                              matrix)
        mesh.apply_transform(matrix)
        assert_allclose(vertices, mesh.vertices, rtol=0, atol=ROUNDING)
        assert_array_equal(faces, mesh.faces)
    vertices = np.ones((3, 3))
    assert meshing.transformed(vertices, np.zeros((1, 3), int), np.eye(4))[0] is vertices


def _odd_meshes() -> list[tuple[str, np.ndarray, np.ndarray]]:
    box = creation.box(extents=(0.2, 0.3, 0.4))
    v, f = np.asarray(box.vertices), np.asarray(box.faces)
    nan = v.copy()
    nan[0, 0] = np.nan
    return [
        ("box", v, f), ("inside_out", v, np.ascontiguousarray(f[:, ::-1])),
        ("open", v, f[1:]), ("flat", v * (1.0, 1.0, 0.0), f), ("nan", nan, f),
        ("no_faces", v, np.zeros((0, 3), dtype=np.int64)),
        ("no_vertices", np.zeros((0, 3)), np.zeros((0, 3), dtype=np.int64)),
        ("two_boxes", np.concatenate([v, v + 0.05]), np.concatenate([f, f + len(v)])),
        ("sphere", np.asarray(creation.uv_sphere(0.3).vertices),
         np.asarray(creation.uv_sphere(0.3).faces)),
    ]


@pytest.mark.filterwarnings("ignore:invalid value encountered:RuntimeWarning")
@pytest.mark.parametrize("case", _odd_meshes(), ids=lambda c: c[0])
def test_is_volume_and_volume_equal_trimesh(case):
    _, vertices, faces = case
    mesh = trimesh.Trimesh(vertices, faces, process=False)
    assert meshing.is_volume(vertices, faces) == mesh.is_volume
    if len(faces) and np.isfinite(vertices).all():
        assert meshing.volume(vertices, faces) == mesh.volume


def test_boolean_equals_trimesh_manifold_booleans():
    parts = [S.box((0.3, 0.2, 0.1), (0, 0, 0)), S.cylinder(0.05, 0.4, (0.1, 0, 0), "y"),
             S.sphere(0.08, (-0.1, 0, 0.05)), S.rod((0, 0, 0), (0.2, 0.2, 0.2), 0.01)]
    arrays = [(np.asarray(p.vertices), np.asarray(p.faces)) for p in parts]
    union = meshing.boolean(arrays, "union")
    reference = trimesh.boolean.union(parts, engine="manifold")
    assert_array_equal(union[0], reference.vertices)
    assert_array_equal(union[1], reference.faces)
    cut = meshing.boolean([union, arrays[1]], "difference")
    reference = trimesh.boolean.difference([reference, parts[1]], engine="manifold")
    assert_array_equal(cut[0], reference.vertices)
    assert_array_equal(cut[1], reference.faces)
    with pytest.raises(ValueError, match="volumes"):
        meshing.boolean([arrays[0], (arrays[1][0], arrays[1][1][1:])], "union")


def test_stl_and_crosses_equal_trimesh_mass_properties_agree():
    mesh = trimesh.boolean.union([S.box((0.3, 0.2, 0.1), (0, 0, 0)),
                                  S.cylinder(0.05, 0.4, (0.1, 0, 0), "y")], engine="manifold")
    vertices = np.asarray(mesh.vertices).astype(np.float32).astype(float)
    faces = np.concatenate([np.asarray(mesh.faces), [[0, 0, 1]]])  # plus a degenerate one
    local = trimesh.Trimesh(vertices, faces, process=False)
    tri = vertices[faces]
    crosses = meshing.crosses(tri)
    assert_array_equal(crosses, trimesh.triangles.cross(tri))
    assert meshing.stl_bytes(tri, crosses) == export_stl(local)
    local.density = 600.0
    props, expected = meshing.mass_properties(tri, crosses, 600.0), local.mass_properties
    for key in ("mass", "volume"):  # exact sums: trimesh's to its rounding
        assert_allclose(props[key], expected[key], rtol=1e-13, atol=0)
    assert_allclose(props["center_mass"], expected["center_mass"], rtol=0, atol=1e-15)  # m
    assert_allclose(props["inertia"], expected["inertia"], rtol=0,
                    atol=1e-13 * np.abs(expected["inertia"]).max())


def test_bounds_use_only_referenced_vertices():
    vertices = np.array([[0.0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [9, 9, 9]])
    faces = np.array([[0, 1, 2], [0, 2, 3]])
    expected = trimesh.Trimesh(vertices, faces, process=False).bounds
    assert_array_equal(meshing.bounds(vertices, faces), expected)
