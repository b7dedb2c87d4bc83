"""Joint-level metric core: differential against the reference package, tutorial numbers,
input validation. The reference (``articulatearena``) is called one pair at a time."""

from __future__ import annotations

import math

import numpy as np
import pytest
from articulatearena import (
    LinkInertia,
    joint_metric,
    make_kinetic_energy_norm,
    make_split_norm,
    radial_compactify,
)
from articulatearena import continuous_joint_repr as ref_continuous
from articulatearena import wrap_revolute_limits as ref_wrap
from numpy.testing import assert_allclose

from arena_core.metric import (
    JointArrayError,
    KineticNorm,
    NormError,
    SplitNorm,
    compactified_endpoints,
    compactify,
    compactify_pairs,
    endpoints,
    joint_distance,
    motion,
    pairwise_distance,
    wrap_revolute_limits,
)
from arena_core.model.articulated import joint_twists
from arena_core.util import tolerances as tol

N_PAIRS = 2000


def random_twists(rng: np.random.Generator, n: int) -> np.ndarray:
    types = rng.choice(["revolute", "prismatic", "helical"], size=n)
    axes = rng.normal(size=(n, 3))
    axes /= np.linalg.norm(axes, axis=1, keepdims=True)
    return joint_twists(types, axes, rng.normal(size=(n, 3)), rng.normal(size=n) * 0.1)


def random_body(rng: np.random.Generator) -> tuple[float, np.ndarray, np.ndarray]:
    rot, _ = np.linalg.qr(rng.normal(size=(3, 3)))
    a, b = rng.uniform(0.05, 1.0, size=2)
    moments = np.array([a, b, rng.uniform(abs(a - b) + 0.01, a + b)])  # triangle inequality
    return float(rng.uniform(0.1, 5.0)), rng.normal(size=3), rot @ np.diag(moments) @ rot.T


def random_pairs(rng: np.random.Generator, n: int, scale: float = 1.0) -> np.ndarray:
    lower = rng.uniform(-2.0, 1.0, n) * scale
    upper = lower + rng.uniform(0.0, 2.0, n) * scale
    return endpoints(random_twists(rng, n), lower, upper)


@pytest.fixture(scope="module")
def batch() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(20260101)
    z1 = random_pairs(rng, N_PAIRS)
    z2 = np.where(rng.random((N_PAIRS, 1, 1)) < 0.3, z1 + 1e-6 * rng.normal(size=z1.shape),
                  random_pairs(rng, N_PAIRS))
    return z1, z2


def reference_e(z1: np.ndarray, z2: np.ndarray, inner) -> np.ndarray:
    return np.array([joint_metric(a[0], a[1], b[0], b[1], inner) for a, b in zip(z1, z2, strict=True)])


@pytest.mark.parametrize("alpha", [1.0, 0.3, 2.5])
def test_split_norm_matches_reference(batch, alpha):
    z1, z2 = batch
    ours = joint_distance(z1, z2, norm=SplitNorm(alpha=alpha))
    ref = reference_e(z1, z2, make_split_norm(alpha))
    assert_allclose(ours, ref, rtol=0, atol=tol.REFERENCE)


def test_kinetic_norm_matches_reference_with_one_body_per_pair(batch):
    z1, z2 = batch
    rng = np.random.default_rng(7)
    bodies = [random_body(rng) for _ in range(200)]
    norm = KineticNorm(
        mass=np.array([b[0] for b in bodies]),
        com=np.array([b[1] for b in bodies]),
        inertia=np.array([b[2] for b in bodies]),
    )
    ours = joint_distance(z1[:200], z2[:200], norm=norm)
    ref = [
        joint_metric(a[0], a[1], b[0], b[1], make_kinetic_energy_norm(LinkInertia(*body)))
        for a, b, body in zip(z1[:200], z2[:200], bodies, strict=True)
    ]
    assert_allclose(ours, ref, rtol=0, atol=tol.REFERENCE)


def test_kinetic_gram_reproduces_the_squared_norm():
    rng = np.random.default_rng(3)
    mass, com, inertia = random_body(rng)
    norm = KineticNorm(mass=mass, com=com, inertia=inertia)
    z = rng.normal(size=(50, 6))
    assert_allclose(np.einsum("ni,ij,nj->n", z, norm.gram, z), norm.sq(z), rtol=1e-12)
    assert_allclose(np.einsum("ni,ij,nj->n", z, SplitNorm(2.0).gram, z), SplitNorm(2.0).sq(z))


@pytest.mark.parametrize("norm_kind", ["split", "kinetic"])
def test_compactified_finite_joints_match_reference(batch, norm_kind):
    z1, z2 = batch
    rng = np.random.default_rng(11)
    if norm_kind == "split":
        norm, inner = SplitNorm(alpha=0.7), make_split_norm(0.7)
    else:
        body = random_body(rng)
        norm, inner = KineticNorm(*body), make_kinetic_energy_norm(LinkInertia(*body))
    kappa = 2.0
    c1, c2 = compactify(z1, norm=norm, kappa=kappa), compactify(z2, norm=norm, kappa=kappa)
    ref = [
        joint_metric(*(radial_compactify(x, kappa, inner) for x in (a[0], a[1], b[0], b[1])), inner)
        for a, b in zip(z1[:500], z2[:500], strict=True)
    ]
    assert_allclose(joint_distance(c1[:500], c2[:500], norm=norm), ref, rtol=0, atol=tol.REFERENCE)
    assert np.all(norm.norm(c1) < 1.0)


def test_continuous_joints_match_reference_boundary_pairs():
    """Continuous endpoints are the reference's ``continuous_joint_repr`` (the boundary pair;
    the reference's ``compactified_joint_metric`` would compactify them a second time)."""
    rng = np.random.default_rng(5)
    xi1, xi2 = random_twists(rng, 400), random_twists(rng, 400)
    lower = rng.uniform(-3, 0, 400)  # half of them half-bounded [l, inf)
    upper = np.where(rng.random(400) < 0.5, np.inf, lower + rng.uniform(0, 3, 400))
    body = random_body(rng)
    for norm, inner in ((SplitNorm(), make_split_norm(1.0)),
                        (KineticNorm(*body), make_kinetic_energy_norm(LinkInertia(*body)))):
        ours = joint_distance(
            compactified_endpoints(xi1, lower, upper, norm=norm),
            compactified_endpoints(xi2, -np.inf, np.inf, norm=norm),
            norm=norm,
        )
        ref = []
        for k in range(400):
            b0, b1 = ref_continuous(xi2[k], inner)
            if np.isfinite(upper[k]):
                a0, a1 = (radial_compactify(lim * xi1[k], math.pi, inner) for lim in (lower[k], upper[k]))
            else:  # [l, inf): phi(l xi) and the boundary point +xi/|xi|
                a0 = radial_compactify(lower[k] * xi1[k], math.pi, inner)
                a1 = ref_continuous(xi1[k], inner)[0]
            ref.append(joint_metric(a0, a1, b0, b1, inner))
        assert_allclose(ours, ref, rtol=0, atol=tol.REFERENCE)


def test_two_continuous_joints_compare_their_boundary_pairs():
    rng = np.random.default_rng(6)
    xi1, xi2 = random_twists(rng, 100), random_twists(rng, 100)
    inner = make_split_norm(1.0)
    ours = joint_distance(
        compactified_endpoints(xi1, -np.inf, np.inf, norm=SplitNorm()),
        compactified_endpoints(xi2, -np.inf, np.inf, norm=SplitNorm()),
        norm=SplitNorm(),
    )
    ref = [joint_metric(*ref_continuous(a, inner), *ref_continuous(b, inner), inner)
           for a, b in zip(xi1, xi2, strict=True)]
    assert_allclose(ours, ref, rtol=0, atol=tol.REFERENCE)


def test_half_bounded_limit_pairs_a_compactified_end_with_a_boundary_point():
    xi = np.array([0, 0, 1.0, 0, 0, 0])
    pair = compactified_endpoints(xi, 0.5, np.inf, norm=SplitNorm())
    assert_allclose(pair[0, 2], math.tanh(0.5 / math.pi))
    assert_allclose(pair[1], xi)


def test_wrap_matches_reference_and_leaves_infinite_limits():
    rng = np.random.default_rng(2)
    lo = rng.uniform(-20, 20, 300)
    hi = lo + rng.uniform(0, 7, 300)
    ours = wrap_revolute_limits(lo, hi)
    ref = np.array([ref_wrap(a, b) for a, b in zip(lo, hi, strict=True)])
    assert_allclose(np.stack(ours, axis=1), ref, rtol=0, atol=1e-12)
    mid = 0.5 * (ours[0] + ours[1])
    assert np.all((mid >= -math.pi) & (mid < math.pi))
    assert_allclose(wrap_revolute_limits(-np.inf, np.inf), (-np.inf, np.inf))


def test_nearly_equal_joints_keep_relative_accuracy():
    """Differences are formed before squaring: no cancellation for tiny errors (the
    expanded form |a|^2 + |b|^2 - 2<a, b> loses every digit here)."""
    xi = np.array([0.6, 0.8, 0, 0.1, -0.2, 0.3])
    bumped = xi.copy()
    bumped[0] += 1e-9
    step = bumped[0] - xi[0]  # the representable difference
    z1, z2 = endpoints(xi, 0.0, 1.0), endpoints(bumped, 0.0, 1.0)
    assert_allclose(joint_distance(z1, z2, norm=SplitNorm()), step, rtol=1e-12)
    body = KineticNorm(mass=1.0, com=[0, 0, 0], inertia=np.eye(3))
    assert_allclose(joint_distance(z1, z2, norm=body), step, rtol=1e-12)


def test_pairwise_distance_is_the_broadcast_of_joint_distance(batch):
    z1, z2 = batch
    mat = pairwise_distance(z1[:30], z2[:40], norm=SplitNorm())
    assert mat.shape == (30, 40)
    assert_allclose(mat[7, 11], joint_distance(z1[7], z2[11], norm=SplitNorm()))


# ------------------------------------------------------------------ tutorial numbers
def thin_panel(width: float, mass: float = 1.0) -> KineticNorm:
    """Thin uniform door panel along +x from a hinge on the z axis."""
    izz = mass * width**2 / 12.0
    return KineticNorm(mass=mass, com=[width / 2, 0.0, 0.0], inertia=np.diag([1e-6, izz, izz]))


def test_tutorial_door_fifteen_degrees():
    hinge = np.array([0, 0, 1.0, 0, 0, 0])
    gt, pred = endpoints(hinge, 0.0, math.radians(60)), endpoints(hinge, 0.0, math.radians(75))
    assert_allclose(joint_distance(gt, pred, norm=SplitNorm()), math.pi / 12, rtol=1e-12)
    e_b = joint_distance(gt, pred, norm=thin_panel(0.6))
    assert_allclose(e_b, math.pi / 12 * 0.6 / math.sqrt(3), rtol=1e-5)
    assert round(float(e_b), 3) == 0.091


def test_tutorial_drawer_and_offset_door_motion():
    drawer = endpoints(np.array([0, 0, 0, 1.0, 0, 0]), 0.0, 0.5)
    assert_allclose(motion(drawer, norm=SplitNorm()), 0.5)
    offset = np.array([0.3, 0.0, 0.0])
    door = joint_twists(["revolute"], [[0, 0, 1.0]], [offset], [0.0])[0]
    e = motion(endpoints(door, 0.0, math.pi / 2), norm=SplitNorm())
    assert_allclose(e, math.pi / 2 * math.sqrt(1 + 0.3**2), rtol=1e-12)
    assert round(float(e), 3) == 1.640


def test_drawer_stopping_short_under_both_pairings():
    drawer = np.array([0, 0, 0, 1.0, 0, 0])
    gt = endpoints(drawer, 0.0, 0.5)
    short = endpoints(drawer, 0.0, 0.4)
    flipped = endpoints(-drawer, -0.4, 0.0)
    body = KineticNorm(mass=2.0, com=[0.1, 0.2, 0.3], inertia=np.diag([0.1, 0.2, 0.25]))
    for norm in (SplitNorm(), body):
        assert_allclose(joint_distance(gt, short, norm=norm), 0.1, rtol=1e-12)
        assert_allclose(joint_distance(gt, flipped, norm=norm), 0.1, rtol=1e-12)


def test_continuous_is_the_limit_of_growing_ranges():
    xi = joint_twists(["revolute"], [[0, 1.0, 0]], [[0.2, 0, 0.1]], [0.0])[0]
    cont = compactified_endpoints(xi, -np.inf, np.inf, norm=SplitNorm())
    r = float(SplitNorm().norm(xi))
    for half in (0.1, 1.0, 5.0, 40.0):
        fin = compactified_endpoints(xi, -half, half, norm=SplitNorm())
        expected = math.sqrt(2) * (1 - math.tanh(half * r / math.pi))
        assert_allclose(joint_distance(fin, cont, norm=SplitNorm()), expected, rtol=1e-9, atol=1e-15)


# ------------------------------------------------------------------ validation
@pytest.mark.parametrize(
    "make",
    [
        lambda: SplitNorm(alpha=-1.0),
        lambda: SplitNorm(alpha=float("nan")),
        lambda: KineticNorm(mass=0.0, com=[0, 0, 0], inertia=np.eye(3)),
        lambda: KineticNorm(mass=1.0, com=[0, 0], inertia=np.eye(3)),
        lambda: KineticNorm(mass=1.0, com=[0, 0, 0], inertia=np.diag([1.0, -1.0, 1.0])),
        lambda: KineticNorm(mass=1.0, com=[0, 0, 0], inertia=np.array([[1, 0.5, 0], [0, 1, 0], [0, 0, 1]])),
    ],
)
def test_bad_norm_parameters_raise(make):
    with pytest.raises(NormError):
        make()


def test_bad_arrays_raise_with_the_field_name():
    good = endpoints(np.array([0, 0, 1.0, 0, 0, 0]), 0.0, 1.0)
    with pytest.raises(JointArrayError, match="z1"):
        joint_distance(np.zeros((3, 6)), good, norm=SplitNorm())
    with pytest.raises(JointArrayError, match="NaN"):
        joint_distance(good * np.nan, good, norm=SplitNorm())
    with pytest.raises(JointArrayError, match="finite"):
        endpoints(np.array([0, 0, 1.0, 0, 0, 0]), -np.inf, np.inf)
    with pytest.raises(JointArrayError, match="nonzero"):
        compactified_endpoints(np.zeros(6), 0.0, np.inf, norm=SplitNorm())
    with pytest.raises(NormError):
        joint_distance(good, good, norm="split")
    with pytest.raises(ValueError, match="kappa"):
        compactify(good, norm=SplitNorm(), kappa=0.0)


def test_compactify_pairs_uses_one_body_per_joint():
    rng = np.random.default_rng(9)
    bodies = [random_body(rng) for _ in range(5)]
    norm = KineticNorm(*(np.array(col) for col in zip(*bodies, strict=True)))
    z = random_pairs(rng, 5)
    out = compactify_pairs(z, norm=norm)
    for k in range(5):
        single = KineticNorm(*bodies[k])
        assert_allclose(out[k], compactify(z[k], norm=single), rtol=1e-12)
