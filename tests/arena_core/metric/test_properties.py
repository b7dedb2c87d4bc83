"""Property tests organised like scikit-learn's common metric tests.

``METRICS`` registers every score of the metric core; ``HOLDS`` / ``FAILS`` /
``NOT_APPLICABLE`` classify each (metric, property). Every pair must be classified
exactly once; each "holds" is checked with hypothesis, each "fails" with a concrete
counterexample (the documented failure of the prior per-component protocol)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from arena_core.metric import (
    KineticNorm,
    SplitNorm,
    compactified_endpoints,
    component_scores,
    endpoints,
    invariant_sq_distance,
    joint_distance,
    softmin_sq_distance,
    tree_distance,
)
from arena_core.model.articulated import joint_twists

ATOL = 1e-9
PROPERTIES = (
    "identity", "symmetry", "triangle", "axis_flip", "prismatic_origin",
    "separates_motions", "continuous_limit", "fixed_edge_insertion",
)
# identity: d(a, a) = 0; axis_flip / prismatic_origin: d(T a, b) = d(a, b) for a re-encoding T
# of the same motion; separates_motions: different motions (E^phi > 0) score > 0;
# continuous_limit: E^phi([-L, L] xi, continuous xi) = sqrt(2)(1 - tanh(L |xi| / kappa));
# fixed_edge_insertion: a tree against itself with an exactly fixed edge inserted is 0.
BODY = KineticNorm(mass=2.0, com=[0.1, -0.2, 0.3], inertia=np.diag([0.05, 0.08, 0.1]))


@dataclass(frozen=True)
class Spec:
    """A joint as written: type, axis, a point on it, pitch, limits."""

    type: str
    axis: tuple[float, float, float]
    point: tuple[float, float, float]
    pitch: float
    lower: float
    upper: float

    def twist(self) -> np.ndarray:
        return joint_twists([self.type], [self.axis], [self.point], [self.pitch])[0]


def flip(j: Spec) -> Spec:
    """Same motion: reversed axis and negated, swapped limits."""
    return replace(j, axis=tuple(-x for x in j.axis), lower=-j.upper, upper=-j.lower)


# ------------------------------------------------------------------ registry
def e_metric(norm, compact: bool) -> Callable[[Spec, Spec], float]:
    def pair(j: Spec) -> np.ndarray:
        if compact:
            return compactified_endpoints(j.twist(), j.lower, j.upper, norm=norm)
        return endpoints(j.twist(), j.lower, j.upper)

    return lambda a, b: float(joint_distance(pair(a), pair(b), norm=norm))


def surrogate(kind: str) -> Callable[[Spec, Spec], float]:
    def fn(a: Spec, b: Spec) -> float:
        za, zb = (endpoints(j.twist(), j.lower, j.upper) for j in (a, b))
        if kind == "invariant":
            return float(invariant_sq_distance(za, zb, norm=SplitNorm(), epsilon=1e-6))
        return float(softmin_sq_distance(za, zb, norm=SplitNorm(), temperature=0.1))

    return fn


def prior(field: str) -> Callable[[Spec, Spec], float]:
    def fn(pred: Spec, gt: Spec) -> float:
        s = component_scores([pred.type], [pred.axis], [pred.point], [[pred.lower, pred.upper]],
                             [gt.type], [gt.axis], [gt.point], [[gt.lower, gt.upper]])
        return 1.0 - float(s.success[0]) if field == "failure" else float(getattr(s, field)[0])

    return fn


def e_tree(trees_a, trees_b) -> float:
    (ea, ja), (eb, jb) = trees_a, trees_b
    norm = SplitNorm()
    pa = compactified_endpoints(np.array([j.twist() for j in ja]).reshape(-1, 6),
                                [j.lower for j in ja], [j.upper for j in ja], norm=norm)
    pb = compactified_endpoints(np.array([j.twist() for j in jb]).reshape(-1, 6),
                                [j.lower for j in jb], [j.upper for j in jb], norm=norm)
    res = tree_distance(ea, pa.reshape(-1, 2, 6), eb, pb.reshape(-1, 2, 6), norm=norm)
    assert res.certified
    return res.value


METRICS: dict[str, tuple[Callable, str]] = {  # name -> (function, input domain)
    "E_alpha": (e_metric(SplitNorm(), False), "finite"),
    "E_alpha_2": (e_metric(SplitNorm(alpha=2.0), False), "finite"),
    "E_B": (e_metric(BODY, False), "finite"),
    "E_alpha_phi": (e_metric(SplitNorm(), True), "all"),
    "E_B_phi": (e_metric(BODY, True), "all"),
    "E_tree_alpha_phi": (e_tree, "tree"),
    "surrogate_invariant": (surrogate("invariant"), "finite"),
    "surrogate_softmin": (surrogate("softmin"), "finite"),
    "prior_type": (prior("type_error"), "finite"),
    "prior_axis": (prior("axis_error"), "finite"),
    "prior_origin": (prior("origin_error"), "finite"),
    "prior_limit_range": (prior("limit_range_error"), "finite"),
    "prior_limit_direction": (prior("limit_direction_error"), "moving"),
    "prior_failure": (prior("failure"), "finite"),
}

_JOINT_METRIC = {"identity", "symmetry", "triangle", "axis_flip", "prismatic_origin", "separates_motions"}
HOLDS = {
    "E_alpha": _JOINT_METRIC,
    "E_alpha_2": _JOINT_METRIC,
    "E_B": _JOINT_METRIC,
    "E_alpha_phi": _JOINT_METRIC | {"continuous_limit"},
    "E_B_phi": _JOINT_METRIC | {"continuous_limit"},
    "E_tree_alpha_phi": {"identity", "symmetry", "triangle", "axis_flip", "prismatic_origin",
                         "fixed_edge_insertion"},
    "surrogate_invariant": {"symmetry", "axis_flip", "prismatic_origin"},
    "surrogate_softmin": {"symmetry", "axis_flip", "prismatic_origin"},
    "prior_type": {"identity", "symmetry", "triangle", "axis_flip", "prismatic_origin"},
    "prior_axis": {"identity", "symmetry", "triangle", "axis_flip", "prismatic_origin"},
    "prior_origin": {"identity", "axis_flip"},
    "prior_limit_range": {"identity", "symmetry", "triangle", "prismatic_origin"},
    "prior_limit_direction": {"identity", "symmetry", "prismatic_origin"},
    "prior_failure": {"identity", "symmetry", "axis_flip"},
}
FAILS = {
    "surrogate_invariant": {"identity", "triangle"},
    "surrogate_softmin": {"identity", "triangle"},
    "prior_type": {"separates_motions"},
    "prior_axis": {"separates_motions"},
    "prior_origin": {"symmetry", "triangle", "prismatic_origin", "separates_motions"},
    "prior_limit_range": {"axis_flip", "separates_motions"},
    "prior_limit_direction": {"triangle", "axis_flip", "separates_motions"},
    "prior_failure": {"triangle", "prismatic_origin", "separates_motions"},
}
NOT_APPLICABLE = {
    "E_alpha": {"continuous_limit", "fixed_edge_insertion"},
    "E_alpha_2": {"continuous_limit", "fixed_edge_insertion"},
    "E_B": {"continuous_limit", "fixed_edge_insertion"},
    "E_alpha_phi": {"fixed_edge_insertion"},
    "E_B_phi": {"fixed_edge_insertion"},
    "E_tree_alpha_phi": {"continuous_limit", "separates_motions"},
    "surrogate_invariant": {"continuous_limit", "fixed_edge_insertion", "separates_motions"},
    "surrogate_softmin": {"continuous_limit", "fixed_edge_insertion", "separates_motions"},
    "prior_type": {"continuous_limit", "fixed_edge_insertion"},
    "prior_axis": {"continuous_limit", "fixed_edge_insertion"},
    "prior_origin": {"continuous_limit", "fixed_edge_insertion"},
    "prior_limit_range": {"continuous_limit", "fixed_edge_insertion"},
    "prior_limit_direction": {"continuous_limit", "fixed_edge_insertion"},
    "prior_failure": {"continuous_limit", "fixed_edge_insertion"},
}


def test_every_metric_is_classified_exactly_once():
    assert set(HOLDS) == set(METRICS) == set(NOT_APPLICABLE)
    for name in METRICS:
        holds, fails = HOLDS[name], FAILS.get(name, set())
        na = NOT_APPLICABLE[name]
        assert not (holds & fails) and not (holds & na) and not (fails & na), name
        assert holds | fails | na == set(PROPERTIES), f"{name} leaves properties unclassified"


# ------------------------------------------------------------------ strategies
unit = st.tuples(*[st.floats(-1, 1)] * 3).filter(lambda v: np.linalg.norm(v) > 0.1).map(
    lambda v: tuple(float(x) for x in np.asarray(v) / np.linalg.norm(v)))
coord = st.tuples(*[st.floats(-1, 1)] * 3)


@st.composite
def specs(draw, domain: str = "finite", kind: str | None = None) -> Spec:
    types = ["revolute", "prismatic", "helical", "fixed"] + (["continuous"] if domain == "all" else [])
    jtype = kind or draw(st.sampled_from(types if domain != "moving" else types[:3]))
    lower = draw(st.floats(-2, 1))
    width = draw(st.floats(0.05 if domain == "moving" else 0.0, 2))
    upper = lower + width
    if jtype == "continuous":
        lower, upper = -math.inf, math.inf
    elif domain == "all" and draw(st.booleans()) and jtype != "fixed":
        upper = math.inf
    if jtype == "fixed":
        lower = upper = 0.0
    return Spec(jtype, draw(unit), draw(coord), draw(st.floats(-0.2, 0.2)), lower, upper)


@st.composite
def trees(draw, max_edges: int = 3):
    n = draw(st.integers(0, max_edges))
    parents = [draw(st.integers(0, j)) for j in range(n)]
    edges = np.array([[p, j + 1] for j, p in enumerate(parents)], dtype=int).reshape(n, 2)
    return edges, [draw(specs("all")) for _ in range(n)]


def inputs(name: str):
    domain = METRICS[name][1]
    return trees() if domain == "tree" else specs(domain)


def map_joints(x, fn):
    if isinstance(x, Spec):
        return fn(x)
    edges, joints = x
    return edges, [fn(j) for j in joints]


RUN = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
HOLDING = sorted((m, p) for m, props in HOLDS.items() for p in props)


# ------------------------------------------------------------------ properties that hold
@pytest.mark.parametrize("name, prop", HOLDING)
def test_property_holds(name, prop):
    fn = METRICS[name][0]
    strategy = inputs(name)

    @RUN
    @given(a=strategy, b=strategy, c=strategy, shift=coord)
    def check(a, b, c, shift):
        if prop == "identity":
            assert abs(fn(a, a)) <= ATOL
        elif prop == "symmetry":
            assert math.isclose(fn(a, b), fn(b, a), rel_tol=1e-12, abs_tol=ATOL)
        elif prop == "triangle":
            assert fn(a, c) <= fn(a, b) + fn(b, c) + ATOL
        elif prop == "axis_flip":  # invariance under re-encoding the same motion
            assert math.isclose(fn(map_joints(a, flip), b), fn(a, b), rel_tol=1e-9, abs_tol=ATOL)
        elif prop == "prismatic_origin":
            moved = map_joints(a, lambda j: replace(j, point=tuple(np.add(j.point, shift)))
                               if j.type == "prismatic" else j)
            assert math.isclose(fn(moved, b), fn(a, b), rel_tol=1e-9, abs_tol=ATOL)
        elif prop == "separates_motions":
            e = METRICS["E_alpha_phi"][0](a, b)
            assume(e > 1e-6)
            assert fn(a, b) > 0.0
        elif prop == "continuous_limit":
            _check_continuous_limit(fn, a, name)
        elif prop == "fixed_edge_insertion":
            assert fn(a, _insert_fixed(a, shift)) <= ATOL

    check()


def _check_continuous_limit(fn, a: Spec, name: str) -> None:
    assume(a.type in ("revolute", "helical", "prismatic"))
    half = abs(a.lower) + 0.1
    finite = replace(a, lower=-half, upper=half)
    cont = replace(a, lower=-math.inf, upper=math.inf)  # same screw, unbounded
    norm = BODY if name.startswith("E_B") else SplitNorm()
    r = float(norm.norm(a.twist()))
    expected = math.sqrt(2) * (1 - math.tanh(half * r / math.pi))
    assert math.isclose(fn(finite, cont), expected, rel_tol=1e-9, abs_tol=ATOL)


def _insert_fixed(tree, shift) -> tuple[np.ndarray, list[Spec]]:
    edges, joints = tree
    node = int(abs(shift[0]) * 10) % (len(edges) + 1)
    new = len(edges) + 1
    moved = edges.copy()
    if len(edges):
        moved[(moved == node) & (np.arange(len(edges))[:, None] % 2 == 0)] = new
    fixed = Spec("fixed", (0.0, 0.0, 1.0), (0.0, 0.0, 0.0), 0.0, 0.0, 0.0)
    return np.vstack([moved, [[node, new]]]).astype(int), [*joints, fixed]


# ------------------------------------------------------------------ properties that fail
def _rev(axis=(1.0, 0.0, 0.0), point=(0.0, 0.0, 0.0), lower=0.0, upper=1.0, kind="revolute"):
    return Spec(kind, axis, point, 0.0, lower, upper)


COUNTEREXAMPLES = {
    "identity": lambda fn: fn(_rev(), _rev()) != 0.0,
    "triangle": lambda fn: _triangle_violation(fn),
    "axis_flip": lambda fn: fn(flip(_rev()), _rev()) > fn(_rev(), _rev()) + 0.5,
    "prismatic_origin": lambda fn: fn(_rev(kind="prismatic", point=(0, 1.0, 0)), _rev(kind="prismatic"))
    > fn(_rev(kind="prismatic"), _rev(kind="prismatic")),
    "symmetry": lambda fn: fn(_rev(kind="prismatic"), _rev(point=(0, 5.0, 1.0), axis=(0, 1.0, 0)))
    != fn(_rev(point=(0, 5.0, 1.0), axis=(0, 1.0, 0)), _rev(kind="prismatic")),
    "separates_motions": lambda fn: fn(_rev(lower=0.0, upper=1.0), _rev(lower=1.0, upper=2.0)) == 0.0
    or fn(_rev(), _rev(point=(0, 0, 0.01))) == 0.0,
}


def _triangle_violation(fn) -> bool:
    candidates = [
        (_rev(), _rev(axis=(0.7071067811865476, 0.7071067811865476, 0.0)), _rev(axis=(0, 1.0, 0))),
        (_rev(point=(0, 0, 0)), _rev(axis=(0, 0, 1.0)), _rev(point=(0, 0, 1.0), axis=(0, 1.0, 0))),
        (_rev(lower=0, upper=1), _rev(lower=0, upper=2), _rev(lower=0, upper=3)),
        (_rev(), _rev(axis=(0.98006657784, 0.19866933079, 0.0)),
         _rev(axis=(0.92106099400, 0.38941834230, 0.0))),
    ]
    return any(fn(a, c) > fn(a, b) + fn(b, c) + ATOL for a, b, c in candidates)


FAILING = sorted((m, p) for m, props in FAILS.items() for p in props)


@pytest.mark.parametrize("name, prop", FAILING)
def test_documented_failure_has_a_counterexample(name, prop):
    assert COUNTEREXAMPLES[prop](METRICS[name][0])
