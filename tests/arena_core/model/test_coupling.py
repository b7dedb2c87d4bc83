"""Which couplings are driven, to where, and how the coordinates reached are judged."""

from __future__ import annotations

import numpy as np
import pytest

from arena_core.model.articulated import ArticulatedObject, Joint, Link, Mimic
from arena_core.model.coupling import (
    MAX_DRIVE,
    MIN_DRIVEN,
    TARGET_FRACTION,
    Coupling,
    coupling_issues,
    couplings,
    drive_plan,
    start_coordinates,
)
from arena_core.util import tolerances as tol

Z = np.array([0.0, 0, 1])


def _obj(*joints: Joint) -> ArticulatedObject:
    names = ["base", *(j.child for j in joints)]
    return ArticulatedObject.from_parts("o", [Link(n) for n in names], list(joints))


def _j(name, kind="revolute", child=None, lower=-1.0, upper=1.0, **kw) -> Joint:
    return Joint(name, kind, "base", child or name + "_link", np.eye(4), Z, lower=lower,
                 upper=upper, **kw)


def test_helical_and_mimic_couplings_are_found_and_fixed_ones_left_out():
    obj = _obj(_j("s", "helical", lower=0.0, upper=30.0, pitch=0.01), _j("lead"),
               _j("copy", mimic=Mimic("lead", -2.0, 0.1)),
               _j("weld", "fixed", mimic=Mimic("lead", 1.0, 0.0)),
               _j("of_fixed", mimic=Mimic("weld", 1.0, 0.0)))
    assert couplings(obj) == [Coupling("s", "s__pitch", 0.01, 0.0, "s"),
                              Coupling("lead", "copy", -2.0, 0.1)]


def test_targets_stay_within_every_followers_limits_and_the_largest_drive():
    obj = _obj(_j("s", "helical", lower=0.0, upper=30.0, pitch=0.01),
               _j("lead", lower=-1.0, upper=1.5),
               _j("copy", lower=-0.3, upper=0.5, mimic=Mimic("lead", 2.0, 0.1)),
               _j("wheel", "continuous", lower=-np.inf, upper=np.inf),
               _j("spin", "continuous", lower=-np.inf, upper=np.inf, mimic=Mimic("wheel", 3.0, 0.0)))
    plan = drive_plan(obj, couplings(obj))
    assert plan["s"] == (0.0, TARGET_FRACTION * MAX_DRIVE)  # not 80 % of 30 rad
    rest, target = plan["lead"]  # copy in [-0.3, 0.5] -> lead in [-0.2, 0.2]
    assert rest == 0.0 and target == pytest.approx(TARGET_FRACTION * 0.2)
    assert plan["wheel"] == (0.0, TARGET_FRACTION * MAX_DRIVE)


def test_a_leader_that_cannot_move_is_not_driven():
    obj = _obj(_j("lead", lower=0.3, upper=0.3), _j("copy", mimic=Mimic("lead", 1.0, 0.0)))
    assert drive_plan(obj, couplings(obj)) == {}


def test_a_chain_is_driven_at_its_root_and_judged_pair_by_pair():
    obj = _obj(_j("a"), _j("b", lower=-5, upper=5, mimic=Mimic("a", 2.0, 0.0)),
               _j("c", lower=-5, upper=5, mimic=Mimic("b", 1.0, 0.5)))
    found = couplings(obj)
    plan = drive_plan(obj, found)
    assert list(plan) == ["a"]
    good = {"a": 0.8, "b": 1.6, "c": 2.1}
    assert coupling_issues("mujoco", found, plan, good) == []
    bad = coupling_issues("mujoco", found, plan, {**good, "c": 1.6})
    assert [(i.code, i.location, i.data["leader"]) for i in bad] == [
        ("coupling.mujoco.mismatch", "joint:c", "b")]


def test_judgement_is_relative_to_the_followers_displacement():
    found = [Coupling("s", "s__pitch", 0.01, 0.0, "s")]
    plan = {"s": (0.0, 0.8)}
    expected = 0.01 * 0.79
    allowed = tol.COUPLING_ABSOLUTE + tol.COUPLING_RELATIVE * expected
    assert coupling_issues("pybullet", found, plan, {"s": 0.79, "s__pitch": expected + 0.9 * allowed}) == []
    (bad,) = coupling_issues("pybullet", found, plan, {"s": 0.79, "s__pitch": expected + 1.1 * allowed})
    assert bad.code == "coupling.pybullet.mismatch" and bad.location == "joint:s"
    assert "helical joint 's'" in bad.message and "pitch x angle" in bad.message
    assert bad.data["engine"] == "pybullet" and bad.data["follower"] == "s__pitch"
    nan = coupling_issues("pybullet", found, plan, {"s": 0.79, "s__pitch": float("nan")})
    assert [i.code for i in nan] == ["coupling.pybullet.mismatch"]


def test_a_leader_that_did_not_move_proves_nothing():
    found = [Coupling("lead", "copy", 1.0, 0.0)]
    plan = {"lead": (0.0, 0.8)}
    stuck = coupling_issues("mujoco", found, plan, {"lead": 0.99 * MIN_DRIVEN * 0.8, "copy": 0.0})
    assert [i.code for i in stuck] == ["coupling.mujoco.failed", "coupling.mujoco.mismatch"]
    assert "'lead'" in stuck[0].message


def test_a_drive_starts_with_every_follower_on_its_coupling_through_chains():
    found = [Coupling("b", "c", 1.0, 0.5), Coupling("a", "b", 2.0, 0.0)]  # not in chain order
    assert start_coordinates(found, {"a": (0.25, 0.8)}) == {"a": 0.25, "b": 0.5, "c": 1.0}
