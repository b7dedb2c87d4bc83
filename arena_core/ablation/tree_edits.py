"""Kinematic trees as arrays, and the structural edits of the tree ablation (Figure 5).

A :class:`Tree` is ``edges`` ``(n, 2)`` int node ids (node 0 the root), ``twists``
``(n, 6)`` root-frame twists and ``limits`` ``(n, 2)`` finite joint limits; its endpoint
pairs ``(n, 2, 6)`` are ``[l- xi, l+ xi]`` (uncompactified: ``E_alpha``). Every edit
returns a new tree and leaves its input alone:

* :func:`add_spurious` — a new leaf joint on ``node`` with twist ``xi`` and limits ``[0, s]``;
* :func:`remove_joint` — joint ``e`` contracted (its child merged into its parent);
* :func:`split_joint` — joint ``e`` ``(xi, [l, u])`` replaced by two joints in series on
  the same screw, ``(xi, [(1-f) l, (1-f) u])`` then ``(xi, [f l, f u])`` (their motions
  compose to the original one);
* :func:`scale_range` — ``[l, u] -> [l, l + k (u - l)]``; :func:`shrink` —
  ``[l, u] -> [t l, t u]`` (no motion left at ``t = 0``);
* :func:`reattach` — the subtree under joint ``e`` hung from another node;
* :func:`add_noise` — Gaussian noise on every twist and limit.

Example:
    >>> import numpy as np
    >>> t = Tree(np.array([[0, 1], [1, 2]]), np.eye(6)[[2, 3]], np.array([[0.0, 1.0], [0.0, 0.5]]))
    >>> split_joint(t, 0, 0.25).limits.tolist()
    [[0.0, 0.75], [0.0, 0.5], [0.0, 0.25]]
    >>> remove_joint(t, 0).edges.tolist(), add_spurious(t, 0, np.eye(6)[0], 0.1).edges.tolist()
    ([[0, 2]], [[0, 1], [1, 2], [0, 3]])
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from arena_core.metric import endpoints


@dataclass(frozen=True, eq=False)
class Tree:
    """``edges`` ``(n, 2)`` int64, ``twists`` ``(n, 6)``, ``limits`` ``(n, 2)`` (finite)."""

    edges: np.ndarray
    twists: np.ndarray
    limits: np.ndarray

    @property
    def pairs(self) -> np.ndarray:
        """``(n, 2, 6)`` endpoint pairs ``[l- xi, l+ xi]``."""
        if len(self.edges) == 0:
            return np.zeros((0, 2, 6))
        return endpoints(self.twists, self.limits[:, 0], self.limits[:, 1]).reshape(-1, 2, 6)

    def nodes(self) -> np.ndarray:
        return np.unique(self.edges)

    def below(self, e: int) -> set[int]:
        """Nodes of the subtree under joint ``e`` (its child included)."""
        out, frontier = {int(self.edges[e, 1])}, [int(self.edges[e, 1])]
        while frontier:
            x = frontier.pop()
            kids = self.edges[self.edges[:, 0] == x, 1].tolist()
            out.update(kids)
            frontier.extend(kids)
        return out


def add_spurious(tree: Tree, node: int, xi: np.ndarray, s: float) -> Tree:
    new = int(tree.edges.max()) + 1 if len(tree.edges) else 1
    return Tree(np.vstack([tree.edges, [[node, new]]]), np.vstack([tree.twists, xi]),
                np.vstack([tree.limits, [[0.0, s]]]))


def remove_joint(tree: Tree, e: int) -> Tree:
    parent, child = tree.edges[e]
    edges = np.delete(tree.edges, e, axis=0)
    edges = np.where(edges == child, parent, edges)
    return Tree(edges, np.delete(tree.twists, e, axis=0), np.delete(tree.limits, e, axis=0))


def split_joint(tree: Tree, e: int, f: float) -> Tree:
    parent, child = tree.edges[e]
    new = int(tree.edges.max()) + 1
    edges = tree.edges.copy()
    edges[e] = [parent, new]
    limits = tree.limits.copy()
    limits[e] = (1.0 - f) * tree.limits[e]
    return Tree(np.vstack([edges, [[new, child]]]), np.vstack([tree.twists, tree.twists[e]]),
                np.vstack([limits, f * tree.limits[e]]))


def scale_range(tree: Tree, e: int, k: float) -> Tree:
    limits = tree.limits.copy()
    lo, hi = tree.limits[e]
    limits[e] = [lo, lo + k * (hi - lo)]
    return Tree(tree.edges, tree.twists, limits)


def shrink(tree: Tree, e: int, t: float) -> Tree:
    limits = tree.limits.copy()
    limits[e] = t * tree.limits[e]
    return Tree(tree.edges, tree.twists, limits)


def reattach(tree: Tree, e: int, rng: np.random.Generator) -> Tree:
    """The subtree under joint ``e`` hung from a random node outside it (unchanged if none)."""
    banned = tree.below(e) | {int(tree.edges[e, 0])}
    targets = [int(x) for x in tree.nodes() if int(x) not in banned]
    if not targets:
        return tree
    edges = tree.edges.copy()
    edges[e, 0] = targets[int(rng.integers(len(targets)))]
    return Tree(edges, tree.twists, tree.limits)


def add_noise(tree: Tree, sigma: float, rng: np.random.Generator) -> Tree:
    moving = np.any(tree.twists != 0.0, axis=1)[:, None]
    return Tree(tree.edges, tree.twists + moving * rng.normal(size=tree.twists.shape) * sigma,
                tree.limits + moving * rng.normal(size=tree.limits.shape) * sigma)


def tree_from_joints(joints) -> Tree | None:
    """The moving-joint tree of release-row joints (mappings with ``parent``, ``child``,
    ``twist``, ``lower``, ``upper``; fixed joints contracted), or ``None`` when it has
    fewer than two moving joints or an infinite limit."""
    from arena_core.metric.tree_structure import contract

    nodes: dict[str, int] = {}
    for j in joints:  # the root (never a child) first: it is node 0
        if not any(k["child"] == j["parent"] for k in joints):
            nodes.setdefault(j["parent"], 0)
    edges = np.array([[nodes.setdefault(j["parent"], len(nodes)),
                       nodes.setdefault(j["child"], len(nodes))] for j in joints],
                     dtype=np.int64).reshape(-1, 2)
    twists = np.array([j["twist"] for j in joints], dtype=float).reshape(-1, 6)
    moving = np.array([j["type"] != "fixed" for j in joints], dtype=bool) & np.any(twists, axis=1)
    if moving.sum() < 2:
        return None
    limits = np.array([[-np.inf if j["lower"] is None else j["lower"],
                        np.inf if j["upper"] is None else j["upper"]] for j in joints], dtype=float)
    if not np.all(np.isfinite(limits[moving])):
        return None
    order = np.argsort(edges[:, 0] != 0, kind="stable")  # an edge at the root first
    keep = moving[order]
    return Tree(contract(edges[order], keep), twists[order][keep], limits[order][keep])
