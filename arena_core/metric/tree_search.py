"""Exact motion-aware tree edit distance by region branch-and-bound (used by ``tree.py``).

Problem. Edges ``i`` of tree 1 and ``k`` of tree 2 (exact fixed edges already
contracted), substitution costs ``C[i, k]``, contraction/expansion costs ``d1[i]``,
``d2[k]``. Find the matching ``M`` minimising ``sum_M C + sum_unmatched d`` among the
*realizable* ones (see :mod:`arena_core.metric.tree_structure`).

Regions. Forcing a pair ``(e, f)`` into ``M`` cuts both trees at the forced edges:
every other matched pair must take its two edges from *corresponding* sides, and the
sides are independent subproblems glued along the forced pairs ("terminals"). A
region is ``(A, B, T)``: edge subsets of the two trees and its terminal pairs. A pair
``(i, k)`` is admissible in it iff ``T + (i, k)`` is realizable (``i`` splits the
terminals like ``k``); with two or more terminals this already forbids most pairs.

Bounds. Lower bound of a region: the assignment relaxation (Hungarian on the padded
``(|A|+|B|) x (|B|+|A|)`` matrix, inadmissible pairs forbidden). If its matching is
realizable (with the terminals) the region is solved exactly. Upper bound: greedy
repair of that matching (add pairs by decreasing saving while realizable).

Branching. Pick an edge ``e`` of ``A`` that takes part in a violated triple; every
solution either contracts ``e`` (region ``A - e``) or matches it to some admissible
``f`` in ``B`` (two independent sub-regions; both side orientations when ``T`` is
empty). Options are pre-filtered with reduced costs of the relaxation (the assignment
duals, from Bellman-Ford on the residual graph: ``lb + rc[e, f]`` is a valid bound for
every solution that contains ``(e, f)``), then ordered by their sub-relaxation bound
and explored depth-first with the incumbent as cut-off; solved regions are memoized
by ``(A, B, terminal attachment pattern)``.

Complexity. One relaxation is ``O(N^3)`` with ``N = |A| + |B|`` (scipy), the duals
``O(N^2)`` per Bellman-Ford round. When the relaxation is realizable (the common
case: correct topology, missing/spurious joints) the whole search is one
relaxation. A misattached subtree costs a few relaxations. The worst case is
exponential (unordered tree edit distance is NP-hard), so the number of relaxations
is capped by ``max_nodes``; the result then carries the proven lower bound and the
best realizable upper bound, and is not certified.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import linear_sum_assignment

from arena_core.metric.tree_structure import conflicting, realizable

Region = tuple[np.ndarray, np.ndarray, tuple[tuple[int, int], ...]]


@dataclass(frozen=True)
class Relaxation:
    """The assignment relaxation of one region: bound, matching, exactness."""

    lb: float
    pairs: np.ndarray  # (m, 2) global edge indices of the relaxation's matching
    exact: bool


@dataclass(frozen=True)
class Bounds:
    """``lb <= optimum <= ub``; ``pairs`` realizes ``ub`` (``None`` when ``ub`` is inf)."""

    lb: float
    ub: float
    pairs: np.ndarray | None


@dataclass
class Search:
    """Branch-and-bound state for one pair of trees (see the module docstring)."""

    cost: np.ndarray
    d1: np.ndarray
    d2: np.ndarray
    s1: np.ndarray
    s2: np.ndarray
    gap: float
    max_nodes: int
    nodes: int = 0
    _relax: dict = field(default_factory=dict)
    _solved: dict = field(default_factory=dict)

    # ------------------------------------------------------------------ regions
    def key(self, region: Region) -> tuple:
        a, b, terms = region
        pattern = sorted(
            (np.packbits(self.s1[a, t1]).tobytes(), np.packbits(self.s2[b, t2]).tobytes())
            for t1, t2 in terms
        )
        return a.tobytes(), b.tobytes(), tuple(pattern)

    def admissible(self, region: Region) -> np.ndarray:
        """``(|A|, |B|)`` bool: pairs realizable together with the terminals."""
        a, b, terms = region
        if len(terms) <= 1:
            return np.ones((len(a), len(b)), dtype=bool)
        t1 = np.array([t[0] for t in terms])
        t2 = np.array([t[1] for t in terms])
        p1, p2 = self.s1[np.ix_(a, t1)], self.s2[np.ix_(b, t2)]
        q1, q2 = p1 ^ p1[:, :1], p2 ^ p2[:, :1]
        return (q1[:, None, :] == q2[None, :, :]).all(axis=-1)

    def padded(self, region: Region) -> np.ndarray:
        """The ``(|A|+|B|, |B|+|A|)`` assignment matrix (inf = forbidden)."""
        a, b, _ = region
        na, nb = len(a), len(b)
        mat = np.full((na + nb, nb + na), np.inf)
        mat[:na, :nb] = np.where(self.admissible(region), self.cost[np.ix_(a, b)], np.inf)
        mat[np.arange(na), nb + np.arange(na)] = self.d1[a]
        mat[na + np.arange(nb), np.arange(nb)] = self.d2[b]
        mat[na:, nb:] = 0.0
        return mat

    def relax(self, region: Region) -> Relaxation:
        key = self.key(region)
        hit = self._relax.get(key)
        if hit is not None:
            return hit
        a, b, terms = region
        if len(a) == 0 or len(b) == 0:
            out = Relaxation(float(self.d1[a].sum() + self.d2[b].sum()), np.zeros((0, 2), int), True)
        else:
            self.nodes += 1
            mat = self.padded(region)
            rows, cols = linear_sum_assignment(mat)
            hit_ab = (rows < len(a)) & (cols < len(b))
            pairs = np.stack([a[rows[hit_ab]], b[cols[hit_ab]]], axis=1)
            lb = float(mat[rows, cols].sum())
            out = Relaxation(lb, pairs, realizable(self.s1, self.s2, self._with_terms(pairs, terms)))
        self._relax[key] = out
        return out

    @staticmethod
    def _with_terms(pairs: np.ndarray, terms) -> np.ndarray:
        if not terms:
            return pairs
        return np.concatenate([pairs, np.array(terms, dtype=np.int64).reshape(-1, 2)])

    def value(self, region: Region, pairs: np.ndarray) -> float:
        """Cost of the matching ``pairs`` inside ``region`` (unmatched edges contracted)."""
        a, b, _ = region
        return float(
            self.cost[pairs[:, 0], pairs[:, 1]].sum()
            + self.d1[a].sum() - self.d1[pairs[:, 0]].sum()
            + self.d2[b].sum() - self.d2[pairs[:, 1]].sum()
        )

    def greedy(self, region: Region, relax: Relaxation) -> Bounds:
        """Realizable matching from the relaxation: add pairs by decreasing saving."""
        pairs = relax.pairs
        saving = self.d1[pairs[:, 0]] + self.d2[pairs[:, 1]] - self.cost[pairs[:, 0], pairs[:, 1]]
        terms = np.array(region[2], dtype=np.int64).reshape(-1, 2)
        chosen = terms
        for idx in np.argsort(-saving, kind="stable"):
            trial = np.concatenate([chosen, pairs[idx : idx + 1]])
            if realizable(self.s1, self.s2, trial):
                chosen = trial
        kept = chosen[len(terms) :]
        return Bounds(self.value(region, kept), self.value(region, kept), kept)

    # ------------------------------------------------------------------ branching
    def reduced_costs(self, region: Region) -> tuple[float, np.ndarray]:
        """Relaxation bound and reduced costs ``(|A|+|B|, |B|+|A|)`` (>= 0, inf = forbidden)."""
        mat = self.padded(region)
        rows, cols = linear_sum_assignment(mat)
        assigned = mat[rows, cols]
        step = np.where(np.isfinite(mat), mat - assigned[:, None], np.inf)
        dist = np.zeros(mat.shape[1])
        for _ in range(mat.shape[1]):
            cand = np.minimum(dist, (dist[cols][:, None] + step).min(axis=0))
            if np.all(cand >= dist - self.gap * 1e-3):
                break
            dist = cand
        u = assigned - dist[cols]
        return float(assigned.sum()), np.maximum(mat - u[:, None] - dist[None, :], 0.0)

    def options(self, region: Region, e_row: int, lb: float, rc: np.ndarray, cutoff: float):
        """Sub-problems of branching on edge ``A[e_row]``; also the best pruned bound."""
        a, b, _ = region
        nb = len(b)
        row = lb + rc[e_row]
        alive = row[:nb] < cutoff - self.gap
        keep_f = np.flatnonzero(alive)
        floor = float(np.min(row[:nb][~alive], initial=np.inf))
        e, out = int(a[e_row]), []
        if row[nb + e_row] < cutoff - self.gap:
            out.append((float(self.d1[e]), None, [(np.delete(a, e_row), b, region[2])]))
        else:
            floor = min(floor, float(row[nb + e_row]))
        for f_col in keep_f:
            f = int(b[f_col])
            for subs in self.split(region, e, f):
                out.append((float(self.cost[e, f]), (e, f), subs))
        return out, floor

    def split(self, region: Region, e: int, f: int):
        """Region pairs after forcing ``(e, f)``: one orientation, or two without terminals."""
        a, b, terms = region
        a_lo, b_lo = self.s1[e, a], self.s2[f, b]
        a_keep, b_keep = a != e, b != f
        lo1, hi1 = a[a_lo & a_keep], a[~a_lo & a_keep]
        lo2, hi2 = b[b_lo & b_keep], b[~b_lo & b_keep]
        t_lo = tuple(t for t in terms if self.s1[e, t[0]])
        t_hi = tuple(t for t in terms if not self.s1[e, t[0]])
        new = ((e, f),)
        if terms:
            flip = bool(self.s1[e, terms[0][0]] != self.s2[f, terms[0][1]])
            pairs = [(hi2, lo2) if flip else (lo2, hi2)]
        else:
            pairs = [(lo2, hi2), (hi2, lo2)]
        return [[(lo1, x, t_lo + new), (hi1, y, t_hi + new)] for x, y in pairs]

    def choose_edge(self, region: Region, relax: Relaxation, lb, rc, cutoff) -> int:
        """Row in ``A`` of the conflicted edge with the fewest surviving options."""
        a, b, terms = region
        pairs = self._with_terms(relax.pairs, terms)
        bad = conflicting(self.s1, self.s2, pairs)[: len(relax.pairs)]
        cand = np.flatnonzero(np.isin(a, relax.pairs[bad, 0]))
        if len(cand) == 0:  # cannot happen for an unrealizable matching; stay complete
            cand = np.arange(len(a))
        alive = ((lb + rc[cand]) < cutoff - self.gap)[:, : len(b)].sum(axis=1)
        alive = alive * (1 if terms else 2) + ((lb + rc[cand, len(b) + cand]) < cutoff)
        order = np.lexsort((-self.d1[a[cand]], alive))
        return int(cand[order[0]])

    # ------------------------------------------------------------------ search
    def solve(self, region: Region, bound: float) -> Bounds:
        """Bounds for ``region``; exact (``ub - lb <= gap``) unless cut off at ``bound``."""
        relax = self.relax(region)
        if relax.exact:
            return Bounds(relax.lb, relax.lb, relax.pairs)
        key = self.key(region)
        known = self._solved.get(key)
        if known is not None and (known.ub - known.lb <= self.gap or known.lb >= bound - self.gap):
            return known
        best = self.greedy(region, relax)
        if relax.lb >= min(bound, best.ub) - self.gap or self.nodes >= self.max_nodes:
            return Bounds(relax.lb, best.ub, best.pairs)
        out = self._branch(region, relax, bound, best)
        if out.ub - out.lb <= self.gap or out.lb >= bound - self.gap:
            self._solved[key] = out
        return out

    def _branch(self, region: Region, relax: Relaxation, bound: float, best: Bounds) -> Bounds:
        lb, rc = self.reduced_costs(region)
        e_row = self.choose_edge(region, relax, lb, rc, min(bound, best.ub))
        opts, floor = self.options(region, e_row, lb, rc, min(bound, best.ub))
        scored = []
        for base, pair, subs in opts:
            sub_lbs = [self.relax(s).lb for s in subs]
            scored.append((base + sum(sub_lbs), base, pair, subs))
        scored.sort(key=lambda item: item[0])
        lows = [floor]
        for opt_lb, base, pair, subs in scored:
            cutoff = min(bound, best.ub)
            if opt_lb >= cutoff - self.gap or self.nodes >= self.max_nodes:
                lows.append(opt_lb)
                continue
            got = self._evaluate(base, pair, subs, cutoff)
            lows.append(got.lb)
            if got.ub < best.ub:
                best = got
        return Bounds(max(relax.lb, min(lows)), best.ub, best.pairs)

    def _evaluate(self, base: float, pair, subs, cutoff: float) -> Bounds:
        lbs = [self.relax(s).lb for s in subs]
        total_lb, total_ub, found = base, base, []
        for idx, sub in enumerate(subs):
            rest = sum(lbs[idx + 1 :])
            got = self.solve(sub, cutoff - total_lb - rest)
            total_lb += got.lb
            total_ub += got.ub
            if got.pairs is None or not np.isfinite(got.ub):
                return Bounds(total_lb + rest, np.inf, None)
            found.append(got.pairs)
            if total_lb + rest >= cutoff - self.gap:
                return Bounds(total_lb + rest, np.inf, None)
        if pair is not None:
            found.append(np.array([pair], dtype=np.int64))
        pairs = np.concatenate(found) if found else np.zeros((0, 2), np.int64)
        return Bounds(total_lb, total_ub, pairs)
