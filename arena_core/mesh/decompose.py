"""Convex decomposition of one collision mesh: its connected pieces, CoACD for the pieces
that are not close to convex, and at most a given number of convex pieces.

:func:`convex_pieces` works on a mesh's arrays in file units (convexity is kept by any
scale, so one decomposition serves every ``<mesh scale>``):

1. the mesh is split into its connected pieces (vertices welded by position);
2. a piece whose hull stands off it by at most ``keep`` (file units; default
   ``tol.CONVEX_STANDOFF`` of the mesh's bounding-box diagonal) is one convex piece (its
   vertices); a closed piece that planes through its faces cut into pieces within ``keep``
   of their hulls is those pieces (:mod:`arena_core.mesh.plane_split`); an open surface of at most ``max_pieces`` flat regions (boards without
   thickness: a drawer, a shelf) is split into them; any other goes to CoACD (`coacd` on
   PyPI, Wei et al. 2022) with the fixed :attr:`DecomposeParams.seed`;
3. while there are more than ``max_pieces`` pieces, the two whose merged bounding box adds
   the least volume to theirs are merged (their hull is the merged piece).

Every piece is returned as the vertices of its convex hull, so the result is what engines
use. :class:`PieceStore` keeps results on disk keyed by the content hash of the arrays and
the parameters: an unchanged mesh is never decomposed twice.

Example:
    >>> import numpy as np
    >>> cube = np.array([[x, y, z] for x in (0, 1) for y in (0, 1) for z in (0, 1)], float)
    >>> faces = np.array([[0, 1, 3], [0, 3, 2], [4, 6, 7], [4, 7, 5], [0, 4, 5], [0, 5, 1],
    ...                   [2, 3, 7], [2, 7, 6], [0, 2, 6], [0, 6, 4], [1, 5, 7], [1, 7, 3]])
    >>> two = np.concatenate([cube, cube + [3, 0, 0]]), np.concatenate([faces, faces + 8])
    >>> [len(p) for p in convex_pieces(*two, params=DecomposeParams(max_pieces=4))]
    [8, 8]
    >>> [len(p) for p in convex_pieces(*two, params=DecomposeParams(max_pieces=1))]  # one hull of both
    [8]
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from dataclasses import asdict, dataclass
from importlib.metadata import version
from pathlib import Path

import numpy as np
import trimesh
from scipy.spatial import ConvexHull, QhullError

from arena_core.mesh.convexity import closed_convex, hull_standoff, hull_triangles, split_mesh
from arena_core.mesh.plane_split import plane_pieces
from arena_core.util import tolerances as tol
from arena_core.util.hashing import bytes_sha256
from schemas.errors import ArenaError

#: Convex pieces per link unless the source manifest says otherwise (``collision_max_pieces``).
DEFAULT_MAX_PIECES = 32

#: Bump when :mod:`arena_core.mesh.plane_split` cuts differently (part of the cache key).
PLANE_SPLIT_VERSION = 1

#: A connected piece with more triangles than this is not given to CoACD (its cost grows
#: with the surface; such a piece keeps its hull and the fidelity figure says what it costs).
MAX_COACD_FACES = 5_000


class DecomposeError(ArenaError, RuntimeError):
    """CoACD failed on a mesh (the message says why); the mesh is kept as it is."""


@dataclass(frozen=True)
class DecomposeParams:
    """CoACD's parameters (its names), the bound on the pieces and the standoff (file units)
    up to which a connected piece is kept whole (``keep``); part of the cache key.

    The defaults trade CoACD's own (threshold 0.05, resolution 2000, 150 MCTS iterations
    of depth 3) for seconds per mesh (CoACD's defaults take 20-40 s on a 24-triangle open
    box on this machine, these 1-3 s); the fidelity figure of every link says what the
    coarser pieces cost (docs/performance.md).
    """

    max_pieces: int = DEFAULT_MAX_PIECES
    keep: float | None = None
    threshold: float = 0.1
    resolution: int = 300
    preprocess_resolution: int = 20
    mcts_iterations: int = 10
    mcts_nodes: int = 5
    mcts_max_depth: int = 1
    seed: int = 0

    def key(self) -> dict:
        return {**asdict(self), "coacd": version("coacd"), "standoff": tol.CONVEX_STANDOFF,
                "plane_split": PLANE_SPLIT_VERSION}


def convex_pieces(vertices: np.ndarray, faces: np.ndarray, *,
                  params: DecomposeParams) -> list[np.ndarray]:
    """Hull vertices ``(k_i, 3)`` of at most ``params.max_pieces`` convex pieces covering
    the ``(n, 3)`` vertices and ``(m, 3)`` faces (module docstring), deterministic.

    Raises:
        DecomposeError: CoACD failed on a piece.
    """
    vertices = np.asarray(vertices, dtype=float)
    size = float(np.linalg.norm(np.ptp(vertices, axis=0))) if len(vertices) else 0.0
    keep = tol.CONVEX_STANDOFF * size if params.keep is None else params.keep
    pieces: list[np.ndarray] = []
    for v, f in split_mesh(vertices, faces):
        if len(f) > MAX_COACD_FACES or _close_to_convex(v, f, keep):
            pieces.append(v)
        else:
            pieces += (_plane_split(v, f, keep) or _planar_pieces(v, f, params.max_pieces)
                       or _coacd(v, f, params))
    return [_hull_vertices(p) for p in _merged(pieces, params.max_pieces)]


class PieceStore:
    """Decompositions on disk, ``root/<key[:2]>/<key>/<NN>.obj``: each piece an OBJ of its
    hull (``v``/``f`` lines, the shortest text of each float), written whole or not at all.
    ``decomposed`` and ``hits`` count what this store did (decompositions run, reused)."""

    def __init__(self, root: str | os.PathLike):
        self.root = Path(root)
        self.decomposed = 0
        self.hits = 0

    def pieces(self, vertices: np.ndarray, faces: np.ndarray, *,
               params: DecomposeParams) -> list[Path]:
        """The piece files of a mesh, decomposed now unless stored (raises what
        :func:`convex_pieces` raises)."""
        key = _key(vertices, faces, params)
        entry = self.root / key[:2] / key
        done = entry / "pieces.json"
        if done.is_file():
            self.hits += 1
            return [entry / name for name in json.loads(done.read_text())]
        found = convex_pieces(vertices, faces, params=params)
        self.decomposed += 1
        return self._write(entry, found)

    def _write(self, entry: Path, pieces: list[np.ndarray]) -> list[Path]:
        entry.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{entry.name[:12]}-", dir=entry.parent))
        try:
            names = [f"{i:02d}.obj" for i in range(len(pieces))]
            for name, piece in zip(names, pieces, strict=True):
                (tmp / name).write_bytes(hull_obj(piece))
            (tmp / "pieces.json").write_text(json.dumps(names))
            os.replace(tmp, entry)
        except OSError:
            if not (entry / "pieces.json").is_file():  # not a concurrent worker's copy
                raise
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        return [entry / name for name in names]


def hull_obj(points: np.ndarray) -> bytes:
    """The OBJ text of the convex hull of ``(n, 3)`` points; a flat set is written as the
    fan of its outline (the stage makes it a thin box), so every piece file is a mesh."""
    tris = hull_triangles(points)
    if len(tris) == 0:
        tris = _flat_fan(np.asarray(points, dtype=float))
    verts, index = np.unique(tris.reshape(-1, 3), axis=0, return_inverse=True)
    lines = [f"v {x!r} {y!r} {z!r}" for x, y, z in verts.tolist()]
    lines += [f"f {a + 1} {b + 1} {c + 1}" for a, b, c in index.reshape(-1, 3).tolist()]
    return ("\n".join(lines) + "\n").encode()


def _flat_fan(points: np.ndarray) -> np.ndarray:
    """``(m, 3, 3)`` triangles fanning the outline of coplanar points (their 2-D hull in the
    plane of their two largest spreads; the points in order when that fails)."""
    centre = points.mean(axis=0)
    _, _, vt = np.linalg.svd(points - centre)
    try:
        order = ConvexHull((points - centre) @ vt[:2].T).vertices
    except (QhullError, ValueError):
        order = np.arange(len(points))
    ring = points[order]
    if len(ring) < 3:
        ring = points[np.resize(np.arange(len(points)), 3)]
    return np.stack([np.repeat(ring[:1], len(ring) - 2, axis=0), ring[1:-1], ring[2:]], axis=1)


# ----------------------------------------------------------------------------- helpers
def _close_to_convex(vertices: np.ndarray, faces: np.ndarray, keep: float) -> bool:
    if len(vertices) < 4 or len(faces) == 0 or closed_convex(vertices, faces):
        return True
    return hull_standoff(vertices, vertices[faces], seed=0) <= keep


def _plane_split(vertices: np.ndarray, faces: np.ndarray, keep: float
                 ) -> list[np.ndarray] | None:
    """A closed piece split by planes through its faces
    (:func:`arena_core.mesh.plane_split.plane_pieces`: a drawer or a shell modelled as a box
    minus a box comes apart into its boards exactly), when every piece is then within
    ``keep`` of its hull; ``None`` otherwise (an open or a curved surface: CoACD's)."""
    if not _closed(faces):
        return None
    try:
        found = plane_pieces(vertices, faces, limit=keep)
    except ValueError:
        return None
    if not found or not all(_close_to_convex(v, f, keep) for v, f in found):
        return None
    return [v for v, _ in found]


def _closed(faces: np.ndarray) -> bool:
    """Every edge of the (welded) faces is shared by exactly two faces."""
    f = np.asarray(faces, dtype=np.int64).reshape(-1, 3)
    edges = np.sort(np.concatenate([f[:, [0, 1]], f[:, [1, 2]], f[:, [2, 0]]]), axis=1)
    return len(f) >= 4 and bool(np.all(np.unique(edges, axis=0, return_counts=True)[1] == 2))


def _planar_pieces(vertices: np.ndarray, faces: np.ndarray, limit: int
                   ) -> list[np.ndarray] | None:
    """The flat regions of an open surface made of at most ``limit`` of them (a drawer or a
    shelf modelled as boards without thickness), each one piece; ``None`` for a closed
    surface or a curved one. CoACD would first make such a surface a solid on a voxel grid,
    thickening every board by a voxel."""
    mesh = trimesh.Trimesh(vertices, faces, process=False)
    if mesh.is_watertight:
        return None
    groups = [np.asarray(g) for g in mesh.facets]
    if len(groups) > limit:
        return None
    grouped = np.zeros(len(faces), dtype=bool)
    for g in groups:
        grouped[g] = True
    groups += [np.array([i]) for i in np.flatnonzero(~grouped)]
    if len(groups) > limit:
        return None
    return [vertices[np.unique(faces[g])] for g in groups]


def _coacd_module():
    """``coacd``, imported when a mesh needs it, its OpenMP runtime held to one thread.

    CoACD's wheel bundles its own libgomp, which reads ``OMP_NUM_THREADS`` once, when it is
    loaded. With a pool of threads, a process that forks after CoACD ran (the per-object
    sandbox of a build, a test process) has a child whose first CoACD call waits forever for
    threads that were not forked. One thread makes no pool, and the build's parallelism is
    its workers anyway (two on two cores), so the variable is set to 1 for the import and put
    back after it.
    """
    if "coacd" in sys.modules:
        return sys.modules["coacd"]
    before = os.environ.get("OMP_NUM_THREADS")
    os.environ["OMP_NUM_THREADS"] = "1"
    try:
        import coacd  # a compiled wheel
    finally:
        if before is None:
            del os.environ["OMP_NUM_THREADS"]
        else:
            os.environ["OMP_NUM_THREADS"] = before
    return coacd


def _coacd(vertices: np.ndarray, faces: np.ndarray, params: DecomposeParams
           ) -> list[np.ndarray]:
    coacd = _coacd_module()
    coacd.set_log_level("off")
    try:
        found = coacd.run_coacd(
            coacd.Mesh(vertices, faces), threshold=params.threshold,
            max_convex_hull=params.max_pieces, preprocess_mode="auto",
            preprocess_resolution=params.preprocess_resolution, resolution=params.resolution,
            mcts_nodes=params.mcts_nodes, mcts_iterations=params.mcts_iterations,
            mcts_max_depth=params.mcts_max_depth, seed=params.seed)
    except Exception as exc:  # noqa: BLE001 - CoACD raises anything from its C++ core
        raise DecomposeError(f"CoACD failed: {type(exc).__name__}: {exc}") from None
    pieces = [np.asarray(v, dtype=float) for v, _ in found if len(v)]
    if not pieces:
        raise DecomposeError("CoACD returned no piece")
    return pieces


def _merged(pieces: list[np.ndarray], limit: int) -> list[np.ndarray]:
    """Merge the pair whose joint bounding box adds the least volume until ``limit`` remain."""
    pieces = list(pieces)
    lo = np.array([p.min(axis=0) for p in pieces])
    hi = np.array([p.max(axis=0) for p in pieces])
    while len(pieces) > max(1, limit):
        vol = np.prod(hi - lo, axis=1)
        joint = np.prod(np.maximum(hi[:, None], hi[None]) - np.minimum(lo[:, None], lo[None]),
                        axis=2)
        cost = joint - vol[:, None] - vol[None, :]
        cost[np.diag_indices(len(pieces))] = np.inf
        i, j = sorted(np.unravel_index(int(np.argmin(cost)), cost.shape))
        pieces[i] = np.concatenate([pieces[i], pieces.pop(j)])
        lo[i], hi[i] = np.minimum(lo[i], lo[j]), np.maximum(hi[i], hi[j])
        lo, hi = np.delete(lo, j, axis=0), np.delete(hi, j, axis=0)
    return pieces


def _hull_vertices(points: np.ndarray) -> np.ndarray:
    tris = hull_triangles(points)
    return points if len(tris) == 0 else np.unique(tris.reshape(-1, 3), axis=0)


def _key(vertices: np.ndarray, faces: np.ndarray, params: DecomposeParams) -> str:
    v = np.ascontiguousarray(vertices, dtype="<f8")
    f = np.ascontiguousarray(faces, dtype="<i8")
    head = json.dumps(params.key(), sort_keys=True).encode()
    return bytes_sha256(head + b"\0" + v.tobytes() + b"\0" + f.tobytes())
