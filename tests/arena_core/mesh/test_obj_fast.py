"""``obj_geometry`` gives trimesh's ``load_obj`` geometries bit for bit, or ``None``.

Compared geometry by geometry (dtype, shape and bytes of the vertices and faces, in order)
and once concatenated (``mesh_arrays._obj`` against ``_obj_load_obj``) on every OBJ of
``../shared/realdata``, on hand-written edge cases and on seeded random files mixing them.
A ``None`` (the caller then runs ``load_obj``) is allowed only where this reader declines.
"""

from __future__ import annotations

import io

import numpy as np
import pytest
from trimesh.exchange.obj import load_obj

from arena_core.mesh.arrays import LOAD_OPTIONS, _obj, _obj_load_obj
from arena_core.mesh.obj_fast import obj_geometry


def _arrays(vertices, faces) -> tuple:
    return (vertices.dtype.str, vertices.shape, vertices.tobytes(),
            faces.dtype.str, faces.shape, faces.tobytes())


def _parts(read, data: bytes):
    """The geometries of one parse as comparable tuples, ``"declined"`` or the error."""
    try:
        geometry = read(data)
    except Exception as exc:  # noqa: BLE001 - the error itself is compared
        return ("raises", type(exc).__name__)
    if geometry is None:
        return "declined"
    return [_arrays(g["vertices"], g["faces"]) for g in geometry.values()]


def _load_obj_geometry(data: bytes) -> dict | None:
    return load_obj(io.BytesIO(data), **LOAD_OPTIONS).get("geometry")


def _assert_identical(data: bytes, *, declined: bool = False) -> None:
    fast = _parts(obj_geometry, data)
    if declined:
        assert fast == "declined"
    else:
        assert fast != "declined"
        assert fast == _parts(_load_obj_geometry, data)


def _joined_outcome(read, path) -> tuple:
    try:
        found = read(path)
    except Exception as exc:  # noqa: BLE001 - the error itself is compared
        return ("raises", type(exc).__name__)
    return ("none",) if found is None else _arrays(*found)


def test_every_real_obj_reads_as_load_obj_reads_it(realdata):
    files = sorted(realdata.rglob("*.obj"))
    assert len(files) > 1500
    different = []
    for path in files:
        data = path.read_bytes()
        fast = _parts(obj_geometry, data)
        if fast == "declined" or fast != _parts(_load_obj_geometry, data):
            different.append(path)
    assert not different, f"{len(different)} of {len(files)} differ, e.g. {different[:5]}"
    joined = [p for p in files if _joined_outcome(_obj, p) != _joined_outcome(_obj_load_obj, p)]
    assert not joined, f"{len(joined)} of {len(files)} differ once joined, e.g. {joined[:5]}"


_V6 = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\n"
_VT = "vt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\n"
_VN = "vn 0 0 1\nvn 0 1 0\nvn 1 0 0\n"

#: Files this reader parses, each compared with ``load_obj`` (arrays, None or the error).
COVERED = {
    "triangles": _V6 + "f 1 2 3\nf 1 3 4\nf 2 5 6\n",
    "quads": _V6 + "f 1 2 3 4\nf 2 5 6 3\n",
    "mixed_widths": _V6 + "f 1 2 3 4\nf 1 2 5\nf 1 2 3 4 5 6\n",
    "mixed_formats": _V6 + _VT + "f 1/1 2/2 3/3\nf 4 5 6\nf 1//1 2//2 3//3\n",
    "v_vt": _V6 + _VT + "f 1/1 2/2 3/3\nf 1/2 3/3 4/4\n",
    "v_vn": _V6 + _VN + "f 1//1 2//1 3//2\nf 1//3 3//2 4//2\n",
    "v_vt_vn": _V6 + _VT + _VN + "f 1/1/1 2/2/1 3/3/2\nf 1/4/3 3/3/2 4/2/2\n",
    "v_vn_without_vn": _V6 + "f 1//1 2//1 3//2\n",
    "v_vt_without_vt": _V6 + "f 1/1 2/2 3/3\n",
    "uvw": _V6 + "vt 0 0 0\nvt 1 0 0\nvt 1 1 0\nf 1/1 2/2 3/3\n",
    "negative": _V6 + _VT + "f -3/-1 -2/-2 -1/-3\nf -6 -5 -4\n",
    "usemtl_repeats": (_V6 + "usemtl a\nf 1 2 3\nusemtl b\nf 2 3 4\nusemtl a\nf 3 4 5\n"
                       "usemtl c\nf 4 5 6\nusemtl b\nf 1 5 6\n"),
    "usemtl_in_comment": _V6 + "f 1 2 3\n# usemtl x\nf 2 3 4\nusemtl usemtl y\nf 3 4 5\n",
    "objects_groups": (_V6 + "o first\ng one\ns 1\nf 1 2 3\no second\ng two\ns off\n"
                       "usemtl m\nf 3 4 5\ng three\nf 4 5 6\n"),
    "comments": "# header\n" + _V6 + "# faces\nf 1 2 3\n#f 4 5 6\n# end\nf 2 3 4\n",
    "crlf": (_V6 + "usemtl a\nf 1 2 3\nf 2 3 4\n").replace("\n", "\r\n"),
    "lone_cr": _V6 + "f 1 2 3\r\nf 2 3 4\rf 3 4 5\n",
    "continuation": "v 0 0 \\\n0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 \\\n3\nf 1 \\\n3 4\n",
    "vertex_colors": ("v 0 0 0 1 0 0\nv 1 0 0 0 1 0\nv 1 1 0 0 0 1\nv 0 1 0 1 1 1\n"
                      "f 1 2 3\nf 1 3 4\n"),
    "four_values": "v 0 0 0 1\nv 1 0 0 1\nv 1 1 0 1\nf 1 2 3\n",
    "scientific": ("v 1e-5 -2.5E+03 3.25e2\nv -1.0e-300 4E10 .5\nv 7.0+e2 1-e3 -0.0\n"
                   "v 1.7976931348623157e308 5e-324 0.1\nf 1 2 3\nf 2 3 4\n"),
    "whitespace": _V6 + "f\t1  2 \t 3 \nf  1/1/1\t3/3/3   4/4/4\t\nf 2\x1c3\x1f4\n",
    "control_separator": _V6 + "f 1 2 3\nf 2\x1c3 4\n",
    "control_trailing": _V6 + "f 1 2 3\x1d\nf 2 3 4\x0b\n",
    "trailing_comment": _V6 + "f 1 2 3 # one\nf 2 3 4 # two\n",
    "slashes": _V6 + "f /1/ 2// 3\nf 1/ /2 3\n",
    "bare_f": _V6 + "f\nf 1 2 3\n",
    "f_word": _V6 + "f 1 2 3\nfoo 1 2 3\n",
    "out_of_range": _V6 + "f 1 2 30\n",
    "faces_before_vertices": "f 1 2 3\n" + _V6,
    "no_trailing_newline": _V6 + "f 1 2 3",
    "padded": "\n\n  " + _V6 + "f 1 2 3\n\n\n",
    "lines": _V6 + "l 1 2\nf 1 2 3\n",
    "letters": _V6 + "f a b c\n",
    "bad_float": "v 0 0 0\nv 1 x 0\nv 1 1 0\nf 1 2 3\n",
    "large_index": _V6 + "f 1 2 99999999999999999999\n",
}

#: Files this reader leaves to ``load_obj``.
DECLINED = {
    "empty": "",
    "comment_only": "# nothing\n",
    "points": _V6,
    "no_vertices": "f 1 2 3\n",
    "texture_only": _VT + "f 1/1 2/2 3/3\n",
    "two_values": "v 0 0\nv 1 0\nv 0 1\nf 1 2 3\n",
    "some_colors": "v 0 0 0 1 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nf 1 2 3\n",
    "ragged_normals": _V6 + "vn 0 0 1\nvn 0 1\nf 1//1 2//2 3//1\n",
    "non_ascii_comment": "# caf\u00e9\n" + _V6 + "f 1 2 3\n",
    "unicode_space": _V6 + "f 1\u00a02 3\n",
    "latin1": "# caf\xe9\n" + _V6 + "f 1 2 3\n",
}


@pytest.mark.parametrize("name", sorted(COVERED))
def test_edge_cases_read_as_load_obj_reads_them(name):
    _assert_identical(COVERED[name].encode("ascii"))


@pytest.mark.parametrize("name", sorted(DECLINED))
def test_edge_cases_left_to_load_obj(name):
    encoding = "latin-1" if name == "latin1" else "utf-8"
    _assert_identical(DECLINED[name].encode(encoding), declined=True)


def _random_obj(rng: np.random.Generator) -> str:
    """A file of random vertices, UVs, normals and faces of random widths and formats,
    with material, object and group lines, comments and odd spacing in between."""
    n = int(rng.integers(3, 40))
    numbers = [f"{x:.6g}" if rng.random() < 0.8 else f"{x:.3e}" for x in rng.normal(size=3 * n)]
    lines = [f"v {' '.join(numbers[3 * i:3 * i + 3])}" for i in range(n)]
    lines += [f"vt {rng.random():.4f} {rng.random():.4f}" for _ in range(n)]
    lines += [f"vn {' '.join(f'{x:.4f}' for x in rng.normal(size=3))}" for _ in range(n // 2)]
    style = int(rng.integers(4))
    for _ in range(int(rng.integers(1, 30))):
        if rng.random() < 0.15:
            lines.append(str(rng.choice(["usemtl a", "usemtl b", "usemtl c", "o part",
                                         "g grp", "s 1", "# note", ""])))
        width = 3 if rng.random() < 0.85 else int(rng.integers(3, 6))
        corners = rng.integers(1, n + 1, size=width)
        if rng.random() < 0.1:
            corners = corners - n - 1
        corner_style = style if rng.random() < 0.9 else int(rng.integers(4))
        forms = ["{v}", "{v}/{t}", "{v}//{t}", "{v}/{t}/{m}"][corner_style]
        refs = [forms.format(v=c, t=abs(c) % n + 1, m=abs(c) % (n // 2) + 1) for c in corners]
        lines.append("f " + (" " if rng.random() < 0.9 else "  \t").join(refs))
    return "\n".join(lines) + ("\n" if rng.random() < 0.7 else "\r\n")


def test_random_files_read_as_load_obj_reads_them():
    rng = np.random.default_rng(20261202)
    for _ in range(300):
        _assert_identical(_random_obj(rng).encode("ascii"))
