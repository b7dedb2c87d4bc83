"""Compare two articulated objects with the metric: tree distance and per-joint scores.

This is the object-level face of :mod:`arena_core.metric`: links become tree nodes,
joints become undirected edges carrying their endpoint pairs in the root frame at rest
(:class:`arena_core.metric.object_distance.JointTree`), and the tree edit distance ``E^tree`` matches
them; ``alpha`` and ``kappa`` default to the benchmark's. :func:`score_objects` adds, for every
matched joint pair, ``E_alpha``, ``E_alpha^phi``, ``E_B`` (kinetic norm of the
ground-truth child link) and the prior per-component scores (SPEC section 3).

Example (tutorial 4.7, the latch on the wrong parent):
    >>> from pathlib import Path
    >>> from arena_core.formats.urdf.read import read_urdf
    >>> here = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "tutorial"
    >>> ref = read_urdf(here / "cabinet_ref.urdf").obj
    >>> pred = read_urdf(here / "cabinet_latch_on_body.urdf").obj
    >>> round(object_tree_distance(ref, pred, compactified=False).value, 3)
    0.524
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from arena_core.mesh.massprops import link_mass_properties
from arena_core.metric import (
    KineticNorm,
    SplitNorm,
    TreeDistance,
    endpoints,
    joint_distance,
)
from arena_core.metric.object_distance import BenchmarkError, JointTree, tree_distance
from arena_core.metric.scores import component_scores
from arena_core.model.articulated import ArticulatedObject, MassProperties
from arena_core.model.inertia import inertia_problem

#: An object that cannot be scored (NaN limits, a zero axis on a moving joint, ...).
CompareError = BenchmarkError


@dataclass(frozen=True)
class JointMatch:
    """One matched joint pair of the optimal tree matching and its scores."""

    gt_joint: str
    pred_joint: str
    E_alpha: float | None
    E_alpha_phi: float
    E_B: float | None
    type_err: int
    axis_err: float
    origin_err: float | None
    limit_range_err: float | None
    limit_dir_err: float | None
    success: bool


@dataclass(frozen=True)
class ObjectScore:
    """``arena score``'s result (the JSON of the CLI, field for field)."""

    E_alpha_phi_tree: float
    E_alpha_phi_tree_certified: bool
    E_alpha_phi_tree_lower_bound: float
    E_alpha_tree: float | None
    matches: tuple[JointMatch, ...]
    unmatched_gt: tuple[str, ...]
    unmatched_pred: tuple[str, ...]


def object_tree_distance(a: ArticulatedObject, b: ArticulatedObject, *, alpha: float = 1.0,
                         kappa: float = math.pi, compactified: bool = True,
                         max_nodes: int | None = None) -> TreeDistance:
    """``E_alpha^{phi,tree}`` (or ``E_alpha^tree`` with ``compactified=False``) of two objects.

    Raises:
        CompareError: an object cannot be scored (NaN limits, a zero axis on a moving
            joint, infinite limits with ``compactified=False``).
    """
    norm = SplitNorm(alpha=alpha)
    k = kappa if compactified else None
    return tree_distance(JointTree.from_object(a, norm=norm, kappa=k),
                         JointTree.from_object(b, norm=norm, kappa=k), norm=norm,
                         max_nodes=max_nodes)


def score_objects(gt: ArticulatedObject, pred: ArticulatedObject, *, alpha: float = 1.0,
                  kappa: float = math.pi,
                  mass_of: Callable[[ArticulatedObject, str], MassProperties | None] | None = None
                  ) -> ObjectScore:
    """Score ``pred`` against ``gt``: tree distances, the optimal matching and per-joint scores.

    ``mass_of(gt, link_name)`` gives the root-frame mass properties of a ground-truth link
    for ``E_B`` (default :func:`link_body`); ``E_B`` is ``None`` without them, when they are
    not physical (:func:`~arena_core.model.inertia.inertia_problem`) or when a limit is infinite.
    """
    tree = object_tree_distance(gt, pred, alpha=alpha, kappa=kappa)
    finite = _all_finite(gt) and _all_finite(pred)
    raw = object_tree_distance(gt, pred, alpha=alpha, compactified=False).value if finite else None
    mass_of = mass_of or link_body
    matches = _matches(gt, pred, tree.matching, alpha, kappa, mass_of)
    matched_gt = {i for i, _ in tree.matching}
    matched_pred = {k for _, k in tree.matching}
    return ObjectScore(
        E_alpha_phi_tree=float(tree.value), E_alpha_phi_tree_certified=bool(tree.certified),
        E_alpha_phi_tree_lower_bound=float(tree.lower_bound), E_alpha_tree=raw, matches=matches,
        unmatched_gt=tuple(j.name for i, j in enumerate(gt.joints)
                           if j.moving and i not in matched_gt),
        unmatched_pred=tuple(j.name for k, j in enumerate(pred.joints)
                             if j.moving and k not in matched_pred),
    )


def link_body(obj: ArticulatedObject, name: str) -> MassProperties | None:
    """Root-frame mass properties of a link: its ``<inertial>`` when physical
    (:func:`~arena_core.model.inertia.inertia_problem`), else from its geometry."""
    link, given = obj.links[name], obj.links[name].inertial
    physical = given is not None and inertia_problem(given.mass, given.com, given.inertia) is None
    body = obj.root_mass(name) if physical else None
    if body is None and link.has_geometry:
        props, _ = link_mass_properties(link)
        body = props.transformed(obj.link_poses[name])
    return body


def _matches(gt, pred, matching, alpha, kappa, mass_of) -> tuple[JointMatch, ...]:
    """Scores of the matched pairs, computed together (vectorized over pairs)."""
    if not matching:
        return ()
    norm = SplitNorm(alpha=alpha)
    gi, pk = (np.array(ix, dtype=int) for ix in zip(*matching, strict=True))
    tw_g, tw_p = gt.twists()[gi], pred.twists()[pk]
    lim_g, lim_p = gt.limits()[gi], pred.limits()[pk]
    pairs_g = JointTree.from_object(gt, norm=norm, kappa=kappa).pairs[gi]
    pairs_p = JointTree.from_object(pred, norm=norm, kappa=kappa).pairs[pk]
    phi = joint_distance(pairs_g, pairs_p, norm=norm)
    comp = component_scores([pred.joints[k].type for k in pk], pred.axes()[pk],
                            pred.points()[pk], lim_p, [gt.joints[i].type for i in gi],
                            gt.axes()[gi], gt.points()[gi], lim_g)
    out = []
    for n, (i, k) in enumerate(zip(gi, pk, strict=True)):
        e_alpha, e_b = _finite_scores(gt, i, tw_g[n], tw_p[n], lim_g[n], lim_p[n], norm, mass_of)
        out.append(JointMatch(
            gt_joint=gt.joints[i].name, pred_joint=pred.joints[k].name, E_alpha=e_alpha,
            E_alpha_phi=float(phi[n]), E_B=e_b, type_err=int(comp.type_error[n]),
            axis_err=float(comp.axis_error[n]), origin_err=_opt(comp.origin_error[n]),
            limit_range_err=_opt(comp.limit_range_error[n]),
            limit_dir_err=_opt(comp.limit_direction_error[n]), success=bool(comp.success[n])))
    return tuple(out)


def _finite_scores(gt, i, tw_g, tw_p, lim_g, lim_p, norm, mass_of):
    """``(E_alpha, E_B)`` of one pair; ``None`` when a limit is infinite or the child link
    has no physical mass properties (:func:`~arena_core.model.inertia.inertia_problem`)."""
    if not (np.all(np.isfinite(lim_g)) and np.all(np.isfinite(lim_p))):
        return None, None
    z_g, z_p = endpoints(tw_g, lim_g[0], lim_g[1]), endpoints(tw_p, lim_p[0], lim_p[1])
    e_alpha = float(joint_distance(z_g, z_p, norm=norm))
    body = mass_of(gt, gt.joints[i].child)
    if body is None or inertia_problem(body.mass, body.com, body.inertia) is not None:
        return e_alpha, None
    kin = KineticNorm(mass=body.mass, com=body.com, inertia=body.inertia)
    return e_alpha, float(joint_distance(z_g, z_p, norm=kin))


def _opt(value: float) -> float | None:
    return None if not np.isfinite(value) else float(value)


def _all_finite(obj: ArticulatedObject) -> bool:
    return bool(np.all(np.isfinite(obj.limits())))


