"""Kinematic trees from release rows and objects, scored with the metric core.

A release row (or an :class:`~schemas.record.ObjectRecord`) stores its joints in the
root frame at rest: type, parent and child link names, unit twist and limits (null for
an infinite limit). :func:`row_tree` turns them into the arrays of
:func:`arena_core.metric.tree_distance`: ``edges`` ``(n, 2)`` int link ids and
compactified endpoint pairs ``(n, 2, 6)`` (``E^phi``, split norm ``alpha = 1``/m,
``kappa = pi``), so every joint type, continuous included, is covered by one score.
:func:`object_tree` does the same for an :class:`~arena_core.model.ArticulatedObject`
(re-read from a materialized folder) through :mod:`arena_core.compare`, and
:func:`tree_distance_between` compares two.

Example:
    >>> joints = [{"type": "prismatic", "parent": "base", "child": "drawer", "lower": 0.0,
    ...            "upper": 0.4, "twist": [0, 0, 0, 1.0, 0, 0]}]
    >>> edges, pairs = row_tree(joints)
    >>> edges.tolist(), pairs.shape
    ([[0, 1]], (1, 2, 6))
    >>> tree_distance_between(row_tree(joints), row_tree(joints))
    0.0
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np

from arena_core.metric import SplitNorm, compactified_endpoints, tree_distance
from arena_core.model import ArticulatedObject

#: The norm of the release checks and of nearest-neighbour search (split, alpha = 1/m).
NORM = SplitNorm(alpha=1.0)

#: Compactification scale of ``E^phi`` (the benchmark default).
KAPPA = math.pi

Tree = tuple[np.ndarray, np.ndarray]


def _get(joint, key: str):
    return joint[key] if isinstance(joint, Mapping) else getattr(joint, key)


def row_tree(joints: Sequence) -> Tree:
    """``(edges (n, 2) int64, pairs (n, 2, 6))`` from row or record joints.

    A null ``lower`` is ``-inf`` and a null ``upper`` ``+inf`` (continuous joints).
    """
    names: dict[str, int] = {}
    edges, twists, lows, highs = [], [], [], []
    for j in joints:
        parent, child = _get(j, "parent"), _get(j, "child")
        edges.append([names.setdefault(parent, len(names)), names.setdefault(child, len(names))])
        twists.append(np.asarray(_get(j, "twist"), dtype=float))
        lower, upper = _get(j, "lower"), _get(j, "upper")
        lows.append(-math.inf if lower is None else float(lower))
        highs.append(math.inf if upper is None else float(upper))
    return _tree(np.array(edges, dtype=np.int64).reshape(-1, 2), np.array(twists).reshape(-1, 6),
                 np.array(lows), np.array(highs))


def object_tree(obj: ArticulatedObject) -> Tree:
    """The same arrays for an object read from URDF (its links are the nodes).

    Uses :func:`arena_core.compare.object_edges` / ``object_pairs`` with :data:`NORM`, so
    release checks score objects exactly as ``arena score`` does.
    """
    from arena_core.compare import object_edges, object_pairs

    return object_edges(obj), object_pairs(obj, norm=NORM, kappa=KAPPA)


def _tree(edges: np.ndarray, twists: np.ndarray, lower: np.ndarray, upper: np.ndarray) -> Tree:
    moving = np.linalg.norm(twists, axis=1) > 0
    lower = np.where(moving, lower, 0.0)  # a fixed joint does not move, whatever its limits
    upper = np.where(moving, upper, 0.0)
    pairs = compactified_endpoints(twists, lower, upper, norm=NORM, kappa=KAPPA) if len(edges) else (
        np.zeros((0, 2, 6)))
    return edges, pairs


def total_motion(tree: Tree) -> float:
    """``E^tree`` to the empty tree: the sum of the joints' ``E^phi(J, J0)``."""
    _, pairs = tree
    return float(np.sqrt((pairs**2 * NORM.gram.diagonal()).sum(axis=(1, 2))).sum())


def tree_distance_between(a: Tree, b: Tree) -> float:
    """``E^phi,tree`` between two trees (upper bound; exact when certified by the core).

    Two trees without joints (single rigid bodies) are at distance 0.
    """
    (ea, pa), (eb, pb) = a, b
    if len(ea) == 0 or len(eb) == 0:
        return total_motion(a) + total_motion(b)
    return float(tree_distance(ea, pa, eb, pb, norm=NORM).value)
