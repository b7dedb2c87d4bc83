"""The one inertia rule: normalization, verification and the metric judge a body alike."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from arena_core.metric import KineticNorm
from arena_core.metric.norms import NormError
from arena_core.model.articulated import MassProperties
from arena_core.model.inertia import inertia_problem
from arena_core.util import tolerances as tol
from arena_core.verify.mass import inertial_issues

TUTORIAL = Path(__file__).resolve().parents[2] / "fixtures" / "tutorial"

BAD = [
    ((-1.0, np.zeros(3), np.eye(3)), "mass.nonpositive"),
    ((2e9, np.zeros(3), np.eye(3)), "mass.implausible"),
    ((1.0, np.array([np.nan, 0, 0]), np.eye(3)), "mass.com.nonfinite"),
    ((1.0, np.zeros(2), np.eye(3)), "mass.com.nonfinite"),
    ((1.0, np.zeros(3), np.full((3, 3), np.inf)), "mass.inertia.nonfinite"),
    ((1.0, np.zeros(3), np.array([[1.0, 0.3, 0], [0, 1, 0], [0, 0, 1]])),
     "mass.inertia.asymmetric"),
    ((1.0, np.zeros(3), np.diag([0.0, 1.0, 1.0])), "mass.inertia.not_positive_definite"),
    ((1.0, np.zeros(3), np.diag([1.0, -1.0, 1.0])), "mass.inertia.not_positive_definite"),
    ((1.0, np.zeros(3), np.eye(3) * 1e13), "mass.inertia.implausible"),
    ((1.0, np.zeros(3), np.diag([1.0, 1.0, 3.0])), "mass.inertia.triangle"),
]


@pytest.mark.parametrize("body, code", BAD)
def test_every_user_of_the_rule_refuses_the_same_bodies(body, code):
    assert inertia_problem(*body)[0] == code
    issues = inertial_issues(MassProperties(*body), "link:x")
    assert [i.code for i in issues] == [code]
    with pytest.raises(NormError, match=code.replace(".", r"\.")):
        KineticNorm(*body)


def test_physical_bodies_pass_everywhere():
    rot = np.linalg.qr(np.random.default_rng(0).normal(size=(3, 3)))[0]
    bodies = [(1.0, np.zeros(3), np.diag([1.0, 1.0, 2.0])),  # a flat disc: equality
              (2.0, np.array([0.1, 0.2, 0.3]), rot @ np.diag([0.1, 0.2, 0.25]) @ rot.T)]
    for body in bodies:
        assert inertia_problem(*body) is None
        assert inertial_issues(MassProperties(*body), "link:x") == []
        KineticNorm(*body)


def test_the_slack_is_the_one_tolerance():
    inside = 2.0 * (1.0 + 0.5 * tol.INERTIA_SLACK)
    outside = 2.0 * (1.0 + 2.0 * tol.INERTIA_SLACK)
    assert inertia_problem(1.0, np.zeros(3), np.diag([1.0, 1.0, inside])) is None
    assert inertia_problem(1.0, np.zeros(3), np.diag([1.0, 1.0, outside]))[0] == \
        "mass.inertia.triangle"
    skew = np.eye(3)
    skew[0, 1] = 0.5 * tol.INERTIA_SLACK
    assert inertia_problem(1.0, np.zeros(3), skew) is None
    skew[0, 1] = 2.0 * tol.INERTIA_SLACK
    assert inertia_problem(1.0, np.zeros(3), skew)[0] == "mass.inertia.asymmetric"


def test_a_batch_names_its_first_bad_body():
    mass = np.array([1.0, 1.0, 1.0, 0.0])
    inertia = np.stack([np.eye(3), np.eye(3), np.diag([1.0, 1.0, 3.0]), np.eye(3)])
    code, message = inertia_problem(mass, np.zeros((4, 3)), inertia)
    assert code == "mass.inertia.triangle" and message.startswith("body 2: ")
    with pytest.raises(NormError, match="body 2: "):
        KineticNorm(mass, np.zeros((4, 3)), inertia)
    assert inertia_problem(mass[:2], np.zeros((2, 3)), inertia[:2]) is None


def test_scores_have_no_kinetic_distance_for_an_unphysical_body():
    from arena_core.formats.urdf.read import read_urdf
    from arena_core.metric.compare import score_objects

    ref = read_urdf(TUTORIAL / "cabinet_ref.urdf").obj
    assert any(m.E_B is not None for m in score_objects(ref, ref).matches)
    tiny = score_objects(ref, ref, mass_of=lambda obj, name: MassProperties(
        0.5 * tol.MIN_MASS, np.zeros(3), np.eye(3)))
    assert tiny.matches and all(m.E_B is None and m.E_alpha is not None for m in tiny.matches)
