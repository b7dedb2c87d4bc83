"""The dagger protocol of the paper's Table 4: limits imputed from the ground truth.

A method that predicts no motion limits (Articulate AnyMesh in the paper) cannot be
scored by ``E`` as it stands: a joint is an interval of motion, not only a screw. Its
``E`` columns are computed after giving each predicted joint the limits of the
ground-truth joint it is matched to, and flagged (a dagger in the table, excluded from
the best marks). The matching itself must not depend on the missing limits, so it is
the optimal ``E_alpha^{phi,tree}`` matching under *per-pair* imputation::

    C[i, k]  = E^phi(J_i, (xi'_k, l_i))         predicted screw, ground-truth interval
    d'[k]    = E^phi((xi'_k, l_{n(k)}), J0)     n(k) = argmin_i C[i, k] (moving J_i)
    M        = argmin of the tree edit distance with costs C, d (ground truth), d'

Each moving predicted joint then takes the limits ``l_i`` of its partner in ``M``, or
``l_{n(k)}`` when it stays unmatched. With those limits the matching ``M`` costs
exactly the optimum above, so ``E^{phi,tree}(gt, imputed) <=`` that optimum, and a
prediction that is the ground truth with its limits removed scores 0.

A prediction *predicts no limits* (:func:`predicts_no_limits`) when it has moving joints
and none of them declares a finite limit, at least one declaring none at all (NaN: a
revolute or prismatic joint without ``<limit>``).

Example (a door whose prediction lost its limits):
    >>> import numpy as np
    >>> from dataclasses import replace
    >>> from arena_core.model.articulated import ArticulatedObject, Joint, Link
    >>> door = Joint("hinge", "revolute", "base", "door", np.eye(4), np.array([0, 0, 1.0]),
    ...              lower=0.0, upper=1.5)
    >>> gt = ArticulatedObject.from_parts("o", [Link("base"), Link("door")], [door])
    >>> bare = ArticulatedObject.from_parts("o", gt.links.values(),
    ...                                    [replace(door, lower=np.nan, upper=np.nan)])
    >>> predicts_no_limits(bare), predicts_no_limits(gt)
    (True, False)
    >>> impute_limits(gt, bare).limits().tolist()
    [[0.0, 1.5]]
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from arena_core.metric import (
    SplitNorm,
    compactified_endpoints,
    joint_distance,
    motion,
    tree_distance_from_costs,
)
from arena_core.metric.object_distance import KAPPA, BenchmarkError
from arena_core.model.articulated import ArticulatedObject

#: The columns of a dagger method computed with imputed limits (excluded from best marks).
IMPUTED_COLUMNS = ("E_B", "E_alpha_phi", "E_alpha_phi_tree")
#: The columns that score the limits themselves: undefined for a dagger method.
LIMIT_COLUMNS = ("limit_range_err", "limit_dir_err")


def predicts_no_limits(obj: ArticulatedObject) -> bool:
    """Whether ``obj`` has moving joints and declares no finite limit on any of them
    (at least one moving joint without limits at all; all-continuous objects do not count)."""
    return declared_limits(obj) is False


def declared_limits(obj: ArticulatedObject) -> bool | None:
    """``True`` when a moving joint of ``obj`` declares a finite limit, ``False`` when none
    does and one declares no limits at all (NaN), ``None`` otherwise (no moving joint, or
    only unbounded ones: such an object says nothing about whether its method predicts
    limits)."""
    lim = obj.limits()[[j.moving for j in obj.joints]].reshape(-1, 2)
    if np.any(np.isfinite(lim)):
        return True
    return False if np.any(np.isnan(lim)) else None


def impute_limits(gt: ArticulatedObject, pred: ArticulatedObject, *, alpha: float = 1.0,
                  kappa: float = KAPPA) -> ArticulatedObject:
    """``pred`` with every moving joint's limits taken from the ground truth (module
    docstring: matched partner, else the ground-truth joint nearest in ``E^phi``).

    Raises:
        BenchmarkError: the ground truth has no moving joint to take limits from, or a
            twist cannot be scored (a moving joint with a zero axis).
    """
    norm = SplitNorm(alpha=alpha)
    tw_g, lim_g = gt.twists(), gt.limits()
    tw_p = pred.twists()
    moving_g = np.array([j.moving and bool(np.any(t)) for j, t in zip(gt.joints, tw_g, strict=True)])
    if not moving_g.any():
        raise BenchmarkError(f"{gt.name}: no moving ground-truth joint to impute limits from")
    moving_p = np.array([j.moving for j in pred.joints], dtype=bool)
    if np.any(moving_p & ~np.any(tw_p, axis=1)):
        raise BenchmarkError(f"{pred.name}: a moving joint with a zero axis")
    pairs_g = compactified_endpoints(tw_g, lim_g[:, 0], lim_g[:, 1], norm=norm, kappa=kappa)
    still = ~moving_p[None, :]  # a fixed predicted joint keeps no limits (zero twist)
    lo, hi = np.where(still, 0.0, lim_g[:, None, 0]), np.where(still, 0.0, lim_g[:, None, 1])
    cross = compactified_endpoints(tw_p[None, :, :], lo, hi, norm=norm, kappa=kappa)  # (g, p, 2, 6)
    cost = joint_distance(pairs_g[:, None], cross, norm=norm)
    nearest = np.argmin(np.where(moving_g[:, None], cost, np.inf), axis=0)
    cols = np.arange(len(tw_p))
    m_pred = np.where(moving_p, motion(cross[nearest, cols], norm=norm), 0.0)
    m_gt = motion(pairs_g, norm=norm)
    found = tree_distance_from_costs(_edges(gt), _edges(pred), cost, m_gt, m_pred)
    partner = dict(enumerate(nearest.tolist()))
    partner.update({k: i for i, k in found.matching})
    joints = [replace(j, lower=float(lim_g[partner[k], 0]), upper=float(lim_g[partner[k], 1]))
              if moving_p[k] else j for k, j in enumerate(pred.joints)]
    return ArticulatedObject.from_parts(pred.name, pred.links.values(), joints,
                                        source_path=pred.source_path)


def _edges(obj: ArticulatedObject) -> np.ndarray:
    index = {name: i for i, name in enumerate(obj.links)}
    return np.array([[index[j.parent], index[j.child]] for j in obj.joints],
                    dtype=np.int64).reshape(-1, 2)
