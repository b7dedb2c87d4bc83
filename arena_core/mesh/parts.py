"""Mesh files as solids: each file of an object read once, its integrals and its hull.

:func:`read_mesh` is the one way a mesh file is read (checked first, then parsed by
:func:`arena_core.mesh.arrays.mesh_arrays`: a scene flattened with the file's own node
transforms, an OBJ's materials never opened). A :class:`MeshCache` reads each file of one
object once (known by content where the canonical copy keeps it, so the canonical folder
is served from the reads of its source) and keeps each file's :class:`Part` per scale: the
exact solid integrals of a closed, consistently wound mesh, or its hull alone
(``solid=False``) for an open one. :mod:`arena_core.mesh.massprops` combines the parts of a link.

Example:
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "tri.obj")
    >>> _ = open(path, "w").write("v 0 0 0\\nv 1 0 0\\nv 0 1 0\\nf 1 2 3\\n")
    >>> part = MeshCache().part(path, np.ones(3))
    >>> part.solid, len(part.hull)
    (False, 3)
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass

import numpy as np

from arena_core.mesh.arrays import mesh_arrays
from arena_core.mesh.convexity import closed_convex
from arena_core.mesh.watertight import may_be_watertight
from arena_core.util import tolerances as tol
from arena_core.util.fs import RealPaths, file_problem
from arena_core.util.input_limits import MESH_MAX_BYTES
from schemas.errors import ArenaError


@dataclass(frozen=True)
class Part:
    """One solid in its own frame at unit density.

    ``volume`` m^3, ``com`` ``(3,)`` m, ``inertia`` ``(3, 3)`` about ``com`` (m^5, i.e. per
    unit density), ``hull`` ``(k, 3)`` vertices whose convex hull (and bounding box) is the
    part's, ``solid`` whether the integrals are of a closed positive-volume surface.
    """

    volume: float
    com: np.ndarray
    inertia: np.ndarray
    hull: np.ndarray
    solid: bool

    def placed(self, pose: np.ndarray) -> Part:
        """The part moved by the rigid ``(4, 4)`` ``pose``."""
        rot, shift = pose[:3, :3], pose[:3, 3]
        return Part(self.volume, rot @ self.com + shift, rot @ self.inertia @ rot.T,
                    self.placed_hull(pose), self.solid)

    def placed_hull(self, pose: np.ndarray) -> np.ndarray:
        """``placed(pose).hull`` alone (no integrals moved)."""
        return self.hull @ pose[:3, :3].T + pose[:3, 3]


class MeshLoadFailure(ArenaError, ValueError):
    """A mesh that could not be used; ``code`` is its issue code."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class MeshGeometry:
    """The geometry of one mesh file as :func:`read_mesh` reads it, in file units.

    ``vertices`` ``(n, 3)`` float64 (``n >= 1``), ``faces`` ``(m, 3)`` int64 (``(0, 3)`` for
    a file of points); both read-only, since a :class:`MeshCache` shares them.
    """

    vertices: np.ndarray
    faces: np.ndarray


class MeshCache:
    """Each mesh file of an object read once (:func:`read_mesh`), failures included.

    A file is known by its content where the canonical copy keeps it: an ``.stl`` by the
    sha256 of its bytes, an ``.obj`` by that of its bytes without ``mtllib`` lines (the
    loader never reads materials, and the copy only renames them), so the canonical folder
    is served from the reads of its source. Other formats (which may name further files,
    and whose copies are converted to ``.obj``) are known by resolved path. Parts are kept
    per ``(file, scale)``. One cache serves one object's processing: it holds the geometry
    of every mesh it read, and files must not change while it lives.
    """

    def __init__(self, max_bytes: int = MESH_MAX_BYTES):
        self.max_bytes = max_bytes
        self._keys: dict[str, tuple[str, str]] = {}
        self._meshes: dict[tuple[str, str], MeshGeometry | MeshLoadFailure] = {}
        self._parts: dict[tuple, Part | MeshLoadFailure] = {}
        self._hulls: dict[tuple, object] = {}
        self._convex: dict[tuple[str, str], bool] = {}
        self.real = RealPaths()  # the object's files resolved, a folder once

    def mesh(self, path: str | os.PathLike) -> MeshGeometry:
        """The geometry of the file at ``path``; raises :class:`MeshLoadFailure`."""
        key = self._key(path)
        if key not in self._meshes:
            self._meshes[key] = _attempt(lambda: read_mesh(path, max_bytes=self.max_bytes))
        return _found(self._meshes[key])

    def vertices(self, path: str | os.PathLike | None) -> np.ndarray | None:
        """The vertices of the file at ``path`` (file units), or ``None`` when there is no
        path or the file does not load (whoever reads the mesh for real reports why)."""
        if path is None:
            return None
        try:
            return self.mesh(path).vertices
        except MeshLoadFailure:
            return None

    def part(self, path: str | os.PathLike, scale: np.ndarray) -> Part:
        """The mesh at ``path`` scaled by ``scale`` ``(3,)``; raises :class:`MeshLoadFailure`."""
        scale = np.asarray(scale, dtype=float)
        if scale.shape != (3,):
            scale = np.broadcast_to(scale, (3,))
        key = (self._key(path), tuple(scale.tolist()))
        if key not in self._parts:
            self._parts[key] = _attempt(lambda: _scaled_part(self.mesh(path), scale))
        return _found(self._parts[key])

    def convex_solid(self, path: str | os.PathLike) -> bool:
        """Whether the file at ``path`` is a closed convex solid
        (:func:`~arena_core.mesh.convexity.closed_convex`; any scale and placement keep it
        so), computed once per file; raises :class:`MeshLoadFailure`."""
        key = self._key(path)
        if key not in self._convex:
            mesh = self.mesh(path)
            self._convex[key] = closed_convex(mesh.vertices, mesh.faces)
        return self._convex[key]

    def convex_hull(self, points: np.ndarray):
        """``scipy.spatial.ConvexHull(points)`` of ``(n, 3)`` float64 points, computed once per
        point set (the same bytes): the mass properties of a link and its verification hull
        the same link-frame points. Raises what ``ConvexHull`` raises (``QhullError``,
        ``ValueError``), again on every call; the hull must not be modified."""
        from scipy.spatial import ConvexHull, QhullError

        points = np.ascontiguousarray(points, dtype=float)
        key = (points.shape, points.tobytes())
        found = self._hulls.get(key)
        if found is None:
            try:
                found = ConvexHull(points)
            except (QhullError, ValueError) as exc:
                found = exc
            self._hulls[key] = found
        if isinstance(found, Exception):
            raise found
        return found

    def _key(self, path: str | os.PathLike) -> tuple[str, str]:
        real = self.real(path)
        if real not in self._keys:
            self._keys[real] = _content_key(real, self.max_bytes)
        return self._keys[real]


#: Formats a :class:`MeshCache` knows by content (those the canonical copy can keep).
CONTENT_KEYED = (".obj", ".stl")

_MTLLIB_LINE = re.compile(rb"(?m)^[ \t]*mtllib(?:[ \t\r][^\n]*)?(?:\n|$)")


def _content_key(real: str, max_bytes: int) -> tuple[str, str]:
    """``(format, sha256 of the geometry bytes)``, or ``("path", real)`` (see MeshCache)."""
    ext = os.path.splitext(real)[1].lower()
    if ext not in CONTENT_KEYED or file_problem(real, max_bytes=max_bytes) is not None:
        return "path", real
    try:
        with open(real, "rb") as stream:
            data = stream.read()
    except OSError:
        return "path", real  # read_mesh says what is wrong
    if ext == ".obj":
        data = _without_mtllib(data)
    return ext, hashlib.sha256(data).hexdigest()


def _without_mtllib(data: bytes) -> bytes:
    """The OBJ text ``data`` without its ``mtllib`` lines; only the lines from the first to
    the last ``mtllib`` are searched (a large mesh names its materials once, at the top).

    >>> _without_mtllib(b"# x\\nmtllib a.mtl\\nv 0 0 0\\n  mtllib b\\nmtllibX\\n")
    b'# x\\nv 0 0 0\\nmtllibX\\n'
    """
    first = data.find(b"mtllib")
    if first < 0:
        return data
    start = data.rfind(b"\n", 0, first) + 1
    end = data.find(b"\n", data.rfind(b"mtllib"))
    end = len(data) if end < 0 else end + 1
    return data[:start] + _MTLLIB_LINE.sub(b"", data[start:end]) + data[end:]


def _attempt(load):
    """``load()``, or the :class:`MeshLoadFailure` it raised (to be cached like a result)."""
    try:
        return load()
    except MeshLoadFailure as exc:
        return exc


def _found(entry):
    if isinstance(entry, MeshLoadFailure):
        raise entry
    return entry


def triangles_part(tris: np.ndarray, hull: np.ndarray, *, solid: bool) -> Part:
    """The solid bounded by the triangles ``tris`` ``(m, 3, 3)`` (closed, outward), with
    ``hull`` as its hull vertices."""
    from trimesh.triangles import mass_properties

    props = mass_properties(tris, density=1.0)
    return Part(float(props.volume), np.asarray(props.center_mass, float),
                np.asarray(props.inertia, float), hull, solid)


def _scaled_part(mesh: MeshGeometry, scale: np.ndarray) -> Part:
    vertices = mesh.vertices * scale
    if not np.all(np.isfinite(vertices)):
        raise MeshLoadFailure("mesh.nonfinite", "vertices are not all finite")
    faces = mesh.faces[:, ::-1] if np.prod(np.sign(scale)) < 0 else mesh.faces
    return _solid_part(vertices, faces.copy())


def read_mesh(path: str | os.PathLike, *, max_bytes: int = MESH_MAX_BYTES) -> MeshGeometry:
    """The geometry of one mesh file (the one way mesh files are read; through a
    :class:`MeshCache`, each file once per object).

    The file is checked before it is read (:func:`arena_core.util.fs.file_problem`, at most
    ``max_bytes``), then read as ``trimesh.load(force="mesh")`` reads it
    (:func:`arena_core.mesh.arrays.mesh_arrays`): a scene flattened with the file's own node
    transforms, an OBJ's materials never opened (geometry only).

    Raises:
        MeshLoadFailure: ``mesh.<kind>`` (missing, too_large, not_a_file, ...) or
            ``mesh.unreadable``.
    """
    problem = file_problem(path, max_bytes=max_bytes)
    if problem is not None:
        raise MeshLoadFailure(f"mesh.{problem.kind}", problem.message)
    try:
        vertices, faces = mesh_arrays(path)
    except Exception as exc:  # noqa: BLE001 - trimesh raises anything on hostile bytes
        raise MeshLoadFailure("mesh.unreadable", f"trimesh cannot load it "
                              f"({type(exc).__name__}: {str(exc)[:200]})") from None
    if len(vertices) == 0:
        raise MeshLoadFailure("mesh.unreadable", "no geometry could be read from the file")
    vertices.setflags(write=False)
    faces.setflags(write=False)
    return MeshGeometry(vertices, faces)


def _solid_part(vertices: np.ndarray, faces: np.ndarray) -> Part:
    """Exact integrals when the merged surface is a closed volume, else a hull-only part."""
    import trimesh

    hull = _hull_vertices(vertices)
    if len(faces) == 0 or not may_be_watertight(vertices, faces):  # open: no trimesh needed
        return Part(0.0, vertices.mean(axis=0), np.zeros((3, 3)), hull, False)
    mesh = trimesh.Trimesh(vertices=vertices, faces=faces, process=True, validate=False)
    solid = bool(mesh.is_watertight and mesh.is_winding_consistent)
    with np.errstate(divide="ignore", invalid="ignore"):
        volume = float(mesh.volume) if solid else 0.0
    inverted = volume < 0
    if inverted:
        mesh.invert()
        volume = -volume
    if not solid or not volume > tol.MIN_VOLUME:
        return Part(0.0, vertices.mean(axis=0), np.zeros((3, 3)), hull, False)
    if inverted:
        return triangles_part(np.asarray(mesh.triangles), hull, solid=True)
    # ``mesh.volume`` already integrated these triangles at density 1 (the same call as
    # ``triangles_part``, the same bits): reuse the integrals
    props = mesh.mass_properties
    return Part(float(props.volume), np.asarray(props.center_mass, float),
                np.asarray(props.inertia, float), hull, True)


def _hull_vertices(points: np.ndarray) -> np.ndarray:
    from scipy.spatial import ConvexHull, QhullError

    if len(points) < 5:
        return points.copy()
    try:
        return points[ConvexHull(points).vertices]
    except (QhullError, ValueError):
        return points.copy()
