"""Geometry checks: meshes that load, degenerate meshes, hostile paths, plausible units."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import numpy as np
import pytest
import trimesh

from arena_core.formats.urdf.read import read_urdf
from arena_core.mesh.parts import MeshCache
from arena_core.util import tolerances as tol
from arena_core.verify import Context, verify_object
from arena_core.verify.geometry import check_geometry
from arena_core.verify.object_geometry import ObjectGeometry, spanned_area

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "urdf"


def box_obj(path: Path, extents, center) -> None:
    mesh = trimesh.creation.box(extents=extents)
    mesh.apply_translation(center)
    path.parent.mkdir(parents=True, exist_ok=True)
    mesh.export(path)


@pytest.fixture
def mesh_door(tmp_path: Path) -> Path:
    """``mesh_door.urdf`` in a temporary folder with two valid box meshes."""
    urdf = tmp_path / "mesh_door.urdf"
    shutil.copy(FIXTURES / "mesh_door.urdf", urdf)
    box_obj(tmp_path / "meshes" / "base.obj", (0.1, 1.0, 1.0), (0.0, 0.0, 0.5))
    box_obj(tmp_path / "meshes" / "door.obj", (0.5, 0.02, 0.9), (0.25, 0.0, 0.0))
    return urdf


def geometry_codes(urdf: Path) -> list[tuple[str, str, str]]:
    read = read_urdf(urdf)
    return [(i.code, i.severity, i.location) for i in read.issues + check_geometry(read.obj)]


def test_valid_meshes_give_no_issue_and_the_expected_extent(mesh_door):
    obj = read_urdf(mesh_door).obj
    assert check_geometry(obj) == []
    pts = ObjectGeometry.build(obj, MeshCache()).root_points(obj)
    np.testing.assert_allclose(pts.min(axis=0), [-0.05, -0.5, 0.0], atol=1e-12)
    np.testing.assert_allclose(pts.max(axis=0), [0.55, 0.51, 1.0], atol=1e-12)


def test_degenerate_mesh_is_a_warning(mesh_door):
    flat = trimesh.Trimesh(vertices=[[0, 0, 0], [1, 0, 0], [2, 0, 0]], faces=[[0, 1, 2]],
                           process=False)
    flat.export(mesh_door.parent / "meshes" / "door.obj")
    assert geometry_codes(mesh_door) == [("mesh.degenerate", "warning", "link:door/visual[0]")]


def test_garbage_mesh_is_unreadable(mesh_door):
    (mesh_door.parent / "meshes" / "door.obj").write_bytes(os.urandom(4096))
    assert geometry_codes(mesh_door) == [("mesh.unreadable", "error", "link:door/visual[0]")]


def test_nan_vertices_are_reported(mesh_door):
    (mesh_door.parent / "meshes" / "door.obj").write_text(
        "v nan 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n")
    assert geometry_codes(mesh_door) == [("mesh.nonfinite", "error", "link:door/visual[0]")]


def test_a_mesh_deleted_after_reading_is_missing(mesh_door):
    obj = read_urdf(mesh_door).obj
    (mesh_door.parent / "meshes" / "door.obj").unlink()
    assert [i.code for i in check_geometry(obj)] == ["mesh.missing"]


def test_symlink_to_outside_is_refused(mesh_door, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside") / "secret.obj"
    box_obj(outside, (1, 1, 1), (0, 0, 0))
    door = mesh_door.parent / "meshes" / "door.obj"
    door.unlink()
    door.symlink_to(outside)
    assert geometry_codes(mesh_door) == [("mesh.path.symlink", "error", "link:door/visual[0]")]


@pytest.mark.parametrize("name, code", [
    ("mesh_absolute", "mesh.path.absolute"),
    ("mesh_escape", "mesh.path.escapes"),
    ("mesh_missing", "mesh.missing"),
])
def test_hostile_or_missing_mesh_paths_are_reader_errors(name, code):
    assert geometry_codes(FIXTURES / f"{name}.urdf") == [(code, "error", "link:door/visual[0]")]


#: Rest bounding box of the door fixtures: 0.6 x 1.01 x 1.0 (times the fixture's unit).
DOOR_DIAGONAL = float(np.sqrt(0.6**2 + 1.01**2 + 1.0**2))


@pytest.mark.parametrize("name, diagonal", [("units_huge", 100 * DOOR_DIAGONAL),
                                            ("units_tiny", 1e-3 * DOOR_DIAGONAL)])
def test_implausible_units(name, diagonal):
    (found,) = check_geometry(read_urdf(FIXTURES / f"{name}.urdf").obj)
    assert (found.code, found.severity) == ("units.implausible", "error")
    reported = float(found.message.split(" is ")[1].split(" m")[0])
    np.testing.assert_allclose(reported, diagonal, rtol=1e-5)


def test_units_bounds_are_the_named_tolerances():
    assert (tol.UNITS_MIN_EXTENT, tol.UNITS_MAX_EXTENT) == (5e-3, 50.0)


def test_no_geometry_at_all():
    assert [(i.code, i.severity) for i in check_geometry(
        read_urdf(FIXTURES / "no_geometry.urdf").obj)] == [("geometry.none", "warning")]


def test_shared_cache_loads_each_file_once(mesh_door, monkeypatch):
    import arena_core.mesh.parts as mesh_parts

    calls = []
    real = mesh_parts.read_mesh
    monkeypatch.setattr(mesh_parts, "read_mesh",
                        lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    obj = read_urdf(mesh_door).obj
    cache = MeshCache()
    verify_object(obj, extras={"mesh_cache": cache})
    verify_object(obj, extras={"mesh_cache": cache})
    assert sorted(Path(c).name for c in calls) == ["base.obj", "door.obj"]


def test_context_geometry_is_lazy(mesh_door):
    obj = read_urdf(mesh_door).obj
    ctx = Context(obj)
    assert "geometry" not in ctx.__dict__
    check_geometry(obj, ctx)
    assert "geometry" in ctx.__dict__


def test_spanned_area_of_a_rectangle():
    rect = np.array([[0, 0, 0], [2, 0, 0], [0, 3, 0], [2, 3, 0.0]])
    np.testing.assert_allclose(spanned_area(rect), 6.0)
    assert spanned_area(rect[:2]) == 0.0


def test_implausible_units_say_what_the_object_would_measure_in_other_units():
    (found,) = check_geometry(read_urdf(FIXTURES / "units_huge.urdf").obj)
    assert f"{DOOR_DIAGONAL:.3g} m in centimetres (scale 0.01)" in found.message
    (found,) = check_geometry(read_urdf(FIXTURES / "units_tiny.urdf").obj)
    assert "centimetres" not in found.message
