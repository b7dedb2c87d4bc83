"""Rooted subtree bounds: the assignment relaxation strengthened by ancestry.

A region with a terminal ``(t1, t2)`` is rooted: root both trees at the endpoint of
their terminal on the region's side. Every realizable matching then preserves
ancestry (``x`` above ``x'`` iff ``y`` above ``y'`` for matched ``(x, y)``, ``(x', y')``),
so when ``x`` is matched to ``y`` the region edges below ``x`` are matched below ``y``
or contracted, and those below ``y`` are matched below ``x`` or inserted. Let
``rc >= 0`` be the reduced costs of the region's padded assignment for optimal duals
(value ``lb``): a solution costs ``lb`` plus the reduced costs of the cells it uses,
and blocks of cells with disjoint rows (or columns) add up. Bottom-up over tree 1,
with ``Y`` the tree-2 edges the subtree of ``x`` must map into (the region, or the
edges below some ``y``)::

    Q(x, y) = rc[x, y] + max( sum_{c child of x} H1(c, below y),
                              sum_{c child of y} H2(c, below x) )
    H1(x, Y) = min( min_{y in Y} Q(x, y),  rc[x, del] + sum_{c child of x} H1(c, Y) )

and ``H2`` likewise over tree 2 (insertion cells): ``Q`` bounds the reduced cost paid
inside the block ``subtree(x) x subtree(y)``, ``H1`` the cost paid by the rows of
``subtree(x)`` (children's images may overlap: a relaxation). The region costs at
least ``lb + max(sum_{tops} H1(top, region), sum_{tops} H2(top, region))``; a solution
matching ``(x, y)`` at least ``lb + Q(x, y) + out(x)`` with ``out(x)`` the ``H1`` of the
subtrees off the path from ``x`` to its top and of the other tops (likewise ``out(y)``;
the larger counts). A subtree moved to another parent pays in ``Q`` at every pair of
its ancestors, so the bound sees the structural cost that the assignment leaves out.

A region without terminals is not rooted: tree 1 is rooted at its busiest node and
the bound is the minimum over every rooting of tree 2 (the image of that node lies in
one of them), all rootings in one pass (see :func:`_unrooted_bounds`).

Complexity (``h`` the tree-2 height): a rooted region ``O(|A| |B| h)`` in
``O(h1 h2)`` vectorized steps, an unrooted one ``O(|A| |B| (|B| + R))`` with
``R <= |B| + 1`` rootings; no assignment solved.

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
from arena_core.metric.tree_structure import orient


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
    """Rooted bounds of ``region`` from its reduced costs ``rc`` ``(|A|+|B|, |B|+|A|)``.

    Without terminals, tree 1 is rooted at the node with most region edges and the
    bounds are the minimum over every rooting of tree 2 (its image is one of them).
    """
    a, b, terms = region
    if len(a) == 0 or len(b) == 0:
        return None
    if terms:
        t1, t2 = terms[0]
        return _bounds_at(_below(ops.s1, a, ops.s1[a, t1]), _below(ops.s2, b, ops.s2[b, t2]), rc)
    return _unrooted_bounds(ops, region, rc)


def _unrooted_bounds(ops: RegionOps, region: Region, rc: np.ndarray) -> RootedBounds:
    """Tree 1 rooted at its busiest node, the minimum over every rooting ``r`` of tree 2
    in one pass. Under ``r`` a tree-2 edge ``y`` points down (the region below ``y`` is its
    global lower side ``D[y]``) unless ``r`` lies below it (then it is the upper side
    ``U[y]``). Inside ``D[y]`` every edge points down; inside ``U[y]`` exactly the
    ancestors of ``y`` point up, whatever ``r``: so ``H(x, D[y])``, ``H(x, U[y])`` and the
    tree-2 side's ``H`` of a down or up edge do not depend on ``r``; only ``H(x, region)``
    is kept per rooting. ``O(|A| |B| (|B| + R))`` with ``R <= |B| + 1`` rootings."""
    a, b, _ = region
    na, nb = len(a), len(b)
    upper1 = _node_sides(ops.s1, ops.edges1, a)
    deg = np.bincount(ops.edges1[a].ravel(), minlength=len(upper1))
    tree1 = _Rooted(_below(ops.s1, a, upper1[int(np.argmax(deg))]))
    down = _below(ops.s2, b, np.zeros(nb, dtype=bool))
    tree2 = _Rooted(down)
    above = down.T  # above[y, z]: z is an ancestor of y
    aside = ~down & ~above
    np.fill_diagonal(aside, False)
    roots = np.unique(_node_sides(ops.s2, ops.edges2, b), axis=0)  # (R, nb): r below y
    delete, insert = rc[np.arange(na), nb + np.arange(na)], rc[na + np.arange(nb), np.arange(nb)]
    pair = rc[:na, :nb]
    n_r = len(roots)
    acc_d, acc_u, acc_r = np.zeros((na, nb)), np.zeros((na, nb)), np.zeros((na, n_r))
    q_d, q_u, h_r = np.zeros((na, nb)), np.zeros((na, nb)), np.zeros((na, n_r))
    low_d, low_u = np.full((na, nb), np.inf), np.full((na, nb), np.inf)
    for depth, (level, up, keep, onehot, ordered, heads, parents) in enumerate(tree1.levels):
        rows = level if depth else level[:1]
        side_d, side_u = tree2.both_ways(low_d[rows], low_u[rows], insert)[2:]
        qd = pair[level] + np.maximum(acc_d[level], side_d)
        qu = pair[level] + np.maximum(acc_u[level], side_u)
        q_d[level], q_u[level] = qd, qu
        own = delete[level][:, None]
        h_d = np.minimum(tree2.strict_min(qd), own + acc_d[level])
        h_u = np.minimum(np.minimum(_masked_min(above, qu), _masked_min(aside, qd)),
                         own + acc_u[level])
        h_r[level] = np.minimum(_masked_min(roots, qu, qd), own + acc_r[level])
        acc_d += onehot.T @ h_d[keep]
        acc_u += onehot.T @ h_u[keep]
        acc_r += onehot.T @ h_r[up]
        if len(ordered):
            for low, q in ((low_d, q_d), (low_u, q_u)):
                got = np.minimum.reduceat(np.minimum(q[ordered], low[ordered]), heads, axis=0)
                low[parents] = np.minimum(low[parents], got)
    total1, out1 = tree1.totals(h_r)
    h2_d, h2_u = tree2.both_ways(q_d.min(axis=0)[None], q_u.min(axis=0)[None], insert)[:2]
    h2 = np.where(roots, h2_u, h2_d)  # (R, nb): each edge's H2 as it points under r
    total2 = np.zeros(n_r)
    for rows in _chunks(n_r, nb * nb):  # a top under r: no region edge has it below
        r = roots[rows][:, :, None]
        inside = np.where(r, aside[None] | above[None], down[None]).any(axis=1)
        total2[rows] = np.where(inside, 0.0, h2[rows]).sum(axis=1)
    pair_lb = np.empty((na, nb))
    for rows in _chunks(na, nb * n_r):
        options = np.where(roots.T[None], q_u[rows, :, None], q_d[rows, :, None])
        pair_lb[rows] = np.maximum(options + out1[rows, None, :], total2).min(axis=2)
    delete_lb = np.maximum(delete[:, None] + acc_r + out1, total2).min(axis=1)
    return RootedBounds(float(np.maximum(total1, total2).min()), pair_lb, delete_lb)


#: Largest temporary of the unrooted bound, in elements (chunks of rows beyond it).
_CHUNK = 1 << 20


def _chunks(n: int, per_row: int):
    """Slices of ``range(n)`` whose rows times ``per_row`` stay within ``_CHUNK``."""
    step = max(1, _CHUNK // max(per_row, 1))
    return [slice(i, i + step) for i in range(0, n, step)]


def _masked_min(mask: np.ndarray, values: np.ndarray, other: np.ndarray | None = None):
    """``(k, m)``: per row of ``values`` ``(k, n)`` and each row ``j`` of ``mask`` ``(m, n)``,
    the minimum of ``values`` where ``mask[j]`` (of ``other`` elsewhere; inf if ``None``)."""
    out = np.empty((len(values), len(mask)))
    for rows in _chunks(len(values), mask.size):
        alt = np.inf if other is None else other[rows, None, :]
        out[rows] = np.where(mask[None], values[rows, None, :], alt).min(axis=2)
    return out


def _node_sides(side: np.ndarray, edges: np.ndarray, region: np.ndarray) -> np.ndarray:
    """``(nodes, |region|)`` bool: does the node lie below each region edge?"""
    _, lower, _ = orient(edges)
    out = np.zeros((len(edges) + 1, len(region)), dtype=bool)
    out[lower] = side[region].T  # below p iff its parent edge is p or lies below p
    out[lower[region], np.arange(len(region))] = True
    return out


def _bounds_at(below1: np.ndarray, below2: np.ndarray, rc: np.ndarray) -> RootedBounds:
    """Both DPs for one rooting (``below1``/``below2`` from :func:`_below`)."""
    na, nb = len(below1), len(below2)
    tree1, tree2 = _Rooted(below1), _Rooted(below2)
    delete = rc[np.arange(na), nb + np.arange(na)]
    insert = rc[na + np.arange(nb), np.arange(nb)]
    q, h1, acc1 = _pair_dp(tree1, tree2, rc[:na, :nb], delete, insert)
    total1, out1 = tree1.totals(h1)
    total1 = float(total1)
    h2 = tree2.collapse(q.min(axis=0, initial=np.inf)[None], insert)[0][0]
    total2, out2 = tree2.totals(h2)
    total2 = float(total2)
    pair = q + np.maximum(out1[:, None], out2[None, :])
    return RootedBounds(max(total1, total2), pair, np.maximum(delete + acc1 + out1, total2))


def _below(side: np.ndarray, edges: np.ndarray, flip: np.ndarray) -> np.ndarray:
    """``(n, n)`` bool ``[p, q]``: region edge ``q`` lies below ``p`` when rooted at a
    node that lies below the edges ``flip`` (the global rooting, flipped there). The
    endpoint of a terminal ``t`` facing the region lies below ``p`` iff ``t`` does."""
    out = side[edges[:, None], edges] ^ flip[:, None]
    np.fill_diagonal(out, False)
    return out


class _Rooted:
    """A rooted region's edges: ``below``, parent and height levels (leaves first); the
    bottom-up passes work on ``(k, n)`` rows of values at once, one level per step."""

    def __init__(self, below: np.ndarray) -> None:
        n = len(below)
        self.below = below
        depth = below.sum(axis=0)
        self.parent = np.argmax(np.where(below, depth[:, None], -1), axis=0)  # deepest ancestor
        self.has_parent = below.any(axis=0)
        height = np.where(below, depth[None, :], depth[:, None]).max(axis=1) - depth
        self.levels = []
        for k in range(int(height.max()) + 1 if n else 0):
            level = np.flatnonzero(height == k)
            keep = self.has_parent[level]
            up = level[keep]
            onehot = np.zeros((len(up), n))
            onehot[np.arange(len(up)), self.parent[up]] = 1.0
            order = np.argsort(self.parent[up], kind="stable")
            heads = np.flatnonzero(np.r_[True, np.diff(self.parent[up][order]) != 0]) if len(up) else up
            self.levels.append((level, up, keep, onehot, up[order], heads, self.parent[up][order][heads]))

    def collapse(self, best: np.ndarray, own: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per row, ``H`` per edge (``min(best, own + sum of the children's H)``) and the
        children's sums, ``(k, n)`` each."""
        h, sums = np.zeros(best.shape), np.zeros(best.shape)
        for level, up, _, onehot, *_ in self.levels:
            h[:, level] = np.minimum(best[:, level], own[level] + sums[:, level])
            sums += h[:, up] @ onehot
        return h, sums

    def both_ways(self, best_d: np.ndarray, best_u: np.ndarray, own: np.ndarray):
        """The tree-2 side of :func:`_unrooted_bounds`, per row: ``H`` of each edge pointing
        down and up, and the sums of ``H`` over its children either way ``(k, n)`` each.
        Pointing up, the children of ``y`` are its parent (up) and siblings (down)."""
        h_d, sums_d = self.collapse(best_d, own)
        tops = ~self.has_parent
        top_sum = h_d[:, tops].sum(axis=1, keepdims=True)
        h_u, sums_u = np.zeros(h_d.shape), np.zeros(h_d.shape)
        sums_u[:, tops] = top_sum - h_d[:, tops]
        for level, up, *_ in self.levels[::-1]:  # parents before children
            p = self.parent[up]
            sums_u[:, up] = h_u[:, p] + sums_d[:, p] - h_d[:, up]
            h_u[:, level] = np.minimum(best_u[:, level], own[level] + sums_u[:, level])
        return h_d, h_u, sums_d, sums_u

    def strict_min(self, values: np.ndarray) -> np.ndarray:
        """``(k, n)``: per row, the minimum of ``values`` over the edges strictly below."""
        out = np.full(values.shape, np.inf)
        for *_, ordered, heads, parents in self.levels:
            if len(ordered):
                low = np.minimum.reduceat(np.minimum(values[:, ordered], out[:, ordered]), heads, axis=1)
                out[:, parents] = np.minimum(out[:, parents], low)
        return out

    def totals(self, h: np.ndarray):
        """``sum_tops h`` and per edge ``out``: the ``h`` of the subtrees off its path to
        its top and of the other tops (``h`` ``(n,)`` or ``(n, R)``, one column per rooting)."""
        sums = np.zeros(h.shape)
        np.add.at(sums, self.parent[self.has_parent], h[self.has_parent])
        tops = ~self.has_parent
        total = h[tops].sum(axis=0)
        out = np.where(tops.reshape((-1,) + (1,) * (h.ndim - 1)), total - h, 0.0)
        for _, up, *_ in self.levels[::-1]:  # parents before children
            out[up] = out[self.parent[up]] + sums[self.parent[up]] - h[up]
        return total, out


def _pair_dp(tree1: _Rooted, tree2: _Rooted, pair, delete, insert):
    """``Q`` ``(|A|, |B|)`` of the module docstring, taking per child block the larger of
    its tree-1 rows' and tree-2 columns' ``H``; ``H(x, region)`` and the children's sums
    (one tree-1 height level at a time)."""
    na, nb = pair.shape
    acc, acc_top = np.zeros((na, nb)), np.zeros(na)  # children's H(c, below y), H(c, region)
    q, h_top = np.zeros((na, nb)), np.zeros(na)
    low = np.full((na, nb), np.inf)  # per tree-1 edge: min of Q over the edges below it
    for depth, (level, up, keep, onehot, ordered, heads, parents) in enumerate(tree1.levels):
        # tree-2 side: H2(c', below x) from the rows below x, summed per tree-2 parent
        sums2 = tree2.collapse(low[level] if depth else low[:1], insert)[1]
        q[level] = pair[level] + np.maximum(acc[level], sums2)
        h = np.minimum(tree2.strict_min(q[level]), delete[level][:, None] + acc[level])
        h_top[level] = np.minimum(q[level].min(axis=1), delete[level] + acc_top[level])
        acc += onehot.T @ h[keep]
        acc_top += onehot.T @ h_top[up]
        if len(ordered):
            got = np.minimum.reduceat(np.minimum(q[ordered], low[ordered]), heads, axis=0)
            low[parents] = np.minimum(low[parents], got)
    return q, h_top, acc_top
