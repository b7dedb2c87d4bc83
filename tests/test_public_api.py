"""The public API the README shows resolves, and the README's first two commands are the contract."""

from __future__ import annotations

import math
import re
from pathlib import Path

import numpy as np
import pytest

import arena_core as ac

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", ac.__all__)
def test_every_public_name_resolves(name):
    assert getattr(ac, name) is not None


def test_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError):
        ac.no_such_thing  # noqa: B018


def test_readme_metric_example_runs():
    twist = np.array([0.0, 0, 1, 0, 0, 0])
    z1, z2 = ac.endpoints(twist, 0.0, 1.0), ac.endpoints(twist, 0.0, 1.2)
    assert ac.joint_distance(z1, z2, norm=ac.SplitNorm(alpha=1.0)) == pytest.approx(0.2)
    kin = ac.KineticNorm(mass=2.0, com=np.zeros(3), inertia=np.eye(3))
    assert ac.joint_distance(z1, z2, norm=kin) == pytest.approx(0.2 * math.sqrt(0.5))
    assert ac.compactify(z1, norm=ac.SplitNorm(), kappa=math.pi).shape == z1.shape


def test_ci_runs_the_readme_test_command():
    readme = (REPO / "README.md").read_text()
    commands = re.findall(r"```bash\n(.+?)\n```", readme)
    assert "arena build" in commands[0]
    assert "pytest" in commands[1]
    assert commands[1] in (REPO / ".ci" / "run").read_text()
