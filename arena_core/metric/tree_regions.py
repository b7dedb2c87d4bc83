"""Regions of the tree-distance search: relaxation, admissibility, splitting, symmetry.

A region ``(A, B, T)`` is a pair of edge subsets (tree 1, tree 2; global indices
after contraction) and the forced pairs ``T`` ("terminals") that bound it. Every
realizable matching of the region together with ``T`` glues into a realizable
matching of the whole trees, so regions are independent subproblems. Forcing a set
of pairs ``F`` cuts both trees at ``F``: region edges are grouped by their sides with
respect to every forced edge (oriented so that tree-1 sides map to tree-2 sides),
and equal groups form the sub-regions.

Symmetry: two tree-2 edges hanging from the same node whose subtrees are identical
(same costs edge by edge, canonical AHU labels) are interchangeable; when both
subtrees lie entirely in a region, matching an edge to either gives isomorphic
sub-problems, so only one representative per class is explored.

Example:
    >>> import numpy as np
    >>> from arena_core.metric.tree_structure import side_matrix
    >>> star = np.array([[0, 1], [0, 2], [0, 3]])
    >>> ops = RegionOps(np.zeros((3, 3)), np.ones(3), np.ones(3), side_matrix(star),
    ...                 side_matrix(star), star, star)
    >>> ops.classes.tolist()  # three identical leaves on one node: one class
    [0, 0, 0]
    >>> ops.relax((np.arange(3), np.arange(3), ())).lb
    0.0
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from arena_core.metric.assignment import padded_matrix, solve_padded
from arena_core.metric.tree_structure import orient, realizable

Region = tuple[np.ndarray, np.ndarray, tuple[tuple[int, int], ...]]
_EMPTY = np.zeros((0, 2), dtype=np.int64)


@dataclass(frozen=True)
class Relaxation:
    """The assignment relaxation of one region: bound, matching, exactness."""

    lb: float
    pairs: np.ndarray  # (m, 2) global edge indices of the relaxation's matching
    exact: bool


@dataclass
class RegionOps:
    """Costs, side matrices and region operations shared by the search."""

    cost: np.ndarray
    d1: np.ndarray
    d2: np.ndarray
    s1: np.ndarray
    s2: np.ndarray
    edges1: np.ndarray
    edges2: np.ndarray
    nodes: int = 0
    classes: np.ndarray = field(init=False)
    _relax: dict = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        self.classes = symmetry_classes(self.edges2, self.s2, self.cost, self.d2)

    # ------------------------------------------------------------------ basics
    def key(self, region: Region) -> tuple:
        """Memo key: the edge sets and the terminal pairs (as a sorted set). The terminals
        themselves, not only the sides of the region edges: which tree-1 terminal pairs
        with which tree-2 terminal decides what is realizable (two regions whose edges lie
        alike around swapped terminals have the same relaxation but not the same answer)."""
        a, b, terms = region
        t = np.asarray(sorted(terms), dtype=np.int64).reshape(-1, 2)
        return a.tobytes(), b.tobytes(), t.tobytes()

    def admissible(self, region: Region) -> np.ndarray:
        """``(|A|, |B|)`` bool: pairs realizable together with the terminals."""
        a, b, terms = region
        if len(terms) <= 1:
            return np.ones((len(a), len(b)), dtype=bool)
        t1 = np.array([t[0] for t in terms])
        t2 = np.array([t[1] for t in terms])
        p1, p2 = self.s1[a[:, None], t1], self.s2[b[:, None], t2]
        c1, c2 = _codes(p1 ^ p1[:, :1]), _codes(p2 ^ p2[:, :1])
        return c1[:, None] == c2[None, :]

    def padded(self, region: Region) -> np.ndarray:
        """The ``(|A|+|B|, |B|+|A|)`` assignment matrix (inf = forbidden)."""
        a, b, _ = region
        return padded_matrix(np.where(self.admissible(region), self.cost[a[:, None], b], np.inf),
                             self.d1[a], self.d2[b])

    def known(self, region: Region) -> Relaxation | None:
        """The memoized relaxation of ``region``, if already solved."""
        return self._relax.get(self.key(region))

    def relax(self, region: Region) -> Relaxation:
        """Memoized relaxation; ``exact`` when its matching is realizable with ``T``."""
        key = self.key(region)
        hit = self._relax.get(key)
        if hit is not None:
            return hit
        a, b, terms = region
        if len(a) == 0 or len(b) == 0:
            out = Relaxation(float(self.d1[a].sum() + self.d2[b].sum()), _EMPTY, True)
        else:
            self.nodes += 1
            value, hit = solve_padded(self.padded(region), len(a))
            pairs = np.stack([a[hit[:, 0]], b[hit[:, 1]]], axis=1)
            exact = realizable(self.s1, self.s2, with_terms(pairs, terms))
            out = Relaxation(value, pairs, exact)
        self._relax[key] = out
        return out

    def value(self, region: Region, pairs: np.ndarray) -> float:
        """Cost of the matching ``pairs`` inside ``region`` (unmatched edges contracted)."""
        a, b, _ = region
        return float(
            self.cost[pairs[:, 0], pairs[:, 1]].sum()
            + self.d1[a].sum() - self.d1[pairs[:, 0]].sum()
            + self.d2[b].sum() - self.d2[pairs[:, 1]].sum()
        )

    # ------------------------------------------------------------------ splitting
    def force(self, region: Region, forced: np.ndarray, deleted: np.ndarray):
        """Sub-regions after forcing pairs ``forced`` ``(m, 2)`` and contracting ``deleted``.

        Returns ``(base_cost, [sub-regions])``, or ``None`` when the forced pairs are
        not realizable with the terminals. Needs ``len(T) + m >= 2`` (orientations).
        """
        a, b, terms = region
        terms_arr = with_terms(forced, terms)
        if not realizable(self.s1, self.s2, terms_arr):
            return None
        base = float(self.cost[forced[:, 0], forced[:, 1]].sum() + self.d1[deleted].sum())
        keep_a = ~np.isin(a, np.concatenate([forced[:, 0], deleted]))
        a, b = a[keep_a], b[~np.isin(b, forced[:, 1])]
        t1, t2 = terms_arr[:, 0], terms_arr[:, 1]
        flip = self.s1[t1, t1[0]] != self.s2[t2, t2[0]]
        flip[0] = self.s1[t1[0], t1[1]] != self.s2[t2[0], t2[1]]
        pat1 = self.s1[t1[:, None], a] ^ flip[:, None]
        pat2 = self.s2[t2[:, None], b]
        subs = []
        groups2 = _group(pat2)
        for bits, rows in _group(pat1).items():
            cols = groups2.pop(bits, np.zeros(0, dtype=np.int64))
            if len(cols) == 0:
                base += float(self.d1[a[rows]].sum())
                continue
            near = self._adjacent(terms_arr, int(a[rows[0]]))
            subs.append((a[rows], b[cols], tuple(map(tuple, terms_arr[near].tolist()))))
        base += sum(float(self.d2[b[cols]].sum()) for cols in groups2.values())
        return base, subs

    def _adjacent(self, terms: np.ndarray, edge: int) -> np.ndarray:
        """Terminals with no other terminal between them and tree-1 ``edge``."""
        t1 = terms[:, 0]
        between = self.s1[t1[:, None], t1] != self.s1[t1, edge][:, None]
        np.fill_diagonal(between, False)
        return ~between.any(axis=0)

    def split_options(self, region: Region, e: int, f: int):
        """``(base, subs)`` for forcing ``(e, f)``; two orientations without terminals."""
        a, b, terms = region
        pair = np.array([[e, f]], dtype=np.int64)
        if terms:
            got = self.force(region, pair, np.zeros(0, dtype=np.int64))
            return [got] if got is not None else []
        lo1, lo2 = self.s1[e, a] & (a != e), self.s2[f, b] & (b != f)
        hi1, hi2 = ~self.s1[e, a] & (a != e), ~self.s2[f, b] & (b != f)
        new = ((e, f),)
        base = float(self.cost[e, f])
        return [
            (base, [(a[lo1], b[x], new), (a[hi1], b[y], new)])
            for x, y in ((lo2, hi2), (hi2, lo2))
        ]


def with_terms(pairs: np.ndarray, terms) -> np.ndarray:
    """``pairs`` ``(m, 2)`` followed by the terminal pairs, as one int array."""
    if len(terms) == 0:
        return np.asarray(pairs, dtype=np.int64).reshape(-1, 2)
    extra = np.asarray(terms, dtype=np.int64).reshape(-1, 2)
    return np.concatenate([np.asarray(pairs, dtype=np.int64).reshape(-1, 2), extra])


def _group(patterns: np.ndarray) -> dict[bytes, np.ndarray]:
    """Columns of ``patterns`` ``(t, n)`` grouped by equal bit columns (keys: the column's
    packed bits)."""
    if patterns.shape[1] == 0:
        return {}
    codes = _codes(patterns.T)
    order = np.argsort(codes, kind="stable")
    starts = np.flatnonzero(np.r_[True, codes[order][1:] != codes[order][:-1]])
    ends = np.r_[starts[1:], len(order)]
    return {np.packbits(patterns[:, order[i]]).tobytes(): order[i:j] for i, j in zip(starts, ends, strict=True)}


def _codes(bits: np.ndarray) -> np.ndarray:
    """``(n,)`` one code per row of ``bits`` ``(n, t)``: equal codes iff equal rows."""
    if bits.shape[1] <= 62:
        return bits.astype(np.int64) @ (np.int64(1) << np.arange(bits.shape[1], dtype=np.int64))
    packed = np.ascontiguousarray(np.packbits(bits, axis=1))
    return np.unique(packed.view(np.dtype((np.void, packed.shape[1]))).ravel(), return_inverse=True)[1]


def symmetry_classes(edges: np.ndarray, side: np.ndarray, cost: np.ndarray, motion: np.ndarray):
    """``(n,)`` int class per edge: same upper node and identical labelled subtree.

    Labels are the cost column and motion of each edge (bytes), combined bottom-up
    into canonical AHU labels, so equal classes mean an automorphism swapping the two
    subtrees that preserves every cost (``side`` must come from the same rooting as
    :func:`~arena_core.metric.tree_structure.orient`).
    """
    n = len(edges)
    if n == 0:
        return np.zeros(0, dtype=np.int64)
    upper, lower, _ = orient(edges)
    labels: dict[tuple, int] = {}
    label = np.zeros(n, dtype=np.int64)
    for e in np.argsort(side.sum(axis=1), kind="stable"):  # children before parents
        children = np.flatnonzero(upper == lower[e])
        own = (cost[:, e].tobytes(), float(motion[e]))
        key = (own, tuple(sorted(label[children].tolist())))
        label[e] = labels.setdefault(key, len(labels))
    groups: dict[tuple[int, int], int] = {}
    return np.array([groups.setdefault((int(upper[e]), int(label[e])), len(groups))
                     for e in range(n)], dtype=np.int64)
