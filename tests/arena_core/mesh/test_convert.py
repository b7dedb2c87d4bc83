"""Meshes every engine reads: formats other than .obj/.stl become .obj in the canonical folder,
with the source's vertices exactly; what cannot be converted is an error, never a silent copy."""

from __future__ import annotations

import re

import mujoco
import numpy as np
import pytest
import trimesh

from arena_core.formats.mjcf.check import check_mjcf
from arena_core.formats.mjcf.write import write_mjcf
from arena_core.formats.urdf.read import read_urdf
from arena_core.mesh.canonical_files import obj_bytes
from arena_core.mesh.parts import read_mesh
from arena_core.pipeline.run import CANONICAL_URDF, run_object
from arena_core.util import tolerances as tol

PROV = {"object_id": "obj", "source": "test"}

HINGE = ('<joint name="h" type="revolute"><parent link="base"/><child link="lid"/>'
         '<origin xyz="0 0 0.2"/><axis xyz="0 1 0"/>'
         '<limit lower="0" upper="1.5" effort="1" velocity="1"/></joint>')


def _geometry(filename: str, scale: str = "1 1 1") -> str:
    mesh = f'<geometry><mesh filename="{filename}" scale="{scale}"/></geometry>'
    return f"<visual>{mesh}</visual><collision>{mesh}</collision>"


def _urdf(base: str, lid: str) -> str:
    return (f'<robot name="r"><link name="base">{_geometry(base)}</link>'
            f'<link name="lid">{_geometry(lid, "0.5 0.5 2")}</link>{HINGE}</robot>')


def _box() -> trimesh.Trimesh:
    """A box whose coordinates are not short decimals (rotated and shifted)."""
    box = trimesh.creation.box(extents=(0.21, 0.13, 0.07))
    box.apply_transform(trimesh.transformations.rotation_matrix(0.3, [1, 2, 3], [0.1, 0, 0]))
    box.apply_translation([0.0123456789, -1 / 3, 0.2])
    return box


def _run(tmp_path, urdf: str, files: dict[str, bytes]):
    src = tmp_path / "src"
    src.mkdir(parents=True)
    for name, data in files.items():
        (src / name).write_bytes(data)
    (src / "object.urdf").write_text(urdf)
    record = run_object(src / "object.urdf", tmp_path / "out", provenance=PROV).record
    return record, src, tmp_path / "out" / "obj"


def _obj_arrays(path) -> tuple[np.ndarray, np.ndarray]:
    """The ``v`` and ``f`` lines of an OBJ file, parsed by hand."""
    lines = path.read_text().splitlines()
    v = np.array([[float(t) for t in ln.split()[1:]] for ln in lines if ln.startswith("v ")])
    f = np.array([[int(t) for t in ln.split()[1:]] for ln in lines if ln.startswith("f ")])
    return v, f


def _mesh_files(folder) -> list[str]:
    """The extensions of the files in the canonical ``meshes/`` folder."""
    return sorted(p.suffix for p in (folder / "meshes").iterdir())


def _issues(record, code: str):
    return [i for i in record.verification.issues if i.code == code]


def _mujoco_loads(folder) -> None:
    """MuJoCo's URDF import of the canonical URDF, visuals kept (the .glb case that failed)."""
    text = (folder / CANONICAL_URDF).read_text()
    compiler = ('<mujoco><compiler discardvisual="false" fusestatic="false" '
                'strippath="false"/></mujoco>')
    path = folder / "mujoco_check.urdf"
    path.write_text(re.sub(r"(<robot[^>]*>)", r"\1" + compiler, text, count=1))
    try:
        model = mujoco.MjModel.from_xml_path(str(path))
    finally:
        path.unlink()
    assert model.nmesh > 0


def _export(mesh: trimesh.Trimesh, fmt: str) -> bytes:
    if fmt == "dae":
        pytest.importorskip("collada")
    return mesh.export(file_type=fmt)


@pytest.mark.parametrize("fmt", ["glb", "ply", "dae"])
def test_mesh_is_converted_to_obj_with_exact_vertices(tmp_path, fmt):
    stl = trimesh.creation.box(extents=(0.3, 0.3, 0.1)).export(file_type="stl")
    record, src, folder = _run(tmp_path, _urdf("base.stl", f"lid.{fmt}"),
                                   {"base.stl": stl, f"lid.{fmt}": _export(_box(), fmt)})
    assert record.accepted and record.oracle_distance <= tol.ORACLE
    assert _mesh_files(folder) == [".obj", ".stl"]  # the .stl is copied as it is
    converted = next((folder / "meshes").glob("*.obj"))
    assert converted.read_bytes() == obj_bytes(src / f"lid.{fmt}")
    source = read_mesh(src / f"lid.{fmt}")
    v, f = _obj_arrays(converted)
    assert np.array_equal(v, np.asarray(source.vertices))  # to the float
    assert np.array_equal(f - 1, np.asarray(source.faces))
    again_read = read_mesh(converted)  # what verification reads from the canonical folder
    assert np.array_equal(again_read.vertices, source.vertices)
    assert np.array_equal(again_read.faces, source.faces)
    (info,) = _issues(record, "mesh.converted")
    assert info.severity == "info" and f"1 mesh file(s) converted to .obj (.{fmt}: 1)" in (
        info.message)
    urdf = (folder / CANONICAL_URDF).read_text()
    assert urdf.count(f'filename="meshes/{converted.name}"') == 2 and 'scale="0.5 0.5 2"' in urdf
    obj = read_urdf(folder / CANONICAL_URDF).obj
    assert check_mjcf(write_mjcf(obj, folder).path, obj) == []
    _mujoco_loads(folder)
    again = run_object(folder / CANONICAL_URDF, tmp_path / "again", provenance=PROV).record
    assert again.checksum == record.checksum and not _issues(again, "mesh.converted")


def test_mass_properties_do_not_depend_on_the_conversion(tmp_path):
    glb = _box().export(file_type="glb")
    (tmp_path / "lid.glb").write_bytes(glb)
    as_glb, _, _ = _run(tmp_path / "a", _urdf("lid.glb", "lid.glb"), {"lid.glb": glb})
    as_obj, _, _ = _run(tmp_path / "b", _urdf("lid.obj", "lid.obj"),
                            {"lid.obj": obj_bytes(tmp_path / "lid.glb")})
    assert as_glb.accepted and as_obj.accepted
    assert as_glb.links and as_glb.links == as_obj.links
    assert as_glb.checksum == as_obj.checksum  # the same canonical folder


def test_scene_transforms_are_applied_once_and_each_file_converted_once(tmp_path):
    scene = trimesh.Scene()
    scene.add_geometry(_box(), node_name="a", transform=trimesh.transformations
                       .translation_matrix([0.5, 0, 0]))
    scene.add_geometry(trimesh.creation.icosphere(radius=0.05), node_name="b",
                       transform=trimesh.transformations.rotation_matrix(1.0, [0, 0, 1]))
    record, src, folder = _run(tmp_path, _urdf("parts.glb", "parts.glb"),
                                   {"parts.glb": scene.export(file_type="glb")})
    assert record.accepted and record.oracle_distance <= tol.ORACLE
    # the converted file, and the two convex pieces of the collision (box and sphere far
    # apart: their one hull would fill the space between them; docs/convention.md)
    assert _mesh_files(folder) == [".obj"] * 3 and record.decompositions >= 1
    visual = re.search(r'<visual>.*?filename="([^"]+)"', (folder / "object.urdf").read_text(),
                       re.S).group(1)
    v, _ = _obj_arrays(folder / visual)
    assert np.array_equal(v, np.asarray(read_mesh(src / "parts.glb").vertices))
    assert v[:, 0].max() > 0.5  # the node transform moved the box
    (info,) = _issues(record, "mesh.converted")
    assert info.message.startswith("1 mesh file(s) converted to .obj (.glb: 1)")


def test_obj_text_round_trips_every_float_and_is_deterministic(tmp_path):
    values = [0.1 + 0.2, 1e-300, -0.0, 123456789.123456789, 2.0 ** -1074, -1 / 3,
              1.7976931348623157e308, 0.0, 7.0]
    vertices = np.array(values, dtype=float).reshape(3, 3)
    path = tmp_path / "tri.off"  # text, read as float64
    path.write_text("OFF\n3 1 0\n" + "".join(" ".join(map(repr, p)) + "\n"
                                             for p in vertices.tolist()) + "3 0 1 2\n")
    assert np.array_equal(read_mesh(path).vertices, vertices)
    data = obj_bytes(path)
    assert data == obj_bytes(path)
    (tmp_path / "tri.obj").write_bytes(data)
    v, f = _obj_arrays(tmp_path / "tri.obj")
    assert np.array_equal(v, vertices) and f.tolist() == [[1, 2, 3]]
    assert np.signbit(v[0, 2])  # -0.0 stays -0.0


@pytest.mark.parametrize("name, data, reason", [
    ("lid.glb", b"glTF garbage \x00\x01\x02 not a mesh", "mesh.unreadable"),
    ("lid.off", b"OFF\n3 0 0\n0 0 0\n1 0 0\n0 1 0\n", "no triangles"),  # points only
])
def test_unconvertible_mesh_is_an_error_and_not_copied(tmp_path, name, data, reason):
    box = trimesh.creation.box(extents=(0.2, 0.2, 0.2)).export(file_type="stl")
    record, _, folder = _run(tmp_path, _urdf("base.stl", name),
                                 {"base.stl": box, name: data})
    (failed,) = _issues(record, "mesh.convert_failed")
    assert failed.severity == "error" and record.verification.status == "rejected"
    assert name in failed.message and reason in failed.message
    assert not {"internal.error", "normalize.oracle"} & set(record.verification.codes)
    assert _mesh_files(folder) == [".stl"]  # nothing in an unreadable format
    assert name not in (folder / CANONICAL_URDF).read_text()
    assert not _issues(record, "mesh.converted")


def test_realdata_habitat_glb_object_is_accepted_with_obj_meshes(realdata, tmp_path):
    urdf = realdata / "habitat_sim_repo" / "doors" / "door1.urdf"
    record = run_object(urdf, tmp_path, up_axis="y",
                        provenance={"object_id": "door1", "source": "habitat_sim"}).record
    assert record.accepted and record.oracle_distance <= tol.ORACLE
    folder = tmp_path / "door1"
    assert {p.suffix for p in (folder / "meshes").iterdir()} <= {".obj", ".stl", ".mtl"}
    assert "door1.glb" in urdf.read_text()
    (info,) = _issues(record, "mesh.converted")
    assert "(.glb: 1)" in info.message
    _mujoco_loads(folder)


def test_stl_mujoco_cannot_read_is_converted(tmp_path, monkeypatch):
    """ASCII STL (ManiSkill's TriFinger) and binary STL above MuJoCo's face limit (panda_v3's
    200k+ triangles; the limit is lowered here) become .obj; a small binary STL is kept."""
    import arena_core.mesh.canonical_files as canonical

    monkeypatch.setattr(canonical, "MUJOCO_STL_FACES", 12)
    box = _box()
    ascii_stl = trimesh.exchange.stl.export_stl_ascii(box).encode()
    big = trimesh.creation.icosphere(subdivisions=1, radius=0.1).export(file_type="stl")
    urdf = _urdf("base.stl", "lid.stl").replace('filename="base.stl"', 'filename="kept.stl"', 1)
    urdf = urdf.replace('<link name="lid">', '<link name="lid"><visual><geometry><mesh '
                        'filename="big.stl"/></geometry></visual>')
    record, _, folder = _run(tmp_path, urdf, {
        "kept.stl": box.export(file_type="stl"), "base.stl": ascii_stl, "lid.stl": ascii_stl,
        "big.stl": big})
    assert record.accepted, record.verification.issues
    (info,) = _issues(record, "mesh.converted")
    assert "(.stl: 3)" in info.message  # two ASCII files and the big one
    assert _mesh_files(folder).count(".stl") == 1
    _mujoco_loads(folder)


def test_obj_with_normals_some_faces_lack_is_copied_without_normals(tmp_path):
    """PyBullet's table_square: ``f 1/1/1 2/2/1 3/3/1`` beside ``f 3 4 5`` (MuJoCo refuses)."""
    lines = ["v -0.1 -0.1 0", "v 0.1 -0.1 0", "v -0.1 0.1 0", "v 0.1 0.1 0", "v 0 0 0.1",
             "vt 0 0", "vt 1 0", "vt 0 1", "vn 0 0 1", "f 1/1/1 2/2/1 3/3/1",
             "f 3/3/1 2/2/1 4/2/1", "f 1 2 5", "f 2 4 5", "f 4 3 5", "f 3 1 5"]
    mixed = ("\n".join(lines) + "\n").encode()
    record, _, folder = _run(tmp_path, _urdf("mixed.obj", "mixed.obj"), {"mixed.obj": mixed})
    assert record.accepted, record.verification.issues
    assert [i.severity for i in _issues(record, "mesh.obj.normals_dropped")] == ["warning"]
    # ``f 1 2 5`` has no texture coordinate either: it gets the neutral one, added first (the
    # others move up by one)
    assert [i.severity for i in _issues(record, "mesh.obj.texcoords_fixed")] == ["info"]
    (copy,) = (folder / "meshes").iterdir()
    text = copy.read_text()
    assert "vn " not in text and "f 1/2 2/3 3/4" in text and "f 1/1 2/1 5/1" in text
    assert [ln for ln in text.splitlines() if ln.startswith("v ")] == lines[:5]
    assert [ln for ln in text.splitlines() if ln.startswith("vt ")] == ["vt 0 0", *lines[5:8]]
    _mujoco_loads(folder)
