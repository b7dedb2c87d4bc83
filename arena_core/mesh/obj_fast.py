"""The geometries trimesh's ``load_obj`` parses from an ASCII ``.obj`` file, read without its
per-line Python loops.

:func:`obj_geometry` gives, for the options :func:`arena_core.mesh.arrays.mesh_arrays`
loads with (``process=False, skip_materials=True`` and ``load_obj``'s defaults
``group_material=True, split_objects=False, split_groups=False, maintain_order=False``),
the ``{"vertices", "faces"}`` of each geometry ``trimesh.exchange.obj.load_obj`` returns,
in the same order, with the same arrays bit for bit. It runs the steps of ``load_obj`` in
its order on the same strings, and replaces only the loops over lines:

* the text is decoded, stripped, CRLF-normalized and its backslash continuations joined
  exactly as ``load_obj`` does it;
* ``v``/``vt``/``vn`` values: the rest of each ``"\\n<key> "`` line of the same vertex chunk
  (after the same ``+e``/``-e`` replacement) is taken with one ``re.findall`` instead of
  ``split`` plus a list comprehension; the lines are joined with spaces and parsed with
  ``np.fromstring`` as trimesh does, so the string parsed, hence every float, is the same;
* face lines: one ``re.findall`` returns each line that starts with ``f`` with the ``f``
  dropped and ``str.strip`` applied (the list trimesh builds with ``re.split`` and
  ``strip``); whether every line has as many ``/``- or whitespace-separated tokens as the
  first, which decides between trimesh's vectorized parse and its per-line fallback, is
  one regex match over the lines; the face string parsed by ``np.fromstring`` is then
  trimesh's;
* the chunking by ``usemtl`` (``_preprocess_faces``, ``_group_by``), the face parsers
  (``_parse_faces_vectorized``, ``_parse_faces_fallback``) and the vertex unmerging
  (``trimesh.visual.texture.unmerge_faces``) are trimesh's own functions, and the groups
  are consumed from the end of the grouped list, as ``load_obj`` pops them.

What ``load_obj`` builds besides (names, UV, normal and color arrays, visuals) neither
changes the vertices and faces nor can fail; vertex colors (``v x y z r g b``) are dropped
by the same ``[:, :3]``. A step shared with ``load_obj`` raises where it raises (an index
out of range, a number ``np.fromstring`` cannot read). Whatever this reader does not
reproduce returns ``None``, and the caller runs ``load_obj`` itself: text that is not
ASCII (trimesh may then guess another encoding, and Unicode whitespace would split and
strip differently), a ``v``, ``vt`` or ``vn`` block whose values do not make whole rows
as wide as its first line (trimesh's per-line path), vertices of fewer than three values, no ``v`` line, and
a file with no face (trimesh returns a point cloud or nothing). The private trimesh
functions used are those of the installed trimesh; ``tests/arena_core/mesh/test_obj_fast.py``
compares this reader with ``load_obj`` on every OBJ of ``../shared/realdata``, on
hand-written edge cases and on seeded random files.

Example:
    >>> geometry = obj_geometry(b"v 0 0 0\\nv 1 0 0\\nv 0 1 0\\nv 9 9 9\\nf 1 2 3\\n")
    >>> [(g["vertices"].shape, g["faces"].tolist()) for g in geometry.values()]
    [((3, 3), [[0, 1, 2]])]
"""

from __future__ import annotations

import functools
import re

import numpy as np
from trimesh.exchange.obj import (
    _group_by,
    _parse_faces_fallback,
    _parse_faces_vectorized,
    _preprocess_faces,
)
from trimesh.visual.texture import unmerge_faces

#: The ASCII characters ``str.split`` and ``str.strip`` take for whitespace, newline aside.
_SPACE = "\t\x0b\x0c\r\x1c\x1d\x1e\x1f "
#: The rest of every ``v``, ``vt`` and ``vn`` line (trimesh splits on ``"\n<key> "``).
_PROPERTY = {key: re.compile(rf"\n{key} ([^\n]*)") for key in ("v", "vt", "vn")}
#: Every line starting with ``f``, without the ``f``, stripped (``""`` for a bare ``f``).
_FACE_LINE = re.compile(rf"^f[{_SPACE}]*([^\n]*[^\n{_SPACE}])?", re.MULTILINE)


def obj_geometry(data: bytes) -> dict[int, dict[str, np.ndarray]] | None:
    """``{index: {"vertices": (n, 3) float64, "faces": (m, k) int64}}`` of the OBJ file
    content ``data``, in the order of ``load_obj``'s geometries, or ``None`` when ``data``
    is outside what this reader reproduces (then ``load_obj`` must read it)."""
    if not data.isascii():
        return None
    text = data.decode("ascii")
    text = "\n{}\n".format(text.strip().replace("\r\n", "\n")).replace("\\\n", "")
    properties = _vertex_properties(text)
    groups = _group_by(_preprocess_faces(text), True, False, False)
    if properties is None or not groups:
        return None
    geometry = {}
    for index, (_, _, _, chunk) in enumerate(reversed(groups)):
        vertices, faces = _group_arrays(chunk, *properties)
        geometry[index] = {"vertices": vertices, "faces": faces}
    return geometry


def _vertex_properties(text: str) -> tuple[np.ndarray, np.ndarray | None] | None:
    """``(v (n, 3) float64, vn (p, d) float64 or None)`` as ``_parse_vertices`` gives them
    (``vt`` parsed and checked only), or ``None`` outside the vectorized case."""
    starts = {key: text.find(f"\n{key} ") for key in _PROPERTY}
    present = [key for key, start in starts.items() if start >= 0]
    if "v" not in present:
        return None
    ends = [text.find("\n", text.rfind(f"\n{key} ") + 2 + len(key)) for key in present]
    start = min(starts[key] for key in present)
    end = max(e for e in ends if e >= 0)
    chunk = text[start:end].replace("+e", "e").replace("-e", "e")
    parsed = {}
    for key in present:
        lines = _PROPERTY[key].findall(chunk)
        array = np.fromstring(" ".join(lines), sep=" ", dtype=np.float64)
        shape = (len(lines), len(lines[0].split()))
        if len(array) != np.prod(shape):
            return None
        parsed[key] = array.reshape(shape)
    vertices = parsed["v"]
    if vertices.shape[1] < 3:
        return None
    return vertices[:, :3], parsed.get("vn")


def _group_arrays(chunk: str, v: np.ndarray, vn: np.ndarray | None
                  ) -> tuple[np.ndarray, np.ndarray]:
    """The vertices and faces ``load_obj`` makes of one material group's ``chunk``."""
    faces, faces_tex, faces_norm = _faces(chunk)
    if faces_tex is not None:
        if faces_norm is not None and len(faces_norm) == len(faces):
            new_faces, mask_v, _, _ = unmerge_faces(faces, faces_tex, faces_norm,
                                                    maintain_faces=False)
        else:
            new_faces, mask_v, _ = unmerge_faces(faces, faces_tex, maintain_faces=False)
    elif vn is not None and np.shape(faces_norm) == faces.shape:
        new_faces, mask_v, _ = unmerge_faces(faces, faces_norm, maintain_faces=False)
    else:
        mask_v = np.zeros(len(v), dtype=bool)
        mask_v[faces] = True
        inverse = np.zeros(len(v), dtype=np.int64)
        inverse[mask_v] = np.arange(mask_v.sum())
        new_faces = inverse[faces]
    return v[mask_v], new_faces


def _faces(chunk: str) -> tuple[np.ndarray, np.ndarray | None, np.ndarray | None]:
    """``(faces, faces_tex, faces_norm)`` of the face lines of ``chunk``, as ``load_obj``
    parses them (vectorized when every line has as many tokens as the first)."""
    lines = _FACE_LINE.findall(chunk)
    columns = len(lines[0].replace("/", " ").split())
    if not _same_widths(lines, columns):
        return _parse_faces_fallback(lines)
    array = np.fromstring(" ".join(lines).replace("/", " "), sep=" ", dtype=np.int64)
    array[array > 0] -= 1
    return _parse_faces_vectorized(array=array, columns=columns, sample_line=lines[0])


def _same_widths(lines: list[str], columns: int) -> bool:
    """Whether each of ``lines`` splits into ``columns`` tokens on whitespace and ``/``
    (trimesh's ``len(line.replace("/", " ").split())``), checked with one regex match."""
    return _widths(columns).fullmatch("\n".join(lines)) is not None


@functools.lru_cache(maxsize=64)
def _widths(columns: int) -> re.Pattern:
    """Lines of exactly ``columns`` tokens, separated by whitespace or ``/``, one per line
    (possessive quantifiers: the separator and token classes are disjoint)."""
    line = rf"[{_SPACE}/]*+(?:[^\n{_SPACE}/]++[{_SPACE}/]*+){{{columns}}}"
    return re.compile(rf"{line}(?:\n{line})*+")
