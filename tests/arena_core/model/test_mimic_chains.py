"""A mimic joint follows its leader even when the leader is itself a mimic joint listed after
it (sai-mujoco's reachy2: the finger mimics the proximal joint, which mimics a third), and a
cycle of mimics ends (each joint is resolved once)."""

from __future__ import annotations

import numpy as np
import pytest

from arena_core.model.articulated import ArticulatedObject, Joint, Link, Mimic
from arena_core.model.kinematics import configuration


def _chain(order: list[int], mimics: dict[int, Mimic]) -> ArticulatedObject:
    joints = [Joint(name=f"j{k}", type="revolute", parent=f"l{k}", child=f"l{k + 1}",
                    origin_local=np.eye(4), axis_local=np.array([1.0, 0, 0]), lower=-2.0,
                    upper=2.0, mimic=mimics.get(k)) for k in range(4)]
    return ArticulatedObject.from_parts("c", [Link(f"l{k}") for k in range(5)],
                                        [joints[k] for k in order])


@pytest.mark.parametrize("order", [[0, 1, 2, 3], [3, 2, 1, 0], [2, 0, 3, 1]])
def test_a_mimic_of_a_mimic_follows_the_first_leader_in_any_joint_order(order):
    # j0 leads; j1 = 2 j0 + 0.1; j2 = -0.5 j1 + 0.2; j3 = 3 j2 (what each engine computes)
    obj = _chain(order, {1: Mimic("j0", 2.0, 0.1), 2: Mimic("j1", -0.5, 0.2),
                         3: Mimic("j2", 3.0, 0.0)})
    q = configuration(obj, {"j0": 0.3, "j1": 9.0, "j2": 9.0, "j3": 9.0})
    j1 = 2.0 * 0.3 + 0.1
    j2 = -0.5 * j1 + 0.2
    assert q == pytest.approx({"j0": 0.3, "j1": j1, "j2": j2, "j3": 3.0 * j2}, abs=1e-15)


def test_a_cycle_of_mimics_ends():
    obj = _chain([0, 1, 2, 3], {1: Mimic("j2", 1.0, 0.1), 2: Mimic("j1", 1.0, 0.1)})
    q = configuration(obj, {"j0": 0.3, "j1": 0.5, "j2": 0.7})
    assert q["j0"] == 0.3 and all(np.isfinite(v) for v in q.values())
