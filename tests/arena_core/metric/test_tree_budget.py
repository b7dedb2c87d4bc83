"""Tree distance under the default node budget against the unlimited search: on cabinet-
like objects (many equal drawers under different parents, the hard case for the bounds)
with noise and 0-3 structural edits, a certified value is the exact distance, and an
uncertified one brackets it (``lower_bound <= exact <= value``)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from arena_core.metric import SplitNorm, endpoints, tree_distance
from arena_core.util import tolerances as tol

NORM = SplitNorm()
UNLIMITED = 10**7


def cabinet(rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
    """A base with drawers, doors and knobs, some nested (depth <= 3); drawers repeat."""
    edges, twists, limits, depth = [], [], [], {0: 0}
    while len(edges) < n:
        cands = [x for x in depth if depth[x] < 3]
        weight = np.array([8.0 if x == 0 else (1.0 if depth[x] == 1 else 0.3) for x in cands])
        parent = int(rng.choice(cands, p=weight / weight.sum()))
        kind = rng.choice(["drawer", "door", "knob"], p=[0.4, 0.4, 0.2])
        if kind == "drawer":
            twists.append([0, 0, 0, 1.0, 0, 0] if rng.random() < 0.7 else [0, 0, 0, 0, 1.0, 0])
            limits.append((0.0, float(rng.choice([0.3, 0.4, 0.5]))))
        elif kind == "door":
            p = np.array([rng.choice([-0.4, 0.4]), rng.uniform(-0.3, 0.3), 0.0])
            twists.append(np.concatenate([[0, 0, 1.0], np.cross(p, [0, 0, 1.0])]))
            limits.append((0.0, float(rng.choice([math.pi / 2, 2.0]))))
        else:
            p = rng.uniform(-0.5, 0.5, 3)
            twists.append(np.concatenate([[1.0, 0, 0], np.cross(p, [1.0, 0, 0])]))
            limits.append((-math.pi / 4, math.pi / 4))
        depth[len(depth)] = depth[parent] + 1
        edges.append([parent, len(depth) - 1])
    lo, hi = np.array(limits).T
    return np.array(edges), endpoints(np.array(twists, dtype=float), lo, hi).reshape(n, 2, 6)


def structural_edit(rng, edges: np.ndarray, pairs: np.ndarray, kind: str):
    """Reattach a subtree, add a spurious joint (taking some children) or drop a joint."""
    edges, pairs = edges.copy(), pairs.copy()
    nodes = sorted(set(edges.ravel().tolist()))
    if kind == "reattach":
        node = int(rng.choice(nodes[1:]))
        below, frontier = {node}, [node]
        while frontier:
            top = frontier.pop()
            kids = [int(v) for u, v in edges if u == top]
            below.update(kids)
            frontier.extend(kids)
        at = int(np.flatnonzero(edges[:, 1] == node)[0])
        targets = [x for x in nodes if x not in below and x != edges[at, 0]]
        if targets:
            edges[at, 0] = int(rng.choice(targets))
    elif kind == "spurious":
        node, new = int(rng.choice(nodes)), max(nodes) + 1
        edges[(edges[:, 0] == node) & (rng.random(len(edges)) < 0.5), 0] = new
        edges = np.vstack([edges, [[node, new]]])
        twist = rng.normal(size=6)
        pairs = np.concatenate([pairs, [[np.zeros(6), 0.2 * twist / np.linalg.norm(twist)]]])
    else:
        at = int(rng.integers(len(edges)))
        u, v = edges[at]
        edges, pairs = np.delete(edges, at, axis=0), np.delete(pairs, at, axis=0)
        edges[edges == v] = u
    return edges, pairs


def predicted(rng, edges: np.ndarray, pairs: np.ndarray):
    pairs = pairs + rng.normal(size=pairs.shape) * 0.01
    for _ in range(int(rng.integers(0, 4))):
        kind = str(rng.choice(["reattach", "spurious", "missing"]))
        edges, pairs = structural_edit(rng, edges, pairs, kind)
    return edges, pairs


@pytest.mark.parametrize("n_joints, seed", [(8, 0), (12, 1), (16, 2), (20, 3), (25, 4)])
def test_default_budget_agrees_with_the_unlimited_search(n_joints, seed):
    rng = np.random.default_rng(seed)
    for _ in range(6):
        gt_e, gt_p = cabinet(rng, n_joints)
        pr_e, pr_p = predicted(rng, gt_e, gt_p)
        exact = tree_distance(pr_e, pr_p, gt_e, gt_p, norm=NORM, max_nodes=UNLIMITED)
        assert exact.certified
        for budget in (None, 3):  # the default, and one that runs out
            got = tree_distance(pr_e, pr_p, gt_e, gt_p, norm=NORM, max_nodes=budget)
            assert got.lower_bound <= exact.value + tol.REFERENCE
            assert exact.value <= got.value + tol.REFERENCE
            if got.certified:
                assert abs(got.value - exact.value) <= tol.REFERENCE


def test_dive_contracts_an_edge_when_its_pair_cannot_be_forced():
    """The dive needs a realizable matching only: when forcing the chosen relaxation pair
    has no option (it does not fit the region's terminals), the edge is contracted."""
    from arena_core.metric.tree_regions import RegionOps
    from arena_core.metric.tree_search import Search
    from arena_core.metric.tree_structure import realizable, side_matrix

    star, path = np.array([[0, 1], [0, 2], [0, 3]]), np.array([[0, 1], [1, 2], [2, 3]])
    ops = RegionOps(np.zeros((3, 3)), np.ones(3), np.ones(3), side_matrix(star),
                    side_matrix(path), star, path)
    ops.split_options = lambda region, e, f: []
    pairs = Search(ops, gap=1e-12, max_nodes=100).dive((np.arange(3), np.arange(3), ()))
    assert realizable(ops.s1, ops.s2, pairs)
