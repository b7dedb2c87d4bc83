"""The benchmark distance: ``E^phi`` on joints in the root frame, and its tree form.

Everything in the pipeline that asks "do these two objects allow the same motions?" asks it
here, with the benchmark's choices (SPEC section 3): the split norm with ``alpha = 1`` per
meter (:data:`NORM`) and compactification scale ``kappa = pi`` (:data:`KAPPA`), so every
joint type, continuous and unbounded prismatic included, has a finite distance. The
normalization oracle, the PartNet-Mobility annotation check, duplicate confirmation, the
release check, nearest-neighbour search, release diffs and ``arena score`` all build their
joint arrays with :class:`JointTree` and compare them with :func:`joint_distance` /
:func:`tree_distance`.

A :class:`JointTree` is what the metric needs of one object: ``edges`` ``(n, 2)`` int link
indices, ``pairs`` ``(n, 2, 6)`` endpoint pairs ``[phi(l-) xi, phi(l+) xi]`` of the unit
twists ``xi`` in the root frame at rest, and the joint names. A fixed joint (zero twist)
moves nothing, whatever limits it declares. It is built from an
:class:`~arena_core.model.articulated.ArticulatedObject` (:meth:`JointTree.from_object`), from the
joints of a release row or an :class:`~schemas.record.ObjectRecord`
(:meth:`JointTree.from_joints`; a null limit is infinite), or from arrays.

Example (a drawer, and the same drawer reaching 5 cm further):
    >>> joints = [{"name": "slide", "type": "prismatic", "parent": "base", "child": "drawer",
    ...            "lower": 0.0, "upper": 0.40, "twist": [0, 0, 0, 1.0, 0, 0]}]
    >>> longer = [{**joints[0], "upper": 0.45}]
    >>> a, b = JointTree.from_joints(joints), JointTree.from_joints(longer)
    >>> a.edges.tolist(), a.pairs.shape, a.names
    ([[0, 1]], (1, 2, 6), ('slide',))
    >>> round(tree_distance(a, b).value, 4), round(a.motion(), 4)
    (0.0156, 0.1266)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from arena_core.metric import (
    SplitNorm,
    TreeDistance,
    compactified_endpoints,
    endpoints,
)
from arena_core.metric import joint_distance as _joint_distance
from arena_core.metric import motion as _motion
from arena_core.metric import tree_distance as _tree_distance
from arena_core.metric.joint import Norm
from arena_core.model.articulated import ArticulatedObject
from schemas.errors import ArenaError

#: The benchmark norm: split norm, alpha = 1 per meter.
NORM = SplitNorm(alpha=1.0)
#: The benchmark's compactification scale of ``E^phi``.
KAPPA = math.pi


class BenchmarkError(ArenaError, ValueError):
    """Joint arrays that cannot be scored: inconsistent shapes, NaN limits, zero or
    non-finite axes of moving joints (the message names the joints)."""

    code = "score.invalid_object"


@dataclass(frozen=True, eq=False)
class JointTree:
    """``edges`` ``(n, 2)`` int64, ``pairs`` ``(n, 2, 6)`` endpoint pairs, ``names`` ``n``."""

    edges: np.ndarray
    pairs: np.ndarray
    names: tuple[str, ...]

    @classmethod
    def from_arrays(cls, edges, twists, lower, upper, *, names: Sequence[str],
                    norm: Norm = NORM, kappa: float | None = KAPPA) -> JointTree:
        """From twists ``(n, 6)`` and limits ``(n,)`` (``+-inf`` allowed when ``kappa`` is
        given; ``kappa=None`` gives the uncompactified pairs of ``E``, finite limits only).

        Raises:
            BenchmarkError: shapes disagree, a limit is NaN, or a moving joint's twist is
                zero or not finite.
        """
        edges = np.asarray(edges, dtype=np.int64).reshape(-1, 2)
        twists = np.asarray(twists, dtype=float).reshape(-1, 6)
        lower = np.asarray(lower, dtype=float).reshape(-1)
        upper = np.asarray(upper, dtype=float).reshape(-1)
        if not len(edges) == len(twists) == len(lower) == len(upper) == len(names):
            raise BenchmarkError(f"edges ({len(edges)}), twists ({len(twists)}), limits "
                                 f"({len(lower)}, {len(upper)}) and names ({len(names)}) differ")
        _check_joints(names, twists, lower, upper)
        moving = np.any(twists != 0.0, axis=1)
        lower, upper = np.where(moving, lower, 0.0), np.where(moving, upper, 0.0)
        if kappa is None:
            if not (np.all(np.isfinite(lower)) and np.all(np.isfinite(upper))):
                raise BenchmarkError("infinite limits (continuous joints) need the "
                                     "compactified metric")
            pairs = endpoints(twists, lower, upper)
        else:
            pairs = compactified_endpoints(twists, lower, upper, norm=norm, kappa=kappa)
        return cls(edges, np.asarray(pairs, dtype=float).reshape(-1, 2, 6), tuple(names))

    @classmethod
    def from_object(cls, obj: ArticulatedObject, *, norm: Norm = NORM,
                    kappa: float | None = KAPPA) -> JointTree:
        """From an object at its stored state (nodes: link indices in ``obj.links`` order)."""
        index = {name: i for i, name in enumerate(obj.links)}
        limits, twists = obj.limits(), obj.twists()
        zero = [j.name for j, tw in zip(obj.joints, twists, strict=True)
                if j.moving and not np.any(tw)]
        if zero:
            raise BenchmarkError(f"{obj.name}: moving joints with a zero axis: {zero[:5]}")
        return cls.from_arrays([[index[j.parent], index[j.child]] for j in obj.joints],
                               twists, limits[:, 0], limits[:, 1],
                               names=[j.name for j in obj.joints], norm=norm, kappa=kappa)

    @classmethod
    def from_joints(cls, joints: Sequence, *, norm: Norm = NORM,
                    kappa: float | None = KAPPA) -> JointTree:
        """From release-row joints (mappings) or record joints (attributes) with ``name``,
        ``parent``, ``child``, ``twist``, ``lower`` and ``upper`` (None: infinite)."""
        nodes: dict[str, int] = {}
        edges = [[nodes.setdefault(_get(j, "parent"), len(nodes)),
                  nodes.setdefault(_get(j, "child"), len(nodes))] for j in joints]
        lower = [-math.inf if _get(j, "lower") is None else float(_get(j, "lower"))
                 for j in joints]
        upper = [math.inf if _get(j, "upper") is None else float(_get(j, "upper"))
                 for j in joints]
        return cls.from_arrays(edges, [_get(j, "twist") for j in joints], lower, upper,
                               names=[str(_get(j, "name")) for j in joints], norm=norm,
                               kappa=kappa)

    def motion(self, *, norm: Norm = NORM) -> float:
        """``E^tree`` to the empty tree: the sum over joints of ``E^phi(J, J0)``."""
        return float(_motion(self.pairs, norm=norm).sum()) if len(self.pairs) else 0.0


def joint_distance(twist_a: np.ndarray, limits_a: np.ndarray, twist_b: np.ndarray,
                   limits_b: np.ndarray, *, norm: Norm = NORM, kappa: float = KAPPA) -> float:
    """``E^phi`` between two joints: unit twists ``(6,)`` in one frame, limits ``(2,)``
    (rad or m, ``+-inf`` allowed).

    >>> xi = np.array([0, 0, 1.0, 0, 0, 0])
    >>> joint_distance(xi, np.array([0, 1.0]), -xi, np.array([-1.0, 0]))
    0.0
    """
    pairs = [compactified_endpoints(np.asarray(t, float), float(lim[0]), float(lim[1]),
                                    norm=norm, kappa=kappa)
             for t, lim in ((twist_a, limits_a), (twist_b, limits_b))]
    return float(_joint_distance(pairs[0], pairs[1], norm=norm))


def tree_distance(a: JointTree, b: JointTree, *, norm: Norm = NORM,
                  max_nodes: int | None = None) -> TreeDistance:
    """``E^{phi,tree}(a, b)`` with its certificate, lower bound and matching (see
    :func:`arena_core.metric.tree_distance`); two rigid objects are at distance 0."""
    options = {} if max_nodes is None else {"max_nodes": max_nodes}
    return _tree_distance(a.edges, a.pairs, b.edges, b.pairs, norm=norm, **options)


def _get(joint, key: str):
    return joint[key] if isinstance(joint, Mapping) else getattr(joint, key)


def _check_joints(names: Sequence[str], twists: np.ndarray, lower: np.ndarray,
                  upper: np.ndarray) -> None:
    nan = [n for n, lo, hi in zip(names, lower, upper, strict=True)
           if math.isnan(lo) or math.isnan(hi)]
    if nan:
        raise BenchmarkError(f"joints without limits: {list(nan)[:5]}")
    if not np.all(np.isfinite(twists)):
        raise BenchmarkError("non-finite joint axes or origins")
