"""Constrained (top-down) tree edit distance: a fast realizable upper bound for ``E^tree``.

Both trees are rooted (tree 1 at ``r1``, tree 2 at ``r2``, the roots identified) and
each non-root node carries the edge to its parent. Zhang's constrained mapping for
unordered trees (disjoint subtrees go to disjoint subtrees) is computed bottom-up;
``F`` is the forest distance between the children of ``v`` and of ``w``, ``T`` the
tree distance of the subtrees with their parent edges, ``del``/``ins`` the summed
contraction/expansion costs::

    F(v, w) = min( ins_F(w) + min_t [F(v, w_t) - ins_F(w_t)],
                   del_F(v) + min_s [F(v_s, w) - del_F(v_s)],
                   assignment of children {v_s} x {w_t} with costs T(v_s, w_t) )
    T(v, w) = min( ins_T(w) + min_t [T(v, w_t) - ins_T(w_t)],
                   del_T(v) + min_s [T(v_s, w) - del_T(v_s)],
                   F(v, w) + C[e(v), e(w)],  del_T(v) + ins_T(w) )

Every constrained mapping is ancestor-preserving, so ``F(r1, r2)`` is the cost of a
realizable matching: an upper bound on ``E^tree``, exact unless the optimum regroups
children of a contracted node among several subtrees. Cost: one small assignment per
pair of inner nodes plus ``O(n1 * depth2)`` vectorized steps.

Example (a two-edge path is a two-edge star, but not when rooted at its end):
    >>> import numpy as np
    >>> path, star = np.array([[0, 1], [1, 2]]), np.array([[0, 1], [0, 2]])
    >>> costs = (np.zeros((2, 2)), np.ones(2), np.ones(2))
    >>> constrained_distance(path, star, *costs, 1, 0)[0], constrained_distance(path, star, *costs, 0, 0)[0]
    (0.0, 2.0)
"""

from __future__ import annotations

import numpy as np

from arena_core.metric.assignment import padded_matrix, solve_padded

_F, _T = 0, 1


class _Rooted:
    """A tree rooted at ``root``: parent edge per node, children, post-order, depth levels."""

    def __init__(self, edges: np.ndarray, root: int, costs: np.ndarray) -> None:
        n = len(edges) + 1
        adjacency: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for e, (u, v) in enumerate(edges):
            adjacency[int(u)].append((int(v), e))
            adjacency[int(v)].append((int(u), e))
        self.edge = np.full(n, -1)
        self.children: list[list[int]] = [[] for _ in range(n)]
        depth, order, seen = np.zeros(n, int), [root], np.zeros(n, bool)
        seen[root] = True
        for x in order:
            for y, e in adjacency[x]:
                if not seen[y]:
                    seen[y], self.edge[y], depth[y] = True, e, depth[x] + 1
                    self.children[x].append(y)
                    order.append(y)
        self.post = order[::-1]
        self.levels = [np.flatnonzero(depth == d) for d in range(int(depth.max()), -1, -1)]
        own = np.where(self.edge >= 0, costs[np.maximum(self.edge, 0)], 0.0)
        self.sub_t = own.copy()  # own edge + everything below
        for x in self.post:
            for y in self.children[x]:
                self.sub_t[x] += self.sub_t[y]
        self.sub_f = self.sub_t - own  # everything below, without the own edge
        width = max((len(c) for c in self.children), default=0)
        self.kid_table = np.full((n, max(width, 1)), n)  # children per node, padded with n
        for x, kids in enumerate(self.children):
            self.kid_table[x, : len(kids)] = kids

    def sub_of(self, kind: int) -> np.ndarray:
        return self.sub_f if kind == _F else self.sub_t


def constrained_distance(
    edges1: np.ndarray,
    edges2: np.ndarray,
    cost: np.ndarray,
    d1: np.ndarray,
    d2: np.ndarray,
    root1: int,
    root2: int,
) -> tuple[float, np.ndarray]:
    """Constrained distance with ``root1 -> root2`` and its matching ``(m, 2)`` of edge indices.

    ``edges*`` use node ids ``0..n`` (as produced by ``tree_structure.contract``);
    ``cost`` ``(n1, n2)``, ``d1`` ``(n1,)``, ``d2`` ``(n2,)``.
    """
    t1, t2 = _Rooted(edges1, root1, d1), _Rooted(edges2, root2, d2)
    n1, n2 = len(edges1) + 1, len(edges2) + 1
    sub = np.zeros((n1, n2))
    sub[np.ix_(t1.edge >= 0, t2.edge >= 0)] = cost[np.ix_(t1.edge[t1.edge >= 0], t2.edge[t2.edge >= 0])]
    table = np.zeros((2, n1, n2))
    for v in t1.post:
        _fill_row(t1, t2, v, sub, table)
    pairs: list[tuple[int, int]] = []
    _trace(t1, t2, sub, table, _F, root1, root2, pairs)
    arr = np.array(pairs, dtype=np.int64).reshape(-1, 2)
    return float(table[_F, root1, root2]), arr


def _child_min(t2: _Rooted, level: np.ndarray, values: np.ndarray) -> np.ndarray:
    """``min_t values[w_t]`` over the children of each ``w`` in ``level`` (inf if none)."""
    padded = np.append(values, np.inf)  # index n (padding) reads inf
    return padded[t2.kid_table[level]].min(axis=1)


def _fill_row(t1: _Rooted, t2: _Rooted, v: int, sub: np.ndarray, table: np.ndarray) -> None:
    """Fill ``F(v, .)`` and ``T(v, .)`` (children of ``v`` are already done)."""
    kids = t1.children[v]
    f_row = np.full(len(sub[0]), np.inf)
    t_row = t1.sub_t[v] + t2.sub_t  # delete the subtree of v, insert that of w
    if kids:
        k = np.array(kids)
        f_row = t1.sub_f[v] + (table[_F, k] - t1.sub_f[k, None]).min(axis=0)
        t_row = np.minimum(t_row, t1.sub_t[v] + (table[_T, k] - t1.sub_t[k, None]).min(axis=0))
    f_row = np.minimum(f_row, t1.sub_f[v] + t2.sub_f)  # contract / expand both forests
    if kids:
        for w in _assignments_worth_solving(t1, t2, v, table, f_row):
            f_row[w] = min(f_row[w], _assign(t1, t2, v, w, table)[0])
    for level in t2.levels:
        f_level = np.minimum(
            f_row[level], t2.sub_f[level] + _child_min(t2, level, f_row - t2.sub_f)
        )
        f_row[level] = f_level
        t_level = np.minimum(t_row[level], f_level + sub[v, level])
        t_row[level] = np.minimum(
            t_level, t2.sub_t[level] + _child_min(t2, level, t_row - t2.sub_t)
        )
    table[_F, v], table[_T, v] = f_row, t_row


def _assignments_worth_solving(t1: _Rooted, t2: _Rooted, v: int, table: np.ndarray,
                               f_row: np.ndarray) -> np.ndarray:
    """Nodes ``w`` whose children assignment with ``v`` may beat ``f_row[w]``.

    The assignment costs ``del_F(v) + ins_F(w) + sum of the gains T - del_T - ins_T`` of
    its pairs; each child matches at most once, so the sum of every child of ``v``'s best
    negative gain is a lower bound (``O(|kids(v)| * n2)``, no assignment solved). Skipping
    ``w`` whose bound is not below ``f_row[w]`` leaves the minimum unchanged.
    """
    kids = np.array(t1.children[v])
    gain = table[_T, kids] - t1.sub_t[kids, None] - t2.sub_t[None, :]  # (kids, n2)
    best = np.append(np.minimum(gain, 0.0), np.zeros((len(kids), 1)), axis=1)
    kid_best = best[:, t2.kid_table].min(axis=2)  # (kids, n2): best gain among w's children
    bound = t1.sub_f[v] + t2.sub_f + kid_best.sum(axis=0)
    has_kids = np.array([len(c) > 0 for c in t2.children])
    return np.flatnonzero(has_kids & (bound < f_row))


def _assign(t1: _Rooted, t2: _Rooted, v: int, w: int, table: np.ndarray):
    """Optimal assignment of the children subtrees of ``v`` and ``w`` (value, matched pairs)."""
    a, b = t1.children[v], t2.children[w]
    if not a or not b:
        return float(t1.sub_f[v] + t2.sub_f[w]), []
    if len(a) == 1 or len(b) == 1:  # one subtree on a side: its best partner, or none
        gain = (table[_T][np.asarray(a)[:, None], b] - t1.sub_t[a][:, None] - t2.sub_t[b][None, :]).ravel()
        best = int(np.argmin(gain))
        base = float(t1.sub_f[v] + t2.sub_f[w])
        if gain[best] >= 0.0:
            return base, []
        return base + float(gain[best]), [(a[best // len(b)], b[best % len(b)])]
    value, pairs = solve_padded(padded_matrix(table[_T][np.asarray(a)[:, None], b], t1.sub_t[a],
                                              t2.sub_t[b]), len(a))
    return value, [(a[r], b[c]) for r, c in pairs]


def _trace(t1, t2, sub, table, kind, v, w, out) -> None:
    """Append the matched edge pairs of the optimal constrained mapping for ``(kind, v, w)``."""
    own1, own2 = t1.sub_of(kind), t2.sub_of(kind)
    options: list[tuple[float, str, int]] = [(float(t1.sub_of(kind)[v] + own2[w]), "drop", -1)]
    if kind == _T:
        options.append((float(table[_F, v, w] + sub[v, w]), "match", -1))
    options += [(float(own2[w] - own2[c] + table[kind, v, c]), "down2", c) for c in t2.children[w]]
    options += [(float(own1[v] - own1[c] + table[kind, c, w]), "down1", c) for c in t1.children[v]]
    if kind == _F and t1.children[v] and t2.children[w]:
        options.append((_assign(t1, t2, v, w, table)[0], "assign", -1))
    _, action, c = min(options, key=lambda item: item[0])
    if action == "match":
        out.append((int(t1.edge[v]), int(t2.edge[w])))
        _trace(t1, t2, sub, table, _F, v, w, out)
    elif action == "down2":
        _trace(t1, t2, sub, table, kind, v, c, out)
    elif action == "down1":
        _trace(t1, t2, sub, table, kind, c, w, out)
    elif action == "assign":
        for x, y in _assign(t1, t2, v, w, table)[1]:
            _trace(t1, t2, sub, table, _T, x, y, out)
