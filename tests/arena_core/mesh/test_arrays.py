"""``mesh_arrays`` gives exactly what ``trimesh.load(force="mesh")`` gives, bit for bit.

Compared on a stride sample of the real meshes of ``../shared/realdata`` (every kind of OBJ
it holds: textured parts split by UV seams, ``o``/``g``/``usemtl`` groups, quads, STL), on
the meshes of one generated object of every kind, and on hand-written edge cases (quads,
a point cloud, an empty file, garbage, ASCII STL with two solids, CRLF, negative indices).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np
import pytest

from arena_core.generate import KINDS, generate_one, write_object
from arena_core.mesh.arrays import _trimesh_arrays, mesh_arrays

#: Every STRIDE-th real mesh file (sorted) is compared, and every OBJ with polygons.
STRIDE = 8


def _outcome(read, path: Path):
    try:
        vertices, faces = read(path)
    except Exception as exc:  # noqa: BLE001 - the error itself is compared
        return ("raises", type(exc).__name__, str(exc))
    assert vertices.dtype == np.float64 and faces.dtype == np.int64
    assert vertices.ndim == 2 and vertices.shape[1] == 3 and faces.shape[1:] == (3,)
    return ("arrays", vertices.shape, vertices.tobytes(), faces.shape, faces.tobytes())


def _assert_same(paths: list[Path]) -> None:
    different = [p for p in paths if _outcome(mesh_arrays, p) != _outcome(_trimesh_arrays, p)]
    assert not different, f"{len(different)} of {len(paths)} differ, e.g. {different[:5]}"


def _polygons(path: Path) -> bool:
    """An OBJ with a face of more than three corners (trimesh triangulates those)."""
    return path.suffix.lower() == ".obj" and any(
        len(line.split()) > 4 for line in path.read_bytes().splitlines() if line.startswith(b"f "))


def test_real_meshes_read_exactly_as_trimesh_reads_them(realdata):
    files = sorted(p for p in realdata.rglob("*") if p.suffix.lower() in (".obj", ".stl"))
    sample = [p for i, p in enumerate(files) if i % STRIDE == 0 or _polygons(p)]
    assert len(sample) > 250
    _assert_same(sample)


def test_generated_meshes_read_exactly_as_trimesh_reads_them():
    with tempfile.TemporaryDirectory() as tmp:
        for index in range(len(KINDS)):
            write_object(generate_one(0, index), Path(tmp), seed=0, index=index)
        files = sorted(Path(tmp).rglob("*.stl")) + sorted(Path(tmp).rglob("*.obj"))
        assert len(files) > 3 * len(KINDS)
        _assert_same(files)


EDGE_CASES = {
    "quads.obj": "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nf 1 2 3 4\nf 1 2 5\n",
    "points.obj": "v 0 0 0\nv 1 0 0\nv 0 1 0\n",
    "empty.obj": "",
    "garbage.obj": "\x00\x01 not an obj \xff\n f a b c\n",
    "groups.obj": ("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nvt 0 0\nvt 1 0\nvt 0 1\n"
                   "o first\nusemtl a\nf 1/1 2/2 3/3\no second\nusemtl b\nf 1/1 2/2 4/3\n"),
    "normals.obj": ("v 0 0 0\nv 1 0 0\nv 0 1 0\nvn 0 0 1\nvn 0 0 -1\n"
                    "f 1//1 2//1 3//2\n"),
    "negative.obj": "v 0 0 0\nv 1 0 0\nv 0 1 0\nf -3 -2 -1\n",
    "crlf.obj": "v 0 0 0\r\nv 1 0 0\r\nv 0 1 0\r\nf 1 2 3\r\n",
    "two_solids.stl": ("solid a\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\n"
                       "vertex 0 1 0\nendloop\nendfacet\nendsolid a\nsolid b\n"
                       "facet normal 0 0 1\nouter loop\nvertex 0 0 1\nvertex 1 0 1\n"
                       "vertex 0 1 1\nendloop\nendfacet\nendsolid b\n"),
    "short.stl": "solid\nendsolid\n",
}


@pytest.mark.parametrize("name", sorted(EDGE_CASES))
def test_edge_cases_read_as_trimesh_reads_them(tmp_path, name):
    path = tmp_path / name
    path.write_bytes(EDGE_CASES[name].encode("latin-1"))
    assert _outcome(mesh_arrays, path) == _outcome(_trimesh_arrays, path)


def test_collada_with_a_broken_material_keeps_its_triangles_and_node_transform():
    """``tests/fixtures/meshes/broken_material.dae``: a tetrahedron scaled by 0.5 whose bound
    material names a missing texture surface (ANYmal B's foot); pycollada drops the node."""
    import trimesh

    path = Path(__file__).resolve().parents[2] / "fixtures" / "meshes" / "broken_material.dae"
    assert len(trimesh.load(str(path), force="mesh").vertices) == 0  # trimesh alone
    vertices, faces = mesh_arrays(path)
    assert sorted(map(tuple, vertices.tolist())) == [(0, 0, 0), (0, 0, 0.5), (0, 0.5, 0),
                                                     (0.5, 0, 0)]
    assert faces.shape == (4, 3)
    assert trimesh.Trimesh(vertices, faces).volume == pytest.approx(0.5**3 / 6)
