"""The motion metric core: norms, joint distance ``E``, compactification, trees, scores.

Arrays in, arrays out (shapes in each module's docstring). Public names::

    SplitNorm, KineticNorm                      norms on twist differences
    endpoints, joint_distance, motion           E on endpoint pairs (..., 2, 6)
    compactify, compactified_endpoints          phi and E^phi for every joint type
    tree_distance, tree_distance_from_costs     E^tree with certificate and matching
    component_scores                            prior per-component protocol
    invariant_sq_distance, softmin_sq_distance  smooth training surrogates of E^2
"""

from arena_core.metric.compactify import (
    compactified_endpoints,
    compactify,
    compactify_pairs,
    wrap_revolute_limits,
)
from arena_core.metric.joint import (
    JointArrayError,
    branch_sq,
    endpoints,
    joint_distance,
    motion,
    pairwise_distance,
)
from arena_core.metric.norms import KineticNorm, NormError, SplitNorm
from arena_core.metric.scores import ComponentScores, ScoreInputError, component_scores
from arena_core.metric.surrogate import (
    invariant_sq_distance,
    softmin_sq_distance,
    sq_distance_from_invariants,
    swap_invariants,
)
from arena_core.metric.tree import (
    TreeDistance,
    relaxation_distance,
    tree_distance,
    tree_distance_from_costs,
)
from arena_core.metric.tree_structure import TreeInputError

__all__ = [
    "ComponentScores",
    "ScoreInputError",
    "component_scores",
    "invariant_sq_distance",
    "softmin_sq_distance",
    "sq_distance_from_invariants",
    "swap_invariants",
    "JointArrayError",
    "KineticNorm",
    "NormError",
    "SplitNorm",
    "TreeDistance",
    "TreeInputError",
    "branch_sq",
    "compactified_endpoints",
    "compactify",
    "compactify_pairs",
    "endpoints",
    "joint_distance",
    "motion",
    "pairwise_distance",
    "relaxation_distance",
    "tree_distance",
    "tree_distance_from_costs",
    "wrap_revolute_limits",
]
