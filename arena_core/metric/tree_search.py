"""Exact motion-aware tree edit distance by region branch-and-bound (used by ``tree.py``).

Problem. Edges ``i`` of tree 1 and ``k`` of tree 2 (exact fixed edges contracted),
substitution costs ``C[i, k]``, contraction/expansion costs ``d1[i]``, ``d2[k]``: find
the realizable matching ``M`` minimising ``sum_M C + sum_unmatched d``. Regions,
forcing and symmetry classes are in :mod:`arena_core.metric.tree_regions`.

Lower bound of a region: its assignment relaxation (exact when realizable),
strengthened by the rooted subtree bound on its reduced costs
(:mod:`arena_core.metric.tree_rooted`: a subtree hung from another parent pays at its
ancestors; computed first in a region with terminals, and in one without, whose bound
takes every rooting, only before it branches) and a star-path Lagrangian cut
(:mod:`arena_core.metric.tree_cuts`).
Upper bound: the relaxation's matching with conflicting pairs dropped; at the top
region also a *dive* -- force every relaxation pair that is in no violated triple
(or the largest-saving pair when all are), split, repeat on the sub-regions -- and
any realizable assignment met while maximising the cut.

Branch-and-bound on a region with incumbent ``U``: the relaxation duals (Bellman-
Ford on the residual graph) give reduced costs ``rc``; the rooted bounds turn them
into a valid bound ``lb + R[e, f]`` (``>= lb + rc[e, f]``) on every solution
containing ``(e, f)`` (``R[e, del]`` for contracting ``e``).
Per tree-1 edge the options still below ``U`` are counted (one per symmetry class).
No option left: the region cannot beat ``U``. Exactly one option left for some edges:
all of them are applied at once (every improving solution contains them) and the
region splits. Otherwise branch on an edge (contract it, or match it to each surviving
class), best bound first, depth first, memoizing solved regions. The edge is the nearest
region ancestor of a conflicted edge (forcing an inner edge confines its subtree, so a
leaf hung from the wrong parent is settled at the parent) with the fewest options. An
option's large sub-regions are screened by a dual bound (the parent's row potentials and
the sub-region's own column minima, ``O(N^2)``, no assignment) and solved only when
explored; small ones by their relaxation.

Complexity. A relaxation is ``O(N^3)`` with ``N = |A| + |B|`` (scipy), the duals
``O(N^2)`` per Bellman-Ford round, the rooted bound ``O(N^2 h)`` (``h`` the tree
height; ``O(N^3)`` vectorized without terminals), a cut a few relaxations. A
realizable relaxation (correct topology, missing or spurious joints) costs one
relaxation (done by the caller); star-versus-path structure is settled by the cut;
localized structural errors cost a handful of relaxations each, since forced moves
cut the trees into independent regions. The worst case is exponential (unordered
tree edit distance is NP-hard, and many interchangeable joints under different
parents weaken the bounds): the number of relaxations is capped by ``max_nodes`` (and
branching depth by ``_MAX_DEPTH``), after which the best proven lower bound and the
best realizable matching are returned uncertified. Measured (``python
tests/bench/bench_metric.py --only objects``): 30 random cabinet-like pairs of
100-joint objects with noise and 0-3 structural edits all certified within the
default budget, at most 145 relaxations, 0.25 s (the six with subtrees reattached among
near-identical drawers: 30-124, where the assignment bound alone needed 578-2,828).

Example (a handle on a drawer against the handle moved to the base, joints equal:
the cheapest repair removes the handle and puts it back, cost 2 x 1):
    >>> import numpy as np
    >>> from arena_core.metric.tree_structure import side_matrix
    >>> nested = np.array([[0, 1], [1, 2], [0, 3]])  # drawer, handle on it, knob
    >>> flat = np.array([[0, 1], [0, 2], [0, 3]])
    >>> motion = np.array([2.0, 1.0, 3.0])
    >>> cost = np.where(np.eye(3, dtype=bool), 0.0, 9.0)
    >>> ops = RegionOps(cost, motion, motion, side_matrix(nested), side_matrix(flat), nested, flat)
    >>> got = Search(ops, gap=1e-12, max_nodes=100).solve((np.arange(3), np.arange(3), ()), np.inf)
    >>> got.lb, got.ub, sorted(got.pairs.tolist())
    (2.0, 2.0, [[0, 0], [2, 2]])
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import linear_sum_assignment

from arena_core.metric.tree_cuts import cut_bound
from arena_core.metric.tree_regions import Region, RegionOps, with_terms
from arena_core.metric.tree_rooted import RootedBounds, rooted_bounds
from arena_core.metric.tree_structure import conflicting, realizable

_NONE = np.zeros((0, 2), dtype=np.int64)
#: Nested branchings beyond this depth are not opened (keeps Python's stack bounded).
_MAX_DEPTH = 150
#: Sub-regions with more edges than this are screened by a dual bound, not solved.
_SCREEN_SIZE = 32


@dataclass(frozen=True)
class Bounds:
    """``lb <= optimum <= ub``; ``pairs`` realizes ``ub`` (``None`` when ``ub`` is inf)."""

    lb: float
    ub: float
    pairs: np.ndarray | None


@dataclass
class Search:
    """Branch-and-bound over regions (see the module docstring)."""

    ops: RegionOps
    gap: float
    max_nodes: int
    _solved: dict = field(default_factory=dict)
    _depth: int = 0
    _duals: tuple | None = None
    _clipped: float = 0.0

    @property
    def nodes(self) -> int:
        return self.ops.nodes

    # ------------------------------------------------------------------ upper bound
    def dive(self, region: Region) -> np.ndarray:
        """A realizable matching of ``region`` (pairs, terminals excluded)."""
        found, stack = [], [region]
        while stack:
            reg = stack.pop()
            relax = self.ops.relax(reg)
            if relax.exact:
                found.append(relax.pairs)
                continue
            base_pairs, subs = self._dive_step(reg, relax)
            found.append(base_pairs)
            stack.extend(subs)
        return np.concatenate(found) if found else _NONE

    def repair(self, region: Region, pairs: np.ndarray) -> np.ndarray:
        """``pairs`` made realizable with the terminals by dropping, one at a time, the
        conflicting pair that saves least (no relaxation; ``O(m^2)`` per dropped pair)."""
        s1, s2, terms = self.ops.s1, self.ops.s2, region[2]
        while not realizable(s1, s2, with_terms(pairs, terms)):
            bad = np.flatnonzero(conflicting(s1, s2, with_terms(pairs, terms))[: len(pairs)])
            i, k = pairs[bad, 0], pairs[bad, 1]
            saving = self.ops.d1[i] + self.ops.d2[k] - self.ops.cost[i, k]
            pairs = np.delete(pairs, bad[np.argmin(saving)], axis=0)
        return pairs

    def _dive_step(self, region: Region, relax) -> tuple[np.ndarray, list]:
        pairs, terms = relax.pairs, region[2]
        bad = conflicting(self.ops.s1, self.ops.s2, with_terms(pairs, terms))[: len(pairs)]
        good = pairs[~bad]
        if len(good) == 0 or len(good) + len(terms) < 2:
            saving = self.ops.d1[pairs[:, 0]] + self.ops.d2[pairs[:, 1]]
            saving = saving - self.ops.cost[pairs[:, 0], pairs[:, 1]]
            good = pairs[np.argmax(saving)][None]
        if len(good) + len(terms) >= 2:
            got = self.ops.force(region, good, np.zeros(0, dtype=np.int64))
            if got is not None:
                return good, got[1]
        opts = self.ops.split_options(region, int(good[0, 0]), int(good[0, 1]))
        if not opts:  # the pair does not fit the terminals: contract its tree-1 edge instead
            a, b, _ = region
            return _NONE, [(a[a != good[0, 0]], b, terms)]
        best = min(opts, key=lambda o: o[0] + sum(self.ops.relax(s).lb for s in o[1]))
        return good[:1], best[1]

    # ------------------------------------------------------------------ exact search
    def solve(self, region: Region, bound: float) -> Bounds:
        """Bounds for ``region``; exact (``ub - lb <= gap``) unless cut off at ``bound``."""
        relax = self.ops.relax(region)
        if relax.exact:
            return Bounds(relax.lb, relax.lb, relax.pairs)
        if relax.lb >= bound - self.gap:
            return Bounds(relax.lb, np.inf, None)
        key = self.ops.key(region)
        known = self._solved.get(key)
        if known is not None and (known.ub - known.lb <= self.gap or known.lb >= bound - self.gap):
            return known
        # rooted regions: the subtree bound first (cheap); unrooted: only before branching
        duals = self._rooted(region) if region[2] else None
        floor = _floor(relax.lb, duals)
        if floor >= bound - self.gap:
            out = Bounds(floor, np.inf, None)
        else:
            out = self._bound_and_branch(region, relax, bound, floor, duals)
        if out.ub - out.lb <= self.gap or out.lb >= bound - self.gap:
            self._solved[key] = out
        return out

    def _bound_and_branch(self, region: Region, relax, bound: float, floor: float, duals) -> Bounds:
        """Incumbent (dive, cut candidates), star-path cut, then branch unless closed."""
        pairs = self.repair(region, relax.pairs)
        best = Bounds(relax.lb, self.ops.value(region, pairs), pairs)
        if best.ub - floor > self.gap and self._depth == 0:  # dive at the top region only
            pairs = self.dive(region)
            value = self.ops.value(region, pairs)
            if value < best.ub:
                best = Bounds(relax.lb, value, pairs)
        if best.ub - floor <= self.gap:
            return Bounds(floor, best.ub, best.pairs)
        cut, candidates = cut_bound(self.ops, region, relax, self.gap)
        floor = max(floor, cut)
        for cand in candidates:
            if realizable(self.ops.s1, self.ops.s2, with_terms(cand, region[2])):
                value = self.ops.value(region, cand)
                if value < best.ub:
                    best = Bounds(relax.lb, value, cand)
        stop = self.nodes >= self.max_nodes or self._depth >= _MAX_DEPTH
        if duals is None and not stop and best.ub - floor > self.gap and floor < bound - self.gap:
            duals = self._rooted(region)
            floor = max(floor, _floor(relax.lb, duals))
        if stop or best.ub - floor <= self.gap or floor >= bound - self.gap:
            return Bounds(floor, best.ub, best.pairs)
        self._depth += 1
        try:
            out = self._branch(region, relax, bound, best, duals)
        finally:
            self._depth -= 1
        return Bounds(max(out.lb, floor), out.ub, out.pairs)

    def reduced_costs(self, region: Region) -> tuple[float, np.ndarray]:
        """Relaxation bound and reduced costs ``(|A|+|B|, |B|+|A|)`` (>= 0, inf = forbidden).

        Also keeps the row potentials of ``region`` for :meth:`dual_bound` of its sub-regions.
        """
        mat = self.ops.padded(region)
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
        self._duals = (region, u)
        reduced = mat - u[:, None] - dist[None, :]
        self._clipped = float(max(0.0, -reduced[np.isfinite(reduced)].min(initial=0.0)))
        return float(assigned.sum()), np.maximum(reduced, 0.0)

    def dual_bound(self, sub: Region) -> float:
        """A lower bound on the relaxation of ``sub`` (a sub-region of the last region passed
        to :meth:`reduced_costs`) without solving it: that region's row potentials ``u``,
        restricted to the rows of ``sub``, with the column potentials ``v_j = min_i (M_ij -
        u_i)`` of ``sub``'s own matrix ``M`` (feasible, so ``sum u + sum v`` bounds it by weak
        duality; ``O(|A|+|B|)^2``, no assignment solved)."""
        (a, b, _), u = self._duals
        pos_a, pos_b = np.zeros(len(self.ops.d1), np.int64), np.zeros(len(self.ops.d2), np.int64)
        pos_a[a], pos_b[b] = np.arange(len(a)), len(a) + np.arange(len(b))
        u_a, u_b = u[pos_a[sub[0]]], u[pos_b[sub[1]]]
        block = np.where(self.ops.admissible(sub), self.ops.cost[sub[0][:, None], sub[1]], np.inf)
        # the padded matrix's column minima without building it: a tree-2 column k holds
        # the block and its insertion cell; a deletion column i holds d1[i] and the zeros
        v_b = np.minimum((block - u_a[:, None]).min(axis=0, initial=np.inf), self.ops.d2[sub[1]] - u_b)
        v_del = np.minimum(self.ops.d1[sub[0]] - u_a, (-u_b).min(initial=np.inf))
        return float(u_a.sum() + u_b.sum() + v_b.sum() + v_del.sum())

    def _rooted(self, region: Region):
        """``(lb, rc, rooted bounds or None)`` of ``region`` (see :mod:`tree_rooted`). The
        duals stop within ``gap * 1e-3`` of optimal, so a reduced cost may be clipped from
        that much below 0; a solution uses ``|A| + |B|`` cells, hence the slack."""
        lb, rc = self.reduced_costs(region)
        got = rooted_bounds(self.ops, region, rc)
        slack = len(rc) * self._clipped
        if got is None or slack == 0.0:
            return lb, rc, got
        return lb, rc, RootedBounds(got.total - slack, got.pair - slack, got.delete - slack)

    def _branch(self, region: Region, relax, bound: float, best: Bounds, duals) -> Bounds:
        a, b, terms = region
        cutoff = min(bound, best.ub)
        lb, rc, rooted = duals
        na, nb = len(a), len(b)
        if rooted is None:
            match_lb = lb + rc[:na, :nb]
            del_lb = lb + rc[np.arange(na), nb + np.arange(na)]
        else:
            match_lb = lb + np.maximum(rc[:na, :nb], rooted.pair)
            del_lb = lb + np.maximum(rc[np.arange(na), nb + np.arange(na)], rooted.delete)
        groups, rep_lb = self._class_columns(region, match_lb)
        alive_m = rep_lb < cutoff - self.gap
        alive_d = del_lb < cutoff - self.gap
        count = alive_m.sum(axis=1) + alive_d
        if np.any(count == 0):
            dead = int(np.argmin(count))
            return Bounds(max(relax.lb, float(min(match_lb[dead].min(), del_lb[dead]))), best.ub, best.pairs)
        forced = np.flatnonzero(count == 1)
        status, option = self._forced_option(region, forced, groups, alive_m, alive_d)
        dead_lb = np.where(alive_m, np.inf, rep_lb)
        dead_del = np.where(alive_d, np.inf, del_lb)
        if status != "branch":
            floor = float(min(dead_lb[forced].min(), dead_del[forced].min()))
            if status == "infeasible":
                return Bounds(max(relax.lb, floor), best.ub, best.pairs)
            return self._explore(relax, [option], floor, bound, best)
        e_row = self._choose_row(region, relax, count)
        e = int(a[e_row])
        options = []
        if alive_d[e_row]:
            options.append((float(self.ops.d1[e]), _NONE, [(np.delete(a, e_row), b, terms)]))
        for g in np.flatnonzero(alive_m[e_row]):
            f = int(b[np.flatnonzero(groups == g)[0]])
            for base, subs in self.ops.split_options(region, e, f):
                options.append((base, np.array([[e, f]], dtype=np.int64), subs))
        floor = float(min(dead_lb[e_row].min(), dead_del[e_row]))
        return self._explore(relax, options, floor, bound, best)

    def _class_columns(self, region: Region, match_lb: np.ndarray):
        """Group interchangeable tree-2 columns: group per column, best bound per group."""
        a, b, _ = region
        in_b = np.zeros(len(self.ops.d2), dtype=bool)
        in_b[b] = True
        intact = np.array([in_b[self.ops.s2[f]].all() for f in b], dtype=bool)
        key = np.where(intact, self.ops.classes[b], -1 - np.arange(len(b)))
        _, groups = np.unique(key, return_inverse=True)
        rep_lb = np.full((len(a), int(groups.max()) + 1), np.inf)
        np.minimum.at(rep_lb.T, groups, match_lb.T)
        return groups, rep_lb

    def _forced_option(self, region: Region, forced, groups, alive_m, alive_d):
        """Apply every single-option edge at once: ``("apply", option)``, or
        ``("infeasible", None)``, or ``("branch", None)`` when forcing cannot split."""
        a, b, terms = region
        if len(forced) == 0:
            return "branch", None
        deleted = a[forced[alive_d[forced]]]
        rows = forced[~alive_d[forced]]
        if len(rows) == 0:
            keep = ~np.isin(a, deleted)
            return "apply", (float(self.ops.d1[deleted].sum()), _NONE, [(a[keep], b, terms)])
        if len(rows) + len(terms) < 2:
            return "branch", None
        pairs, used = [], np.zeros(len(b), dtype=bool)
        for r in rows:  # distinct members of the row's single surviving class
            free = np.flatnonzero((groups == np.argmax(alive_m[r])) & ~used)
            if len(free) == 0:
                return "infeasible", None
            used[free[0]] = True
            pairs.append((int(a[r]), int(b[free[0]])))
        forced_pairs = np.array(pairs, dtype=np.int64)
        got = self.ops.force(region, forced_pairs, deleted)
        if got is None:
            return "infeasible", None
        return "apply", (got[0], forced_pairs, got[1])

    def _choose_row(self, region: Region, relax, count: np.ndarray) -> int:
        """Row to branch on: each conflicted tree-1 edge, or for a leaf of the region its
        nearest ancestor there, the one with the fewest options (ties: largest motion).
        Forcing an inner edge confines its whole subtree, where a leaf's terminal
        constrains nothing else; a leaf moved to another parent is settled at its parent."""
        a, _, terms = region
        bad = conflicting(self.ops.s1, self.ops.s2, with_terms(relax.pairs, terms))
        cand = np.flatnonzero(np.isin(a, relax.pairs[bad[: len(relax.pairs)], 0]))
        if len(cand) == 0:  # cannot happen for an unrealizable matching; stay complete
            cand = np.arange(len(a))
        inside = self.ops.s1[a[:, None], a]  # inside[r, q]: a[q] lies below a[r]
        size = inside.sum(axis=1)
        above = inside[:, cand]
        lift = above.any(axis=0) & (size[cand] == 0)
        nearest = np.where(lift, np.argmin(np.where(above, size[:, None], len(a) + 1), axis=0), cand)
        cand = np.unique(nearest)
        order = np.lexsort((-self.ops.d1[a[cand]], count[cand]))
        return int(cand[order[0]])

    def _explore(self, relax, options, floor: float, bound: float, best: Bounds) -> Bounds:
        """Depth-first over ``options`` ``(base, forced pairs, sub-regions)``, best bound first."""
        scored = [(base + sum(self._screen(s) for s in subs), base, fp, subs)
                  for base, fp, subs in options]
        scored.sort(key=lambda item: item[0])
        lows = [floor]
        for opt_lb, base, fp, subs in scored:
            cutoff = min(bound, best.ub)
            if opt_lb >= cutoff - self.gap or self.nodes >= self.max_nodes:
                lows.append(opt_lb)
                continue
            got = self._evaluate(base, fp, subs, cutoff)
            lows.append(got.lb)
            if got.ub < best.ub:
                best = got
        return Bounds(max(relax.lb, min(lows)), best.ub, best.pairs)

    def _screen(self, sub: Region) -> float:
        """Bound of a sub-region for ordering and pruning options: its relaxation when small
        or already solved, else the parent's :meth:`dual_bound` (no assignment solved)."""
        known = self.ops.known(sub)
        if known is not None:
            return known.lb
        if len(sub[0]) + len(sub[1]) <= _SCREEN_SIZE or self._duals is None:
            return self.ops.relax(sub).lb
        return self.dual_bound(sub)

    def _evaluate(self, base: float, forced: np.ndarray, subs, cutoff: float) -> Bounds:
        lbs = [self.ops.relax(s).lb for s in subs]
        total_lb, total_ub, found = base, base, [forced]
        for idx, sub in enumerate(subs):
            rest = sum(lbs[idx + 1 :])
            got = self.solve(sub, cutoff - total_lb - rest)
            total_lb += got.lb
            total_ub += got.ub
            if got.pairs is None or total_lb + rest >= cutoff - self.gap:
                return Bounds(total_lb + rest, np.inf, None)
            found.append(got.pairs)
        return Bounds(total_lb, total_ub, np.concatenate(found))


def _floor(lb: float, duals) -> float:
    """The relaxation bound ``lb``, raised by the rooted bound of ``duals`` if any."""
    if duals is None or duals[2] is None:
        return lb
    return max(lb, duals[0] + duals[2].total)
