"""Rooted subtree bounds of the tree search: never above a region's exact optimum (checked
by enumeration on small trees), and the one-pass bound of an unrooted region equal to the
minimum over every rooting of tree 2."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from arena_core.metric.tree_regions import RegionOps, with_terms
from arena_core.metric.tree_rooted import (
    _below,
    _bounds_at,
    _node_sides,
    _unrooted_bounds,
    rooted_bounds,
)
from arena_core.metric.tree_search import Search
from arena_core.metric.tree_structure import realizable, side_matrix
from arena_core.util import tolerances as tol


def random_ops(rng: np.random.Generator, n1: int, n2: int) -> RegionOps:
    """Random trees whose joints come in two near-identical kinds (the hard case)."""
    e1 = np.array([[int(rng.integers(0, k + 1)), k + 1] for k in range(n1)])
    e2 = np.array([[int(rng.integers(0, k + 1)), k + 1] for k in range(n2)])
    kinds = rng.integers(0, 2, size=n1 + n2)
    feat = rng.normal(size=(2, 2))[kinds] + rng.normal(size=(n1 + n2, 2)) * 0.05
    cost = np.linalg.norm(feat[:n1, None] - feat[None, n1:], axis=2)
    motion = np.abs(rng.normal(size=n1 + n2)) + 0.3
    return RegionOps(cost, motion[:n1], motion[n1:], side_matrix(e1), side_matrix(e2), e1, e2)


def region_optimum(ops: RegionOps, region) -> float:
    """Cheapest matching of ``region`` realizable with its terminals, by enumeration."""
    a, b, terms = region
    best = float(ops.d1[a].sum() + ops.d2[b].sum())
    for k in range(1, min(len(a), len(b)) + 1):
        for rows in itertools.combinations(a.tolist(), k):
            for cols in itertools.permutations(b.tolist(), k):
                pairs = np.array(list(zip(rows, cols, strict=True)))
                value = ops.value(region, pairs)
                if value < best and realizable(ops.s1, ops.s2, with_terms(pairs, terms)):
                    best = value
    return best


def forced_optimum(ops: RegionOps, region, e: int, f: int) -> float:
    """Cheapest solution of ``region`` matching ``(e, f)`` (inf when none is realizable)."""
    options = ops.split_options(region, e, f)
    return min((base + sum(region_optimum(ops, s) for s in subs) for base, subs in options),
               default=np.inf)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_rooted_bounds_never_exceed_the_region_optimum(seed):
    rng = np.random.default_rng(seed)
    gains = 0
    for _ in range(8):
        ops = random_ops(rng, *(int(x) for x in rng.integers(3, 6, 2)))
        top = (np.arange(len(ops.d1)), np.arange(len(ops.d2)), ())
        search = Search(ops, gap=1e-12, max_nodes=10)
        regions = [top]
        for e, f in itertools.product(range(len(ops.d1)), range(len(ops.d2))):
            for _, subs in ops.split_options(top, e, f):
                regions += [s for s in subs if len(s[0]) and len(s[1])]
        for region in regions:
            lb, rc = search.reduced_costs(region)
            got = rooted_bounds(ops, region, rc)
            assert lb + got.total <= region_optimum(ops, region) + tol.REFERENCE
            gains += got.total > 1e-6
            a, b, terms = region
            for i, e in enumerate(a):  # contracting e, or matching it to some f
                rest = (a[a != e], b, terms)
                assert lb + got.delete[i] <= ops.d1[e] + region_optimum(ops, rest) + tol.REFERENCE
                for j, f in enumerate(b):
                    assert lb + got.pair[i, j] <= forced_optimum(ops, region, e, f) + tol.REFERENCE
    assert gains >= 10  # the bound is above the assignment's, not only valid


def test_unrooted_bound_is_the_minimum_over_rootings():
    rng = np.random.default_rng(3)
    for _ in range(10):
        ops = random_ops(rng, 9, 8)
        a = np.sort(rng.choice(9, 7, replace=False))
        b = np.arange(8)
        region = (a, b, ())
        _, rc = Search(ops, gap=1e-12, max_nodes=10).reduced_costs(region)
        fast = _unrooted_bounds(ops, region, rc)
        nodes = _node_sides(ops.s1, ops.edges1, a)
        busiest = int(np.argmax(np.bincount(ops.edges1[a].ravel(), minlength=len(nodes))))
        below1 = _below(ops.s1, a, nodes[busiest])
        totals = [_bounds_at(below1, _below(ops.s2, b, flip), rc).total
                  for flip in np.unique(_node_sides(ops.s2, ops.edges2, b), axis=0)]
        np.testing.assert_allclose(fast.total, min(totals), rtol=0, atol=tol.REFERENCE)
