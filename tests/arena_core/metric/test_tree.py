"""Tree distance: differential against the reference's exhaustive ``exact_tree_distance``
on random small trees with structural edits, the tutorial latch example, the matching and
certificate contract, and input validation."""

from __future__ import annotations

import math

import numpy as np
import pytest
from articulatearena import make_split_norm
from articulatearena.new_equation.tree import (
    assignment_tree_distance,
    contract_small_edges,
    exact_tree_distance,
    matching_realizable,
)
from numpy.testing import assert_allclose

from arena_core.metric import (
    SplitNorm,
    TreeInputError,
    endpoints,
    joint_distance,
    motion,
    relaxation_distance,
    tree_distance,
    tree_distance_from_costs,
)
from arena_core.metric.tree_structure import realizable, side_matrix
from arena_core.model.articulated import joint_twists
from arena_core.util import tolerances as tol

NORM = SplitNorm()
INNER = make_split_norm(1.0)


# ------------------------------------------------------------------ random cases
def random_pairs(rng: np.random.Generator, n: int, scale: float = 1.0) -> np.ndarray:
    types = rng.choice(["revolute", "prismatic", "helical"], size=n)
    axes = rng.normal(size=(n, 3))
    axes /= np.linalg.norm(axes, axis=1, keepdims=True)
    twists = joint_twists(types, axes, rng.normal(size=(n, 3)) * 0.5, rng.normal(size=n) * 0.1)
    lower = rng.uniform(-1.0, 0.2, n) * scale
    return endpoints(twists, lower, lower + rng.uniform(0.05, 1.5, n) * scale).reshape(n, 2, 6)


def random_tree(rng: np.random.Generator, n: int) -> np.ndarray:
    return np.array([[int(rng.integers(0, j + 1)), j + 1] for j in range(n)], dtype=int).reshape(n, 2)


def _below(edges: np.ndarray, node: int) -> tuple[set[int], int]:
    """Nodes in the subtree of ``node`` (tree rooted at 0) and the parent of ``node``."""
    adjacency: dict[int, list[int]] = {}
    for u, v in edges:
        adjacency.setdefault(int(u), []).append(int(v))
        adjacency.setdefault(int(v), []).append(int(u))
    parent, order = {0: -1}, [0]
    for x in order:
        for y in adjacency.get(x, []):
            if y not in parent:
                parent[y] = x
                order.append(y)
    inside, stack = {node}, [node]
    while stack:
        x = stack.pop()
        for y in adjacency.get(x, []):
            if parent.get(y) == x:
                inside.add(y)
                stack.append(y)
    return inside, parent[node]


def edit(rng, edges: np.ndarray, pairs: np.ndarray, kind: str):
    """One structural or numerical edit of a tree (returns new arrays)."""
    edges, pairs = edges.copy(), pairs.copy()
    nodes = sorted(set(edges.ravel().tolist())) or [0]
    if kind == "noise":
        pairs = pairs + rng.normal(size=pairs.shape) * 0.05
    elif kind == "reattach" and len(edges) >= 2:
        node = int(rng.choice([x for x in nodes if x != 0]))
        inside, parent = _below(edges, node)
        targets = [x for x in nodes if x not in inside and x != parent]
        if targets:
            at = np.flatnonzero(((edges == node) | (edges == parent)).all(axis=1))[0]
            edges[at] = [int(rng.choice(targets)), node]
    elif kind in ("spurious", "fixed"):
        node, new = int(rng.choice(nodes)), max(nodes) + 1
        move = rng.random(len(edges)) < 0.5
        edges[move & (edges[:, 0] == node), 0] = new
        edges[move & (edges[:, 1] == node), 1] = new
        edges = np.vstack([edges, [[node, new]]])
        extra = np.zeros((1, 2, 6)) if kind == "fixed" else random_pairs(rng, 1, rng.choice([0.05, 1.0]))
        pairs = np.concatenate([pairs, extra])
    elif kind == "missing" and len(edges) >= 2:
        at = int(rng.integers(len(edges)))
        u, v = edges[at]
        edges, pairs = np.delete(edges, at, axis=0), np.delete(pairs, at, axis=0)
        edges[edges == v] = u
    return edges, pairs


def relabel(rng, edges: np.ndarray, pairs: np.ndarray):
    """Rename nodes, shuffle edges, flip edge directions and endpoint order."""
    if len(edges) == 0:
        return edges, pairs
    nodes = np.unique(edges)
    names = dict(zip(nodes.tolist(), (rng.permutation(len(nodes)) * 3 + 7).tolist(), strict=True))
    edges = np.vectorize(names.get)(edges)
    order = rng.permutation(len(edges))
    edges, pairs = edges[order], pairs[order]
    flip = rng.random(len(edges)) < 0.5
    edges[flip] = edges[flip][:, ::-1]
    swap = rng.random(len(edges)) < 0.5
    pairs[swap] = pairs[swap][:, ::-1]
    return edges, pairs


def random_case(rng, n_max: int = 6):
    kind = rng.choice(["edits", "star_path", "independent"], p=[0.75, 0.1, 0.15])
    if kind == "star_path":
        n = int(rng.integers(3, n_max + 1))
        p1 = random_pairs(rng, n)
        p2 = p1 if rng.random() < 0.5 else p1 + rng.normal(size=p1.shape) * 0.05
        e1 = np.array([[0, j + 1] for j in range(n)])
        e2 = np.array([[j, j + 1] for j in range(n)])
    elif kind == "independent":
        n1, n2 = (int(x) for x in rng.integers(0, n_max + 1, 2))
        e1, p1, e2, p2 = random_tree(rng, n1), random_pairs(rng, n1), random_tree(rng, n2), random_pairs(rng, n2)
    else:
        n = int(rng.integers(1, n_max))
        e1, p1 = random_tree(rng, n), random_pairs(rng, n)
        e2, p2 = e1, p1
        for _ in range(int(rng.integers(1, 4))):
            kinds = ["noise", "reattach", "reattach", "spurious", "missing", "fixed"]
            e2, p2 = edit(rng, e2, p2, str(rng.choice(kinds)))
    return (*relabel(rng, e1, p1), *relabel(rng, e2, p2))


def reference_tree(edges: np.ndarray, pairs: np.ndarray):
    labeled = [(int(u), int(v), (p[0], p[1])) for (u, v), p in zip(edges, pairs, strict=True)]
    return contract_small_edges(labeled, INNER)


# ------------------------------------------------------------------ differential
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_matches_reference_exact_distance_on_random_trees(seed):
    rng = np.random.default_rng(seed)
    searched = 0
    for _ in range(120):
        e1, p1, e2, p2 = random_case(rng)
        ours = tree_distance(e1, p1, e2, p2, norm=NORM)
        ref, _ = exact_tree_distance(reference_tree(e1, p1), reference_tree(e2, p2), INNER)
        assert ours.certified
        assert_allclose(ours.value, ref, rtol=0, atol=tol.REFERENCE)
        assert ours.lower_bound <= ours.value + tol.REFERENCE
        ref_relax = assignment_tree_distance(
            [p for _, _, p in reference_tree(e1, p1)], [p for _, _, p in reference_tree(e2, p2)], INNER
        )
        assert_allclose(ours.relaxation, ref_relax, rtol=0, atol=tol.REFERENCE)
        searched += ours.nodes > 0
    assert searched >= 10  # the exact search (not only the certificate) was exercised



@pytest.mark.parametrize(("seed", "skip", "n_max"), [(38, 52, 7), (127, 48, 6)])
def test_regions_around_swapped_terminals_are_not_confused(seed, skip, n_max):
    """Two regions with the same edges, each edge on the same side of every terminal, but
    with the terminals paired the other way round: their relaxations agree, their
    realizable matchings do not. A memo keyed on the sides alone returned one region's
    matching for the other (unrealizable, certified below the exact distance)."""
    rng = np.random.default_rng(seed)
    for _ in range(skip + 1):
        e1, p1, e2, p2 = random_case(rng, n_max=n_max)
    ours = tree_distance(e1, p1, e2, p2, norm=NORM)
    ref, _ = exact_tree_distance(reference_tree(e1, p1), reference_tree(e2, p2), INNER)
    assert ours.certified and ours.nodes > 0
    assert realizable(side_matrix(e1), side_matrix(e2), np.array(ours.matching).reshape(-1, 2))
    assert_allclose(ours.value, ref, rtol=0, atol=tol.REFERENCE)

def test_realizability_matches_reference_on_random_matchings():
    rng = np.random.default_rng(4)
    for _ in range(300):
        n1, n2 = (int(x) for x in rng.integers(1, 7, 2))
        e1, e2 = random_tree(rng, n1), random_tree(rng, n2)
        m = int(rng.integers(0, min(n1, n2) + 1))
        pairs = np.stack([rng.permutation(n1)[:m], rng.permutation(n2)[:m]], axis=1)
        labeled1 = [(int(u), int(v), None) for u, v in e1]
        labeled2 = [(int(u), int(v), None) for u, v in e2]
        expected = matching_realizable(labeled1, labeled2, [tuple(p) for p in pairs.tolist()])
        assert realizable(side_matrix(e1), side_matrix(e2), pairs) == expected


def test_returned_matching_is_realizable_and_priced_on_original_indices():
    rng = np.random.default_rng(8)
    for _ in range(60):
        e1, p1, e2, p2 = random_case(rng)
        res = tree_distance(e1, p1, e2, p2, norm=NORM)
        m1, m2 = motion(p1, norm=NORM), motion(p2, norm=NORM)
        pairs = np.array(res.matching, dtype=int).reshape(-1, 2)
        unmatched = np.ones(len(e1), bool), np.ones(len(e2), bool)
        unmatched[0][pairs[:, 0]], unmatched[1][pairs[:, 1]] = False, False
        cost = joint_distance(p1[pairs[:, 0]], p2[pairs[:, 1]], norm=NORM).sum()
        total = cost + m1[unmatched[0]].sum() + m2[unmatched[1]].sum()
        assert_allclose(res.value, total, rtol=0, atol=tol.REFERENCE)
        labeled1 = [(int(u), int(v), None) for u, v in e1]
        labeled2 = [(int(u), int(v), None) for u, v in e2]
        assert matching_realizable(labeled1, labeled2, [tuple(p) for p in pairs.tolist()]) or len(pairs) == 0
        assert list(pairs[:, 0]) == sorted(pairs[:, 0])


# ------------------------------------------------------------------ tutorial and structure
def latch_example():
    """Tutorial 4.7: base, door (90 deg, hinge 0.3 m off), drawer (0.5 m), latch (15 deg)."""
    twists = joint_twists(["revolute", "prismatic", "revolute"], np.eye(3)[[2, 0, 0]],
                          [[0.3, 0, 0], [0, 0, 0], [0, 0, 0]], np.zeros(3))
    pairs = endpoints(twists, np.zeros(3), np.array([math.pi / 2, 0.5, math.pi / 12]))
    path = np.array([[0, 1], [0, 2], [2, 3]])  # latch on the drawer
    star = np.array([[0, 1], [0, 2], [0, 3]])  # latch on the body
    return pairs, path, star


def test_tutorial_latch_on_the_wrong_parent():
    pairs, path, star = latch_example()
    assert_allclose(motion(pairs, norm=NORM), [1.640, 0.500, math.pi / 12], atol=5e-4)
    res = tree_distance(star, pairs, path, pairs, norm=NORM)
    assert res.certified
    assert_allclose(res.value, math.pi / 6, rtol=1e-12)
    assert round(res.value, 3) == 0.524
    assert res.relaxation == 0.0  # joint lists alone match perfectly
    assert set(res.matching) == {(0, 0), (1, 1)}
    assert tree_distance(path, pairs, path, pairs, norm=NORM).value == 0.0


def test_inserting_exactly_fixed_edges_costs_nothing():
    rng = np.random.default_rng(12)
    for _ in range(30):
        n = int(rng.integers(1, 8))
        e1, p1 = random_tree(rng, n), random_pairs(rng, n)
        e2, p2 = e1, p1
        for _ in range(3):
            e2, p2 = edit(rng, e2, p2, "fixed")
        e2, p2 = relabel(rng, e2, p2)
        res = tree_distance(e1, p1, e2, p2, norm=NORM)
        assert res.certified and res.value <= tol.ORACLE
        assert all(np.any(p2[k] != 0) for _, k in res.matching)


@pytest.mark.parametrize("n", [8, 12, 40])
def test_star_against_path_is_exact_and_fast(n):
    """Only two joints of a star survive on a path: the best two matches (closed form)."""
    rng = np.random.default_rng(n)
    p1 = random_pairs(rng, n)
    p2 = p1 + rng.normal(size=p1.shape) * 0.02
    star, path = np.array([[0, j + 1] for j in range(n)]), np.array([[j, j + 1] for j in range(n)])
    res = tree_distance(star, p1, path, p2, norm=NORM)
    d1, d2 = motion(p1, norm=NORM), motion(p2, norm=NORM)
    cost = joint_distance(p1[:, None], p2[None, :], norm=NORM)
    saving = d1[:, None] + d2[None, :] - cost
    best = max(saving[i, k] + saving[j, m] for i in range(n) for j in range(n) if i != j
               for k in range(n) for m in range(n) if k != m) if n <= 8 else None
    if best is not None:
        assert_allclose(res.value, d1.sum() + d2.sum() - best, rtol=0, atol=tol.REFERENCE)
    assert res.certified and len(res.matching) == 2


def test_budget_exhaustion_returns_bounds_not_a_certificate():
    rng = np.random.default_rng(21)
    e1, p1 = random_tree(rng, 9), random_pairs(rng, 9)
    e2, p2 = e1.copy(), p1.copy()
    for kind in ("reattach", "reattach", "spurious"):
        e2, p2 = edit(rng, e2, p2, kind)
    full = tree_distance(e1, p1, e2, p2, norm=NORM)
    capped = tree_distance(e1, p1, e2, p2, norm=NORM, max_nodes=0)
    assert full.certified
    assert capped.lower_bound <= full.value + tol.REFERENCE <= capped.value + 2 * tol.REFERENCE
    assert capped.certified == (capped.value - capped.lower_bound <= tol.CERTIFY_GAP * 100)


def test_costs_entry_point_and_relaxation_agree_with_pairs_entry_point():
    rng = np.random.default_rng(30)
    e1, p1, e2, p2 = random_case(rng)
    cost = joint_distance(p1[:, None], p2[None, :], norm=NORM) if len(p1) and len(p2) else np.zeros((len(p1), len(p2)))
    a = tree_distance(e1, p1, e2, p2, norm=NORM)
    b = tree_distance_from_costs(e1, e2, cost, motion(p1, norm=NORM), motion(p2, norm=NORM))
    assert a == b
    assert relaxation_distance(cost, motion(p1, norm=NORM), motion(p2, norm=NORM)) <= a.value + 1e-12


def test_empty_trees():
    pairs, path, _ = latch_example()
    empty_e, empty_p = np.zeros((0, 2), int), np.zeros((0, 2, 6))
    res = tree_distance(path, pairs, empty_e, empty_p, norm=NORM)
    assert_allclose(res.value, motion(pairs, norm=NORM).sum())
    assert res.certified and res.matching == ()
    assert tree_distance(empty_e, empty_p, empty_e, empty_p, norm=NORM).value == 0.0


@pytest.mark.parametrize(
    "edges, message",
    [
        (np.array([[0, 1], [2, 3]]), "nodes"),
        (np.array([[0, 1], [1, 2], [2, 0], [3, 4]]), "cycle"),
        (np.array([[0.0, 1.0]]), "integer"),
        (np.array([0, 1, 2]), "shape"),
    ],
)
def test_bad_trees_are_rejected(edges, message):
    pairs = np.zeros((len(np.atleast_2d(edges)), 2, 6))
    with pytest.raises(TreeInputError, match=message):
        tree_distance(edges, pairs, edges, pairs, norm=NORM)


def test_mismatched_lengths_are_rejected():
    pairs, path, _ = latch_example()
    with pytest.raises(TreeInputError, match="pairs1"):
        tree_distance(path, pairs[:2], path, pairs, norm=NORM)
    with pytest.raises(TreeInputError, match="cost"):
        tree_distance_from_costs(path, path, np.zeros((2, 3)), np.ones(3), np.ones(3))


def test_per_edge_kinetic_costs_through_the_costs_entry_point():
    """E_B^tree with the kinetic norm of each ground-truth child link (tree 2)."""
    from arena_core.metric import KineticNorm, pairwise_distance

    pairs, path, star = latch_example()
    bodies = KineticNorm(mass=np.array([3.0, 2.0, 0.1]),
                         com=np.array([[0.3, 0.0, 0.0], [0.2, 0.0, 0.1], [0.25, 0.0, 0.1]]),
                         inertia=np.array([np.diag([0.1, 0.2, 0.3])] * 3))
    cost = pairwise_distance(pairs, pairs, norm=bodies)
    gt_motion = motion(pairs, norm=bodies)
    assert_allclose(np.diag(cost), 0.0, atol=1e-15)
    res = tree_distance_from_costs(star, path, cost, gt_motion, gt_motion)
    assert res.certified
    assert_allclose(res.value, 2 * gt_motion[2], rtol=1e-12)  # move the latch: out and back in


# ------------------------------------------------------------------ search internals
@pytest.mark.parametrize("seed", range(6))
def test_dual_bound_never_exceeds_the_sub_region_relaxation(seed):
    """The screening bound of an option's sub-regions is a valid lower bound (weak duality)."""
    from arena_core.metric.tree_regions import RegionOps
    from arena_core.metric.tree_search import Search

    rng = np.random.default_rng(seed)
    e1, p1, e2, p2 = random_case(rng)
    if len(e1) < 3 or len(e2) < 3:
        return
    cost = joint_distance(p1[:, None], p2[None, :], norm=NORM)
    c1 = np.unique(e1, return_inverse=True)[1].reshape(e1.shape)
    c2 = np.unique(e2, return_inverse=True)[1].reshape(e2.shape)
    ops = RegionOps(cost, motion(p1, norm=NORM), motion(p2, norm=NORM), side_matrix(c1),
                    side_matrix(c2), c1, c2)
    search = Search(ops, gap=1e-12, max_nodes=100)
    region = (np.arange(len(e1)), np.arange(len(e2)), ())
    search.reduced_costs(region)
    for e in range(len(e1)):
        for f in range(len(e2)):
            for _, subs in ops.split_options(region, e, f):
                for sub in subs:
                    if len(sub[0]) and len(sub[1]):
                        assert search.dual_bound(sub) <= ops.relax(sub).lb + tol.REFERENCE


def test_identical_drawers_one_moved_to_another_parent_is_certified():
    """Twelve equal drawers on four equal doors; one drawer hangs from another door in the
    prediction. The relaxation swaps equal drawers freely; the search settles the moved
    leaf at its parent: remove it and add it back (2 x its motion)."""
    door = np.array([0, 0, 1.0, 0, 0, 0])
    drawer = np.array([0, 0, 0, 1.0, 0, 0])
    edges, twists, upper = [], [], []
    for d in range(4):
        node = len(edges) + 1
        edges.append([0, node])
        twists.append(door + np.array([0, 0, 0, 0, 0.1 * d, 0]))
        upper.append(1.5)
        for _ in range(3):
            edges.append([node, len(edges) + 1])
            twists.append(drawer)
            upper.append(0.4)
    edges, pairs = np.array(edges), endpoints(np.array(twists), np.zeros(len(twists)), np.array(upper))
    moved = edges.copy()
    moved[3, 0] = 5  # the last drawer of door 1 now hangs from door 2
    res = tree_distance(moved, pairs, edges, pairs, norm=NORM)
    assert res.relaxation < 0.1 and res.nodes > 0  # the relaxation alone proves nothing here
    assert res.certified
    assert_allclose(res.value, 2 * 0.4, rtol=0, atol=tol.REFERENCE)
