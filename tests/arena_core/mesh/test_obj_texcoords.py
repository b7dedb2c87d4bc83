"""obj_texcoords: a file is fixed exactly when MuJoCo warns about (or refuses) its texture
coordinates, the fixed file loads in MuJoCo quietly with every texture coordinate kept and in
assimp (Pinocchio's loader, through coal) whenever the source does, and it is the same mesh --
on edge cases and on every real OBJ with ``vt`` lines."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import numpy as np
import pytest

from arena_core.mesh.arrays import mesh_arrays
from arena_core.mesh.obj_texcoords import NEUTRAL_TEXCOORD, _fixed, texcoords_fixed
from tests.console import console

HEAD = b"v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nvt 0 0\nvt 1 0\nvt 0 1\n"

#: Face lines after :data:`HEAD` (3 ``vt``), and whether a texture coordinate is invalid.
CASES = [
    (b"f 1/1 2/2 3/3\nf 1/1 3/3 4/3\n", False),
    (b"vn 0 0 1\nf 1/1/1 2/2/1 3/3/1 4/3/1\n", False),  # a quad
    (b"f 1/-3 2/-2 3/-1\n", False),  # relative
    (b"f 1/1 2/2 3/3\nvt 1 1\nf 1/4 3/3 4/4\n", False),  # a vt after faces
    (b"f 1 2 3\nf 1 3 4\n", True),  # none at all
    (b"f 1/1 2/2 3/3\nf 1 3 4\n", True),
    (b"vn 0 0 1\nf 1//1 2//1 3//1\nf 1/1/1 3/3/1 4/3/1\n", True),  # PartNet-Mobility's
    (b"f 1/1 2/2 3/9\n", True),  # past the last
    (b"f 1/0 2/2 3/3\n", True),
    (b"f 1/-5 2/-2 3/-1\n", True),  # before the first (MuJoCo refuses the file)
    (b"vn 0 0 1\r\nf\t1//1  2//1 3//1\r\nf 1/2/1 2/3/1 3/1/1\r\n", True),
    (b"  f 1/x 2/2 3/3\n", True),
]


def _mujoco(path) -> tuple[str, object]:
    """What MuJoCo prints compiling a model of the mesh at ``path``, and the model."""
    import mujoco

    xml = (f'<mujoco><compiler inertiafromgeom="false"/><asset><mesh name="m" file="{path}" '
           'inertia="shell"/></asset><worldbody><geom type="mesh" mesh="m" contype="0" '
           'conaffinity="0"/></worldbody></mujoco>')
    model = []
    text = console(lambda: model.append(mujoco.MjModel.from_xml_string(xml)))
    return text, model[0] if model else None


_VT = re.compile(rb"(?m)^vt ")


def _assimp_loads(path) -> bool:
    """Whether coal's assimp loader (Pinocchio's) reads the mesh at ``path``."""
    import coal

    try:
        coal.MeshLoader().load(str(path))
    except ValueError:
        return False
    return True


def _agrees_with_mujoco(data: bytes, tmp_path, *, same_arrays: bool = False) -> bool:
    """Assert the module's verdict is MuJoCo's and the fixed file loads quietly, with every
    texture coordinate, as the same mesh to MuJoCo (``same_arrays``: and to the project's
    reader, vertex and face arrays alike, which a face group mixing ``v/t`` and ``v``
    vertices does not keep: trimesh splits a vertex per texture coordinate); return whether
    ``data`` was fixed."""
    folder = Path(tempfile.mkdtemp(dir=tmp_path))  # MuJoCo's asset cache keys on the path
    source, copy = folder / "source.obj", folder / "copy.obj"
    source.write_bytes(data)
    printed, model = _mujoco(source)
    fixed = texcoords_fixed(data)
    assert (fixed is not None) == ("obj_decoder" in printed), printed
    if fixed is None:
        return False
    copy.write_bytes(fixed)
    printed, fixed_model = _mujoco(copy)
    assert "obj_decoder" not in printed, printed
    if model is None and fixed_model is None:  # refused for another reason (3 vertices)
        return True
    assert printed == "" and fixed_model.nmeshtexcoord > 0
    assert len(_VT.findall(fixed)) == len(_VT.findall(data)) + 1
    if _assimp_loads(source):
        assert _assimp_loads(copy), "assimp refuses the fixed file"
    if model is not None:
        np.testing.assert_array_equal(fixed_model.mesh_vert, model.mesh_vert)
        np.testing.assert_array_equal(fixed_model.mesh_face, model.mesh_face)
    if same_arrays:
        for mine, theirs in zip(mesh_arrays(copy), mesh_arrays(source), strict=True):
            np.testing.assert_array_equal(mine, theirs)
    return True


@pytest.mark.parametrize("faces, invalid", CASES)
def test_edge_cases_are_fixed_when_mujoco_complains(faces, invalid, tmp_path):
    assert _agrees_with_mujoco(HEAD + faces, tmp_path) is invalid


def test_valid_references_are_kept_and_the_others_get_the_neutral_one():
    """The neutral line is the first ``vt``: valid absolute indices move up by one."""
    fixed = texcoords_fixed(HEAD + b"vn 0 0 1\nf 1/1/1 2/2/1 3/3/1\nf 3//1 2/2/1 1/0/1\n")
    assert fixed == NEUTRAL_TEXCOORD + b"\n" + HEAD + (
        b"vn 0 0 1\nf 1/2/1 2/3/1 3/4/1\nf 3/1/1 2/3/1 1/1/1\n")


def test_relative_references_stay_as_they_are():
    """A ``-k`` counts back from its face, and the neutral line is before every ``vt``."""
    data = b"v 0 0 0\nvt 0 0\nf 1/-1 1/-1 1/-1\nvt 1 1\nf 1/-1 1/-2 1\n"
    assert texcoords_fixed(data) == (b"vt 0 0\nv 0 0 0\nvt 0 0\nf 1/-1 1/-1 1/-1\nvt 1 1\n"
                                     b"f 1/-1 1/-2 1/1\n")


def test_a_file_whose_vt_lines_follow_its_faces_stays_readable_by_assimp(tmp_path):
    """Groups each with their ``vt`` lines (Blender's export of the Panda's visuals): a
    neutral line added after the last ``vt`` would be a forward reference assimp refuses."""
    data = (b"v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 0 1\nf 1/1 2/2 3/3\n"
            b"v 0 0 1\nvt 1 1\nf 1 2 4\n")
    source, copy = tmp_path / "source.obj", tmp_path / "copy.obj"
    source.write_bytes(data)
    copy.write_bytes(texcoords_fixed(data))
    assert _assimp_loads(source) and _assimp_loads(copy)


def test_files_without_texture_coordinates_are_left_alone():
    assert texcoords_fixed(b"v 0 0 0\nf 1 1 1\n# vt\n") is None
    assert texcoords_fixed(b"v 0 0 0\nvn 0 0 1\nf 1//1 1//1 1//1\n") is None


def test_real_objs_are_fixed_exactly_when_mujoco_complains(realdata, tmp_path):
    """Every real OBJ with ``vt`` lines (PartNet-Mobility's ``f 3//231`` groups among them,
    each group all textured or all not: the reader gives the same arrays); a file the plain
    path clears is one the line-by-line rule leaves alone."""
    fixed = total = 0
    for path in sorted(realdata.rglob("*.obj")):
        data = path.read_bytes()
        if b"\nvt " not in data:
            continue
        total += 1
        fixed += _agrees_with_mujoco(data, tmp_path, same_arrays=True)
        if texcoords_fixed(data) is None:
            assert _fixed(data, data.count(b"\nvt ")) is None, path
    assert total > 500 and fixed > 300, (total, fixed)
