"""Star-path cuts: a Lagrangian strengthening of the assignment relaxation.

After contraction, matched edges that share a node of one tree form a *star* (no
matched edge lies between two of them); matched edges on one path of the other tree
form a *path* (of any three, one lies between the others). A star and a path share
at most two edges, so for a node ``v`` of tree 1 (incident edges ``Q``) and a path
``P`` of tree 2 (and symmetrically)::

    sum_{i in Q, k in P} x_ik <= 2        (valid for every realizable matching)

Its Lagrangian bound ``g(lam) = LSA(C + lam [Q x P]) - 2 lam`` is a lower bound for
every ``lam >= 0``; ``g`` is concave and maximised by intersecting tangents (its
slope is ``#pairs in Q x P`` of the assignment minus 2). The cut is separated from the
relaxation's matching: the node with most matched incident edges whose images share
a path. Star-versus-path trees are solved by a single cut.

Example (a 3-star against a 3-path with equal joints: two matches, one edit each way):
    >>> import numpy as np
    >>> from arena_core.metric.tree_regions import RegionOps
    >>> from arena_core.metric.tree_structure import side_matrix
    >>> star, path = np.array([[0, 1], [0, 2], [0, 3]]), np.array([[0, 1], [1, 2], [2, 3]])
    >>> ops = RegionOps(np.zeros((3, 3)), np.ones(3), np.ones(3), side_matrix(star),
    ...                 side_matrix(path), star, path)
    >>> region = (np.arange(3), np.arange(3), ())
    >>> bound, candidates = cut_bound(ops, region, ops.relax(region), 1e-12)
    >>> round(bound, 6)
    2.0
"""

from __future__ import annotations

import numpy as np
from scipy.optimize import linear_sum_assignment

from arena_core.metric.tree_regions import Region, RegionOps

_MAX_STEPS = 60


def cut_bound(ops: RegionOps, region: Region, relax, gap: float) -> tuple[float, list[np.ndarray]]:
    """Best single star-path Lagrangian bound for ``region`` (>= the relaxation bound),
    and the assignments found at the best multipliers (candidate solutions: when one
    is realizable and attains the bound it is optimal)."""
    best, found = relax.lb, []
    for mask in _cut_masks(ops, ops.edges1, ops.edges2, region, relax.pairs):
        value, pairs = _lagrangian(ops, region, mask, gap)
        best = max(best, value)
        found.append(pairs)
    return best, found


def _cut_masks(ops, edges1, edges2, region: Region, pairs: np.ndarray) -> list[np.ndarray]:
    """``(|A|, |B|)`` masks ``Q x P`` of violated cuts, both orientations."""
    a, b, _ = region
    masks = []
    for side, star_edges, path_side, flip in ((0, edges1, ops.s2, False), (1, edges2, ops.s1, True)):
        local = pairs[:, side]
        images = pairs[:, 1 - side]
        node = _busiest_node(star_edges, local)
        if node is None:
            continue
        at_node = np.isin(local, np.flatnonzero((star_edges == node).any(axis=1)))
        path = _best_path(path_side, images[at_node])
        if path is None:
            continue
        star = np.flatnonzero((star_edges == node).any(axis=1))
        q_rows = np.isin(b if flip else a, star)
        p_cols = np.isin(a if flip else b, path)
        mask = np.outer(p_cols, q_rows) if flip else np.outer(q_rows, p_cols)
        masks.append(mask)
    return masks


def _busiest_node(edges: np.ndarray, matched: np.ndarray) -> int | None:
    """Node with the most matched incident edges, if at least three."""
    if len(matched) < 3:
        return None
    counts = np.bincount(edges[matched].ravel())
    node = int(np.argmax(counts))
    return node if counts[node] >= 3 else None


def _best_path(side: np.ndarray, images: np.ndarray) -> np.ndarray | None:
    """All edges of the path through the most ``images`` (``None`` if fewer than three)."""
    if len(images) < 3:
        return None
    sub = side[np.ix_(images, images)]
    between = sub[:, :, None] != sub[:, None, :]  # between[k, a, b]: k between a and b
    idx = np.arange(len(images))
    between[idx, idx, :] = False
    between[idx, :, idx] = False
    counts = between.sum(axis=0) + 2
    np.fill_diagonal(counts, 0)
    ia, ib = np.unravel_index(int(np.argmax(counts)), counts.shape)
    if counts[ia, ib] < 3:
        return None
    ea, eb = images[ia], images[ib]
    on_path = side[:, ea] != side[:, eb]
    on_path[[ea, eb]] = True
    return np.flatnonzero(on_path)


def _lagrangian(ops: RegionOps, region: Region, mask: np.ndarray, gap: float):
    """``max_lam g(lam)`` for the concave piecewise-linear ``g`` by tangent intersection.

    Each step evaluates ``g`` where the tangents at the bracket ends meet; their value
    there bounds ``max g`` from above, so the loop stops once ``g`` attains it (a
    piecewise-linear ``g`` has finitely many pieces).
    """
    base = ops.padded(region)
    na, nb = mask.shape

    def g(lam: float) -> tuple[float, int, np.ndarray]:
        mat = base.copy()
        mat[:na, :nb] += lam * mask
        rows, cols = linear_sum_assignment(mat)
        hit = (rows < na) & (cols < nb)
        inside = int(mask[rows[hit], cols[hit]].sum())
        pairs = np.stack([region[0][rows[hit]], region[1][cols[hit]]], axis=1)
        return float(mat[rows, cols].sum()) - 2.0 * lam, inside - 2, pairs

    lo = (0.0, *g(0.0))
    if lo[2] <= 0:
        return lo[1], lo[3]
    hi_lam = float(ops.d1[region[0]].max() + ops.d2[region[1]].max()) + 1.0
    hi = (hi_lam, *g(hi_lam))  # no pair of the cut pays at this price: slope -2
    best = max(lo, hi, key=lambda item: item[1])
    for _ in range(_MAX_STEPS):
        lam = (hi[1] - lo[1] + lo[2] * lo[0] - hi[2] * hi[0]) / (lo[2] - hi[2])
        predicted = lo[1] + lo[2] * (lam - lo[0])
        point = (lam, *g(lam))
        best = max(best, point, key=lambda item: item[1])
        if predicted - point[1] <= gap or point[2] == 0:
            break
        if point[2] > 0:
            lo = point
        else:
            hi = point
    return best[1], best[3]
