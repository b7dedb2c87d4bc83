"""Motion-aware tree edit distance ``E^tree`` between two kinematic trees (paper section 4.3).

Links are nodes, joints are undirected edges carrying endpoint pairs ``(n, 2, 6)``
(compactified by the caller for ``E^phi``). Edit costs are all ``E`` values::

    substitute J -> J'    E(J, J')           contract / expand J    E(J, J0)

    E^tree(T1, T2) = min over matchings M extending to an isomorphism of the trees
                     with every unmatched edge contracted of
                     sum_{(i,k) in M} E(J_i, J'_k) + sum_{unmatched J} E(J, J0)

Edges with ``E(J, J0) <= tol.FIXED_EDGE`` are contracted first (cost 0). The
assignment relaxation (drop realizability; Hungarian on the padded
``(n1+n2) x (n2+n1)`` matrix) is a lower bound, exact when its matching is
realizable (:mod:`~arena_core.metric.tree_structure`, ``O(|M|^2)``). Otherwise an
incumbent comes from the constrained top-down DP (:mod:`~arena_core.metric.tree_dp`)
and a dive, and region branch-and-bound (:mod:`~arena_core.metric.tree_search`, with
rooted subtree bounds, star-path cuts and symmetry classes) closes the gap within
``max_nodes`` relaxations; the module docstrings there give the complexity. The result is certified when the
bounds agree within ``tol.CERTIFY_GAP`` times the total motion (at least 1).

Example (tutorial 4.7: the latch on the wrong parent; path door-base-drawer-latch
against the star with all three joints on the base):
    >>> import numpy as np
    >>> from arena_core.metric.joint import endpoints
    >>> from arena_core.metric.norms import SplitNorm
    >>> tw = np.array([[0, 0, 1, 0, -0.3, 0], [0, 0, 0, 1, 0, 0], [1, 0, 0, 0, 0, 0.0]])
    >>> pairs = endpoints(tw, np.zeros(3), np.array([np.pi / 2, 0.5, np.pi / 12]))
    >>> path = np.array([[0, 1], [0, 2], [2, 3]])  # base=0, door=1, drawer=2, latch=3
    >>> star = np.array([[0, 1], [0, 2], [0, 3]])
    >>> d = tree_distance(star, pairs, path, pairs, norm=SplitNorm())
    >>> round(d.value, 3), d.certified, round(d.lower_bound, 3), d.matching
    (0.524, True, 0.524, ((0, 0), (1, 1)))
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from arena_core.metric.assignment import padded_matrix, solve_padded
from arena_core.metric.joint import Norm, _check_norm, _check_pairs, motion, pairwise_distance
from arena_core.metric.tree_dp import constrained_distance
from arena_core.metric.tree_regions import RegionOps, symmetry_classes
from arena_core.metric.tree_search import Search
from arena_core.metric.tree_structure import (
    TreeInputError,
    check_edges,
    contract,
    realizable,
    side_matrix,
)
from arena_core.util import tolerances as tol

#: Default cap on assignment relaxations solved by the exact search: ``None`` means
#: :func:`default_max_nodes` of the tree sizes (a deterministic budget, never a clock).
DEFAULT_MAX_NODES = None


def default_max_nodes(n1: int, n2: int) -> int:
    """Relaxations the search may solve for trees of ``n1``/``n2`` moving joints.

    One relaxation costs ``O(n^3)``; the budget shrinks with size so a 100-joint pair
    stays near 0.3 s here while every tree up to 40 joints gets >= 1000 (small trees,
    which need < 100, are always decided exactly).

    >>> default_max_nodes(8, 8), default_max_nodes(40, 40), default_max_nodes(100, 90)
    (16718, 1000, 201)
    """
    n = max(n1, n2, 1)
    return int(min(20_000, max(200, 1000 * (40 / n) ** 1.75)))


@dataclass(frozen=True)
class TreeDistance:
    """Result of :func:`tree_distance`.

    ``value`` is the cost of ``matching`` (an upper bound, the exact distance when
    ``certified``); ``lower_bound <= exact <= value``. ``matching`` lists matched
    ``(i, k)`` edge indices of the original edge lists, sorted by ``i``; contracted
    fixed edges and unmatched edges are absent. ``relaxation`` is the assignment
    bound and ``nodes`` the number of relaxations the search solved.
    """

    value: float
    certified: bool
    lower_bound: float
    matching: tuple[tuple[int, int], ...]
    relaxation: float = 0.0
    nodes: int = 0


def tree_distance(
    edges1: np.ndarray,
    pairs1: np.ndarray,
    edges2: np.ndarray,
    pairs2: np.ndarray,
    *,
    norm: Norm,
    max_nodes: int | None = DEFAULT_MAX_NODES,
) -> TreeDistance:
    """``E^tree`` between tree 1 (``edges1`` ``(n1, 2)`` int, ``pairs1`` ``(n1, 2, 6)``) and tree 2.

    ``norm`` (unbatched) prices every edit. For per-edge norms (the kinetic norm of
    each ground-truth child link) build the costs and call
    :func:`tree_distance_from_costs`.
    """
    norm = _check_norm(norm)
    z1, z2 = _check_pairs(pairs1, "pairs1"), _check_pairs(pairs2, "pairs2")
    e1, e2 = check_edges(edges1, "edges1"), check_edges(edges2, "edges2")
    _check_lengths(e1, z1.reshape(-1, 2, 6), "pairs1")
    _check_lengths(e2, z2.reshape(-1, 2, 6), "pairs2")
    if norm.batch_shape != ():
        raise TreeInputError("tree_distance needs one norm for all edges; "
                             "build per-edge costs and call tree_distance_from_costs")
    z1, z2 = z1.reshape(-1, 2, 6), z2.reshape(-1, 2, 6)
    cost = pairwise_distance(z1, z2, norm=norm) if len(z1) and len(z2) else np.zeros((len(z1), len(z2)))
    return tree_distance_from_costs(
        e1, e2, cost, motion(z1, norm=norm), motion(z2, norm=norm), max_nodes=max_nodes
    )


def tree_distance_from_costs(
    edges1: np.ndarray,
    edges2: np.ndarray,
    cost: np.ndarray,
    motion1: np.ndarray,
    motion2: np.ndarray,
    *,
    max_nodes: int | None = DEFAULT_MAX_NODES,
) -> TreeDistance:
    """``E^tree`` from precomputed costs: ``cost`` ``(n1, n2)`` = ``E(J_i, J'_k)``,
    ``motion1`` ``(n1,)`` / ``motion2`` ``(n2,)`` = ``E(J, J0)`` (all finite, >= 0).

    Edges with motion ``<= tol.FIXED_EDGE`` are contracted. Use this entry point for
    per-edge norms (e.g. the kinetic norm of each ground-truth child link).
    """
    e1, e2 = check_edges(edges1, "edges1"), check_edges(edges2, "edges2")
    cost, m1, m2 = _check_costs(cost, motion1, motion2, len(e1), len(e2))
    if max_nodes is None:
        max_nodes = default_max_nodes(int(np.sum(m1 > tol.FIXED_EDGE)),
                                      int(np.sum(m2 > tol.FIXED_EDGE)))
    if max_nodes < 0:
        raise TreeInputError(f"max_nodes must be >= 0, got {max_nodes}")
    keep1, keep2 = m1 > tol.FIXED_EDGE, m2 > tol.FIXED_EDGE
    idx1, idx2 = np.flatnonzero(keep1), np.flatnonzero(keep2)
    c1, c2 = contract(e1, keep1), contract(e2, keep2)
    sub = cost[np.ix_(idx1, idx2)]
    d1, d2 = m1[idx1], m2[idx2]
    scale = max(1.0, float(d1.sum() + d2.sum()))
    relax_value, pairs = _relaxation(sub, d1, d2)
    s1, s2 = side_matrix(c1), side_matrix(c2)
    if realizable(s1, s2, pairs):
        return _result(sub, d1, d2, pairs, relax_value, relax_value, idx1, idx2, True, 0)
    gap = tol.CERTIFY_GAP * scale
    swap = _duplicates(c1, s1, sub.T, d1) > _duplicates(c2, s2, sub, d2)
    if swap:  # branch into the tree with more interchangeable subtrees
        lower, found, nodes = _search(c2, c1, s2, s1, sub.T, d2, d1, pairs[:, ::-1], gap, max_nodes)
        found = found[:, ::-1]
    else:
        lower, found, nodes = _search(c1, c2, s1, s2, sub, d1, d2, pairs, gap, max_nodes)
    value = _matching_value(sub, d1, d2, found)
    lower = min(max(lower, relax_value), value)
    return _result(sub, d1, d2, found, lower, relax_value, idx1, idx2, value - lower <= gap, nodes)


def _search(c1, c2, s1, s2, cost, d1, d2, relax_pairs, gap, max_nodes):
    """Incumbent (constrained DP or dive), then branch-and-bound: ``(lower, pairs, nodes)``."""
    ops = RegionOps(cost, d1, d2, s1, s2, c1, c2)
    search = Search(ops, gap, int(max_nodes))
    region = (np.arange(len(d1)), np.arange(len(d2)), ())
    candidates = [_upper_bound(c1, c2, cost, d1, d2, relax_pairs), search.dive(region)]
    incumbent = min(candidates, key=lambda p: _matching_value(cost, d1, d2, p))
    ub = _matching_value(cost, d1, d2, incumbent)
    found = search.solve(region, ub)
    if found.pairs is not None and _matching_value(cost, d1, d2, found.pairs) < ub:
        incumbent = found.pairs
    return found.lb, np.ascontiguousarray(incumbent), search.nodes


def _duplicates(edges, side, cost, motion) -> int:
    """Number of edges sharing a symmetry class with another edge."""
    classes = symmetry_classes(edges, side, cost, motion)
    return int(len(classes) - len(np.unique(classes)))


def _upper_bound(c1, c2, cost, d1, d2, relax_pairs) -> np.ndarray:
    """Best constrained (top-down) matching over a few root pairs (see ``tree_dp``).

    Tree 1 is rooted at its highest-degree node; tree 2 at its highest-degree node
    and at the node the relaxation's matching votes for.
    """
    deg1 = np.bincount(c1.ravel(), minlength=len(c1) + 1)
    deg2 = np.bincount(c2.ravel(), minlength=len(c2) + 1)
    r1 = int(np.argmax(deg1))
    roots2 = {int(np.argmax(deg2))}
    partner = dict(relax_pairs.tolist())
    votes = np.zeros(len(c2) + 1)
    for e in np.flatnonzero((c1 == r1).any(axis=1)):
        if e in partner:
            np.add.at(votes, c2[partner[e]], 1.0)
    if votes.any():
        roots2.add(int(np.argmax(votes)))
    best, best_value = np.zeros((0, 2), dtype=np.int64), float(d1.sum() + d2.sum())
    for r2 in sorted(roots2):
        value, pairs = constrained_distance(c1, c2, cost, d1, d2, r1, r2)
        value = _matching_value(cost, d1, d2, pairs)
        if value < best_value:
            best, best_value = pairs, value
    return best


def relaxation_distance(cost: np.ndarray, motion1: np.ndarray, motion2: np.ndarray) -> float:
    """The assignment relaxation alone (a lower bound on ``E^tree``; no tree needed).

    >>> relaxation_distance(np.array([[0.1, 2.0]]), np.array([1.0]), np.array([1.0, 0.5]))
    0.6
    """
    cost, m1, m2 = _check_costs(cost, motion1, motion2, len(np.atleast_1d(motion1)),
                                len(np.atleast_1d(motion2)))
    return _relaxation(cost, m1, m2)[0]


def _relaxation(cost: np.ndarray, d1: np.ndarray, d2: np.ndarray) -> tuple[float, np.ndarray]:
    n1, n2 = len(d1), len(d2)
    if n1 == 0 or n2 == 0:
        return float(d1.sum() + d2.sum()), np.zeros((0, 2), dtype=np.int64)
    return solve_padded(padded_matrix(cost, d1, d2), n1)


def _matching_value(cost, d1, d2, pairs) -> float:
    return float(
        cost[pairs[:, 0], pairs[:, 1]].sum()
        + d1.sum() - d1[pairs[:, 0]].sum()
        + d2.sum() - d2[pairs[:, 1]].sum()
    )


def _result(cost, d1, d2, pairs, lower, relax, idx1, idx2, certified, nodes) -> TreeDistance:
    value = _matching_value(cost, d1, d2, pairs)
    order = np.argsort(pairs[:, 0], kind="stable")
    matching = tuple((int(idx1[i]), int(idx2[k])) for i, k in pairs[order])
    return TreeDistance(value, bool(certified), float(min(lower, value)), matching, relax, nodes)


def _check_lengths(edges: np.ndarray, pairs: np.ndarray, name: str) -> None:
    if len(edges) != len(pairs):
        raise TreeInputError(f"{name} must have one endpoint pair per edge: "
                             f"{len(edges)} edges, {len(pairs)} pairs")


def _check_costs(cost, motion1, motion2, n1: int, n2: int):
    cost = np.asarray(cost, dtype=float)
    if cost.size == 0 and n1 * n2 == 0:
        cost = cost.reshape(n1, n2)
    m1, m2 = np.asarray(motion1, dtype=float).reshape(-1), np.asarray(motion2, dtype=float).reshape(-1)
    if cost.shape != (n1, n2):
        raise TreeInputError(f"cost must have shape ({n1}, {n2}), got {cost.shape}")
    if m1.shape != (n1,) or m2.shape != (n2,):
        raise TreeInputError(f"motion1/motion2 must have shapes ({n1},)/({n2},), "
                             f"got {m1.shape}/{m2.shape}")
    for name, arr in (("cost", cost), ("motion1", m1), ("motion2", m2)):
        if not np.all(np.isfinite(arr)) or np.any(arr < 0):
            raise TreeInputError(f"{name} must be finite and >= 0")
    return cost, m1, m2
