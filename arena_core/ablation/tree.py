"""The tree-lift ablation of the paper's Figure 5: motion-priced edits against a constant.

Both schemes score matched joints with the same ``E_alpha`` and differ only in what an
unmatched joint costs: ``E_alpha^tree`` its own motion ``E_alpha(J, J0)`` (computed
exactly, with its certificate), ``D_lambda`` a constant ``lambda`` per unmatched moving
joint (:data:`LAMBDAS`)::

    D_lambda(T1, T2) = min over realizable matchings M of
                       sum_M E_alpha(J, J') + lambda (#unmatched moving joints)

Sweeps, each over the given trees (median and quartiles per step): a spurious leaf joint
of magnitude ``s`` (a random unit twist, limits ``[0, s]``); a missing joint whose own
limits shrink to ``[t l, t u]``, ``t -> 0`` (no motion left at ``t = 0``); one joint split in two along its own screw (fraction
``f``); one joint's range scaled by ``k``. Then random corruptions (1-3 edits of
:mod:`~arena_core.ablation.tree_edits`, random magnitudes) and the Kendall tau-b among
the schemes' scores over them. Cost: one exact tree distance and ``len(LAMBDAS)``
constant-penalty ones per scored pair (small trees: one assignment each when the
relaxation is realizable).

Example (a spurious joint that barely moves costs its motion, or a full lambda):
    >>> import numpy as np
    >>> t = Tree(np.array([[0, 1], [0, 2]]), np.eye(6)[[2, 3]], np.array([[0.0, 1.0], [0.0, 0.5]]))
    >>> from arena_core.ablation.tree_edits import add_spurious
    >>> scores, certified, _ = scheme_distances(t, add_spurious(t, 0, np.eye(6)[0], 0.01))
    >>> scores.round(3).tolist(), certified
    ([0.01, 0.25, 0.5, 1.0, 2.0], True)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from arena_core.ablation.tree_edits import (
    Tree,
    add_noise,
    add_spurious,
    reattach,
    remove_joint,
    scale_range,
    shrink,
    split_joint,
)
from arena_core.evaluate.ranking import kendall_tau_b
from arena_core.metric import SplitNorm, motion, pairwise_distance, tree_distance_from_costs
from arena_core.util import tolerances as tol

#: The constant penalties per unmatched joint compared with the motion-priced edits.
LAMBDAS = (0.25, 0.5, 1.0, 2.0)
#: Score names, in the order of :func:`scheme_distances`.
SCHEMES = ("E_alpha_tree",) + tuple(f"D_{lam:g}" for lam in LAMBDAS)
#: Sweep steps: spurious magnitude, missing-joint shrink, split fraction, range scale.
SWEEPS = {
    "spurious": np.linspace(0.0, 1.0, 7),
    "missing": np.linspace(1.0, 0.0, 7),
    "split": np.linspace(0.0, 0.5, 7),
    "scale": np.linspace(0.0, 3.0, 7),
}
#: Edits of the random corruptions.
EDITS = ("noise", "spurious", "missing", "split", "scale", "reattach")


def scheme_distances(a: Tree, b: Tree, *, alpha: float = 1.0) -> tuple[np.ndarray, bool, bool]:
    """``(len(SCHEMES),)`` scores of ``a`` against ``b``, whether ``E_alpha^tree`` is
    certified, and whether its assignment relaxation alone gave the exact value."""
    norm = SplitNorm(alpha=alpha)
    za, zb = a.pairs, b.pairs
    cost = pairwise_distance(za, zb, norm=norm) if len(za) and len(zb) else np.zeros((len(za), len(zb)))
    ma = motion(za, norm=norm) if len(za) else np.zeros(0)
    mb = motion(zb, norm=norm) if len(zb) else np.zeros(0)
    exact = tree_distance_from_costs(a.edges, b.edges, cost, ma, mb)
    out = [exact.value]
    for lam in LAMBDAS:
        da, db = np.where(ma > tol.FIXED_EDGE, lam, 0.0), np.where(mb > tol.FIXED_EDGE, lam, 0.0)
        out.append(tree_distance_from_costs(a.edges, b.edges, cost, da, db).value)
    tight = abs(exact.value - exact.relaxation) <= tol.CERTIFY_GAP * max(1.0, exact.value)
    return np.array(out), bool(exact.certified), bool(tight)


def unit_twist(rng: np.random.Generator, *, alpha: float = 1.0) -> np.ndarray:
    """A random twist of unit split norm (``(6,)``)."""
    xi = rng.normal(size=6)
    return xi / float(SplitNorm(alpha=alpha).norm(xi))


def sweeps(trees: Sequence[Tree], rng: np.random.Generator, *, alpha: float = 1.0) -> dict:
    """``{sweep: {"x": (k,), "scores": (n_trees, k, len(SCHEMES))}}`` (see the module docstring)."""
    out = {name: {"x": x, "scores": np.zeros((len(trees), len(x), len(SCHEMES)))}
           for name, x in SWEEPS.items()}
    for n, tree in enumerate(trees):
        e = int(rng.integers(len(tree.edges)))
        xi, root = unit_twist(rng, alpha=alpha), int(tree.edges[0, 0])
        for name, x in SWEEPS.items():
            for step, value in enumerate(x):
                a, b = _sweep_pair(name, tree, e, xi, root, float(value))
                out[name]["scores"][n, step] = scheme_distances(a, b, alpha=alpha)[0]
    return out


def _sweep_pair(name: str, tree: Tree, e: int, xi: np.ndarray, root: int, value: float):
    if name == "spurious":
        return tree, add_spurious(tree, root, xi, value)
    if name == "missing":  # the ground truth's joint shrinks to rest; the prediction lacks it
        return shrink(tree, e, value), remove_joint(tree, e)
    if name == "split":
        return tree, split_joint(tree, e, value)
    return tree, scale_range(tree, e, value)


def corrupt(tree: Tree, rng: np.random.Generator, *, alpha: float = 1.0) -> tuple[Tree, str]:
    """``tree`` after 1-3 random edits of random magnitude, and the first edit's name."""
    kinds = [EDITS[int(k)] for k in rng.integers(len(EDITS), size=int(rng.integers(1, 4)))]
    for kind in kinds:
        e = int(rng.integers(len(tree.edges)))
        if kind == "noise":
            tree = add_noise(tree, float(rng.uniform(0.0, 0.1)), rng)
        elif kind == "spurious":
            node = int(tree.nodes()[int(rng.integers(len(tree.nodes())))])
            tree = add_spurious(tree, node, unit_twist(rng, alpha=alpha), float(rng.uniform(0, 1)))
        elif kind == "missing" and len(tree.edges) > 1:
            tree = remove_joint(tree, e)
        elif kind == "split":
            tree = split_joint(tree, e, float(rng.uniform(0.0, 0.5)))
        elif kind == "scale":
            tree = scale_range(tree, e, float(rng.uniform(0.0, 3.0)))
        elif kind == "reattach":
            tree = reattach(tree, e, rng)
    return tree, kinds[0]


def random_corruptions(trees: Sequence[Tree], n: int, rng: np.random.Generator, *,
                       alpha: float = 1.0) -> dict:
    """Scores of ``n`` random corruptions (cycling through ``trees``) and their agreement.

    Returns ``{"scores": (n, len(SCHEMES)), "first_edit": [str], "certified": (n,) bool,
    "relaxation_exact": (n,) bool, "kendall_tau": (len(SCHEMES), len(SCHEMES))}``.
    """
    scores, first, cert, tight = np.zeros((n, len(SCHEMES))), [], np.zeros(n, bool), np.zeros(n, bool)
    for i in range(n):
        tree = trees[i % len(trees)]
        pred, kind = corrupt(tree, rng, alpha=alpha)
        scores[i], cert[i], tight[i] = scheme_distances(pred, tree, alpha=alpha)
        first.append(kind)
    k = len(SCHEMES)
    tau = np.array([[float(kendall_tau_b(scores[:, a], scores[:, b])) for b in range(k)]
                    for a in range(k)])
    return {"scores": scores, "first_edit": first, "certified": cert, "relaxation_exact": tight,
            "kendall_tau": tau}
