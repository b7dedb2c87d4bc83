"""The kinematic distance that confirms duplicates: the tree metric over joint endpoint pairs.

:class:`JointTree` holds what the metric needs of one object (edges between link
indices, compactified endpoint pairs, joint names); :func:`tree_kinematic_distance`
turns a mapping ``object_id -> JointTree`` into the ``kinematic_distance(a_id, b_id)``
callable of :func:`arena_core.curation.duplicates.find_duplicates`:

* ``distance`` = :func:`arena_core.metric.tree.tree_distance` (``E^tree`` with the
  compactified joint metric ``E^phi``, split norm by default);
* ``differing_joints`` = joints of ``a`` whose matched joint in ``b`` is farther than
  ``joint_tol`` (``E^phi``), plus the moving joints of either object left unmatched
  (a welded hinge, a removed door) — named as in their own object.

Example (a drawer cabinet and the same cabinet with its hinge welded):
    >>> import numpy as np
    >>> tw = np.array([[0, 0, 1.0, 0, -0.3, 0], [0, 0, 0, 1.0, 0, 0]])
    >>> full = JointTree.from_arrays([[0, 1], [0, 2]], tw, [0, 0], [np.pi / 2, 0.4],
    ...                              names=["hinge", "drawer"])
    >>> welded = JointTree.from_arrays([[0, 1], [0, 2]], tw, [0, 0], [0, 0.4],
    ...                                names=["hinge", "drawer"])
    >>> distance, differing = tree_kinematic_distance({"a": full, "b": welded})("b", "a")
    >>> round(distance, 3), differing
    (0.479, ['hinge'])
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from arena_core import tolerances as tol
from arena_core.curation.duplicates import KinematicDistance
from arena_core.metric.compactify import compactified_endpoints
from arena_core.metric.joint import Norm, joint_distance, motion
from arena_core.metric.norms import SplitNorm
from arena_core.metric.tree import tree_distance
from arena_core.model import ArticulatedObject

#: The benchmark norm: split norm with alpha = 1 per meter (SPEC section 3).
BENCHMARK_NORM = SplitNorm(alpha=1.0)


class KinematicsError(ValueError):
    """An object id without a tree, or inconsistent tree arrays."""


@dataclass(frozen=True, eq=False)
class JointTree:
    """``edges`` ``(n, 2)`` int link indices, ``pairs`` ``(n, 2, 6)`` compactified endpoints."""

    edges: np.ndarray
    pairs: np.ndarray
    names: tuple[str, ...]

    @classmethod
    def from_arrays(
        cls, edges, twists, lower, upper, *, names: Sequence[str], norm: Norm = BENCHMARK_NORM,
        kappa: float = math.pi,
    ) -> JointTree:
        """From twists ``(n, 6)`` and limits ``(n,)`` (``+-inf`` for continuous joints)."""
        edges = np.asarray(edges, dtype=np.int64).reshape(-1, 2)
        twists = np.asarray(twists, dtype=float).reshape(-1, 6)
        if not len(edges) == len(twists) == len(names):
            raise KinematicsError(
                f"edges ({len(edges)}), twists ({len(twists)}) and names ({len(names)}) differ"
            )
        pairs = compactified_endpoints(twists, lower, upper, norm=norm, kappa=kappa)
        return cls(edges, pairs.reshape(-1, 2, 6), tuple(names))

    @classmethod
    def from_object(
        cls, obj: ArticulatedObject, *, norm: Norm = BENCHMARK_NORM, kappa: float = math.pi
    ) -> JointTree:
        """From an :class:`~arena_core.model.ArticulatedObject` at its stored state."""
        index = {name: i for i, name in enumerate(obj.links)}
        edges = [[index[j.parent], index[j.child]] for j in obj.joints]
        limits = obj.limits()
        return cls.from_arrays(edges, obj.twists(), limits[:, 0], limits[:, 1],
                               names=[j.name for j in obj.joints], norm=norm, kappa=kappa)


def tree_kinematic_distance(
    trees: Mapping[str, JointTree], *, norm: Norm = BENCHMARK_NORM,
    joint_tol: float = tol.SAME_ANNOTATION,
) -> KinematicDistance:
    """``kinematic_distance(a_id, b_id) -> (E^tree, differing joint names)`` over ``trees``."""

    def distance(a_id: str, b_id: str) -> tuple[float, list[str]]:
        a, b = _tree(trees, a_id), _tree(trees, b_id)
        result = tree_distance(a.edges, a.pairs, b.edges, b.pairs, norm=norm)
        matched = dict(result.matching)
        differing = _unmatched(a, set(matched), norm) | _unmatched(b, set(matched.values()), norm)
        for i, k in result.matching:
            if float(joint_distance(a.pairs[i], b.pairs[k], norm=norm)) > joint_tol:
                differing.add(a.names[i])
        return max(result.value, 0.0), sorted(differing)

    return distance


def _unmatched(tree: JointTree, matched: set[int], norm: Norm) -> set[str]:
    if not len(tree.pairs):
        return set()
    moving = np.flatnonzero(motion(tree.pairs, norm=norm) > tol.FIXED_EDGE)
    return {tree.names[i] for i in moving if i not in matched}


def _tree(trees: Mapping[str, JointTree], object_id: str) -> JointTree:
    try:
        return trees[object_id]
    except KeyError:
        raise KinematicsError(f"no joint tree for object {object_id!r}") from None
