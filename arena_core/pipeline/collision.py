"""The collision stage of normalization: convex pieces for collision meshes that are not close
to convex, and each link's collision fidelity before and after.

Runs on the normalized object (mass properties already computed from the geometry as the
source gives it, so they never come from the pieces), before the canonical folder is
written. Per link with collision geometry (``tol`` is :mod:`arena_core.util.tolerances`):

* a collision mesh whose hull stands off the link's collision surface (all its meshes and
  primitives) by at most ``tol.CONVEX_STANDOFF`` of the link's bounding-box diagonal or
  ``tol.CONVEX_STANDOFF_FLOOR`` (1 cm), whichever is larger, is kept as it is (generated primitives, most small parts, a part whose hull only covers what its
  neighbours fill);
* every other one is replaced by its convex pieces
  (:func:`arena_core.mesh.decompose.convex_pieces`, cached in a
  :class:`~arena_core.mesh.decompose.PieceStore`): each piece its own collision mesh (same
  origin and scale as the mesh it came from), or a thin box where a piece is thinner than
  ``MIN_BOX_THICKNESS`` (a board without thickness: engines cannot collide with it). The
  pieces that replace a link's meshes are at most ``max_pieces``: the meshes are served
  worst first (largest standoff), each an equal share of what is left and at least two;
  a mesh left without a share keeps its hull. Inside a mesh, a connected piece whose hull
  stands off it by at most the same limit is one
  piece; only the others go to CoACD;
* CoACD failing on a mesh keeps the mesh (``collision.decompose.failed``, warning);
* the fidelity (:func:`arena_core.mesh.collision_fidelity.link_fidelity`) of the result
  against the source collision geometry is recorded, and a link beyond its tolerance is
  ``collision.fidelity.exceeded`` (warning).

Visual geometry is untouched.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from arena_core.mesh.collision_fidelity import (
    SEED,
    LinkFidelity,
    collision_surface,
    link_fidelity,
    placed_geometry,
)
from arena_core.mesh.convexity import SurfaceIndex
from arena_core.mesh.decompose import DecomposeError, DecomposeParams, PieceStore
from arena_core.mesh.parts import MeshCache, MeshLoadFailure
from arena_core.model.articulated import ArticulatedObject, Link, MeshRef, Primitive
from arena_core.pipeline.normalize_simready import MIN_BOX_THICKNESS, degenerate, thin_box
from arena_core.util import tolerances as tol
from schemas.issues import Issue, issue


@dataclass
class CollisionResult:
    """The object with its collision pieces, the issues, each link's fidelity before
    (``source``) and after, and how many decompositions ran or were reused."""

    obj: ArticulatedObject
    issues: list[Issue] = field(default_factory=list)
    before: dict[str, LinkFidelity] = field(default_factory=dict)
    after: dict[str, LinkFidelity] = field(default_factory=dict)
    decomposed: int = 0
    cache_hits: int = 0


def decompose_collisions(obj: ArticulatedObject, *, store: PieceStore, cache: MeshCache,
                         params: DecomposeParams | None = None) -> CollisionResult:
    """``obj`` with convex collision pieces and its fidelity figures (module docstring)."""
    params = params or DecomposeParams()
    start = (store.decomposed, store.hits)
    result = CollisionResult(obj)
    links = []
    for link in obj.links.values():
        index = _surface_index(link, cache)
        new = _link_pieces(link, store, cache, params, result.issues, index)
        links.append(new)
        before = link_fidelity(link, link, cache, index=index)
        after = before if new is link else link_fidelity(new, link, cache, index=index)
        if before is None or after is None:
            continue
        result.before[link.name], result.after[link.name] = before, after
        if not after.within:
            result.issues.append(_exceeded(link.name, after))
    result.obj = ArticulatedObject.from_parts(obj.name, links, obj.joints,
                                              source_path=obj.source_path)
    result.decomposed, result.cache_hits = store.decomposed - start[0], store.hits - start[1]
    return result


def _surface_index(link: Link, cache: MeshCache) -> SurfaceIndex | None:
    """The link's collision surface, indexed once for the decision and both fidelities."""
    surface = collision_surface(link, cache)
    return None if surface is None else SurfaceIndex(surface, seed=SEED)


def _link_pieces(link: Link, store: PieceStore, cache: MeshCache, params: DecomposeParams,
                 issues: list[Issue], index: SurfaceIndex | None) -> Link:
    refs = [m for m in link.meshes if m.kind == "collision"]
    if not refs or index is None:
        return link
    points = index.triangles.reshape(-1, 3)
    limit = max(tol.CONVEX_STANDOFF_FLOOR,
                tol.CONVEX_STANDOFF * float(np.linalg.norm(np.ptp(points, axis=0))))
    placed = {id(m): placed_geometry(m, cache) for m in refs}
    standoff = {id(m): 0.0 if cache.convex_solid(m.path) else index.standoff(placed[id(m)][0])
                for m in refs if placed[id(m)] is not None}  # a convex solid is its own hull
    concave = sorted((m for m in refs if standoff.get(id(m), 0.0) > limit),
                     key=lambda m: -standoff[id(m)])
    if not concave:
        return link
    swap: dict[int, tuple[list[MeshRef], list[Primitive]] | None] = {}
    budget = params.max_pieces
    for i, ref in enumerate(concave):  # the worst first, at least two pieces each
        share = max(2, budget // (len(concave) - i))
        if share > budget:
            break
        keep = float(f"{limit / float(np.max(np.abs(ref.scale))):.6g}")  # in file units
        swap[id(ref)] = _pieces(ref, link.name, replace(params, max_pieces=share, keep=keep),
                                store, cache, issues)
        budget -= share
    meshes, boxes = [], []
    for mesh in link.meshes:
        found = swap.get(id(mesh))
        meshes += [mesh] if found is None else found[0]
        boxes += [] if found is None else found[1]
    return replace(link, meshes=tuple(meshes), primitives=(*link.primitives, *boxes))


def _pieces(ref: MeshRef, link: str, params: DecomposeParams, store: PieceStore,
            cache: MeshCache, issues: list[Issue]
            ) -> tuple[list[MeshRef], list[Primitive]] | None:
    try:
        mesh = cache.mesh(ref.path)
        files = store.pieces(mesh.vertices, mesh.faces, params=params)
    except (DecomposeError, MeshLoadFailure, OSError) as exc:
        issues.append(issue("collision.decompose.failed", f"collision mesh {ref.filename!r} "
                            f"kept as it is: {exc}"[:500], location=f"link:{link}/collision"))
        return None
    meshes, boxes = [], []
    for path in files:
        piece = replace(ref, filename=path.name, path=str(path), name=None)
        geometry = placed_geometry(piece, cache)
        if geometry is None:
            continue
        if degenerate(geometry[0]) or _thinness(geometry[0]) < MIN_BOX_THICKNESS:
            boxes.append(thin_box(geometry[0]))
        else:
            meshes.append(piece)
    return meshes, boxes


def _thinness(points: np.ndarray) -> float:
    """The extent (m) of ``(n, 3)`` points along their direction of least spread."""
    centred = points - points.mean(axis=0)
    _, _, vt = np.linalg.svd(centred, full_matrices=False)
    return float(np.ptp(centred @ vt[-1]))


def _exceeded(link: str, fid: LinkFidelity) -> Issue:
    return issue("collision.fidelity.exceeded",
                 f"collision geometry ({fid.pieces} pieces, as engines use it) stands "
                 f"off the source collision surface by {fid.standoff:.4g} m "
                 f"({100 * fid.relative_standoff:.1f}% of the link's {fid.size:.3g} m), more "
                 f"than its tolerance {fid.tolerance:.3g} m",
                 location=f"link:{link}/collision")


