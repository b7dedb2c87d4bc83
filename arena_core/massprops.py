"""Mass properties of a link from its geometry, at a uniform nominal density.

A link without a usable URDF ``<inertial>`` gets one derived from its visual geometry
(collision geometry when it has no visual): each mesh is placed in the link frame by its
``origin`` and ``scale`` and the parts are combined at :data:`NOMINAL_DENSITY`. The method
is recorded in :attr:`MassProperties.source`:

* ``mesh_volume``: every part is a closed, consistently wound, positive-volume mesh (or a
  box/cylinder/sphere primitive); mass, COM and inertia are the exact solid integrals.
* ``convex_hull``: some part is open or self-inconsistent (typical of PartNet-Mobility OBJ
  parts); the solid is the convex hull of all the link's vertices.
* ``default``: nothing usable loads, or the hull is flat (a 3-vertex mesh, a plane): a cube
  of side :data:`DEFAULT_BOX_SIDE` at the center of whatever vertices loaded.

Every result is physical by the one rule (:func:`arena_core.inertia.inertia_problem`;
:func:`regularize_inertia`). Density cancels in the metric (SPEC 3); it only sets
the unit of the stored masses. One bad mesh never raises: it becomes an issue and the link
falls back to what did load. Codes: ``mesh.unreadable``, ``mesh.too_large``,
``mesh.missing``, ``mesh.nonfinite`` (warnings: the verification reports the mesh itself)
and ``geometry.origin.nonfinite`` (error: a NaN/inf origin or scale in the URDF).

Example:
    >>> import numpy as np
    >>> from arena_core.model import Link, Primitive
    >>> box = Primitive("box", (1.0, 2.0, 3.0), np.eye(4))
    >>> props, issues = link_mass_properties(Link("l", primitives=(box,)))
    >>> props.source, round(props.mass, 6), np.diag(props.inertia).round(3).tolist()
    ('mesh_volume', 6000.0, [6500.0, 5000.0, 2500.0])
"""

from __future__ import annotations

import hashlib
import math
import os
import re
from dataclasses import dataclass

import numpy as np

from arena_core import tolerances as tol
from arena_core.fsutil import RealPaths, file_problem
from arena_core.limits import MESH_MAX_BYTES
from arena_core.mesh_arrays import mesh_arrays
from arena_core.model import Link, MassProperties, Primitive
from arena_core.watertight import may_be_watertight
from schemas.errors import ArenaError
from schemas.issues import Issue

#: Uniform density (kg/m^3, water) used for every mass derived from geometry.
NOMINAL_DENSITY = 1000.0

#: Side (m) of the cube used when a link's geometry has no volume at all.
DEFAULT_BOX_SIDE = 0.01

#: Points on the circle of a cylinder primitive used for its hull.
_CYLINDER_SEGMENTS = 32


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
        self.real = RealPaths()  # the object's files resolved, a folder once

    def mesh(self, path: str | os.PathLike) -> MeshGeometry:
        """The geometry of the file at ``path``; raises :class:`MeshLoadFailure`."""
        key = self._key(path)
        if key not in self._meshes:
            self._meshes[key] = _attempt(lambda: read_mesh(path, max_bytes=self.max_bytes))
        return _found(self._meshes[key])

    def part(self, path: str | os.PathLike, scale: np.ndarray) -> Part:
        """The mesh at ``path`` scaled by ``scale`` ``(3,)``; raises :class:`MeshLoadFailure`."""
        scale = np.asarray(scale, dtype=float)
        if scale.shape != (3,):
            scale = np.broadcast_to(scale, (3,))
        key = (self._key(path), tuple(scale.tolist()))
        if key not in self._parts:
            self._parts[key] = _attempt(lambda: _scaled_part(self.mesh(path), scale))
        return _found(self._parts[key])

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


def link_mass_properties(
    link: Link, *, density: float = NOMINAL_DENSITY, cache: MeshCache | None = None
) -> tuple[MassProperties, list[Issue]]:
    """Mass properties of ``link`` in its link frame, from its geometry.

    Args:
        link: the link; its visual meshes/primitives are used (collision if no visual).
        density: uniform density in kg/m^3.
        cache: shared mesh cache (a fresh one when ``None``).

    Returns:
        ``(props, issues)``: ``props.mass`` kg, ``props.com`` ``(3,)`` m and
        ``props.inertia`` ``(3, 3)`` kg m^2 about the COM, link frame; ``props.source`` is
        ``mesh_volume``, ``convex_hull`` or ``default``; ``issues`` name meshes that did not load.
    """
    _check_density(density)
    cache = cache if cache is not None else MeshCache()
    parts, issues = link_parts(link, cache)
    props = None
    if parts and all(p.solid and p.volume > tol.MIN_VOLUME for p in parts):
        props = _combine(parts, density, "mesh_volume")
    points = np.concatenate([p.hull for p in parts]) if parts else np.zeros((0, 3))
    if props is None:
        hull = _hull_part(points, cache)
        props = _combine([hull], density, "convex_hull") if hull is not None else None
    return (props if props is not None else default_mass_properties(points, density)), issues


def link_parts(link: Link, cache: MeshCache) -> tuple[list[Part], list[Issue]]:
    """The link's solids placed in the link frame, and issues for meshes that failed."""
    kind = geometry_kind(link)
    parts, issues = [], []
    for ref in (m for m in link.meshes if m.kind == kind and m.path is not None):
        if not _finite_pose(ref.origin, ref.scale):
            issues.append(_nonfinite_issue(link.name, ref.filename))
            continue
        try:
            parts.append(cache.part(ref.path, ref.scale).placed(np.asarray(ref.origin, float)))
        except MeshLoadFailure as exc:
            issues.append(Issue(code=exc.code, severity="warning", location=f"link:{link.name}",
                                message=f"mesh {ref.filename!r}: {exc}; mass properties use "
                                "the other geometry of the link"))
    for prim in (p for p in link.primitives if p.kind == kind):
        part = primitive_part(prim)
        if part is not None and not _finite_pose(prim.origin):
            issues.append(_nonfinite_issue(link.name, prim.shape))
        elif part is not None:
            parts.append(part.placed(np.asarray(prim.origin, float)))
    return parts, issues


def _finite_pose(origin: np.ndarray, scale: np.ndarray | None = None) -> bool:
    ok = bool(np.all(np.isfinite(np.asarray(origin, dtype=float))))
    return ok and (scale is None or bool(np.all(np.isfinite(np.asarray(scale, dtype=float)))))


def _nonfinite_issue(link: str, what: str) -> Issue:
    return Issue(code="geometry.origin.nonfinite", severity="error", location=f"link:{link}",
                 message=f"{what!r} has a non-finite origin or scale (NaN/inf); left out of "
                 "the mass properties")


def geometry_kind(link: Link) -> str:
    """``"visual"`` when the link has usable visual geometry (a primitive or a mesh that
    resolved to a file), else ``"collision"``."""
    usable = (*(m for m in link.meshes if m.path is not None), *link.primitives)
    return "visual" if any(g.kind == "visual" for g in usable) else "collision"


def link_points(link: Link, cache: MeshCache, *, kind: str | None = None) -> np.ndarray:
    """``(n, 3)`` hull vertices (link frame, m) of the link's geometry (bounding boxes).

    ``kind`` ``"visual"``/``"collision"``; default :func:`geometry_kind` (the geometry the
    mass properties use). Meshes that fail to load are skipped silently
    (:func:`link_mass_properties` reports them).
    """
    kind = geometry_kind(link) if kind is None else kind
    chunks = [np.zeros((0, 3))]
    for ref in (m for m in link.meshes if m.kind == kind and m.path is not None):
        if not _finite_pose(ref.origin, ref.scale):
            continue
        try:
            chunks.append(cache.part(ref.path, ref.scale).placed_hull(np.asarray(ref.origin)))
        except MeshLoadFailure:
            continue
    for prim in (p for p in link.primitives if p.kind == kind):
        part = primitive_part(prim)
        if part is not None and _finite_pose(prim.origin):
            chunks.append(part.placed_hull(np.asarray(prim.origin, float)))
    return np.concatenate(chunks)


def default_mass_properties(points: np.ndarray, density: float = NOMINAL_DENSITY
                            ) -> MassProperties:
    """The documented fallback: a cube of side :data:`DEFAULT_BOX_SIDE` at the bbox center
    of ``points`` ``(n, 3)`` (at the link origin when there are none)."""
    finite = points[np.all(np.isfinite(points), axis=1)] if len(points) else points
    center = 0.5 * (finite.min(axis=0) + finite.max(axis=0)) if len(finite) else np.zeros(3)
    mass = density * DEFAULT_BOX_SIDE**3
    inertia = np.eye(3) * mass * DEFAULT_BOX_SIDE**2 / 6.0
    return MassProperties(mass=mass, com=center, inertia=inertia, source="default")


def primitive_part(prim: Primitive) -> Part | None:
    """Exact solid of a ``box``/``cylinder``/``sphere`` in its own frame (``None`` if empty)."""
    size = np.abs(np.asarray(prim.size, dtype=float))
    if not np.all(np.isfinite(size)) or np.any(size <= 0):
        return None
    if prim.shape == "box":
        x, y, z = size
        vol = x * y * z
        inertia = vol / 12.0 * np.diag([y * y + z * z, x * x + z * z, x * x + y * y])
        hull = np.array([[sx, sy, sz] for sx in (-x, x) for sy in (-y, y) for sz in (-z, z)]) / 2
    elif prim.shape == "cylinder":
        r, length = size
        vol = math.pi * r * r * length
        side = vol * (3 * r * r + length * length) / 12.0
        inertia = np.diag([side, side, vol * r * r / 2.0])
        ang = np.linspace(0.0, 2 * math.pi, _CYLINDER_SEGMENTS, endpoint=False)
        ring = np.stack([r * np.cos(ang), r * np.sin(ang), np.zeros_like(ang)], axis=1)
        hull = np.concatenate([ring + [0, 0, -length / 2], ring + [0, 0, length / 2]])
    else:
        r = size[0]
        vol = 4.0 / 3.0 * math.pi * r**3
        inertia = np.eye(3) * 0.4 * vol * r * r
        hull = np.concatenate([np.eye(3) * r, -np.eye(3) * r])
    return Part(vol, np.zeros(3), inertia, hull, True)


def regularize_inertia(inertia: np.ndarray) -> np.ndarray:
    """Symmetric positive-definite ``(3, 3)`` inertia obeying ``a + b >= c``.

    Principal moments are floored at ``tol.INERTIA_FLOOR`` times the largest (and at
    ``10 * tol.MIN_INERTIA``) and the largest is clipped to the sum of the other two, so
    the result is physical; a physical input changes only at rounding level.
    """
    sym = 0.5 * (inertia + inertia.T)
    moments, vecs = np.linalg.eigh(sym)
    floor = max(tol.INERTIA_FLOOR * float(moments.max()), 10 * tol.MIN_INERTIA)
    moments = np.maximum(moments, floor)
    moments[2] = min(moments[2], moments[0] + moments[1])
    out = (vecs * moments) @ vecs.T
    return np.triu(out) + np.triu(out, 1).T


def _combine(parts: list[Part], density: float, source: str) -> MassProperties | None:
    """The union of ``parts`` at ``density`` (``None`` when the sums overflow)."""
    vols = np.array([p.volume for p in parts])
    total = float(vols.sum())
    with np.errstate(over="ignore", invalid="ignore"):
        com = (vols[:, None] * np.array([p.com for p in parts])).sum(axis=0) / total
        inertia = np.zeros((3, 3))
        for p in parts:
            d = p.com - com
            inertia += p.inertia + p.volume * (d @ d * np.eye(3) - np.outer(d, d))
    if not (np.all(np.isfinite(com)) and np.all(np.isfinite(density * inertia))):
        return None
    return MassProperties(mass=density * total, com=com,
                          inertia=regularize_inertia(density * inertia), source=source)


def _hull_part(points: np.ndarray, cache: MeshCache) -> Part | None:
    """The convex hull of ``points`` as a solid, ``None`` when flat or too small (the hull
    through ``cache``: :meth:`MeshCache.convex_hull`)."""
    from scipy.spatial import QhullError

    points = points[np.all(np.isfinite(points), axis=1)] if len(points) else points
    if len(points) < 4:
        return None
    try:
        hull = cache.convex_hull(points)
    except (QhullError, ValueError):
        return None
    if hull.volume <= tol.MIN_VOLUME:
        return None
    tris = _outward(points[hull.simplices], points[hull.vertices].mean(axis=0))
    return _triangles_part(tris, points[hull.vertices], solid=True)


def _outward(tris: np.ndarray, inside: np.ndarray) -> np.ndarray:
    """Orient hull triangles ``(m, 3, 3)`` so their normals point away from ``inside``."""
    normals = np.cross(tris[:, 1] - tris[:, 0], tris[:, 2] - tris[:, 0])
    flip = np.einsum("ij,ij->i", normals, tris[:, 0] - inside) < 0
    tris = tris.copy()
    tris[flip] = tris[flip][:, ::-1]
    return tris


def _triangles_part(tris: np.ndarray, hull: np.ndarray, *, solid: bool) -> Part:
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

    The file is checked before it is read (:func:`arena_core.fsutil.file_problem`, at most
    ``max_bytes``), then read as ``trimesh.load(force="mesh")`` reads it
    (:func:`arena_core.mesh_arrays.mesh_arrays`): a scene flattened with the file's own node
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
    if volume < 0:
        mesh.invert()
        volume = -volume
    if not solid or not volume > tol.MIN_VOLUME:
        return Part(0.0, vertices.mean(axis=0), np.zeros((3, 3)), hull, False)
    return _triangles_part(np.asarray(mesh.triangles), hull, solid=True)


def _hull_vertices(points: np.ndarray) -> np.ndarray:
    from scipy.spatial import ConvexHull, QhullError

    if len(points) < 5:
        return points.copy()
    try:
        return points[ConvexHull(points).vertices]
    except (QhullError, ValueError):
        return points.copy()


def _check_density(density: float) -> None:
    if not (math.isfinite(density) and density > 0):
        raise ValueError(f"density: expected a positive finite kg/m^3, got {density!r}")
