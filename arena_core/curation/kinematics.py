"""The kinematic distance that confirms duplicates: the tree metric over joint endpoint pairs.

:class:`~arena_core.metric.object_distance.JointTree` holds what the metric needs of one object (edges
between link indices, compactified endpoint pairs, joint names); :func:`tree_kinematic_distance`
turns a mapping ``object_id -> JointTree`` into the ``kinematic_distance(a_id, b_id)``
callable of :func:`arena_core.curation.duplicates.find_duplicates`:

* ``distance`` = :func:`arena_core.metric.object_distance.tree_distance` (``E^tree`` with the
  compactified joint metric ``E^phi``, the benchmark's split norm by default);
* ``differing_joints`` = joints of ``a`` whose matched joint in ``b`` is farther than
  ``joint_tol`` (``E^phi``), plus the moving joints of either object left unmatched
  (a welded hinge, a removed door) — named as in their own object.

Example (a drawer cabinet and the same cabinet with its hinge welded):
    >>> import numpy as np
    >>> from arena_core.metric.object_distance import JointTree
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

from collections.abc import Mapping

import numpy as np

from arena_core.curation.duplicates import KinematicDistance
from arena_core.metric.joint import Norm, joint_distance, motion
from arena_core.metric.object_distance import NORM, JointTree, tree_distance
from arena_core.util import tolerances as tol
from schemas.errors import ArenaError


class KinematicsError(ArenaError, ValueError):
    """An object id without a tree."""


def tree_kinematic_distance(
    trees: Mapping[str, JointTree], *, norm: Norm = NORM,
    joint_tol: float = tol.SAME_ANNOTATION,
) -> KinematicDistance:
    """``kinematic_distance(a_id, b_id) -> (E^tree, differing joint names)`` over ``trees``."""

    def distance(a_id: str, b_id: str) -> tuple[float, list[str]]:
        a, b = _tree(trees, a_id), _tree(trees, b_id)
        result = tree_distance(a, b, norm=norm)
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
