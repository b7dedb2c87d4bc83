"""Edge-list trees: validation, contraction, side matrices and the realizability test.

A tree is ``edges`` ``(n, 2)`` of integer node ids (any ints; ``n + 1`` distinct ids,
connected, no cycle). Its **side matrix** ``S`` ``(n, n)`` bool, for the tree rooted at
its first node, is ``S[c, a] = edge a lies below edge c`` (``S[c, c] = False``).
Removing edge ``c`` splits the other edges into ``{a : S[c, a]}`` and the rest: the
*split* of ``c``. A matching ``M = [(i, k)]`` between the edges of two trees extends to
an isomorphism of the trees with every unmatched edge contracted iff every matched
pair has the same split over the matched edges (up to swapping the two sides)::

    realizable(M)  <=>  for all (i, k) in M:  S1[i, M1] == S2[k, M2]  or  == ~S2[k, M2]

(contraction keeps splits; equal splits give equal betweenness of every triple of
edges, hence equal edge adjacency, and a tree is recovered from its edge adjacency).
The test costs ``O(|M|^2)``; the reference's propagation test is equivalent.

Example:
    >>> import numpy as np
    >>> star, path = np.array([[0, 1], [0, 2], [0, 3]]), np.array([[0, 1], [1, 2], [2, 3]])
    >>> s1, s2 = side_matrix(star), side_matrix(path)
    >>> bool(realizable(s1, s2, np.array([[0, 0], [1, 1]])))
    True
    >>> bool(realizable(s1, s2, np.array([[0, 0], [1, 1], [2, 2]])))
    False
"""

from __future__ import annotations

import numpy as np

from schemas.errors import ArenaError


class TreeInputError(ArenaError, ValueError):
    """An edge list that is not a tree, or arrays whose shapes do not match it."""


def check_edges(edges: np.ndarray, name: str) -> np.ndarray:
    """Validate ``edges`` ``(n, 2)`` int node ids forming one tree; return ``(n, 2)`` int64."""
    arr = np.asarray(edges)
    if arr.size == 0:
        return np.zeros((0, 2), dtype=np.int64)
    if arr.ndim != 2 or arr.shape[1] != 2:
        raise TreeInputError(f"{name} must have shape (n, 2), got {arr.shape}")
    if not np.issubdtype(arr.dtype, np.integer):
        raise TreeInputError(f"{name} must hold integer node ids, got dtype {arr.dtype}")
    arr = arr.astype(np.int64)
    _, flat = np.unique(arr, return_inverse=True)
    local = flat.reshape(arr.shape)
    n_nodes = int(local.max()) + 1
    if n_nodes != len(arr) + 1:
        raise TreeInputError(
            f"{name}: a tree with {len(arr)} edges has {len(arr) + 1} nodes, got {n_nodes}"
        )
    parent = np.arange(n_nodes)
    for u, v in local:
        ru, rv = _find(parent, u), _find(parent, v)
        if ru == rv:
            raise TreeInputError(f"{name}: edge ({u}, {v}) closes a cycle (or is a self-loop)")
        parent[ru] = rv
    return arr


def _find(parent: np.ndarray, x: int) -> int:
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return int(x)


def contract(edges: np.ndarray, keep: np.ndarray) -> np.ndarray:
    """Contract every edge with ``keep[e] == False``; return the kept edges ``(m, 2)``.

    Node ids of the result are representative ids ``0..m`` (a tree again).

    >>> contract(np.array([[5, 6], [6, 7], [6, 8]]), np.array([True, False, True])).tolist()
    [[0, 1], [1, 2]]
    """
    if len(edges) == 0:
        return np.zeros((0, 2), dtype=np.int64)
    _, flat = np.unique(edges, return_inverse=True)
    local = flat.reshape(edges.shape)
    parent = np.arange(int(local.max()) + 1)
    for u, v in local[~keep]:
        parent[_find(parent, u)] = _find(parent, v)
    roots = np.array([_find(parent, x) for x in range(len(parent))])
    kept = roots[local[keep]]
    _, relabeled = np.unique(kept, return_inverse=True)
    return relabeled.reshape(kept.shape).astype(np.int64)


def orient(edges: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Root at ``edges[0, 0]``: per edge its ``upper`` and ``lower`` node, and DFS times.

    Returns ``(upper (n,), lower (n,), (tin, tout))`` with nodes relabeled ``0..n``
    in sorted id order; ``tin``/``tout`` are per node (a node ``y`` is below ``x``
    iff ``tin[x] <= tin[y] < tout[x]``).
    """
    n = len(edges)
    _, flat = np.unique(edges, return_inverse=True)
    local = flat.reshape(edges.shape)
    adjacency: list[list[tuple[int, int]]] = [[] for _ in range(n + 1)]
    for e, (u, v) in enumerate(local):
        adjacency[u].append((v, e))
        adjacency[v].append((u, e))
    tin, tout = np.zeros(n + 1, int), np.zeros(n + 1, int)
    upper, lower = np.zeros(n, np.int64), np.zeros(n, np.int64)
    clock, stack, seen = 0, [(int(local[0, 0]), -1, -1, 0)], np.zeros(n + 1, bool)
    while stack:
        node, via, parent, state = stack.pop()
        if state == 1:
            tout[node] = clock
            continue
        seen[node], tin[node] = True, clock
        clock += 1
        if via >= 0:
            upper[via], lower[via] = parent, node
        stack.append((node, via, parent, 1))
        stack.extend((nb, e, node, 0) for nb, e in adjacency[node] if not seen[nb])
    return upper, lower, (tin, tout)


def side_matrix(edges: np.ndarray) -> np.ndarray:
    """``(n, n)`` bool ``S[c, a]`` = edge ``a`` lies below edge ``c`` (rooted at ``edges[0, 0]``)."""
    if len(edges) == 0:
        return np.zeros((0, 0), dtype=bool)
    _, lower, (tin, tout) = orient(edges)
    tc, oc = tin[lower], tout[lower]
    below = (tc[None, :] >= tc[:, None]) & (tc[None, :] < oc[:, None])
    np.fill_diagonal(below, False)
    return below


def split_agreement(s1: np.ndarray, s2: np.ndarray, pairs: np.ndarray) -> np.ndarray:
    """``(m,)`` bool: does matched pair ``m`` have the same split over ``pairs`` in both trees?"""
    i, k = pairs[:, 0], pairs[:, 1]
    eq = s1[i[:, None], i] == s2[k[:, None], k]
    diag = np.eye(len(pairs), dtype=bool)
    return (eq | diag).all(axis=1) | (~eq | diag).all(axis=1)


def realizable(s1: np.ndarray, s2: np.ndarray, pairs: np.ndarray) -> bool:
    """Does the matching ``pairs`` ``(m, 2)`` extend to an isomorphism of the contracted trees?"""
    pairs = np.asarray(pairs, dtype=np.int64).reshape(-1, 2)
    if len(pairs) <= 2:
        return True
    return bool(split_agreement(s1, s2, pairs).all())


def conflicting(s1: np.ndarray, s2: np.ndarray, pairs: np.ndarray) -> np.ndarray:
    """``(m,)`` bool: pairs that take part in a triple whose betweenness differs."""
    m = len(pairs)
    i, k = pairs[:, 0], pairs[:, 1]
    eq = s1[i[:, None], i] == s2[k[:, None], k]
    diag = np.eye(m, dtype=bool)
    bad_rows = ~((eq | diag).all(axis=1) | (~eq | diag).all(axis=1))
    out = bad_rows.copy()
    for row in np.flatnonzero(bad_rows):
        same, flipped = eq[row] & ~diag[row], ~eq[row] & ~diag[row]
        out |= same if same.sum() <= flipped.sum() else flipped
    return out
