"""Rooted subtree bounds: the assignment relaxation strengthened by ancestry.

A region with a terminal ``(t1, t2)`` is rooted: root both trees at the endpoint of
their terminal on the region's side. Every realizable matching then preserves
ancestry (``x`` above ``x'`` iff ``y`` above ``y'`` for matched ``(x, y)``, ``(x', y')``),
so when ``x`` is matched to ``y`` the region edges below ``x`` are matched below ``y``
or contracted. Let ``rc >= 0`` be the reduced costs of the region's padded
assignment for optimal duals (value ``lb``). Any solution costs ``lb`` plus the
reduced costs of the cells it uses; the cells used by the rows of disjoint tree-1
subtrees are disjoint, so, bottom-up over tree 1 (``Y`` a set of tree-2 edges the
subtree of ``x`` must map into: all of the region, or the edges below some ``y``)::

    Q(x, y) = rc[x, y] + sum_{c child of x} H(c, below y)
    H(x, Y) = min( min_{y in Y} Q(x, y),  rc[x, del] + sum_{c child of x} H(c, Y) )

bounds the reduced cost paid by the rows below and at ``x`` (children's images
may overlap: a relaxation). The region costs at least ``lb + sum_{tops} H(top,
region)``; a solution matching ``(x, y)`` costs at least ``lb + Q(x, y) + out(x)``
with ``out(x)`` the ``H`` of the subtrees hanging off the path from ``x`` to its
top (and of the other tops). The same DP over tree 2 (insertion cells, transposed
costs) gives a second bound; each bound is the larger of the two. A subtree moved
to another parent pays in ``H`` at every pair of its ancestors, so the bound sees the
structural cost that the assignment leaves out.

Complexity: ``O(|A| |B|^2 + |B| |A|^2)`` vectorized (one masked column minimum per
edge), no assignment solved.

Example (a handle on a drawer against the handle moved to the base, the knob forced:
the assignment bound is 0; the rooted bound sees the handle off its drawer, 1 of the 2):
    >>> import numpy as np
    >>> from arena_core.metric.tree_regions import RegionOps
    >>> from arena_core.metric.tree_search import Search
    >>> from arena_core.metric.tree_structure import side_matrix
    >>> nested = np.array([[0, 1], [1, 2], [0, 3]])  # drawer, handle on it, knob
    >>> flat = np.array([[0, 1], [0, 2], [0, 3]])
    >>> ops = RegionOps(np.where(np.eye(3, dtype=bool), 0.0, 9.0), np.ones(3), np.ones(3),
    ...                 side_matrix(nested), side_matrix(flat), nested, flat)
    >>> region = (np.arange(2), np.arange(2), ((2, 2),))
    >>> lb, rc = Search(ops, gap=1e-12, max_nodes=10).reduced_costs(region)
    >>> lb, rooted_bounds(ops, region, rc).total
    (0.0, 1.0)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from arena_core.metric.tree_regions import Region, RegionOps


@dataclass(frozen=True)
class RootedBounds:
    """Reduced-cost bounds of one rooted region (add the relaxation bound ``lb``).

    ``total`` for the region, ``pair`` ``(|A|, |B|)`` for solutions matching a pair,
    ``delete`` ``(|A|,)`` for solutions contracting a tree-1 edge.
    """

    total: float
    pair: np.ndarray
    delete: np.ndarray


def rooted_bounds(ops: RegionOps, region: Region, rc: np.ndarray) -> RootedBounds | None:
    """Rooted bounds of ``region`` from its reduced costs ``rc`` ``(|A|+|B|, |B|+|A|)``
    (``None`` without terminals: an unrooted region has no ancestry)."""
    a, b, terms = region
    if not terms or len(a) == 0 or len(b) == 0:
        return None
    t1, t2 = terms[0]
    na, nb = len(a), len(b)
    below1 = _below(ops.s1, a, t1)
    below2 = _below(ops.s2, b, t2)
    pair = rc[:na, :nb]
    total1, pair1, del1 = _subtree_dp(below1, below2, pair, rc[np.arange(na), nb + np.arange(na)])
    total2, pair2, _ = _subtree_dp(below2, below1, pair.T, rc[na + np.arange(nb), np.arange(nb)])
    return RootedBounds(max(total1, total2), np.maximum(pair1, pair2.T), np.maximum(del1, total2))


def _below(side: np.ndarray, edges: np.ndarray, term: int) -> np.ndarray:
    """``(n, n)`` bool ``[p, q]``: region edge ``q`` lies below ``p`` when rooted at the
    endpoint of ``term`` facing the region (the global rooting, flipped for the
    edges above ``term``)."""
    out = side[edges[:, None], edges] ^ side[edges, term][:, None]
    np.fill_diagonal(out, False)
    return out


def _subtree_dp(below1, below2, pair, delete):
    """The DP of the module docstring: ``(sum_tops H, lb-free pair bounds, delete bounds)``."""
    na, nb = pair.shape
    size = below1.sum(axis=1)
    parent = np.argmin(np.where(below1, size[:, None], na + 1), axis=0)
    has_parent = below1.any(axis=0)
    acc = np.zeros((na, nb + 1))  # sum of the children's H, per target set (last: region)
    h_all = np.zeros((na, nb + 1))
    q_all = np.zeros((na, nb))
    for x in np.argsort(size, kind="stable"):  # children before parents
        q = pair[x] + acc[x, :nb]
        h = np.minimum(np.where(below2, q[None, :], np.inf).min(axis=1), delete[x] + acc[x, :nb])
        h_all[x, :nb], h_all[x, nb] = h, min(q.min(), delete[x] + acc[x, nb])
        q_all[x] = q
        if has_parent[x]:
            acc[parent[x]] += h_all[x]
    out = np.zeros(na)  # H of the subtrees off the path from x to its top, other tops
    tops = ~has_parent
    total = float(h_all[tops, nb].sum())
    out[tops] = total - h_all[tops, nb]
    for x in np.argsort(-size, kind="stable"):  # parents before children
        if has_parent[x]:
            p = parent[x]
            out[x] = out[p] + acc[p, nb] - h_all[x, nb]
    return total, q_all + out[:, None], delete + acc[:, nb] + out
