"""The vertices and faces of one mesh file, exactly as ``trimesh.load(force="mesh")`` gives them.

:func:`mesh_arrays` is what :func:`arena_core.mesh.parts.read_mesh` reads a file with.
For an ``.obj`` or ``.stl`` file it calls trimesh's own format parser
(``trimesh.exchange.obj.load_obj``, ``trimesh.exchange.stl.load_stl``) and concatenates
the parsed geometries itself, in the order trimesh's scene would: the same arrays, bit for
bit, as ``trimesh.load(path, force="mesh", process=False, skip_materials=True)``, without
building the ``Scene``, the ``Trimesh`` objects, their visuals, the copies of the scene
dump and the concatenation of the visuals (half of the time of that call on the OBJ parts
of ``../shared/realdata``). Anything the shortcut does not cover — another format, a parse
that raises, faces that are not triangles (trimesh triangulates them), a file with no
faces — goes through ``trimesh.load`` itself, so results and errors are trimesh's.
``tests/arena_core/mesh/test_arrays.py`` compares both ways on every mesh of
``../shared/realdata`` and of generated objects.

An ``.obj`` is first read by :func:`arena_core.mesh.obj_fast.obj_geometry`, which returns
``load_obj``'s geometries bit for bit with its per-line Python loops replaced by regular
expressions over the whole text: it runs ``load_obj``'s steps in its order on the same
strings, parses the same joined strings with the same ``np.fromstring`` and calls
trimesh's own chunking, face parsers and ``unmerge_faces``. It covers ASCII files with
faces whose ``v``, ``vt`` and ``vn`` values make whole rows as wide as their first line
(trimesh's vectorized vertex parse), with any face widths, ``v``, ``v/vt``, ``v//vn`` and
``v/vt/vn`` corners, ``usemtl``/``o``/``g``/``s`` lines and vertex colors; on anything
else (non-ASCII text, other vertex blocks, no ``v`` line, vertices of fewer than three
values, no faces) it returns ``None`` and ``load_obj`` reads the file. On the 1,688 OBJ parts of the objects of
``../shared/realdata`` it parses in 0.84 s what ``load_obj`` parses in 1.04 s (what remains
is mostly ``np.fromstring`` and ``unmerge_faces``); ``tests/arena_core/mesh/test_obj_fast.py``
compares it with ``load_obj`` geometry by geometry on every OBJ there and on edge cases.

Example:
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "tri.obj"
    >>> _ = path.write_text("v 0 0 0\\nv 1 0 0\\nv 0 1 0\\nf 1 2 3\\n")
    >>> vertices, faces = mesh_arrays(path)
    >>> vertices.shape, faces.tolist()
    ((3, 3), [[0, 1, 2]])
"""

from __future__ import annotations

import os
import re

import numpy as np

#: The options of every load (geometry only; no merging, no materials opened).
LOAD_OPTIONS = {"process": False, "skip_materials": True}


def mesh_arrays(path: str | os.PathLike) -> tuple[np.ndarray, np.ndarray]:
    """``(vertices (n, 3) float64, faces (m, 3) int64)`` of the mesh file at ``path``
    (faces ``(0, 3)`` for a point cloud); raises whatever ``trimesh.load`` raises."""
    ext = os.path.splitext(os.fspath(path))[1].lower()
    parse = _PARSERS.get(ext)
    if parse is not None:
        try:
            found = parse(path)
        except Exception:  # noqa: BLE001 - trimesh.load below raises it again, as it would
            found = None
        if found is not None:
            return found
    return _trimesh_arrays(path)


def _trimesh_arrays(path: str | os.PathLike) -> tuple[np.ndarray, np.ndarray]:
    import trimesh

    return _arrays(trimesh.load(str(path), force="mesh", **LOAD_OPTIONS))


def _arrays(mesh) -> tuple[np.ndarray, np.ndarray]:
    vertices = np.array(getattr(mesh, "vertices", ()), dtype=np.float64).reshape(-1, 3)
    faces = np.array(getattr(mesh, "faces", np.zeros((0, 3))), dtype=np.int64).reshape(-1, 3)
    return vertices, faces


def _obj(path: str | os.PathLike) -> tuple[np.ndarray, np.ndarray] | None:
    from arena_core.mesh.obj_fast import obj_geometry

    with open(path, "rb") as stream:
        geometry = obj_geometry(stream.read())
    return _joined(geometry) if geometry is not None else _obj_load_obj(path)


def _obj_load_obj(path: str | os.PathLike) -> tuple[np.ndarray, np.ndarray] | None:
    from trimesh.exchange.obj import load_obj

    with open(path, "rb") as stream:
        loaded = load_obj(stream, **LOAD_OPTIONS)
    return _joined(loaded.get("geometry"))


def _stl(path: str | os.PathLike) -> tuple[np.ndarray, np.ndarray] | None:
    from trimesh.exchange.stl import load_stl

    with open(path, "rb") as stream:
        loaded = load_stl(stream, **LOAD_OPTIONS)
    return _joined(loaded.get("geometry", {"stl": loaded}))


def _joined(geometry: dict | None) -> tuple[np.ndarray, np.ndarray] | None:
    """The geometries of one parse concatenated in their order (a scene's node order, each
    with an identity transform), or ``None`` when trimesh would do more than concatenate."""
    if not geometry:
        return None
    parts = list(geometry.values())
    for part in parts:
        faces = part.get("faces")
        if part.get("vertices") is None or faces is None or np.ndim(faces) != 2 \
                or np.shape(faces)[1] != 3 or len(faces) == 0:
            return None
    vertices = [np.asarray(p["vertices"], dtype=np.float64).reshape(-1, 3) for p in parts]
    offsets = np.cumsum([0, *(len(v) for v in vertices[:-1])])
    faces = [np.asarray(p["faces"], dtype=np.int64) + offset
             for p, offset in zip(parts, offsets, strict=True)]
    return np.concatenate(vertices), np.concatenate(faces)


def _dae(path: str | os.PathLike) -> tuple[np.ndarray, np.ndarray] | None:
    """A COLLADA file as trimesh reads it; when that gives no vertex and the scene binds
    materials, read again without its ``<bind_material>`` blocks. pycollada drops a whole
    node whose bound material is broken (ANYmal B's foot names a texture surface that is
    not there) where assimp, which PyBullet's and Pinocchio's loaders use, reads its
    triangles; materials are no geometry, the node's transform is kept."""
    import io

    import trimesh

    found = _trimesh_arrays(path)
    with open(path, "rb") as stream:
        data = stream.read()
    stripped = _BIND_MATERIAL.sub(b"", data)
    if len(found[0]) or stripped == data:
        return found
    return _arrays(trimesh.load(io.BytesIO(stripped), file_type="dae", force="mesh",
                                **LOAD_OPTIONS))


_BIND_MATERIAL = re.compile(rb"<bind_material\b.*?</bind_material>", re.DOTALL)
_PARSERS = {".obj": _obj, ".stl": _stl, ".dae": _dae}
